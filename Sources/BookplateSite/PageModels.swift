import BookplateCore
import BookplateLibrary
import BookplateMustache

/// The values templates see. Each page kind has its own small model; none is a database record.
///
/// Every string here is plain text and is escaped by `{{ }}` and `{{{ }}}` alike. Markup is a
/// ``SanitizedHTML`` (a note or bio through cmark, a description through the allow-list, JSON-LD
/// made safe for its `<script>`): the only values `{{{ }}}` writes unescaped.

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
    var credits: [CreditLinkModel] = []
}

/// A catalog credited in the footer, with the separator to print after it.
struct CreditLinkModel: Sendable, Encodable {
    var name: String
    var url: String
    var separator: String
}

/// Where some of a book's facts came from: "Description from" Google Books, with a link there.
struct CreditModel: Sendable, Encodable, Equatable {
    var what: String
    var source: String
    var url: String
}

/// A link to an author, with the separator to print after it in a list of names.
struct AuthorLinkModel: Sendable, Encodable {
    var name: String
    var url: String
    var separator: String
}

/// A cover image or its generated placeholder.
struct CoverModel: Sendable, Encodable {
    var src: String
    var width: Int
    var height: Int
    var alt: String
    var isPlaceholder: Bool
    /// For a placeholder, drawn by the theme's CSS rather than published as an image: the text
    /// it shows and one of twelve colours, chosen from the book's slug.
    var title = ""
    var author: String?
    var hue = 0
    /// For a cover image: its renditions, narrowest first (``CoverArt``), the `srcset` and
    /// `sizes` of the `<img>` that shows it, and its dominant colour (`#rrggbb`) to paint its box
    /// while it loads. Empty for a placeholder and for an author's photo.
    var images: [CoverImageModel] = []
    var srcset = ""
    var sizes = ""
    var color: String?
}

/// One rendition of a cover: its path from the top of the site and its size in pixels.
struct CoverImageModel: Sendable, Encodable {
    var path: String
    var width: Int
    var height: Int
}

/// A book as it appears in a grid or list on other pages.
struct BookCardModel: Sendable, Encodable {
    var url: String
    var title: String
    var subtitle: String?
    var authors: [AuthorLinkModel]
    var year: String?
    var cover: CoverModel
    var rating: RatingModel?
    /// On a series page: the book's place and how far the reader is ("#2 · Read").
    var seriesLabel: String? = nil
}

struct RatingModel: Sendable, Encodable {
    /// "4.5", with the language's decimal mark.
    var stars: String
    /// The whole stars, "★★★★".
    var filled: String
    /// How much of the next star is filled, in percent (25, 50 or 75); nil for a whole rating.
    var partial: String?
    /// The empty stars after them, "☆".
    var empty: String
    var label: String
}

/// A link to a list of books, and to each of its pages when it has more than one.
struct ListLinkModel: Sendable, Encodable {
    var id: String
    var title: String
    var url: String
    var count: Int
    /// "3 books" beside a link whose title does not say it already.
    var countLabel: String?
    /// Every page of the list, the first included; empty when the list has one page.
    var pages: [PageLinkModel]
}

struct PageLinkModel: Sendable, Encodable {
    var number: Int
    var url: String
    var isCurrent: Bool
}

/// The lists of one reading status on the home page: books read come as a list per year.
struct ListGroupModel: Sendable, Encodable {
    var id: String
    var title: String
    var lists: [ListLinkModel]
}

/// Previous, next and numbered links between the pages of a list.
struct PaginationModel: Sendable, Encodable {
    var label: String
    var previous: String?
    var next: String?
    var pages: [PageLinkModel]
}

/// `index.html`: what is being read, the books finished last, and every list of the shelf.
struct IndexPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var bookCount: Int
    var authorCount: Int
    var countsLabel: String
    /// The first books being read; all of them are on `readingList` when there are more.
    var reading: [BookCardModel]
    var readingList: ListLinkModel?
    /// "All 14 being read", the link to `readingList`.
    var allBeingReadLabel: String?
    /// The books finished last, newest first.
    var recent: [BookCardModel]
    var groups: [ListGroupModel]
    var shelfCount: Int
    var isEmpty: Bool
}

/// `read/<year>/…`, `to-read/…`, `reading/…`, `abandoned/…`: one page of a list of books.
struct ListPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var id: String
    var title: String
    var countLabel: String
    var books: [BookCardModel]
    var pagination: PaginationModel?
}

