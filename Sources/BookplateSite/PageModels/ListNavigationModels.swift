import BookplateCore

/// A link to a list of books, and to each of its pages when it has more than one.
struct ListLinkModel: Sendable, Encodable {
    var id: String
    var title: String
    var url: String
    var count: Int
    /// "3 books" beside a link whose title does not say it already.
    var countLabel: String?
    /// Every page of the list, the first included; empty when the list has one page.
    var pages: [PageLinkModel]
}

struct PageLinkModel: Sendable, Encodable {
    var number: Int
    var url: String
    var isCurrent: Bool
}

/// The lists of one reading status on the home page: books read come as a list per year.
struct ListGroupModel: Sendable, Encodable {
    var id: String
    var title: String
    var lists: [ListLinkModel]
}

/// Previous, next and numbered links between the pages of a list.
struct PaginationModel: Sendable, Encodable {
    var label: String
    var previous: String?
    var next: String?
    var pages: [PageLinkModel]
}
