import BookplateCore
import Foundation

/// A book with everything that hangs off it, as commands and the site need it.
public struct BookDetails: Hashable, Sendable {
    public var book: Book
    public var authors: [Author]
    public var shelves: [Shelf]
    /// Every reading of the book, in the order they happened; the last is the one the book's
    /// status and dates tell of.
    public var reads: [ReadRecord]
    /// The series the book is in, in the order they were named, each with the book's place.
    public var series: [SeriesMembership]
    /// The highlights the reader publishes, in the book's order (hidden ones are the library's
    /// alone: `quote list` shows them).
    public var highlights: [Highlight]

    public init(
        book: Book, authors: [Author], shelves: [Shelf], reads: [ReadRecord] = [], series: [SeriesMembership] = [],
        highlights: [Highlight] = []
    ) {
        self.book = book
        self.authors = authors
        self.shelves = shelves
        self.reads = reads
        self.series = series
        self.highlights = highlights
    }
}
