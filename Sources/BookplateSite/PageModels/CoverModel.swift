import BookplateCore

/// A cover image or its generated placeholder.
struct CoverModel: Sendable, Encodable {
    var src: String
    var width: Int
    var height: Int
    var alt: String
    var isPlaceholder: Bool
    /// For a placeholder, drawn by the theme's CSS rather than published as an image: the text
    /// it shows and one of twelve colours, chosen from the book's slug.
    var title = ""
    var author: String?
    var hue = 0
    /// For a cover image: its renditions, narrowest first (``CoverArt``), the `srcset` and
    /// `sizes` of the `<img>` that shows it, and its dominant colour (`#rrggbb`) to paint its box
    /// while it loads. Empty for a placeholder and for an author's photo.
    var images: [CoverImageModel] = []
    var srcset = ""
    var sizes = ""
    var color: String?
    /// Whether the page opens with it (a book's own page): loaded at once, where a list's covers,
    /// mostly below the fold, load lazily. (`fetchpriority` would say more, but the Nu HTML
    /// Checker CI runs does not know it yet.)
    var loadsFirst = false
}

/// One rendition of a cover: its path from the top of the site and its size in pixels.
struct CoverImageModel: Sendable, Encodable {
    var path: String
    var width: Int
    var height: Int
}
