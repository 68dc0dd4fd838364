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
        #expect(page.components(separatedBy: "<li>Dawn").count == 2 && page.contains("<li>Wild Seed"))
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
