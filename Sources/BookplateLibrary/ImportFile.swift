import BookplateCore
import Foundation

// What the library accepts from an import: records mapped onto its own fields. Importers
// (BookplateImport) read files into these; the library matches and keeps them.

/// One row of a reading-log export, mapped onto the library's fields.
public struct ImportRecord: Sendable, Equatable {
    /// The line the row starts on in the file, for the report.
    public var line: Int
    public var book: NewBook
    /// The source's own id for the book (Goodreads' Book Id, LibraryThing's Book Id, BookWyrm's
    /// `remote_id`).
    public var sourceID: String?
    /// The reader's review, as Markdown; it becomes the book's note.
    public var note: String?
    /// Kept in the library, never published.
    public var privateNotes: String?
    /// The reads the row tells of, in the order they happened: empty leaves the book's reads as
    /// they are.
    public var reads: [ReadRecord]
    /// When the book joined the source's shelf, to the moment (Bookplate's own export).
    public var addedAt: Date?
    /// The day the book joined the source's shelf, when the file gives a day and no time (the
    /// reading logs' CSV): the reader's day, which the library dates at its start where the
    /// reader is, so that the CSV it exports there says the same day again.
    public var addedOn: PartialDate?
    /// The slug to give the book when it is new and the slug is free (Bookplate's own export).
    public var preferredSlug: String?
    /// Ids other services gave the book, by source (Bookplate's own export).
    public var externalIDs: [String: String]
    /// The book's number among the books that have had its slug, for its feeds' ids
    /// (``Book/feedNumber``, 1 for the first): what Bookplate's own export carries, so that a book
    /// keeps its ids on the shelf it moves to. Nil from other files.
    public var feedNumber: Int? = nil
    /// Values of the row that were left out or cut, and why.
    public var warnings: [String]
    /// The cover the source keeps with the book (a Calibre book's `cover.jpg`), found inside its
    /// library; the import copies it through the checks any cover has.
    public var coverFile: URL?
    /// The book's highlights (Bookplate's own export, from version 4).
    public var highlights: [NewHighlight] = []
    /// For each of ``reads`` set aside by a status change, how it stood before (finished, or
    /// going on), so that setting that status again gives it back; nil for the others. Empty when
    /// the file does not say (Bookplate's own export says, since it carries `setAsideFrom`).
    public var readsSetAsideFrom: [ReadOutcome?] = []
    /// Where the note is when it was moved out of memory into the file's ``NoteSpool``.
    package var spooledNote: NoteSpool.Span?
    /// When the export's shelf had removed the book (Bookplate's own export): the record is kept
    /// as a removed copy that `restore` brings back, never put on the shelf.
    public var removedAt: Date?
    /// The name a removed book's cover was set aside under in `content/covers/.removed/`
    /// (Bookplate's own export), for `restore` to bring back.
    public var removedCoverFile: String?
    /// What each reading log last gave of the book, where a library remembers (Bookplate's own
    /// export): kept with it, so that the next import of a log's file takes what the file changed
    /// since and leaves what the reader changed.
    package var lastImported: [BookAsImported] = []

    public init(
        line: Int, book: NewBook, sourceID: String? = nil, note: String? = nil, privateNotes: String? = nil,
        readCount: Int? = nil, reads: [ReadRecord]? = nil, addedAt: Date? = nil, addedOn: PartialDate? = nil,
        preferredSlug: String? = nil,
        externalIDs: [String: String] = [:], warnings: [String] = [], readCountCountsSetAside: Bool = true
    ) {
        self.line = line
        self.book = book
        self.sourceID = sourceID
        self.note = note
        self.privateNotes = privateNotes
        // A row that lists no reads tells of the current one, after as many undated reads as its
        // count has beyond it.
        self.reads = ReadRecord.inOrder(
            reads
                ?? ReadRecord.history(
                    status: book.status, started: book.startedDate, finished: book.finishedDate, count: readCount,
                    countsSetAside: readCountCountsSetAside))
        self.addedAt = addedAt
        self.addedOn = addedOn
        self.preferredSlug = preferredSlug
        self.externalIDs = externalIDs
        self.warnings = warnings
    }
}

/// A row that could not be used, with why.
public struct SkippedRow: Sendable, Equatable, Codable {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

/// A row that was used without one of its values, with which and why.
public struct RowWarning: Sendable, Equatable, Codable {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

/// The services whose exports Bookplate reads.
public enum ImportSource: String, Sendable, CaseIterable, Codable {
    case goodreads
    case storygraph
    case librarything
    /// BookWyrm's book list (`bookwyrm-export.csv`).
    case bookwyrm
    /// Bookplate's own `export --format json`.
    case bookplate
    /// A Calibre library's `metadata.db`.
    case calibre
    /// Apple Books' library store (`BKLibrary-*.sqlite`), read with its annotation store.
    case appleBooks = "apple-books"
}

/// What an export file held: the usable rows and the skipped ones.
public struct ImportFile: Sendable {
    public var source: ImportSource
    public var records: [ImportRecord]
    public var skipped: [SkippedRow]
    /// Authors with everything known of them, created first with their own slugs (Bookplate's
    /// own export); other formats name authors only on their books.
    public var authors: [ImportedAuthor] = []
    /// Values cut or left out that belong to no row (the authors of Bookplate's own export): their
    /// line is 0.
    public var warnings: [RowWarning] = []
    /// The highlights the reader removed (Bookplate's own export): remembered as removed, so that
    /// importing their file again leaves them out, as in the library exported.
    public var removedHighlights: [RemovedHighlight] = []
    /// The numbers among the books of each slug (``Book/feedNumber``, 1 for the first) that books
    /// the export's library no longer held had (purged): no book here is given them.
    public var feedNumbersGone: [String: [Int]] = [:]
    /// Where the records' notes are kept when they are not in the records.
    package var spool: NoteSpool?

    /// A file's worth of records, with the rows that could not be used.
    public init(
        source: ImportSource, records: [ImportRecord], skipped: [SkippedRow], authors: [ImportedAuthor] = [],
        warnings: [RowWarning] = []
    ) {
        self.source = source
        self.records = records
        self.skipped = skipped
        self.authors = authors
        self.warnings = warnings
    }
}

extension ImportFile {
    /// The note of `record`, from the spool when it was moved there.
    func note(of record: ImportRecord) throws -> String? {
        guard let span = record.spooledNote, let spool else { return record.note }
        return try spool.note(at: span)
    }
}

/// Why one row cannot be used: the importer that reads it and the library that matches it alike
/// skip the row with this reason.
public struct RowProblem: Error {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// An author with everything known of them (Bookplate's own export), created before the books
/// that name them, with the works Open Library lists for them.
public struct ImportedAuthor: Sendable, Equatable {
    public var author: Author
    public var works: [NewWork]

    public init(author: Author, works: [NewWork]) {
        self.author = author
        self.works = works
    }
}
