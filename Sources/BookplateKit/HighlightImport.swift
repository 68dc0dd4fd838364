import BookplateCore
import BookplateImport
import BookplateLibrary
import Foundation

/// `import kindle FILE` (or kobo, koreader, readwise): a reading device's or service's highlights
/// read from its export and matched to the books on the shelf, in one transaction.
public struct HighlightImport: Sendable {
    public var library: Library
    /// The shelf's state folder, where the import marks itself under way (``ImportUnderWay``):
    /// a change to the library meanwhile waits for it, and says so.
    public var stateFolder: URL?

    public init(library: Library, stateFolder: URL? = nil) {
        self.library = library
        self.stateFolder = stateFolder
    }

    /// The sources whose exports can be read.
    public static let readableSources: [HighlightSource] = [.kindle, .kobo, .koreader, .readwise]

    /// Reads `url` as `source`'s export and imports its highlights (see
    /// ``Library/importHighlights(_:addMissing:dryRun:)``).
    public func run(file url: URL, as source: HighlightSource, addMissing: Bool = false, dryRun: Bool = false)
        throws -> HighlightImportSummary
    {
        // Marked as a reading log's import is: 150,000 clippings kept the library for two
        // minutes, and an `edit` meanwhile said another program kept it locked (found by a review).
        let underWay = dryRun ? nil : stateFolder.flatMap(ImportUnderWay.begin(in:))
        defer { underWay?.end() }
        let file = try HighlightFile.read(contentsOf: url, as: source)
        return try library.importHighlights(file, addMissing: addMissing, dryRun: dryRun)
    }
}
