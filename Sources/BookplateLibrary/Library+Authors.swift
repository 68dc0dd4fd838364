import BookplateCore
import Foundation
import GRDB

/// An author with what the library knows: their books on the shelf and other works.
public struct AuthorProfile: Sendable, Equatable {
    public var author: Author
    public var books: [Book]
    /// Their works that are none of ``books``, as the author's page lists them.
    public var works: [AuthorWork]
}

extension Library {
    /// Finds the one author the reader means: a slug, or an unambiguous part of the name. Only
    /// an author of a book on the shelf: one kept with no book (``Author/isKeptWithoutBooks``) is
    /// no more listed here than on the site.
    public func findAuthor(matching query: String) throws -> AuthorProfile {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        return try read { db in
            let onShelf = Author.filter(sql: "id IN (SELECT authorId FROM bookAuthor)")
            var author = try onShelf.filter(Author.Columns.slug == trimmed.lowercased()).fetchOne(db)
            if author == nil {
                // Surname first, as the index files them and a CSV's "Author l-f" writes them:
                // `author "Le Guin, Ursula K."` found no one (found by an exploratory session).
                let wanted = AuthorName.key(AuthorName.inSpokenOrder(trimmed))
                // Initials typed as a word in small letters too: `author "el james"` finds E. L.
                // James, though `Ed Baker` is not E. D. Baker (found by a review).
                let loose = { (key: String) in key.replacingOccurrences(of: ".", with: "") }
                let looseWanted = loose(wanted)
                // Each part of a name written surname first, however cased and whatever it leaves
                // out: `author "le guin, ursula k."` and `author "Le Guin, Ursula"` found no one,
                // the name being turned round only when capitalised and whole (found by a review).
                let parts = trimmed.split(separator: ",").map { loose(AuthorName.key(String($0).trimmed)) }
                    .filter { !$0.isEmpty }
                let all = try onShelf.order(Author.Columns.slug).fetchAll(db).map {
                    (author: $0, key: AuthorName.key($0.name))
                }
                let matches = all.filter { found in
                    found.key.contains(wanted) || (!looseWanted.isEmpty && loose(found.key).contains(looseWanted))
                        || (parts.count > 1 && parts.allSatisfy(loose(found.key).contains))
                }
                let exact = matches.filter { $0.key == wanted }
                let chosen = (exact.count == 1 ? exact : matches).map(\.author)
                guard !trimmed.isEmpty, !chosen.isEmpty else {
                    // The nearest names, by their keys, as `list --series` names the nearest series:
                    // the README said so of both (found by a review).
                    let near = trimmed.isEmpty ? [] : Library.nearestAuthors(to: wanted, in: all)
                    throw LibraryError.noSuchAuthor(query, near: near)
                }
                guard chosen.count == 1 else {
                    throw LibraryError.ambiguousAuthor(query, candidates: chosen.map(\.slug))
                }
                author = chosen[0]
            }
            guard let author else { throw LibraryError.noSuchAuthor(query) }
            let books = try Book.fetchAll(
                db,
                sql: """
                    SELECT book.* FROM book JOIN bookAuthor ON bookAuthor.bookId = book.id
                    WHERE bookAuthor.authorId = ? ORDER BY book.publishedDate, book.slug
                    """, arguments: [author.id])
            let works = try AuthorWork.of(authorId: author.id, in: db)
            // The shelf's books were listed again among the other works, which the site leaves
            // out (found by an exploratory session).
            return AuthorProfile(author: author, books: books, works: works.withDistinctTitles.other(than: books))
        }
    }
}

extension Library {
    /// Up to three of `authors` whose name, or a run of its words as long as the typed key,
    /// is near `wanted`, nearest first: an author is found by part of the name, so `abrahm`
    /// is a letter from Daniel Abraham, and only whole names were compared (found by an audit
    /// of the README).
    static func nearestAuthors(to wanted: String, in authors: [(author: Author, key: String)]) -> [String] {
        let typed = Array(TextFolding.searchKey(wanted))
        let typedWords = max(1, wanted.split(separator: " ").count)
        var seen = Set<String>()
        let ranked = authors.compactMap { entry -> (name: String, distance: Int)? in
            guard seen.insert(entry.key).inserted else { return nil }
            let words = entry.key.split(separator: " ")
            let runs =
                words.count > typedWords
                ? (0...(words.count - typedWords)).map { words[$0..<($0 + typedWords)].joined(separator: " ") } : []
            let distances = ([entry.key] + runs).compactMap {
                Suggestions.distance(folded: typed, Array(TextFolding.searchKey($0)))
            }
            return distances.min().map { (entry.author.name, $0) }
        }
        return ranked.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
            .prefix(3).map(\.name)
    }
}

extension AuthorWork {
    /// The author's works, in the order Open Library lists them.
    static func of(authorId: Int64?, in db: Database) throws -> [AuthorWork] {
        try AuthorWork.filter(AuthorWork.Columns.authorId == authorId).order(AuthorWork.Columns.position).fetchAll(db)
    }

    /// Keeps `works` as the author's, in their order, after any the author has.
    static func add(_ works: [NewWork], toAuthorId authorId: Int64, in db: Database) throws {
        for (position, work) in works.enumerated() {
            try AuthorWork(authorId: authorId, position: position, key: work.key, title: work.title, year: work.year)
                .insert(db)
        }
    }
}

