import BookplateCore
import BookplateLibrary
import Foundation

/// Google Books API v1: volume search with paging, a volume by id.
public struct GoogleBooksClient: Sendable {
    public var http: HTTPClient
    public var baseURL: String
    public var apiKey: String?

    /// Google answers at most 40 volumes a request.
    static let pageLimit = 40

    public init(http: HTTPClient, baseURL: String, apiKey: String? = nil) {
        self.http = http
        self.baseURL = baseURL
        self.apiKey = apiKey
    }

    /// Searches volumes, asking for as many pages as `limit` needs from `offset` on.
    public func search(_ query: CatalogQuery, limit: Int, offset: Int = 0) async throws(CatalogError)
        -> CatalogSearchPage
    {
        var candidates: [BookCandidate] = []
        var dropped: [DroppedValue] = []
        var total = 0
        var start = offset
        while candidates.count < limit {
            let count = min(GoogleBooksClient.pageLimit, limit - candidates.count)
            let response: GoogleVolumes
            do {
                let reading = try await fetch(
                    GoogleVolumes.self, "/volumes",
                    [
                        ("q", query.googleQuery), ("startIndex", String(start)), ("maxResults", String(count)),
                        ("printType", "books"),
                    ], what: "search")
                response = reading.value
                dropped += reading.dropped
            } catch .notFound {
                // A search always exists; a 404 means the address is wrong.
                throw .httpStatus(.googleBooks, status: 404)
            } catch {
                // A later page failing keeps the pages already read.
                if candidates.isEmpty { throw error }
                break
            }
            total = response.totalItems ?? 0
            let items = response.items ?? []
            // No more rows than asked for: a catalog that sent 100,000 kept `search` busy for hours
            // (found by an exploratory session).
            candidates += items.prefix(count).map { $0.candidate }
            // Paged by the rows Google sent: one left out (a null, a row without an id) made a
            // full page look like the last (found by a review).
            let sent = response.$items.sent
            start += sent
            // Google's totalItems is an estimate: a short page is the real end.
            if sent < count || start >= total { break }
        }
        return CatalogSearchPage(candidates: candidates, totalFound: max(total, candidates.count), dropped: dropped)
    }

    /// The full record of one volume.
    public func volume(id: String) async throws(CatalogError) -> CatalogBook {
        let escaped = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? id
        let reading = try await fetch(GoogleVolume.self, "/volumes/\(escaped)", [], what: "volume \(id)")
        var book = reading.value.book
        book.dropped = reading.dropped
        return book
    }

    /// The volumes of this ISBN (usually one). Google answers `isbn:` with near matches too
    /// (another edition, another book): only a volume that lists the ISBN asked for, among any of
    /// its identifiers, is one, or a book added by ISBN took another book's details and cover.
    /// The volume's ISBN is then the one asked for.
    public func volumes(isbn: ISBN) async throws(CatalogError) -> [CatalogBook] {
        let reading = try await fetch(GoogleVolumes.self, "/volumes", [("q", "isbn:\(isbn.isbn13)")])
        // Each volume with its position in Google's list, for the values left out of it.
        let found = zip(reading.value.$items.kept, reading.value.items ?? [])
        return found.filter { $0.1.listedISBNs.contains(isbn) }.map { row, volume in
            var book = volume.book
            book.dropped = reading.dropped(inRow: row)
            book.isbn13 = isbn.isbn13
            book.isbn10 = isbn.isbn10
            return book
        }
    }

    private func fetch<T: Decodable>(
        _ type: T.Type, _ path: String, _ query: [(String, String)], what: String = "such record"
    )
        async throws(CatalogError) -> CatalogReading<T>
    {
        let publicURL = try catalogURL(baseURL, path, query, catalog: .googleBooks)
        let url = try catalogURL(baseURL, path, query + (apiKey.map { [("key", $0)] } ?? []), catalog: .googleBooks)
        return try await http.get(url, from: .googleBooks, cacheKey: publicURL.absoluteString, what: what) {
            body throws(CatalogError) in
            try decodeCatalogJSON(type, from: body, catalog: .googleBooks)
        } isWhole: {
            $0.dropped.isEmpty
        }
    }
}

extension CatalogQuery {
    /// Google's `q`: free text plus `intitle:`, `inauthor:` and `isbn:` terms.
    var googleQuery: String {
        var parts: [String] = []
        if let text, !text.isEmpty { parts.append(text) }
        if let title, !title.isEmpty { parts.append("intitle:\(title)") }
        if let author, !author.isEmpty { parts.append("inauthor:\(author)") }
        if let isbn, !isbn.isEmpty { parts.append("isbn:\(ISBN.parse(isbn)?.isbn13 ?? isbn)") }
        return parts.joined(separator: " ")
    }
}

