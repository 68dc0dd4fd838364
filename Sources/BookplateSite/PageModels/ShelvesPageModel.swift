import BookplateCore

/// `shelves/index.html`: every shelf with its count.
struct ShelvesPageModel: Sendable, Encodable {
    var shelves: [ShelfEntryModel]
    var countLabel: String
}

struct ShelfEntryModel: Sendable, Encodable {
    var name: String
    var url: String
    var bookCountLabel: String
}
