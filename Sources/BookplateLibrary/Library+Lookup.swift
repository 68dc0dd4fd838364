import BookplateCore
import Foundation
import GRDB

extension Library {
    /// Finds the one book the reader means by `query`: a slug, an ISBN (10 or 13, hyphens
    /// allowed), or an unambiguous part of a title (case and accents ignored), or else of a slug.
    public func findBook(matching query: String) throws -> BookDetails {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw LibraryError.noSuchBook(query) }
        return try findBook(trimmed: trimmed, query: query)
    }

    private func findBook(trimmed: String, query: String) throws -> BookDetails {
        try read { db in
            if let book = try Book.filter(Book.Columns.slug == trimmed.lowercased()).fetchOne(db) {
                return try details(of: book, in: db)
            }
            if let isbn = ISBN.parse(trimmed) {
                if let book = try Book.filter(Book.Columns.isbn13 == isbn.isbn13).fetchOne(db) {
                    return try details(of: book, in: db)
                }
                throw LibraryError.noSuchBook(query)
            }
            // A removed book's own slug is that book, which the reader should hear of `restore`
            // for: read as part of a title, `remove dune --yes` run again took Dune Messiah off
            // the shelf (found by an exploratory session).
            if try Int.fetchOne(
                db, sql: "SELECT count(*) FROM removedBook WHERE slug = ?", arguments: [trimmed.lowercased()]) ?? 0 > 0
            {
                throw LibraryError.removedBook(query)
            }
            let wanted = TextFolding.searchKey(trimmed)
            let books = try Book.order(Book.Columns.slug).fetchAll(db)
            // Each title folded once: folded for each use, a query that matched nothing took
            // most of a second on a shelf of long titles (found by an exploratory session).
            let titles = books.map { TextFolding.searchKey($0.title) }
            let matches = books.indices.filter { titles[$0].contains(wanted) }
            let exact = matches.filter { titles[$0] == wanted }
            let chosen = (exact.count == 1 ? exact : matches).map { books[$0] }
            switch chosen.count {
            case 0:
                // A part of a slug, as `list` shows them, when no title holds it: `show left-hand`
                // found nothing, and named no book either (found by an exploratory session).
                // Words are a slug's hyphens: `show master i` is master-i-margarita.
                let slugPart = trimmed.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: "-")
                let bySlug = books.filter { $0.slug.contains(slugPart) }
                if bySlug.count == 1 { return try details(of: bySlug[0], in: db) }
                if bySlug.count > 1 { throw LibraryError.ambiguousBook(query, candidates: bySlug.map(\.slug)) }
                let near = Library.nearestBooks(to: wanted, slugs: books.map(\.slug), titles: titles)
                throw near.isEmpty ? LibraryError.noSuchBook(query) : .noSuchBookButNear(query, suggestions: near)
            case 1: return try details(of: chosen[0], in: db)
            default: throw LibraryError.ambiguousBook(query, candidates: chosen.map(\.slug))
            }
        }
    }

    /// The slugs of up to three books whose slug, title or a word of the title is a few letters
    /// from `query`: "neuromancr" finds neuromancer. The query and the titles come folded
    /// (``TextFolding/searchKey(_:)``).
    static func nearestBooks(to query: String, slugs: [String], titles: [String]) -> [String] {
        let typed = Array(query)
        var nearest: [(slug: String, distance: Int)] = []
        for (slug, title) in zip(slugs, titles) {
            let words = title.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).filter { $0.count >= 4 }
            let candidates = [Array(TextFolding.searchKey(slug)), Array(title)] + words.map { Array($0) }
            let distances = candidates.compactMap { Suggestions.distance(folded: typed, $0) }
            if let best = distances.min() { nearest.append((slug, best)) }
        }
        return nearest.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.slug < $1.slug }
            .prefix(3).map(\.slug)
    }

    /// The books on the shelf with their authors and shelves, filtered and sorted for `list`:
    /// the books `listing` chooses, in its order, so that text and JSON always agree.
    public func books(
        status: ReadingStatus? = nil, shelf: String? = nil, series: String? = nil, author: String? = nil,
        sortedBy order: BookOrder? = nil
    ) throws -> [BookDetails] {
        let chosen = try listing(status: status, shelf: shelf, series: series, author: author, sortedBy: order)
        let bySlug = Dictionary(uniqueKeysWithValues: try snapshot().books.map { ($0.book.slug, $0) })
        return chosen.compactMap { bySlug[$0.slug] }
    }

    /// Everything in the library, loaded in a handful of queries: what a site build starts from.
    public func snapshot() throws -> LibrarySnapshot {
        try read { db in
            let authors = Dictionary(uniqueKeysWithValues: try Author.fetchAll(db).map { ($0.id, $0) })
            let shelves = Dictionary(uniqueKeysWithValues: try Shelf.fetchAll(db).map { ($0.id, $0) })
            let authorLinks = Dictionary(grouping: try BookAuthor.order(BookAuthor.Columns.position).fetchAll(db)) {
                $0.bookId
            }
            let shelfLinks = Dictionary(grouping: try BookShelf.fetchAll(db)) { $0.bookId }
            let reads = try Read.allByBook(db)
            let series = try Library.seriesByBook(db)
            let highlights = Dictionary(
                grouping: try Highlight.filter(Column("published") == true).fetchAll(db), by: \.bookId)
            // Read in the snapshot's order into one array: the books, their details and the
            // details sorted were three copies of the shelf at once (70 MB at 50,000 books).
            var details: [BookDetails] = []
            details.reserveCapacity(try Book.fetchCount(db))
            // Books by the same authors, or on the same shelves, share one array of them: a copy
            // for each book took 16 MB at 50,000 books.
            var authorLists: [[Int64]: [Author]] = [:]
            var shelfLists: [[Int64]: [Shelf]] = [:]
            let books = try Book.order(Book.Columns.slug).fetchCursor(db)
            while let book = try books.next() {
                let authorIDs = (authorLinks[book.id ?? 0] ?? []).map(\.authorId)
                let shelfIDs = (shelfLinks[book.id ?? 0] ?? []).map(\.shelfId)
                details.append(
                    BookDetails(
                        book: book,
                        authors: authorLists.shared(authorIDs) { $0.compactMap { authors[$0] } },
                        shelves: shelfLists.shared(shelfIDs) {
                            $0.compactMap { shelves[$0] }.sorted { $0.slug < $1.slug }
                        },
                        reads: reads[book.id ?? 0] ?? [], series: series[book.id ?? 0] ?? [],
                        highlights: (highlights[book.id ?? 0] ?? []).inBookOrder()))
            }
            // SQLite orders slugs by their bytes; a slug Bookplate did not make may order otherwise.
            if !zip(details, details.dropFirst()).allSatisfy({ $0.book.slug < $1.book.slug }) {
                details.sort { $0.book.slug < $1.book.slug }
            }
            let works = Dictionary(grouping: try AuthorWork.order(AuthorWork.Columns.position).fetchAll(db)) {
                $0.authorId
            }
            let worksBySlug = Dictionary(
                uniqueKeysWithValues: authors.values.map { ($0.slug, works[$0.id ?? 0]?.withDistinctTitles ?? []) })
            var snapshot = LibrarySnapshot(books: details, worksByAuthorSlug: worksBySlug)
            let named = Set(snapshot.authors.map(\.slug))
            snapshot.keptAuthors = authors.values.filter { !named.contains($0.slug) }.sorted { $0.slug < $1.slug }
            return snapshot
        }
    }

    func details(of book: Book, in db: Database) throws -> BookDetails {
        let shelves = try Shelf.fetchAll(
            db,
            sql: """
                SELECT shelf.* FROM shelf JOIN bookShelf ON bookShelf.shelfId = shelf.id
                WHERE bookShelf.bookId = ? ORDER BY shelf.slug
                """, arguments: [book.id])
        return BookDetails(
            book: book, authors: try authors(ofBookId: book.id, in: db), shelves: shelves,
            reads: try Read.of(bookId: book.id ?? 0, in: db).map(\.record),
            series: try Library.series(ofBookId: book.id ?? 0, in: db),
            highlights: try Highlight.filter(Column("bookId") == book.id && Column("published") == true)
                .fetchAll(db).inBookOrder())
    }

    func authors(ofBookId bookId: Int64?, in db: Database) throws -> [Author] {
        try Author.fetchAll(
            db,
            sql: """
                SELECT author.* FROM author JOIN bookAuthor ON bookAuthor.authorId = author.id
                WHERE bookAuthor.bookId = ? ORDER BY bookAuthor.position
                """, arguments: [bookId])
    }
}

