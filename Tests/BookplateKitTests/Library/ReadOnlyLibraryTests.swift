import Foundation
import GRDB
import Synchronization
import Testing

@testable import BookplateCore
@testable import BookplateLibrary

/// A library that can be read but not written — a shelf on a read-only disk, someone else's
/// shelf — opened by the commands that only read it, from a copy taken whole. Root writes
/// whatever the permissions say, so these open it so directly; the command line's own test runs
/// the commands as another user.
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

    /// Read in place, SQLite made a read-only index beside a file that could not be written, and
    /// left it: every change failed once the file could be written again (found by an
    /// exploratory session). Read from a copy, nothing is made beside it, nothing changes in it,
    /// and a change is refused as any storage error is.
    @Test func aLibraryIsReadFromACopyAndNeverWritten() throws {
        let url = try library()
        let before = try Data(contentsOf: url)
        let library = try Library.openReadOnly(at: url, clock: clock)
        #expect(library.isReadOnly)
        let dune = try library.findBook(matching: "dune")
        let five = try Rating(5)
        #expect(dune.book.title == "Dune" && dune.book.rating == five)
        #expect(dune.authors.map(\.name) == ["Frank Herbert"])
        #expect {
            try library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        } throws: { error in
            "\(error)".contains("could not use the library")
        }
        #expect(try Data(contentsOf: url) == before)
        for suffix in ["-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: url.path + suffix), "\(suffix)")
        }
        try Library.open(at: url, clock: clock).addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
    }

    /// Changes still in the log beside the file, its writer open, are read with the file: read
    /// alone it was out of date, and was refused where the folder could not be written.
    @Test func changesStillInTheLogAreRead() throws {
        let url = try library()
        let writer = try Library.open(at: url, clock: clock)
        try writer.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        let logSize = (try FileManager.default.attributesOfItem(atPath: url.path + "-wal")[.size] as? Int) ?? 0
        #expect(logSize > 0)
        let reader = try Library.openReadOnly(at: url, clock: clock)
        #expect(try reader.books().map(\.book.slug) == ["dune", "emma"])
        _ = writer
    }

    /// Read as immutable while its owner wrote, an export mixed two states of the library that
    /// never were (31 of 150 exports: found by a review). Each copy is one state.
    @Test func aLibraryChangingAsItIsReadIsReadAsOneStateOfIt() throws {
        let url = try library()
        let writer = try Library.open(at: url, clock: clock)
        for index in 1...200 { try writer.addBook(NewBook(title: "Book \(index)", authors: ["A B"])) }
        // One title for all, generation after generation: a copy is one state when its titles are one.
        try writer.write { db in try db.execute(sql: "UPDATE book SET title = 'Generation 0'") }
        let stop = Atomic<Bool>(false)
        let done = DispatchGroup()
        done.enter()
        Thread.detachNewThread {
            var generation = 0
            while !stop.load(ordering: .relaxed) {
                generation += 1
                _ = try? writer.write { db in
                    try db.execute(sql: "UPDATE book SET title = ?", arguments: ["Generation \(generation)"])
                }
                // As an owner's commands write: now and then, not without end.
                usleep(20_000)
            }
            done.leave()
        }
        defer {
            stop.store(true, ordering: .relaxed)
            done.wait()
        }
        // On a loaded machine a copy may not fit between two writes for all its tries: it is then
        // refused in its own words, never read mixed (it failed CI as "another program kept it
        // locked", a lock no copy meets).
        var read = 0
        for _ in 0..<20 {
            do {
                let titles = Set(try Library.openReadOnly(at: url, clock: clock).books().map(\.book.title))
                #expect(titles.count == 1, "\(titles.sorted().prefix(3))")
                read += 1
            } catch let error as LibraryError {
                #expect("\(error)".hasSuffix(DatabaseError.keptChanging), "\(error)")
            }
        }
        #expect(read > 0)
        #expect(
            DatabaseError(resultCode: .SQLITE_BUSY, message: DatabaseError.keptChanging).readerMessage
                == DatabaseError.keptChanging)
    }

    /// A library an older Bookplate wrote is read as this one has it, the file unchanged: upgrading
    /// it in place is a change the reader may not make.
    @Test func anOlderLibraryIsReadUpToDateAndLeftAsItWas() throws {
        let url = try OlderLibrary.make("read-only-old", books: [("emma", "Emma", "Clever & rich.")])
        let before = try Data(contentsOf: url)
        let library = try Library.openReadOnly(at: url, clock: clock)
        #expect(try library.findBook(matching: "emma").book.description?.html == "<p>Clever &amp; rich.</p>")
        #expect(try Data(contentsOf: url) == before)
    }

    /// A library reached through a link has its log beside the file the link names: the copy took
    /// the link's, and read the library without its latest changes (found by a review).
    @Test func aLinkedLibraryIsReadWithTheChangesInItsLog() throws {
        let url = try library()
        let link = try TestPaths.temporaryFolder("read-only-link").appendingPathComponent("library.sqlite")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
        let writer = try Library.open(at: url, clock: clock)
        try writer.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        #expect(try Library.openReadOnly(at: link, clock: clock).books().map(\.book.slug) == ["dune", "emma"])
        _ = writer
    }

    /// A copy left in the temporary folder by a command that was killed stayed there for good
    /// (found by a review): it goes at the next read of a copy.
    @Test func aCopyLeftByAKilledCommandGoes() throws {
        let url = try library()
        let left = FileManager.default.temporaryDirectory.appendingPathComponent(
            ".\(DatabaseQueue.snapshotName).tmp-2147483646-9")
        try FileManager.default.createDirectory(at: left, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: left.appendingPathComponent("library.sqlite"))
        _ = try Library.openReadOnly(at: url, clock: clock)
        #expect(!FileManager.default.fileExists(atPath: left.path))
    }

    /// Where the library can be written, a reading command opens it as every command does.
    @Test func aWritableLibraryOpenedForReadingIsOpenedAsEver() throws {
        let url = try library()
        let library = try Library.open(forReadingAt: url, clock: clock)
        #expect(!library.isReadOnly)
        #expect(try library.books().map(\.book.slug) == ["dune"])
    }
}
