/// How the site presents itself.
public struct SiteSettings: Sendable, Equatable {
    public var title: String
    public var language: String
    public var description: String
    /// Whether raw HTML in the reader's own notes is published as it is.
    public var allowsRawHTMLInNotes: Bool

    public init(
        title: String = "My Bookshelf", language: String = "en",
        description: String = "The books I have read, am reading, and want to read.",
        allowsRawHTMLInNotes: Bool = false
    ) {
        self.title = title
        self.language = language
        self.description = description
        self.allowsRawHTMLInNotes = allowsRawHTMLInNotes
    }
}