extension Library {
    /// The key a title sorts by: accents and case ignored, a leading article dropped, and the
    /// marks before its first letter or digit: `The "Bitter" Archive` came before every title
    /// beginning with A, and `'Salem's Lot` before Abbey Road (found by an exploratory session).
    /// A title of marks alone keeps them.
    package static func sortKey(_ text: String) -> String {
        let folded = TextFolding.searchKey(text)
        func leadingMarksDropped(_ key: Substring) -> Substring { key.drop { !$0.isLetter && !$0.isNumber } }
        var key = leadingMarksDropped(folded[...])
        for article in ["the ", "a ", "an "] where key.hasPrefix(article) {
            key = leadingMarksDropped(key.dropFirst(article.count))
            break
        }
        return key.isEmpty ? folded : String(key)
    }

    /// The key titles are put in order by: ``sortKey(_:)`` with each run of digits compared as
    /// a number, so that "Livre 2" comes before "Livre 10" (as text, "10" came first). Runs
    /// are padded with zeros to 20 digits (a longer run is left as it is). Two titles that differ
    /// only in leading zeros ("Vol. 02", "Vol. 2") tie, and their slugs decide.
    package static func orderKey(_ text: String) -> String {
        let key = sortKey(text)
        let width = 20
        guard key.utf8.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return key }
        var padded: [UInt8] = []
        padded.reserveCapacity(key.utf8.count + width)
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty, run.count < width {
                padded.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - run.count))
            }
            padded.append(contentsOf: run)
            run.removeAll(keepingCapacity: true)
        }
        for byte in key.utf8 {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                run.append(byte)
            } else {
                flush()
                padded.append(byte)
            }
        }
        flush()
        return String(decoding: padded, as: UTF8.self)
    }
}

