import BookplateCatalog
import BookplateCore
import BookplateLibrary
import Foundation

/// Taking a book off the shelf with its note and cover, all or nothing.
///
/// The library is the record of where the files are. `remove` commits the book's removal with
/// the names its note and cover will have in `.removed/`, then moves them; `restore` moves them
/// back, then commits. Either cut short between the two steps (killed) leaves a removed book whose
/// files are still in place, which ``finishInterrupted()`` sets aside at the next command: the
/// book stays removed, as the library says, and `restore` brings it back whole. A step that fails
/// with an error is undone at once. A command between its two steps holds the shelf's
/// ``RemovalUnderWay`` lock, so that nothing takes it for one cut short while it runs.
public struct BookRemoval: Sendable {
    public var library: Library
    public var notes: NoteStore
    /// The folder of the shelf's covers.
    public var covers: URL
    /// The shelf's state folder, where `remove` and `restore` hold their lock.
    public var stateFolder: URL
    /// When the book was removed, as the kept copy and the set-aside file names say.
    public var clock: WallClock
    /// Told when another `remove` or `restore` of the shelf runs, before this one waits for it.
    public var waiting: @Sendable () -> Void = {}

    /// A removal on the shelf at `paths`, timed by `clock` (by default the library's own).
    public init(library: Library, paths: ShelfPaths, clock: WallClock? = nil) {
        self.library = library
        self.notes = NoteStore(folder: paths.notes)
        self.covers = paths.covers
        self.stateFolder = paths.stateFolder
        self.clock = clock ?? library.clock
    }

    /// Where a book's note and cover went, in the `.removed/` folders beside the others.
    public struct SetAsideFiles: Sendable, Equatable {
        public var note: URL?
        public var cover: URL?
    }

    /// A removed book back on the shelf, and whether its note and cover came back with it: nil
    /// when none was set aside, false when it is gone or the book has one again.
    public struct Restored: Sendable {
        public var details: BookDetails
        public var noteBack: Bool?
        public var coverBack: Bool?
        /// Whether the book had a note, or a cover, in place already: what was set aside stays.
        public var noteInTheWay = false
        public var coverInTheWay = false
    }

    /// Removes the book with `slug`, keeping everything `restore` needs: its note and cover are
    /// set aside under the clock's time, and the library keeps a copy of the book.
    public func remove(slug: String) throws -> SetAsideFiles {
        // A notes folder linked to nothing (a disk not mounted) holds the note where it cannot be
        // set aside: the book would go and its note turn up later as a note of no book (found by a
        // review).
        try notes.checkFolderIsThere()
        // Held until the note and cover are aside: a command started meanwhile finished this
        // removal itself, racing it for the files (see finishInterrupted).
        let underWay = RemovalUnderWay.begin(slug: slug, in: stateFolder, waiting: waiting)
        defer { withExtendedLifetime(underWay) {} }
        let now = clock.now()
        let note = notes.url(forSlug: slug)
        let image = CoverFetcher.existingImage(named: slug, in: covers)
        let planned = SetAsideFiles(
            note: FileManager.default.fileExists(atPath: note.path)
                ? SetAside.destination(for: note, into: notes.folder, named: slug, at: now) : nil,
            cover: image.map { SetAside.destination(for: $0, into: covers, named: slug, at: now) })
        let id = try library.removeBook(
            slug: slug, at: now, noteFile: planned.note?.lastPathComponent,
            coverFile: planned.cover?.lastPathComponent)
        var moving = planned.note
        do {
            if let destination = planned.note { try SetAside.move(note, to: destination) }
            moving = planned.cover
            if let image, let destination = planned.cover { try SetAside.move(image, to: destination) }
        } catch {
            // The book goes back on the shelf with whatever file had moved; should that fail too,
            // the next command finishes the removal (finishInterrupted).
            bringBack(planned, of: slug)
            if let copy = try? library.removedBooks().first(where: { $0.id == id }) {
                _ = try? library.restoreBook(copy)
            }
            // The folder that could not take the file that failed.
            throw NoteError.unwritable(path: (moving ?? note).deletingLastPathComponent().relativePathForDisplay)
        }
        return planned
    }

    /// Deletes the book with `slug` for good, with its note and its cover, once the library has
    /// committed: cut short before the files go, they stay in place as a note and a cover for no
    /// book, which the build names. Removed books that once had the slug are other books, and stay.
    /// Holds the removal lock meanwhile, as `remove` does: a build in between told the reader to
    /// rename the cover it was deleting (found by an exploratory session).
    public func purge(slug: String) throws {
        try notes.checkFolderIsThere()
        let underWay = RemovalUnderWay.begin(slug: slug, in: stateFolder, waiting: waiting)
        defer { withExtendedLifetime(underWay) {} }
        let note = notes.url(forSlug: slug)
        let image = CoverFetcher.existingImage(named: slug, in: covers)
        try library.purgeBook(slug: slug)
        try? FileManager.default.removeItem(at: note)
        if let image { try? FileManager.default.removeItem(at: image) }
    }

