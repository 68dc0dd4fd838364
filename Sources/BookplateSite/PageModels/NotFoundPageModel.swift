import BookplateCore
import BookplateLibrary
import BookplateMustache

/// `404.html`: only the fields every page has.
struct NotFoundPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
}

extension NotFoundPageModel: PageModel {
    func pageValue(forKey key: String) -> TemplateValue? { nil }
}
