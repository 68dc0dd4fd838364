import BookplateCore
import BookplateLibrary
import BookplateMustache

/// `stats/index.html`: the year in books.
struct StatisticsPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
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

extension StatisticsPageModel: PageModel {
    func pageValue(forKey key: String) -> TemplateValue? {
        switch key {
        case "years": years.templateValue
        case "ratings": ratings.templateValue
        case "totalsLabel": totalsLabel.templateValue
        case "longest": longest.templateValue
        case "longestPages": longestPages.templateValue
        case "shortest": shortest.templateValue
        case "shortestPages": shortestPages.templateValue
        case "hasReadBooks": hasReadBooks.templateValue
        case "goal": goal.templateValue
        case "booksChart": booksChart.templateValue
        case "pagesChart": pagesChart.templateValue
        default: nil
        }
    }
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

extension YearStatisticsModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "year": year.templateValue
        case "url": url.templateValue
        case "books": books.templateValue
        case "rereads": rereads.templateValue
        case "pages": pages.templateValue
        case "averageRating": averageRating.templateValue
        default: nil
        }
    }
}

/// One bar of a chart: a label, a value, and its length as a percentage of the longest.
struct BarModel: Sendable, Encodable {
    var label: String
    var value: String
    var percent: Int
    /// What the label means when it is a picture, for screen readers ("4 stars" for ★★★★).
    var description: String?
}

extension BarModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "label": label.templateValue
        case "value": value.templateValue
        case "percent": percent.templateValue
        case "description": description.templateValue
        default: nil
        }
    }
}

/// A bar chart as a table of labels, bars and values: text at the reader's own size.
struct ChartModel: Sendable, Encodable {
    var id: String
    var title: String
    var bars: [BarModel]
}

extension ChartModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": id.templateValue
        case "title": title.templateValue
        case "bars": bars.templateValue
        default: nil
        }
    }
}
