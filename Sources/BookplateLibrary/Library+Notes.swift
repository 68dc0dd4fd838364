import BookplateCore
import Foundation
import GRDB

extension Library {
    /// The hash of the Markdown an import wrote, by book slug, for every note an import wrote:
    /// such a note is rendered safely, whatever the reader allows in their own notes, until they
    /// edit it (and so its Markdown no longer has this hash).
    package func importedNoteHashes() throws -> [String: String] {
        try read { db in
            var hashes: [String: String] = [:]
            let rows = try GRDB.Row.fetchCursor(
                db,
                sql:
                    "SELECT book.slug, importedNote.markdownHash FROM importedNote JOIN book ON book.id = importedNote.bookId"
            )
            while let row = try rows.next() { hashes[row[0]] = row[1] }
            return hashes
        }
    }

    /// Remembers which notes an import wrote (book slug → the Markdown written), so that they are
    /// never rendered with raw HTML until the reader edits them.
    public func recordImportedNotes(_ notes: [String: String]) throws {
        guard !notes.isEmpty else { return }
        let entries = notes.sorted { $0.key < $1.key }.map { (slug: $0.key, markdown: $0.value) }
        try write { db in try Library.recordImportedNotes(entries, in: db) }
    }

    /// Remembers `notes` as imported, in the transaction of `db`.
    static func recordImportedNotes(_ notes: [(slug: String, markdown: String)], in db: Database) throws {
        guard !notes.isEmpty else { return }
        let hashes = Parallel.map(notes.map(\.markdown)) { ImportedNoteText.hash(of: $0) }
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO importedNote (bookId, markdownHash) SELECT id, ? FROM book WHERE slug = ?
                ON CONFLICT(bookId) DO UPDATE SET markdownHash = excluded.markdownHash
                """)
        for (note, hash) in zip(notes, hashes) {
            try statement.execute(arguments: [hash, note.slug])
        }
    }

    /// Which library this is and which state of it, in what the site shows: a library's id, its
    /// count of changes and a random token drawn at each change, so that no two states of any two
    /// libraries (a backup restored and edited again included) give the same answer.
    package func revision() throws -> String {
        try read { db in
            let row = try GRDB.Row.fetchOne(
                db, sql: "SELECT instance, value, change FROM libraryRevision WHERE id = 1")
            let instance = row?["instance"] as String? ?? ""
            return "\(instance)/\(row?["value"] as Int? ?? 0)/\(row?["change"] as String? ?? "")"
        }
    }
}
