import BookplateCore
import BookplateLibrary
import BookplateMustache

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

extension AuthorsPageModel: PageModel {
    func pageValue(forKey key: String) -> TemplateValue? {
        switch key {
        case "title": title.templateValue
        case "countLabel": countLabel.templateValue
        case "letterLinks": letterLinks.templateValue
        case "letters": letters.templateValue
        default: nil
        }
    }
}

struct AuthorEntryModel: Sendable, Encodable {
    var name: String
    var sortName: String
    var url: String
    var bookCountLabel: String
}

extension AuthorEntryModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "sortName": sortName.templateValue
        case "url": url.templateValue
        case "bookCountLabel": bookCountLabel.templateValue
        default: nil
        }
    }
}

struct AuthorLetterModel: Sendable, Encodable {
    var letter: String
    /// The letter as an id and a file name: `a`, `other`, `u416`.
    var anchor: String
    var authors: [AuthorEntryModel]
}

extension AuthorLetterModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "letter": letter.templateValue
        case "anchor": anchor.templateValue
        case "authors": authors.templateValue
        default: nil
        }
    }
}

struct LetterLinkModel: Sendable, Encodable {
    var letter: String
    var url: String
    var countLabel: String
    var isCurrent: Bool
}

extension LetterLinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "letter": letter.templateValue
        case "url": url.templateValue
        case "countLabel": countLabel.templateValue
        case "isCurrent": isCurrent.templateValue
        default: nil
        }
    }
}
