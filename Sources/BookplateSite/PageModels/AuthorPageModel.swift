import BookplateCore

/// `authors/<slug>/index.html`.
struct AuthorPageModel: Sendable, Encodable {
    var name: String
    var lifeDates: String?
    var photo: CoverModel?
    /// The bio as plain paragraphs: the text of ``bioHTML``, its markup gone.
    var bioParagraphs: [String]
    /// The bio's Markdown (Open Library writes it so) through cmark in safe mode, links kept only
    /// to http(s) addresses, images as their description (see ``BioRenderer``).
    var bioHTML: SanitizedHTML?
    /// The page's `<meta name="description">`: the bio's start, or how many of their books are here.
    var metaDescription: String
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