extension [AuthorWork] {
    /// The works none of `books` is: neither its Open Library work nor its title.
    package func other(than books: [Book]) -> [AuthorWork] {
        guard !isEmpty, !books.isEmpty else { return self }
        let shelvedWorks = Set(books.compactMap(\.openLibraryWorkKey))
        let shelvedTitles = Set(books.map { Library.sortKey($0.title) })
        return filter { !shelvedWorks.contains($0.key) && !shelvedTitles.contains(Library.sortKey($0.title)) }
    }

    /// Each title once, where it is first listed: Open Library lists some works twice, under two
    /// keys or one. Done as works are read, so a library that stored them twice shows them once.
    var withDistinctTitles: [AuthorWork] {
        var seen = Set<String>()
        return filter { seen.insert(Library.sortKey($0.title.trimmedForStorage)).inserted }
    }
}

/// What ``Library/mergeAuthor(_:into:)`` did: the author who went, the one they are now, and the
/// books that named the one who went.
public struct AuthorMerge: Sendable, Equatable {
    public var gone: Author
    public var kept: Author
    /// The slugs of the books that named `gone`, by slug.
    public var books: [String]
}

extension Library {
    /// Makes two records of one person one: `source` (found as ``findAuthor(matching:)`` finds
    /// an author) goes, and the books that named them name `target` in their place, at the same
    /// place in their credits (once, when a book named both). What `target` lacks and `source`
    /// knew — an Open Library id, a bio, dates, a photo's address, links, works — `target` takes.
    /// The books' authors are then the reader's (``FieldSource/reader``), so that `refresh` does
    /// not give them back the catalog's spelling.
    ///
    /// Records of one person stayed two on shelves that an older Bookplate had split ("J.R.R.
    /// Tolkien" and "J. R. R. Tolkien", "EL James" and "EL JAMES"), and a pen name a reader files
    /// under the real one could not be put with it but book by book (found by a review).
    public func mergeAuthor(_ source: String, into target: String) throws -> AuthorMerge {
        let goingAuthor = try findAuthor(matching: source).author
        let keptAuthor = try findAuthor(matching: target).author
        guard let goneID = goingAuthor.id, let keptID = keptAuthor.id else { throw LibraryError.noSuchAuthor(source) }
        guard goneID != keptID else { throw LibraryError.mergeIntoItself(slug: goingAuthor.slug) }
        return try write { db in
            guard let gone = try Author.fetchOne(db, key: goneID) else { throw LibraryError.noSuchAuthor(source) }
            guard var kept = try Author.fetchOne(db, key: keptID) else { throw LibraryError.noSuchAuthor(target) }
            let authorID = Column("authorId")
            let bookIDs = try BookAuthor.filter(authorID == goneID).fetchAll(db).map(\.bookId)
            var books: [Book] = []
            for bookID in Set(bookIDs) {
                let credits = try BookAuthor.filter(BookAuthor.Columns.bookId == bookID)
                    .order(BookAuthor.Columns.position).fetchAll(db)
                var seen = Set<Int64>()
                let authors = credits.map { $0.authorId == goneID ? keptID : $0.authorId }.filter {
                    seen.insert($0).inserted
                }
                try BookAuthor.filter(BookAuthor.Columns.bookId == bookID).deleteAll(db)
                for (index, id) in authors.enumerated() {
                    try BookAuthor(bookId: bookID, authorId: id, position: index + 1).insert(db)
                }
                guard var book = try Book.fetchOne(db, key: bookID) else { continue }
                book.provenance[.authors] = .reader
                try book.update(db)
                books.append(book)
            }
            if kept.openLibraryKey == nil { kept.openLibraryKey = gone.openLibraryKey }
            kept.bio = kept.bio ?? gone.bio
            kept.birthDate = kept.birthDate ?? gone.birthDate
            kept.deathDate = kept.deathDate ?? gone.deathDate
            kept.photoURL = kept.photoURL ?? gone.photoURL
            if kept.links.isEmpty { kept.links = gone.links }
            if try AuthorWork.filter(authorID == keptID).fetchCount(db) == 0 {
                try db.execute(
                    sql: "UPDATE authorWork SET authorId = ? WHERE authorId = ?", arguments: [keptID, goneID])
            }
            try gone.delete(db)
            try kept.update(db)
            // A removed book that named the one who went names the one kept: restored, it brought
            // them back, two records of one person again (found by a review).
            for row in try Row.fetchAll(db, sql: "SELECT id, snapshot FROM removedBook") {
                let json: String = row["snapshot"]
                guard json.contains(gone.slug), var snapshot = try? RemovedBookSnapshot.decode(json),
                    snapshot.authors.contains(where: { $0.id == goneID && $0.slug == gone.slug })
                else { continue }
                var seen = Set<String>()
                snapshot.authors = snapshot.authors.map { $0.id == goneID && $0.slug == gone.slug ? kept : $0 }
                    .filter { seen.insert($0.slug).inserted }
                if let works = snapshot.works.removeValue(forKey: gone.slug), snapshot.works[kept.slug] == nil {
                    snapshot.works[kept.slug] = works
                }
                snapshot.book.provenance[.authors] = .reader
                let rewritten = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
                try db.execute(
                    sql: "UPDATE removedBook SET snapshot = ? WHERE id = ?", arguments: [rewritten, row["id"]])
            }
            return AuthorMerge(gone: gone, kept: kept, books: books.map(\.slug).sorted())
        }
    }
}
