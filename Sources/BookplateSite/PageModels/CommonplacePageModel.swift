import BookplateCore
import BookplateLibrary
import BookplateMustache

/// `highlights/index.html` and `highlights/<year>/…`: the commonplace book's home, with the
/// newest highlights and a link to each year, or one page of a year's highlights.
struct CommonplacePageModel: Sendable, Encodable {
    var root: String
    var site: SiteModel
    var pageTitle: String
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

extension CommonplacePageModel: PageModel {
    func pageValue(forKey key: String) -> TemplateValue? {
        switch key {
        case "title": title.templateValue
        case "countLabel": countLabel.templateValue
        case "years": years.templateValue
        case "highlights": highlights.templateValue
        case "homeURL": homeURL.templateValue
        case "pagination": pagination.templateValue
        default: nil
        }
    }
}

/// A highlight in the commonplace book: the passage as its book's page shows it, with its book,
/// its day and the permalink to it on the book's page.
struct CommonplaceEntryModel: Sendable, Encodable {
    /// The passage, its note and place, as its book's page shows them.
    var highlight: HighlightModel
    var bookTitle: String
    var bookURL: String
    /// The book's authors, "Terry Pratchett and Neil Gaiman"; nil when it has none.
    var byline: String?
    /// The day it was made (or came into the library), in the site's language.
    var date: String?
    /// `2024-03-14`, for `<time datetime>`.
    var datetime: String?
    /// The highlight's place on its book's page: the address that stays when pages move on.
    var permalink: String
}

extension CommonplaceEntryModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "highlight": highlight.templateValue
        // The highlight's own fields, as a book page's template names them.
        case "anchor", "text", "noteHTML", "place": highlight.value(forKey: key)
        case "bookTitle": bookTitle.templateValue
        case "bookURL": bookURL.templateValue
        case "byline": byline.templateValue
        case "date": date.templateValue
        case "datetime": datetime.templateValue
        case "permalink": permalink.templateValue
        default: nil
        }
    }
}
