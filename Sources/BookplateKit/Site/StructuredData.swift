import Foundation

/// Link previews (Open Graph) and schema.org `Book` data for book pages.
enum StructuredData {
    static func openGraph(for details: BookDetails, cover: CoverModel?, site: SiteModel, baseURL: URL?) -> [MetaModel] {
        var tags = [
            MetaModel(property: "og:type", content: "book"),
            MetaModel(property: "og:title", content: details.book.title),
            MetaModel(property: "og:site_name", content: site.title),
        ]
        if let description = PageModelFactory.paragraphs(details.book.description).first {
            tags.append(MetaModel(property: "og:description", content: String(description.prefix(300))))
        }
        if let baseURL {
            tags.append(
                MetaModel(
                    property: "og:url", content: pageAddress(PageModelFactory.bookURL(details.book.slug), baseURL)))
            if let cover, !cover.isPlaceholder {
                tags.append(MetaModel(property: "og:image", content: absolute(cover.src, baseURL)))
            }
        }
        if let isbn = details.book.isbn13 { tags.append(MetaModel(property: "book:isbn", content: isbn)) }
        return tags
    }

    /// The book as schema.org JSON-LD, with `<`, `>` and `&` escaped so that no title can end
    /// the `<script>` element it sits in.
    static func bookJSONLD(for details: BookDetails, cover: CoverModel?, baseURL: URL?) -> String {
        let book = details.book
        let data = BookLD(
            name: book.title, alternativeHeadline: book.subtitle,
            author: details.authors.map { PersonLD(name: $0.name) }, isbn: book.isbn13,
            numberOfPages: book.pageCount, publisher: book.publisher.map { OrganizationLD(name: $0) },
            datePublished: book.publishedDate?.description, inLanguage: book.language,
            image: baseURL.flatMap { base in cover.flatMap { $0.isPlaceholder ? nil : absolute($0.src, base) } },
            url: baseURL.map { pageAddress(PageModelFactory.bookURL(book.slug), $0) },
            review: book.rating.map { ReviewLD(reviewRating: RatingLD(ratingValue: $0.stars)) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return
            json
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
    }

    static func absolute(_ path: String, _ base: URL) -> String {
        URL(string: path, relativeTo: base)?.absoluteString ?? base.absoluteString + path
    }

    /// A page's public address: the folder for `…/index.html`, as web servers serve it.
    static func pageAddress(_ path: String, _ base: URL) -> String {
        absolute(path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path, base)
    }

    private struct BookLD: Encodable {
        let context = "https://schema.org"
        let type = "Book"
        var name: String
        var alternativeHeadline: String?
        var author: [PersonLD]
        var isbn: String?
        var numberOfPages: Int?
        var publisher: OrganizationLD?
        var datePublished: String?
        var inLanguage: String?
        var image: String?
        var url: String?
        var review: ReviewLD?

        enum CodingKeys: String, CodingKey {
            case context = "@context", type = "@type", name, alternativeHeadline, author, isbn, numberOfPages
            case publisher, datePublished, inLanguage, image, url, review
        }
    }

    private struct PersonLD: Encodable {
        let type = "Person"
        var name: String
        enum CodingKeys: String, CodingKey { case type = "@type", name }
    }

    private struct OrganizationLD: Encodable {
        let type = "Organization"
        var name: String
        enum CodingKeys: String, CodingKey { case type = "@type", name }
    }

    private struct ReviewLD: Encodable {
        let type = "Review"
        var reviewRating: RatingLD
        enum CodingKeys: String, CodingKey { case type = "@type", reviewRating }
    }

    private struct RatingLD: Encodable {
        let type = "Rating"
        var ratingValue: Int
        let bestRating = 5
        let worstRating = 1
        enum CodingKeys: String, CodingKey { case type = "@type", ratingValue, bestRating, worstRating }
    }
}