/// A name and value for a `<meta property=… content=…>` tag.
struct MetaModel: Sendable, Encodable {
    var property: String
    var content: String
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

/// `books/<slug>/index.html`.
struct BookPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var title: String
    var subtitle: String?
    var authors: [AuthorLinkModel]
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
    /// Where the description, the other facts and the cover came from.
    var credits: [CreditModel]
    var openGraph: [MetaModel]
    /// schema.org `Book` as JSON, escaped so it cannot end its `<script>` element.
    var jsonLD: SanitizedHTML
}

/// `authors/<slug>/index.html`.
struct AuthorPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var name: String
    var lifeDates: String?
    var photo: CoverModel?
    /// The bio as plain paragraphs.
    var bioParagraphs: [String]
    /// The bio's Markdown (Open Library writes it so) through cmark in safe mode, links kept only
    /// to http(s) addresses, images as their description (see ``BioRenderer``).
    var bioHTML: SanitizedHTML?
    var books: [BookCardModel]
    var bookCountLabel: String
    var otherWorks: [WorkModel]
    var links: [LinkModel]
    /// Links to the author's further pages of books, when there are more than a page's worth.
    var pagination: PaginationModel?
}

/// A link to a page elsewhere.
struct LinkModel: Sendable, Encodable {
    var title: String
    var url: String
}

/// A work by an author that is not on the shelf.
struct WorkModel: Sendable, Encodable {
    var title: String
    var year: String?
}

struct AuthorEntryModel: Sendable, Encodable {
    var name: String
    var sortName: String
    var url: String
    var bookCountLabel: String
}

struct AuthorLetterModel: Sendable, Encodable {
    var letter: String
    /// The letter as an id and a file name: `a`, `other`, `u416`.
    var anchor: String
    var authors: [AuthorEntryModel]
}

/// `authors/index.html`, and `authors/<letter>.html` when the authors are too many for one page.
struct AuthorsPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    /// "Authors", or "Authors: B" on a letter's page.
    var title: String
    var countLabel: String
    /// Every letter, linking to its section, or to its page when the index is split.
    var letterLinks: [LetterLinkModel]
    /// The authors shown here: all of them, one letter's, or none on a split index.
    var letters: [AuthorLetterModel]
}

struct LetterLinkModel: Sendable, Encodable {
    var letter: String
    var url: String
    var countLabel: String
    var isCurrent: Bool
}

/// `shelves/index.html`: every shelf with its count.
struct ShelvesPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var shelves: [ShelfEntryModel]
    var countLabel: String
}

struct ShelfEntryModel: Sendable, Encodable {
    var name: String
    var url: String
    var bookCountLabel: String
}

/// `shelves/<slug>/index.html` and its further pages: the books on one shelf.
struct ShelfPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var name: String
    var bookCountLabel: String
    var books: [BookCardModel]
    var pagination: PaginationModel?
}

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

struct SeriesEntryModel: Sendable, Encodable {
    var book: BookCardModel?
    /// "#3 is not on your shelf".
    var gap: String?
}

/// A book's place in a series, on its page.
struct SeriesLinkModel: Sendable, Encodable {
    var name: String
    var url: String
    var position: String?
}

/// `stats/index.html`: the year in books.
struct StatisticsPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var years: [YearStatisticsModel]
    var ratings: [BarModel]
    var totalsLabel: String
    var longest: BookCardModel?
    var longestPages: String?
    var shortest: BookCardModel?
    var shortestPages: String?
    var hasReadBooks: Bool
    /// The current year's progress towards the reading goal: "32 of 40, 5 ahead of pace".
    var goal: String?
    var booksChart: ChartModel
    var pagesChart: ChartModel
}

/// `stats/<year>/index.html`: one year in books.
struct YearPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var year: String
    var title: String
    /// Books read, pages read, the average rating.
    var summary: [FactModel]
    var goal: String?
    var monthsChart: ChartModel
    var ratings: [BarModel]
    var longest: BookCardModel?
    var longestPages: String?
    var shortest: BookCardModel?
    var shortestPages: String?
    /// The list of the books finished in the year.
    var booksLink: LinkModel
    var olderYear: LinkModel?
    var newerYear: LinkModel?
}

struct YearStatisticsModel: Sendable, Encodable {
    var year: String
    /// The year's own page, from the statistics page.
    var url: String
    var books: String
    /// Reads finished in the year of books read before.
    var rereads: String
    var pages: String
    var averageRating: String?
}

/// One bar of a chart: a label, a value, and its length as a percentage of the longest.
struct BarModel: Sendable, Encodable {
    var label: String
    var value: String
    var percent: Int
    /// What the label means when it is a picture, for screen readers ("4 stars" for ★★★★).
    var description: String?
}

/// A bar chart as a table of labels, bars and values: text at the reader's own size.
struct ChartModel: Sendable, Encodable {
    var id: String
    var title: String
    var bars: [BarModel]
}

/// `404.html`.
struct NotFoundPageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
}
