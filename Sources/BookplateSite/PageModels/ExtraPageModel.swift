import BookplateCore

/// `pages/<name>/index.html`: a page the reader wrote in `content/pages/<name>.md`.
struct ExtraPageModel: Sendable, Encodable {
    var title: String
    /// The front matter's `description`, for `<meta name="description">`; nil for the site's.
    var metaDescription: String?
    /// The page's Markdown through cmark, as a note is (safe unless the reader allows raw HTML in
    /// notes), its top heading an `<h2>` below the title.
    var contentHTML: SanitizedHTML
}
