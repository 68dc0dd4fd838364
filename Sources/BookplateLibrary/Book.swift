import BookplateCore
import Foundation

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
    public var subjects: [String] = []
    public var status: ReadingStatus = .toRead
    public var rating: Rating?
    public var startedDate: PartialDate?
    public var finishedDate: PartialDate?
    public var addedAt: Date
    /// Which catalog (or the reader) set each field, by field name; `refresh` never overwrites a
    /// field the reader set.
    public var provenance: [BookField: FieldSource] = [:]
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
    /// Which of the books that have had its slug this one is, for the ids of its entries in the
    /// site's feeds: nil for the first, 2 for a book added on the slug of one removed, and so on.
    /// Given when the book arrives and never changed (``Library/arrive(_:carrying:in:)``), so
    /// that no entry's id is ever another's.
    public var feedNumber: Int? = nil
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
    /// The longest a one-line field (a title, a name, a publisher, a shelf) may be. Real titles
    /// and names run to a few hundred characters; an import cuts longer ones, and `add` and `edit`
    /// refuse them, so that what is kept always comes back the same from an export.
    public static let lineCharacterLimit = 10_000
    /// The longest running text from a catalog or an import (a description, a bio): real ones
    /// run to some thousands of characters.
    public static let textCharacterLimit = 1_000_000

    /// Refuses a one-line `text` longer than ``lineCharacterLimit``.
    static func checkLength(_ text: String?, of field: String) throws(LibraryError) {
        guard let text else { return }
        let characters = text.count
        if characters > lineCharacterLimit {
            throw .tooLong(field: field, characters: characters, limit: lineCharacterLimit)
        }
    }

    /// Reads a language code as the reader types it: "ja", "jpn" (kept as "ja"), "grc", "pt-BR".
    /// A language's name or anything else is refused: `--language English` was kept as it was
    /// typed and published as a `lang` no browser knows (found by an exploratory session).
    /// A tag no browser reads (`en-USA`) is refused as the site's language is, saying why: kept,
    /// it gave the book's page no `lang` without a word (found by a review).
    public static func language(parsing text: String) throws(LibraryError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let tag = LanguageCode.tag(parsing: trimmed) else {
            throw .invalidLanguage(text, suggested: LanguageTag.code(named: trimmed))
        }
        do {
            return try LanguageTag.parse(tag)
        } catch {
            throw .invalidLanguageTag(text, problem: error.description)
        }
    }

    /// Reads a page count as the reader types it.
    public static func pageCount(parsing text: String) throws(LibraryError) -> Int {
        guard let pages = Int(text.numeralsInASCII.trimmingCharacters(in: .whitespaces)), pageCountRange.contains(pages)
        else {
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
