import Foundation
import GRDB
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Records no catalog or import should have let in, which the build must survive all the same:
/// an older library, or one another tool wrote, may hold them.
@Suite struct HostileRecordsSiteTests {
    @Test func booksWithIntMaxPagesStillBuildTheStatistics() throws {
        let shelf = try TemporaryShelf()
        for title in ["Endless", "Also Endless"] {
            try shelf.library.addBook(
                NewBook(
                    title: title, authors: ["A. Writer"], pageCount: 100, status: .read,
                    finishedDate: try PartialDate(parsing: "2025-03-01")))
        }
        try shelf.library.write { db in
            try db.execute(sql: "UPDATE book SET pageCount = ?", arguments: [Int.max])
        }
        try shelf.build()
        let statistics = try shelf.siteFile("stats/index.html")
        #expect(statistics.contains("2 books read, 9,223,372,036,854,775,807 pages"))
        #expect(statistics.contains("Pages read per year"))
        #expect(try shelf.siteFile("stats/2025/index.html").contains("<dd>9,223,372,036,854,775,807</dd>"))
    }

    /// Open Library lists some works twice, under two keys or one: the author page once.
    @Test func worksTheCatalogListsTwiceAreListedOnce() throws {
        let shelf = try TemporaryShelf()
        let works = [
            NewWork(key: "OL1W", title: "Dawn", year: 1987), NewWork(key: "OL2W", title: "Dawn", year: 1987),
            NewWork(key: "OL3W", title: " DAWN"), NewWork(key: "OL4W", title: "Wild Seed", year: 1980),
            NewWork(key: "OL1W", title: "Dawn", year: 1987),
        ]
        try shelf.library.addBook(
            NewBook(title: "Kindred", authors: [NewAuthor(name: "Octavia E. Butler", works: works)]))
        #expect(try shelf.library.findAuthor(matching: "butler").works.map(\.title) == ["Dawn", "Wild Seed"])
        try shelf.build()
        let page = try shelf.siteFile("authors/octavia-e-butler/index.html")
        #expect(page.components(separatedBy: "<li><bdi>Dawn").count == 2 && page.contains("<li><bdi>Wild Seed"))
    }

    /// Noncharacters (U+FFFE, U+FDD0, the last two of a plane) were left out of a page's text but
    /// kept in its schema.org data, its note and the search index, and a passage's control
    /// character stayed in the index (found by an exploratory session). Every file the site
    /// writes now has what no site may publish left out (``PublishedText``), as its pages' text has.
    @Test func noFileOfTheSiteHoldsANoncharacterOrAControlCharacter() throws {
        // Swift's literals cannot hold a noncharacter.
        func non(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(
                title: "Nonchars \(non(0xFFFE)) \(non(0xFDD0))\(non(0xFFFF)) end",
                authors: [NewAuthor(name: "Non \(non(0x1FFFF)) Author")]))
        let slug = try #require(try shelf.library.snapshot().books.first?.book.slug)
        try shelf.writeNote("A note \(non(0xFFFE)) here, &#x1FFFE;\(non(0x10FFFF))&#xFDEF; and there.\n", slug: slug)
        _ = try shelf.library.addHighlight(
            NewHighlight(
                text: "A passage \(non(0x2FFFE))\(non(0xFDEF))", note: "Its note \(non(0xFFFF))", source: .reader),
            toBook: slug)
        try shelf.build(settings: SiteSettings(baseURL: URL(string: "https://books.example.org/shelf/")))
        let files = try TemporaryShelf.snapshot(of: shelf.paths.site)
        for (path, data) in files where [".html", ".xml", ".js", ".json"].contains(where: path.hasSuffix) {
            let text = String(decoding: data, as: UTF8.self)
            let unpublishable = text.unicodeScalars.filter { !PublishedText.isPublishable($0) }
            #expect(unpublishable.isEmpty, "\(path): \(unpublishable.map { String($0.value, radix: 16) })")
        }
        let page = try shelf.siteFile("books/\(slug)/index.html")
        #expect(page.contains(#""name":"Nonchars   end""#))
        #expect(page.contains(#""name":"Non  Author""#))
        #expect(page.contains("A note  here"))
        #expect(try shelf.siteFile("search-index.js").contains(#""h":"A passage ""#))
        for scalar in [0xFFFE, 0xFFFF, 0xFDD0, 0xFDEF, 0x1FFFE, 0x10FFFF, 0x1, 0x85] {
            #expect(!PublishedText.isPublishable(Unicode.Scalar(scalar)!), "\(scalar)")
        }
        for scalar in [0xFFFD, 0xFDCF, 0xFDF0, 0x1FFFD, 0x20000, 0xA0, 0x09, 0x0A, 0x0D] {
            #expect(PublishedText.isPublishable(Unicode.Scalar(scalar)!), "\(scalar)")
        }
    }