// MARK: - Transfer types: Google's JSON, private to this file.

private struct GoogleVolumes: Decodable {
    @Lenient var totalItems: Int?
    /// Left out when there are none.
    @Each var items: [GoogleVolume]?
}

private struct GoogleVolume: Decodable {
    var id: String
    @Lenient var volumeInfo: GoogleVolumeInfo?

    struct GoogleVolumeInfo: Decodable {
        @Lenient var title: String?
        @Lenient var subtitle: String?
        @Each var authors: [String]?
        @Lenient var publisher: String?
        @Lenient var publishedDate: String?
        @Lenient var description: String?
        @Each var industryIdentifiers: [Identifier]?
        @Lenient var pageCount: Int?
        @Each var categories: [String]?
        @Lenient var imageLinks: [String: String]?
        @Lenient var language: String?
    }

    struct Identifier: Decodable {
        var type: String
        var identifier: String
    }

    private var info: GoogleVolumeInfo { volumeInfo ?? GoogleVolumeInfo() }

    /// Every ISBN the volume lists, of either form.
    var listedISBNs: [ISBN] {
        (info.industryIdentifiers ?? []).filter { $0.type == "ISBN_13" || $0.type == "ISBN_10" }
            .compactMap { ISBN.parse($0.identifier) }
    }

    /// ISBN-13 and ISBN-10 from the identifiers; `OTHER` identifiers are not ISBNs.
    private var isbns: (isbn13: ISBN?, isbn10: String?) {
        let identifiers = info.industryIdentifiers ?? []
        let thirteen = identifiers.first { $0.type == "ISBN_13" }.flatMap { ISBN.parse($0.identifier) }
        let ten = identifiers.first { $0.type == "ISBN_10" }.flatMap { ISBN.parse($0.identifier) }
        return (thirteen ?? ten, (thirteen ?? ten)?.isbn10)
    }

    var candidate: BookCandidate {
        let isbn = isbns.isbn13
        return BookCandidate(
            sources: [.google], title: info.title ?? "Untitled", subtitle: info.subtitle, authors: info.authors ?? [],
            year: GoogleVolume.date(info.publishedDate)?.year, isbn13: isbn?.isbn13,
            allISBN13s: isbn.map { [$0.isbn13] } ?? [], publisher: info.publisher, language: info.language,
            googleVolumeID: id)
    }

    var book: CatalogBook {
        var book = CatalogBook(source: .google, title: info.title?.nilIfBlank)
        book.subtitle = info.subtitle
        book.authors = (info.authors ?? []).map { AuthorReference(name: $0) }
        book.publisher = info.publisher
        book.publishedDate = GoogleVolume.date(info.publishedDate)
        book.pageCount = Book.pageCountRange.admit(info.pageCount)
        book.language = info.language
        book.description = Book.storedDescription(info.description.map(HTMLAllowList.sanitize))
        book.isbn13 = isbns.isbn13?.isbn13
        book.isbn10 = isbns.isbn10
        book.googleVolumeID = id
        book.subjects = info.categories ?? []
        let sizes = ["extraLarge", "large", "medium", "small", "thumbnail", "smallThumbnail"]
        book.imageLinks = sizes.compactMap { info.imageLinks?[$0] }.compactMap(GoogleVolume.cleanImageURL)
        return book
    }

    /// Google dates are `2015`, `2015-06`, `2015-06-04` or a timestamp such as `2019-10-03T00:00:00+02:00`.
    static func date(_ text: String?) -> PartialDate? {
        guard let text else { return nil }
        return try? PartialDate(parsing: String(text.prefix(10)))
    }

    /// Image links without the page-curl effect, and on https where the host is Google's own
    /// (which serves both; a mirror named in the environment is left as it is).
    static func cleanImageURL(_ text: String) -> URL? {
        guard var components = URLComponents(string: text) else { return nil }
        let host = components.host?.lowercased() ?? ""
        if components.scheme == "http",
            ["google.com", "googleapis.com", "googleusercontent.com"].contains(where: {
                host == $0 || host.hasSuffix("." + $0)
            })
        {
            components.scheme = "https"
        }
        components.queryItems = components.queryItems?.filter { $0.name != "edge" }
        return components.url.flatMap { $0.isWebAddress ? $0 : nil }
    }
}
