import BookplateCore

/// `404.html`: only the fields every page has.
struct NotFoundPageModel: PageModel {
    var root: String
    var site: SiteModel
    var pageTitle: String
}
