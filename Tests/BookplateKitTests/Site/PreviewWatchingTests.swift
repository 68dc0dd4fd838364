import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateSite

/// How `serve` knows the shelf changed: the kernel tells it (inotify), and it looks the shelf over
/// only then. It looked over the whole shelf four times a second while nothing changed, 1.5 % of
/// a core with 400 notes and 4 % with 3,000 (found by an exploratory session).
///
/// Each test lets the watcher look on its own only once in ten minutes, so that what it sees within the
/// test, it was told of.
@Suite(.enabled(if: ChangeSignal() != nil, "the kernel tells of changes (inotify)"))
struct PreviewWatchingTests {
    /// Waits until `done` holds, or 60 seconds pass (CI machines are busy).
    func wait(until done: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !(await done()), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
    }

    /// How many looks `server` has taken once they stop coming: none in ten rounds of its watcher
    /// (counted in rounds, not time: on a busy machine the watcher may not run for a second, and
    /// a count that held still for half a second was taken before its first round).
    func settledLooks(of server: PreviewServer) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(60)
        var (settled, since) = (await server.looks, await server.rounds)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            let (looks, rounds) = (await server.looks, await server.rounds)
            if looks != settled {
                (settled, since) = (looks, rounds)
            } else if rounds - since >= 10 {
                break
            }
        }
        return settled
    }

    @Test func anIdleWatcherDoesNotLookTheShelfOverUntilSomethingChanges() async throws {
        let shelf = try FixtureShelf.make()
        let server = try PreviewServerTests.server(for: shelf)
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(20), lookEvery: .seconds(600)) }
        #expect(await server.toldOfChanges, "the kernel gave no inotify watches (the system's limit reached?)")
        // The build's own writes to the library, and the folders it began to watch, are each
        // looked at once; then nothing.
        let settled = try await settledLooks(of: server)
        let start = await server.rounds
        let deadline = ContinuousClock.now + .seconds(60)
        while await server.rounds < start + 50, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        let reasons = await server.lookReasons
        #expect(await server.looks == settled, "50 rounds, no change: no look (\(reasons))")
        #expect(server.buildVersion == 1)

        // An edited note is seen at once.
        try shelf.writeNote("Told by the *kernel*.\n", slug: "kindred")
        try await wait { server.buildVersion > 1 }
        #expect(server.buildVersion == 2)
        let page = try await PreviewServerTests().get(server.port, "/books/kindred/")
        #expect(page.body.contains("Told by the <em>kernel</em>"))
        watcher.cancel()
        await server.stop()
    }

    /// A folder made while watching is watched from then on: what is written in it is seen as
    /// soon as what is written beside it.
    @Test func aFileInAFolderMadeWhileWatchingIsSeen() async throws {
        let shelf = try FixtureShelf.make()
        let server = try PreviewServerTests.server(for: shelf)
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(20), lookEvery: .seconds(600)) }
        let folder = shelf.paths.templates.appendingPathComponent("drafts/older", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Made, but empty: it changes nothing the build reads, and nothing is built.
        try await Task.sleep(for: .milliseconds(500))
        #expect(server.buildVersion == 1)
        try Data("kept for later\n".utf8).write(to: folder.appendingPathComponent("book.mustache.txt"))
        try await wait { server.buildVersion > 1 }
        #expect(server.buildVersion == 2)
        watcher.cancel()
        await server.stop()
    }

    /// Another command's change to the library (a rating) is told by the library's file.
    @Test func aChangeToTheLibraryIsSeen() async throws {
        let shelf = try FixtureShelf.make()
        let server = try PreviewServerTests.server(for: shelf)
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(20), lookEvery: .seconds(600)) }
        try await Task.sleep(for: .milliseconds(300))
        let library = try Library.open(at: shelf.paths.library)
        _ = try library.editBook(slug: "kindred", BookEdit(rating: .some(try Rating(2))))
        try await wait { server.buildVersion > 1 }
        #expect(server.buildVersion == 2)
        watcher.cancel()
        await server.stop()
    }

    /// Settings kept with the reader's other files, linked from the shelf: an edit is told of in
    /// the folder the link leads to, which is watched too — under a hidden name as well (settings
    /// kept with one's dotfiles were seen only by the look every two seconds: found by a review).
    @Test(arguments: ["site.yaml", ".bookplate-site.yaml"])
    func settingsReachedThroughALinkAreWatchedWhereTheyAre(name: String) async throws {
        let shelf = try FixtureShelf.make()
        let settings = try TestPaths.temporaryFolder().appendingPathComponent(name)
        try Data("title: Kept elsewhere\n".utf8).write(to: settings)
        try? FileManager.default.removeItem(at: shelf.paths.settings)
        try FileManager.default.createSymbolicLink(at: shelf.paths.settings, withDestinationURL: settings)
        let server = try PreviewServerTests.server(for: shelf)
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(20), lookEvery: .seconds(600)) }
        try await Task.sleep(for: .milliseconds(300))
        try Data("title: Edited where it is kept\n".utf8).write(to: settings)
        try await wait { server.buildVersion > 1 }
        let index = try await PreviewServerTests().get(server.port, "/")
        #expect(index.body.contains("Edited where it is kept"))
        watcher.cancel()
        await server.stop()
    }

    /// A folder moved out of the shelf is watched no more: what is written in it calls for no
    /// look, and watches do not pile up over a day of `serve` (they did: found by a review).
    @Test func aFolderMovedOutOfTheShelfIsWatchedNoMore() async throws {
        let shelf = try FixtureShelf.make()
        let folder = shelf.paths.notes.appendingPathComponent("drafts", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try PreviewServerTests.server(for: shelf)
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(20), lookEvery: .seconds(600)) }
        let away = try TestPaths.temporaryFolder().appendingPathComponent("drafts")
        try await Task.sleep(for: .milliseconds(300))
        try FileManager.default.moveItem(at: folder, to: away)
        let settled = try await settledLooks(of: server)
        for number in 0..<10 {
            try Data("draft \(number)\n".utf8).write(to: away.appendingPathComponent("draft.txt"))
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .milliseconds(300))
        let reasons = await server.lookReasons
        #expect(await server.looks == settled, "\(reasons)")
        watcher.cancel()
        await server.stop()
    }

    /// A library reached through a link (kept in a synced folder) is written beside the file the
    /// link leads to, where SQLite keeps its log: that folder is watched, and another command's
    /// change is seen at once (it waited for the look every two seconds: found by a review).
    @Test func aLibraryReachedThroughALinkIsWatchedWhereItIs() async throws {
        let root = try TestPaths.temporaryFolder()
        let paths = ShelfPaths(root: root)
        try FileManager.default.createDirectory(at: paths.notes, withIntermediateDirectories: true)
        let real = try TestPaths.temporaryFolder().appendingPathComponent("library.sqlite")
        do {
            let library = try Library.open(at: real, create: true)
            try library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"]))
        }
        try FileManager.default.createSymbolicLink(at: paths.library, withDestinationURL: real)
        let server = try PreviewServer.start(
            paths: paths, port: 0,
            makeBuilder: { SiteBuilder(library: try Library.open(at: paths.library), paths: paths) }, report: { _ in })
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(20), lookEvery: .seconds(600)) }
        try await Task.sleep(for: .milliseconds(300))
        let built = server.buildVersion
        do {
            let library = try Library.open(at: paths.library)
            _ = try library.editBook(slug: "kindred", BookEdit(rating: .some(try Rating(3))))
        }
        try await wait { server.buildVersion > built }
        #expect(server.buildVersion == built + 1)
        watcher.cancel()
        await server.stop()
    }
}
