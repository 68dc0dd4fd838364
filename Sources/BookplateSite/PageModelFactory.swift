import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// Makes the page models of a build from the library's snapshot, the rendered notes and the covers.
struct PageModelFactory: Sendable {
    var site: SiteModel
    /// Where the site is published, for absolute links in link previews; nil when unknown.
    var baseURL: URL?
    var snapshot: LibrarySnapshot
    var coversBySlug: [String: CoverModel]
    var photosByAuthorSlug: [String: CoverModel] = [:]
    /// The site's words, for every label a model carries.
    let words: Words
    /// The reading goal for the current year, and today (known only when there is a goal, so that
    /// a site without one never depends on the date it is built).
    var goal: Int?
    var today: PartialDate?
    /// The versions of the theme's assets, which every page links (the built-in theme's unless
    /// the build's theme is set).
    var assetVersions = AssetVersions.builtIn
    /// Where the links by name in highlights' notes and the reader's pages lead.
    var wikiLinks = WikiLinkTargets.none
    /// Books by author and by shelf, worked out once: pages look them up thousands of times.
    let index: SnapshotIndex
    /// Every shelf (tag) with at least one book, sorted by name.
    let shelves: [Shelf]
    /// The lists the site is browsed by, each published as pages of its own.
    let lists: BookLists
    /// Every series, by name.
    let seriesLists: [SeriesList]
    /// The shelves by index letter (their positions in ``shelves``), as their index lists them.
    let shelfLetters: [LetterSection<Int>]
    /// The series by index letter (their positions in ``seriesLists``), as their index lists them.
    let seriesLetters: [LetterSection<Int>]
    /// Above this many names an index of authors, series or shelves is a page per letter, and a
    /// letter a page per this many names (smaller in tests).
    var namesOnOnePage = PageModelFactory.authorsOnOnePage
    /// Every published highlight, newest first, by year.
    let commonplace: Commonplace
    /// The books read, in all and by year.
    let readBooks: ReadBooks
    /// The authors by index letter of their sort names (their positions in the snapshot's
    /// authors), as their index lists them.
    let authorLetters: [LetterSection<Int>]
    /// The model of each rating, by quarters of a star: the same twenty serve every page.
    private let ratingModels: [Int: RatingModel]

    init(
        site: SiteModel, baseURL: URL?, snapshot: LibrarySnapshot, coversBySlug: [String: CoverModel],
        photosByAuthorSlug: [String: CoverModel] = [:], words: Words = .english
    ) {
        self.words = words
        self.site = site
        self.baseURL = baseURL
        self.snapshot = snapshot
        self.coversBySlug = coversBySlug
        self.photosByAuthorSlug = photosByAuthorSlug
        // The books in order on one core, everything else about them on the other: a fifth of a
        // second at 50,000 books, while the second core had nothing to do.
        let (ordered, grouped) = Parallel.both {
            let index = SnapshotIndex(snapshot)
            let shelves = PageModelFactory.shelves(of: snapshot)
            return (index, shelves, BookLists(snapshot, shelves: shelves, index: index))
        } _: {
            (
                PageModelFactory.letterSections(
                    Array(snapshot.authors.indices), name: { snapshot.authors[$0].sortName },
                    slug: { snapshot.authors[$0].slug }), SeriesList.all(in: snapshot),
                Commonplace(snapshot), ReadBooks(snapshot)
            )
        }
        (index, shelves, lists) = ordered
        (authorLetters, seriesLists, commonplace, readBooks) = grouped
        let series = seriesLists
        let shelves = self.shelves
        shelfLetters = PageModelFactory.letterSections(
            Array(shelves.indices), name: { shelves[$0].name }, slug: { shelves[$0].slug })
        // A series is filed as a title is, its leading article aside: "The Expanse" under E.
        seriesLetters = PageModelFactory.letterSections(
            Array(series.indices), name: { series[$0].series.name }, slug: { series[$0].series.slug },
            key: Series.key)
        ratingModels = Dictionary(
            uniqueKeysWithValues: Rating.quarterRange.compactMap { try? Rating(quarters: $0) }.map {
                ($0.quarters, PageModelFactory.ratingModel($0, words: words))
            })
    }

