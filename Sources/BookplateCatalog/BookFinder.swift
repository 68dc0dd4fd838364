import BookplateCore
import BookplateLibrary
import Foundation

/// Finds books in Google Books and Open Library: searches both at once and merges the results,
/// and gathers a book's full details, its chosen edition and its authors for the library.
public struct BookFinder: Sendable {
    public var google: GoogleBooksClient
    public var openLibrary: OpenLibraryClient
    public var covers: CoverFetcher
    /// The reader's language (ISO 639-1), preferred when choosing an edition.
    public var language: String

    public init(
        google: GoogleBooksClient, openLibrary: OpenLibraryClient, covers: CoverFetcher, language: String = "en"
    ) {
        self.google = google
        self.openLibrary = openLibrary
        self.covers = covers
        self.language = language
    }

    /// A finder for the real services (or the mirrors the environment names), with the on-disk
    /// cache and Open Library's rate limit.
    public static func live(
        configuration: CatalogConfiguration = CatalogConfiguration(),
        cache: ResponseCache? = ResponseCache(folder: ResponseCache.defaultFolder()),
        transport: any HTTPTransport = URLSessionTransport(), retryPolicy: RetryPolicy = RetryPolicy()
    ) -> BookFinder {
        let http = HTTPClient(
            transport: transport, userAgent: HTTPClient.userAgent(contact: configuration.contact),
            retryPolicy: retryPolicy, cache: cache,
            // Open Library asks for at most a few requests a second; cover images by id come from
            // a CDN without that limit, so downloads may run in parallel.
            rateLimiters: [.openLibrary: RateLimiter(requestsPerSecond: 3)])
        return BookFinder(
            google: GoogleBooksClient(
                http: http, baseURL: configuration.googleBooksURL, apiKey: configuration.googleAPIKey),
            openLibrary: OpenLibraryClient(http: http, baseURL: configuration.openLibraryURL),
            covers: CoverFetcher(http: http, coversBaseURL: configuration.coversURL))
    }

    /// The same finder, asking the catalogs past a cached answer however fresh, which is kept
    /// for when they cannot be reached: `refresh` "fetches catalog data again", and answered
    /// from the week-long cache that a record corrected since was up to date (found by an
    /// exploratory session).
    public func revalidating() -> BookFinder {
        var finder = self
        finder.google.http.cache = google.http.cache?.expired()
        finder.openLibrary.http.cache = openLibrary.http.cache?.expired()
        finder.covers.http.cache = covers.http.cache?.expired()
        return finder
    }

    // MARK: Search

    /// Asks the chosen catalogs at the same time, `limit` results from each, and merges their
    /// answers. One catalog failing gives a warning; all failing is an error naming each.
    public func search(_ query: CatalogQuery, sources: CatalogChoice = .all, limit: Int = 20, page: Int = 1)
        async throws
        -> SearchResults
    {
        async let googlePage: Result<CatalogSearchPage, CatalogError>? =
            sources.includesGoogle
            ? capture { () async throws(CatalogError) in
                try await google.search(query, limit: limit, offset: (page - 1) * limit)
            } : nil
        async let openLibraryPage: Result<CatalogSearchPage, CatalogError>? =
            sources.includesOpenLibrary
            ? capture { () async throws(CatalogError) in
                try await openLibrary.search(query, limit: limit, page: page)
            } : nil
        let (fromGoogle, fromOpenLibrary) = await (googlePage, openLibraryPage)
        var results = SearchResults(query: query)
        var failures: [CatalogError] = []
        for outcome in [fromGoogle, fromOpenLibrary].compactMap({ $0 }) {
            if case .failure(let error) = outcome { failures.append(error) }
        }
        if case .success(let page)? = fromGoogle { results.googleTotal = page.totalFound }
        if case .success(let page)? = fromOpenLibrary { results.openLibraryTotal = page.totalFound }
        if results.googleTotal == nil && results.openLibraryTotal == nil, let first = failures.first {
            throw failures.count > 1 ? CatalogError.allFailed(failures) : first
        }
        results.warnings = failures
        for (catalog, outcome) in [(CatalogName.googleBooks, fromGoogle), (.openLibrary, fromOpenLibrary)] {
            if case .success(let page)? = outcome, !page.dropped.isEmpty {
                results.warnings.append(.valuesLeftOut(catalog, paths: page.dropped.map(\.path)))
            }
        }
        let googleCandidates = (try? fromGoogle?.get().candidates) ?? []
        let openLibraryCandidates = (try? fromOpenLibrary?.get().candidates) ?? []
        // Up to `limit` rows from each catalog, merged: cutting the merged list would lose rows
        // that the next page does not show either.
        results.candidates = CandidateMerger.mergeCandidates(
            google: googleCandidates, openLibrary: openLibraryCandidates)
        return results
    }

