import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

extension PageModelFactory {
    static func yearStatisticsURL(_ year: Int) -> String { "stats/\(year)/index.html" }

    /// The years with a book finished in them, newest first: each has a page of its own.
    var statisticsYears: [Int] { readBooks.byYear.keys.sorted(by: >) }

    /// The year in books, every year together: books and pages read per year, ratings given, the
    /// longest and the shortest book read, and a link to each year's own page.
    func statisticsPage() -> Page<StatisticsPageModel> {
        let root = "../"
        let (read, byYear, rereads) = (readBooks.all, readBooks.byYear, readBooks.rereads)
        let years = byYear.keys.sorted(by: >).map { year -> (Int, [Int]) in (year, byYear[year] ?? []) }
        var yearModels = years.map { year, positions in
            YearStatisticsModel(
                year: String(year), url: "\(year)/index.html",
                books: words.number(positions.count), rereads: words.number(rereads[year] ?? 0),
                pages: pagesText(positions), averageRating: averageRating(positions))
        }
        // The books read without a date are in the totals: the table has their row too (its rows
        // added up to less than the line above it: found by an exploratory session).
        if !readBooks.undated.isEmpty {
            yearModels.append(
                YearStatisticsModel(
                    year: words("statsUndated"), url: root + BookList.readFolder(year: nil) + "/index.html",
                    books: words.number(readBooks.undated.count), rereads: words.number(readBooks.undatedRereads),
                    pages: pagesText(readBooks.undated), averageRating: averageRating(readBooks.undated)))
        }
        let (longest, shortest) = extremes(read)
        let chronological = years.reversed()
        let currentYear = today.map(\.year)
        return page(
            StatisticsPageModel(
                years: yearModels,
                ratings: ratingBars(read),
                // Its participle agrees with the count ("1 livre lu", "2 livres lus"), and no page
                // count is "0 pages" when no book has one (the table says "–": found by an
                // exploratory session).
                totalsLabel: read.contains { snapshot.books[$0].book.pageCount != nil }
                    ? words.plural("totalsRead", read.count, totals(read))
                    : words.plural("totalsReadWithoutPages", read.count, totals(read)),
                longest: longest.map { card(snapshot.books[$0], root: root) },
                longestPages: longest.flatMap { pagesLabel($0, key: "longest") },
                shortest: shortest.map { card(snapshot.books[$0], root: root) },
                shortestPages: shortest.flatMap { pagesLabel($0, key: "shortest") },
                hasReadBooks: !read.isEmpty,
                goal: currentYear.flatMap { goalLabel(year: $0, read: readSoFar(byYear[$0] ?? [])) },
                booksChart: ChartModel(
                    id: "books-per-year", title: words("booksPerYear"),
                    bars: PageModelFactory.bars(chronological.map { (String($0.0), $0.1.count) }, words: words)),
                pagesChart: ChartModel(
                    id: "pages-per-year", title: words("pagesPerYear"),
                    bars: PageModelFactory.bars(chronological.map { (String($0.0), pages($0.1)) }, words: words))),
            root: root, title: documentTitle(words("yearInBooks")))
    }