extension Library {
    /// The books with these slugs (those that exist), with their authors and shelves.
    package func books(slugs: [String]) throws -> [BookDetails] {
        try read { db in
            try slugs.compactMap { slug in
                try Book.filter(Book.Columns.slug == slug).fetchOne(db).map { try details(of: $0, in: db) }
            }
        }
    }
}

extension Library {
    /// The shelf for `list`, filtered and sorted, without loading everything else a book has:
    /// ten thousand books list in a blink. The books of `series` (a name, as ``Series/key(_:)``
    /// reads it) come in reading order unless `order` says otherwise, each with its place; those
    /// of `author` are of the one author ``findAuthor(matching:)`` finds, in any place among a
    /// book's authors.
    public func listing(
        status: ReadingStatus? = nil, shelf: String? = nil, series: String? = nil, author: String? = nil,
        sortedBy order: BookOrder? = nil
    ) throws -> [ListEntry] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        // The series' places are joined before the conditions, so their arguments come first.
        var places = (columns: "NULL, NULL", join: "")
        if let series {
            let seriesIDs = try read { db in try self.seriesIDs(matching: series, in: db) }
            // SQLite takes `position` from the row of the smallest place (one book in both of two
            // spellings of a series is listed once).
            places = (
                "placed.position, placed.place",
                """
                LEFT JOIN (SELECT bookId, MIN(sortValue) AS place, position FROM bookSeries
                           WHERE seriesId IN (\(databaseQuestionMarks(count: seriesIDs.count))) GROUP BY bookId) AS placed
                       ON placed.bookId = book.id
                """
            )
            _ = arguments.append(contentsOf: StatementArguments(seriesIDs))
            conditions.append("placed.bookId IS NOT NULL")
        }
        if let status {
            conditions.append("book.status = ?")
            _ = arguments.append(contentsOf: [status.rawValue])
        }
        if let author {
            conditions.append("book.id IN (SELECT bookId FROM bookAuthor WHERE authorId = ?)")
            _ = arguments.append(contentsOf: [try findAuthor(matching: author).author.id])
        }
        let orderGiven = order
        let order = order ?? .title
        let entries = try read { db in
            if let shelf {
                let shelfIDs = try shelfIDs(matching: shelf, in: db)
                let marks = databaseQuestionMarks(count: shelfIDs.count)
                conditions.append("book.id IN (SELECT bookId FROM bookShelf WHERE shelfId IN (\(marks)))")
                _ = arguments.append(contentsOf: StatementArguments(shelfIDs))
            }
            let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            // A cursor reads each row in place (fetchAll copies every row first), by position in
            // the order selected: looking columns up by name was a tenth of `list`.
            return try Array(
                GRDB.Row.fetchCursor(
                    db,
                    sql: """
                        SELECT book.slug, book.status, book.ratingQuarters, book.title, book.addedAt, book.finishedDate,
                               first.name AS author, first.sortName AS authorSort, \(places.columns)
                        FROM book
                        LEFT JOIN bookAuthor ON bookAuthor.bookId = book.id AND bookAuthor.position = 1
                        LEFT JOIN author AS first ON first.id = bookAuthor.authorId
                        \(places.join)
                        \(whereClause)
                        """, arguments: arguments
                ).map { row in
                    // Dates are parsed only for the orders that compare them.
                    ListEntry(
                        slug: row[0], status: row[1] ?? .toRead, rating: row[2], title: row[3], firstAuthor: row[6],
                        firstAuthorSortName: row[7], addedAt: order == .added ? row[4] : Date.distantPast,
                        finishedDate: order == .finished ? row[5] : nil, seriesPlace: row[8], seriesOrder: row[9])
                })
        }
        let sorted = order.sort(entries) { entry in
            BookOrder.SortFields(
                slug: entry.slug, title: entry.title, authorSortName: entry.firstAuthorSortName,
                addedAt: entry.addedAt, finished: entry.finishedDate, stars: entry.rating?.quarters)
        }
        guard series != nil, orderGiven == nil else { return sorted }
        // Reading order, as the series' page lists it: by place, the books without one last, and
        // books of one place by title.
        return sorted.enumerated().sorted { left, right in
            switch (left.element.seriesOrder, right.element.seriesOrder) {
            case (let a?, let b?) where a != b: a < b
            case (.some, nil): true
            case (nil, .some): false
            default: left.offset < right.offset
            }
        }.map(\.element)
    }
}

