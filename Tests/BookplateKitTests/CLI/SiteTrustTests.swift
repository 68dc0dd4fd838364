import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// What a reader was seen doing to a shelf between two builds, each through the real command
/// line: whatever it was, `build` leaves the site as a full build into an empty folder would.
@Suite struct SiteTrustTests {
    let root: URL
    let bookplate: CommandRunner

    init() throws {
        root = try TestPaths.newShelf("trust")
        bookplate = CommandRunner(folder: root)
    }

    var site: URL { root.appendingPathComponent("site") }
    var library: URL { root.appendingPathComponent("content/library.sqlite") }

    @discardableResult
    func run(_ arguments: String...) throws -> CommandRunner.Result {
        let result = try bookplate.run(arguments)
        #expect(result.status == 0, "bookplate \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    func shelfOfTwo() throws {
        try run("add", "--title", "Kindred", "--author", "Octavia E. Butler", "--status", "read", "--rating", "4")
        try run("add", "--title", "Piranesi", "--author", "Susanna Clarke")
        try run("build")
    }

    /// The site as it is, and as a full build into an empty folder makes it: they must be equal.
    func expectSameAsAFullBuild(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fresh = try TestPaths.temporaryFolder("fresh").appendingPathComponent("site")
        try run("build", "--output", fresh.path)
        let built = try TemporaryShelf.snapshot(of: site)
        let expected = try TemporaryShelf.snapshot(of: fresh)
        let differing = Set(built.keys).union(expected.keys).filter { built[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "differs from a full build: \(differing)", sourceLocation: sourceLocation)
    }

    func page(_ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    /// Copies `folder` to a new place, every file with its modification time kept.
    func copyKeepingTimes(_ folder: URL) throws -> URL {
        let copy = try TestPaths.temporaryFolder("copy").appendingPathComponent("site")
        try FileManager.default.copyItem(at: folder, to: copy)
        try keepTimes(from: folder, to: copy)
        return copy
    }

    /// Gives each file below `to` the modification time of the same file below `from`.
    func keepTimes(from: URL, to: URL) throws {
        for path in try TemporaryShelf.snapshot(of: from).keys {
            var info = stat()
            guard lstat(from.appendingPathComponent(path).path, &info) == 0 else { continue }
            var times = [info.st_atim, info.st_mtim]
            _ = utimensat(AT_FDCWD, to.appendingPathComponent(path).path, &times, 0)
        }
    }

    @Test func aLibraryRestoredFromABackupAndEditedIsNeverTakenForTheNewerOne() throws {
        try shelfOfTwo()
        let backup = try Data(contentsOf: library)
        try run("edit", "kindred", "--rating", "5")
        try run("build")
        #expect(try page("books/kindred/index.html").contains("Rated 5 out of 5"))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: library.path + suffix) }
        try backup.write(to: library)
        // As many changes as the abandoned history made: a counter alone would match it.
        try run("edit", "kindred", "--rating", "3")
        let built = try run("build")
        #expect(!built.stdout.hasPrefix("Nothing changed"), "\(built.stdout)")
        #expect(try page("books/kindred/index.html").contains("Rated 3 out of 5"))
        try expectSameAsAFullBuild()
    }

    @Test func aRestoredLibraryWithOlderCachedNotesShowsTheNotesAsTheyAre() throws {
        try shelfOfTwo()
        let note = root.appendingPathComponent("content/notes/kindred.md")
        try FileManager.default.createDirectory(at: note.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("First *thought*.\n".utf8).write(to: note)
        try run("build")
        let backup = try Data(contentsOf: library)
        try Data("Second *thought*.\n".utf8).write(to: note)
        try run("build")
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: library.path + suffix) }
        try backup.write(to: library)
        try run("edit", "piranesi", "--rating", "2")
        try run("build")
        #expect(try page("books/kindred/index.html").contains("Second <em>thought</em>."))
        try expectSameAsAFullBuild()
    }

    @Test func aSiteCheckedOutAgainFromGitIsBroughtUpToDate() throws {
        try shelfOfTwo()
        let committed = try copyKeepingTimes(site)
        try run("edit", "kindred", "--rating", "5")
        try run("build")
        // `git checkout -- site`: the committed files written back over the built ones.
        for (path, data) in try TemporaryShelf.snapshot(of: committed) {
            try data.write(to: site.appendingPathComponent(path))
        }
        try keepTimes(from: committed, to: site)
        let built = try run("build")
        #expect(built.stdout.contains("found changed or missing"), "\(built.stdout)")
        #expect(try page("books/kindred/index.html").contains("Rated 5 out of 5"))
        try expectSameAsAFullBuild()
        // And the site replaced wholesale by the older one.
        try FileManager.default.removeItem(at: site)
        try FileManager.default.copyItem(at: committed, to: site)
        try run("build")
        try expectSameAsAFullBuild()
    }

    @Test func aDeletedOrHandEditedPageIsWrittenAgain() throws {
        try shelfOfTwo()
        try FileManager.default.removeItem(at: site.appendingPathComponent("books/piranesi/index.html"))
        let edited = site.appendingPathComponent("books/kindred/index.html")
        let original = try Data(contentsOf: edited)
        // Changed by hand in place, with the same size and modification time.
        var info = stat()
        #expect(lstat(edited.path, &info) == 0)
        let handle = try FileHandle(forWritingTo: edited)
        try handle.write(contentsOf: Data(original.reversed()))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        _ = utimensat(AT_FDCWD, edited.path, &times, 0)
        let built = try run("build")
        #expect(built.stdout.contains("; rewrote 2 files, 2 found changed or missing in site/"), "\(built.stdout)")
        #expect(try Data(contentsOf: edited) == original)
        try expectSameAsAFullBuild()
        #expect(try run("build").stdout.hasPrefix("Nothing changed"))
    }

    @Test func aLibraryMadeAgainInThePlaceOfAnotherIsBuiltAfresh() throws {
        try shelfOfTwo()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: library.path + suffix) }
        _ = try Library.open(at: library, create: true)
        try run("add", "--title", "Dune", "--author", "Frank Herbert")
        try run("add", "--title", "Emma", "--author", "Jane Austen")
        let built = try run("build")
        #expect(!built.stdout.hasPrefix("Nothing changed"), "\(built.stdout)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("books/kindred").path))
        try expectSameAsAFullBuild()
    }

    @Test func buildFullRewritesEverythingAndADamagedStateIsSaidAndRepaired() throws {
        try shelfOfTwo()
        let full = try run("build", "--full")
        #expect(full.stdout.hasPrefix("Built "), "\(full.stdout)")
        let state = root.appendingPathComponent("content/.bookplate/build-state.sqlite")
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: state.path + suffix) }
        try Data("not a database, just damage of some kind".utf8).write(to: state)
        let built = try run("build")
        #expect(built.stderr.contains("note: built in full, as the last build's state was not used: it cannot be read"))
        #expect(built.stderr.split(separator: "\n").count == 1)
        #expect(try run("build").stdout.hasPrefix("Nothing changed"))
    }

    /// `bookplate serve --port 0` on the shelf, started, and what it has said up to its first line.
    func serveUntilItSaysWhere() throws -> (process: Process, output: Pipe, said: Data) {
        let process = Process()
        process.executableURL = TestPaths.executable
        process.arguments = ["serve", "--port", "0"]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += chunk
        }
        return (process, output, said)
    }

    @Test func serveSaysWhereItIsFirstEvenIntoAPipe() throws {
        try run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        let (process, _, line) = try serveUntilItSaysWhere()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        #expect(String(decoding: line, as: UTF8.self).hasPrefix("Serving site/ at http://127.0.0.1:"))
    }

    /// `serve` stopped by Ctrl-C, SIGTERM or SIGHUP exited 0, where every other command ends by
    /// the signal (a shell sees 130 for Ctrl-C, and a script's loop stops). Found by an
    /// exploratory session. It stops cleanly, says "Stopped.", then ends by the signal.
    @Test func serveEndsByTheSignalThatStoppedIt() throws {
        try run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        var (process, out, said) = try serveUntilItSaysWhere()
        kill(process.processIdentifier, SIGINT)
        said += out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT,
            "\(process.terminationReason) \(process.terminationStatus)")
        #expect(String(decoding: said, as: UTF8.self).hasSuffix("Stopped.\n"))
        let beside = try FileManager.default.contentsOfDirectory(atPath: root.path)
        #expect(!beside.contains { $0.hasPrefix(".site") }, "\(beside)")
    }

    /// `serve` waiting for another build's turn (a `build` stopped with SIGSTOP holds the lock)
    /// said only where it was, and its first Ctrl-C hung without a word while it waited (found
    /// by an exploratory session). It says it waits, as `build` does, and a Ctrl-C meanwhile
    /// stops it at once: it has built nothing, and has nothing to finish.
    @Test func serveWaitingForAnotherBuildSaysSoAndStopsAtOnce() throws {
        try run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        let state = root.appendingPathComponent("content/.bookplate")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        // Another build's turn, held here as a build holds it.
        let held = open(state.appendingPathComponent("build.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        #expect(held >= 0 && flock(held, LOCK_EX) == 0)
        defer { close(held) }
        let process = Process()
        process.executableURL = TestPaths.executable
        process.arguments = ["serve", "--port", "0"]
        process.currentDirectoryURL = root
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Read for ten seconds at most: a serve that says nothing must fail the test, not hang it.
        var said = Data()
        var ready = pollfd(fd: errors.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let saying = Date().addingTimeInterval(10)
        while !said.contains(UInt8(ascii: "\n")), Date() < saying {
            guard poll(&ready, 1, 100) > 0 else { continue }
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += chunk
        }
        #expect(
            String(decoding: said, as: UTF8.self)
                == "Waiting for another build of this shelf (in another terminal) to finish…\n")
        kill(process.processIdentifier, SIGINT)
        // Ends within a moment, the lock still held by the other build.
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        #expect(!process.isRunning, "serve went on waiting after Ctrl-C")
        guard !process.isRunning else { return }
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(
            stdout.hasSuffix(
                "\nStopped while waiting for another build of this shelf to finish: nothing was built.\n"), "\(stdout)")
    }

    /// SIGHUP (the terminal closed) ended serve at once, with 129, and `timeout N bookplate serve`
    /// sends SIGTERM to serve and then to its process group, which serve took as a second
    /// Ctrl-C, "stop at once": both stopped it amid a rebuild, its half-made site left beside the
    /// shelf (found by an exploratory session). SIGHUP stops serve as SIGTERM does, and the same
    /// signal again within a moment is the same request.
    @Test func serveStopsCleanlyForAClosedTerminalAndForTimeout() throws {
        try run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        for signals in [[SIGHUP], [SIGTERM, SIGTERM], [SIGHUP, SIGHUP]] {
            var (process, out, said) = try serveUntilItSaysWhere()
            for signalNumber in signals {
                kill(process.processIdentifier, signalNumber)
                usleep(50_000)
            }
            said += out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            // Stopped cleanly, it ends by the signal that stopped it (``serveEndsByTheSignalThatStoppedIt``).
            #expect(
                process.terminationReason == .uncaughtSignal && process.terminationStatus == signals[0],
                "\(signals): \(process.terminationReason) \(process.terminationStatus)")
            // A terminal that was closed is not written to.
            #expect(String(decoding: said, as: UTF8.self).hasSuffix("Stopped.\n") == (signals[0] != SIGHUP))
            let beside = try FileManager.default.contentsOfDirectory(atPath: root.path)
            #expect(!beside.contains { $0.hasPrefix(".site") }, "\(beside)")
        }
    }
}
