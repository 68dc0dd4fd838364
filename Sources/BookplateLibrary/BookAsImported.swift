import BookplateCore
import Foundation
import GRDB

/// A book's reader fields as one source's file gave them at its last import. Without it an
/// import could not tell a value the file changed since (to take) from one the file still says
/// while the reader changed it in Bookplate (to leave): importing the same Goodreads export again
/// put back a rating the reader had changed or cleared, and a status the reader had moved on.
/// Bookplate's own export carries it with each book, so that a shelf moved by the export follows
/// a reading log as the shelf it came from does.
package struct BookAsImported: Equatable, Sendable {
    package var source: ImportSource
    /// The status and its dates, as one: a file that still says "to read" has no news of them.
    package var status: ReadingStatus
    package var startedDate: PartialDate?
    package var finishedDate: PartialDate?
    package var rating: Rating?
    package var privateNotes: String?
    package var owned: Bool?
    /// The book's reads, as one: nil when the library does not remember them (an import before
    /// it did).
    package var reads: [ReadRecord]?

    package init(
        source: ImportSource, status: ReadingStatus, startedDate: PartialDate?, finishedDate: PartialDate?,
        rating: Rating?, privateNotes: String?, owned: Bool?, reads: [ReadRecord]?
    ) {
        self.source = source
        self.status = status
        self.startedDate = startedDate
        self.finishedDate = finishedDate
        self.rating = rating
        self.privateNotes = privateNotes
        self.owned = owned
        self.reads = reads
    }

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
        ).map { BookAsImported(row: $0, source: source) }
    }

    /// What each source last gave of each book, by the book's slug, each book's sources in the
    /// order of their names: what Bookplate's own export carries of them. A source this Bookplate
    /// does not know is left out, as no import of it can ask.
    static func all(in db: Database) throws -> [String: [BookAsImported]] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT book.slug, bookAsImported.* FROM bookAsImported JOIN book ON book.id = bookId
                ORDER BY bookId, source
                """
        ).reduce(into: [String: [BookAsImported]]()) { bySlug, row in
            guard let source = ImportSource(rawValue: row["source"] as String) else { return }
            bySlug[row["slug"] as String, default: []].append(BookAsImported(row: row, source: source))
        }
    }

    private init(row: Row, source: ImportSource) {
        self.init(
            source: source, status: row["status"] ?? .toRead, startedDate: row["startedDate"],
            finishedDate: row["finishedDate"], rating: row["ratingQuarters"], privateNotes: row["privateNotes"],
            owned: row["owned"],
            // A value that cannot be read is reads not remembered: the file's are merged, and
            // a merge never takes a read away.
            reads: (row["reads"] as String?).flatMap {
                try? JSONDecoder().decode([ReadRecord].self, from: Data($0.utf8))
            })
    }

    /// Keeps this as what the file said of the book `bookId`; with `replacing` false, only when
    /// the library remembers nothing of the source for the book yet.
    func save(forBookId bookId: Int64, replacing: Bool = true, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR \(replacing ? "REPLACE" : "IGNORE") INTO bookAsImported
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
