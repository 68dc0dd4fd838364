import BookplateCore
import BookplateLibrary
import BookplateMustache

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

extension BookCardModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "url": url.templateValue
        case "title": title.templateValue
        case "subtitle": subtitle.templateValue
        case "authors": authors.templateValue
        case "year": year.templateValue
        case "cover": cover.templateValue
        case "rating": rating.templateValue
        case "seriesLabel": seriesLabel.templateValue
        default: nil
        }
    }
}

/// A link to an author, with the separator to print after it in a list of names.
struct AuthorLinkModel: Sendable, Encodable {
    var name: String
    var url: String
    var separator: String
}

extension AuthorLinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "url": url.templateValue
        case "separator": separator.templateValue
        default: nil
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

extension RatingModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "stars": stars.templateValue
        case "filled": filled.templateValue
        case "partial": partial.templateValue
        case "empty": empty.templateValue
        case "label": label.templateValue
        default: nil
        }
    }
}