    /// Forgets the removed book `removed`, then deletes its set-aside files.
    public func purgeRemoved(_ removed: RemovedBook) throws {
        let copy = try library.purgeRemovedBook(removed)
        if let note = copy.noteFile { notes.deleteSetAsideNote(note) }
        if let cover = copy.coverFile { CoverFetcher.deleteSetAsideImage(cover, in: covers) }
    }

    /// Puts a removed book back on the shelf: its note and cover first, when nothing has taken
    /// their place, then the book.
    public func restore(_ removed: RemovedBook) throws -> Restored {
        try notes.checkFolderIsThere()
        let slug = removed.slug
        // Held until the library has the book back: a restore waits for the library (behind an
        // import, say) with its note already back, and any command started meanwhile took it for
        // one cut short and set the note aside again, for good (found by an exploratory session).
        let underWay = RemovalUnderWay.begin(slug: slug, in: stateFolder, waiting: waiting)
        defer { withExtendedLifetime(underWay) {} }
        // Before any file moves: brought back over a book that took the slug since, the note and
        // cover would be that book's until the library refused.
        try library.checkRestorable(removed)
        let noteInTheWay = FileManager.default.fileExists(atPath: notes.url(forSlug: slug).path)
        let coverInTheWay = CoverFetcher.existingImage(named: slug, in: covers) != nil
        let noteBack = removed.noteFile.map { notes.bringBackNote($0, forSlug: slug) }
        let coverBack = removed.coverFile.map { CoverFetcher.bringBackImage($0, named: slug, in: covers) }
        do {
            let details = try library.restoreBook(removed)
            return Restored(
                details: details, noteBack: noteBack, coverBack: coverBack, noteInTheWay: noteInTheWay,
                coverInTheWay: coverInTheWay)
        } catch {
            setAsideAgain(
                slug: slug, noteFile: noteBack == true ? removed.noteFile : nil,
                coverFile: coverBack == true ? removed.coverFile : nil)
            throw error
        }
    }

    /// Finishes a removal or a restore that was cut short between the library and the files:
    /// a removed book whose note or cover is in place while the library says it is set aside has
    /// it set aside now, under the name the library keeps. Then the book is removed with its
    /// files, as the library says, and no note or cover sits in `.removed/` beside a book on the
    /// shelf. Nothing to do costs one query.
    ///
    /// Only once no `remove` or `restore` runs (``RemovalUnderWay``): one that is between its two
    /// steps is not cut short, and is left to finish; the next command finishes what it leaves.
    public func finishInterrupted() {
        let turn = RemovalUnderWay.finishing(in: stateFolder)
        if case .heldByAnother = turn { return }
        defer { withExtendedLifetime(turn) {} }
        guard let copies = try? library.removedFilesOfSlugsNoBookHas() else { return }
        // The copy whose files are missing from `.removed/` is the one cut short: not always the
        // latest of its slug, as `restore` may bring back an older one.
        var finished: Set<String> = []
        for copy in copies where !finished.contains(copy.slug) {
            let noteAside = copy.noteFile.map { SetAside.holds($0, in: notes.folder) } ?? true
            let coverAside = copy.coverFile.map { SetAside.holds($0, in: covers) } ?? true
            guard !noteAside || !coverAside else { continue }
            setAsideAgain(
                slug: copy.slug, noteFile: noteAside ? nil : copy.noteFile, coverFile: coverAside ? nil : copy.coverFile
            )
            finished.insert(copy.slug)
        }
    }

    /// Sets a removed book's note or cover, back in place, aside again under its kept name.
    private func setAsideAgain(slug: String, noteFile: String?, coverFile: String?) {
        let note = notes.url(forSlug: slug)
        if let kept = noteFile.flatMap({ SetAside.url(of: $0, in: notes.folder) }),
            FileManager.default.fileExists(atPath: note.path)
        {
            try? SetAside.move(note, to: kept)
        }
        if let kept = coverFile.flatMap({ SetAside.url(of: $0, in: covers) }),
            let image = CoverFetcher.existingImage(named: slug, in: covers)
        {
            try? SetAside.move(image, to: kept)
        }
    }

    private func bringBack(_ files: SetAsideFiles, of slug: String) {
        if let note = files.note { _ = notes.bringBackNote(note.lastPathComponent, forSlug: slug) }
        if let cover = files.cover { _ = CoverFetcher.bringBackImage(cover.lastPathComponent, named: slug, in: covers) }
    }
}
