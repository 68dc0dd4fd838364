import BookplateCore
import BookplateLibrary
import BookplateMustache

/// `series/<slug>/index.html`: the series in reading order, with what is missing from the shelf.
struct SeriesPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var name: String
    /// "3 books · 2 of 3 read".
    var countLabel: String
    /// Each book in order, or a gap: one of the two is set.
    var entries: [SeriesEntryModel]
}

extension SeriesPageModel: PageModel {
    func pageValue(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "countLabel": countLabel.templateValue
        case "entries": entries.templateValue
        default: nil
        }
    }
}

struct SeriesEntryModel: Sendable, Encodable {
    var book: BookCardModel?
    /// "#3 is not on your shelf".
    var gap: String?
}

extension SeriesEntryModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "book": book.templateValue
        case "gap": gap.templateValue
        default: nil
        }
    }
}

/// A book's place in a series, on its page.
struct SeriesLinkModel: Sendable, Encodable {
    var name: String
    var url: String
    var position: String?
}

extension SeriesLinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "url": url.templateValue
        case "position": position.templateValue
        default: nil
        }
    }
}
