import BookplateCore
import BookplateLibrary
import Foundation

/// Open Library: search, works, editions, ISBN look-up, authors and their works.
///
/// Merged records (`/type/redirect`) are followed, at most a few hops.
public struct OpenLibraryClient: Sendable {
    public var http: HTTPClient
    public var baseURL: String

    static let searchFields =
        "key,title,subtitle,author_name,author_key,first_publish_year,isbn,language,publisher,cover_i"
    static let maximumRedirects = 3

    public init(http: HTTPClient, baseURL: String) {
        self.http = http
        self.baseURL = baseURL
    }

    /// Searches works: `limit` results from page `page` (from 1).
    public func search(_ query: CatalogQuery, limit: Int, page: Int = 1) async throws(CatalogError)
        -> CatalogSearchPage
    {
        var parameters: [(String, String)] = []
        if let text = query.text, !text.isEmpty { parameters.append(("q", text)) }
        if let title = query.title, !title.isEmpty { parameters.append(("title", title)) }
        if let author = query.author, !author.isEmpty { parameters.append(("author", author)) }
        if let isbn = query.isbn, !isbn.isEmpty { parameters.append(("isbn", ISBN.parse(isbn)?.isbn13 ?? isbn)) }
        parameters += [("fields", OpenLibraryClient.searchFields), ("limit", String(limit)), ("page", String(page))]
        let response: CatalogReading<OLSearch>
        do {
            response = try await fetch(OLSearch.self, "/search.json", parameters)
        } catch .notFound {
            // A search always exists; a 404 means the address is wrong.
            throw .httpStatus(.openLibrary, status: 404)
        }
        // No more rows than asked for: a catalog that sent 100,000 kept `search` busy for hours
        // (found by an exploratory session).
        return CatalogSearchPage(
            candidates: response.value.docs.compactMap(\.candidate).prefix(limit).map { $0 },
            totalFound: response.value.numFound ?? response.value.docs.count, dropped: response.dropped)
    }

    /// A work, with the edition-independent facts: title, description, subjects, covers, authors.
    public func work(key: String) async throws(CatalogError) -> CatalogBook {
        let (work, finalKey) = try await fetchFollowingRedirects(OLRecord.self, kind: "works", key: key, letter: "W")
        var book = work.value.book(source: .openLibrary)
        book.dropped = work.dropped
        book.openLibraryWorkKey = finalKey
        book.openLibraryEditionKey = nil
        return book
    }

    /// One page of a work's editions.
    public func editions(ofWork key: String, limit: Int = 50, offset: Int = 0) async throws(CatalogError)
        -> [CatalogEdition]
    {
        let response = try await fetch(
            OLEntries<OLRecord>.self, "/works/\(try OpenLibraryClient.checkedKey(key, kind: "W"))/editions.json",
            [("limit", String(limit)), ("offset", String(offset))], what: "work \(key)")
        // Each edition with its position in the answer's list, for the values left out of it.
        return zip(response.value.$entries.kept, response.value.entries).compactMap { row, record in
            guard let editionKey = record.key.flatMap({ OpenLibraryKey.valid($0, kind: "M") }) else { return nil }
            var book = record.book(source: .openLibrary)
            book.dropped = response.dropped(inRow: row)
            book.openLibraryEditionKey = editionKey
            book.openLibraryWorkKey = book.openLibraryWorkKey ?? OpenLibraryKey.bare(key)
            return CatalogEdition(key: editionKey, book: book, languages: record.languageCodes)
        }
    }

    /// One edition by its key (`OL7353617M`).
    public func edition(key: String) async throws(CatalogError) -> CatalogBook {
        let (record, finalKey) = try await fetchFollowingRedirects(OLRecord.self, kind: "books", key: key, letter: "M")
        var book = record.value.book(source: .openLibrary)
        book.dropped = record.dropped
        book.openLibraryEditionKey = finalKey
        return book
    }

