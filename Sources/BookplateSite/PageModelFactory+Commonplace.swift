import BookplateCore
import BookplateLibrary
import BookplateMustache

extension PageModelFactory {
    /// The commonplace book's home: its newest highlights and a link to every year.
    func commonplaceHome() -> Page<CommonplacePageModel> {
        let root = "../"
        let title = words("commonplaceBook")
        return page(
            CommonplacePageModel(
                title: title,
                countLabel: words(
                    "highlightsFromBooks",
                    [
                        "highlights": words.count(commonplace.entries.count, "highlight"),
                        "books": words.count(commonplace.bookCount, "book"),
                    ]),
                years: commonplaceYearLinks(root: root),
                highlights: commonplace.entries.prefix(Commonplace.homeSize).map { commonplaceEntry($0, root: root) },
                homeURL: nil, pagination: nil),
            root: root, title: documentTitle(title))
    }

    /// Page `number` of the highlights of `year`.
    func commonplaceYearPage(_ year: Commonplace.Year, page number: Int) -> Page<CommonplacePageModel> {
        let root = year.root(page: number)
        let title = words("highlightsOf", ["year": String(year.year)])
        return page(
            CommonplacePageModel(
                title: title,
                // No links to the other years, whose counts change with every new highlight: the home
                // has them, and a year's pages change only with that year's highlights.
                countLabel: words.count(year.range.count, "highlight"), years: [],
                // No h2 stands between the page's h1 and its highlights, as on the home.
                highlights: year.range(onPage: number).map {
                    commonplaceEntry(commonplace.entries[$0], root: root, topHeading: 2)
                },
                homeURL: root + Commonplace.homeURL,
                pagination: pagination(pageCount: year.pageCount, page: number, root: root, path: year.path(page:))),
            root: root, title: pageTitle(title, page: number))
    }

    /// A link to each year of highlights, newest first, with its pages when it has several.
    private func commonplaceYearLinks(root: String) -> [ListLinkModel] {
        commonplace.years.map { year in
            ListLinkModel(
                id: "highlights-\(year.year)", title: String(year.year), url: root + year.path(page: 1),
                count: year.range.count, countLabel: words.count(year.range.count, "highlight"),
                pages: year.pageCount > 1
                    ? (1...year.pageCount).map {
                        PageLinkModel(number: $0, url: root + year.path(page: $0), isCurrent: false)
                    } : [])
        }
    }

    /// `topHeading`: the level of the top heading of the highlight's note (see ``highlightModel``).
    private func commonplaceEntry(_ entry: Commonplace.Entry, root: String, topHeading: Int32 = 3)
        -> CommonplaceEntryModel
    {
        let details = snapshot.books[entry.position]
        let highlight = details.highlights[entry.index]
        let bookURL = root + PageModelFactory.bookURL(details.book.slug)
        let day = PartialDate.day(of: entry.date)
        return CommonplaceEntryModel(
            highlight: highlightModel(highlight, ofBook: details.book.slug, root: root, topHeading: topHeading),
            source: HighlightSourceModel(
                bookTitle: details.book.title, bookURL: bookURL, lang: lang(of: details.book),
                byline: details.authors.isEmpty ? nil : words.list(details.authors.map(\.name)),
                authors: authorLinks(details.authors, root: root),
                date: words.date(day), datetime: day.description,
                permalink: root
                    + PageModelFactory.highlightURL(highlight, index: entry.index, ofBook: details.book.slug)))
    }
}
