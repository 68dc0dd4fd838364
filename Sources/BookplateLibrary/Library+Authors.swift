import BookplateCore
import GRDB

/// An author with what the library knows: their books on the shelf and other works.
public struct AuthorProfile: Sendable, Equatable {
    public var author: Author
    public var books: [Book]
    public var works: [AuthorWork]
}

extension Library {
    /// Finds the one author the reader means: a slug, or an unambiguous part of the name.
    public func findAuthor(matching query: String) throws -> AuthorProfile {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        return try read { db in
            var author = try Author.filter(Author.Columns.slug == trimmed.lowercased()).fetchOne(db)
            if author == nil {
                let wanted = TextFolding.searchKey(trimmed)
                let matches = try Author.order(Author.Columns.slug).fetchAll(db).filter {
                    TextFolding.searchKey($0.name).contains(wanted)
                }
                let exact = matches.filter { TextFolding.searchKey($0.name) == wanted }
                let chosen = exact.count == 1 ? exact : matches
                guard !trimmed.isEmpty, !chosen.isEmpty else { throw LibraryError.noSuchAuthor(query) }
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
            let works = try AuthorWork.filter(AuthorWork.Columns.authorId == author.id).order(
                AuthorWork.Columns.position
            ).fetchAll(db)
            return AuthorProfile(author: author, books: books, works: works.withDistinctTitles)
        }
    }
}

extension [AuthorWork] {
    /// Each title once, where it is first listed: Open Library lists some works twice, under two
    /// keys or one. Done as works are read, so a library that stored them twice shows them once.
    var withDistinctTitles: [AuthorWork] {
        var seen = Set<String>()
        return filter { seen.insert(Library.sortKey($0.title.trimmedForStorage)).inserted }
    }
}
