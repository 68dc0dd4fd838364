import BookplateCore
import Foundation

/// Links a book to one of its authors, in credit order.
struct BookAuthor: Hashable, Sendable, Codable {
    var bookId: Int64
    var authorId: Int64
    var position: Int
}

/// Links a book to a shelf.
struct BookShelf: Hashable, Sendable, Codable {
    var bookId: Int64
    var shelfId: Int64
}
