import BookplateCore
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

    /// Whether the file says something else of the status and its dates than it said last time.
    func changesStatus(since last: BookAsImported?) -> Bool {
        guard let last else { return true }
        return (status, startedDate, finishedDate) != (last.status, last.startedDate, last.finishedDate)
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
                owned: row["owned"])
        }
    }

    /// Keeps this as what the file said of the book `bookId`.
    func save(forBookId bookId: Int64, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO bookAsImported
                    (bookId, source, status, startedDate, finishedDate, ratingQuarters, privateNotes, owned)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            bookId, source.rawValue, status, startedDate, finishedDate, rating, privateNotes, owned,
        ])
    }
}
