import BookplateCore

/// `index.html`: what is being read, the books finished last, and every list of the shelf.
struct IndexPageModel: Sendable, Encodable {
    var bookCount: Int
    var authorCount: Int
    var countsLabel: String
    /// The first books being read; all of them are on `readingList` when there are more.
    var reading: [BookCardModel]
    var readingList: ListLinkModel?
    /// "All 14 being read", the link to `readingList`.
    var allBeingReadLabel: String?
    /// The books finished last, newest first.
    var recent: [BookCardModel]
    var groups: [ListGroupModel]
    var shelfCount: Int
    /// The commonplace book's address, when the reader publishes any highlight.
    var commonplaceURL: String?
    var isEmpty: Bool
    /// The search's counts in the forms other than `one` and `other` that the table gives
    /// (`searchFoundFew` as `data-found-few`), for `search.js` to choose by `Intl.PluralRules`.
    var searchCountForms: [SearchCountForm]
}

/// One `data-` attribute of the search script: the words of a count in one plural form.
struct SearchCountForm: Sendable, Encodable {
    var attribute: String
    var text: String
}
