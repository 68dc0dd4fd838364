import BookplateCore
import Foundation
import Testing

/// A shelf's `content/library.sqlite` that is something else than a library file — a named pipe,
/// a folder, a link to nothing, a path too long for SQLite, a file on a disk that cannot be
/// written — met by every command with one line saying what it is, and nothing else used or left
/// in its place.
@Suite struct OddLibraryFileTests {
    /// A new shelf in a folder of its own, with Dune on it; the folder and the shelf.
    private func shelfWithDune(_ label: String) async throws -> (root: URL, shelf: URL) {
        let root = try TestPaths.temporaryFolder(label)
        #expect(try await CommandRunner(folder: root).runOffPool(["init", "shelf"]).status == 0)
        let shelf = root.appendingPathComponent("shelf")
        let added = try await CommandRunner(folder: shelf).runOffPool([
            "add", "--title", "Dune", "--author", "Frank Herbert",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        return (root, shelf)
    }

    /// `timeout` ends a command that would wait for ever, as one on a named pipe did.
    private static let timeout = ["/usr/bin/timeout", "20"]

    /// Starts a command allowed 8 files open at once.
    private static let fewFiles = ["/bin/sh", "-c", #"ulimit -n 8 && exec "$@""#, "sh"]

    /// Whether a test may mount a file system of its own (root, with `unshare`).
    private static let mayMount = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")

    /// Runs commands in a copy of `shelf` on a file system of its own, which the shell line
    /// `mounting` makes at `$1` from the shelf at `$0`, in a mount namespace that ends with each
    /// command (``mayMount``).
    private func runner(for shelf: URL, in root: URL, mounting: String) throws -> CommandRunner {
        let mounted = root.appendingPathComponent("mounted")
        try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: true)
        let launcher = [
            "/usr/bin/unshare", "--mount", "/bin/sh", "-c", mounting + #" && cd "$1" && shift && exec "$@""#,
            shelf.path, mounted.path,
        ]
        return CommandRunner(folder: root, launcher: launcher)
    }

    /// A named pipe in the library's place kept every command waiting for a writer, for ever
    /// (found by an exploratory session): the library's first bytes were read from it before
    /// anything said it was no file. It is refused in one line at once, as any file that is no
    /// library is, whether found in the shelf or named by `--library`.
    @Test func aNamedPipeForTheLibraryIsRefusedAtOnce() async throws {
        let (root, shelf) = try await shelfWithDune("library-fifo")
        let library = shelf.appendingPathComponent("content/library.sqlite")
        try FileManager.default.removeItem(at: library)
        #expect(mkfifo(library.path, 0o644) == 0)
        let other = root.appendingPathComponent("f.sqlite")
        #expect(mkfifo(other.path, 0o644) == 0)
        let runs: [(URL, [String], String)] = [
            (shelf, ["list"], "content/library.sqlite"),
            (shelf, ["edit", "dune", "--rating", "3"], "content/library.sqlite"),
            (shelf.appendingPathComponent("content/notes"), ["build"], "/shelf/content/library.sqlite"),
            (root, ["list", "--library", other.path], "f.sqlite"),
        ]
        for (folder, command, shown) in runs {
            let result = try await CommandRunner(folder: folder, launcher: Self.timeout).runOffPool(command)
            #expect(result.status == 1, "\(command): \(result.status) \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("Error: ")
                    && result.stderr.hasSuffix(
                        "\(shown) is a named pipe, not a file: not a Bookplate library; put the library file in its "
                            + "place, or pass --library with the right file\n")
                    && result.stderr.filter { $0 == "\n" }.count == 1,
                "\(command): \(result.stderr)")
        }
    }

    /// A folder in the library's place was said to be "empty: not a Bookplate library; restore
    /// it or remove it to start afresh", with status 1, where `--library` naming a folder exits
    /// 2, as the README says (found by an exploratory session): both exit 2, no library to work
    /// with.
    @Test func aFolderForTheLibraryExitsAsAFolderNamedByLibraryDoes() async throws {
        let (root, shelf) = try await shelfWithDune("library-folder")
        let library = shelf.appendingPathComponent("content/library.sqlite")
        let kept = root.appendingPathComponent("kept.sqlite")
        try FileManager.default.moveItem(at: library, to: kept)
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: false)
        for command in [["list"], ["add", "--title", "Emma", "--author", "Jane Austen"], ["build"]] {
            let result = try await CommandRunner(folder: shelf).runOffPool(command)
            #expect(result.status == 2, "\(command): \(result.status) \(result.stderr)")
            #expect(
                result.stderr
                    == "Error: content/library.sqlite is a folder, not a library file: put the library file in its "
                    + "place, or pass --library with the right file\n",
                "\(command): \(result.stderr)")
        }
        let named = try await CommandRunner(folder: root).runOffPool(["list", "--library", library.path])
        #expect(named.status == 2, "\(named.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: shelf.appendingPathComponent("site").path))
    }

    /// A shelf inside another shelf's folder, whose library is a link to a disk that is not
    /// mounted: `add` added to the outer shelf and `build` built the outer site, and with no
    /// shelf above, every command said "not inside a shelf" in one (found by an exploratory
    /// session). A library that is a link to nothing, or a link that leads back to itself, is
    /// the shelf's: every command says so and stops.
    @Test func aLibraryLinkedToNothingIsSaidSoAndNoShelfAboveIsUsed() async throws {
        let (root, outer) = try await shelfWithDune("library-dangling")
        let projects = outer.appendingPathComponent("projects")
        try FileManager.default.createDirectory(at: projects, withIntermediateDirectories: false)
        #expect(try await CommandRunner(folder: projects).runOffPool(["init", "inner"]).status == 0)
        let inner = projects.appendingPathComponent("inner")
        let library = inner.appendingPathComponent("content/library.sqlite")
        let outerLibrary = try Data(contentsOf: outer.appendingPathComponent("content/library.sqlite"))
        let links = [
            ("/media/bookplate-test-not-mounted/library.sqlite", "which is not there (a disk not mounted?)"),
            ("library.sqlite", "which leads back to itself"),
        ]
        for (target, said) in links {
            try FileManager.default.removeItem(at: library)
            try FileManager.default.createSymbolicLink(atPath: library.path, withDestinationPath: target)
            let runs: [(URL, [String])] = [
                (inner, ["add", "--title", "Meant for inner", "--author", "X"]),
                (inner.appendingPathComponent("content/notes"), ["build"]),
                (inner, ["list"]),
                (root, ["list", "--library", library.path]),
            ]
            for (folder, command) in runs {
                let result = try await CommandRunner(folder: folder).runOffPool(command)
                #expect(result.status == 2, "\(target) \(command): \(result.status) \(result.stderr)")
                #expect(
                    result.stderr.hasPrefix("Error: ")
                        && result.stderr.contains("library.sqlite is a link to \(target), \(said)")
                        && result.stderr.filter { $0 == "\n" }.count == 1,
                    "\(target) \(command): \(result.stderr)")
            }
        }
        #expect(try Data(contentsOf: outer.appendingPathComponent("content/library.sqlite")) == outerLibrary)
        #expect(!FileManager.default.fileExists(atPath: outer.appendingPathComponent("site").path))
        #expect(!FileManager.default.fileExists(atPath: inner.appendingPathComponent("site").path))
        // With no shelf above, the same line, not "not inside a shelf".
        let alone = try TestPaths.temporaryFolder("library-dangling-alone")
        #expect(try await CommandRunner(folder: alone).runOffPool(["init", "shelf"]).status == 0)
        let aloneLibrary = alone.appendingPathComponent("shelf/content/library.sqlite")
        try FileManager.default.removeItem(at: aloneLibrary)
        try FileManager.default.createSymbolicLink(atPath: aloneLibrary.path, withDestinationPath: links[0].0)
        let listed = try await CommandRunner(folder: alone.appendingPathComponent("shelf")).runOffPool(["list"])
        #expect(listed.status == 2)
        #expect(
            listed.stderr
                == "Error: content/library.sqlite is a link to \(links[0].0), \(links[0].1): nothing is done "
                + "without it; bring the library back or point the link at it\n")
    }

    /// A folder `levels` × 100 bytes deep below `root`, whose shelf's library has a path of
    /// exactly `bytes` bytes (`root` short enough).
    private func shelfPath(in root: URL, libraryBytes bytes: Int) -> URL {
        let suffix = "/shelf/content/library.sqlite"
        var folder = root
        while bytes - folder.path.utf8.count - suffix.utf8.count > 200 {
            folder = folder.appendingPathComponent(String(repeating: "x", count: 150))
        }
        let pad = bytes - folder.path.utf8.count - suffix.utf8.count - 1
        return folder.appendingPathComponent(String(repeating: "y", count: pad)).appendingPathComponent("shelf")
    }

    /// SQLite opens no database whose path is longer than its file system layer allows (512
    /// bytes, less the 8 of its journal's name): `init` failed with "unable to open database
    /// file" and left a shelf with an empty library, which every later command called "empty:
    /// not a Bookplate library; restore it" (found by an exploratory session). `init` refuses
    /// such a path before it makes anything, and a shelf moved to one is refused in one line by
    /// every command, with no file left beside its library.
    ///
    /// So too where the library fits and the SQLite files Bookplate keeps beside it in
    /// `content/.bookplate/` do not: a library of 490 to 504 bytes was made, and its build state
    /// (15 bytes longer) was never saved, each build made in full without a word (found by a
    /// review). The longest of them is the copy of the library kept before an upgrade, made
    /// under a working name: `.library-before-v25.sqlite.tmp-<pid>-<random>`, 49 bytes longer
    /// than the library's path at most.
    @Test func aLibraryPathTooLongForSQLiteIsRefusedAndNothingIsLeftHalfMade() async throws {
        let root = try TestPaths.temporaryFolder("long-path")
        let longest = shelfPath(in: root, libraryBytes: 455)
        let tooLong = shelfPath(in: root, libraryBytes: 456)
        let tooLongItself = shelfPath(in: root, libraryBytes: 505)
        for shelf in [longest, tooLong, tooLongItself] {
            try FileManager.default.createDirectory(
                at: shelf.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let made = try await CommandRunner(folder: root).runOffPool(["init", longest.path])
        #expect(made.status == 0, "\(made.stderr)")
        // The longest shelf keeps its build state.
        let runner = CommandRunner(folder: longest)
        #expect(
            try await runner.runOffPool(["add", "--title", "Kindred", "--author", "Octavia E. Butler"]).status == 0)
        let first = try await runner.runOffPool(["build"])
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        #expect(try await runner.runOffPool(["build"]).stdout.hasPrefix("Nothing changed"))
        func refusal(_ shelf: URL, from folder: URL, _ bytes: Int) -> String {
            let library = shelf.appendingPathComponent("content/library.sqlite").relativePathForDisplay(
                from: folder.path)
            let state = shelf.appendingPathComponent("content/.bookplate").relativePathForDisplay(from: folder.path)
            return "Error: \(library) is too long a path for SQLite: its full path is \(bytes) bytes, and the files "
                + "Bookplate keeps beside it in \(state)/ would be up to \(bytes + 49), where SQLite opens none longer "
                + "than 504; put the shelf in a folder at least \(bytes + 49 - 504) byte\(bytes == 456 ? "" : "s") shorter\n"
        }
        let refused = try await CommandRunner(folder: root).runOffPool(["init", tooLong.path])
        #expect(refused.status == 1)
        #expect(refused.stderr == refusal(tooLong, from: root, 456))
        #expect(!FileManager.default.fileExists(atPath: tooLong.path))
        let refusedItself = try await CommandRunner(folder: root).runOffPool(["init", tooLongItself.path])
        #expect(refusedItself.status == 1)
        let shown = tooLongItself.appendingPathComponent("content/library.sqlite").relativePathForDisplay(
            from: root.path)
        #expect(
            refusedItself.stderr
                == "Error: \(shown) is too long a path for SQLite: its full path is 505 bytes, and SQLite opens none "
                + "longer than 504; put the shelf in a folder with a shorter path\n")
        #expect(!FileManager.default.fileExists(atPath: tooLongItself.path))
        // A shelf moved to such a path: refused in one line, nothing left beside the library.
        try FileManager.default.moveItem(at: longest, to: tooLong)
        for command in [["list"], ["edit", "kindred", "--rating", "3"], ["build"]] {
            let result = try await CommandRunner(folder: tooLong).runOffPool(command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr == refusal(tooLong, from: tooLong, 456), "\(command): \(result.stderr)")
        }
        let content = try FileManager.default.contentsOfDirectory(
            atPath: tooLong.appendingPathComponent("content").path)
        #expect(content.filter { $0.hasPrefix("library.sqlite") } == ["library.sqlite"], "\(content)")
    }

    /// `init` whose library could not be opened (too few files this process may open) left a
    /// half-made shelf with an empty library, which every later command called "empty": what it
    /// made is taken away, the folder it was given left as it was.
    @Test func anInitThatFailsLeavesNothingHalfMade() async throws {
        let root = try TestPaths.temporaryFolder("init-fails")
        let result = try await CommandRunner(folder: root, launcher: Self.fewFiles).runOffPool(["init", "new/shelf"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: could not use the library new/shelf/content/library.sqlite: "))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("new").path))
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(
            at: empty.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let again = try await CommandRunner(folder: empty, launcher: Self.fewFiles).runOffPool(["init", "."])
        #expect(again.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path) == [".git"])
    }

    /// SQLite's "unable to open database file" reached the reader as it was when this process may
    /// open too few files: the line says so, and what to do.
    @Test func tooFewFilesOpenIsSaidSo() async throws {
        let (_, shelf) = try await shelfWithDune("few-files")
        for command in [["edit", "dune", "--rating", "3"], ["list"]] {
            let result = try await CommandRunner(folder: shelf, launcher: Self.fewFiles).runOffPool(command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("Error: could not use the library content/library.sqlite: ")
                    && result.stderr.contains("this process may have no more than 8 files open at once (ulimit -n)")
                    && result.stderr.filter { $0 == "\n" }.count == 1,
                "\(command): \(result.stderr)")
        }
    }

    /// Under a limit on file size (`ulimit -f`), an import whose notes passed it said "check the
    /// folder's permissions and free space", neither of which was the matter (found by an
    /// exploratory session). The line names the limit; nothing is imported.
    @Test func aLimitOnFileSizeIsSaidSo() async throws {
        let (root, shelf) = try await shelfWithDune("file-size")
        let export = root.appendingPathComponent("goodreads.csv")
        var rows = ["Book Id,Title,Author,My Rating,Exclusive Shelf,My Review"]
        for index in 1...40 {
            rows.append("\(index),Book \(index),Author \(index),3,read,\(String(repeating: "x", count: 4_000))")
        }
        try Data(rows.joined(separator: "\n").utf8).write(to: export)
        // 64 blocks of 1,024 bytes: each note fits, and the notes together do not.
        let launcher = ["/bin/sh", "-c", #"ulimit -f 64 && exec "$@""#, "sh"]
        let result = try await CommandRunner(folder: shelf, launcher: launcher).runOffPool([
            "import", "goodreads", export.path,
        ])
        #expect(
            result.status == 1
                && result.stderr
                    == "Error: content/notes cannot be written: a file would pass the largest size this process may "
                    + "write (ulimit -f): raise the limit and try again\n",
            "\(result.stderr)")
        let list = try await CommandRunner(folder: shelf).runOffPool(["list", "--columns", "slug"])
        #expect(list.stdout == "dune\n")
    }

    /// A shelf on a read-only file system: `edit`, `build` and `add` said SQLite's "unable to
    /// open database file", where the README promises that every command that writes says the
    /// library or its folder cannot be written (found by an exploratory session). (A mount of
    /// its own, in a mount namespace that ends with the command: root only.)
    @Test(.enabled(if: mayMount)) func aShelfOnAReadOnlyFileSystemSaysItCannotBeWritten() async throws {
        let (root, shelf) = try await shelfWithDune("read-only-mount")
        let runner = try runner(
            for: shelf, in: root, mounting: #"mount --bind "$0" "$1" && mount -o remount,bind,ro "$1""#)
        let listed = try await runner.runOffPool(["list"])
        #expect(listed.status == 0 && listed.stdout.contains("dune"), "\(listed.stderr)")
        let commands = [
            ["edit", "dune", "--rating", "3"], ["build"], ["add", "--title", "Emma", "--author", "Jane Austen"],
        ]
        for command in commands {
            let result = try await runner.runOffPool(command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(
                result.stderr
                    == "Error: could not use the library content/library.sqlite: the file or its folder cannot be "
                    + "written (they are on a file system mounted read-only)\n",
                "\(command): \(result.stderr)")
        }
    }

    /// A shelf on a disk with no inodes left, whose library has no log beside it yet: SQLite's
    /// "unable to open database file" reached the reader as it was (found by an exploratory
    /// session). (A disk of its own, in a mount namespace that ends with the command: root only.)
    @Test(.enabled(if: mayMount)) func aShelfOnADiskWithNoInodesLeftSaysSo() async throws {
        let (root, shelf) = try await shelfWithDune("no-inodes")
        let full = try runner(
            for: shelf, in: root,
            mounting: #"mount -t tmpfs -o size=16m,nr_inodes=100 tmpfs "$1" && cp -a "$0/." "$1/" && i=0 && "#
                + #"while touch "$1/filler-$i" 2>/dev/null; do i=$((i+1)); done"#)
        let result = try await full.runOffPool(["edit", "dune", "--rating", "3"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "Error: could not use the library content/library.sqlite: its disk has no inodes left, and SQLite "
                + "makes its log beside it: remove some files there and try again\n")
    }
}
