import BookplateCore
import Foundation
import GRDB

extension Library {
    /// Imports `books` and then `highlights` in one transaction, for a source that brings both
    /// (Apple Books): the books as ``importBooks(_:dryRun:)`` imports them, then each highlight
    /// on the book its book record became (``ImportedHighlight/bookLine``), else matched as
    /// ``importHighlights(_:addMissing:dryRun:)`` matches it. A failure changes nothing; with
    /// `dryRun` nothing is kept, and the highlights are counted on the books the import would add.
    public func importBooks(_ books: ImportFile, withHighlights highlights: HighlightFile, dryRun: Bool = false)
        throws -> (books: ImportSummary, highlights: HighlightImportSummary)
    {
        var highlightSummary = HighlightImportSummary(skipped: highlights.skipped, warnings: highlights.warnings)
        let now = clock.now()
        let bookSummary = try importBooks(
            books, dryRun: dryRun, stageNotes: { _ in [] },
            afterBooks: { summary, db in
                var slugs: [Int: String] = [:]
                for row in summary.rows where [.add, .update, .unchanged].contains(row.action) {
                    slugs[row.line] = row.slug
                }
                try self.importHighlights(
                    highlights, addMissing: false, now: now, bookSlugs: slugs, into: &highlightSummary, in: db)
            })
        highlightSummary.skipped.sort { $0.line < $1.line }
        return (bookSummary, highlightSummary)
    }
}
