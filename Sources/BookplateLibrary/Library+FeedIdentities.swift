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
}