    static func bookURL(_ slug: String) -> String { "books/\(slug)/index.html" }
    static func authorURL(_ slug: String) -> String { "authors/\(slug)/index.html" }
    static func shelfURL(_ slug: String) -> String { "shelves/\(slug)/index.html" }
    static func seriesURL(_ slug: String) -> String { "series/\(slug)/index.html" }

    /// `content` as a whole page: `root` is the way from it up to the site's top, `title` its
    /// `<title>`.
    func page<Content>(_ content: Content, root: String, title: String) -> Page<Content> {
        Page(root: root, site: site, pageTitle: title, assetVersions: assetVersions, content: content)
    }

    /// A page's `<title>`: `name`, then the site's title, each isolated when it holds
    /// right-to-left text (``BidiIsolation``): `<title>` is plain text, where no markup can keep a
    /// title's direction from turning " — My Shelf" around.
    func documentTitle(_ name: String) -> String { titled(BidiIsolation.isolated(name)) }

    /// `text`, whose names are isolated already, then the site's title.
    func titled(_ text: String) -> String { "\(text) — \(BidiIsolation.isolated(site.title))" }

    /// The books at `positions` of the snapshot.
    func books(at positions: [Int]?) -> [BookDetails] {
        (positions ?? []).map { snapshot.books[$0] }
    }

    /// A book's page, with the HTML of its note when it has one.
    func bookPage(_ details: BookDetails, noteHTML: SanitizedHTML?) -> Page<BookPageModel> {
        let book = details.book
        let root = "../../"
        let description = bookDescription(details)
        var facts: [FactModel] = []
        if let publisher = book.publisher { facts.append(FactModel(label: words("publisher"), value: publisher)) }
        if let first = book.firstPublished, first != book.publishedDate {
            facts.append(FactModel(label: words("firstPublished"), value: words.date(first)))
        }
        if let date = book.publishedDate { facts.append(FactModel(label: words("published"), value: words.date(date))) }
        if let format = book.format {
            let length = book.audioMinutes.map {
                " (" + words("audioLength", ["hours": words.number($0 / 60), "minutes": words.number($0 % 60)]) + ")"
            }
            facts.append(FactModel(label: words("format"), value: words("format.\(format.rawValue)") + (length ?? "")))
        }
        if let owned = book.owned {
            facts.append(FactModel(label: words("copy"), value: words(owned ? "owned" : "notOwned")))
        }
        if let pages = book.pageCount { facts.append(FactModel(label: words("pageCount"), value: words.number(pages))) }
        if let language = book.language {
            facts.append(FactModel(label: words("language"), value: languageName(language)))
        }
        if let isbn13 = book.isbn13 { facts.append(FactModel(label: words("isbn13"), value: isbn13)) }
        if let isbn10 = book.isbn10 { facts.append(FactModel(label: words("isbn10"), value: isbn10)) }
        return page(
            BookPageModel(
                title: book.title,
                subtitle: book.subtitle, lang: lang(of: book), authors: authorLinks(details.authors, root: root),
                cover: cover(for: details, root: root, size: .page), facts: facts,
                descriptionHTML: book.description,
                status: bookStatus(book.status), statusID: book.status.rawValue, rating: book.rating.map(ratingModel),
                // A date known to the month or the year has words of its own, as a birth has: "Terminé
                // le juillet 2026" (found by an exploratory session).
                started: details.latestReadStart.map {
                    words($0.isFullDate ? "started" : "startedIn", ["date": words.date($0)])
                },
                finished: book.finishedDate.map { date in
                    let values = ["date": words.date(date)]
                    return switch details.latestReadEnd {
                    case .finished: words(date.isFullDate ? "finished" : "finishedIn", values)
                    case .setAside: words(date.isFullDate ? "setAside" : "setAsideIn", values)
                    case .lastRead: words(date.isFullDate ? "lastRead" : "lastReadIn", values)
                    }
                },
                reads: readsLine(details),
                series: details.series.map {
                    SeriesLinkModel(
                        name: $0.series.name, url: root + PageModelFactory.seriesURL($0.series.slug),
                        position: $0.position.map(words.seriesPosition),
                        place: $0.position.map(seriesPlace))
                },
                shelves: details.shelves.map {
                    ShelfTagModel(name: $0.name, slug: $0.slug, url: root + PageModelFactory.shelfURL($0.slug))
                },
                noteHTML: noteHTML.flatMap { $0.isEmpty ? nil : $0 },
                highlights: details.highlights.prefix(Paging.pageSize).map { highlightModel($0, ofBook: book.slug) },
                pagination: pagination(
                    pageCount: PageModelFactory.highlightPageCount(details.highlights.count), page: 1, root: root
                ) { PageModelFactory.bookHighlightsPath(book.slug, page: $0) },
                credits: Credits.credits(
                    for: book, hasCoverImage: coversBySlug[book.slug]?.isPlaceholder == false, words: words),
                metaDescription: description,
                openGraph: StructuredData.openGraph(
                    for: details, description: description, cover: coversBySlug[book.slug], site: site, baseURL: baseURL
                ),
                jsonLD: StructuredData.bookJSONLD(
                    for: details, cover: coversBySlug[book.slug], baseURL: baseURL, owner: site.owner)),
            root: root, title: documentTitle(book.title))
    }

