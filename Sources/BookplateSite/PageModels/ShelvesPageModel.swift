import BookplateCore

/// `shelves/index.html`: every shelf with its count; and `shelves/<letter>.html`, a letter's
/// shelves, when they are too many for one page.
struct ShelvesPageModel: Sendable, Encodable {
    /// "Shelves", or "Shelves: B" on a letter's page.
    var title: String
    /// The shelves shown here: all of them, one letter's, or none on a split index.
    var shelves: [IndexEntryModel]
    var countLabel: String
    /// A link to each letter's page on a split index; empty when every shelf is on one page.
    var letterLinks: [LetterLinkModel]
    /// Whether the shelf has no shelf at all.
    var isEmpty: Bool
    /// Links between the pages of a letter too long for one; nil otherwise.
    var pagination: PaginationModel?
}