    // MARK: Details

    /// Gathers everything about `target`: the Google volume, the Open Library work and its most
    /// fitting edition, and the authors' records, merged field by field (see ``BookMerger``).
    public func details(of target: BookTarget) async throws -> FoundBook {
        var sources = SourceRecords()
        var warnings: [CatalogError] = []
        func optional(_ work: () async throws(CatalogError) -> CatalogBook?) async -> CatalogBook? {
            do {
                return try await work()
            } catch .notFound {
                return nil
            } catch {
                warnings.append(error)
                return nil
            }
        }
        switch target {
        case .google(let id):
            sources.google = try await google.volume(id: id)
            if let isbn = sources.google?.isbn13.flatMap(ISBN.parse) {
                sources.edition = await optional { () async throws(CatalogError) in
                    try await openLibrary.edition(isbn: isbn)
                }
            }
        case .isbn(let isbn):
            async let googleBook = capture { () async throws(CatalogError) in try await google.volumes(isbn: isbn).first
            }
            async let edition = capture { () async throws(CatalogError) in try await openLibrary.edition(isbn: isbn) }
            let (fromGoogle, fromOpenLibrary) = await (googleBook, edition)
            for outcome in [fromGoogle.map { $0 as CatalogBook? }, fromOpenLibrary.map { $0 as CatalogBook? }] {
                if case .failure(let error) = outcome, !error.isNotFound { warnings.append(error) }
            }
            sources.google = try? fromGoogle.get()
            sources.edition = try? fromOpenLibrary.get()
            if sources.google == nil && sources.edition == nil {
                if let first = warnings.first { throw first }
                throw CatalogError.notFound(.openLibrary, what: "book with ISBN \(isbn) (nor has Google Books)")
            }
            sources.requestedISBN = isbn.isbn13
        case .openLibraryEdition(let key):
            sources.edition = try await openLibrary.edition(key: key)
            sources.editionChosenByReader = true
        case .stored(let stored):
            // Refreshing a book on the shelf: ask for exactly the records it came from.
            sources.requestedISBN = stored.isbn13
            sources.editionChosenByReader = stored.editionChosenByReader
            let hasOpenLibrary = stored.openLibraryEditionKey != nil || stored.openLibraryWorkKey != nil
            if let id = stored.googleVolumeID {
                // With an ISBN to look it up by again, a volume that is gone is no failure, as a
                // work is not (below).
                sources.google =
                    hasOpenLibrary || stored.isbn13 != nil
                    ? await optional { () async throws(CatalogError) in try await google.volume(id: id) }
                    : try await google.volume(id: id)
            }
            if let key = stored.openLibraryEditionKey {
                sources.edition = await optional { () async throws(CatalogError) in
                    try await openLibrary.edition(key: key)
                }
            }
            // The edition of the book's ISBN, asked for by it: a work's list of editions comes 50 at
            // a time, and one not among the first was replaced by another, ISBN and all (found by
            // an exploratory session).
            if sources.edition == nil, let isbn = stored.isbn13.flatMap(ISBN.parse) {
                let edition = await optional { () async throws(CatalogError) in
                    try await openLibrary.edition(isbn: isbn)
                }
                // Only an edition of the book's own work.
                if stored.openLibraryWorkKey == nil || edition?.openLibraryWorkKey == stored.openLibraryWorkKey {
                    sources.edition = edition
                }
            }
            if let key = stored.openLibraryWorkKey {
                // With an ISBN to look it up by again, a work that is gone is no failure (below).
                sources.work =
                    sources.google == nil && sources.edition == nil && stored.isbn13 == nil
                    ? try await openLibrary.work(key: key)
                    : await optional { () async throws(CatalogError) in try await openLibrary.work(key: key) }
            }
            if sources.google == nil && sources.edition == nil && sources.work == nil {
                guard let isbn = stored.isbn13.flatMap(ISBN.parse) else {
                    throw CatalogError.notFound(.openLibrary, what: "record of this book")
                }
                return try await details(of: .isbn(isbn))
            }
        case .openLibraryWork(let key):
            sources.work = try await openLibrary.work(key: key)
        case .candidate(let candidate):
            sources.requestedISBN = candidate.isbn13
            sources.searchCoverID = candidate.openLibraryCoverID
            if let id = candidate.googleVolumeID {
                if candidate.openLibraryWorkKey == nil {
                    sources.google = try await google.volume(id: id)
                } else {
                    sources.google = await optional { () async throws(CatalogError) in try await google.volume(id: id) }
                }
            }
            if let key = candidate.openLibraryWorkKey {
                if sources.google == nil {
                    sources.work = try await openLibrary.work(key: key)
                } else {
                    sources.work = await optional { () async throws(CatalogError) in
                        try await openLibrary.work(key: key)
                    }
                }
            } else if let isbn = sources.google?.isbn13.flatMap(ISBN.parse) {
                sources.edition = await optional { () async throws(CatalogError) in
                    try await openLibrary.edition(isbn: isbn)
                }
            }
        }
        // Complete the Open Library side: the work of an edition, the best edition of a work.
        if sources.work == nil, let key = sources.edition?.openLibraryWorkKey {
            sources.work = await optional { () async throws(CatalogError) in try await openLibrary.work(key: key) }
        }
        if sources.edition == nil, let key = sources.work?.openLibraryWorkKey {
            let editions = await optional { () async throws(CatalogError) -> CatalogBook? in
                let all = try await openLibrary.editions(ofWork: key)
                return EditionChooser(language: language).bestEdition(
                    of: all, isbn: sources.requestedISBN ?? sources.google?.isbn13)?.book
            }
            sources.edition = editions
        }
        for record in [sources.google, sources.work, sources.edition].compactMap({ $0 }) where !record.dropped.isEmpty {
            let catalog: CatalogName = record.source == .google ? .googleBooks : .openLibrary
            warnings.append(.valuesLeftOut(catalog, paths: record.dropped.map(\.path)))
        }
        let authors = try await resolveAuthors(sources: sources, warnings: &warnings)
        var found = BookMerger.merge(sources, authors: authors)
        found.coverCandidates = covers.coverCandidates(
            coverIDs: (sources.edition?.coverIDs ?? []) + (sources.work?.coverIDs ?? [])
                + [sources.searchCoverID].compactMap { $0 },
            isbn13: found.book.isbn?.isbn13, googleImages: sources.google?.imageLinks ?? [])
        found.warnings = warnings
        for cut in found.book.cutToLimits() {
            let catalog: CatalogName = found.book.provenance[cut.of] == .google ? .googleBooks : .openLibrary
            found.warnings.append(.cut(catalog, field: cut.field, characters: cut.characters, limit: cut.limit))
        }
        return found
    }

