import BookplateCore
import Foundation

/// One line of `list`: what the table shows, read in a single query.
public struct ListEntry: Sendable, Equatable {
    public var slug: String
    public var status: ReadingStatus
    public var rating: Rating?
    public var title: String
    public var firstAuthor: String?
    var firstAuthorSortName: String?
    /// Set only when the listing is sorted by when books were added.
    var addedAt: Date
    /// Set only when the listing is sorted by when books were finished.
    var finishedDate: PartialDate?
    /// The book's place in the series the listing was asked for ("2", "1-3"), when it has one.
    public var seriesPlace: String?
    /// Where ``seriesPlace`` sorts: its first number.
    var seriesOrder: Double?
}
