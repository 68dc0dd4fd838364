import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// A page per year of reading, with the month-by-month rhythm and, for the current year, the
/// pace towards the goal set in `site.yaml`.
@Suite struct YearPageTests {
    /// 2026-11-24, day 328 of 365.
    static let today = Date(timeIntervalSince1970: 1_795_478_400)

    static func shelf(readThisYear: Int) throws -> TemporaryShelf {
        let shelf = try TemporaryShelf(clock: .fixed(today))
        for number in 0..<readThisYear {
            try shelf.library.addBook(
                NewBook(
                    title: "This year \(number)", authors: ["A"], pageCount: 100 + number, status: .read,
                    rating: try Rating(number % 5 + 1),
                    finishedDate: try PartialDate(year: 2026, month: number % 11 + 1, day: 1)))
        }
        try shelf.library.addBook(
            NewBook(
                title: "Last year", authors: ["B"], pageCount: 1_234, status: .read,
                finishedDate: try PartialDate(parsing: "2025-06-30")))
        return shelf
    }

    /// The headline counted books read on no recorded date, and the table had no row for them:
    /// its rows added up to less (found by an exploratory session). A year whose books have no
    /// page count said "0" pages.
    @Test func booksReadOnNoRecordedDateHaveTheirRow() async throws {
        let shelf = try Self.shelf(readThisYear: 1)
        try shelf.library.addBook(NewBook(title: "Undated", authors: ["C"], pageCount: 50, status: .read))
        try shelf.library.addBook(
            NewBook(title: "Pageless", authors: ["D"], status: .read, finishedDate: try PartialDate(parsing: "2019")))
        try await shelf.buildOffPool()
        let stats = try shelf.siteFile("stats/index.html")
        #expect(stats.contains("4 books read, 1,384 pages"), "\(stats)")
        #expect(
            stats.contains(
                #"<tr><th scope="row"><a href="../read/undated/index.html">Date not recorded</a></th><td>1</td><td>0</td><td>50</td><td>–</td></tr>"#
            ), "\(stats)")
        #expect(stats.contains(#"<a href="2019/index.html">2019</a></th><td>1</td><td>0</td><td>–</td>"#))
        #expect(
            FileManager.default.fileExists(
                atPath: shelf.paths.site.appendingPathComponent("read/undated/index.html").path))
    }

    @Test func eachYearHasItsPageWithItsNumbersAndRhythm() async throws {
        let shelf = try YearPageTests.shelf(readThisYear: 12)
        try await shelf.buildOffPool()
        let year = try shelf.siteFile("stats/2026/index.html")
        #expect(year.contains("<h1>2026 in books</h1>"))
        #expect(year.contains("<div><dt>Books read</dt><dd>12</dd></div>"))
        // 100 + 101 + … + 111.
        #expect(year.contains("<div><dt>Pages read</dt><dd>1,266</dd></div>"))
        #expect(
            year.contains(
                "<tr><th scope=\"row\">Jan</th><td><span class=\"bar\" style=\"width: 100%\"></span> 2</td></tr>"))
        #expect(
            year.contains(
                "<tr><th scope=\"row\">Dec</th><td><span class=\"bar\" style=\"width: 0%\"></span> 0</td></tr>"))
        #expect(year.contains("<a href=\"../../read/2026/index.html\">Books finished in 2026</a>"))
        #expect(year.contains("<a href=\"../2025/index.html\" rel=\"prev\">← 2025</a>"))
        #expect(!year.contains("rel=\"next\""))
        #expect(year.contains("Longest: 111 pages · shortest: 100 pages"))
        // No goal set: no pace, and the page does not depend on the day it is built.
        #expect(!year.contains("class=\"goal\""))
        let last = try shelf.siteFile("stats/2025/index.html")
        #expect(last.contains("<div><dt>Pages read</dt><dd>1,234</dd></div>"))
        #expect(last.contains("<a href=\"../2026/index.html\" rel=\"next\">2026 →</a>"))
        let overview = try shelf.siteFile("stats/index.html")
        #expect(
            overview.contains(
                "<th scope=\"row\"><a href=\"2026/index.html\">2026</a></th><td>12</td><td>0</td><td>1,266</td>"))
        #expect(overview.contains("13 books read, 2,500 pages"))
    }

    @Test(arguments: [
        (12, 40, "12 of 40, 23 behind pace"),
        (35, 40, "35 of 40, on pace"),
        (37, 40, "37 of 40, 2 ahead of pace"),
        (40, 40, "40 of 40: goal reached"),
    ])
    func theGoalSaysHowTheReaderKeepsPace(read: Int, goal: Int, expected: String) async throws {
        // Day 328 of 365: a goal of 40 expects 35 books by now.
        let shelf = try YearPageTests.shelf(readThisYear: read)
        try await shelf.buildOffPool(settings: SiteSettings(goal: goal))
        #expect(try shelf.siteFile("stats/2026/index.html").contains("<strong>Reading goal</strong> · \(expected)</p>"))
        #expect(try shelf.siteFile("stats/index.html").contains(expected))
        #expect(try !shelf.siteFile("stats/2025/index.html").contains("class=\"goal\""))
    }

    @Test func aGoalIsReadFromTheSettingsAndBoundedThere() throws {
        let folder = try TestPaths.temporaryFolder("goal")
        let file = folder.appendingPathComponent("site.yaml")
        try Data("goal: 52\n".utf8).write(to: file)
        #expect(try SiteSettings.load(from: file).goal == 52)
        for bad in ["goal: 0", "goal: many", "goal: 1000000"] {
            try Data((bad + "\n").utf8).write(to: file)
            #expect(throws: SettingsError.self) { try SiteSettings.load(from: file) }
        }
    }

    @Test func theNextDaysBuildFollowsThePaceAndEqualsAFullOne() async throws {
        let shelf = try YearPageTests.shelf(readThisYear: 12)
        let settings = SiteSettings(goal: 40)
        try await shelf.buildOffPool(settings: settings)
        // The same library the next day: the pace moves, so the site is made again.
        let tomorrow = try Library.open(
            at: shelf.paths.library, clock: .fixed(YearPageTests.today.addingTimeInterval(86_400)))
        let report = try await OwnThread.run(throwing: {
            try SiteBuilder(library: tomorrow, paths: shelf.paths, settings: settings).build()
        })
        #expect(report.filesWritten > 0)
        let incremental = try TemporaryShelf.snapshot(of: shelf.paths.site)
        #expect(try shelf.siteFile("stats/2026/index.html").contains("12 of 40, 24 behind pace"))
        try await OwnThread.run(throwing: {
            try SiteBuilder(library: tomorrow, paths: shelf.paths, settings: settings).build(.full)
        })
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == incremental)
    }
}
