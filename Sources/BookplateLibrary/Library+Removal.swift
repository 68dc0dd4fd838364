import BookplateCore
import Foundation
import GRDB

/// A book `remove` took off the shelf, kept until `remove --purge` so that `restore` can bring it
/// back with its authors, shelves, reads and the note and cover that were set aside.
public struct RemovedBook: Sendable, Equatable {
    public var id: Int64
    public var slug: String
    public var title: String
    /// Its authors' names, in credit order: two removed books may share a title and a slug.
    public var authors: [String]
    public var removedAt: Date
    /// Where the note and the cover were set aside, relative to the notes and covers folders.
    public var noteFile: String?
    public var coverFile: String?
    /// Its ISBN-13, which tells two removed copies of one book apart (`restore 9780441172719`).
    public var isbn13: String? = nil
}

/// What a kept copy (``RemovedBookSnapshot``) is known by without reading the whole of it: its
/// title, ISBN, authors and ids, for the list of removed books and for an import to match.
struct RemovedBookIdentity: Decodable {
    struct Kept: Decodable {
        var title: String
        var subtitle: String?
        var isbn13: String?
        var rating: Rating?
    }
    struct Name: Decodable { var name: String }
    struct ID: Decodable {
        var source: String
        var value: String
    }
    var book: Kept
    var authors: [Name]
    /// Optional, so that a copy is named by its authors whatever else it lacks.
    var externalIDs: [ID]?
    /// Nil in copies kept before books had reads.
    var reads: [ReadRecord]?
    /// The passages it kept; nil in copies kept before books had highlights.
    var highlights: [Passage]?
    struct Passage: Decodable { var text: String }

    /// Whether the copy is known by no more than its title and authors: no subtitle, ISBN,
    /// rating or read (see `BookImporter.bareBooks`).
    var isBare: Bool {
        book.subtitle == nil && book.isbn13 == nil && book.rating == nil && (reads ?? []).isEmpty
    }
}

/// A removed copy as an import matches it: a reading log's and a highlight file's alike.
struct RemovedCopyIdentity {
    var slug: String
    var kept: RemovedBookIdentity
    /// Whether `restore SLUG` brings this very copy back: it is the latest removal of its slug,
    /// and no book on the shelf has taken the slug since.
    var restoredBySlug: Bool

    /// The copy as an import names it, for `restore`.
    var row: RemovedRow {
        RemovedRow(
            slug: slug, title: kept.book.title, authors: kept.authors.map(\.name), restoredBySlug: restoredBySlug)
    }

    /// Every removed copy whose kept identity can be read, the latest removed first: the latest
    /// removal of a book is the one an import names. (A copy that cannot be read is left to
    /// `restore`, which says so.) The reading logs' import and the highlights' loaded them each
    /// its own way, and disagreed on a copy whose slug a book had taken since (found by a
    /// review).
    static func all(in db: Database, shelfSlugs: Set<String>) throws -> [RemovedCopyIdentity] {
        var seen: Set<String> = []
        return try Library.removedBookRows(latestFirst: true, in: db)
            .compactMap { row in
                let slug: String = row["slug"]
                let latestOfSlug = seen.insert(slug).inserted
                guard
                    let kept = try? JSONDecoder().decode(
                        RemovedBookIdentity.self, from: Data((row["snapshot"] as String).utf8))
                else { return nil }
                return RemovedCopyIdentity(
                    slug: slug, kept: kept, restoredBySlug: latestOfSlug && !shelfSlugs.contains(slug))
            }
    }
}

/// Everything the library held about a book, as it was when removed.
struct RemovedBookSnapshot: Codable {
    var book: Book
    /// In the order the book lists them, each with its works.
    var authors: [Author]
    var works: [String: [NewWork]]
    var shelves: [String]
    var externalIDs: [ExternalID]
    var importedNoteHash: String?
    /// Nil in copies kept before books had reads: the book's status and dates tell its one read.
    var reads: [ReadRecord]?
    /// For each of ``reads`` a status change set aside, how it stood before (so that setting the
    /// status again gives it back after `restore` too); nil in copies kept before.
    var readsSetAsideFrom: [ReadOutcome?]?
    /// Nil in copies kept before books had series.
    var series: [SeriesPlace]?
    /// Nil in copies kept before books had highlights.
    var highlights: [Highlight]?

