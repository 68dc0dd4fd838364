import BookplateCore
import BookplateLibrary
import BookplateMustache

/// A link to a list of books, and to each of its pages when it has more than one.
struct ListLinkModel: Sendable, Encodable {
    var id: String
    var title: String
    var url: String
    var count: Int
    /// "3 books" beside a link whose title does not say it already.
    var countLabel: String?
    /// Every page of the list, the first included; empty when the list has one page.
    var pages: [PageLinkModel]
}

extension ListLinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": id.templateValue
        case "title": title.templateValue
        case "url": url.templateValue
        case "count": count.templateValue
        case "countLabel": countLabel.templateValue
        case "pages": pages.templateValue
        default: nil
        }
    }
}

struct PageLinkModel: Sendable, Encodable {
    var number: Int
    var url: String
    var isCurrent: Bool
}

extension PageLinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "number": number.templateValue
        case "url": url.templateValue
        case "isCurrent": isCurrent.templateValue
        default: nil
        }
    }
}

/// The lists of one reading status on the home page: books read come as a list per year.
struct ListGroupModel: Sendable, Encodable {
    var id: String
    var title: String
    var lists: [ListLinkModel]
}

extension ListGroupModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": id.templateValue
        case "title": title.templateValue
        case "lists": lists.templateValue
        default: nil
        }
    }
}

/// Previous, next and numbered links between the pages of a list.
struct PaginationModel: Sendable, Encodable {
    var label: String
    var previous: String?
    var next: String?
    var pages: [PageLinkModel]
}

extension PaginationModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "label": label.templateValue
        case "previous": previous.templateValue
        case "next": next.templateValue
        case "pages": pages.templateValue
        default: nil
        }
    }
}
