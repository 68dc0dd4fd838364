import BookplateCore
import BookplateLibrary
import BookplateMustache

/// `shelves/<slug>/index.html` and its further pages: the books on one shelf.
struct ShelfPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var name: String
    var bookCountLabel: String
    var books: [BookCardModel]
    var pagination: PaginationModel?
}

extension ShelfPageModel: PageModel {
    func pageValue(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "bookCountLabel": bookCountLabel.templateValue
        case "books": books.templateValue
        case "pagination": pagination.templateValue
        default: nil
        }
    }
}
