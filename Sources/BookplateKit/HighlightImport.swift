import BookplateCore
import BookplateImport
import BookplateLibrary
import Foundation

/// `import kindle FILE` (or kobo, koreader, readwise): a reading device's or service's highlights
/// read from its export and matched to the books on the shelf, in one transaction.
public struct HighlightImport: Sendable {
    public var library: Library

    public init(library: Library) {
        self.library = library
    }

    /// The sources whose exports can be read.
    public static let readableSources: [HighlightSource] = [.kindle, .kobo, .koreader, .readwise]

    /// Reads `url` as `source`'s export and imports its highlights (see
    /// ``Library/importHighlights(_:addMissing:dryRun:)``).
    public func run(file url: URL, as source: HighlightSource, addMissing: Bool = false, dryRun: Bool = false)
        throws -> HighlightImportSummary
    {
        let file = try HighlightFile.read(contentsOf: url, as: source)
        return try library.importHighlights(file, addMissing: addMissing, dryRun: dryRun)
    }
}
