import BookplateCatalog
import BookplateCore
import BookplateImport
import BookplateLibrary
import BookplateSite
import Foundation

/// Imports a reading-log export into a shelf: the library in one transaction, and the reviews as
/// notes for books that have none yet (a note the reader already has is never replaced).
///
/// The notes are written beside their places a batch at a time while the library's transaction
/// is open, and linked into place just before it commits: an import that fails leaves the
/// library and the notes as they were, and no import holds every review at once. An import
/// killed between the two leaves notes whose books are not in the library, which the next import
/// of the file takes as its own reviews and a build names; put in place after the commit, as
/// they were, a killed import left the books with most of their reviews gone.
public struct ShelfImport: Sendable {
    public var library: Library
    public var notes: NoteStore
    /// The shelf's state folder, where the import marks itself under way (``ImportUnderWay``) so
    /// that a build meanwhile does not take its notes for the reader's strays; nil marks nothing.
    public var stateFolder: URL?
    /// The shelf's covers folder, where the covers a source keeps with its books (Calibre's) are
    /// copied; nil copies none.
    public var covers: URL?

    public init(library: Library, notes: NoteStore, stateFolder: URL? = nil, covers: URL? = nil) {
        self.library = library
        self.notes = notes
        self.stateFolder = stateFolder
        self.covers = covers
    }

    /// What an import did, for the report.
    public struct Report: Sendable, Equatable {
        public var summary: ImportSummary
        public var notesWritten: Int
        /// Notes that were not written because the reader already has a note for that book.
        public var notesKept: Int
        /// Covers copied from the source (Calibre's) for books that had none.
        public var coversCopied = 0
    }

    public func run(file url: URL, as source: ImportSource, dryRun: Bool = false) throws -> Report {
        // Notes go into the notes folder: one linked to nothing takes none (found by a review).
        try notes.checkFolderIsThere()
        let underWay = dryRun ? nil : stateFolder.flatMap(ImportUnderWay.begin(in:))
        defer { underWay?.end() }
        WorkingFiles.removeAbandoned(in: notes.folder)
        let spool = NoteSpool(in: notes.folder)
        defer { spool?.discard() }
        let file = try ImportFile.read(contentsOf: url, as: source, spool: spool)
        let coverFiles = ImportedCovers(file)
        let staged = StagedNotes(store: notes, dryRun: dryRun)
        // Whether the reader's own note differs from the review, by book (the last review wins).
        var kept: [String: Bool] = [:]
        let summary: ImportSummary
        do {
            // The records are let go once in the library.
            summary = try library.importBooks(consume file, dryRun: dryRun) { batch in
                var written: [(slug: String, markdown: String)] = []
                // A note already there with the review's very text is the review: an import stopped
                // after its notes were in place left them so, and the import run again took them
                // for the reader's own, never recorded as imported, and so published their raw
                // HTML where a site allows it in the reader's notes.
                var same: [(slug: String, markdown: String)] = []
                for (slug, markdown) in batch {
                    let target = notes.url(forSlug: slug)
                    if !staged.holds(slug), FileManager.default.fileExists(atPath: target.path) {
                        // Compared as text: a note whose line ends a sync tool changed is the same.
                        let differs =
                            (try? notes.readNote(at: target)).map {
                                !ImportedNoteText.same($0, markdown)
                            } ?? true
                        kept[slug] = differs
                        if !differs { same.append((slug, markdown)) }
                    } else {
                        written.append((slug, markdown))
                    }
                }
                try staged.stage(written)
                return dryRun ? [] : written + same
            } beforeCommit: { setAside in
                try staged.moveIntoPlace()
                try setAsideNotes(setAside)
            }
        } catch {
            staged.discard()
            throw error
        }
        var report = Report(
            summary: summary, notesWritten: staged.count,
            notesKept: kept.values.filter { $0 }.count + staged.foundInPlace.count)
        if let covers {
            let (copied, warnings) = coverFiles.copy(for: summary.rows, into: covers, dryRun: dryRun)
            report.coversCopied = copied
            report.summary.warnings = (report.summary.warnings + warnings).sorted { $0.line < $1.line }
        }
        return report
    }
}

