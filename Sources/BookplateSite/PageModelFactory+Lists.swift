import BookplateCore
import BookplateLibrary
import BookplateMustache

extension PageModelFactory {
    /// How many books the home page shows of those being read and of those finished last.
    static let homeShelfSize = 12

    /// The home page: what is being read, the books finished last, and a link to every page of
    /// every list — never the whole shelf, whose cards took 7 MB at ten thousand books.
    func indexPage() -> Page<IndexPageModel> {
        let reading = lists.statusLists.first { $0.kind == .status(.reading) }
        // The read lists are newest year first, each newest first.
        // A book read in several years is in several lists: it shows once, where it was read last.
        var recent: [Int] = []
        var shown = Set<Int>()
        for list in lists.statusLists where list.isRead {
            for position in list.positions where shown.insert(position).inserted {
                recent.append(position)
                if recent.count == PageModelFactory.homeShelfSize { break }
            }
            if recent.count == PageModelFactory.homeShelfSize { break }
        }
        var groups: [ListGroupModel] = []
        for list in lists.statusLists {
            let link = listLink(list, root: "")
            switch list.kind {
            case .readIn:
                if groups.last?.id == "read" {
                    groups[groups.count - 1].lists.append(link)
                } else {
                    groups.append(ListGroupModel(id: "read", title: statusTitle(.read), lists: [link]))
                }
            case .status(let status):
                groups.append(ListGroupModel(id: status.rawValue, title: statusTitle(status), lists: [link]))
            case .shelf, .author:
                break
            }
        }
        if let series = seriesGroup(root: "") { groups.append(series) }
        return page(
            IndexPageModel(
                bookCount: snapshot.books.count,
                authorCount: snapshot.authors.count, countsLabel: countsLabel,
                reading: (reading?.positions.prefix(PageModelFactory.homeShelfSize) ?? []).map {
                    card(snapshot.books[$0], root: "")
                },
                readingList: reading.flatMap {
                    $0.positions.count > PageModelFactory.homeShelfSize ? listLink($0, root: "") : nil
                },
                allBeingReadLabel: reading.map {
                    words.plural("allBeingRead", $0.positions.count, ["count": words.number($0.positions.count)])
                },
                recent: recent.map { card(snapshot.books[$0], root: "") }, groups: groups,
                shelfCount: shelves.count,
                commonplaceURL: commonplace.isEmpty ? nil : Commonplace.homeURL, isEmpty: snapshot.books.isEmpty,
                searchCountForms: words.searchCountForms()),
            root: "", title: site.title)
    }

    /// Page `number` of a status or year list.
    func listPage(_ list: BookList, page number: Int) -> Page<ListPageModel> {
        let root = list.root(page: number)
        let title = self.title(of: list)
        return page(
            ListPageModel(
                id: list.id, title: title,
                countLabel: words.count(list.positions.count, "book"),
                books: list.positions(onPage: number).map { card(snapshot.books[$0], root: root) },
                pagination: pagination(list, page: number, root: root)),
            root: root, title: pageTitle(title, page: number))
    }

    /// Links to the pages of `list`, for page `number`; nil when the list fits on one page.
    func pagination(_ list: BookList, page number: Int, root: String) -> PaginationModel? {
        pagination(pageCount: list.pageCount, page: number, root: root, path: list.path(page:))
    }

    /// Links to the `pageCount` pages whose site paths `path` gives, for page `number`; nil for
    /// one page.
    func pagination(pageCount: Int, page number: Int, root: String, path: (Int) -> String) -> PaginationModel? {
        guard pageCount > 1 else { return nil }
        return PaginationModel(
            label: words("pageOf", ["page": words.number(number), "pages": words.number(pageCount)]),
            previous: number > 1 ? root + path(number - 1) : nil,
            next: number < pageCount ? root + path(number + 1) : nil,
            pages: (1...pageCount).map { page in
                PageLinkModel(number: page, url: root + path(page), isCurrent: page == number)
            })
    }

    /// A page's `<title>`: its name, in the words of `key` when it has one ("Shelf: {name}": a
    /// shelf, a series and a book of one name had one title), the page number past the first,
    /// and the site's title.
    func pageTitle(_ name: String, page number: Int, key: String? = nil) -> String {
        let isolated = BidiIsolation.isolated(name)
        let named = key.map { words($0, ["name": isolated]) } ?? isolated
        return titled(number > 1 ? words("pageTitleNumbered", ["name": named, "page": words.number(number)]) : named)
    }

    /// A link to a list, with links to each of its pages when it has more than one.
    private func listLink(_ list: BookList, root: String) -> ListLinkModel {
        // A year's link is the year, with its count beside it; a status's link is its count.
        let countLabel = words.count(list.positions.count, "book")
        return ListLinkModel(
            id: list.id, title: list.isRead ? shortTitle(of: list) : countLabel,
            url: root + list.path(page: 1), count: list.positions.count, countLabel: list.isRead ? countLabel : nil,
            pages: list.pageCount > 1
                ? (1...list.pageCount).map {
                    PageLinkModel(number: $0, url: root + list.path(page: $0), isCurrent: false)
                }
                : [])
    }

    /// A list's heading: "Read in 2024", "To read".
    func title(of list: BookList) -> String {
        switch list.kind {
        case .status(let status): statusTitle(status)
        case .readIn(let year?): words("readIn", ["year": String(year)])
        case .readIn(nil): words("readUndated")
        case .shelf(let shelf): shelf.name
        case .author(let slug): snapshot.authors.first { $0.slug == slug }?.name ?? slug
        }
    }

    /// A list's name among its neighbours on the home page: the year alone for books read.
    func shortTitle(of list: BookList) -> String {
        switch list.kind {
        case .readIn(let year?): String(year)
        case .readIn(nil): words("dateNotRecorded")
        default: title(of: list)
        }
    }
}

extension BookList {
    /// The list's id in the site, for anchors and styles: `read-2024`, `to-read`.
    var id: String { folder.replacingOccurrences(of: "/", with: "-") }

    var isRead: Bool {
        if case .readIn = kind { return true }
        return false
    }
}
