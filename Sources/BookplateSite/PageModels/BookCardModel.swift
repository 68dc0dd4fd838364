import BookplateCore

/// A book as it appears in a grid or list on other pages.
struct BookCardModel: Sendable, Encodable {
    var url: String
    var title: String
    var subtitle: String?
    /// The book's language, as on its page (``BookPageModel/lang``).
    var lang: String?
    var authors: [ListedLinkModel]
    var year: String?
    var cover: CoverModel
    var rating: RatingModel?
    /// On a series page: the book's place and how far the reader is ("#2 · Read").
    var seriesLabel: String? = nil
}

/// A link among others in a sentence — an author of several, a catalog credited — with the
/// separator to print after it: "", " and ", ", " in the site's language.
struct ListedLinkModel: Sendable, Encodable {
    var name: String
    var url: String
    var separator: String

    /// `links` in order, each with the separator a sentence puts after it: "A and B", "A, B, and C".
    static func list(_ links: [(name: String, url: String)], words: Words) -> [ListedLinkModel] {
        links.indices.map { index in
            ListedLinkModel(
                name: links[index].name, url: links[index].url,
                separator: words.listSeparator(after: index, of: links.count))
        }
    }
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