    /// A title ending in an unclosed right-to-left override (U+202E) turned " — My Shelf" after it
    /// around in `<title>`, `og:title` and the feed's titles, plain text where no markup can
    /// isolate it. Found by an exploratory session. There a name holding a directional control or
    /// a right-to-left letter is isolated (U+2068 … U+2069), and every other keeps its bytes.
    @Test func aTitleWithAnOverrideTurnsNothingAfterItAroundInPlainText() throws {
        let shelf = try TemporaryShelf()
        let finished = try PartialDate(parsing: "2025-01-02")
        try shelf.library.addBook(
            NewBook(title: "Override \u{202E}", authors: ["Ann Author"], status: .read, finishedDate: finished))
        try shelf.library.addBook(
            NewBook(title: "Kindred", authors: ["אורה כהן"], status: .read, finishedDate: finished))
        try shelf.library.addBook(
            NewBook(title: "Dune", authors: ["Frank Herbert"], status: .read, finishedDate: finished))
        var settings = SiteSettings()
        settings.title = "My Shelf"
        settings.baseURL = URL(string: "https://example.org/")
        try shelf.build(settings: settings)
        let isolated = "\u{2068}Override \u{202E}\u{2069}"
        let page = try shelf.siteFile("books/override/index.html")
        #expect(page.contains("<title>\(isolated) — My Shelf</title>"))
        #expect(page.contains(#"<meta property="og:title" content="\#(isolated)">"#))
        let feed = try shelf.siteFile("feed.xml")
        #expect(feed.contains("<title>Finished: \(isolated) by Ann Author</title>"))
        #expect(feed.contains("<title>Finished: Kindred by \u{2068}אורה כהן\u{2069}</title>"))
        // Titles and names of no right-to-left text are as they were, byte for byte.
        let dune = try shelf.siteFile("books/dune/index.html")
        #expect(dune.contains("<title>Dune — My Shelf</title>"))
        #expect(dune.contains(#"<meta property="og:title" content="Dune">"#))
        #expect(feed.contains("<title>Finished: Dune by Frank Herbert</title>"))
        #expect(!dune.contains("\u{2068}"))
        // A cover's label and the page's description are plain text too.
        #expect(page.contains(#"<meta name="description" content="\#(isolated) by Ann Author">"#))
        #expect(try shelf.siteFile("authors/ann-author/index.html").contains(#"aria-label="Cover of \#(isolated)""#))
    }
}

/// Settings files written by hand, wrong in ways the reader should be told about in one line.
@Suite struct HostileSettingsTests {
    @Test func aSettingGivenTwiceIsOneLineNamingTheFileTheLineAndTheKey() throws {
        let url = try TestPaths.temporaryFolder("settings").appendingPathComponent("site.yaml")
        try Data("title: One\nowner: Me\n\ntitle: Two\n".utf8).write(to: url)
        let error = SettingsError.duplicateKey(path: url.path, line: 4, firstLine: 1, key: "title")
        #expect(throws: error) { try SiteSettings.load(from: url) }
        #expect(error.description == "\(url.path):4: 'title' is set twice (first on line 1): keep one of them")
    }
}
