import Foundation
import GRDB
import Testing

@testable import BookplateKit

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
        #expect(statistics.contains("2 books read, \(Int.max) pages"))
        #expect(statistics.contains("Pages read per year"))
    }
}
