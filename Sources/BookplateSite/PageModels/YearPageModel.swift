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
    var olderYear: YearLinkModel?
    var newerYear: YearLinkModel?
}

/// The link to the year before or after: `title` ("2023"), `url`, and `label`, the year with an
/// arrow that points the way the page reads ("← 2023" and "2025 →"; "→ 2023" and "2025 ←" right
/// to left, where a fixed "←" before the older year pointed into the page).
struct YearLinkModel: Sendable, Encodable {
    var title: String
    var url: String
    var label: String

    /// The link to the year before `year`'s page, its arrow pointing back in `direction`.
    static func older(_ year: Int, direction: String?) -> YearLinkModel {
        let title = String(year)
        return YearLinkModel(
            title: title, url: "../\(year)/index.html", label: (direction == "rtl" ? "→ " : "← ") + title)
    }

    /// The link to the year after, its arrow pointing forward in `direction`.
    static func newer(_ year: Int, direction: String?) -> YearLinkModel {
        let title = String(year)
        return YearLinkModel(
            title: title, url: "../\(year)/index.html", label: title + (direction == "rtl" ? " ←" : " →"))
    }
}
