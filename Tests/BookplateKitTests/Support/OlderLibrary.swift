import Foundation
import GRDB

@testable import BookplateLibrary

/// A library file as a Bookplate of version 6 of the schema wrote it, with its books written
/// against that schema: what later versions must upgrade.
enum OlderLibrary {
    /// A book of the time: its slug, title and description (plain text then).
    typealias Row = (slug: String, title: String, description: String)

    static func make(_ folderName: String, books: [Row]) throws -> URL {
        let file = try TestPaths.temporaryFolder(folderName).appendingPathComponent("library.sqlite")
        let old = try DatabaseQueue(path: file.path)
        try LibraryMigrations.migrator.migrate(old, upTo: "v6-library-instance")
        try old.write { db in
            for book in books {
                try db.execute(
                    sql: "INSERT INTO book (slug, title, description, status, addedAt) VALUES (?, ?, ?, ?, ?)",
                    arguments: [book.slug, book.title, book.description, "to-read", TemporaryShelf.fixedDate])
            }
        }
        try old.close()
        return file
    }
}
