import BookplateCore

/// `books/<slug>/index.html`.
struct BookPageModel: Sendable, Encodable {
    var title: String
    var subtitle: String?
    /// The book's language as a page's `lang` gives it, when it is not the site's: the title,
    /// subtitle and passages are read in its voice.
    var lang: String?
    var authors: [ListedLinkModel]
    var cover: CoverModel
    var facts: [FactModel]
    /// The catalog's description, allow-listed HTML (see `HTMLAllowList`): output it with `{{{…}}}`.
    var descriptionHTML: SanitizedHTML?
    var status: String
    var statusID: String
    var rating: RatingModel?
    var started: String?
    var finished: String?
    /// "Read 3 times: 2019, 2021, 2024", for a book read more than once.
    var reads: String?
    var series: [SeriesLinkModel]
    var shelves: [ShelfTagModel]
    var noteHTML: SanitizedHTML?
    /// The passages the reader marked and publishes, in the book's order: the first hundred, the
    /// rest on pages of their own.
    var highlights: [HighlightModel]
    /// Links to the pages of the book's highlights; nil when they fit on its own page.
    var pagination: PaginationModel?
    /// Where the description, the other facts and the cover came from.
    var credits: [CreditModel]
    /// The page's `<meta name="description">` and `og:description`: what the book is about.
    var metaDescription: String
    var openGraph: [MetaModel]
    /// schema.org `Book` as JSON, escaped so it cannot end its `<script>` element.
    var jsonLD: SanitizedHTML
}

struct FactModel: Sendable, Encodable {
    var label: String
    var value: String
}

struct ShelfTagModel: Sendable, Encodable {
    var name: String
    var slug: String
    var url: String
}

/// Where some of a book's facts came from: "Description from" Google Books, with a link there.
struct CreditModel: Sendable, Encodable, Equatable {
    /// The words that lead to the catalog's name, with what joins them: "Description from ", or
    /// French's "Couverture d’" before Open Library.
    var what: String
    var source: String
    var url: String
}

/// A passage the reader marked: its text (plain, escaped like any text), their note through cmark
/// in safe mode, where it is, and the anchor its permalink points at.
struct HighlightModel: Sendable, Encodable {
    /// `h-<id>`: the fragment of the highlight's permalink on its book's page.
    var anchor: String
    var text: String
    /// The text escaped, each of its line breaks a `<br>`: a poem keeps its lines, which `{{text}}`
    /// runs into one in a browser.
    var textHTML: SanitizedHTML
    var noteHTML: SanitizedHTML?
    /// "p. 42 · loc. 170–172", in the site's language; nil when the source gave no place.
    var place: String?
}