    /// The edition with this ISBN; Open Library answers `/isbn/` with a redirect to the edition.
    public func edition(isbn: ISBN) async throws(CatalogError) -> CatalogBook {
        let reading = try await fetch(
            OLRecord.self, "/isbn/\(isbn.isbn13).json", [], what: "edition with ISBN \(isbn)")
        let record = reading.value
        // An edition that lists its ISBNs must list the one asked for: another book's record is
        // no answer. One that lists several is this ISBN's, not the first listed.
        let listed = ((record.isbn13 ?? []) + (record.isbn10 ?? [])).compactMap(ISBN.parse)
        // ISBNs left out (a number, a string for the list) are no sign the record lists none:
        // it is no answer unless one it lists is this one (found by a review).
        let isbnsLeftOut = reading.dropped.contains { $0.path.hasPrefix("isbn_1") }
        guard (listed.isEmpty && !isbnsLeftOut) || listed.contains(isbn) else {
            throw CatalogError.notFound(.openLibrary, what: "edition with ISBN \(isbn)")
        }
        var book = record.book(source: .openLibrary)
        book.dropped = reading.dropped
        if !listed.isEmpty {
            book.isbn13 = isbn.isbn13
            book.isbn10 = isbn.isbn10
        }
        book.openLibraryEditionKey = record.key.flatMap { OpenLibraryKey.valid($0, kind: "M") }
        return book
    }

    /// An author, with up to `workLimit` of their works.
    public func author(key: String, workLimit: Int = 20) async throws(CatalogError) -> CatalogAuthor {
        let (reading, finalKey) = try await fetchFollowingRedirects(
            OLAuthorRecord.self, kind: "authors", key: key, letter: "A")
        let record = reading.value
        // A record with no name (a deleted one, `/type/delete`) is none: its key became the
        // author's name and slug (found by an exploratory session).
        guard let name = (record.name ?? record.personalName)?.nilIfBlank, record.type?.key != "/type/delete" else {
            throw .notFound(.openLibrary, what: "record \(finalKey)")
        }
        var author = CatalogAuthor(key: finalKey, name: name)
        author.dropped = reading.dropped
        author.otherNames =
            ([record.personalName, record.fullerName].compactMap { $0 }
            + (record.alternateNames ?? []))
            .prefix(50).map(\.trimmedForStorage).filter { !$0.isEmpty }
        author.bio = record.bio?.value.normalisedText
        author.birthDate = record.birthDate?.nilIfBlank
        author.deathDate = record.deathDate?.nilIfBlank
        author.photoID = record.photos?.first { $0 > 0 }
        author.links = (record.links ?? []).compactMap { link in
            guard let url = link.url, let title = link.title?.nilIfBlank, URL(string: url)?.isWebAddress == true else {
                return nil
            }
            return AuthorLink(title: title, url: url)
        }
        if workLimit > 0 {
            do {
                author.works = try await works(ofAuthor: finalKey, limit: workLimit)
            } catch .notFound {
                author.works = []
            }
        }
        return author
    }

    /// An author's works, paged until `limit`.
    public func works(ofAuthor key: String, limit: Int) async throws(CatalogError) -> [NewWork] {
        var works: [NewWork] = []
        var offset = 0
        while works.count < limit {
            let page = min(50, limit - works.count)
            let response = try await fetch(
                OLEntries<OLWorkEntry>.self, "/authors/\(try OpenLibraryClient.checkedKey(key, kind: "A"))/works.json",
                [("limit", String(page)), ("offset", String(offset))], what: "author \(key)")
            // A work left out of the list is no loss worth a warning: the author's page lists
            // the others.
            let found = response.value.entries.compactMap(\.work)
            works += found
            offset += response.value.entries.count
            // A page with no usable work ends the list: else a catalog answering every page with the
            // same unusable entries and a huge `size` would be asked again and again, without end.
            if found.isEmpty || offset >= (response.value.size ?? 0) { break }
        }
        return works
    }

    /// Authors matching a name, best first: `(key, name)` pairs.
    public func searchAuthors(name: String, limit: Int = 5) async throws(CatalogError) -> [AuthorReference] {
        let response = try await fetch(
            OLAuthorSearch.self, "/search/authors.json", [("q", name), ("limit", String(limit))])
        return response.value.docs.compactMap { doc in
            guard let key = doc.key.flatMap({ OpenLibraryKey.valid($0, kind: "A") }), let name = doc.name else {
                return nil
            }
            return AuthorReference(name: name, openLibraryKey: key)
        }
    }

    private static func checkedKey(_ key: String, kind: Character) throws(CatalogError) -> String {
        guard let valid = OpenLibraryKey.valid(key, kind: kind) else {
            throw .notFound(.openLibrary, what: "record \(key)")
        }
        return valid
    }

