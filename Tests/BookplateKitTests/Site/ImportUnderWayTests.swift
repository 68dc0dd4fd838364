import Foundation
import GRDB
import Testing

@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateSite

/// A build while an import wrote its notes found them before their books were in the library,
/// and told the reader, a line each, to rename them or move them away, which would have broken
/// the import (found by an exploratory session). While an import is under way they are one line
/// that says so.
///
/// A mark counts only when another process made it: the tests that make one in this process to
/// stand for another's make it in their parent's name (``anotherImport(in:)``).
struct ImportUnderWayTests {
    /// A mark of an import under way in another process (this test's parent), held by this one.
    private func anotherImport(in folder: URL) throws -> ImportUnderWay {
        try #require(ImportUnderWay.begin(in: folder, process: getppid()))
    }

    @Test func notesOfNoBookWhileAnImportIsUnderWayAreOneLineThatSaysSo() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        try shelf.writeNote("Staged.", slug: "kindred")
        try shelf.writeNote("Staged too.", slug: "emma")
        let underWay = try anotherImport(in: shelf.paths.stateFolder)
        let during = try shelf.build().everyWarning
        #expect(
            during == [
                "2 notes in \(shelf.paths.notes.relativePathForDisplay) belong to no book yet: an import is under "
                    + "way; build again once it is done"
            ], "\(during)")
        #expect(!during.contains { $0.contains("rename it") })
        underWay.end()
        let after = try shelf.build().everyWarning
        #expect(after.filter { $0.contains("belongs to no book on the shelf") }.count == 2, "\(after)")
    }

    /// A killed import left its mark for good, and once another process had its id every build
    /// said an import was under way instead of naming the reader's stray note (found by an
    /// exploratory session). A mark counts while its import holds its lock; one left without it
    /// counts for nothing, and whoever finds it removes it.
    @Test func aMarkLeftByAKilledImportCountsForNothingAndGoes() throws {
        let shelf = try TemporaryShelf()
        try shelf.writeNote("Stray.", slug: "kindred")
        let folder = shelf.paths.stateFolder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The mark a killed import left, its process id now a running process's (this one's).
        let left = folder.appendingPathComponent("importing-\(getpid())")
        try Data().write(to: left)
        #expect(!ImportUnderWay.isUnderWay(in: folder))
        #expect(!FileManager.default.fileExists(atPath: left.path))
        try Data().write(to: left)
        let warnings = try shelf.build().everyWarning
        #expect(warnings.contains { $0.contains("kindred.md belongs to no book on the shelf") }, "\(warnings)")
        #expect(!warnings.contains { $0.contains("import is under way") }, "\(warnings)")
        #expect(!FileManager.default.fileExists(atPath: left.path))
        // A live import's mark counts, and stays, until the import ends.
        let underWay = try anotherImport(in: folder)
        #expect(ImportUnderWay.isUnderWay(in: folder))
        #expect(ImportUnderWay.isUnderWay(in: folder))
        underWay.end()
        #expect(!ImportUnderWay.isUnderWay(in: folder))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("importing-") } == []
        )
    }

    /// One note is one note that belongs: "1 note … belong to no book yet" (found by an
    /// exploratory session).
    @Test func oneNoteOfNoBookDuringAnImportIsSaidInTheSingular() throws {
        let shelf = try TemporaryShelf()
        try shelf.writeNote("Staged.", slug: "kindred")
        let underWay = try anotherImport(in: shelf.paths.stateFolder)
        defer { underWay.end() }
        let during = try shelf.build().everyWarning
        #expect(
            during == [
                "1 note in \(shelf.paths.notes.relativePathForDisplay) belongs to no book yet: an import is under "
                    + "way; build again once it is done"
            ], "\(during)")
    }

    /// The note of a book a restore is bringing back is no note of no book: a build during an
    /// import said "0 notes … belong to no book yet" of it (found by an exploratory session).
    /// With none left, there is no line.
    @Test func noLineWhenTheOnlyNoteOfNoBookIsOneBeingRestored() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        try shelf.writeNote("Being restored.", slug: "kindred")
        let restoring = RemovalUnderWay.begin(slug: "kindred", in: shelf.paths.stateFolder)
        defer { withExtendedLifetime(restoring) {} }
        let underWay = try anotherImport(in: shelf.paths.stateFolder)
        defer { underWay.end() }
        let during = try shelf.build().everyWarning
        #expect(!during.contains { $0.contains("no book") }, "\(during)")
    }

    /// An import keeps the library to itself until it is done: an `edit` meanwhile waited and
    /// said "another program kept it locked", not which (found by an exploratory session). It
    /// names the import; with no import under way, the lock is said as before.
    @Test func aChangeWhileAnImportHoldsTheLibraryNamesTheImport() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        let holder = try DatabaseQueue(path: shelf.paths.library.path)
        let underWay = try anotherImport(in: shelf.paths.stateFolder)
        defer { underWay.end() }
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            #expect(
                throws: LibraryError.storage(
                    path: shelf.library.path,
                    message: "an import is under way, and keeps it until it is done, all or nothing: try again then")
            ) {
                try shelf.library.editBook(slug: "dune", BookEdit(title: "Dune Messiah"))
            }
        }
        underWay.end()
        let busy = DatabaseError(resultCode: .SQLITE_BUSY)
        #expect(shelf.library.writeFailure(busy) == "another program kept it locked; try again")
    }

    /// An import waiting behind another program's lock said it waited for "an import under
    /// way": its own mark (found by a review). A process's own mark is no other import.
    @Test func anImportsOwnMarkIsNoImportUnderWayToIt() throws {
        let folder = try TestPaths.temporaryFolder("own-mark")
        let own = try #require(ImportUnderWay.begin(in: folder))
        defer { own.end() }
        #expect(!ImportUnderWay.isUnderWay(in: folder))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("importing-") }
                .count == 1)
        let other = try anotherImport(in: folder)
        defer { other.end() }
        #expect(ImportUnderWay.isUnderWay(in: folder))
    }

    /// `edit`, `add`, `quote add`, `restore` and a second import waited up to ten seconds behind
    /// an import without a word, then went on or failed (found by an exploratory session). A
    /// change that starts waiting for the library because an import holds it says so, once. An
    /// import behind another program's lock said it waited for an import, its own (found by a
    /// review): it waits without a word, as `edit` does.
    @Test func aChangeBehindAnImportSaysItWaits() throws {
        let root = try TestPaths.newShelf("behind-an-import")
        let bookplate = CommandRunner(folder: root)
        #expect(try bookplate.run(["add", "--title", "Dune", "--author", "Frank Herbert"]).status == 0)
        let paths = ShelfPaths(root: root)
        let underWay = try #require(ImportUnderWay.begin(in: paths.stateFolder))
        defer { underWay.end() }
        let holder = try DatabaseQueue(path: paths.library.path)
        // A command run while the library is held, let go once the command says a line, or
        // after `seconds` (less than the ten a change waits): a fixed wait failed on a busy
        // machine, whose edit had not begun to wait yet.
        func run(_ arguments: [String], holdingAtMost seconds: Double) throws -> (status: Int32, stderr: String) {
            let process = Process()
            process.executableURL = TestPaths.executable
            process.arguments = arguments
            process.currentDirectoryURL = root
            var environment = ProcessInfo.processInfo.environment
            for key in ["VISUAL", "EDITOR", "BOOKPLATE_LIBRARY"] { environment[key] = nil }
            process.environment = environment
            let errors = Pipe()
            (process.standardOutput, process.standardError) = (FileHandle.nullDevice, errors)
            process.standardInput = FileHandle.nullDevice
            var said = Data()
            try holder.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                defer { try? db.execute(sql: "ROLLBACK") }
                try process.run()
                var ready = pollfd(fd: errors.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
                let until = Date().addingTimeInterval(seconds)
                while !said.contains(UInt8(ascii: "\n")), Date() < until {
                    guard poll(&ready, 1, 100) > 0 else { continue }
                    let chunk = errors.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    said += chunk
                }
            }
            said += errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: said, as: UTF8.self))
        }
        let result = try run(["edit", "dune", "--rating", "4"], holdingAtMost: 8)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "Waiting for the library: an import under way keeps it until it is done (ten seconds at most)…\n")
        // Held by another program, not an import: no word of an import.
        underWay.end()
        let plain = try run(["edit", "dune", "--rating", "3"], holdingAtMost: 1)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        let file = root.appendingPathComponent("goodreads.csv")
        try Data("Book Id,Title,Author,Exclusive Shelf\n1,Emma,Jane Austen,read\n".utf8).write(to: file)
        let importing = try run(["import", "goodreads", file.path], holdingAtMost: 1)
        #expect(importing.status == 0 && importing.stderr.isEmpty, "\(importing.stderr)")
    }

    /// A highlights import marks itself under way too, and takes the mark away (it held the
    /// library without a mark: found by a review).
    @Test func aHighlightsImportMarksItselfUnderWay() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        let folder = try TestPaths.temporaryFolder("clippings")
        let file = folder.appendingPathComponent("My Clippings.txt")
        try Data(
            ("Dune (Frank Herbert)\n- Your Highlight on page 1 | Location 10-11 | Added on Monday, 1 January 2024 "
                + "10:00:00\n\nFear is the mind-killer.\n==========\n").utf8
        ).write(to: file)
        // The library held by another connection, the import waits for it: meanwhile the state
        // folder holds its mark.
        let holder = try DatabaseQueue(path: shelf.paths.library.path)
        let (library, stateFolder) = (shelf.library, shelf.paths.stateFolder)
        var result: Background<HighlightImportSummary>?
        try holder.writeWithoutTransaction { db in
            // Held before the import starts, so that the import waits for it.
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            result = Background {
                try HighlightImport(library: library, stateFolder: stateFolder).run(file: file, as: .kindle)
            }
            // Its mark is this process's, which this process does not count: looked for by name.
            var marked = false
            for _ in 0..<500 where !marked {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: stateFolder.path)) ?? []
                marked = names.contains { $0.hasPrefix("importing-\(getpid())-") }
                if !marked { usleep(10_000) }
            }
            #expect(marked)
            #expect(!ImportUnderWay.isUnderWay(in: stateFolder))
        }
        #expect(try result?.value().added == 1)
        #expect(!ImportUnderWay.isUnderWay(in: stateFolder))
    }

    /// The import marks itself under way as it runs, and takes the mark away.
    @Test func anImportLeavesNoMarkBehind() throws {
        let shelf = try TemporaryShelf()
        let file = try TestPaths.temporaryFolder("under-way").appendingPathComponent("goodreads.csv")
        try Data("Book Id,Title,Author,Exclusive Shelf,My Review\n1,Emma,Jane Austen,read,Clever.\n".utf8).write(
            to: file)
        _ = try ShelfImport(
            library: shelf.library, notes: NoteStore(folder: shelf.paths.notes), stateFolder: shelf.paths.stateFolder
        ).run(file: file, as: .goodreads)
        #expect(!ImportUnderWay.isUnderWay(in: shelf.paths.stateFolder))
        let left = (try? FileManager.default.contentsOfDirectory(atPath: shelf.paths.stateFolder.path)) ?? []
        #expect(!left.contains { $0.hasPrefix("importing-") }, "\(left)")
    }
}