    /// The Open Library records of a book's authors: by key where the work or edition names
    /// them, else by searching for the name. An author whose record cannot be fetched keeps the
    /// name Google gives; when no catalog names them the look-up's error is the add's error.
    private func resolveAuthors(sources: SourceRecords, warnings: inout [CatalogError]) async throws -> [NewAuthor] {
        let googleNames = (sources.google?.authors ?? []).map(\.name).filter { !$0.isEmpty }
        let keyed = [sources.work?.authors, sources.edition?.authors].compactMap { $0 }.first { !$0.isEmpty } ?? []
        let references = keyed.isEmpty ? googleNames.map { AuthorReference(name: $0) } : keyed
        var authors: [NewAuthor] = []
        var unnamed: CatalogError?
        for (index, reference) in references.prefix(8).enumerated() {
            let fallbackName =
                reference.name.isEmpty
                ? (googleNames.indices.contains(index) ? googleNames[index] : "") : reference.name
            var key = reference.openLibraryKey
            if key == nil, !fallbackName.isEmpty {
                do {
                    let matches = try await openLibrary.searchAuthors(name: fallbackName)
                    key = matches.first { AuthorNameMatch.matches($0.name, fallbackName) }?.openLibraryKey
                } catch {
                    // A search that finds nothing is no record the reader named ("has no such record:
                    // check the identifier" came with adds from Google: found by an exploratory session).
                    if !error.isNotFound { warnings.append(error) }
                }
            }
            guard let key else {
                if !fallbackName.isEmpty { authors.append(NewAuthor(name: fallbackName)) }
                continue
            }
            do {
                let record = try await openLibrary.author(key: key)
                if !record.dropped.isEmpty {
                    warnings.append(.valuesLeftOut(.openLibrary, paths: record.dropped.map(\.path)))
                }
                // A record that names another person is not this author's: the catalog's name is
                // kept, without the record's key, bio or photo.
                if !fallbackName.isEmpty,
                    !([record.name] + record.otherNames).contains(where: { AuthorNameMatch.matches($0, fallbackName) })
                {
                    authors.append(NewAuthor(name: fallbackName))
                    continue
                }
                authors.append(
                    NewAuthor(
                        name: record.name, openLibraryKey: record.key, bio: record.bio, birthDate: record.birthDate,
                        deathDate: record.deathDate, photoURL: record.photoID.flatMap(covers.photoURL)?.absoluteString,
                        links: record.links, works: record.works))
            } catch {
                // A record the catalog itself named and does not have is no identifier of the
                // reader's to check: the book keeps the name, without a word.
                if error.isNotFound, !fallbackName.isEmpty {
                    authors.append(NewAuthor(name: fallbackName))
                    continue
                }
                // Nor when nothing else names the author: the edition's credit does, for a book of
                // one author, else the book is kept without them. The whole add failed with
                // "check the identifier", or a deleted record's key became the author's name
                // (found by an exploratory session).
                if error.isNotFound {
                    let credited =
                        references.count == 1
                        ? sources.edition?.byStatement.flatMap(BookFinder.authorName(credited:)) : nil
                    if let credited { authors.append(NewAuthor(name: credited)) }
                    warnings.append(.authorRecordGone(.openLibrary, key: key, name: credited))
                    continue
                }
                warnings.append(error)
                if fallbackName.isEmpty {
                    unnamed = unnamed ?? error
                } else {
                    authors.append(NewAuthor(name: fallbackName, openLibraryKey: key))
                }
            }
        }
        if let unnamed {
            // Better Google's whole list than a book missing one of its authors.
            guard !googleNames.isEmpty else { throw unnamed }
            return googleNames.map { NewAuthor(name: $0) }
        }
        return authors
    }

