import BookplateCore
import BookplateLibrary
import BookplateMustache

/// `read/<year>/…`, `to-read/…`, `reading/…`, `abandoned/…`: one page of a list of books.
struct ListPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var id: String
    var title: String
    var countLabel: String
    var books: [BookCardModel]
    var pagination: PaginationModel?
}

extension ListPageModel: PageModel {
    func pageValue(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": id.templateValue
        case "title": title.templateValue
        case "countLabel": countLabel.templateValue
        case "books": books.templateValue
        case "pagination": pagination.templateValue
        default: nil
        }
    }
}
