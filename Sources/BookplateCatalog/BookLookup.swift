import BookplateCore
import BookplateLibrary
import Foundation

// What a look-up in the catalogs is asked for (a search's catalogs, a book however the reader
// named it) and what it gives back (search results, a book ready for the library). The look-up
// itself is ``BookFinder``.

/// Which catalogs to ask.
public enum CatalogChoice: String, Sendable, CaseIterable, Codable {
    case all
    case google
    case openlibrary

    var includesGoogle: Bool { self != .openlibrary }
    var includesOpenLibrary: Bool { self != .google }
}

/// A book the reader wants, however they named it.
public enum BookTarget: Sendable, Equatable {
    case candidate(BookCandidate)
    case isbn(ISBN)
    case google(String)
    case openLibraryWork(String)
    case openLibraryEdition(String)
    /// A book already on the shelf, by the catalog records it came from.
    case stored(StoredIdentifiers)

    /// Reads `google:ID`, `openlibrary:OL…W` or `openlibrary:OL…M`; nil for anything else.
    public static func parse(catalogID text: String) -> BookTarget? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[1].isEmpty else { return nil }
        switch parts[0].lowercased() {
        case "google": return .google(parts[1])
        case "openlibrary", "ol":
            let key = parts[1].uppercased()
            if let work = OpenLibraryKey.valid(key, kind: "W") { return .openLibraryWork(work) }
            if let edition = OpenLibraryKey.valid(key, kind: "M") { return .openLibraryEdition(edition) }
            return nil
        default: return nil
        }
    }
}

/// The catalog records a book on the shelf came from.
public struct StoredIdentifiers: Sendable, Equatable {
    public var isbn13: String?
    public var googleVolumeID: String?
    public var openLibraryWorkKey: String?
    public var openLibraryEditionKey: String?
    public var editionChosenByReader: Bool

    public init(book: Book) {
        isbn13 = book.isbn13
        googleVolumeID = book.googleVolumeID
        openLibraryWorkKey = book.openLibraryWorkKey
        openLibraryEditionKey = book.openLibraryEditionKey
        editionChosenByReader = book.provenance[.edition] == .reader
    }

    /// Whether there is nothing to look the book up by: no catalog record and no ISBN.
    public var isEmpty: Bool {
        isbn13 == nil && googleVolumeID == nil && openLibraryWorkKey == nil && openLibraryEditionKey == nil
    }
}

/// What a search found.
public struct SearchResults: Sendable, Equatable {
    public var query: CatalogQuery
    public var candidates: [BookCandidate] = []
    public var googleTotal: Int?
    public var openLibraryTotal: Int?
    /// A catalog that failed while the other answered.
    public var warnings: [CatalogError] = []
}

/// The records gathered for one book, before merging.
struct SourceRecords: Sendable {
    var google: CatalogBook?
    var work: CatalogBook?
    var edition: CatalogBook?
    var requestedISBN: String?
    var searchCoverID: Int?
    /// The reader picked this edition, so its facts win over Google's volume.
    var editionChosenByReader = false
}

/// A book found in the catalogs, ready for the library.
public struct FoundBook: Sendable {
    public var book: NewBook
    /// Cover images to try, best first.
    public var coverCandidates: [URL] = []
    /// Catalogs that failed on a secondary look-up; the book is still usable.
    public var warnings: [CatalogError] = []
}