    /// What a book's page is about, for search engines and link previews: its description's
    /// first paragraph cut after a word, or "Kindred by Octavia E. Butler" when it has none. Every
    /// page said the site's description, so a search result for a book did not describe it.
    func bookDescription(_ details: BookDetails) -> String {
        PageModelFactory.descriptionText(details.book.description).first?.shortened(to: 300)
            ?? FeedWriter.bookAndAuthors(details, words: words)
    }

    /// What an author's page is about: the first of the bio's `paragraphs` cut after a word, or
    /// "3 books by Terry Pratchett on the shelf" when there is no bio.
    func authorDescription(_ author: Author, paragraphs: [String], bookCount: Int) -> String {
        paragraphs.first?.shortened(to: 300)
            ?? words(
                "authorDescription",
                ["books": words.count(bookCount, "book"), "name": BidiIsolation.isolated(author.name)])
    }

    /// How many pages a book's `count` highlights take: its own page shows the first
    /// ``Paging/pageSize``, pages of their own the rest. A book's page showed all of them, 2.4 MB
    /// for 5,000 (found by an exploratory session).
    static func highlightPageCount(_ count: Int) -> Int { Paging(folder: "", count: count).pageCount }

    /// The site path of page `number` of a book's highlights: the book's own page, then
    /// `books/<slug>/highlights/page/<n>/index.html`.
    static func bookHighlightsPath(_ slug: String, page number: Int) -> String {
        number <= 1 ? bookURL(slug) : "books/\(slug)/highlights/page/\(number)/index.html"
    }

    /// A highlight's permalink from the site's top, the `index`th of its book's: its anchor on the
    /// page of the book's highlights that shows it.
    static func highlightURL(_ highlight: Highlight, index: Int, ofBook slug: String) -> String {
        highlightPagePath(index: index, ofBook: slug) + "#h-\(highlight.id)"
    }

    /// The site path of the page that shows the `index`th of a book's highlights.
    static func highlightPagePath(index: Int, ofBook slug: String) -> String {
        bookHighlightsPath(slug, page: index / Paging.pageSize + 1)
    }

