import Foundation

extension PageModelFactory {
    /// The year in books: books and pages read per year, ratings given, the longest and the
    /// shortest book read.
    func statisticsPage() -> StatisticsPageModel {
        let root = "../"
        // Worked out from positions and numbers, never from copies of the books: three filtered
        // copies of 50,000 books' details took 94 MB.
        let books = catalogue.books
        let read = books.indices.filter { books[$0].book.status == .read }
        var byYear: [Int: [Int]] = [:]
        for position in read {
            if let year = books[position].book.finishedDate?.year { byYear[year, default: []].append(position) }
        }
        let years = byYear.keys.sorted(by: >).map { year -> (Int, [Int]) in (year, byYear[year] ?? []) }
        let pages: ([Int]) -> Int = { positions in positions.compactMap { books[$0].book.pageCount }.saturatingSum }
        let yearModels = years.map { year, positions in
            let rated = positions.compactMap { books[$0].book.rating?.stars }
            return YearStatisticsModel(
                year: String(year), books: String(positions.count), pages: String(pages(positions)),
                averageRating: rated.isEmpty
                    ? nil : String(format: "%.1f", Double(rated.reduce(0, +)) / Double(rated.count)))
        }
        var starsCounted = [Int](repeating: 0, count: 6)
        for details in books {
            if let stars = details.book.rating?.stars, (1...5).contains(stars) { starsCounted[stars] += 1 }
        }
        let ratingCounts: [(stars: Int, total: Int)] = (1...5).reversed().map { ($0, starsCounted[$0]) }
        let mostRatings = max(1, ratingCounts.map(\.total).max() ?? 1)
        // Longest and shortest by page count, ties by slug.
        let withPages = read.filter { books[$0].book.pageCount != nil }
        let isShorter: (Int, Int) -> Bool = { lhs, rhs in
            (books[lhs].book.pageCount ?? 0, books[lhs].book.slug) < (
                books[rhs].book.pageCount ?? 0, books[rhs].book.slug
            )
        }
        let longestBook = withPages.max(by: isShorter).map { books[$0] }
        let shortestBook = withPages.count > 1 ? withPages.min(by: isShorter).map { books[$0] } : nil
        let totalPages = pages(read)
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
            longest: longestBook.map { card($0, root: root) },
            longestPages: longestBook?.book.pageCount.map { "\($0) pages" },
            shortest: shortestBook.map { card($0, root: root) },
            shortestPages: shortestBook?.book.pageCount.map { "\($0) pages" },
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
                    bars: chronological.map { (String($0.0), pages($0.1)) })))
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