    struct ExternalID: Codable {
        var source: String
        var value: String
    }

    /// What a copy kept by an older Bookplate said of its book that the book no longer has: the
    /// read count of the library before reads (v11).
    private struct KeptBefore: Decodable {
        struct Kept: Decodable { var readCount: Int? }
        var book: Kept
    }

    /// The kept copy in `json`, as the library's migrations made its books since the copy was
    /// kept. A copy an older Bookplate kept skipped them: restored, a book read three times came
    /// back read once and its `jpn` stayed `jpn`, where the same book left on the shelf had three
    /// reads and `ja` (found by an exploratory session). Its reads are those the reads migration
    /// gives a book (``ReadRecord/fromBeforeReads(status:started:finished:count:)``), and its
    /// language the code v24 keeps (``LanguageCode/normalized(_:)``).
    static func decode(_ json: String) throws -> RemovedBookSnapshot {
        let data = Data(json.utf8)
        var snapshot = try JSONDecoder().decode(RemovedBookSnapshot.self, from: data)
        snapshot.book.language = snapshot.book.language.flatMap(LanguageCode.normalized)
        if snapshot.reads == nil {
            let count = (try? JSONDecoder().decode(KeptBefore.self, from: data))?.book.readCount
            snapshot.reads = ReadRecord.fromBeforeReads(
                status: snapshot.book.status, started: snapshot.book.startedDate,
                finished: snapshot.book.finishedDate, count: count)
        }
        return snapshot
    }
}

extension Library {
    /// Takes the book with `slug` off the shelf and keeps a copy of everything about it for
    /// `restore`, with where its note and cover were set aside, in one transaction. Returns the
    /// kept copy's id.
    @discardableResult
    public func removeBook(slug: String, at date: Date, noteFile: String? = nil, coverFile: String? = nil) throws
        -> Int64
    {
        try write { db in
            guard let book = try Book.filter(Book.Columns.slug == slug).fetchOne(db), let bookId = book.id else {
                throw LibraryError.noSuchBook(slug)
            }
            let details = try details(of: book, in: db)
            // In the order of `details.reads`, which are these reads' records.
            let setAsideFrom = try Read.of(bookId: bookId, in: db).map(\.setAsideFrom)
            var works: [String: [NewWork]] = [:]
            for author in details.authors {
                works[author.slug] = try AuthorWork.of(authorId: author.id, in: db).map(NewWork.init)
            }
            let externalIDs = try Row.fetchAll(
                db, sql: "SELECT source, value FROM externalID WHERE bookId = ? ORDER BY source, value",
                arguments: [bookId]
            ).map { RemovedBookSnapshot.ExternalID(source: $0[0], value: $0[1]) }
            let importedNoteHash = try String.fetchOne(
                db, sql: "SELECT markdownHash FROM importedNote WHERE bookId = ?", arguments: [bookId])
            let snapshot = RemovedBookSnapshot(
                book: book, authors: details.authors, works: works, shelves: details.shelves.map(\.name),
                externalIDs: externalIDs, importedNoteHash: importedNoteHash, reads: details.reads,
                readsSetAsideFrom: setAsideFrom.contains { $0 != nil } ? setAsideFrom : nil,
                series: details.series.map { SeriesPlace(name: $0.series.name, position: $0.position) },
                highlights: try Highlight.filter(Column("bookId") == bookId).fetchAll(db))
            let json = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
            try db.execute(
                sql: """
                    INSERT INTO removedBook (slug, title, removedAt, snapshot, noteFile, coverFile)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [book.slug, book.title, date, json, noteFile, coverFile])
            let id = db.lastInsertedRowID
            try Book.filter(Book.Columns.id == bookId).deleteAll(db)
            try deleteWhatNoBookHas(in: db)
            return id
        }
    }

    /// The removed copies of slugs no book on the shelf has, that say their note or cover was
    /// set aside, the latest of each slug first: where `remove` and `restore` may have been cut
    /// short (see `BookRemoval.finishInterrupted()`).
    public func removedFilesOfSlugsNoBookHas() throws -> [(slug: String, noteFile: String?, coverFile: String?)] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT slug, noteFile, coverFile FROM removedBook AS copy
                    WHERE (noteFile IS NOT NULL OR coverFile IS NOT NULL)
                    AND NOT EXISTS (SELECT 1 FROM book WHERE book.slug = copy.slug)
                    ORDER BY slug, removedAt DESC, id DESC
                    """
            ).map { (slug: $0["slug"], noteFile: $0["noteFile"], coverFile: $0["coverFile"]) }
        }
    }

