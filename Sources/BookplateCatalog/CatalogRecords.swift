import BookplateCore
import BookplateLibrary
import Foundation

/// One book in search results, possibly known to both catalogs.
public struct BookCandidate: Sendable, Codable, Equatable {
    public var sources: [FieldSource]
    public var title: String
    public var subtitle: String?
    public var authors: [String]
    public var year: Int?
    public var isbn13: String?
    /// Every ISBN-13 the catalogs list for the book (Open Library lists all editions').
    public var allISBN13s: [String]
    public var publisher: String?
    public var language: String?
    public var googleVolumeID: String?
    public var openLibraryWorkKey: String?
    public var openLibraryCoverID: Int?

    public init(
        sources: [FieldSource], title: String, subtitle: String? = nil, authors: [String] = [], year: Int? = nil,
        isbn13: String? = nil, allISBN13s: [String] = [], publisher: String? = nil, language: String? = nil,
        googleVolumeID: String? = nil, openLibraryWorkKey: String? = nil, openLibraryCoverID: Int? = nil
    ) {
        self.sources = sources
        self.title = title
        self.subtitle = subtitle
        self.authors = authors
        self.year = year
        self.isbn13 = isbn13
        self.allISBN13s = allISBN13s
        self.publisher = publisher
        self.language = language
        self.googleVolumeID = googleVolumeID
        self.openLibraryWorkKey = openLibraryWorkKey
        self.openLibraryCoverID = openLibraryCoverID
    }
}

/// A page of search results from one catalog.
public struct CatalogSearchPage: Sendable, Equatable {
    public var candidates: [BookCandidate]
    /// How many the catalog says it has in all.
    public var totalFound: Int
    /// What in the answer could not be used and was left out.
    public var dropped: [DroppedValue] = []
}

/// An author as a catalog names them on a book: the name, and Open Library's key when known.
public struct AuthorReference: Sendable, Equatable, Codable, Hashable {
    public var name: String
    public var openLibraryKey: String?

    public init(name: String, openLibraryKey: String? = nil) {
        self.name = name
        self.openLibraryKey = openLibraryKey
    }
}

/// Everything one catalog says about one book (one edition, where the catalog knows editions).
public struct CatalogBook: Sendable, Equatable {
    public var source: FieldSource
    /// Nil when the catalog's record has none (it happens), so another catalog's title wins.
    public var title: String?
    public var subtitle: String?
    public var authors: [AuthorReference]
    public var publisher: String?
    public var publishedDate: PartialDate?
    /// When the work first appeared (Open Library's work record), not the edition.
    public var firstPublished: PartialDate?
    public var pageCount: Int?
    public var language: String?
    /// Allow-listed HTML, made so where the catalog's answer was decoded.
    public var description: SanitizedHTML?
    public var isbn13: String?
    public var isbn10: String?
    public var googleVolumeID: String?
    public var openLibraryWorkKey: String?
    public var openLibraryEditionKey: String?
    public var subjects: [String]
    /// Open Library cover ids, best first, with Open Library's `-1` (no cover) removed.
    public var coverIDs: [Int]
    /// Google's image links, largest first.
    public var imageLinks: [URL]
    /// The edition's form, where the catalog says.
    public var format: BookFormat?
    /// The series the edition names with a place in each.
    public var series: [SeriesPlace] = []
    /// Whom the edition credits, as printed ("F. Scott Fitzgerald."): the name of an author whose
    /// record is gone.
    public var byStatement: String?
    /// What in the catalog's record could not be used and was left out.
    public var dropped: [DroppedValue] = []

    public init(source: FieldSource, title: String?) {
        self.source = source
        self.title = title
        authors = []
        subjects = []
        coverIDs = []
        imageLinks = []
    }
}

/// An Open Library author record, with some of their works.
public struct CatalogAuthor: Sendable, Equatable {
    public var key: String
    public var name: String
    /// The other names the record knows the author by: personal, fuller and alternate names.
    public var otherNames: [String] = []
    public var bio: String?
    public var birthDate: String?
    public var deathDate: String?
    public var photoID: Int?
    public var links: [AuthorLink] = []
    public var works: [NewWork]
    /// What in the catalog's record could not be used and was left out.
    public var dropped: [DroppedValue] = []

    public init(key: String, name: String) {
        self.key = key
        self.name = name
        works = []
    }
}

/// An edition of a work, as `editions` lists them.
public struct CatalogEdition: Sendable, Equatable {
    public var key: String
    public var book: CatalogBook
    public var languages: [String]
}

