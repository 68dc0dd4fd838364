import BookplateCore

/// `series/index.html`, and `series/<letter>.html` when the series are too many for one page.
struct SeriesIndexPageModel: Sendable, Encodable {
    /// "Series", or "Series: B" on a letter's page.
    var title: String
    var countLabel: String
    /// Every letter, linking to its section, or to its page when the index is split.
    var letterLinks: [LetterLinkModel]
    /// The series shown here: all of them, one letter's, or none on a split index.
    var letters: [SeriesLetterModel]
    /// Links between the pages of a letter too long for one; nil otherwise.
    var pagination: PaginationModel?
}

struct SeriesLetterModel: Sendable, Encodable {
    var letter: String
    /// The letter as an id and a file name: `a`, `other`, `u416`.
    var anchor: String
    var series: [SeriesIndexEntryModel]
}

struct SeriesIndexEntryModel: Sendable, Encodable {
    var name: String
    var url: String
    /// "3 books".
    var bookCountLabel: String
}
