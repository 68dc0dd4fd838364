import BookplateCore
import Foundation
import GRDB

/// What an import did (or, for a dry run, would do).
public struct ImportSummary: Sendable, Equatable {
    public var added: [String] = []
    public var updated: [String] = []
    public var unchanged = 0
    public var skipped: [SkippedRow] = []
    /// Values left out of rows that were used.
    public var warnings: [RowWarning] = []
    /// Notes to write for books whose note file does not exist yet: book slug → Markdown.
    public var notes: [String: String] = [:]
    /// What each row that was used did, in the file's order: for `--dry-run`'s listing.
    public var rows: [ImportedRow] = []
    /// The books the reader took off the shelf with `remove` that the file still lists: left out.
    public var removedByReader: [RemovedRow] = []
    /// The books the export's shelf had removed, kept here as removed copies for `restore`, by
    /// slug (Bookplate's own export). Those this library kept already count as unchanged.
    public var removedCopiesKept: [String] = []
}

/// A row of an import that is a book the reader removed, as `restore` knows it.
public struct RemovedRow: Sendable, Equatable {
    /// The removed copy's slug.
    public var slug: String
    public var title: String
    public var authors: [String]
    /// Whether `restore SLUG` brings this copy back: no book on the shelf has taken the slug
    /// since, and no later removed copy has it.
    public var restoredBySlug: Bool
}

/// What one row of an import did to the library.
public struct ImportedRow: Sendable, Equatable {
    public enum Action: String, Sendable {
        case add, update, unchanged
        /// A book the reader removed: left out (`restore` brings it back).
        case removed
        /// A book the export's shelf had removed: kept as a removed copy, for `restore`.
        case keptRemoved = "kept-removed"
    }

    public var line: Int
    public var action: Action
    public var slug: String
    public var title: String
}

extension Library {
    /// Imports every usable record of `file` in one transaction, so a failure part-way changes
    /// nothing. A book is matched by ISBN-13, then by the source's own id, then by title and
    /// first author, and updated rather than added again. With `dryRun` nothing is kept.
    public func importBooks(_ file: ImportFile, dryRun: Bool = false) throws -> ImportSummary {
        var notes: [String: String] = [:]
        var summary = try importBooks(file, dryRun: dryRun) { batch in
            for (slug, markdown) in batch { notes[slug] = markdown }
            return []
        }
        summary.notes = notes
        return summary
    }

    /// A warning naming the dates of `reads` after `today`, as `add` warns of one typed: they
    /// are imported as they are, but a typo (2205 for 2025) would be published unseen as a year
    /// of its own. An import took them without a word (found by an exploratory session).
    static func readingDatesAfter(_ today: PartialDate, in reads: [ReadRecord]) -> String? {
        var dates: [PartialDate] = []
        for date in reads.flatMap({ [$0.started, $0.finished] }).compactMap({ $0 })
        where date > today && !dates.contains(date) {
            dates.append(date)
        }
        guard let last = dates.last else { return nil }
        let named =
            dates.count == 1 ? "\(last)" : dates.dropLast().map(\.description).joined(separator: ", ") + " and \(last)"
        return dates.count == 1
            ? "reading date \(named) is after today: imported as it is; the site will show it"
            : "reading dates \(named) are after today: imported as they are; the site will show them"
    }

