import Foundation

extension PageModelFactory {
    /// The year in books: books and pages read per year, ratings given, the longest and the
    /// shortest book read.
    func statisticsPage() -> StatisticsPageModel {
        let root = "../"
        let read = catalogue.books.filter { $0.book.status == .read }
        let byYear = Dictionary(grouping: read.filter { $0.book.finishedDate != nil }) {
            $0.book.finishedDate?.year ?? 0
        }
        let years = byYear.keys.sorted(by: >).map { year -> (Int, [BookDetails]) in (year, byYear[year] ?? []) }
        let yearModels = years.map { year, books in
            let rated = books.compactMap(\.book.rating?.stars)
            return YearStatisticsModel(
                year: String(year), books: String(books.count),
                pages: String(books.compactMap(\.book.pageCount).saturatingSum),
                averageRating: rated.isEmpty
                    ? nil : String(format: "%.1f", Double(rated.reduce(0, +)) / Double(rated.count)))
        }
        let ratingCounts: [(stars: Int, total: Int)] = (1...5).reversed().map { stars in
            (stars, catalogue.books.filter { $0.book.rating?.stars == stars }.count)
        }
        let mostRatings = max(1, ratingCounts.map(\.total).max() ?? 1)
        let withPages = read.filter { $0.book.pageCount != nil }
            .sorted { ($0.book.pageCount ?? 0, $0.book.slug) < ($1.book.pageCount ?? 0, $1.book.slug) }
        let totalPages = read.compactMap(\.book.pageCount).saturatingSum
        let chronological = years.reversed()
        return StatisticsPageModel(
            root: root, site: site, pageTitle: "Year in books — \(site.title)", years: yearModels,
            ratings: ratingCounts.map { rating in
                BarModel(
                    label: String(repeating: "★", count: rating.stars), value: "\(rating.total)",
                    percent: rating.total * 100 / mostRatings)
            },
            totalsLabel: "\(PageModelFactory.count(read.count, "book", "books")) read, "
                + "\(PageModelFactory.count(totalPages, "page", "pages"))",
            longest: withPages.last.map { card($0, root: root) },
            longestPages: withPages.last?.book.pageCount.map { "\($0) pages" },
            shortest: withPages.count > 1 ? withPages.first.map { card($0, root: root) } : nil,
            shortestPages: withPages.count > 1 ? withPages.first?.book.pageCount.map { "\($0) pages" } : nil,
            hasReadBooks: !read.isEmpty,
            booksChart: ChartModel(
                title: "Books read per year",
                svg: BarChart.svg(
                    id: "books-per-year", title: "Books read per year",
                    bars: chronological.map { (String($0.0), $0.1.count) })),
            pagesChart: ChartModel(
                title: "Pages read per year",
                svg: BarChart.svg(
                    id: "pages-per-year", title: "Pages read per year",
                    bars: chronological.map { (String($0.0), $0.1.compactMap(\.book.pageCount).saturatingSum) })))
    }
}

/// Horizontal bar charts as inline SVG: no script, no library, scales with the page.
enum BarChart {
    static func svg(id: String, title: String, bars: [(label: String, value: Int)]) -> String {
        let rowHeight = 28
        let labelWidth = 64
        let chartWidth = 600
        let barArea = chartWidth - labelWidth - 70
        let height = max(1, bars.count) * rowHeight + 8
        let largest = max(1, bars.map(\.value).max() ?? 1)
        var svg = """
            <svg class="chart" id="\(id)" viewBox="0 0 \(chartWidth) \(height)" role="img" \
            aria-labelledby="\(id)-title" preserveAspectRatio="xMinYMin meet">
            <title id="\(id)-title">\(MarkupEscaping.xml(title))</title>

            """
        for (index, bar) in bars.enumerated() {
            let y = index * rowHeight + 4
            // In double width: a value near Int.max times the bar's area would overflow.
            let width = largest.dividingFullWidth(max(bar.value, 0).multipliedFullWidth(by: barArea)).quotient
            svg += """
                <text x="0" y="\(y + 18)" class="chart-label">\(MarkupEscaping.xml(bar.label))</text>
                <rect x="\(labelWidth)" y="\(y + 4)" width="\(max(width, 1))" height="\(rowHeight - 10)" class="chart-bar"/>
                <text x="\(labelWidth + width + 6)" y="\(y + 18)" class="chart-value">\(bar.value)</text>

                """
        }
        return svg + "</svg>"
    }
}

extension Sequence<Int> {
    /// The sum, held at `Int.max` or `Int.min` instead of overflowing: the library may hold
    /// counts written before they were bounded, or by another tool.
    var saturatingSum: Int {
        reduce(0) { total, value in
            let (sum, overflow) = total.addingReportingOverflow(value)
            return overflow ? (value > 0 ? Int.max : Int.min) : sum
        }
    }
}
