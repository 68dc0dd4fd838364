import BookplateCore
import BookplateLibrary
import BookplateMustache

// The values templates see. Each page kind has its own small model; none is a database record.
//
// Every string here is plain text and is escaped by `{{ }}` and `{{{ }}}` alike. Markup is a
// `SanitizedHTML` (a note or bio through cmark, a description through the allow-list, JSON-LD
// made safe for its `<script>`): the only values `{{{ }}}` writes unescaped.
//
// Templates read page models field by field through `value(forKey:)`, without reflection or casts:
// with ten thousand pages, looking values up was most of a build's time. PageModelsTests checks
// that every property is reachable.

/// What every page knows about the site and where it sits in it.
struct SiteModel: Sendable, Encodable {
    var title: String
    var language: String
    var description: String
    var owner: String?
    /// Whether the site has an Atom feed (it needs a base URL).
    var hasFeed: Bool
    /// "Ada Reader’s bookshelf", in the site's language, when there is an owner.
    var ownerLabel: String?
    /// The catalogs the shelf's facts and covers came from, credited in the footer.
    var credits: [ListedLinkModel] = []
}

extension SiteModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "title": title.templateValue
        case "language": language.templateValue
        case "description": description.templateValue
        case "owner": owner.templateValue
        case "hasFeed": hasFeed.templateValue
        case "ownerLabel": ownerLabel.templateValue
        case "credits": credits.templateValue
        default: nil
        }
    }
}

/// A name and value for a `<meta property=… content=…>` tag.
struct MetaModel: Sendable, Encodable {
    var property: String
    var content: String
}

extension MetaModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "property": property.templateValue
        case "content": content.templateValue
        default: nil
        }
    }
}
