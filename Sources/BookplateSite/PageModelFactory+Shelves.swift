import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

extension PageModelFactory {
    /// Every shelf (tag) with at least one book of `snapshot`, sorted by name.
    static func shelves(of snapshot: LibrarySnapshot) -> [Shelf] {
        var seen = Set<String>()
        return snapshot.books.flatMap(\.shelves).filter { seen.insert($0.slug).inserted }
            .map { (shelf: $0, key: TextFolding.searchKey($0.name)) }
            .sorted { ($0.key, $0.shelf.slug) < ($1.key, $1.shelf.slug) }.map(\.shelf)
    }

    /// The index of shelves: every shelf by name while they fit on one page, else links to a page
    /// per letter; `letter` gives the page of that letter.
    func shelvesPage(letter: String? = nil, page number: Int = 1) -> Page<ShelvesPageModel> {
        let split = splits(shelfLetters)
        let section = shelfLetters.first { split && $0.letter == letter }
        // A letter's page shows a page's worth of its shelves.
        let shown: [Shelf] =
            split ? (section?.entries(onPage: number, perPage: namesOnOnePage) ?? []).map { shelves[$0] } : shelves
        let entries = shown.map { shelf in
            IndexEntryModel(
                name: shelf.name, url: "../" + PageModelFactory.shelfURL(shelf.slug),
                bookCountLabel: words.count(index.booksByShelf[shelf.slug]?.count ?? 0, "book"))
        }
        let title = letter.map { words("shelvesOfLetter", ["letter": $0]) } ?? words("shelvesTitle")
        return page(
            ShelvesPageModel(
                title: title, shelves: entries,
                countLabel: words.count(letter == nil ? shelves.count : section?.entries.count ?? 0, "shelf"),
                letterLinks: split ? letterLinks(shelfLetters, split: true, current: letter, counting: "shelf") : [],
                isEmpty: shelves.isEmpty, pagination: letterPagination(section, page: number, in: "shelves/")),
            root: "../", title: number > 1 ? pageTitle(title, page: number) : documentTitle(title))
    }

    /// Page `number` of a shelf's list.
    func shelfPage(_ list: BookList, shelf: Shelf, page number: Int) -> Page<ShelfPageModel> {
        let root = list.root(page: number)
        return page(
            ShelfPageModel(
                name: shelf.name,
                bookCountLabel: words.count(list.positions.count, "book"),
                books: list.positions(onPage: number).map { card(snapshot.books[$0], root: root) },
                pagination: pagination(list, page: number, root: root)),
            root: root, title: pageTitle(shelf.name, page: number, key: "shelfPageTitle"))
    }

    /// A page the reader wrote in `content/pages/`.
    func extraPage(_ extra: ExtraPage, renderer: NoteRenderer) -> Page<ExtraPageModel> {
        page(
            ExtraPageModel(
                title: extra.title, metaDescription: extra.description,
                contentHTML: renderer.render(
                    extra.body, topHeading: 2, links: wikiLinks.address(of:), anchorsHeadings: true
                ) {
                    NoteFolderLinks.toIndexPage($0, from: String(extra.path.dropLast("index.html".count)))
                }),
            root: "../../", title: documentTitle(extra.title))
    }

    /// The index of the reader's pages, when there are more than every page's header links: made
    /// as one of them is, of a Markdown list of links.
    func pagesIndex(_ extraPages: ExtraPages) -> Page<ExtraPageModel> {
        let title = words("navAllPages")
        return page(
            ExtraPageModel(
                title: title, metaDescription: nil,
                contentHTML: NoteRenderer().render(extraPages.indexMarkdown, topHeading: 2)),
            root: "../", title: documentTitle(title))
    }

    /// The 404 page is served from any depth, so its links start at the site's own root.
    func notFoundPage() -> Page<NotFoundPageModel> {
        let path = baseURL?.path ?? "/"
        return page(
            NotFoundPageModel(),
            root: path.hasSuffix("/") ? path : path + "/", title: documentTitle(words("notFoundTitle")))
    }
}
