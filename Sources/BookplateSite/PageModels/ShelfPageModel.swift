import BookplateCore

/// `shelves/<slug>/index.html` and its further pages: the books on one shelf.
struct ShelfPageModel: PageModel {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var name: String
    var bookCountLabel: String
    var books: [BookCardModel]
    var pagination: PaginationModel?
}
