import BookplateCore

/// `books/<slug>/highlights/page/<n>/index.html`: a book's highlights past the hundred its own
/// page shows, a hundred a page.
struct BookHighlightsPageModel: Sendable, Encodable {
    /// "Highlights from Kindred".
    var title: String
    /// The title around the book's, for a heading that gives the book's title its own `lang`.
    var heading: HeadingModel
    var bookTitle: String
    var bookURL: String
    /// The book's language when it is not the site's, for the passages' `lang`.
    var lang: String?
    /// "5,000 highlights".
    var countLabel: String
    var highlights: [HighlightModel]
    var pagination: PaginationModel?

    /// A heading as the words before the book's title ("Highlights from "), the title, and those
    /// after it; the whole heading in `before` and no `name` when a translation leaves the title out.
    struct HeadingModel: Sendable, Encodable {
        var before: String
        var name: String?
        var after: String
    }
}
