/// The values templates see. Each page kind has its own small model; none is a database record.
///
/// Every string here is plain text and is escaped by `{{ }}`. Only `noteHTML` holds HTML, made by
/// cmark in safe mode, and templates render it with `{{{ }}}`.

/// What every page knows about the site and where it sits in it.
struct SiteModel: Sendable {
    var title: String
    var language: String
    var description: String
}

/// A link to an author, with the separator to print after it in a list of names.
struct AuthorLinkModel: Sendable {
    var name: String
    var url: String
    var separator: String
}

/// A cover image or its generated placeholder.
struct CoverModel: Sendable {
    var src: String
    var width: Int
    var height: Int
    var alt: String
    var isPlaceholder: Bool
}

/// A book as it appears in a grid or list on other pages.
struct BookCardModel: Sendable {
    var url: String
    var title: String
    var subtitle: String?
    var authors: [AuthorLinkModel]
    var year: String?
    var cover: CoverModel
    var rating: RatingModel?
}

struct RatingModel: Sendable {
    var stars: Int
    var filled: String
    var empty: String
    var label: String
}

struct ShelfSectionModel: Sendable {
    var id: String
    var title: String
    var count: Int
    var books: [BookCardModel]
}

/// `index.html`: the whole shelf, a section per reading status.
struct IndexPageModel: Sendable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var bookCount: Int
    var authorCount: Int
    var countsLabel: String
    var sections: [ShelfSectionModel]
    var isEmpty: Bool
}

struct FactModel: Sendable {
    var label: String
    var value: String
}

struct ShelfTagModel: Sendable {
    var name: String
    var slug: String
}

/// `books/<slug>/index.html`.
struct BookPageModel: Sendable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var title: String
    var subtitle: String?
    var authors: [AuthorLinkModel]
    var cover: CoverModel
    var facts: [FactModel]
    var descriptionParagraphs: [String]
    var status: String
    var statusID: String
    var rating: RatingModel?
    var started: String?
    var finished: String?
    var shelves: [ShelfTagModel]
    var noteHTML: String?
}

/// `authors/<slug>/index.html`.
struct AuthorPageModel: Sendable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var name: String
    var lifeDates: String?
    var photo: CoverModel?
    var bioParagraphs: [String]
    var books: [BookCardModel]
    var bookCountLabel: String
    var otherWorks: [WorkModel]
    var links: [LinkModel]
}

/// A link to a page elsewhere.
struct LinkModel: Sendable {
    var title: String
    var url: String
}

/// A work by an author that is not on the shelf.
struct WorkModel: Sendable {
    var title: String
    var year: String?
}

struct AuthorEntryModel: Sendable {
    var name: String
    var sortName: String
    var url: String
    var bookCountLabel: String
}

struct AuthorLetterModel: Sendable {
    var letter: String
    var authors: [AuthorEntryModel]
}

/// `authors/index.html`.
struct AuthorsPageModel: Sendable {
    var root: String
    var site: SiteModel
    var pageTitle: String
    var countLabel: String
    var letters: [AuthorLetterModel]
}
