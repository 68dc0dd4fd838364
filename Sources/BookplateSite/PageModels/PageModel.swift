import BookplateMustache

/// The model of a whole page: the fields every page has, answered here once, and its own.
protocol PageModel: TemplateObject, Encodable {
    /// The way from the page up to the top of the site: "", "../", "../../".
    var root: String { get }
    var site: SiteModel { get }
    /// The page's `<title>`.
    var pageTitle: String { get }
    /// The page's own field `key`; nil when it has no such field.
    func pageValue(forKey key: String) -> TemplateValue?
}

extension PageModel {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        default: pageValue(forKey: key)
        }
    }
}
