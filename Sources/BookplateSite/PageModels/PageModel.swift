/// The model of a whole page: the fields every page has, and its own.
///
/// Templates see a page model as its `Encodable` conformance names it (``EncodedModel``): each
/// stored property is a field of the same name, so a field added here is one templates can use.
protocol PageModel: Sendable, Encodable {
    /// The way from the page up to the top of the site: "", "../", "../../".
    var root: String { get }
    var site: SiteModel { get }
    /// The page's `<title>`.
    var pageTitle: String { get }
}
