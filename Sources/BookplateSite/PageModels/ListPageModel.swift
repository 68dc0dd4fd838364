import BookplateCore

/// `read/<year>/…`, `to-read/…`, `reading/…`, `abandoned/…`: one page of a list of books.
struct ListPageModel: Sendable, Encodable {
    var id: String
    var title: String
    var countLabel: String
    var books: [BookCardModel]
    var pagination: PaginationModel?
}