extension ShelfImport {
    /// Writes the notes of the removed copies an export brought (see
    /// ``Library/importBooks(_:dryRun:stageNotes:beforeCommit:)``) into the notes' `.removed/`
    /// folder, where `restore` finds them, before the library commits; never over a file that
    /// holds something else. An import that fails after leaves them there, for no copy.
    func setAsideNotes(_ setAside: [(name: String, markdown: String)]) throws {
        guard !setAside.isEmpty else { return }
        let folder = notes.folder.appendingPathComponent(".removed")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw NoteError.unwritable(path: folder.relativePathForDisplay, code: FileFailure.code(error))
        }
        for (name, markdown) in setAside {
            guard let url = SetAside.url(of: name, in: notes.folder) else { continue }
            if let there = FileManager.default.contents(atPath: url.path) {
                guard there == Data(markdown.utf8) else { throw NoteError.unwritable(path: url.relativePathForDisplay) }
                continue
            }
            do {
                _ = try FileOutput.write(Data(markdown.utf8), toPath: url.path, flush: true)
            } catch {
                throw NoteError.unwritable(path: url.relativePathForDisplay, code: FileFailure.code(error))
            }
        }
    }
}

/// Notes an import has written to working files beside their places, to be linked into place
/// as the library takes the books, or removed when it does not. A class: the import's two
/// closures, which stage the notes and put them in place, both change it.
private final class StagedNotes {
    let store: NoteStore
    /// A dry run only counts the notes.
    let dryRun: Bool
    /// Each note's working file, by book slug.
    private var working: [String: URL] = [:]
    /// The notes put in place, by book slug: taken out again when the library does not take
    /// their books after all.
    private var placed: [String] = []
    /// The notes whose place a note took while the import ran (the reader's, saved meanwhile):
    /// kept, and the review left out.
    private(set) var foundInPlace: [String] = []

    init(store: NoteStore, dryRun: Bool) {
        self.store = store
        self.dryRun = dryRun
    }

    /// How many notes are staged or in place.
    var count: Int { working.count + placed.count }

    func holds(_ slug: String) -> Bool { working[slug] != nil }

    /// Writes `notes` to working files on every core, without waiting for the disk.
    func stage(_ notes: [(slug: String, markdown: String)]) throws {
        guard !notes.isEmpty else { return }
        if dryRun {
            for note in notes { working[note.slug] = store.url(forSlug: note.slug) }
            return
        }
        let folder = store.folder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw NoteError.unwritable(path: folder.relativePathForDisplay, code: FileFailure.code(error))
        }
        let urls = notes.map { note in
            folder.appendingPathComponent(WorkingFiles.name(for: "\(note.slug).md", kind: "tmp"), isDirectory: false)
        }
        // A slug met again (a book updated twice) keeps its last note, as the library keeps its
        // last values.
        for (note, url) in zip(notes, urls) {
            if let earlier = working.updateValue(url, forKey: note.slug) {
                try? FileManager.default.removeItem(at: earlier)
            }
        }
        let failures = Parallel.map(Array(zip(notes.map(\.markdown), urls))) { markdown, url in
            Result { _ = try FileOutput.write(Data(markdown.utf8), toPath: url.path, flush: false) }
        }
        for case .failure(let error) in failures {
            throw NoteError.unwritable(path: folder.relativePathForDisplay, code: FileFailure.code(error))
        }
    }

    /// Puts every staged note in its place, after one wait for the disk.
    func moveIntoPlace() throws {
        guard !dryRun, !working.isEmpty else { return }
        FileOutput.flushFileSystem(containing: store.folder)
        for (slug, url) in working.sorted(by: { $0.key < $1.key }) {
            // Linked, never renamed over: a note the reader saved since the batch was staged is
            // theirs, and stays (a rename replaced it, and a failed commit then deleted it).
            if link(url.path, store.url(forSlug: slug).path) == 0 {
                placed.append(slug)
            } else if errno == EEXIST {
                foundInPlace.append(slug)
            } else {
                throw NoteError.unwritable(path: store.folder.relativePathForDisplay, code: errno)
            }
            unlink(url.path)
            working[slug] = nil
        }
    }

    /// Removes the working files of the notes not yet in place, and the notes put in place (each
    /// a note the reader did not have), as the library did not take their books.
    func discard() {
        guard !dryRun else { return }
        for url in working.values { try? FileManager.default.removeItem(at: url) }
        for slug in placed { try? FileManager.default.removeItem(at: store.url(forSlug: slug)) }
        working = [:]
        placed = []
    }
}