    /// One year in books: what was read and how much, its ratings, its longest and shortest book,
    /// the month-by-month rhythm, and the reading goal's pace when it is the current year.
    func yearPage(_ year: Int) -> Page<YearPageModel> {
        let root = "../../"
        let (byYear, rereads) = (readBooks.byYear, readBooks.rereads)
        let positions = byYear[year] ?? []
        let books = snapshot.books
        var months = [Int](repeating: 0, count: 12)
        for position in positions {
            for date in books[position].finishedDates where date.year == year {
                if let month = date.month { months[month - 1] += 1 }
            }
        }
        var summary = [
            FactModel(label: words("booksRead"), value: words.number(positions.count)),
            // "–" when no book has a page count, as the statistics table says.
            FactModel(label: words("pagesRead"), value: pagesText(positions)),
        ]
        if let count = rereads[year], count > 0 {
            summary.insert(FactModel(label: words("rereads"), value: words.number(count)), at: 1)
        }
        if let average = averageRating(positions) {
            summary.append(FactModel(label: words("averageRating"), value: average))
        }
        let (longest, shortest) = extremes(positions)
        let years = byYear.keys.sorted()
        let older = years.last { $0 < year }
        let newer = years.first { $0 > year }
        let title = words("yearInBooksOf", ["year": String(year)])
        return page(
            YearPageModel(
                year: String(year), title: title,
                summary: summary, goal: today?.year == year ? goalLabel(year: year, read: readSoFar(positions)) : nil,
                monthsChart: ChartModel(
                    id: "books-per-month", title: words("booksPerMonth"),
                    bars: PageModelFactory.bars(
                        months.enumerated().map { (words("monthShort\($0.offset + 1)"), $0.element) }, words: words)),
                ratings: ratingBars(positions),
                longest: longest.map { card(books[$0], root: root) },
                longestPages: longest.flatMap { pagesLabel($0, key: "longest") },
                shortest: shortest.map { card(books[$0], root: root) },
                shortestPages: shortest.flatMap { pagesLabel($0, key: "shortest") },
                booksLink: LinkModel(
                    title: words("booksOfTheYear", ["year": String(year)]),
                    url: root + BookList.readFolder(year: year) + "/index.html"),
                olderYear: older.map { YearLinkModel.older($0, direction: words.direction) },
                newerYear: newer.map { YearLinkModel.newer($0, direction: words.direction) }),
            root: root, title: documentTitle(title))
    }

    /// The words of the totals line: how many books, and their pages.
    private func totals(_ positions: [Int]) -> [String: String] {
        ["books": words.count(positions.count, "book"), "pages": words.count(pages(positions), "page")]
    }

    /// How many of `positions` (books read this year) were finished by today: a read dated
    /// later this year by a typo counted toward the goal, which said it was reached (found by an
    /// exploratory session). A date known only to the year, or to this month, is not later.
    func readSoFar(_ positions: [Int]) -> Int {
        guard let today else { return positions.count }
        return positions.count { position in
            snapshot.books[position].finishedDates.contains { $0.year == today.year && !today.endsBefore($0) }
        }
    }

    /// "32 of 40, 5 ahead of pace" for the current year, from the goal in `site.yaml`.
    func goalLabel(year: Int, read: Int) -> String? {
        guard let goal, let today, today.year == year else { return nil }
        let values = ["read": words.number(read), "goal": words.number(goal)]
        if read >= goal { return words("goalMet", values) }
        let day = PageModelFactory.dayOfYear(today)
        let daysInYear = (1...12).reduce(0) { $0 + PartialDate.daysIn(month: $1, year: year) }
        let expected = goal * day / daysInYear
        switch read - expected {
        case 0: return words("goalOnPace", values)
        case let ahead where ahead > 0:
            return words.plural("goalAhead", ahead, values.merging(["count": words.number(ahead)]) { $1 })
        case let behind:
            return words.plural("goalBehind", -behind, values.merging(["count": words.number(-behind)]) { $1 })
        }
    }

    /// The day of the year (1–366) of a date; a date known to the month counts from its first day.
    static func dayOfYear(_ date: PartialDate) -> Int {
        guard let month = date.month else { return 1 }
        return (1..<month).reduce(0) { $0 + PartialDate.daysIn(month: $1, year: date.year) } + (date.day ?? 1)
    }

    private func pages(_ positions: [Int]) -> Int {
        positions.compactMap { snapshot.books[$0].book.pageCount }.saturatingSum
    }

    /// The pages of `positions` for a table's cell: "–" when no book of them has a page count
    /// (it read "0").
    private func pagesText(_ positions: [Int]) -> String {
        positions.contains { snapshot.books[$0].book.pageCount != nil } ? words.number(pages(positions)) : "–"
    }

    /// The average of the ratings of `positions` to a tenth of a star, half a tenth rounded up
    /// (0.25 is "0.3"), worked out in whole quarters so no binary fraction tips it.
    private func averageRating(_ positions: [Int]) -> String? {
        let rated = positions.compactMap { snapshot.books[$0].book.rating?.quarters }
        guard !rated.isEmpty else { return nil }
        // tenths = quarters × 10 / (4 × count), rounded half up: (2 × 10 × quarters + 4 × count) / (2 × 4 × count).
        let (quarters, count) = (rated.reduce(0, +), rated.count)
        return words.decimal(tenths: (20 * quarters + 4 * count) / (8 * count))
    }

