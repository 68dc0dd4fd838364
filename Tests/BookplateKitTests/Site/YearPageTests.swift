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

    /// What an exploratory session found the statistics telling wrong: a book set aside in 2025,
    /// whose one finished read has no date, counted as read in 2025; the row of books read on no
    /// recorded date said 0 re-reads whatever they were; the totals said "1 livre lus" and "0
    /// pages" where no book has a page count; a read dated later this year by a typo counted
    /// toward the goal; and a date known to the month read "Terminé le juillet 2026".
    @Test func theNumbersAndTheirWordsAreTrue() async throws {
        let shelf = try TemporaryShelf(clock: .fixed(Self.today))
        try shelf.library.addBook(NewBook(title: "Hotel", authors: ["Dan Jones"], pageCount: 300, status: .read))
        try shelf.library.addRead(
            toBook: "hotel",
            ReadRecord(
                started: try PartialDate(parsing: "2025-06-01"), finished: try PartialDate(parsing: "2025-06-10"),
                outcome: .setAside))
        try shelf.library.addBook(NewBook(title: "Twice", authors: ["Ann Other"], status: .read))
        try shelf.library.addRead(toBook: "twice", ReadRecord(outcome: .finished))
        try await shelf.buildOffPool()
        let stats = try shelf.siteFile("stats/index.html")
        #expect(!stats.contains(#"href="2025/index.html""#), "\(stats)")
        #expect(
            stats.contains(
                #"<tr><th scope="row"><a href="../read/undated/index.html">Date not recorded</a></th><td>2</td><td>1</td><td>300</td><td>–</td></tr>"#
            ), "\(stats)")
        #expect(stats.contains("2 books read, 300 pages"), "\(stats)")

        let pageless = try TemporaryShelf(clock: .fixed(Self.today))
        try pageless.library.addBook(
            NewBook(title: "Alone", authors: ["A"], status: .read, finishedDate: try PartialDate(parsing: "2026-07")))
        try await pageless.buildOffPool()
        #expect(try pageless.siteFile("stats/index.html").contains("<p class=\"lede\">1 book read</p>"))
        try await pageless.buildOffPool(settings: SiteSettings(language: "fr"))
        #expect(try pageless.siteFile("stats/index.html").contains("<p class=\"lede\">1 livre lu</p>"))
        #expect(try pageless.siteFile("books/alone/index.html").contains("Terminé en juillet 2026"))
        try pageless.library.addBook(
            NewBook(
                title: "Paged", authors: ["B"], pageCount: 120, status: .read,
                finishedDate: try PartialDate(parsing: "2026-03-01")))
        try await pageless.buildOffPool(settings: SiteSettings(language: "es"))
        #expect(
            try pageless.siteFile("stats/index.html").contains("<p class=\"lede\">2 libros leídos, 120 páginas</p>"))

        // Two books read by today, and one dated 20 December: a goal of 3 is not reached yet.
        try pageless.library.addBook(
            NewBook(
                title: "Typo", authors: ["C"], status: .read, finishedDate: try PartialDate(parsing: "2026-12-20")))
        try await pageless.buildOffPool(settings: SiteSettings(goal: 3))
        #expect(try pageless.siteFile("stats/2026/index.html").contains("<strong>Reading goal</strong> · 2 of 3"))
    }

    /// A year whose books have no page count said "Pages read 0" on its page and "–" in the
    /// table; an average of 0.25 stars was written "0.2" (printf rounds half to even), and 0.75
    /// "0.8". Found by an exploratory session.
    @Test func aYearsPageAgreesWithTheTableAndAveragesRoundHalfAwayFromZero() async throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(
                title: "Pageless", authors: ["D"], status: .read, rating: try Rating(quarters: 1),
                finishedDate: try PartialDate(parsing: "2019")))
        try shelf.library.addBook(
            NewBook(
                title: "Short", authors: ["E"], pageCount: 80, status: .read, rating: try Rating(quarters: 3),
                finishedDate: try PartialDate(parsing: "2018")))
        try await shelf.buildOffPool()
        let year = try shelf.siteFile("stats/2019/index.html")
        #expect(year.contains("<div><dt>Pages read</dt><dd>–</dd></div>"), "\(year)")
        #expect(year.contains("<div><dt>Average rating</dt><dd>0.3</dd></div>"), "\(year)")
        #expect(try shelf.siteFile("stats/2018/index.html").contains("<div><dt>Average rating</dt><dd>0.8</dd></div>"))
        let stats = try shelf.siteFile("stats/index.html")
        #expect(stats.contains(#"<a href="2019/index.html">2019</a></th><td>1</td><td>0</td><td>–</td><td>0.3</td>"#))
        let french = try Words.load(theme: .builtIn, language: "fr")
        #expect(
            [1, 3, 5, 25, 45, 50].map { french.decimal(tenths: $0) } == ["0,1", "0,3", "0,5", "2,5", "4,5", "5,0"])
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

    /// On an Arabic site the theme's fixed "← 2025" and "2026 →" were drawn right to left, both
    /// arrows pointing into the page (found by an exploratory session). Each arrow now points the
    /// way the page reads: back to the older year at the start of the line, on to the newer at its
    /// end; an English page keeps "← 2025" and "2026 →".
    @Test func theArrowsToTheYearsBesideFollowTheReadingDirection() async throws {
        let shelf = try YearPageTests.shelf(readThisYear: 2)
        let folder = shelf.paths.templates.appendingPathComponent("translations")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("everyYear: كل السنوات\n".utf8).write(to: folder.appendingPathComponent("ar.yaml"))
        var settings = SiteSettings()
        settings.language = "ar"
        try await shelf.buildOffPool(settings: settings)
        #expect(
            try shelf.siteFile("stats/2026/index.html").contains(#"<a href="../2025/index.html" rel="prev">→ 2025</a>"#)
        )
        #expect(
            try shelf.siteFile("stats/2025/index.html").contains(#"<a href="../2026/index.html" rel="next">2026 ←</a>"#)
        )
        try await shelf.buildOffPool()
        #expect(
            try shelf.siteFile("stats/2026/index.html").contains(#"<a href="../2025/index.html" rel="prev">← 2025</a>"#)
        )
        #expect(
            try shelf.siteFile("stats/2025/index.html").contains(#"<a href="../2026/index.html" rel="next">2026 →</a>"#)
        )
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