    /// The author an edition's credit names ("F. Scott Fitzgerald.", "by William Gibson ; på
    /// dansk ved …"): the first statement without "by" and its last full stop; nil when it names
    /// several ("X and Y") or nothing.
    static func authorName(credited statement: String) -> String? {
        var name = (statement.split(separator: ";").first.map(String.init) ?? "").trimmingCharacters(
            in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "[]")))
        if name.lowercased().hasPrefix("by ") { name = String(name.dropFirst(3)) }
        if name.hasSuffix(".") { name = String(name.dropLast()) }
        name = name.trimmingCharacters(in: .whitespaces)
        let several = [" and ", " & ", " with ", " et "].contains { name.lowercased().contains($0) }
        guard !name.isEmpty, !several, name.count <= 200 else { return nil }
        return name
    }

    /// A work's editions, best first, for `editions BOOK`.
    public func editions(ofWork key: String, limit: Int = 50) async throws -> [CatalogEdition] {
        let all = try await openLibrary.editions(ofWork: key, limit: limit)
        return EditionChooser(language: language).ranked(all, isbn: nil)
    }
}

extension CatalogError {
    var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }

    /// Whether it says values a catalog sent were left out (``valuesLeftOut``).
    public var isValuesLeftOut: Bool {
        if case .valuesLeftOut = self { return true }
        return false
    }

    /// Whether it only says a field was cut, or an author's record is gone: the catalogs
    /// answered in full.
    public var isCut: Bool {
        switch self {
        case .cut, .authorRecordGone: true
        default: false
        }
    }

    /// Whether asking about the next book now would fail the same way, so that a pass over many
    /// books should stop: the catalog could not be reached, or it refused too many requests
    /// (429) or failed on its side (5xx), each after retrying; not a book it answered badly
    /// about. (A refresh of 2,000 books went on through 429s at 6.6 s a book, for hours: found
    /// by an exploratory session.)
    public var stopsAPass: Bool {
        switch self {
        case .unreachable, .timedOut: true
        case .httpStatus(_, let status): status == 429 || status >= 500
        case .waitAsked: true
        case .allFailed(let errors): errors.allSatisfy(\.stopsAPass)
        default: false
        }
    }
}

/// Runs `work`, keeping its error as a value, so concurrent look-ups can fail independently.
func capture<T: Sendable>(_ work: () async throws(CatalogError) -> T) async -> Result<T, CatalogError> {
    do {
        return .success(try await work())
    } catch {
        return .failure(error)
    }
}
