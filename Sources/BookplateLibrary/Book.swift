import BookplateCore
import Foundation

/// Which catalog set a field of a book — or the reader.
public enum FieldSource: String, Sendable, Codable, Hashable {
    case google
    case openLibrary = "openlibrary"
    case reader

    /// How search results name the source, short.
    public var shortName: String {
        switch self {
        case .google: "google"
        case .openLibrary: "ol"
        case .reader: "you"
        }
    }
}

/// A book on the shelf: what the catalogs or the reader say of it, and the reader's own fields.
public struct Book: Hashable, Sendable, Codable {
    public var id: Int64?
    /// Stable, unique, URL-safe name; set when the book is added and never changed afterwards.
    public var slug: String
    public var title: String
    public var subtitle: String?
    public var publisher: String?
    public var publishedDate: PartialDate?
    public var pageCount: Int?
    /// ISO 639 language code, when known.
    public var language: String?
    /// Allow-listed HTML (see ``HTMLAllowList``): what catalogs give is kept that far, plain text
    /// is stored as escaped paragraphs.
    public var description: SanitizedHTML?
    public var isbn10: String?
    public var isbn13: String?
    public var googleVolumeID: String?
    public var openLibraryWorkKey: String?
    public var openLibraryEditionKey: String?
    public var coverURL: String?
    public var subjects: [String]
    public var status: ReadingStatus
    public var rating: Rating?
    public var startedDate: PartialDate?
    public var finishedDate: PartialDate?
    public var addedAt: Date
    /// Which catalog (or the reader) set each field, by field name; `refresh` never overwrites a
    /// field the reader set.
    public var provenance: [BookField: FieldSource]
    /// The reader's private notes from an import: kept, never published.
    public var privateNotes: String?
    /// The edition's form.
    public var format: BookFormat?
    /// How long the audiobook runs, in minutes.
    public var audioMinutes: Int?
    /// When the work first appeared, beside the edition's `publishedDate`.
    public var firstPublished: PartialDate?
    /// Whether the reader owns a copy; nil when they have not said.
    public var owned: Bool?

    public init(
        id: Int64? = nil, slug: String, title: String, subtitle: String? = nil, publisher: String? = nil,
        publishedDate: PartialDate? = nil, pageCount: Int? = nil, language: String? = nil,
        description: SanitizedHTML? = nil, isbn10: String? = nil, isbn13: String? = nil,
        googleVolumeID: String? = nil, openLibraryWorkKey: String? = nil, openLibraryEditionKey: String? = nil,
        coverURL: String? = nil, subjects: [String] = [], status: ReadingStatus = .toRead,
        rating: Rating? = nil, startedDate: PartialDate? = nil, finishedDate: PartialDate? = nil,
        addedAt: Date, provenance: [BookField: FieldSource] = [:], privateNotes: String? = nil,
        format: BookFormat? = nil, audioMinutes: Int? = nil, firstPublished: PartialDate? = nil, owned: Bool? = nil
    ) {
        self.id = id
        self.slug = slug
        self.title = title
        self.subtitle = subtitle
        self.publisher = publisher
        self.publishedDate = publishedDate
        self.pageCount = pageCount
        self.language = language
        self.description = description
        self.isbn10 = isbn10
        self.isbn13 = isbn13
        self.googleVolumeID = googleVolumeID
        self.openLibraryWorkKey = openLibraryWorkKey
        self.openLibraryEditionKey = openLibraryEditionKey
        self.coverURL = coverURL
        self.subjects = subjects
        self.status = status
        self.rating = rating
        self.startedDate = startedDate
        self.finishedDate = finishedDate
        self.addedAt = addedAt
        self.provenance = provenance
        self.privateNotes = privateNotes
        self.format = format
        self.audioMinutes = audioMinutes
        self.firstPublished = firstPublished
        self.owned = owned
    }
}

/// A person who wrote (or co-wrote) books on the shelf.
public struct Author: Hashable, Sendable, Codable {
    public var id: Int64?
    /// Stable, unique, URL-safe name; set when the author is first added.
    public var slug: String
    public var name: String
    /// The name as it files in an index: "Le Guin, Ursula K.".
    public var sortName: String
    public var openLibraryKey: String?
    public var bio: String?
    /// Free text, as the catalogs give it ("1929", "21 October 1929").
    public var birthDate: String?
    public var deathDate: String?
    public var photoURL: String?
    /// The author's pages elsewhere (official site, Wikipedia), http(s) only.
    public var links: [AuthorLink]

