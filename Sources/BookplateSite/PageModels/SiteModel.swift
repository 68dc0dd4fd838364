import BookplateCore

// The values templates see. Each page kind has its own small model; none is a database record.
//
// Every string here is plain text and is escaped by `{{ }}` and `{{{ }}}` alike. Markup is a
// `SanitizedHTML` (a note or bio through cmark, a description through the allow-list, JSON-LD
// made safe for its `<script>`): the only values `{{{ }}}` writes unescaped.
//
// Templates read a page model as its `Encodable` conformance names it: each stored property is
// a field (`EncodedModel`, which also fingerprints the page in the same pass).

/// What every page knows about the site and where it sits in it.
struct SiteModel: Sendable, Encodable {
    var title: String
    var language: String
    /// `rtl` for a language written right to left (Arabic, Hebrew, Persian, Urdu…), for
    /// `<html dir>`; nil for the others.
    var dir: String? = nil
    /// The line under the site's name; nil for none.
    var description: String?
    var owner: String?
    /// Whether the site has an Atom feed (it needs a base URL).
    var hasFeed: Bool
    /// "Ada Reader’s bookshelf", in the site's language, when there is an owner.
    var ownerLabel: String?
    /// The catalogs the shelf's facts and covers came from, credited in the footer.
    var credits: [ListedLinkModel] = []
    /// The words that lead to them, "book data from " (French "données des livres d’" before Open
    /// Library); nil when there are none.
    var creditsLead: String? = nil
    /// The reader's own pages (`content/pages/`), by title: each `title` and `url` from the top
    /// of the site, for the header (`{{root}}{{url}}`).
    var pages: [LinkModel] = []
}

/// A name and value for a `<meta property=… content=…>` tag.
struct MetaModel: Sendable, Encodable {
    var property: String
    var content: String
}
