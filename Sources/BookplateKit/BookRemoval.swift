import BookplateCatalog
import BookplateCore
import BookplateLibrary
import Foundation

/// Taking a book off the shelf with its note and cover, all or nothing: the files are set aside
/// first and the library changed in one transaction after, so that when any step fails the
/// files go back and the library, the note and the cover are as they were.
public struct BookRemoval: Sendable {
    public var library: Library
    public var notes: NoteStore
    /// The folder of the shelf's covers.
    public var covers: URL
    /// When the book was removed, as the kept copy and the set-aside file names say.
    public var clock: WallClock

    /// A removal on the shelf at `paths`, timed by `clock` (by default the library's own).
    public init(library: Library, paths: ShelfPaths, clock: WallClock? = nil) {
        self.library = library
        self.notes = NoteStore(folder: paths.notes)
        self.covers = paths.covers
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
    }

    /// Removes the book with `slug`, keeping everything `restore` needs: its note and cover are
    /// set aside under the clock's time, and the library keeps a copy of the book.
    public func remove(slug: String) throws -> SetAsideFiles {
        let now = clock.now()
        let setAside = try setFilesAside(of: slug, at: now)
        do {
            try library.removeBook(
                slug: slug, at: now, noteFile: setAside.note?.lastPathComponent,
                coverFile: setAside.cover?.lastPathComponent)
        } catch {
            bringBack(setAside, of: slug)
            throw error
        }
        return setAside
    }

    /// Deletes the book with `slug` for good, with its note and its cover. The files are deleted
    /// only once the library has committed; until then they are aside. Removed books that once
    /// had the slug are other books, and stay.
    public func purge(slug: String) throws {
        let setAside = try setFilesAside(of: slug, at: clock.now())
        do {
            try library.purgeBook(slug: slug)
        } catch {
            bringBack(setAside, of: slug)
            throw error
        }
        if let note = setAside.note { notes.deleteSetAsideNote(note.lastPathComponent) }
        if let cover = setAside.cover { CoverFetcher.deleteSetAsideImage(cover.lastPathComponent, in: covers) }
    }

    /// Forgets the removed book `removed`, then deletes its set-aside files.
    public func purgeRemoved(_ removed: RemovedBook) throws {
        let copy = try library.purgeRemovedBook(removed)
        if let note = copy.noteFile { notes.deleteSetAsideNote(note) }
        if let cover = copy.coverFile { CoverFetcher.deleteSetAsideImage(cover, in: covers) }
    }

    /// Puts a removed book back on the shelf, then brings back its note and cover when nothing
    /// has taken their place.
    public func restore(_ removed: RemovedBook) throws -> Restored {
        let details = try library.restoreBook(removed)
        let slug = details.book.slug
        return Restored(
            details: details, noteBack: removed.noteFile.map { notes.bringBackNote($0, forSlug: slug) },
            coverBack: removed.coverFile.map { CoverFetcher.bringBackImage($0, named: slug, in: covers) })
    }

    /// Moves the note, then the cover, into `.removed/`; when the cover cannot move, the note
    /// comes back before the error is thrown.
    private func setFilesAside(of slug: String, at date: Date) throws -> SetAsideFiles {
        let note = try notes.setAsideNote(forSlug: slug, at: date)
        guard let image = CoverFetcher.existingImage(named: slug, in: covers) else {
            return SetAsideFiles(note: note, cover: nil)
        }
        do {
            let cover = try SetAside.move(image, into: covers, named: slug, at: date)
            return SetAsideFiles(note: note, cover: cover)
        } catch {
            bringBack(SetAsideFiles(note: note, cover: nil), of: slug)
            throw NoteError.unwritable(path: covers.appendingPathComponent(".removed").relativePathForDisplay)
        }
    }

    private func bringBack(_ files: SetAsideFiles, of slug: String) {
        if let note = files.note { _ = notes.bringBackNote(note.lastPathComponent, forSlug: slug) }
        if let cover = files.cover { _ = CoverFetcher.bringBackImage(cover.lastPathComponent, named: slug, in: covers) }
    }
}
