import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// Link previews (Open Graph) and schema.org `Book` data for book pages.
enum StructuredData {
    /// The book's link preview; its `description` is the page's own (``PageModelFactory/bookDescription(_:)``).
    static func openGraph(
        for details: BookDetails, description: String, cover: CoverModel?, site: SiteModel, baseURL: URL?
    ) -> [MetaModel] {
        var tags = [
            MetaModel(property: "og:type", content: "book"),
            // Plain text that previews set beside other words: isolated when right-to-left.
            MetaModel(property: "og:title", content: BidiIsolation.isolated(details.book.title)),
            MetaModel(property: "og:site_name", content: BidiIsolation.isolated(site.title)),
            MetaModel(property: "og:description", content: description),
        ]
        if let baseURL {
            tags.append(
                MetaModel(
                    property: "og:url", content: pageAddress(PageModelFactory.bookURL(details.book.slug), baseURL)))
            if let cover, !cover.isPlaceholder {
                tags.append(
                    MetaModel(property: "og:image", content: absolute(cover.images.last?.path ?? cover.src, baseURL)))
            }
        }
        if let isbn = details.book.isbn13 { tags.append(MetaModel(property: "book:isbn", content: isbn)) }
        return tags
    }

    /// The book as schema.org JSON-LD, with `<`, `>` and `&` escaped so that no title can end
    /// the `<script>` element it sits in. Keys in order, so the same book gives the same bytes.
    /// The reader's rating is a review by `owner`; without an owner it is left out, as a review
    /// with no author is refused by the checkers that read it (found by an exploratory session).
    static func bookJSONLD(for details: BookDetails, cover: CoverModel?, baseURL: URL?, owner: String?)
        -> SanitizedHTML
    {
        let book = details.book
        let q = ScriptSafeJSON.quoted
        let image = baseURL.flatMap { base in
            cover.flatMap { $0.isPlaceholder ? nil : absolute($0.images.last?.path ?? $0.src, base) }
        }
        let json = ScriptSafeJSON.object([
            ("@context", q("https://schema.org")),
            ("@type", q("Book")),
            ("alternativeHeadline", book.subtitle.map(q)),
            (
                "author",
                ScriptSafeJSON.array(
                    details.authors.map { ScriptSafeJSON.object([("@type", q("Person")), ("name", q($0.name))]) })
            ),
            ("datePublished", book.publishedDate.map { q($0.description) }),
            ("image", image.map(q)),
            ("inLanguage", book.language.map(q)),
            ("isbn", book.isbn13.map(q)),
            ("name", q(book.title)),
            ("numberOfPages", book.pageCount.map(String.init)),
            (
                "publisher",
                book.publisher.map { ScriptSafeJSON.object([("@type", q("Organization")), ("name", q($0))]) }
            ),
            (
                "review",
                book.rating.flatMap { rating in
                    owner.map { owner in
                        ScriptSafeJSON.object([
                            ("@type", q("Review")),
                            ("author", ScriptSafeJSON.object([("@type", q("Person")), ("name", q(owner))])),
                            (
                                "reviewRating",
                                ScriptSafeJSON.object([
                                    ("@type", q("Rating")), ("bestRating", "5"), ("ratingValue", rating.text),
                                    // A quarter of a star is below schema.org's usual worst of 1.
                                    ("worstRating", rating.quarters < 4 ? "0.25" : "1"),
                                ])
                            ),
                        ])
                    }
                }
            ),
            ("url", baseURL.map { q(pageAddress(PageModelFactory.bookURL(book.slug), $0)) }),
        ])
        return SanitizedHTML.scriptJSON(json)
    }

    static func absolute(_ path: String, _ base: URL) -> String {
        URL(string: path, relativeTo: base)?.absoluteString ?? base.absoluteString + path
    }

    /// A page's public address: the folder for `…/index.html`, as web servers serve it.
    static func pageAddress(_ path: String, _ base: URL) -> String {
        absolute(path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path, base)
    }
}
