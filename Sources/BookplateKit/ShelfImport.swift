import BookplateCatalog
import BookplateCore
import BookplateImport
import BookplateLibrary
import BookplateSite
import Foundation

/// Imports a reading-log export into a shelf: the library in one transaction, then the reviews
/// as notes for books that have none yet (a note the reader already has is never replaced).
public struct ShelfImport: Sendable {
    public var library: Library
    public var notes: NoteStore

    public init(library: Library, notes: NoteStore) {
        self.library = library
        self.notes = notes
    }

    /// What an import did, for the report.
    public struct Report: Sendable, Equatable {
        public var summary: ImportSummary
        public var notesWritten: Int
        /// Notes that were not written because the reader already has a note for that book.
        public var notesKept: Int
    }

    public func run(file url: URL, as source: ImportSource, dryRun: Bool = false) throws -> Report {
        let file = try ImportFile.read(contentsOf: url, as: source)
        WorkingFiles.removeAbandoned(in: notes.folder)
        // The records are let go once in the library; the notes stay, to be written.
        let summary = try library.importBooks(consume file, dryRun: dryRun)
        var written: [(slug: String, markdown: String)] = []
        var kept = 0
        for (slug, markdown) in summary.notes.sorted(by: { $0.key < $1.key }) {
            let target = notes.url(forSlug: slug)
            if FileManager.default.fileExists(atPath: target.path) {
                if (try? notes.readNote(at: target)) != markdown { kept += 1 }
            } else {
                written.append((slug, markdown))
            }
        }
        if !dryRun {
            // Marked before they are written: a note marked but never written is harmless, a note
            // written but not marked would be trusted.
            try library.recordImportedNotes(Dictionary(uniqueKeysWithValues: written))
            try notes.writeNotes(written)
        }
        return Report(summary: summary, notesWritten: written.count, notesKept: kept)
    }
}
