import BookplateCore

/// `404.html`: only the fields every page has.
struct NotFoundPageModel: Sendable, Encodable {
}
