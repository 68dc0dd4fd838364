import Foundation
import Synchronization
import Testing

@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateSite

/// A build between the two steps of a `remove` (the library, then the note) or a `restore` (the
/// note, then the library) found the book's note with no book, and told the reader to rename it
/// or move it away: during a restore, that parted the note from its book (found by an exploratory
/// session). While the command runs, holding ``RemovalUnderWay``, its book's note is no note of
/// no book.
struct RemovalUnderWayTests {
    @Test func theNoteOfABookBeingRemovedIsNotToldToBeMovedAway() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        try shelf.writeNote("Spice.", slug: "dune")
        try shelf.writeNote("Stray.", slug: "kindred")
        do {
            let underWay = RemovalUnderWay.begin(slug: "dune", in: shelf.paths.stateFolder)
            defer { withExtendedLifetime(underWay) {} }
            #expect(underWay != nil)
            // The removal's first step: the library says the note is aside, and it is in place still.
            try shelf.library.removeBook(slug: "dune", at: Date(), noteFile: "dune-1700000000.md")
            let during = try shelf.build().everyWarning
            #expect(!during.contains { $0.contains("dune.md") }, "\(during)")
            #expect(during.contains { $0.contains("kindred.md belongs to no book on the shelf") }, "\(during)")
        }
        // Cut short (killed), the removal leaves a note of no book until the next command
        // finishes it, and the build says so again.
        let after = try shelf.build().everyWarning
        #expect(after.contains { $0.contains("dune.md belongs to no book on the shelf") }, "\(after)")
    }

    /// The cover of a book a `restore` is bringing back (or a `remove` or `purge` taking away) is
    /// no stray either: a build told the reader to rename it for a book, though no build takes
    /// such a book's files for strays (found by an exploratory session).
    @Test func theCoverOfABookBeingMovedIsNotToldToBeRenamed() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        try FileManager.default.createDirectory(at: shelf.paths.covers, withIntermediateDirectories: true)
        let image = Data(try SampleImages.solid(width: 30, height: 45, [20, 20, 200]))
        try image.write(to: shelf.paths.covers.appendingPathComponent("kindred.jpg"))
        try image.write(to: shelf.paths.covers.appendingPathComponent("stray.jpg"))
        let underWay = RemovalUnderWay.begin(slug: "kindred", in: shelf.paths.stateFolder)
        defer { withExtendedLifetime(underWay) {} }
        #expect(underWay != nil)
        let during = try shelf.build().everyWarning
        #expect(!during.contains { $0.contains("kindred.jpg") }, "\(during)")
        #expect(during.contains { $0.contains("stray.jpg names no book on the shelf") }, "\(during)")
    }

    /// A `purge` holds the lock while it deletes the book's files, as `remove` does, and waits
    /// for another that holds it (it took none: found by an exploratory session). The purge
    /// waits on a thread of its own: blocked on one of the few threads Swift's tasks share, with
    /// another test's wait on the other, neither test could go on to let its lock go.
    @Test func aPurgeHoldsTheRemovalLock() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        var other = RemovalUnderWay.begin(slug: "kindred", in: shelf.paths.stateFolder)
        #expect(other != nil)
        let waited = Mutex(false)
        var removal = BookRemoval(library: shelf.library, paths: shelf.paths)
        removal.waiting = { waited.withLock { $0 = true } }
        let purge = Background { [removal] in try removal.purge(slug: "dune") }
        for _ in 0..<500 where !waited.withLock({ $0 }) { usleep(10_000) }
        #expect(waited.withLock { $0 })
        #expect(try shelf.library.books(slugs: ["dune"]).count == 1)
        other = nil
        try purge.value()
        #expect(try shelf.library.books(slugs: ["dune"]).isEmpty)
    }

    /// A `remove` or `restore` that must wait for another is told so before it waits: it waited
    /// without a word (found by a review); the command says "Waiting for another remove or
    /// restore of this shelf to finish…".
    @Test func aRemovalThatMustWaitIsToldSoFirst() async throws {
        let folder = try TestPaths.temporaryFolder("removal-lock")
        var first = RemovalUnderWay.begin(slug: "dune", in: folder)
        #expect(first != nil)
        let waited = Mutex(false)
        let second = Task.detached {
            RemovalUnderWay.begin(slug: "kindred", in: folder, waiting: { waited.withLock { $0 = true } }) != nil
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(waited.withLock { $0 })
        first = nil
        #expect(await second.value)
        // Nothing to wait for: not a word.
        let third = Mutex(false)
        #expect(RemovalUnderWay.begin(slug: "dune", in: folder, waiting: { third.withLock { $0 = true } }) != nil)
        #expect(!third.withLock { $0 })
    }
}
