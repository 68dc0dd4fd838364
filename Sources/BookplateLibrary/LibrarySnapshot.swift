import BookplateCore
import Foundation

/// Every book in the library with its authors and shelves, sorted by slug.
public struct LibrarySnapshot: Sendable, Equatable {
    public let books: [BookDetails]
    /// Each author's works as Open Library lists them, by author slug.
    public var worksByAuthorSlug: [String: [AuthorWork]] = [:]
    /// The authors of at least one book, sorted by slug. Found once: a build asked for them
    /// eight times, each a pass over every book (some 40 ms at 50,000 books).
    public let authors: [Author]
    /// The authors the library keeps though no book names them (``Author/isKeptWithoutBooks``),
    /// sorted by slug: unpublished, but their photos are theirs still, and an export carries them.
    public var keptAuthors: [Author] = []

    public init(books: [BookDetails], worksByAuthorSlug: [String: [AuthorWork]] = [:]) {
        self.books = books
        self.worksByAuthorSlug = worksByAuthorSlug
        // Each author once as met, not every book's authors first: 62,000 copies of them made the
        // peak of a 50,000-book build (15 MB).
        var seen = Set<String>()
        var authors: [Author] = []
        for details in books {
            for author in details.authors where seen.insert(author.slug).inserted { authors.append(author) }
        }
        self.authors = authors.sorted { $0.slug < $1.slug }
    }
}