    /// Page `number` (past the first, the book's own page) of a book's highlights.
    func bookHighlightsPage(_ details: BookDetails, page number: Int) -> Page<BookHighlightsPageModel> {
        let slug = details.book.slug
        let path = PageModelFactory.bookHighlightsPath(slug, page: number)
        let root = String(repeating: "../", count: path.split(separator: "/").count - 1)
        let paging = Paging(folder: "", count: details.highlights.count)
        // Isolated in the heading as in `<title>`: the name stands among the key's words.
        let title = words("bookHighlightsTitle", ["name": BidiIsolation.isolated(details.book.title)])
        // The heading sets the title apart in an element of its own, with the book's `lang`, as the
        // book's page does: it was isolated with the heading's words and read in the site's language
        // (found by an exploratory session).
        let heading = words("bookHighlightsTitle", around: "name", ["name": details.book.title]).map {
            BookHighlightsPageModel.HeadingModel(before: $0.before, name: details.book.title, after: $0.after)
        }
        return page(
            BookHighlightsPageModel(
                title: title, heading: heading ?? .init(before: title, name: nil, after: ""),
                bookTitle: details.book.title, bookURL: root + PageModelFactory.bookURL(slug),
                lang: lang(of: details.book),
                countLabel: words.count(details.highlights.count, "highlight"),
                highlights: details.highlights[paging.range(onPage: number)].map {
                    // No h2 stands between the page's h1 and its highlights.
                    highlightModel($0, ofBook: slug, root: root, topHeading: 2)
                },
                pagination: pagination(pageCount: paging.pageCount, page: number, root: root) {
                    PageModelFactory.bookHighlightsPath(slug, page: $0)
                }),
            root: root,
            title: pageTitle(details.book.title, page: number, key: "bookHighlightsTitle"))
    }

    /// A highlight as its book's page shows it, a range of pages or locations with an en dash
    /// ("loc. 170–172") as the theme's README shows it (pages showed the device's hyphen). On
    /// another page, `root` is its way up to the site's top, for the note's relative addresses.
    /// `topHeading`: the level of the note's top heading, one below the page's heading over the
    /// highlights: on a page with no h2 over them, an h3 skipped a level (found by an exploratory
    /// session).
    func highlightModel(_ highlight: Highlight, ofBook slug: String, root: String? = nil, topHeading: Int32 = 3)
        -> HighlightModel
    {
        let place = [
            highlight.place.page.map { words("highlightPage", ["page": Self.enDashed($0)]) },
            highlight.shownLocation.map { words("highlightLocation", ["location": Self.enDashed($0)]) },
            highlight.place.chapter,
        ].compactMap { $0 }
        return HighlightModel(
            anchor: "h-\(highlight.id)", text: highlight.text, textHTML: HTMLAllowList.html(fromLines: highlight.text),
            noteHTML: highlight.noteHTML(
                addresses: Highlight.noteAddresses(ofBook: slug, root: root), links: wikiLinks,
                topHeading: topHeading),
            place: place.isEmpty ? nil : place.joined(separator: " · "))
    }

    /// `range` with each hyphen between two digits an en dash: "170-172" is "170–172", "ix-x"
    /// and "A-1" stay.
    static func enDashed(_ range: String) -> String {
        guard range.contains("-") else { return range }
        let characters = Array(range)
        return String(
            characters.indices.map { index in
                characters[index] == "-" && index > 0 && index + 1 < characters.count
                    && characters[index - 1].isASCIIDigit && characters[index + 1].isASCIIDigit
                    ? "–" : characters[index]
            })
    }

    /// "Read 3 times: 2019, 2021, 2024" — the years of the reads that have one — for a book
    /// finished more than once.
    func readsLine(_ details: BookDetails) -> String? {
        let finished = details.finishedReads
        guard finished.count > 1 else { return nil }
        // Each year once: a book read twice in 2026 said "Read 2 times: 2026, 2026".
        var seen = Set<Int>()
        let years = finished.compactMap { $0.finished?.year }.filter { seen.insert($0).inserted }.map(String.init)
        // A count in the language's plural forms: Russian reads "Прочитана 2 раза", not "2 раз".
        let count = words.number(finished.count)
        return years.isEmpty
            ? words.plural("readTimes", finished.count, ["count": count])
            : words.plural("readTimesIn", finished.count, ["count": count, "years": years.joined(separator: ", ")])
    }

