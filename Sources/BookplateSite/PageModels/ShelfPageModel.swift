import BookplateCore

/// `shelves/<slug>/index.html` and its further pages: the books on one shelf.
struct ShelfPageModel: Sendable, Encodable {
    var name: String
    var bookCountLabel: String
    var books: [BookCardModel]
    var pagination: PaginationModel?
}