    private func fetchFollowingRedirects<T: Decodable & OLRedirecting>(
        _ type: T.Type, kind: String, key: String, letter: Character
    ) async throws(CatalogError) -> (CatalogReading<T>, String) {
        var current = try OpenLibraryClient.checkedKey(key, kind: letter)
        for _ in 0...OpenLibraryClient.maximumRedirects {
            let record = try await fetch(type, "/\(kind)/\(current).json", [], what: "record \(current)")
            guard let location = record.value.redirectLocation else { return (record, current) }
            guard let next = OpenLibraryKey.valid(location, kind: letter) else {
                throw .undecodable(.openLibrary, field: "redirect to '\(location)'")
            }
            current = next
        }
        throw .undecodable(.openLibrary, field: "too many redirects from \(key)")
    }

    private func fetch<T: Decodable>(
        _ type: T.Type, _ path: String, _ query: [(String, String)], what: String = "such record"
    )
        async throws(CatalogError) -> CatalogReading<T>
    {
        let url = try catalogURL(baseURL, path, query, catalog: .openLibrary)
        return try await http.get(url, from: .openLibrary, cacheKey: url.absoluteString, what: what) {
            body throws(CatalogError) in
            try decodeCatalogJSON(type, from: body, catalog: .openLibrary)
        } isWhole: {
            $0.dropped.isEmpty
        }
    }
}

// MARK: - Transfer types: Open Library's JSON.

/// Text Open Library gives either as a string or as `{"type": "/type/text", "value": "…"}`.
struct OLText: Decodable {
    var value: String

    init(from decoder: any Decoder) throws {
        if let string = try? decoder.singleValueContainer().decode(String.self) {
            value = string
        } else {
            value = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .value)
        }
    }

    private enum Keys: String, CodingKey { case value }
}

struct OLKey: Decodable {
    var key: String?
}

protocol OLRedirecting {
    var redirectLocation: String? { get }
}

private struct OLSearch: Decodable {
    @Lenient var numFound: Int?
    @Rows var docs: [Doc]

    struct Doc: Decodable {
        var key: String?
        @Lenient var title: String?
        @Lenient var subtitle: String?
        @Each var authorName: [String]?
        @Lenient var firstPublishYear: Int?
        @Each var isbn: [String]?
        @Each var language: [String]?
        @Each var publisher: [String]?
        @Lenient var coverI: Int?

        var candidate: BookCandidate? {
            guard let key = key.flatMap({ OpenLibraryKey.valid($0, kind: "W") }), let title else { return nil }
            let isbns = (isbn ?? []).compactMap(ISBN.parse)
            var seen = Set<String>()
            let thirteens = isbns.map(\.isbn13).filter { seen.insert($0).inserted }
            return BookCandidate(
                sources: [.openLibrary], title: title, subtitle: subtitle, authors: authorName ?? [],
                year: PartialDate.years.admit(firstPublishYear), isbn13: thirteens.first, allISBN13s: thirteens,
                publisher: publisher?.first,
                language: language?.first.map(OpenLibraryLanguages.isoCode),
                openLibraryWorkKey: key,
                openLibraryCoverID: coverI.flatMap { $0 > 0 ? $0 : nil })
        }
    }
}

private struct OLEntries<Entry: Decodable>: Decodable {
    @Rows var entries: [Entry]
    @Lenient var size: Int?
}

private struct OLWorkEntry: Decodable {
    var key: String?
    @Lenient var title: String?
    @Lenient var firstPublishDate: String?

    var work: NewWork? {
        guard let key = key.flatMap({ OpenLibraryKey.valid($0, kind: "W") }), let title else { return nil }
        return NewWork(
            key: key, title: title,
            year: firstPublishDate.flatMap(OpenLibraryDates.parse)?.year)
    }
}

/// A work or an edition record: they share most fields.
private struct OLRecord: Decodable, OLRedirecting {
    var key: String?
    var type: OLKey?
    var location: String?
    @Lenient var title: String?
    @Lenient var subtitle: String?
    @Lenient var description: OLText?
    @Each var covers: [Int]?
    @Each var subjects: [String]?
    @Each var authors: [OLAuthorLink]?
    @Each var works: [OLKey]?
    @Each var publishers: [String]?
    @Lenient var publishDate: String?
    @Lenient var firstPublishDate: String?
    @Lenient var numberOfPages: Int?
    @Each var languages: [OLKey]?
    @Each var isbn13: [String]?
    @Each var isbn10: [String]?
    @Lenient var physicalFormat: String?
    @Each var series: [String]?
    @Lenient var byStatement: String?