extension Library {
    /// The ids of the series `name` names (``Series/key(_:)``: both, where a shelf keeps two
    /// spellings of one). A name no series has is an error naming the nearest.
    func seriesIDs(matching name: String, in db: Database) throws -> [Int64] {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        let wanted = Series.key(trimmed)
        let all = try Series.order(Column("name")).fetchAll(db).map { (series: $0, key: Series.key($0.name)) }
        let matching = all.filter { $0.key == wanted }.compactMap(\.series.id)
        guard matching.isEmpty else { return matching }
        // Near by their keys: "Expanze" is a letter from "The Expanse".
        let byKey = Dictionary(all.map { ($0.key, $0.series.name) }, uniquingKeysWith: { first, _ in first })
        let near = Suggestions.nearest(to: wanted, in: Array(byKey.keys)).compactMap { byKey[$0] }
        throw LibraryError.noSuchSeries(trimmed, near: near, series: all.map(\.series.name))
    }
}

extension Library {
    /// The ids of the shelves `name` means (``Shelf/named(_:in:)``). A name no shelf has is an
    /// error naming the nearest shelves: a mistyped shelf printed "No books match", and its JSON
    /// an empty list, as if the shelf were there and empty.
    func shelfIDs(matching name: String, in db: Database) throws -> [Int64] {
        let shelves = try Shelf.fetchAll(db)
        let matching = Shelf.named(name, in: shelves)
        guard matching.isEmpty else { return matching.compactMap(\.id) }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        let names = Shelf.namesInOrder(shelves)
        throw LibraryError.noSuchShelf(trimmed, near: Suggestions.nearest(to: trimmed, in: names), shelves: names)
    }
}

extension Library {
    /// The slugs of the books in the library at `url`, sorted, read without changing the file in
    /// any way (no migration, no journal mode): what shell completion asks for.
    public static func slugs(readingOnly url: URL) throws -> [String] {
        guard FileManager.default.fileExists(atPath: url.path),
            try LibraryFileSignature.kind(of: url) == .sqlite
        else { return [] }
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        return try queue.read { db in
            try String.fetchAll(db, sql: "SELECT slug FROM book ORDER BY slug")
        }
    }
}

extension Dictionary where Key == [Int64] {
    /// The value kept for `ids`, made by `make` the first time they are asked for.
    fileprivate mutating func shared(_ ids: [Int64], make: ([Int64]) -> Value) -> Value {
        if let value = self[ids] { return value }
        let value = make(ids)
        self[ids] = value
        return value
    }
}
