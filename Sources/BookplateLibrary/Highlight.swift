import BookplateCore
import Foundation

/// Where a highlight came from: a reading device's export, or the reader typing it.
public enum HighlightSource: String, Sendable, Codable, CaseIterable {
    case kindle
    case kobo
    case koreader
    case readwise
    /// Apple Books' annotation store, read with its library store (`import apple-books`).
    case appleBooks = "apple-books"
    case reader

    /// Whether this source's times are moments, the same everywhere (KOReader's Unix seconds,
    /// Kobo's and Readwise's UTC, Apple Books' seconds since 2001), which the library turns into the reader's wall-clock time when
    /// it records them. A Kindle writes its wall clock's time and no zone, and the reader's typed
    /// highlights are dated by the library's own clock.
    public var givesMoments: Bool {
        switch self {
        case .kobo, .koreader, .readwise, .appleBooks: true
        case .kindle, .reader: false
        }
    }
}

/// Where in a book a highlight is, as its source gives it: a page, a location (Kindle's), a
/// chapter, or any of them.
public struct HighlightPlace: Sendable, Hashable, Codable {
    public var page: String?
    public var location: String?
    public var chapter: String?

    public init(page: String? = nil, location: String? = nil, chapter: String? = nil) {
        self.page = page
        self.location = location
        self.chapter = chapter
    }

    public var isEmpty: Bool { page == nil && location == nil && chapter == nil }

    /// Throws when a part of the place is longer than a line of the library may be.
    static func checkLengths(_ place: HighlightPlace) throws(LibraryError) {
        try Book.checkLength(place.page, of: "highlight's page")
        try Book.checkLength(place.location, of: "highlight's location")
        try Book.checkLength(place.chapter, of: "highlight's chapter")
    }
}

/// A highlight as an import or the reader gives it, before it belongs to a book.
public struct NewHighlight: Sendable, Equatable {
    /// The passage, as plain text.
    public var text: String
    /// The reader's note on it, as Markdown.
    public var note: String?
    public var place: HighlightPlace
    /// When it was made, when the source says. In a device's file given to
    /// ``Library/importHighlights(_:addMissing:dryRun:)``, a moment when its source
    /// ``HighlightSource/givesMoments``; everywhere else (a Kindle's, Bookplate's own export's)
    /// the reader's wall-clock time kept as UTC, as the library keeps every highlight's.
    public var madeAt: Date?
    /// When a library had it first (Bookplate's own export says); nil: now.
    public var addedAt: Date?
    public var source: HighlightSource
    /// Whether the site shows it (a Bookplate export keeps what the reader hid hidden).
    public var published: Bool
    /// The shorter texts the file gave for this passage before the reader extended it on the
    /// device, oldest first (a Kindle appends each): an earlier import may keep one of them, which
    /// this one replaces, or the reader may have removed one, which keeps this one out.
    public var earlierTexts: [String]
    /// What each source last gave of it, where a library remembers (Bookplate's own export): kept
    /// with it, under the id it has here, so that the next import of a source's file takes what
    /// the file changed since and leaves what the reader changed.
    package var lastImported: [HighlightAsImported] = []

    public init(
        text: String, note: String? = nil, place: HighlightPlace = HighlightPlace(), madeAt: Date? = nil,
        addedAt: Date? = nil, source: HighlightSource, published: Bool = true, earlierTexts: [String] = []
    ) {
        self.text = text
        self.note = note
        self.place = place
        self.madeAt = madeAt
        self.addedAt = addedAt
        self.source = source
        self.published = published
        self.earlierTexts = earlierTexts
    }
}

/// One highlight of an import file with the book it names, to be matched to a book on the shelf
/// by ISBN, else by title and author.
public struct ImportedHighlight: Sendable, Equatable {
    /// Where the entry starts in the file, for warnings.
    public var line: Int
    public var bookTitle: String
    public var bookAuthor: String?
    public var isbn: ISBN?
    public var highlight: NewHighlight
    /// The line of the book's own record when the same import brings the books too (Apple
    /// Books): the highlight goes on the book that record became, whatever its title matches.
    public var bookLine: Int?

    public init(
        line: Int, bookTitle: String, bookAuthor: String? = nil, isbn: ISBN? = nil, highlight: NewHighlight,
        bookLine: Int? = nil
    ) {
        self.line = line
        self.bookTitle = bookTitle
        self.bookAuthor = bookAuthor
        self.isbn = isbn
        self.highlight = highlight
        self.bookLine = bookLine
    }
}

/// What a highlights export held: the usable entries, and those that could not be used.
public struct HighlightFile: Sendable {
    public var source: HighlightSource
    public var highlights: [ImportedHighlight]
    public var skipped: [SkippedRow]
    public var warnings: [RowWarning]

    public init(
        source: HighlightSource, highlights: [ImportedHighlight], skipped: [SkippedRow] = [],
        warnings: [RowWarning] = []
    ) {
        self.source = source
        self.highlights = highlights
        self.skipped = skipped
        self.warnings = warnings
    }
}
