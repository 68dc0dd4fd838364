import BookplateCore
import Foundation
import Testing

/// Every command finds its shelf as git finds a repository: from the shelf's own folder or any
/// folder inside it. Paths the reader types are read from where the command was run.
@Suite struct ShelfDiscoveryTests {
    @Test func commandsFindTheShelfFromAFolderInsideIt() async throws {
        let root = try TestPaths.temporaryFolder("discovery")
        #expect(try await CommandRunner(folder: root).runOffPool(["init", "shelf"]).status == 0)
        let shelf = root.appendingPathComponent("shelf")
        let added = try await CommandRunner(folder: shelf).runOffPool([
            "add", "--title", "Kindred", "--author", "Octavia E. Butler",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let notes = shelf.appendingPathComponent("content/notes")
        let listed = try await CommandRunner(folder: notes).runOffPool(["list"])
        #expect(listed.status == 0 && listed.stdout.contains("kindred"), "\(listed.stderr)")
        let built = try await CommandRunner(folder: shelf.appendingPathComponent("content")).runOffPool(["build"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(FileManager.default.fileExists(atPath: shelf.appendingPathComponent("site/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: shelf.appendingPathComponent("content/site").path))
        // Where the build runs from is no change: a build from the shelf's root after one from
        // content/ made every page again (found by an exploratory session).
        for folder in [shelf, notes] {
            let again = try await CommandRunner(folder: folder).runOffPool(["build"])
            #expect(again.stdout.hasPrefix("Nothing changed: "), "\(folder.lastPathComponent): \(again.stdout)")
        }
        // A path typed on the command line is where the reader meant it, from where they are.
        let preview = try await CommandRunner(folder: notes).runOffPool(["build", "--output", "../../preview"])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(FileManager.default.fileExists(atPath: shelf.appendingPathComponent("preview/index.html").path))
    }

    /// A library iCloud Drive evicted (its placeholder `.library.sqlite.icloud` in its place) was
    /// said to be no shelf at all: "not inside a shelf: run `bookplate init DIR`" (found by an
    /// exploratory session). The shelf is found, and opening its library says where it is.
    @Test func aLibraryICloudEvictedIsSaidToBeInICloud() async throws {
        let root = try TestPaths.temporaryFolder("evicted")
        #expect(try await CommandRunner(folder: root).runOffPool(["init", "shelf"]).status == 0)
        let content = root.appendingPathComponent("shelf/content")
        try FileManager.default.removeItem(at: content.appendingPathComponent("library.sqlite"))
        try Data("bplist00".utf8).write(to: content.appendingPathComponent(".library.sqlite.icloud"))
        for folder in [content.deletingLastPathComponent(), content] {
            let listed = try await CommandRunner(folder: folder).runOffPool(["list"])
            #expect(listed.status != 0)
            #expect(
                listed.stderr.hasPrefix("Error: ")
                    && listed.stderr.contains(
                        "library.sqlite is in iCloud and not downloaded: open it in Finder or run "),
                "\(listed.stderr)")
        }
    }

    /// A shell left in `content/notes` while the shelf was deleted and restored from a backup (in
    /// another window, or by a sync client) ran `build`, `list` and `search` for ever at full CPU,
    /// climbing `../../..` from the empty path a deleted current folder gives, and `init .` could
    /// not write "" (found by an exploratory session). Every command now says in one line that
    /// the current folder is gone, and ends.
    @Test func aCommandInAFolderDeletedAndMadeAgainSaysSoAndEnds() async throws {
        let root = try TestPaths.temporaryFolder("folder-gone")
        #expect(try await CommandRunner(folder: root).runOffPool(["init", "shelf"]).status == 0)
        let notes = root.appendingPathComponent("shelf/content/notes")
        // The shell stays in its folder while the folder is deleted and made again; `timeout`
        // ends a command that would not end.
        let replacing = [
            "/usr/bin/timeout", "20", "/bin/sh", "-c",
            #"here=$(pwd -P) && rm -rf "$here" && mkdir "$here" && exec "$@""#,
            "sh",
        ]
        for command in [["build"], ["list"], ["search", "dune"], ["init", "."]] {
            let result = try await CommandRunner(folder: notes, launcher: replacing).runOffPool(command)
            #expect(result.status == 2, "\(command): \(result.status) \(result.stderr)")
            #expect(
                result.stderr.contains(
                    "the current folder no longer exists (it was deleted or replaced): cd into the shelf again"),
                "\(command): \(result.stderr)")
        }
    }

    /// With `content/` kept in a synced folder and linked into the shelf, a build run from
    /// `content/notes` reached through the link (`cd ~/shelf/content/notes`) found the shelf by the
    /// real path, above the link's target, and built a second site inside the synced folder,
    /// without the shelf's theme (found by an exploratory session). The shelf is now looked for
    /// from the path the shell names.
    @Test func aShelfWhoseContentIsALinkIsFoundThroughTheLink() async throws {
        let root = try TestPaths.temporaryFolder("content-link")
        #expect(try await CommandRunner(folder: root).runOffPool(["init", "shelf"]).status == 0)
        let shelf = root.appendingPathComponent("shelf")
        let synced = root.appendingPathComponent("synced")
        let manager = FileManager.default
        try manager.createDirectory(at: synced, withIntermediateDirectories: true)
        try manager.moveItem(at: shelf.appendingPathComponent("content"), to: synced.appendingPathComponent("content"))
        try manager.createSymbolicLink(
            at: shelf.appendingPathComponent("content"), withDestinationURL: synced.appendingPathComponent("content"))
        // As the reader's shell enters it: through the link, `$PWD` naming the link's path.
        let entering = ["/bin/sh", "-c", #"cd "$0" && export PWD && exec "$@""#, shelf.path + "/content/notes"]
        let built = try await CommandRunner(folder: root, launcher: entering).runOffPool(["build"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(manager.fileExists(atPath: shelf.appendingPathComponent("site/index.html").path))
        #expect(!manager.fileExists(atPath: synced.appendingPathComponent("site").path))
    }

    /// A link to a folder inside a shelf (`~/notes` to `~/shelf/content/notes`, as one makes for
    /// an editor) was "not inside a shelf": the shelf was looked for from the path the shell
    /// names alone, which has none above it (found by an exploratory session). Where that path
    /// has no shelf, the folder's real path is looked from, as git does.
    @Test func aLinkToAFolderInsideAShelfFindsTheShelf() async throws {
        let root = try TestPaths.temporaryFolder("folder-link")
        #expect(try await CommandRunner(folder: root).runOffPool(["init", "shelf"]).status == 0)
        let shelf = root.appendingPathComponent("shelf")
        let added = try await CommandRunner(folder: shelf).runOffPool(["add", "--title", "Kindred"])
        #expect(added.status == 0, "\(added.stderr)")
        let link = root.appendingPathComponent("notes")
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: shelf.appendingPathComponent("content/notes"))
        let entering = ["/bin/sh", "-c", #"cd "$0" && export PWD && exec "$@""#, link.path]
        let listed = try await CommandRunner(folder: root, launcher: entering).runOffPool(["list", "--columns", "slug"])
        #expect(listed.status == 0 && listed.stdout == "kindred\n", "\(listed.stderr)")
        let built = try await CommandRunner(folder: root, launcher: entering).runOffPool(["build"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(FileManager.default.fileExists(atPath: shelf.appendingPathComponent("site/index.html").path))
    }

    /// A folder whose path is no UTF-8 (Latin-1's `café`, byte E9) was read with U+FFFD for the
    /// byte: `init .` said "Created a shelf in this folder" and wrote into another folder,
    /// `caf\u{FFFD}`, which folders differing only in such bytes shared, and a shelf moved into
    /// such a folder was "not inside a shelf" (found by an exploratory session). Every command now
    /// says in one line that the path is not UTF-8, and writes nothing; so does a shell that
    /// names the folder through such a link, or a `$BOOKPLATE_LIBRARY` that is no UTF-8.
    @Test func aFolderWhosePathIsNoUTF8IsRefusedInOneLine() async throws {
        let root = try TestPaths.temporaryFolder("not-utf8")
        #expect(try await CommandRunner(folder: root).runOffPool(["init", "shelf"]).status == 0)
        // The folder `caf\xE9` (empty) and the shelf moved into `shelf\xE9`, named by their bytes.
        let making = Process()
        making.executableURL = URL(fileURLWithPath: "/bin/sh")
        making.arguments = ["-c", #"mkdir "$(printf 'caf\351')" && ln -s shelf "$(printf 'link\351')""#]
        making.currentDirectoryURL = root
        try making.run()
        making.waitUntilExit()
        let before = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        func entering(_ folder: String, _ setting: String = "") -> [String] {
            ["/bin/sh", "-c", #"cd "$(printf '"# + folder + #"')" && export PWD && "# + setting + #" exec "$@""#, "sh"]
        }
        let runs: [([String], [String])] = [
            (entering(#"caf\351"#), ["init", "."]),
            (entering(#"caf\351"#), ["add", "--title", "Dune", "--author", "Frank Herbert"]),
            (entering(#"caf\351"#), ["list"]),
            (entering(#"link\351"#), ["list"]),
            (entering(#"link\351"#), ["build"]),
        ]
        for (launcher, command) in runs {
            let result = try await CommandRunner(folder: root, launcher: launcher).runOffPool(command)
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("Error: the current folder's path is not UTF-8 (")
                    && result.stderr.hasSuffix("): rename it in UTF-8, then cd into it again\n")
                    && result.stderr.filter { $0 == "\n" }.count == 1,
                "\(command): \(result.stderr)")
        }
        let library = try await CommandRunner(
            folder: root, launcher: entering("shelf", #"BOOKPLATE_LIBRARY="$(printf 'caf\351/l.sqlite')""#)
        ).runOffPool(["list"])
        #expect(library.status == 2)
        #expect(
            library.stderr
                == "Error: $BOOKPLATE_LIBRARY is not UTF-8 (caf\u{FFFD}/l.sqlite): set it to a path in UTF-8\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == before)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("shelf/site").path))
    }

    /// `serve` left in a folder that was deleted printed every path without its leading slash: a
    /// deleted current folder is named by an empty path, and every path lay "below" it (found by
    /// an exploratory session). Paths are now shortened only below a folder that is named.
    @Test func aPathIsShownWholeWhenTheCurrentFolderIsGone() {
        let page = URL(fileURLWithPath: "/home/reader/shelf/site/index.html")
        #expect(page.relativePathForDisplay(from: "") == "/home/reader/shelf/site/index.html")
        #expect(page.relativePathForDisplay(from: "/home/reader/shelf") == "site/index.html")
    }
}
