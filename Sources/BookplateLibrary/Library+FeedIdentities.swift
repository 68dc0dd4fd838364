import BookplateCore
import GRDB

extension Book {
    /// The numbers a book may carry from a file: a slug that a million books have had is a
    /// file's mistake, and a number that large would leave no next one.
    static let feedNumberRange = 1...1_000_000
}

extension Library {
    /// Gives `book`, arriving on the shelf, its number among the books that have had its slug
    /// (``Book/feedNumber``), and keeps that number as given for good, so that no later book has
    /// it. `carried` is the number the book had on the shelf it came from (Bookplate's own
    /// export): it keeps that one unless a book here had it; any other book takes the number
    /// after the highest its slug has had, and a slug no book has had gives none (the first).
    /// A book `restore` brings back does not arrive: it has its number already.
    static func arrive(_ book: inout Book, carrying carried: Int?, in db: Database) throws {
        let numbers = try Int.fetchSet(
            db.cachedStatement(sql: "SELECT number FROM feedIdentity WHERE slug = ?"), arguments: [book.slug])
        let number =
            carried.flatMap { Book.feedNumberRange.contains($0) && !numbers.contains($0) ? $0 : nil }
            ?? (numbers.max().map { $0 + 1 } ?? 1)
        book.feedNumber = number > 1 ? number : nil
        try db.cachedStatement(sql: "INSERT INTO feedIdentity (slug, number) VALUES (?, ?)").execute(
            arguments: [book.slug, number])
    }

    /// The numbers each slug's books had (``Book/feedNumber``, 1 for the first) that no book on
    /// the shelf and no removed book has: those of books purged, which Bookplate's own export
    /// carries so that no book is given them where it is imported either.
    public func feedNumbersGone() throws -> [String: [Int]] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT slug, number FROM feedIdentity AS given
                    WHERE NOT EXISTS (
                        SELECT 1 FROM book WHERE book.slug = given.slug AND coalesce(feedNumber, 1) = given.number)
                    AND NOT EXISTS (
                        SELECT 1 FROM removedBook AS copy WHERE copy.slug = given.slug
                        AND coalesce(
                            CASE WHEN json_valid(snapshot) THEN json_extract(snapshot, '$.book.feedNumber') END, 1)
                            = given.number)
                    ORDER BY slug, number
                    """)
            return Dictionary(grouping: rows, by: { $0["slug"] as String }).mapValues { $0.map { $0["number"] } }
        }
    }

    /// Keeps `numbers` (``feedNumbersGone()`` of another library) as given, so that no book
    /// arriving here is given them; a slug or number no library makes is left out.
    static func rememberFeedNumbersGone(_ numbers: [String: [Int]], in db: Database) throws {
        for (slug, numbers) in numbers where Slug.isValid(slug) {
            for number in numbers where Book.feedNumberRange.contains(number) {
                try db.cachedStatement(sql: "INSERT OR IGNORE INTO feedIdentity (slug, number) VALUES (?, ?)")
                    .execute(arguments: [slug, number])
            }
        }
    }
}
