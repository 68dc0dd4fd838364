import BookplateCore
import BookplateLibrary
import BookplateMustache

/// `404.html`.
struct NotFoundPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
}

extension NotFoundPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        default: nil
        }
    }
}
