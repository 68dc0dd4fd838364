import Foundation
import GRDB
import Testing

@testable import BookplateCore
@testable import BookplateLibrary

/// A library that can be read but not written — a shelf on a read-only disk, someone else's
/// shelf — opened by the commands that only read it. Root writes whatever the permissions say,
/// so these open a writable file as if its folder could not be written; the command line's own
/// test runs the commands as another user.
struct ReadOnlyLibraryTests {
    let clock = WallClock.fixed(TemporaryShelf.fixedDate)

    /// A library of one book in a folder whose name holds what a URI would read otherwise.
    func library() throws -> URL {
        let folder = try TestPaths.temporaryFolder("read-only").appendingPathComponent("50% sure? #1 shelf")
        let url = folder.appendingPathComponent("library.sqlite")
        let library = try Library.open(at: url, create: true, clock: clock)
        try library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"], status: .read, rating: try Rating(5)))
        return url
    }

    @Test func aLibraryInAFolderThatCannotBeWrittenIsReadAsItIsAndNeverWritten() throws {
        let url = try library()
        let before = try Data(contentsOf: url)
        let library = try Library.openReadOnly(at: url, clock: clock, folderIsWritable: false)
        #expect(library.isReadOnly)
        let dune = try library.findBook(matching: "dune")
        let five = try Rating(5)
        #expect(dune.book.title == "Dune" && dune.book.rating == five)
        #expect(dune.authors.map(\.name) == ["Frank Herbert"])
        // A change is refused by SQLite itself, in the words every storage error has.
        #expect {
            try library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        } throws: { error in
            "\(error)".contains("could not use the library") && "\(error)".contains("cannot be written")
        }
        #expect(try Data(contentsOf: url) == before)
        // Opened as immutable, it made neither a log nor an index beside the file.
        for suffix in ["-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: url.path + suffix), "\(suffix)")
        }
    }

    /// A library file that cannot be written, in a folder that can: SQLite made its index beside
    /// it as read-only as the file, and left it there, so that every change failed once the file
    /// could be written again (found by an exploratory session). Read as immutable, it leaves
    /// nothing beside the file.
    @Test func aLibraryFileThatCannotBeWrittenLeavesNothingBesideIt() throws {
        let url = try library()
        let library = try Library.openReadOnly(at: url, clock: clock, folderIsWritable: true)
        #expect(try library.books().map(\.book.slug) == ["dune"])
        for suffix in ["-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: url.path + suffix), "\(suffix)")
        }
        let writable = try Library.open(at: url, clock: clock)
        try writable.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
    }

    /// Changes still in a log with no index beside it cannot be read without writing one: the
    /// file alone is out of date, so it is refused rather than shown as it was.
    @Test func changesLeftInALogThatCannotBeReadAreRefusedNotHidden() throws {
        let url = try library()
        try Data(repeating: 1, count: 4096).write(to: URL(fileURLWithPath: url.path + "-wal"))
        #expect {
            try Library.openReadOnly(at: url, clock: clock, folderIsWritable: false)
        } throws: { error in
            "\(error)".contains("its changes are still in library.sqlite-wal")
        }
    }

    /// A library an older Bookplate wrote needs its migrations, which write.
    @Test func anOlderLibraryIsRefusedSayingItMustBeUpgradedWhereItCanBeWritten() throws {
        let url = try TestPaths.temporaryFolder("read-only-old").appendingPathComponent("library.sqlite")
        let old = try DatabaseQueue(path: url.path)
        try LibraryMigrations.migrator.migrate(old, upTo: "v6-library-instance")
        try old.close()
        #expect {
            try Library.openReadOnly(at: url, clock: clock, folderIsWritable: false)
        } throws: { error in
            (error as? LibraryError) == .readOnlyNeedsUpgrade(path: url.relativePathForDisplay)
                && "\(error)".contains("must be upgraded")
        }
    }

    /// Where the library can be written, a reading command opens it as every command does.
    @Test func aWritableLibraryOpenedForReadingIsOpenedAsEver() throws {
        let url = try library()
        let library = try Library.open(forReadingAt: url, clock: clock)
        #expect(!library.isReadOnly)
        #expect(try library.books().map(\.book.slug) == ["dune"])
    }
}
