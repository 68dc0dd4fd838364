import BookplateCore
import BookplateImport
import BookplateLibrary
import Foundation

/// `import kindle FILE`: a reading device's highlights read from its export and matched to the
/// books on the shelf, in one transaction.
public struct HighlightImport: Sendable {
    public var library: Library

    public init(library: Library) {
        self.library = library
    }

    /// The sources whose exports can be read today.
    public static let readableSources: [HighlightSource] = [.kindle]

    /// Reads `url` as `source`'s export and imports its highlights (see
    /// ``Library/importHighlights(_:addMissing:dryRun:)``).
    public func run(file url: URL, as source: HighlightSource, addMissing: Bool = false, dryRun: Bool = false)
        throws -> HighlightImportSummary
    {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ImportError.unreadable(path: url.relativePathForDisplay)
        }
        let file: HighlightFile
        switch source {
        case .kindle: file = KindleClippings.read(data)
        case .kobo, .koreader, .readwise, .reader: throw ImportError.unreadable(path: url.relativePathForDisplay)
        }
        return try library.importHighlights(file, addMissing: addMissing, dryRun: dryRun)
    }
}
