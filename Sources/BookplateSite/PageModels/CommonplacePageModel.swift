import BookplateCore

/// `highlights/index.html` and `highlights/<year>/…`: the commonplace book's home, with the
/// newest highlights and a link to each year, or one page of a year's highlights.
struct CommonplacePageModel: Sendable, Encodable {
    var title: String
    /// "120 highlights from 14 books" on the home; "37 highlights" on a year's pages.
    var countLabel: String
    /// Every year, newest first, on the home; empty on a year's pages.
    var years: [ListLinkModel]
    var highlights: [CommonplaceEntryModel]
    /// The link from a year's page back to the commonplace book's home; nil on the home.
    var homeURL: String?
    var pagination: PaginationModel?
}

/// A highlight in the commonplace book: the passage as its book's page shows it, with its book,
/// its day and the permalink to it on the book's page.
///
/// A template finds the passage's fields (`anchor`, `text`, `textHTML`, `noteHTML`, `place`)
/// beside its book's, as it finds them on a book's page: one template can show a highlight in
/// either list.
struct CommonplaceEntryModel: Sendable, Encodable {
    var highlight: HighlightModel
    var source: HighlightSourceModel

    func encode(to encoder: any Encoder) throws {
        try highlight.encode(to: encoder)
        try source.encode(to: encoder)
    }
}

/// Where a highlight in the commonplace book comes from: its book, its day, its permalink.
struct HighlightSourceModel: Sendable, Encodable {
    var bookTitle: String
    var bookURL: String
    /// The book's language when it is not the site's, for the passage's and title's `lang`: a
    /// screen reader read a German passage with an English voice.
    var lang: String?
    /// The book's authors, "Terry Pratchett and Neil Gaiman"; nil when it has none. Plain text,
    /// for the themes written before `authors`: its names are not isolated from each other.
    var byline: String?
    /// The book's authors, each with its page and the separator after it, as a card has them: the
    /// theme sets each name apart (`<bdi>`), since an Arabic name beside an Arabic title on an
    /// English page drew the name left of the title with the comma turned.
    var authors: [ListedLinkModel]
    /// The day it was made (or came into the library), in the site's language.
    var date: String?
    /// `2024-03-14`, for `<time datetime>`.
    var datetime: String?
    /// The highlight's place on its book's page: the address that stays when pages move on.
    var permalink: String
}