    /// The books of `author`, oldest first, as a list of pages: a prolific author's page held
    /// every card, 700 KB at ten thousand books.
    func authorList(_ author: Author) -> BookList {
        BookList(
            kind: .author(author.slug), folder: "authors/\(author.slug)",
            positions: index.booksByAuthor[author.slug] ?? [])
    }

    /// Page `number` of an author's pages: who they are on the first, and their books, a page's
    /// worth on each.
    func authorPage(_ author: Author, page number: Int = 1) -> Page<AuthorPageModel> {
        let list = authorList(author)
        let root = list.root(page: number)
        let works = number > 1 ? [] : snapshot.worksByAuthorSlug[author.slug] ?? []
        let otherWorks = works.isEmpty ? works : works.other(than: list.positions.map { snapshot.books[$0].book })
        // The bio's paragraphs are its rendered text, as the page's description is: read from the
        // Markdown itself, they kept its `*American*` and `[Wikipedia](…)` (found by an
        // exploratory session).
        let bio = PageModelFactory.bioHTML(author.bio)
        let paragraphs = PageModelFactory.descriptionText(bio)
        let photo = photosByAuthorSlug[author.slug].map { photo in
            var relative = photo
            relative.src = root + photo.src
            relative.alt = words("photoOf", ["name": BidiIsolation.isolated(author.name)])
            return relative
        }
        return page(
            AuthorPageModel(
                name: author.name,
                lifeDates: lifeDates(birth: author.birthDate, death: author.deathDate), photo: photo,
                bioParagraphs: number > 1 ? [] : paragraphs, bioHTML: number > 1 ? nil : bio,
                metaDescription: authorDescription(author, paragraphs: paragraphs, bookCount: list.positions.count),
                books: list.positions(onPage: number).map { card(snapshot.books[$0], root: root) },
                bookCountLabel: words.count(list.positions.count, "bookOnShelf"),
                otherWorks: otherWorks.map { WorkModel(title: $0.title, year: $0.year.map(String.init)) },
                links: number > 1
                    ? []
                    : author.links.filter { URL(string: $0.url)?.isWebAddress == true }.map {
                        LinkModel(title: $0.title, url: $0.url)
                    },
                pagination: pagination(list, page: number, root: root)),
            root: root, title: pageTitle(author.name, page: number))
    }

    /// Above this many authors the authors' index is a page per letter: one page of 16,000 names
    /// weighed 1.9 MB. The indexes of series and of shelves split at the same count.
    static let authorsOnOnePage = 2_000

    /// A letter as an id, and as the name of its page in `authors/` (`a.html`): `other` for names
    /// that start with no letter, `u416` for a letter outside ASCII. (Author pages are folders,
    /// so no file there can take one's place.)
    static func letterAnchor(_ letter: String) -> String {
        if letter == "#" { return "other" }
        if letter.allSatisfy({ $0.isASCII && $0.isLetter }) { return letter.lowercased() }
        return "u" + letter.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")
    }

    /// The authors' index: every author when they fit on one page, else links to a page per
    /// letter; `letter` and `number` give a page of that letter.
    func authorsPage(letter: String? = nil, page number: Int = 1) -> Page<LetterIndexPageModel<AuthorEntryModel>> {
        letterIndexPage(
            authorLetters, in: "authors/", letter: letter, page: number,
            title: letter.map { words("authorsOfLetter", ["letter": $0]) } ?? words("authorsTitle"), counting: "author",
            listName: "authors"
        ) { position in
            let author = snapshot.authors[position]
            return AuthorEntryModel(
                name: author.name, sortName: author.sortName, url: "../" + PageModelFactory.authorURL(author.slug),
                bookCountLabel: words.count(index.booksByAuthor[author.slug]?.count ?? 0, "book"))
        }
    }

