import BookplateCore
import BookplateLibrary
import BookplateMustache

/// `shelves/index.html`: every shelf with its count.
struct ShelvesPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var shelves: [ShelfEntryModel]
    var countLabel: String
}

extension ShelvesPageModel: PageModel {
    func pageValue(forKey key: String) -> TemplateValue? {
        switch key {
        case "shelves": shelves.templateValue
        case "countLabel": countLabel.templateValue
        default: nil
        }
    }
}

struct ShelfEntryModel: Sendable, Encodable {
    var name: String
    var url: String
    var bookCountLabel: String
}

extension ShelfEntryModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "url": url.templateValue
        case "bookCountLabel": bookCountLabel.templateValue
        default: nil
        }
    }
}
