import BookplateCore
import GRDB

// Questions about the library as a whole that exports and the site ask: the SQL stays here.
extension Library {
    /// The catalogs any book's facts or cover came from, for the site's footer.
    public func catalogSources() throws -> Set<FieldSource> {
        try read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT
                      EXISTS(SELECT 1 FROM book WHERE provenance LIKE '%"google"%'
                        OR coverURL LIKE '%books.google.com%' OR coverURL LIKE '%googleusercontent.com%'
                        OR coverURL LIKE '%googleapis.com%') AS google,
                      EXISTS(SELECT 1 FROM book WHERE provenance LIKE '%"openlibrary"%'
                        OR coverURL LIKE '%openlibrary.org%') AS openLibrary
                    """)
            var sources = Set<FieldSource>()
            if row?["google"] == true { sources.insert(.google) }
            if row?["openLibrary"] == true { sources.insert(.openLibrary) }
            return sources
        }
    }
}

extension Library {
    /// The ids other services gave each book (Goodreads', LibraryThing's…), by book slug, then
    /// by service.
    public func externalIDsBySlug() throws -> [String: [String: String]] {
        try read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT book.slug, source, value FROM externalID JOIN book ON book.id = bookId ORDER BY externalID.rowid"
            )
            .reduce(into: [String: [String: String]]()) { ids, row in
                ids[row["slug"], default: [:]][row["source"]] = row["value"]
            }
        }
    }

    /// How many books and authors the library has: what a build that loads neither tells.
    public func counts() throws -> (books: Int, authors: Int) {
        try read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM book") ?? 0,
                // Authors kept with no book are not the shelf's.
                try Int.fetchOne(db, sql: "SELECT count(DISTINCT authorId) FROM bookAuthor") ?? 0
            )
        }
    }

    /// Every book's slug, in the order the books joined the library.
    public func slugsInTheOrderAdded() throws -> [String] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT slug FROM book ORDER BY id").map { $0["slug"] as String }
        }
    }
}
