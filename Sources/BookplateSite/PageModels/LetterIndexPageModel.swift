import BookplateCore

/// An index of names by letter: `authors/index.html` and `series/index.html`, and, when the names
/// are too many for one page, a page per letter beside it (`b.html`, then `b-2.html`).
struct LetterIndexPageModel<Entry: Sendable & Encodable>: Sendable, Encodable {
    /// "Authors", or "Authors: B" on a letter's page.
    var title: String
    var countLabel: String
    /// Every letter, linking to its section, or to its page when the index is split.
    var letterLinks: [LetterLinkModel]
    /// The names shown here: all of them, a page's worth of one letter's, or none on a split index.
    var letters: [IndexLetterModel<Entry>]
    /// Links between the pages of a letter too long for one; nil otherwise.
    var pagination: PaginationModel?
}

/// One letter's names in an index, under the name its theme gives them (`authors`, `series`).
struct IndexLetterModel<Entry: Sendable & Encodable>: Sendable, Encodable {
    var letter: String
    /// The letter as an id and a file name: `a`, `other`, `u416`.
    var anchor: String
    /// What templates call the names: each index has always named them for what they are.
    var listName: String
    var entries: [Entry]

    private struct Field: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Field.self)
        try container.encode(letter, forKey: Field(stringValue: "letter"))
        try container.encode(anchor, forKey: Field(stringValue: "anchor"))
        try container.encode(entries, forKey: Field(stringValue: listName))
    }
}

struct AuthorEntryModel: Sendable, Encodable {
    var name: String
    var sortName: String
    var url: String
    var bookCountLabel: String
}

/// A name in an index (a series, a shelf), linking to its page, with its count of books.
struct IndexEntryModel: Sendable, Encodable {
    var name: String
    var url: String
    /// "3 books".
    var bookCountLabel: String
}

struct LetterLinkModel: Sendable, Encodable {
    var letter: String
    var url: String
    var countLabel: String
    var isCurrent: Bool
}
