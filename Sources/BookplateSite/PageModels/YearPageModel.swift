import BookplateCore
import BookplateLibrary
import BookplateMustache

/// `stats/<year>/index.html`: one year in books.
struct YearPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
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

extension YearPageModel: PageModel {
    func pageValue(forKey key: String) -> TemplateValue? {
        switch key {
        case "year": year.templateValue
        case "title": title.templateValue
        case "summary": summary.templateValue
        case "goal": goal.templateValue
        case "monthsChart": monthsChart.templateValue
        case "ratings": ratings.templateValue
        case "longest": longest.templateValue
        case "longestPages": longestPages.templateValue
        case "shortest": shortest.templateValue
        case "shortestPages": shortestPages.templateValue
        case "booksLink": booksLink.templateValue
        case "olderYear": olderYear.templateValue
        case "newerYear": newerYear.templateValue
        default: nil
        }
    }
}
