import BookplateCore

/// `read/<year>/…`, `to-read/…`, `reading/…`, `abandoned/…`: one page of a list of books.
struct ListPageModel: PageModel {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var id: String
    var title: String
    var countLabel: String
    var books: [BookCardModel]
    var pagination: PaginationModel?
}
