import BookplateCore

/// `books/<slug>/highlights/page/<n>/index.html`: a book's highlights past the hundred its own
/// page shows, a hundred a page.
struct BookHighlightsPageModel: Sendable, Encodable {
    /// "Highlights from Kindred".
    var title: String
    var bookTitle: String
    var bookURL: String
    /// The book's language when it is not the site's, for the passages' `lang`.
    var lang: String?
    /// "5,000 highlights".
    var countLabel: String
    var highlights: [HighlightModel]
    var pagination: PaginationModel?
}
