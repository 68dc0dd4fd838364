/// What the reader searches for, by field.
public struct CatalogQuery: Sendable, Equatable, Codable {
    public var text: String?
    public var title: String?
    public var author: String?
    public var isbn: String?

    public init(text: String? = nil, title: String? = nil, author: String? = nil, isbn: String? = nil) {
        self.text = text
        self.title = title
        self.author = author
        self.isbn = isbn
    }

    public var isEmpty: Bool { [text, title, author, isbn].allSatisfy { ($0 ?? "").isEmpty } }
}