    public init(
        id: Int64? = nil, slug: String, name: String, sortName: String, openLibraryKey: String? = nil,
        bio: String? = nil, birthDate: String? = nil, deathDate: String? = nil, photoURL: String? = nil,
        links: [AuthorLink] = []
    ) {
        self.id = id
        self.slug = slug
        self.name = name
        self.sortName = sortName
        self.openLibraryKey = openLibraryKey
        self.bio = bio
        self.birthDate = birthDate
        self.deathDate = deathDate
        self.photoURL = photoURL
        self.links = links
    }
}

/// A link to an author's page elsewhere.
public struct AuthorLink: Hashable, Sendable, Codable {
    public var title: String
    public var url: String

    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}

/// A tag the reader puts on books ("sci-fi", "book club").
public struct Shelf: Hashable, Sendable, Codable {
    public var id: Int64?
    public var slug: String
    public var name: String

    public init(id: Int64? = nil, slug: String, name: String) {
        self.id = id
        self.slug = slug
        self.name = name
    }
}

extension Shelf {
    /// The shelves `names` stand for, trimmed for storage. A comma separates shelves, as in the
    /// shelf column of every reading-log export: a name holding one would come back from a CSV
    /// export as two shelves (found by the FuzzExport fuzzer).
    static func names(_ names: [String]) -> [String] {
        names.flatMap { $0.split(separator: ",") }.map { String($0).trimmedForStorage }.filter { !$0.isEmpty }
    }
}

/// One of an author's works, as Open Library lists them, for the "other works" on their page.
public struct AuthorWork: Hashable, Sendable, Codable {
    public var authorId: Int64
    public var position: Int
    public var key: String
    public var title: String
    public var year: Int?
}

/// Links a book to one of its authors, in credit order.
struct BookAuthor: Hashable, Sendable, Codable {
    var bookId: Int64
    var authorId: Int64
    var position: Int
}

/// Links a book to a shelf.
struct BookShelf: Hashable, Sendable, Codable {
    var bookId: Int64
    var shelfId: Int64
}

/// The library's copy of a note: its Markdown, the HTML cmark made of it, and a hash of the
/// Markdown so that an unchanged note is not rendered again.
public struct NoteRecord: Hashable, Sendable, Codable {
    public var bookId: Int64
    public var markdown: String
    public var html: String
    /// SHA-256 of the Markdown and the rendering options.
    public var contentHash: String
}

/// A book with everything that hangs off it, as commands and the site need it.
public struct BookDetails: Hashable, Sendable {
    public var book: Book
    public var authors: [Author]
    public var shelves: [Shelf]
    /// Every reading of the book, in the order they happened; the last is the one the book's
    /// status and dates tell of.
    public var reads: [ReadRecord]
    /// The series the book is in, in the order they were named, each with the book's place.
    public var series: [SeriesMembership]

    public init(
        book: Book, authors: [Author], shelves: [Shelf], reads: [ReadRecord] = [], series: [SeriesMembership] = []
    ) {
        self.book = book
        self.authors = authors
        self.shelves = shelves
        self.reads = reads
        self.series = series
    }
}

extension Book {
    /// A description as the library keeps it: allow-listed HTML, or nil when it holds no text.
    package static func storedDescription(_ html: SanitizedHTML?) -> SanitizedHTML? {
        guard let clean = html?.trimmed, clean.showsText else { return nil }
        return clean
    }
}

extension Book {
    /// The page counts the library keeps. The longest books bound as one run to some tens of
    /// thousands of pages; a larger count is a catalog's or an export's mistake, and this bound
    /// keeps a sum over a shelf of any size far from overflowing.
    public static let pageCountRange = 1...100_000
    /// How many times a book may have been read: more than a thousand is a mistake.
    public static let readCountRange = 1...1_000

    /// Reads a page count as the reader types it.
    public static func pageCount(parsing text: String) throws(LibraryError) -> Int {
        guard let pages = Int(text.trimmingCharacters(in: .whitespaces)), pageCountRange.contains(pages) else {
            throw .invalidPageCount(text)
        }
        return pages
    }
}

extension ClosedRange {
    /// `value` when the range holds it, else nil: how a number from outside is let in.
    package func admit(_ value: Bound?) -> Bound? {
        value.flatMap { contains($0) ? $0 : nil }
    }
}