    /// The removed books `restore` can bring back, the latest first.
    public func removedBooks() throws -> [RemovedBook] {
        try read { db in
            try Library.removedBookRows(latestFirst: true, in: db).map { row in
                // The authors' names are read from the kept copy, and nothing else of it; a copy
                // that cannot be read names none.
                let kept = try? JSONDecoder().decode(
                    RemovedBookIdentity.self, from: Data((row["snapshot"] as String).utf8))
                return Library.removedBook(row, authors: kept?.authors.map(\.name) ?? [], isbn13: kept?.book.isbn13)
            }
        }
    }

    /// Every removed book's row with its kept copy's JSON (`snapshot`), the latest removed first
    /// or the earliest.
    static func removedBookRows(latestFirst: Bool, in db: Database) throws -> [Row] {
        let order = latestFirst ? "removedAt DESC, id DESC" : "removedAt, id"
        return try Row.fetchAll(
            db,
            sql: "SELECT id, slug, title, removedAt, noteFile, coverFile, snapshot FROM removedBook ORDER BY \(order)")
    }

    /// The removed book a row of ``removedBookRows(latestFirst:in:)`` is, by its authors' names.
    static func removedBook(_ row: Row, authors: [String], isbn13: String? = nil) -> RemovedBook {
        RemovedBook(
            id: row["id"], slug: row["slug"], title: row["title"], authors: authors, removedAt: row["removedAt"],
            noteFile: row["noteFile"], coverFile: row["coverFile"], isbn13: isbn13)
    }

    /// The removed book `query` means: an ISBN or a slug (its latest removal), or part of a title or
    /// of an author's name (case and accents ignored) that only one removed book has. Two removed
    /// books that share a slug (another "Dune") are told apart by their authors, or two copies of
    /// one book by their ISBNs: a query that fits both is ambiguous, and says each. (The older of
    /// two copies of one book could not be brought back at all: found by an exploratory session.)
    public func findRemovedBook(matching query: String) throws -> RemovedBook {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        let removed = try removedBooks()
        if let isbn = ISBN.parse(trimmed) {
            guard let copy = removed.first(where: { $0.isbn13 == isbn.isbn13 }) else {
                throw LibraryError.noSuchRemovedBook(query)
            }
            return copy
        }
        if let exact = removed.first(where: { $0.slug == trimmed.lowercased() }) { return exact }
        let wanted = TextFolding.searchKey(trimmed)
        let found = removed.filter { book in
            !wanted.isEmpty
                && ([book.title] + book.authors).contains(where: { TextFolding.searchKey($0).contains(wanted) })
        }
        switch found.count {
        case 0: throw LibraryError.noSuchRemovedBook(query)
        case 1: return found[0]
        default:
            throw LibraryError.ambiguousRemovedBook(
                query,
                candidates: found.map {
                    "\($0.slug) by \($0.authors.isEmpty ? "no one named" : $0.authors.joined(separator: ", "))"
                        + ($0.isbn13.map { ", ISBN \($0)" } ?? "")
                })
        }
    }