    var redirectLocation: String? { type?.key == "/type/redirect" ? location : nil }

    var languageCodes: [String] {
        (languages ?? []).compactMap(\.key).map { OpenLibraryLanguages.isoCode(OpenLibraryKey.bare($0)) }
            .filter { $0.count <= 3 && $0.allSatisfy(\.isLetter) }
    }

    func book(source: FieldSource) -> CatalogBook {
        var book = CatalogBook(source: source, title: title?.nilIfBlank)
        book.subtitle = subtitle
        book.authors = (authors ?? []).compactMap(\.authorKey).compactMap {
            OpenLibraryKey.valid($0, kind: "A").map { AuthorReference(name: "", openLibraryKey: $0) }
        }
        book.publisher = publishers?.first
        book.publishedDate = (publishDate ?? firstPublishDate).flatMap(OpenLibraryDates.parse)
        // The work's first appearance: the book's "first published", which the search showed
        // and add dropped, so every page gave the edition's year instead (found by an
        // exploratory session).
        book.firstPublished = firstPublishDate.flatMap(OpenLibraryDates.parse)
        book.pageCount = Book.pageCountRange.admit(numberOfPages)
        book.language = languageCodes.first
        book.description = Book.storedDescription(description?.value.normalisedText.map(HTMLAllowList.html(fromText:)))
        let thirteen = (isbn13 ?? []).compactMap(ISBN.parse).first
        let ten = (isbn10 ?? []).compactMap(ISBN.parse).first
        book.isbn13 = (thirteen ?? ten)?.isbn13
        book.isbn10 = (thirteen ?? ten)?.isbn10
        book.openLibraryWorkKey = works?.first?.key.flatMap { OpenLibraryKey.valid($0, kind: "W") }
        book.subjects = Array((subjects ?? []).prefix(12))
        book.coverIDs = (covers ?? []).filter { $0 > 0 }
        book.format = physicalFormat.flatMap(BookFormat.init(naming:))
        book.byStatement = byStatement?.nilIfBlank
        // Open Library's edition series are mostly a publisher's collections ("Ace science
        // fiction", "Heyne science fiction & fantasy -- Bd. 06/4400"): only one that names a
        // place — as a title does ("Dune Chronicles, #1") or a library catalog ("Gibsons
        // Cyberspace trilogi -- 1") — is taken for a series of the story's.
        book.series = (series ?? []).prefix(20).flatMap { entry in
            SeriesPlace.split(title: "x (\(entry.replacingOccurrences(of: " -- ", with: ", #")))").series
        }
        return book
    }
}

/// Works list authors as `{"author": {"key": …}}`, editions as `{"key": …}`.
private struct OLAuthorLink: Decodable {
    var key: String?
    var author: OLKey?

    var authorKey: String? { author?.key ?? key }
}

private struct OLAuthorRecord: Decodable, OLRedirecting {
    var key: String?
    var type: OLKey?
    var location: String?
    @Lenient var name: String?
    @Lenient var personalName: String?
    @Lenient var fullerName: String?
    @Each var alternateNames: [String]?
    @Lenient var bio: OLText?
    @Lenient var birthDate: String?
    @Lenient var deathDate: String?
    @Each var photos: [Int]?
    @Each var links: [Link]?

    struct Link: Decodable {
        var title: String?
        var url: String?
    }

    var redirectLocation: String? { type?.key == "/type/redirect" ? location : nil }
}

private struct OLAuthorSearch: Decodable {
    @Rows var docs: [Doc]

    struct Doc: Decodable {
        var key: String?
        @Lenient var name: String?
    }
}

extension String {
    /// Line ends made `\n`, NUL bytes dropped, ends trimmed; nil when nothing is left.
    var normalisedText: String? {
        withoutNULs.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            .nilIfEmpty
    }

    var nilIfBlank: String? { trimmingCharacters(in: .whitespaces).nilIfEmpty }
}