    var countsLabel: String {
        words(
            "booksByAuthors",
            [
                "books": words.count(snapshot.books.count, "book"),
                "authors": words.count(snapshot.authors.count, "author"),
            ])
    }

    /// A book's own status, as its page and its place in a series name it: "Lu", where the list of
    /// such books is "Lus".
    func bookStatus(_ status: ReadingStatus) -> String {
        switch status {
        case .reading: words("bookStatusReading")
        case .read: words("bookStatusRead")
        case .toRead: words("bookStatusToRead")
        case .abandoned: words("bookStatusAbandoned")
        }
    }

    /// A reading status as the site names its list of books: "Reading now", "À lire".
    func statusTitle(_ status: ReadingStatus) -> String {
        switch status {
        case .reading: words("statusReading")
        case .read: words("statusRead")
        case .toRead: words("statusToRead")
        case .abandoned: words("statusAbandoned")
        }
    }

    /// The book's language as a page's `lang` gives it (`ja`, `pt-BR`), when it is not the site's:
    /// a screen reader read a Japanese title with the site's English voice (found by an
    /// exploratory session). Nil for the site's language, and for a value no page could give
    /// (`English`); a code of three letters is given in two where it has them (`jpn` is `ja`,
    /// which had no `lang`) and kept where it has none (`grc`).
    func lang(of book: Book) -> String? { Self.lang(of: book, onSiteIn: site.language) }

    /// ``lang(of:)`` on a site in `siteLanguage`.
    static func lang(of book: Book, onSiteIn siteLanguage: String) -> String? {
        // Asked for every card of every page: the site's own language, most books', is known
        // before any parsing.
        guard let language = book.language, language != siteLanguage,
            // A tag the browser could not read (`en-USA`) is given to no page.
            let tag = LanguageCode.tag(parsing: language).flatMap({ try? LanguageTag.parse($0) })
        else { return nil }
        let sitePrimary = siteLanguage.prefix { $0 != "-" }.lowercased()
        // The site's own tag, or its language without a region ("fr" on an "fr-CA" site), needs
        // none; "pt-BR" on a "pt-PT" site does.
        guard tag.lowercased() != siteLanguage.lowercased(), tag.lowercased() != sitePrimary
        else { return nil }
        return tag
    }

    func card(_ details: BookDetails, root: String) -> BookCardModel {
        BookCardModel(
            url: root + PageModelFactory.bookURL(details.book.slug), title: details.book.title,
            subtitle: details.book.subtitle, lang: lang(of: details.book),
            authors: authorLinks(details.authors, root: root),
            year: details.book.publishedDate.map { String($0.year) },
            cover: cover(for: details, root: root, size: .grid),
            rating: details.book.rating.map(ratingModel))
    }

    /// How wide a cover is shown, for the browser to pick its rendition before it lays the page
    /// out: a grid column (two to a phone's width, 9.5–12rem wide elsewhere), or a book's page.
    static let gridSizes = "(max-width: 40rem) 46vw, 12rem"
    static let pageSizes = "(max-width: 40rem) 12rem, 16rem"

    /// A book's cover as shown at `size`, its addresses from `root`.
    private func cover(for details: BookDetails, root: String, size: CoverSize) -> CoverModel {
        guard var cover = coversBySlug[details.book.slug] else {
            var placeholder = CoverArt.placeholder(
                title: details.book.title, author: details.authors.first?.name, slug: details.book.slug)
            placeholder.alt = words("coverOf", ["title": BidiIsolation.isolated(details.book.title)])
            return placeholder
        }
        cover.alt = words("coverOf", ["title": BidiIsolation.isolated(details.book.title)])
        // A placeholder has no image to link to.
        guard !cover.isPlaceholder else { return cover }
        if let shown = cover.images.first(where: { $0.width >= size.rawValue }) ?? cover.images.last {
            (cover.src, cover.width, cover.height) = (shown.path, shown.width, shown.height)
        }
        cover.src = root + cover.src
        cover.srcset = cover.images.map { "\(root)\($0.path) \($0.width)w" }.joined(separator: ", ")
        cover.sizes =
            cover.images.isEmpty ? "" : (size == .page ? PageModelFactory.pageSizes : PageModelFactory.gridSizes)
        cover.loadsFirst = size == .page
        return cover
    }

