import BookplateCore
import Foundation

/// Every book in the library with its authors and shelves, sorted by slug.
public struct LibrarySnapshot: Sendable, Equatable {
    public var books: [BookDetails]
    /// Each author's works as Open Library lists them, by author slug.
    public var worksByAuthorSlug: [String: [AuthorWork]] = [:]

    public init(books: [BookDetails], worksByAuthorSlug: [String: [AuthorWork]] = [:]) {
        self.books = books
        self.worksByAuthorSlug = worksByAuthorSlug
    }

    /// The authors of at least one book, sorted by slug.
    public var authors: [Author] {
        // Each author once as met, not every book's authors first: 62,000 copies of them made the
        // peak of a 50,000-book build (15 MB).
        var seen = Set<String>()
        var authors: [Author] = []
        for details in books {
            for author in details.authors where seen.insert(author.slug).inserted { authors.append(author) }
        }
        return authors.sorted { $0.slug < $1.slug }
    }
}
