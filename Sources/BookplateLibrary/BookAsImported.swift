import BookplateCore
import Foundation
import GRDB

/// A book's reader fields as one source's file gave them at its last import. Without it an
/// import could not tell a value the file changed since (to take) from one the file still says
/// while the reader changed it in Bookplate (to leave): importing the same Goodreads export again
/// put back a rating the reader had changed or cleared, and a status the reader had moved on.
struct BookAsImported: Equatable {
    var source: ImportSource
    /// The status and its dates, as one: a file that still says "to read" has no news of them.
    var status: ReadingStatus
    var startedDate: PartialDate?
    var finishedDate: PartialDate?
    var rating: Rating?
    var privateNotes: String?
    var owned: Bool?
    /// The book's reads, as one: nil when the library does not remember them (an import before
    /// it did).
    var reads: [ReadRecord]?

    /// Whether the file says something else of the status and its dates than it said last time.
    func changesStatus(since last: BookAsImported?) -> Bool {
        guard let last else { return true }
        return (status, startedDate, finishedDate) != (last.status, last.startedDate, last.finishedDate)
    }

    /// Whether the file tells of other reads than it did last time. Its reads are looked at only
    /// then, and only those it did not tell of before are taken in
    /// (``ReadRecord/merging(_:into:told:)``): a read the reader corrected or removed in Bookplate
    /// came back with every import of the same file, and the book read once said "Read 2 times".
    func changesReads(since last: BookAsImported?) -> Bool {
        guard let earlier = last?.reads else { return true }
        return reads != earlier
    }

    /// What `source` last gave of the book `bookId`; nil when it never gave it (or gave it before
    /// the library remembered: a library of an older Bookplate).
    static func last(ofBookId bookId: Int64, from source: ImportSource, in db: Database) throws -> BookAsImported? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM bookAsImported WHERE bookId = ? AND source = ?"),
            arguments: [bookId, source.rawValue]
        ).map { row in
            BookAsImported(
                source: source, status: row["status"] ?? .toRead, startedDate: row["startedDate"],
                finishedDate: row["finishedDate"], rating: row["ratingQuarters"], privateNotes: row["privateNotes"],
                owned: row["owned"],
                // A value that cannot be read is reads not remembered: the file's are merged, and
                // a merge never takes a read away.
                reads: (row["reads"] as String?).flatMap {
                    try? JSONDecoder().decode([ReadRecord].self, from: Data($0.utf8))
                })
        }
    }

    /// Keeps this as what the file said of the book `bookId`.
    func save(forBookId bookId: Int64, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO bookAsImported
                    (bookId, source, status, startedDate, finishedDate, ratingQuarters, privateNotes, owned, reads)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            bookId, source.rawValue, status, startedDate, finishedDate, rating, privateNotes, owned,
            try reads.map { String(decoding: try Self.readsEncoder.encode($0), as: UTF8.self) },
        ])
    }

    /// Reads as the table keeps them: the same reads, the same text.
    private static let readsEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
}
