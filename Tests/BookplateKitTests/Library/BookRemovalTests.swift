import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateLibrary

/// `remove`, `remove --purge` and `restore` as one use case: all or nothing, timed by the
/// injected clock.
@Suite struct BookRemovalTests {
    let removedAt = Date(timeIntervalSince1970: 1_700_000_000)

    /// A shelf with Dune on it, its note and its cover.
    func shelfWithDune() throws -> TemporaryShelf {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"], shelves: ["Desert"]))
        try shelf.writeNote("My thoughts", slug: "dune")
        try FileManager.default.createDirectory(at: shelf.paths.covers, withIntermediateDirectories: true)
        try Data("cover".utf8).write(to: shelf.paths.covers.appendingPathComponent("dune.jpg"))
        return shelf
    }

    func removal(_ shelf: TemporaryShelf) -> BookRemoval {
        BookRemoval(library: shelf.library, paths: shelf.paths, clock: .fixed(removedAt))
    }

    /// Makes the library refuse any change to `table`, as a full disk or a lock would.
    func failWrites(to table: String, event: String, in library: Library) throws {
        try library.write { db in
            try db.execute(
                sql: "CREATE TRIGGER refuse BEFORE \(event) ON \(table) BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
    }

    /// Everything about Dune is where it was before a removal was tried.
    func expectDuneInPlace(_ shelf: TemporaryShelf) throws {
        #expect(try shelf.library.findBook(matching: "dune").shelves.map(\.name) == ["Desert"])
        #expect(try shelf.library.removedBooks().isEmpty)
        #expect(
            try String(contentsOf: shelf.paths.notes.appendingPathComponent("dune.md"), encoding: .utf8)
                == "My thoughts")
        #expect(FileManager.default.fileExists(atPath: shelf.paths.covers.appendingPathComponent("dune.jpg").path))
        for folder in [shelf.paths.notes, shelf.paths.covers] {
            let aside =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(".removed").path))
                ?? []
            #expect(aside.isEmpty, "\(folder.lastPathComponent): \(aside)")
        }
    }

    /// A cover named as a camera names it (`dune.JPG`), which a build publishes, was left behind by
    /// `remove` and `--purge` (a new book called Dune then took it) and outranked by `refresh`'s
    /// download (found by an exploratory session).
    @Test func aCoverNamedInCapitalsIsSetAsideAndBroughtBack() throws {
        let shelf = try shelfWithDune()
        let lower = shelf.paths.covers.appendingPathComponent("dune.jpg")
        // Any case, as the build takes it: `dune.jPG` too.
        let upper = shelf.paths.covers.appendingPathComponent("dune.jPG")
        try FileManager.default.moveItem(at: lower, to: upper)
        #expect(CoverFetcher.existingImage(named: "dune", in: shelf.paths.covers) == upper)
        let files = try removal(shelf).remove(slug: "dune")
        #expect(files.cover?.lastPathComponent == "dune-1700000000.jPG")
        #expect(CoverFetcher.existingImage(named: "dune", in: shelf.paths.covers) == nil)
        let restored = try removal(shelf).restore(try shelf.library.findRemovedBook(matching: "dune"))
        #expect(restored.coverBack == true)
        #expect(FileManager.default.fileExists(atPath: upper.path))
    }

    @Test func theSetAsideFilesCarryTheInjectedClocksTime() throws {
        let shelf = try shelfWithDune()
        let files = try removal(shelf).remove(slug: "dune")
        #expect(files.note?.lastPathComponent == "dune-1700000000.md")
        #expect(files.cover?.lastPathComponent == "dune-1700000000.jpg")
        let kept = try #require(try shelf.library.removedBooks().first)
        #expect(kept.removedAt == removedAt)
        #expect(kept.noteFile == "dune-1700000000.md" && kept.coverFile == "dune-1700000000.jpg")
        #expect(throws: LibraryError.self) { try shelf.library.findBook(matching: "dune") }
    }

    /// With Dune removed, its slug was read as part of a title: `note dune` opened Dune Messiah's
    /// note, and `remove dune --yes` run again removed Dune Messiah. Found by an exploratory
    /// session. A removed book's slug is that book, and says how to restore it.
    @Test func aRemovedBooksSlugNeverFindsAnotherBook() throws {
        let shelf = try shelfWithDune()
        try shelf.library.addBook(NewBook(title: "Dune Messiah", authors: ["Frank Herbert"]))
        _ = try removal(shelf).remove(slug: "dune")
        #expect(throws: LibraryError.removedBook("dune")) { try shelf.library.findBook(matching: "dune") }
        #expect(throws: LibraryError.removedBook("DUNE ")) { try shelf.library.findBook(matching: "DUNE ") }
        #expect(try shelf.library.findBook(matching: "messiah").book.slug == "dune-messiah")
    }

    /// Two copies of one book removed (two editions of Dune, one rated, one not): `restore` listed
    /// them alike, and only the latest could ever come back (found by an exploratory session).
    /// Each is found by its ISBN, and an ambiguous query names them by it.
    @Test func eitherOfTwoRemovedCopiesOfOneBookComesBackByItsISBN() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(
                title: "Dune", authors: ["Frank Herbert"], isbn: ISBN.parse("9780441172719"), status: .read,
                rating: try Rating(stars: 4.75)))
        _ = try removal(shelf).remove(slug: "dune")
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"], isbn: ISBN.parse("9780340960196")))
        _ = try removal(shelf).remove(slug: "dune")
        let listed = try shelf.library.removedBooks()
        #expect(listed.map(\.isbn13) == ["9780340960196", "9780441172719"])
        #expect {
            try shelf.library.findRemovedBook(matching: "Frank Herbert")
        } throws: { error in
            "\(error)".contains("dune by Frank Herbert, ISBN 9780340960196; dune by Frank Herbert, ISBN 9780441172719")
        }
        let older = try shelf.library.findRemovedBook(matching: "978-0-441-17271-9")
        _ = try removal(shelf).restore(older)
        let dune = try shelf.library.findBook(matching: "dune")
        let rating = try Rating(stars: 4.75)
        #expect(dune.book.isbn13 == "9780441172719" && dune.book.rating == rating)
        #expect(throws: LibraryError.noSuchRemovedBook("9780441172719")) {
            try shelf.library.findRemovedBook(matching: "9780441172719")
        }
    }

    @Test func restoreBringsBackTheBookItsNoteAndItsCover() throws {
        let shelf = try shelfWithDune()
        _ = try removal(shelf).remove(slug: "dune")
        let restored = try removal(shelf).restore(try shelf.library.findRemovedBook(matching: "dune"))
        #expect(restored.noteBack == true && restored.coverBack == true)
        try expectDuneInPlace(shelf)
    }

    @Test func aFailureInTheLibraryLeavesTheBookItsNoteAndItsCoverInPlace() throws {
        let shelf = try shelfWithDune()
        try failWrites(to: "removedBook", event: "INSERT", in: shelf.library)
        #expect(throws: (any Error).self) { try removal(shelf).remove(slug: "dune") }
        try expectDuneInPlace(shelf)
    }

    @Test func aFailedPurgeLeavesEverythingInPlace() throws {
        let shelf = try shelfWithDune()
        try failWrites(to: "book", event: "DELETE", in: shelf.library)
        #expect(throws: (any Error).self) { try removal(shelf).purge(slug: "dune") }
        try expectDuneInPlace(shelf)
    }

    /// A purge takes the book it names and nothing else: a removed book that once had its slug
    /// is another book (until 26 November it went too, unasked), and is forgotten only when it is
    /// named in turn.
    @Test func purgeDeletesTheBookAndItsFilesButNotAnotherRemovedBookOfTheSameSlug() throws {
        let shelf = try shelfWithDune()
        _ = try removal(shelf).remove(slug: "dune")
        // Another "Dune" takes the slug, with a note and cover of its own.
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Brian Herbert"]))
        try shelf.writeNote("Second thoughts", slug: "dune")
        try Data("cover".utf8).write(to: shelf.paths.covers.appendingPathComponent("dune.png"))
        try removal(shelf).purge(slug: "dune")
        #expect(throws: LibraryError.self) { try shelf.library.findBook(matching: "dune") }
        let kept = try #require(try shelf.library.removedBooks().first)
        #expect(try shelf.library.removedBooks().count == 1 && kept.authors == ["Frank Herbert"])
        #expect(try shelf.library.findRemovedBook(matching: "frank herbert") == kept)
        try removal(shelf).purgeRemoved(kept)
        #expect(try shelf.library.removedBooks().isEmpty)
        for folder in [shelf.paths.notes, shelf.paths.covers] {
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("dune") }
            let aside =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(".removed").path))
                ?? []
            #expect(left.isEmpty && aside.isEmpty, "\(folder.lastPathComponent): \(left) \(aside)")
        }
    }

    /// `remove` killed after the library committed and before the files moved: the library says
    /// Dune is removed with its note and cover set aside, and they are still in place. (They were
    /// moved first, and a kill then left Dune on the shelf with its note hidden in `.removed/`,
    /// where `restore` could not see it: found by an exploratory session.)
    @Test func aRemovalCutShortIsFinishedByTheNextCommand() throws {
        let shelf = try shelfWithDune()
        try shelf.library.removeBook(
            slug: "dune", at: removedAt, noteFile: "dune-1700000000.md", coverFile: "dune-1700000000.jpg")
        removal(shelf).finishInterrupted()
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.notes.appendingPathComponent("dune.md").path))
        #expect(SetAside.holds("dune-1700000000.md", in: shelf.paths.notes))
        #expect(SetAside.holds("dune-1700000000.jpg", in: shelf.paths.covers))
        let restored = try removal(shelf).restore(try shelf.library.findRemovedBook(matching: "dune"))
        #expect(restored.noteBack == true && restored.coverBack == true)
        try expectDuneInPlace(shelf)
    }

    /// `restore` killed after the files came back and before the library committed: Dune is still
    /// removed, so its files go aside again, and the next `restore` brings all of it back.
    @Test func aRestoreCutShortIsUndoneByTheNextCommand() throws {
        let shelf = try shelfWithDune()
        let files = try removal(shelf).remove(slug: "dune")
        let notes = NoteStore(folder: shelf.paths.notes)
        #expect(notes.bringBackNote(try #require(files.note).lastPathComponent, forSlug: "dune"))
        removal(shelf).finishInterrupted()
        #expect(SetAside.holds("dune-1700000000.md", in: shelf.paths.notes))
        _ = try removal(shelf).restore(try shelf.library.findRemovedBook(matching: "dune"))
        try expectDuneInPlace(shelf)
    }

    /// A `remove` between its two steps, the library committed and the files still in place, is
    /// running, not cut short: a command started then left it its files, where it set them aside
    /// itself and raced the remove for them (found by an exploratory session, with `restore`).
    /// Once it is gone without finishing (killed), the next command finishes it.
    @Test func aRemovalStillRunningIsLeftToFinishItself() throws {
        let shelf = try shelfWithDune()
        var underWay = RemovalUnderWay.begin(slug: "dune", in: shelf.paths.stateFolder)
        #expect(underWay != nil)
        try shelf.library.removeBook(
            slug: "dune", at: removedAt, noteFile: "dune-1700000000.md", coverFile: "dune-1700000000.jpg")
        removal(shelf).finishInterrupted()
        #expect(FileManager.default.fileExists(atPath: shelf.paths.notes.appendingPathComponent("dune.md").path))
        #expect(FileManager.default.fileExists(atPath: shelf.paths.covers.appendingPathComponent("dune.jpg").path))
        #expect(!SetAside.holds("dune-1700000000.md", in: shelf.paths.notes))
        underWay = nil
        removal(shelf).finishInterrupted()
        #expect(SetAside.holds("dune-1700000000.md", in: shelf.paths.notes))
        #expect(SetAside.holds("dune-1700000000.jpg", in: shelf.paths.covers))
    }

    /// With nothing cut short, the next command moves nothing: not the set-aside files of a
    /// book removed whole, nor the note of another book that took the slug since.
    @Test func finishingWithNothingCutShortMovesNothing() throws {
        let shelf = try shelfWithDune()
        _ = try removal(shelf).remove(slug: "dune")
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Brian Herbert"]))
        try shelf.writeNote("Second thoughts", slug: "dune")
        removal(shelf).finishInterrupted()
        #expect(
            try String(contentsOf: shelf.paths.notes.appendingPathComponent("dune.md"), encoding: .utf8)
                == "Second thoughts")
        #expect(SetAside.holds("dune-1700000000.md", in: shelf.paths.notes))
    }

    /// A restore the library refuses puts the files it brought back aside again.
    @Test func aFailedRestoreLeavesTheFilesAside() throws {
        let shelf = try shelfWithDune()
        _ = try removal(shelf).remove(slug: "dune")
        try failWrites(to: "book", event: "INSERT", in: shelf.library)
        #expect(throws: (any Error).self) {
            try removal(shelf).restore(try shelf.library.findRemovedBook(matching: "dune"))
        }
        #expect(SetAside.holds("dune-1700000000.md", in: shelf.paths.notes))
        #expect(SetAside.holds("dune-1700000000.jpg", in: shelf.paths.covers))
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.notes.appendingPathComponent("dune.md").path))
    }

    /// A restore over a book that took the slug since moved the removed book's note into place
    /// before the library refused (found by a review): for a moment, or for good if the move back
    /// failed, the other book had it. Nothing moves until the library would take the book.
    @Test func aRestoreTheLibraryWouldRefuseMovesNothing() throws {
        let shelf = try shelfWithDune()
        _ = try removal(shelf).remove(slug: "dune")
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Brian Herbert"]))
        #expect(throws: LibraryError.slugTaken(slug: "dune")) {
            try removal(shelf).restore(try shelf.library.findRemovedBook(matching: "frank"))
        }
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.notes.appendingPathComponent("dune.md").path))
        #expect(SetAside.holds("dune-1700000000.md", in: shelf.paths.notes))
    }

    /// A restore of an older removed copy of a slug, cut short after its files came back: the
    /// copy whose files are missing is the one put aside again, not the latest (found by a review).
    @Test func aRestoreOfAnOlderCopyCutShortIsUndoneToo() throws {
        let shelf = try shelfWithDune()
        _ = try removal(shelf).remove(slug: "dune")
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Brian Herbert"]))
        try shelf.writeNote("Brian's", slug: "dune")
        let later = BookRemoval(library: shelf.library, paths: shelf.paths, clock: .fixed(removedAt + 60))
        _ = try later.remove(slug: "dune")
        let older = try #require(try shelf.library.removedBooks().first { $0.authors == ["Frank Herbert"] })
        #expect(NoteStore(folder: shelf.paths.notes).bringBackNote(try #require(older.noteFile), forSlug: "dune"))
        removal(shelf).finishInterrupted()
        #expect(SetAside.holds("dune-1700000000.md", in: shelf.paths.notes))
        #expect(SetAside.holds("dune-1700000060.md", in: shelf.paths.notes))
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.notes.appendingPathComponent("dune.md").path))
    }
}