    func authorLinks(_ authors: [Author], root: String) -> [ListedLinkModel] {
        ListedLinkModel.list(
            authors.map { (name: $0.name, url: root + PageModelFactory.authorURL($0.slug)) }, words: words)
    }

    /// A rating as pages show it.
    private func ratingModel(_ rating: Rating) -> RatingModel {
        ratingModels[rating.quarters] ?? PageModelFactory.ratingModel(rating, words: words)
    }

    /// Whole stars filled, a star filled in part for the quarters, the rest empty; the label says
    /// the number ("Rated 4.5 out of 5"), with the language's decimal mark.
    private static func ratingModel(_ rating: Rating, words: Words) -> RatingModel {
        let part = rating.quarters % 4
        let stars = rating.text.replacingOccurrences(of: ".", with: words("numberDecimalSeparator"))
        return RatingModel(
            stars: stars, filled: String(repeating: "★", count: rating.wholeStars),
            partial: part == 0 ? nil : String(part * 25),
            empty: String(repeating: "☆", count: 5 - rating.wholeStars - (part == 0 ? 0 : 1)),
            label: words("ratedOutOfFive", ["stars": stars]))
    }

    /// A description's paragraphs as plain text, for summaries and link previews.
    static func descriptionText(_ html: SanitizedHTML?) -> [String] {
        paragraphs(html.map { HTMLText.plainText(fromHTML: $0.html) })
    }

    /// An author's bio, written in Markdown, as ``BioRenderer`` makes it; nil when it has no text.
    static func bioHTML(_ markdown: String?) -> SanitizedHTML? {
        BioRenderer.render(markdown)?.trimmed
    }

    static func paragraphs(_ text: String?) -> [String] {
        guard let text else { return [] }
        // Paragraphs are separated by a blank line; line breaks within one become spaces.
        var paragraphs: [String] = []
        var words: [Substring] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let lineWords = line.split(whereSeparator: \.isWhitespace)
            if lineWords.isEmpty {
                if !words.isEmpty { paragraphs.append(words.joined(separator: " ")) }
                words = []
            } else {
                words += lineWords
            }
        }
        if !words.isEmpty { paragraphs.append(words.joined(separator: " ")) }
        return paragraphs
    }

    /// An author's dates, each written the language's way when it is an ISO date ("1990-11-23" is
    /// "23 novembre 1990" on a French site) or one written out in English, as Open Library gives
    /// them ("13 September 1916" stayed English on French pages: found by an exploratory
    /// session), and as given when it is other free text ("c. 1340"): a French page said
    /// "13 September 1916 – 1990-11-23". A date alone without its day takes the words for a month
    /// or a year ("né·e en mars 1950", not "né·e le mars 1950").
    func lifeDates(birth: String?, death: String?) -> String? {
        func written(_ date: String?) -> (text: String, hasDay: Bool)? {
            guard let date = date?.nilIfEmpty else { return nil }
            guard let parsed = (try? PartialDate(parsing: date)) ?? PartialDate.writtenInEnglish(date) else {
                return (date, true)
            }
            return (words.date(parsed), parsed.day != nil)
        }
        return switch (written(birth), written(death)) {
        case (let birth?, let death?): "\(birth.text) – \(death.text)"
        case (let birth?, nil): words(birth.hasDay ? "born" : "bornIn", ["date": birth.text])
        case (nil, let death?): words(death.hasDay ? "died" : "diedIn", ["date": death.text])
        case (nil, nil): nil
        }
    }

    /// A language's name in the site's language: "French", "französisch".
    func languageName(_ code: String) -> String {
        Locale(identifier: words.language).localizedString(forLanguageCode: code) ?? code
    }

    static func indexLetter(for sortName: String) -> String {
        indexLetter(ofKey: TextFolding.searchKey(sortName))
    }

    /// The index letter of a name whose search key is `key`.
    static func indexLetter(ofKey key: String) -> String {
        guard let first = key.first, first.isLetter else { return "#" }
        if first.isASCII { return first.uppercased() }
        let latin = TextFolding.fold(String(first), to: .ascii)
        if let letter = latin.first, letter.isASCII, letter.isLetter { return letter.uppercased() }
        // A letter spelt with no Latin letter of its own (Hebrew ע is "ʻ") goes under the next
        // one its word has, as its slug does ("עמוס עוז" is mws-wz, under M): it made a section of
        // its own after Z (found by an exploratory session).
        let word = TextFolding.fold(String(key.prefix { !$0.isWhitespace }.prefix(12)), to: .ascii)
        if let letter = word.first(where: { $0.isASCII && $0.isLetter }) { return letter.uppercased() }
        return String(first).uppercased()
    }

    static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(value) \(value == 1 ? singular : plural)"
    }
}