    /// How many removed books have `slug`.
    public func removedCopies(ofSlug slug: String) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM removedBook WHERE slug = ?", arguments: [slug]) ?? 0
        }
    }

    /// Refuses, as ``restoreBook(_:)`` would, to bring back `removed` over a book that has taken
    /// its slug or its ISBN since: asked before its note and cover move back into place, where
    /// they would be the other book's.
    public func checkRestorable(_ removed: RemovedBook) throws {
        try read { db in _ = try restorable(removed, in: db) }
    }

    /// The kept copy of `removed`, when nothing on the shelf stands in its way.
    private func restorable(_ removed: RemovedBook, in db: Database) throws -> RemovedBookSnapshot {
        guard
            let json = try String.fetchOne(
                db, sql: "SELECT snapshot FROM removedBook WHERE id = ?", arguments: [removed.id])
        else { throw LibraryError.noSuchRemovedBook(removed.slug) }
        let snapshot = try RemovedBookSnapshot.decode(json)
        if try Book.filter(Book.Columns.slug == snapshot.book.slug).fetchCount(db) > 0 {
            throw LibraryError.slugTaken(slug: snapshot.book.slug)
        }
        if let isbn = snapshot.book.isbn13, let holder = try Book.filter(Book.Columns.isbn13 == isbn).fetchOne(db) {
            throw LibraryError.isbnTaken(isbn: isbn, slug: holder.slug)
        }
        return snapshot
    }

    /// Puts a removed book back on the shelf as it was, and forgets the kept copy. Authors and
    /// shelves are found again by name (or Open Library key), or made again as they were.
    public func restoreBook(_ removed: RemovedBook) throws -> BookDetails {
        try write { db in
            let snapshot = try restorable(removed, in: db)
            var book = snapshot.book
            book.id = nil
            try book.insert(db)
            if let reads = snapshot.reads, let id = book.id {
                try Read.add(reads, setAsideFrom: snapshot.readsSetAsideFrom ?? [], toBookId: id, in: db)
            } else {
                try recordStatus(of: book, startsAnew: true, in: db)
            }
            if let series = snapshot.series, let id = book.id { try Library.setSeries(series, of: id, in: db) }
            for var highlight in snapshot.highlights ?? [] {
                guard let id = book.id else { break }
                highlight.bookId = id
                try highlight.insert(db, onConflict: .ignore)
            }
            // The passages the reader removed from it are its own again, under its new id: they
            // stayed with the old one, and a longer version of one came back, published (found by
            // a review).
            if let removedFrom = snapshot.book.id, let id = book.id {
                try db.execute(
                    sql: "UPDATE removedHighlight SET bookId = ? WHERE bookId = ?", arguments: [id, removedFrom])
            }
            let authors = snapshot.authors.map { author in
                NewAuthor(
                    name: author.name, openLibraryKey: author.openLibraryKey, bio: author.bio,
                    birthDate: author.birthDate, deathDate: author.deathDate, photoURL: author.photoURL,
                    links: author.links, works: snapshot.works[author.slug])
            }
            try setAuthors(authors, of: book, in: db)
            try addShelves(snapshot.shelves, to: book, in: db)
            for id in snapshot.externalIDs {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO externalID (bookId, source, value) VALUES (?, ?, ?)",
                    arguments: [book.id, id.source, id.value])
            }
            if let hash = snapshot.importedNoteHash {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO importedNote (bookId, markdownHash) VALUES (?, ?)",
                    arguments: [book.id, hash])
            }
            try db.execute(sql: "DELETE FROM removedBook WHERE id = ?", arguments: [removed.id])
            return try details(of: book, in: db)
        }
    }

    /// Forgets the kept copy `removed`, and returns it, so that its set-aside files can go too.
    /// Other removed books with the same slug (another book that once had it) stay.
    public func purgeRemovedBook(_ removed: RemovedBook) throws -> RemovedBook {
        try write { db in
            try db.execute(sql: "DELETE FROM removedBook WHERE id = ?", arguments: [removed.id])
            guard db.changesCount > 0 else { throw LibraryError.noSuchRemovedBook(removed.slug) }
            return removed
        }
    }

    /// Deletes the book with `slug` for good, in one transaction. Removed books that once had its
    /// slug are other books, and stay until they are purged by name.
    public func purgeBook(slug: String) throws {
        try write { db in
            guard try Book.filter(Book.Columns.slug == slug).deleteAll(db) > 0 else {
                throw LibraryError.noSuchBook(slug)
            }
            try deleteWhatNoBookHas(in: db)
        }
    }
}
