import BookplateCore

/// `stats/<year>/index.html`: one year in books.
struct YearPageModel: Sendable, Encodable {
    var year: String
    var title: String
    /// Books read, pages read, the average rating.
    var summary: [FactModel]
    var goal: String?
    var monthsChart: ChartModel
    var ratings: [BarModel]
    var longest: BookCardModel?
    var longestPages: String?
    var shortest: BookCardModel?
    var shortestPages: String?
    /// The list of the books finished in the year.
    var booksLink: LinkModel
    var olderYear: LinkModel?
    var newerYear: LinkModel?
}
