import BookplateCore

/// `stats/index.html`: the year in books.
struct StatisticsPageModel: Sendable, Encodable {
    var years: [YearStatisticsModel]
    var ratings: [BarModel]
    var totalsLabel: String
    var longest: BookCardModel?
    var longestPages: String?
    var shortest: BookCardModel?
    var shortestPages: String?
    var hasReadBooks: Bool
    /// The current year's progress towards the reading goal: "32 of 40, 5 ahead of pace".
    var goal: String?
    var booksChart: ChartModel
    var pagesChart: ChartModel
}

struct YearStatisticsModel: Sendable, Encodable {
    var year: String
    /// The year's own page, from the statistics page.
    var url: String
    var books: String
    /// Reads finished in the year of books read before.
    var rereads: String
    var pages: String
    var averageRating: String?
}

/// One bar of a chart: a label, a value, and its length as a percentage of the longest.
struct BarModel: Sendable, Encodable {
    var label: String
    var value: String
    var percent: Int
    /// What the label means when it is a picture, for screen readers ("4 stars" for ★★★★).
    var description: String?
}

/// A bar chart as a table of labels, bars and values: text at the reader's own size.
struct ChartModel: Sendable, Encodable {
    var id: String
    var title: String
    var bars: [BarModel]
}