    /// How many books at `positions` were given each number of stars, five first; a rating
    /// between whole stars counts with the nearest (4.5 with five, 4.25 with four, 0.25 with one).
    private func ratingBars(_ positions: [Int]) -> [BarModel] {
        var counted = [Int](repeating: 0, count: 6)
        for position in positions {
            if let quarters = snapshot.books[position].book.rating?.quarters {
                counted[min(5, max(1, (quarters + 2) / 4))] += 1
            }
        }
        let most = max(1, counted.max() ?? 1)
        return (1...5).reversed().map { stars in
            BarModel(
                label: String(repeating: "★", count: stars), value: words.number(counted[stars]),
                percent: counted[stars] * 100 / most, description: words.count(stars, "stars"))
        }
    }

    /// The longest and the shortest book by page count, ties by slug; no shortest with one book.
    private func extremes(_ positions: [Int]) -> (longest: Int?, shortest: Int?) {
        let books = snapshot.books
        let withPages = positions.filter { books[$0].book.pageCount != nil }
        let isShorter: (Int, Int) -> Bool = { lhs, rhs in
            (books[lhs].book.pageCount ?? 0, books[lhs].book.slug) < (
                books[rhs].book.pageCount ?? 0, books[rhs].book.slug
            )
        }
        return (withPages.max(by: isShorter), withPages.count > 1 ? withPages.min(by: isShorter) : nil)
    }

    private func pagesLabel(_ position: Int, key: String) -> String? {
        snapshot.books[position].book.pageCount.map { words(key, ["pages": words.count($0, "page")]) }
    }

    /// Bars scaled to the largest value, written as text the reader's device draws at its own
    /// size (SVG charts scaled their labels down to 8 px on a phone).
    static func bars(_ values: [(label: String, value: Int)], words: Words) -> [BarModel] {
        let largest = max(1, values.map(\.value).max() ?? 1)
        return values.map { label, value in
            // In double width: a value near Int.max times 100 would overflow.
            let percent = largest.dividingFullWidth(max(value, 0).multipliedFullWidth(by: 100)).quotient
            return BarModel(label: label, value: words.number(value), percent: percent, description: nil)
        }
    }
}

extension BookList {
    /// The folder of the books finished in `year`.
    static func readFolder(year: Int?) -> String { "read/" + (year.map(String.init) ?? "undated") }
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

/// The books read, as positions in the snapshot, worked out once per build: every year's page
/// asks, and going through 50,000 books for each of sixty years was a fortieth of a build.
struct ReadBooks: Sendable {
    /// Every book read; those without a dated read are counted in the totals but belong to no year.
    var all: [Int] = []
    /// By each year one of their reads was finished (a book read in two years counts in both).
    var byYear: [Int: [Int]] = [:]
    /// By year, the reads finished that were not a book's first.
    var rereads: [Int: Int] = [:]
    /// Books read whose reads have no date: counted in the totals, and in a row of their own.
    var undated: [Int] = []
    /// Their reads beyond the first (the row said 0 whatever they were: found by an exploratory
    /// session).
    var undatedRereads = 0

    init(_ snapshot: LibrarySnapshot) {
        // Positions and numbers, never copies of the books: three filtered copies of 50,000
        // books' details took 94 MB.
        for position in snapshot.books.indices {
            let details = snapshot.books[position]
            let finished = details.finishedReads
            guard details.book.status == .read || !finished.isEmpty else { continue }
            all.append(position)
            let years = Set(details.finishedDates.map(\.year))
            if years.isEmpty {
                undated.append(position)
                undatedRereads += max(0, finished.count - 1)
            }
            for year in years { byYear[year, default: []].append(position) }
            for reading in finished.dropFirst() {
                if let year = reading.finished?.year { rereads[year, default: 0] += 1 }
            }
        }
    }
}