/// Where the catalogs are and how to talk to them, from the environment.
public struct CatalogConfiguration: Sendable {
    public var googleBooksURL: String
    public var openLibraryURL: String
    public var coversURL: String
    public var googleAPIKey: String?
    public var contact: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        func value(_ name: String, _ fallback: String) -> String {
            let chosen = environment[name].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
            return chosen.hasSuffix("/") ? String(chosen.dropLast()) : chosen
        }
        googleBooksURL = value(CatalogName.googleBooks.baseURLVariable, "https://www.googleapis.com/books/v1")
        openLibraryURL = value(CatalogName.openLibrary.baseURLVariable, "https://openlibrary.org")
        coversURL = value(CatalogName.covers.baseURLVariable, "https://covers.openlibrary.org")
        googleAPIKey = environment["GOOGLE_BOOKS_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        contact = environment["BOOKPLATE_CONTACT"].flatMap { $0.isEmpty ? nil : $0 } ?? "a personal bookshelf"
    }
}

/// Builds a URL from a base, a path and query items, failing with the catalog's `badURL` error.
func catalogURL(_ base: String, _ path: String, _ query: [(String, String)] = [], catalog: CatalogName)
    throws(CatalogError) -> URL
{
    guard var components = URLComponents(string: base + path), components.url?.isWebAddress == true else {
        throw .badURL(catalog, base)
    }
    if !query.isEmpty {
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        // `+` means a space to these services; keep a literal plus encoded.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    }
    guard let url = components.url else { throw .badURL(catalog, base) }
    return url
}

/// A catalog's answer as read: the value, and what in it could not be used and was left out.
struct CatalogReading<Value> {
    var value: Value
    var dropped: [DroppedValue]

    /// What was left out of the row at `index` of the answer's list of rows.
    func dropped(inRow index: Int) -> [DroppedValue] { dropped.filter { $0.row == index } }
}

/// Decodes a catalog's JSON, leaving out the values that cannot be used (see `Lenient`) and
/// turning any other failure into `undecodable` naming the field.
func decodeCatalogJSON<T: Decodable>(_ type: T.Type, from data: Data, catalog: CatalogName) throws(CatalogError)
    -> CatalogReading<T>
{
    // Bytes that are not UTF-8 made the whole answer "not JSON": they are read as U+FFFD, and
    // the text that holds one is left out.
    let repaired = String(validating: data, as: UTF8.self) == nil
    let dropped = DroppedValues(repaired: repaired, catalog: catalog)
    let decoder = JSONDecoder()
    // Open Library's keys are snake_case (`isbn_13`, `cover_i`); Google's camelCase keys pass unchanged.
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.userInfo[.droppedValues] = dropped
    do {
        let value = try decoder.decode(type, from: repaired ? Data(String(decoding: data, as: UTF8.self).utf8) : data)
        return CatalogReading(value: value, dropped: dropped.all)
    } catch let DecodingError.keyNotFound(key, context) {
        throw .undecodable(catalog, field: "missing \(catalog.path(context.codingPath + [key]))")
    } catch let DecodingError.typeMismatch(_, context) {
        throw .undecodable(catalog, field: "unexpected value at \(catalog.path(context.codingPath))")
    } catch let DecodingError.valueNotFound(_, context) {
        throw .undecodable(catalog, field: "null at \(catalog.path(context.codingPath))")
    } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
        throw .undecodable(catalog, field: "bad value at \(catalog.path(context.codingPath))")
    } catch {
        throw .undecodable(catalog, field: "not JSON")
    }
}

extension CatalogName {
    /// Where a value stands in this catalog's answer, by the catalog's own names:
    /// `docs[3].first_publish_year` (the decoder's keys are camelCase).
    func path(_ keys: [any CodingKey]) -> String {
        let path = keys.map { key in
            key.intValue.map { "[\($0)]" } ?? "."
                + (self == .openLibrary ? key.stringValue.snakeCased : key.stringValue)
        }
        return String(path.joined().drop { $0 == "." })
    }
}

extension String {
    /// `firstPublishYear` as `first_publish_year`.
    fileprivate var snakeCased: String {
        var result = ""
        var previous: Character?
        for character in self {
            // `numberOfPages` as `number_of_pages`, `isbn13` as `isbn_13`.
            if let previous, character.isUppercase || (character.isNumber && !previous.isNumber) {
                result.append("_")
            }
            result += character.lowercased()
            previous = character
        }
        return result
    }
}
