import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Series as things of their own: read from titles, set by hand, shown on a page of their own.
@Suite struct SeriesTests {
    @Test(arguments: [
        ("1", "1"), ("#3", "3"), ("2.5", "2.5"), ("0.5", "0.5"), ("02", "2"), ("2.50", "2.5"), ("1-3", "1-3"),
        (" 12 ", "12"), ("100000", "100000"),
    ])
    func positionsAreNumbersOrRanges(text: String, shown: String) {
        #expect(SeriesPosition(parsing: text)?.text == shown)
    }

    @Test(arguments: [
        "", "NaN", "nan", "1e309", "inf", "-1", "one", "<script>", "../../x", "3-1", "1.2345", "1000001", "1-", "-",
        "1.", ".5", "1-2-3",
    ])
    func anythingElseIsNoPosition(text: String) {
        #expect(SeriesPosition(parsing: text) == nil)
    }

    @Test func aTitleNamesItsSeriesAtItsEnd() {
        func split(_ title: String) -> String {
            let (rest, places) = SeriesPlace.split(title: title)
            return ([rest] + places.map { "\($0.name)=\($0.position?.text ?? "-")" }).joined(separator: "|")
        }
        #expect(split("Dune (Dune, #1)") == "Dune|Dune=1")
        #expect(split("Dawn (Xenogenesis #1)") == "Dawn|Xenogenesis=1")
        #expect(split("Binti: Home (Binti, #2.5)") == "Binti: Home|Binti=2.5")
        #expect(split("Omnibus (Saga, #1-3)") == "Omnibus|Saga=1-3")
        #expect(split("Crossover (Series A, #2; Series B, #5)") == "Crossover|Series A=2|Series B=5")
        // Parentheses that name no numbered series stay in the title.
        #expect(split("Emma (Penguin Classics)") == "Emma (Penguin Classics)")
        #expect(split("Number (#1)") == "Number (#1)")
        #expect(split("Odd (Series, #NaN)") == "Odd (Series, #NaN)")
        #expect(split("(Dune, #1)") == "(Dune, #1)")
        #expect(split("Half (A, #1; B)") == "Half (A, #1; B)")
        #expect(split("Mark (alert(1), #1)") == "Mark|alert(1)=1")
        #expect(split("Unbalanced 1), #1)") == "Unbalanced 1), #1)")
        // Typed in full-width, as a Japanese keyboard types them (found by an exploratory session).
        #expect(split("ノルウェイの森（下） (ノルウェイの森, ＃２)") == "ノルウェイの森（下）|ノルウェイの森=2")
        #expect(SeriesPosition(parsing: "＃１２．５")?.text == "12.5")
        #expect(
            SeriesPlace.title("Dune", with: [SeriesPlace(name: "Dune", position: SeriesPosition(parsing: "1"))])
                == "Dune (Dune, #1)")
    }

    @Test func editSetsReplacesAndClearsTheSeriesAndAnEmptySeriesGoes() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(
                title: "Dune", authors: ["Frank Herbert"],
                series: [SeriesPlace(name: "Dune Chronicles", position: SeriesPosition(parsing: "1"))]))
        try library.addBook(NewBook(title: "Dune Messiah", authors: ["Frank Herbert"]))
        var messiah = try library.editBook(
            slug: "dune-messiah",
            BookEdit(series: [SeriesPlace(name: "dune chronicles", position: SeriesPosition(parsing: "2"))]))
        // The same series whatever the case it is named in.
        #expect(messiah.series.map(\.series.slug) == ["dune-chronicles"])
        #expect(try library.findBook(matching: "dune").series.first?.series == messiah.series.first?.series)
        messiah = try library.editBook(slug: "dune-messiah", BookEdit(series: [SeriesPlace(name: "Other")]))
        #expect(messiah.series.map(\.series.name) == ["Other"] && messiah.series.first?.position == nil)
        _ = try library.editBook(slug: "dune-messiah", BookEdit(series: []))
        let names = try library.snapshot().books.flatMap(\.series).map(\.series.name)
        #expect(names == ["Dune Chronicles"])
        #expect(try library.read { db in try Series.fetchCount(db) } == 1)
    }

    /// A series named with or without its leading article is one series, as a title sorts the
    /// same either way: "lord of the rings #2" typed by hand, or "(Lord of the Rings, #3)" in an
    /// export, made a second series beside "The Lord of the Rings", with a page of its own that
    /// said "#1 is not on your shelf". A shelf that already holds both keeps both: a name written
    /// as one of them is stored finds that one, by hand and by import alike.
    @Test func aSeriesNamedWithoutItsArticleIsTheSameSeries() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(
                title: "The Fellowship of the Ring", authors: ["J. R. R. Tolkien"],
                series: [SeriesPlace(name: "The Lord of the Rings", position: SeriesPosition(parsing: "1"))]))
        try library.addBook(
            NewBook(
                title: "The Two Towers", authors: ["J. R. R. Tolkien"],
                series: [SeriesPlace(name: "lord of the rings", position: SeriesPosition(parsing: "2"))]))
        let file = try TestPaths.temporaryFolder("series-article").appendingPathComponent("goodreads.csv")
        try Data(
            """
            Book Id,Title,Author,Exclusive Shelf
            1,"The Return of the King (Lord of the Rings, #3)",J. R. R. Tolkien,read
            2,"A Game of Thrones (Song of Ice and Fire, #1)",George R. R. Martin,read
            3,"A Clash of Kings (A Song of Ice and Fire, #2)",George R. R. Martin,read
            4,"Theory (Theseus, #1)",Ann Other,read
            5,"Thesis (The Seus, #1)",Ann Other,read

            """.utf8
        ).write(to: file)
        _ = try shelf.importer.run(file: file, as: .goodreads)
        let series = try library.read { db in try String.fetchAll(db, sql: "SELECT name FROM series ORDER BY id") }
        #expect(series == ["The Lord of the Rings", "Song of Ice and Fire", "Theseus", "The Seus"])
        let books = try library.snapshot().books
        #expect(books.allSatisfy { $0.series.count == 1 })
        #expect(
            Set(books.filter { $0.authors.map(\.name) == ["J. R. R. Tolkien"] }.map { $0.series[0].series.slug }).count
                == 1)

        // Both spellings already kept apart (by a Bookplate before this one): each finds its own.
        let apart = try TemporaryShelf()
        try apart.library.write { db in
            var first = Series(slug: "the-expanse", name: "The Expanse")
            try first.insert(db)
            var second = Series(slug: "expanse", name: "Expanse")
            try second.insert(db)
        }
        try apart.library.addBook(
            NewBook(title: "Leviathan Wakes", authors: ["James S. A. Corey"], series: [SeriesPlace(name: "Expanse")]))
        let again = try TestPaths.temporaryFolder("series-apart").appendingPathComponent("goodreads.csv")
        try Data(
            """
            Book Id,Title,Author,Exclusive Shelf
            1,"Caliban's War (Expanse, #2)",James S. A. Corey,read
            2,"Abaddon's Gate (The Expanse, #3)",James S. A. Corey,read
            3,"Cibola Burn (the expanse, #4)",James S. A. Corey,read

            """.utf8
        ).write(to: again)
        _ = try apart.importer.run(file: again, as: .goodreads)
        let placed = Dictionary(
            uniqueKeysWithValues: try apart.library.snapshot().books.map { ($0.book.slug, $0.series[0].series.slug) })
        #expect(
            placed == [
                "leviathan-wakes": "expanse", "calibans-war": "expanse", "abaddons-gate": "the-expanse",
                "cibola-burn": "the-expanse",
            ])
    }

    /// A series is deleted once no book has it, whichever way its last book leaves it: its
    /// series changed, or the book removed (a removed book's series stayed until another book's
    /// series were set). Only the series a book leaves are looked at: looking through every
    /// series once a book made an import of books in series quadratic (found by an exploratory
    /// session).
    @Test func aSeriesGoesWhenItsLastBookLeavesItWhateverTheWay() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        let series = {
            try library.read { db in try String.fetchAll(db, sql: "SELECT name FROM series ORDER BY name") }
        }
        try library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"], series: [SeriesPlace(name: "Dune")]))
        try library.addBook(
            NewBook(title: "Dune Messiah", authors: ["Frank Herbert"], series: [SeriesPlace(name: "Dune")]))
        try library.addBook(
            NewBook(
                title: "Emma", authors: ["Jane Austen"],
                series: [SeriesPlace(name: "Austen"), SeriesPlace(name: "Novels")]))
        try library.editBook(slug: "dune", BookEdit(series: [SeriesPlace(name: "Chronicles")]))
        #expect(try series() == ["Austen", "Chronicles", "Dune", "Novels"])
        try library.editBook(slug: "dune-messiah", BookEdit(series: [SeriesPlace(name: "Chronicles")]))
        #expect(try series() == ["Austen", "Chronicles", "Novels"])
        try library.editBook(slug: "emma", BookEdit(series: [SeriesPlace(name: "Novels")]))
        #expect(try series() == ["Chronicles", "Novels"])
        _ = try BookRemoval(library: library, paths: shelf.paths).remove(slug: "emma")
        #expect(try series() == ["Chronicles"])
    }

    @Test func importsTakeSeriesOutOfTitlesAndLeaveNothingHostileOnThePage() throws {
        let shelf = try TemporaryShelf()
        let many = (1...30).map { "S\($0), #\($0)" }.joined(separator: "; ")
        let file = try TestPaths.temporaryFolder("series-import").appendingPathComponent("goodreads.csv")
        try Data(
            """
            Book Id,Title,Author,Exclusive Shelf
            1,"Dune (Dune, #1)",Frank Herbert,read
            2,"Children of Dune (Dune, #3)",Frank Herbert,to-read
            3,"Tales (Dune, #0.5)",Frank Herbert,to-read
            4,"Mark (<script>alert(1)</script>, #1)",Hostile Tester,to-read
            5,"Dots (../../x, #2)",Hostile Tester,to-read
            6,"Crowd (\(many))",Hostile Tester,to-read
            7,"Far (Far Away, #99999)",Hostile Tester,to-read

            """.utf8
        ).write(to: file)
        let report = try shelf.importer
            .run(file: file, as: .goodreads)
        #expect(report.summary.added == ["dune", "children-of-dune", "tales", "mark", "dots", "crowd", "far"])
        #expect(report.summary.warnings.map(\.message) == ["the title names 30 series: the first 20 kept"])
        try shelf.build()
        let dune = try shelf.siteFile("series/dune/index.html")
        // In reading order, with what is missing between.
        let order = [
            "books/tales/index.html\">Tales<", "books/dune/index.html\">Dune<", "#2 is not on your shelf",
            "books/children-of-dune/index.html\">Children of Dune<",
        ].map { dune.range(of: $0)?.lowerBound }
        #expect(!order.contains(nil) && order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(dune.contains("#1 · Read") && dune.contains("#0.5 · To read") && dune.contains("3 books · 1 of 3 read"))
        let hostile = try shelf.siteFile("series/script-alert-1-script/index.html")
        #expect(!hostile.contains("<script>alert") && hostile.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(
            FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("series/x/index.html").path))
        #expect(try shelf.siteFile("series/far-away/index.html").contains("#1–#99,998 are not on your shelf"))
        #expect(
            try shelf.siteFile("books/dune/index.html").contains(
                "<a href=\"../../series/dune/index.html\" dir=\"auto\">Dune</a> · #1"))
        #expect(try shelf.siteFile("search-index.js").contains("Dune"))
    }
}
