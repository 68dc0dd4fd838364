import BookplateCore
import Foundation

/// The shape of a book in Bookplate's JSON output (`list --json`, `show --json`): stable keys,
/// plain values, meant for scripts.
public struct BookJSON: Codable, Sendable, Equatable {
    public var slug: String
    public var title: String
    public var subtitle: String?
    public var authors: [String]
    public var publisher: String?
    public var published: String?
    /// When the work first appeared.
    public var firstPublished: String?
    /// `paperback`, `hardcover`, `ebook`, `audiobook` or `other`.
    public var format: String?
    public var audioMinutes: Int?
    public var owned: Bool?
    public var pages: Int?
    public var language: String?
    public var description: String?
    public var isbn13: String?
    public var isbn10: String?
    public var status: String
    /// Stars, 0.25 to 5 in quarter steps.
    public var rating: Double?
    public var started: String?
    public var finished: String?
    /// How many times the book was read to the end.
    public var readCount: Int
    /// Every read, oldest first.
    public var reads: [ReadJSON]
    /// The series the book is in, each with its place (`null` when unnumbered).
    public var series: [SeriesJSON]
    public var shelves: [String]
    public var added: String
    public var googleVolumeID: String?
    public var openLibraryWork: String?
    public var openLibraryEdition: String?
    /// Which catalog set each field, by the field's name here (``BookField/jsonFields(in:)``), or
    /// `reader` for one the reader set, edited or cleared; a field not named no catalog set.
    public var provenance: [String: FieldSource]?
}

extension BookField {
    /// The fields of ``BookJSON`` that this field of the library is. `provenance` named the
    /// library's own names — `isbn`, `pageCount`, `publishedDate`, `subjects` — which are no
    /// fields of the book it was printed with (found by an exploratory session). Subjects are in
    /// no field of the JSON, so their origin is not named either. The ISBN is the two fields of
    /// `book` that have a value, a catalog setting those it has (both were named, `isbn10` a
    /// catalog's on a book with an ISBN-13 alone: found by a review), or both while neither has
    /// one (the reader cleared it).
    public func jsonFields(in book: Book) -> [String] {
        switch self {
        case .title, .subtitle, .authors, .publisher, .language, .description, .format, .audioMinutes,
            .firstPublished:
            [rawValue]
        case .isbn:
            [("isbn13", book.isbn13), ("isbn10", book.isbn10)].filter {
                $0.1 != nil || (book.isbn13 == nil && book.isbn10 == nil)
            }.map(\.0)
        case .publishedDate: ["published"]
        case .pageCount: ["pages"]
        case .subjects: []
        case .edition: ["openLibraryEdition"]
        }
    }

    /// The names a reader is told this field by when it changes (`refresh`'s "updated …"): those
    /// of the JSON, or its own for subjects, which the JSON leaves out. The library's own
    /// (`pageCount`, `isbn`) were printed where the JSON says `pages` and `isbn13` (found by an
    /// exploratory session).
    public func readerNames(in book: Book) -> [String] {
        let fields = jsonFields(in: book)
        return fields.isEmpty ? [rawValue] : fields
    }
}

/// A book's place in a series in Bookplate's JSON output.
public struct SeriesJSON: Codable, Sendable, Equatable {
    public var name: String
    public var slug: String
    public var position: String?
}

/// One read in Bookplate's JSON output.
public struct ReadJSON: Codable, Sendable, Equatable {
    public var started: String?
    public var finished: String?
    /// `finished`, `reading` or `set-aside`.
    public var outcome: String
}

extension BookDetails {
    /// This book as ``BookJSON``.
    public var json: BookJSON {
        BookJSON(
            slug: book.slug, title: book.title, subtitle: book.subtitle, authors: authors.map(\.name),
            publisher: book.publisher, published: book.publishedDate?.description,
            firstPublished: book.firstPublished?.description, format: book.format?.rawValue,
            audioMinutes: book.audioMinutes, owned: book.owned, pages: book.pageCount,
            language: book.language, description: book.description?.html, isbn13: book.isbn13, isbn10: book.isbn10,
            status: book.status.rawValue, rating: book.rating?.stars, started: book.startedDate?.description,
            finished: book.finishedDate?.description, readCount: timesRead,
            reads: reads.map {
                ReadJSON(
                    started: $0.started?.description, finished: $0.finished?.description, outcome: $0.outcome.rawValue)
            },
            series: series.map { SeriesJSON(name: $0.series.name, slug: $0.series.slug, position: $0.position?.text) },
            shelves: shelves.map(\.name),
            added: book.addedAt.formatted(.iso8601), googleVolumeID: book.googleVolumeID,
            openLibraryWork: book.openLibraryWorkKey, openLibraryEdition: book.openLibraryEditionKey,
            provenance: jsonProvenance)
    }

    /// ``Book/provenance`` by the JSON's field names; nil when it names none.
    private var jsonProvenance: [String: FieldSource]? {
        var named: [String: FieldSource] = [:]
        for (field, source) in book.provenance {
            for name in field.jsonFields(in: book) { named[name] = source }
        }
        return named.isEmpty ? nil : named
    }
}

/// Encodes values as Bookplate prints JSON: pretty, with sorted keys.
public enum BookplateJSON {
    public static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
