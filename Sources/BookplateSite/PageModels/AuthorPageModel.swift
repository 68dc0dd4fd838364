import BookplateCore
import BookplateLibrary
import BookplateMustache

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

extension AuthorPageModel: PageModel {
    func pageValue(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "lifeDates": lifeDates.templateValue
        case "photo": photo.templateValue
        case "bioParagraphs": bioParagraphs.templateValue
        case "bioHTML": bioHTML.templateValue
        case "books": books.templateValue
        case "bookCountLabel": bookCountLabel.templateValue
        case "otherWorks": otherWorks.templateValue
        case "links": links.templateValue
        case "pagination": pagination.templateValue
        default: nil
        }
    }
}

/// A link to a page elsewhere.
struct LinkModel: Sendable, Encodable {
    var title: String
    var url: String
}

extension LinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "title": title.templateValue
        case "url": url.templateValue
        default: nil
        }
    }
}

/// A work by an author that is not on the shelf.
struct WorkModel: Sendable, Encodable {
    var title: String
    var year: String?
}

extension WorkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "title": title.templateValue
        case "year": year.templateValue
        default: nil
        }
    }
}
