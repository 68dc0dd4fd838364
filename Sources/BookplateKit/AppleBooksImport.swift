import BookplateCore
import BookplateImport
import BookplateLibrary
import Foundation

/// `import apple-books PATH`: the books of Apple Books' library store and the highlights of its
/// annotation store, read from copies of both, imported in one transaction.
public struct AppleBooksImport: Sendable {
    public var library: Library
    /// The shelf's state folder, where the import marks itself under way (``ImportUnderWay``).
    public var stateFolder: URL?

    public init(library: Library, stateFolder: URL? = nil) {
        self.library = library
        self.stateFolder = stateFolder
    }

    /// What the import did (or, for a dry run, would do).
    public struct Report: Sendable, Equatable {
        public var books: ImportSummary
        public var highlights: HighlightImportSummary
        /// The titles of the samples left out.
        public var samplesLeftOut: [String]
        /// The titles of the PDFs left out.
        public var pdfsLeftOut: [String]
        /// The highlights of the samples and PDFs, left out with them.
        public var highlightsLeftOut: Int

        /// Whether no book could be used, books were skipped, and no highlight came in: then the
        /// import failed.
        public var importedNothing: Bool {
            books.importedNothing && highlights.added + highlights.updated + highlights.unchanged == 0
        }
    }

    /// Reads the stores at `path` (Apple Books' `Documents` folder, or the library store with the
    /// annotation store `annotations`) and imports them; see ``AppleBooksLibrary``.
    public func run(path: URL, annotations: URL? = nil, dryRun: Bool = false) throws -> Report {
        let underWay = dryRun ? nil : stateFolder.flatMap(ImportUnderWay.begin(in:))
        defer { underWay?.end() }
        let stores = try AppleBooksLibrary.read(path, annotations: annotations)
        let (books, highlights) = try library.importBooks(
            stores.books, withHighlights: stores.highlights, dryRun: dryRun)
        return Report(
            books: books, highlights: highlights, samplesLeftOut: stores.samplesLeftOut,
            pdfsLeftOut: stores.pdfsLeftOut, highlightsLeftOut: stores.highlightsLeftOut)
    }
}
