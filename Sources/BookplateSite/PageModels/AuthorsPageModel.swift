import BookplateCore

/// `authors/index.html`, and `authors/<letter>.html` when the authors are too many for one page.
struct AuthorsPageModel: Sendable, Encodable {
    /// "Authors", or "Authors: B" on a letter's page.
    var title: String
    var countLabel: String
    /// Every letter, linking to its section, or to its page when the index is split.
    var letterLinks: [LetterLinkModel]
    /// The authors shown here: all of them, one letter's, or none on a split index.
    var letters: [AuthorLetterModel]
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

struct LetterLinkModel: Sendable, Encodable {
    var letter: String
    var url: String
    var countLabel: String
    var isCurrent: Bool
}