extension Highlight {
    /// The note as every page and feed shows it. It comes from an import as often as from the
    /// reader, so cmark renders it in safe mode whatever the site allows in notes. Its relative
    /// addresses are written from its book's page, as the book's note's are: elsewhere,
    /// `addresses` makes them lead where they lead from there.
    /// `topHeading` is the level of the note's top-most heading: 3 under a page's h2, 2 right under its h1.
    /// Its links by name lead where `links` says, written from its book's page too.
    /// A note that shows nothing (an Obsidian comment alone, a reminder) is none: it was an
    /// empty box under the passage (found by a review).
    func noteHTML(
        addresses: ((String) -> String)? = nil, links: WikiLinkTargets, topHeading: Int32 = 3
    ) -> SanitizedHTML? {
        note.map {
            NoteRenderer(allowsRawHTML: false).render(
                $0, topHeading: topHeading, links: links.address(of:), addresses: addresses)
        }
        .flatMap { SiteNotes.showsNothing($0.html) ? nil : $0 }
    }

    /// The addresses of a note of a highlight of the book `slug` on a page whose way up to the
    /// site's top is `root` (nil on its book's own page): a link to a folder of the build's pages
    /// leads to its `index.html` (``NoteFolderLinks``), and so does one to a place on its book's
    /// page (`#h-…`) from another page: it led to the book's folder (found by an exploratory
    /// session).
    static func noteAddresses(ofBook slug: String, root: String?) -> (String) -> String {
        { written in
            let address = NoteFolderLinks.toIndexPage(written, from: bookFolder(slug))
            guard let root, RelativeAddress.isRelative(address) else { return address }
            if address.isEmpty || address.hasPrefix("#") || address.hasPrefix("?") {
                return root + PageModelFactory.bookURL(slug) + address
            }
            return root + RelativeAddress.fromSiteTop(address, from: bookFolder(slug))
        }
    }

    /// The addresses of a note of a highlight of the book `slug` in a feed, where a relative
    /// address is read from the feed's own: each made whole with the site's `baseURL`.
    static func noteAddresses(ofBook slug: String, baseURL: URL) -> (String) -> String {
        { written in
            guard RelativeAddress.isRelative(written) else { return written }
            let address = NoteFolderLinks.toIndexPage(written, from: bookFolder(slug))
            let path = RelativeAddress.fromSiteTop(address, from: bookFolder(slug))
            // A first folder with a colon in its name (`notes:2024/`) would read as a scheme (found
            // by a review).
            return StructuredData.absolute(path.prefix { $0 != "/" }.contains(":") ? "./" + path : path, baseURL)
        }
    }

    /// The folder of the book page a highlight's note is written from.
    private static func bookFolder(_ slug: String) -> String {
        String(PageModelFactory.bookURL(slug).dropLast("index.html".count))
    }
}
