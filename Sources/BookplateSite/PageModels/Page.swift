/// A whole page as its template sees it: the fields every page has, then the page's own
/// (`content`, one of the `…PageModel`s), side by side as one model's fields.
///
/// Templates see a page as its `Encodable` conformance names it (``EncodedModel``): each stored
/// property of the content is a field of the same name, so a field added to a page model is one
/// templates can use. `{{root}}` and `{{pageTitle}}` are found beside the content's fields, never
/// under a `content` of their own: themes name them as they always have.
@dynamicMemberLookup
struct Page<Content: Sendable & Encodable>: Sendable, Encodable {
    /// The way from the page up to the top of the site: "", "../", "../../".
    var root: String
    var site: SiteModel
    /// The page's `<title>`.
    var pageTitle: String
    /// What the layout writes after the addresses of the theme's assets.
    var assetVersions: AssetVersions
    var content: Content

    private enum CodingKeys: String, CodingKey {
        case root, site, pageTitle, assetVersions
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(root, forKey: .root)
        try container.encode(site, forKey: .site)
        try container.encode(pageTitle, forKey: .pageTitle)
        try container.encode(assetVersions, forKey: .assetVersions)
        // The content's fields go into the same record as the three above.
        try content.encode(to: encoder)
    }

    subscript<Value>(dynamicMember field: KeyPath<Content, Value>) -> Value {
        content[keyPath: field]
    }
}
