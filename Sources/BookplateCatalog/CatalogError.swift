import BookplateCore
import BookplateLibrary

/// The services Bookplate asks about books.
public enum CatalogName: String, Sendable, Codable, CaseIterable {
    case googleBooks = "Google Books"
    case openLibrary = "Open Library"
    case covers = "Open Library Covers"

    /// The environment variable that overrides this service's base URL.
    public var baseURLVariable: String {
        switch self {
        case .googleBooks: "BOOKPLATE_GOOGLE_BOOKS_URL"
        case .openLibrary: "BOOKPLATE_OPEN_LIBRARY_URL"
        case .covers: "BOOKPLATE_COVERS_URL"
        }
    }
}

/// What went wrong talking to a catalog, typed by cause. Each prints one line naming the catalog
/// and what to do.
public enum CatalogError: Error, Equatable, CustomStringConvertible {
    case badURL(CatalogName, String)
    case unreachable(CatalogName, reason: String)
    case timedOut(CatalogName)
    case httpStatus(CatalogName, status: Int)
    /// The catalog refused (429, 5xx) and asked, by `Retry-After`, for a longer wait than
    /// Bookplate makes: it was not asked again.
    case waitAsked(CatalogName, status: Int, seconds: Int)
    case undecodable(CatalogName, field: String)
    case notFound(CatalogName, what: String)
    case tooLarge(CatalogName, bytes: Int)
    /// A field longer than the library keeps, cut (a warning: the book is kept).
    case cut(CatalogName, field: String, characters: Int, limit: Int)
    /// An author record the catalog named is gone (or deleted, with no name): the book is kept
    /// with the name the edition gives (`name`), or without that author (a warning).
    case authorRecordGone(CatalogName, key: String, name: String?)
    /// Values in a record that could not be used (a page count of 1e30, bytes that are not
    /// UTF-8), left out: the rest of the record is kept (a warning). Where each stood, as
    /// `volumeInfo.pageCount`.
    case valuesLeftOut(CatalogName, paths: [String])
    /// Every catalog asked failed, each for its own reason.
    indirect case allFailed([CatalogError])

    public var catalog: CatalogName {
        switch self {
        case .badURL(let catalog, _), .unreachable(let catalog, _), .timedOut(let catalog),
            .httpStatus(let catalog, _), .undecodable(let catalog, _), .notFound(let catalog, _),
            .tooLarge(let catalog, _), .cut(let catalog, _, _, _), .waitAsked(let catalog, _, _),
            .authorRecordGone(let catalog, _, _), .valuesLeftOut(let catalog, _):
            catalog
        case .allFailed(let errors):
            errors.first?.catalog ?? .googleBooks
        }
    }

    public var description: String {
        switch self {
        case .badURL(let catalog, let url):
            "'\(url)' is not a usable \(catalog.rawValue) address: check \(catalog.baseURLVariable)"
        case .unreachable(let catalog, let reason):
            "could not reach \(catalog.rawValue) (\(reason)): check your connection and try again"
        case .timedOut(let catalog):
            // Not "even after retrying": a server that trickles used up the time on one attempt.
            "\(catalog.rawValue) did not answer in time: try again later"
        case .httpStatus(.googleBooks, 429):
            "Google Books refused: too many requests (429), even after retrying: set GOOGLE_BOOKS_API_KEY to use your own quota, or try again tomorrow"
        case .httpStatus(.googleBooks, 403):
            "Google Books refused the request (403): check that GOOGLE_BOOKS_API_KEY holds a valid key with the Books API enabled"
        case .httpStatus(let catalog, 429):
            "\(catalog.rawValue) refused: too many requests (429), even after retrying: wait a minute and try again"
        case .httpStatus(let catalog, let status) where status >= 500:
            "\(catalog.rawValue) had a server error (\(status)), even after retrying: try again later"
        case .httpStatus(let catalog, let status):
            "\(catalog.rawValue) answered with HTTP status \(status): check the query, or \(catalog.baseURLVariable) if you set it"
        case .waitAsked(let catalog, let status, let seconds):
            "\(catalog.rawValue) asks to wait \(CatalogError.wait(seconds)) before it is asked again (\(status)): try again then"
        case .undecodable(let catalog, let field):
            "\(catalog.rawValue) sent a response Bookplate cannot read (\(field)): try again later; if it persists, report it"
        case .notFound(let catalog, let what):
            "\(catalog.rawValue) has no \(what): check the identifier"
        case .tooLarge(let catalog, let bytes):
            "\(catalog.rawValue) sent more than \(bytes / 1_048_576) MiB, so the response was refused: narrow the search, or check \(catalog.baseURLVariable)"
        case .cut(let catalog, let field, let characters, let limit):
            "\(catalog.rawValue) gave a \(field) of \(characters) characters: the first \(limit) are kept"
        case .authorRecordGone(let catalog, let key, let name?):
            "\(catalog.rawValue) has no record of the author \(key): they are named '\(name)', as the edition credits them, without their details"
        case .authorRecordGone(let catalog, let key, nil):
            "\(catalog.rawValue) has no record of the author \(key), and nothing names them: the book is kept without that author"
        case .valuesLeftOut(let catalog, let paths):
            "\(catalog.rawValue) sent \(paths.count == 1 ? "a value" : "values") Bookplate cannot use, left out: "
                + paths.listed(showing: 5)
        case .allFailed(let errors):
            "no catalog answered: " + errors.map(\.description).joined(separator: "; ")
        }
    }

    /// A wait as a person says it, rounded up: "40 seconds", "2 minutes", "1 hour", "3 days".
    static func wait(_ seconds: Int) -> String {
        let units = [(86_400, "day"), (3_600, "hour"), (60, "minute")]
        for (size, name) in units where seconds >= size * (name == "minute" ? 2 : 1) {
            let count = (seconds + size - 1) / size
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        return "\(seconds) second\(seconds == 1 ? "" : "s")"
    }
}
