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
}
