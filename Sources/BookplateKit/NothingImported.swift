import BookplateCore
import BookplateLibrary
import Foundation

/// An import of which not one row or entry could be used: a failure (status 1) said in one line,
/// with the first reason, as every failure is. It ended with status 1 and no error line, and
/// `--json` printed an import of nothing where a script looks for `error` (found by an
/// exploratory session).
public struct NothingImported: Error, Equatable, CustomStringConvertible {
    /// The file, as messages name it.
    public var path: String
    /// What the skipped are numbered by: "line", "book" or "entry".
    public var entry: String
    public var skipped: [SkippedRow]
    /// Whether it was a dry run, which imports nothing in any case.
    public var dryRun: Bool

    public init(path: String, entry: String, skipped: [SkippedRow], dryRun: Bool = false) {
        self.path = path
        self.entry = entry
        self.skipped = skipped
        self.dryRun = dryRun
    }

    public var description: String {
        let first = skipped.first.map { "\(entry) \($0.line): \($0.reason)" } ?? ""
        // "all 2 were skipped" said not what (found by a review).
        let count =
            skipped.count == 1
            ? "its one \(entry) \(dryRun ? "would be" : "was") skipped"
            : "all \(skipped.count) \(entry)s \(dryRun ? "would be" : "were") skipped"
        let others = skipped.count > 1 ? ", and \(skipped.count - 1) more" : ""
        return "nothing \(dryRun ? "would be" : "was") imported from \(path): \(count) (\(first)\(others)); "
            + "check the file, or export it again"
    }
}

extension ImportSummary {
    /// Whether the file gave nothing to import, and rows were skipped: then the import failed.
    public var importedNothing: Bool {
        added.isEmpty && updated.isEmpty && unchanged == 0 && removedByReader.isEmpty && removedCopiesKept.isEmpty
            && !skipped.isEmpty
    }
}

extension HighlightImportSummary {
    /// Whether the file gave nothing to import, and entries were skipped: then the import failed.
    public var importedNothing: Bool {
        added + updated + unchanged + removedByReader == 0 && unmatched.isEmpty && removedBooks.isEmpty
            && !skipped.isEmpty
    }
}