    /// Imports `file` as ``importBooks(_:dryRun:)`` does, but hands the records' notes to
    /// `stageNotes` a batch at a time inside the transaction (book slug → Markdown, in the file's
    /// order) instead of keeping them in the summary, so that an import never holds every note.
    /// The notes `stageNotes` returns are recorded as imported in the same transaction: they are
    /// never rendered with raw HTML until the reader edits them. `beforeCommit` runs last inside
    /// the transaction (not in a dry run), which rolls back when it throws; it is given the notes
    /// of the removed copies kept (Bookplate's own export), each to be written in the notes'
    /// `.removed/` folder under its name. `afterBooks` runs inside the transaction once the books
    /// are in, in a dry run too, with what the import did so far: a source that brings highlights
    /// with its books (Apple Books) puts them on those books in the same transaction.
    package func importBooks(
        _ file: ImportFile, dryRun: Bool,
        stageNotes: (_ batch: [(slug: String, markdown: String)]) throws -> [(slug: String, markdown: String)],
        afterBooks: (_ summary: ImportSummary, _ db: Database) throws -> Void = { _, _ in },
        beforeCommit: (_ setAsideNotes: [(name: String, markdown: String)]) throws -> Void = { _ in }
    ) throws -> ImportSummary {
        var summary = ImportSummary()
        summary.skipped = file.skipped
        summary.warnings = file.warnings
        // What each record's matching and naming need, worked out on every core before the
        // transaction, which runs on one.
        let preparedRecords = Parallel.map(file.records, PreparedRecord.init)
        // The reader's today, as `add` has it: UTC's tomorrow let a date two days ahead pass
        // west of Greenwich (found by an exploratory session).
        let today = clock.today
        let names = Set(file.records.flatMap { $0.book.authors.map(\.name.trimmedForStorage) }).sorted()
        let authorFacts = Dictionary(
            uniqueKeysWithValues: zip(names, Parallel.map(names, AuthorFacts.init)))
        do {
            try database.writeWithoutTransaction { db in
                try db.inTransaction {
                    var importer = try BookImporter(
                        db: db, source: file.source, now: clock.now(), timeZone: clock.timeZone)
                    importer.sharedMainTitles = BookImporter.sharedMainTitles(preparedRecords)
                    try importer.createAuthors(file.authors)
                    // Before the books' highlights: what the reader removed stays removed.
                    try Highlight.rememberRemoved(file.removedHighlights, at: clock.now(), in: db)
                    let removedByBook = Dictionary(
                        grouping: file.removedHighlights.filter { $0.passage != nil }, by: { $0.passage?.book ?? "" })
                    // Before the books: the feeds' ids of books purged there are no book's here.
                    try Library.rememberFeedNumbersGone(file.feedNumbersGone, in: db)
                    importer.authorFacts = authorFacts
                    var notes: [(slug: String, markdown: String)] = []
                    func stagePendingNotes() throws {
                        guard !notes.isEmpty else { return }
                        try Library.recordImportedNotes(try stageNotes(notes), in: db)
                        notes.removeAll(keepingCapacity: true)
                    }
                    var setAsideNotes: [(name: String, markdown: String)] = []
                    for (record, prepared) in zip(file.records, preparedRecords) {
                        do {
                            if let removedAt = record.removedAt {
                                let note = try file.note(of: record)
                                let kept = try importer.keepRemovedCopy(
                                    record, prepared, removedAt: removedAt, note: note)
                                let slug = kept?.slug ?? record.preferredSlug ?? ""
                                summary.rows.append(
                                    ImportedRow(
                                        line: record.line, action: kept == nil ? .unchanged : .keptRemoved, slug: slug,
                                        title: prepared.title))
                                if let kept {
                                    summary.removedCopiesKept.append(kept.slug)
                                    summary.warnings += record.warnings.map {
                                        RowWarning(line: record.line, message: $0)
                                    }
                                    if let name = kept.noteFile, let note { setAsideNotes.append((name, note)) }
                                } else {
                                    summary.unchanged += 1
                                }
                                continue
                            }
                            let outcome = try importer.importRecord(record, prepared)
                            let row = { (action: ImportedRow.Action, slug: String) in
                                summary.rows.append(
                                    ImportedRow(line: record.line, action: action, slug: slug, title: prepared.title))
                            }
                            let slug: String
                            switch outcome {
                            case .added(let added):
                                slug = added
                                row(.add, slug)
                                summary.added.append(slug)
                            case .updated(let updated):
                                slug = updated
                                row(.update, slug)
                                summary.updated.append(slug)
                            case .unchanged(let unchanged):
                                slug = unchanged
                                row(.unchanged, slug)
                                summary.unchanged += 1
                            case .removed(let removed):
                                // A book the reader removed: nothing of the row is kept, not its
                                // note nor its highlights, and nothing is said of its values.
                                row(.removed, removed.slug)
                                summary.removedByReader.append(removed)
                                continue
                            }
                            summary.warnings += record.warnings.map { RowWarning(line: record.line, message: $0) }
                            if let warning = Library.readingDatesAfter(today, in: record.reads) {
                                summary.warnings.append(RowWarning(line: record.line, message: warning))
                            }
                            if let note = try file.note(of: record) { notes.append((slug, note)) }
                            // Before its highlights: a longer version of a passage removed stays out.
                            if let fileSlug = record.preferredSlug, let removed = removedByBook[fileSlug] {
                                try importer.keepRemovedPassages(removed, ofSlug: slug)
                            }
                            try importer.keepHighlights(record.highlights, ofSlug: slug)
                            if notes.count >= Library.importedNotesBatch { try stagePendingNotes() }
                        } catch let problem as RowProblem {
                            summary.skipped.append(SkippedRow(line: record.line, reason: problem.reason))
                        }
                    }
                    try stagePendingNotes()
                    // Bookplate's own export brings its authors before its books: an author whose
                    // books were all left out as removed would stay with none (found by a review).
                    if !summary.removedByReader.isEmpty { try self.deleteWhatNoBookHas(in: db) }
                    try afterBooks(summary, db)
                    if dryRun { return .rollback }
                    try beforeCommit(setAsideNotes)
                    return .commit
                }
            }
        } catch let error as DatabaseError {
            throw LibraryError.storage(path: path, message: error.readerMessage)
        }
        summary.skipped.sort { $0.line < $1.line }
        return summary
    }

    /// How many notes an import hands on at a time: a few megabytes of reviews.
    static let importedNotesBatch = 512

    /// What each reading log last gave of each book, by the book's slug: what Bookplate's own
    /// export carries of them.
    package func booksAsImported() throws -> [String: [BookAsImported]] {
        try read { db in try BookAsImported.all(in: db) }
    }
}
