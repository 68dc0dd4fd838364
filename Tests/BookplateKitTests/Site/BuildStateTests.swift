import Foundation
import GRDB
import Synchronization
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct BuildStateTests {
    @Test func anotherLibraryAtTheSameRevisionIsBuiltAfresh() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "First", authors: ["A"]))
        try shelf.build()
        // Another library in the same place, with as many changes behind it.
        try FileManager.default.removeItem(at: shelf.paths.library)
        let other = try Library.open(at: shelf.paths.library, create: true, clock: .fixed(TemporaryShelf.fixedDate))
        try other.addBook(NewBook(title: "Second", authors: ["A"]))
        let report = try SiteBuilder(library: other, paths: shelf.paths).build()
        #expect(report.filesWritten > 0)
        #expect(try shelf.siteFile("to-read/index.html").contains("Second"))
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("books/first").path))
    }

    static func stamp(_ size: Int64, _ modified: Int64, _ inode: UInt64, _ digest: UInt64? = nil) -> FileStamps.Stamp {
        FileStamps.Stamp(size: size, modified: modified, changed: modified / 2, inode: inode, digest: digest)
    }

    static let awkward = BuildState(
        site: "/shelf with spaces/site\tand a tab", library: "/shelf/content/library.sqlite", inputs: "3f2a",
        noteOptions: "smart unsafe\r", savedAt: 1_763_757_123_123_456_789,
        notes: [
            "kindred": BuildState.Note(
                stamp: stamp(1_234, 1_763_757_123_123_456_700, 42), fingerprint: Fingerprint(of: "ab")),
            "back\\slash\nline": BuildState.Note(stamp: stamp(0, 1, .max, .max), fingerprint: nil),
            "écrit": BuildState.Note(stamp: stamp(.max, -1, 0, 0), fingerprint: Fingerprint(value: .max)),
        ],
        sources: ["templates/book.mustache": stamp(1, 2, 3), "covers/kindred.jpg": stamp(4, 5, 6, 7)],
        files: [
            "index.html": BuildState.Output(fingerprint: Fingerprint(of: "aa"), stamp: stamp(10, 20, 30), digest: .max),
            "books/kindred/index.html": BuildState.Output(
                fingerprint: Fingerprint(value: .max), stamp: stamp(0, .min, .max), digest: 0),
            "assets/a\tb\\t.css": BuildState.Output(
                fingerprint: Fingerprint(value: 0), stamp: stamp(.max, .max, 1), digest: 1 << 63),
        ])

    func store() throws -> BuildStateStore {
        BuildStateStore(folder: try TestPaths.temporaryFolder("state"))
    }

    func loaded(_ store: BuildStateStore, site: String = BuildStateTests.awkward.site) -> BuildState? {
        if case .state(let state) = store.load(site: site) { return state }
        return nil
    }

    @Test func theStateReadsBackAsItWasWritten() throws {
        let store = try store()
        try store.save(Self.awkward, replacing: nil)
        #expect(loaded(store) == Self.awkward)
        // Saved again over itself with changes: only the differences are written, and read back.
        var next = Self.awkward
        next.files["index.html"]?.fingerprint = Fingerprint(of: "changed")
        next.files["books/kindred/index.html"] = nil
        next.files["new.html"] = BuildState.Output(
            fingerprint: Fingerprint(value: 1 << 63), stamp: Self.stamp(1, 2, 3), digest: 4)
        next.notes["kindred"] = nil
        next.notes["écrit"]?.fingerprint = nil
        next.inputs = "other"
        next.sources["covers/kindred.jpg"] = nil
        next.sources["photos/x.jpg"] = Self.stamp(1, 1, 1)
        try store.save(next, replacing: Self.awkward)
        #expect(loaded(store) == next)
        // Another site's state is kept beside it, apart.
        var other = Self.awkward
        other.site = "/elsewhere"
        try store.save(other, replacing: nil)
        #expect(loaded(store) == next)
        #expect(loaded(store, site: "/elsewhere") == other)
        let empty = BuildState(
            site: "/empty", library: "", inputs: "", noteOptions: "", savedAt: 0, notes: [:], sources: [:], files: [:])
        try store.save(empty, replacing: next)
        #expect(loaded(store, site: "/empty") == empty)
    }

    @Test func aDamagedNewerOrUnfinishedStateIsNotUsedAndIsReplaced() throws {
        func damage(_ store: BuildStateStore, _ change: (URL) throws -> Void) throws -> String? {
            try store.save(Self.awkward, replacing: nil)
            try change(store.url)
            guard case .unusable(let reason) = store.load(site: Self.awkward.site) else { return nil }
            // The next save starts a new file.
            try store.save(Self.awkward, replacing: nil)
            #expect(loaded(store) == Self.awkward)
            return reason
        }
        let store = try store()
        let garbage = try damage(store) { url in
            try? FileManager.default.removeItem(atPath: url.path + "-wal")
            try Data("not a database at all, not even close to one".utf8).write(to: url)
        }
        #expect(garbage?.hasPrefix("it cannot be read") == true)
        let newer = try damage(store) { url in
            try DatabaseQueue(path: url.path).writeWithoutTransaction {
                try $0.execute(sql: "PRAGMA user_version = 99")
            }
        }
        #expect(newer == "it was saved by a newer Bookplate")
        let foreign = try damage(store) { url in
            try DatabaseQueue(path: url.path).writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA user_version = 0; CREATE TABLE other (x)")
            }
        }
        #expect(foreign == "it is not a build state")
        let unfinished = try damage(store) { _ in try store.markUnfinished(site: Self.awkward.site) }
        #expect(unfinished == "the last build stopped before it was done (an error, or it was ended)")
    }

    /// Out of file descriptors, a `build --full` took the state it could not open for a damaged
    /// one, deleted it, and left an empty file, which the next build said was "not a build
    /// state" (found by an exploratory session). A state that cannot be opened for now is left
    /// as it is; an empty one is a build's that did not finish.
    @Test func aStateThatCannotBeOpenedForNowIsKept() throws {
        let store = try store()
        try store.save(Self.awkward, replacing: nil)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.url.path + suffix) }
        // Where SQLite keeps the file's shared memory, a folder: it cannot be opened.
        let blocked = store.url.path + "-shm"
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
        #expect(throws: (any Error).self) { try store.markUnfinished(site: Self.awkward.site) }
        try FileManager.default.removeItem(atPath: blocked)
        #expect(loaded(store) == Self.awkward)
        try Data().write(to: store.url)
        guard case .unusable(let reason) = store.load(site: Self.awkward.site) else {
            Issue.record("an empty state was used")
            return
        }
        #expect(reason == "the last build stopped before it was done (an error, or it was ended)")
    }

    @Test func aBuildFromAnUnusableStateIsFullSaysWhyAndLeavesAUsableOne() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let state = shelf.paths.content.appendingPathComponent(".bookplate/build-state.sqlite")
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: state.path + suffix) }
        try Data(repeating: 0xA5, count: 8192).write(to: state)
        let report = try shelf.build(settings: FixtureShelf.settings)
        guard case .full(.unusableState(let reason)) = report.kind else {
            Issue.record("expected a full build, got \(report.kind)")
            return
        }
        #expect(reason.hasPrefix("it cannot be read"))
        #expect(try shelf.build(settings: FixtureShelf.settings).kind == .upToDate)
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try IncrementalBuildTests().fullBuild(of: shelf)))
    }

    /// A state edited by hand or damaged, whose `note.links` (or another column) holds what no build
    /// writes: it is not used, and says which column. Text there was read as false and trusted,
    /// and a NULL (in a table remade without its constraints) stopped the build (found by a review).
    @Test(arguments: [
        ("note", "links", "'yes'"), ("note", "links", "2"), ("note", "links", "NULL"), ("site", "finished", "NULL"),
        ("output", "size", "'ten'"), ("source", "inode", "NULL"), ("note", "fingerprint", "x'00'"),
        ("site", "library", "x'00'"),
    ])
    func aColumnHoldingWhatNoBuildWritesIsNotUsed(table: String, column: String, value: String) throws {
        let store = try store()
        try store.save(Self.awkward, replacing: nil)
        let queue = try DatabaseQueue(path: store.url.path)
        try queue.writeWithoutTransaction { db in
            // The table as it was, without its NOT NULL constraints, as a hand can make it.
            let sql = try #require(
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [table]))
            try db.execute(sql: "PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON")
            try db.execute(sql: "ALTER TABLE \(table) RENAME TO old")
            try db.execute(sql: sql.replacingOccurrences(of: " NOT NULL", with: ""))
            try db.execute(sql: "INSERT INTO \(table) SELECT * FROM old; DROP TABLE old")
            try db.execute(sql: "UPDATE \(table) SET \(column) = \(value)")
        }
        try queue.close()
        guard case .unusable(let reason) = store.load(site: Self.awkward.site) else {
            Issue.record("a state whose \(table).\(column) holds \(value) was used")
            return
        }
        #expect(reason == "it cannot be read (its \(table).\(column) column holds a value no build wrote)")
        // The next save starts a new file, which reads back.
        try store.save(Self.awkward, replacing: nil)
        #expect(loaded(store) == Self.awkward)
    }

    /// A build from a state whose `note.links` was edited by hand builds in full, says why, and
    /// leaves a state the next build uses.
    @Test func aBuildFromAStateWithAHandEditedColumnIsFull() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let state = shelf.paths.content.appendingPathComponent(".bookplate/build-state.sqlite")
        let queue = try DatabaseQueue(path: state.path)
        try queue.write { db in
            try db.execute(sql: "UPDATE note SET links = 'yes'")
            #expect(db.changesCount > 0)
        }
        try queue.close()
        let report = try shelf.build(settings: FixtureShelf.settings)
        guard case .full(.unusableState(let reason)) = report.kind else {
            Issue.record("expected a full build, got \(report.kind)")
            return
        }
        #expect(reason == "it cannot be read (its note.links column holds a value no build wrote)")
        #expect(try shelf.build(settings: FixtureShelf.settings).kind == .upToDate)
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try IncrementalBuildTests().fullBuild(of: shelf)))
    }

    /// A build whose state could not be saved (its folder reached through a link at a path longer
    /// than SQLite opens) said nothing, and every build after it was made in full without a word
    /// (found by a review): each says so, once.
    @Test func aStateThatCannotBeSavedIsSaid() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"]))
        var deep = try TestPaths.temporaryFolder("deep-state")
        while deep.path.utf8.count < OpeningFailure.longestPath {
            deep = deep.appendingPathComponent(String(repeating: "d", count: 100))
        }
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: shelf.paths.stateFolder, withDestinationURL: deep)
        let state = shelf.paths.stateFolder.appendingPathComponent(BuildStateStore.fileName)
        let unsaved =
            "the build state could not be saved in \(state.relativePathForDisplay) (unable to open database file): "
            + "the next build makes the whole site again"
        for _ in 1...2 {
            let report = try shelf.build()
            #expect(report.kind != .upToDate)
            #expect(report.warnings == [unsaved], "\(report.warnings)")
        }
    }

    /// A file stamped within the racy window carries a digest; once the window has passed, the
    /// same file stamped again has none, and is the same file exactly when its contents are.
    @Test func aRacyStampIsComparedByContentsOnceItIsNoLongerRacy() throws {
        let file = try TestPaths.temporaryFolder("racy").appendingPathComponent("note.md")
        try Data("first".utf8).write(to: file)
        let racy = try #require(FileStamps.stamp(ofFileAt: file.path, stampedAt: 0))
        let calm = try #require(FileStamps.stamp(ofFileAt: file.path, stampedAt: .max))
        #expect(racy.digest != nil && calm.digest == nil)
        #expect(FileStamps.isUnchanged(file.path, recorded: racy, current: calm))
        #expect(FileStamps.isUnchanged(file.path, recorded: calm, current: racy))
        // Other contents under the same stamp (a change within one tick of the clock).
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data("other".utf8))
        try handle.close()
        var same = try #require(FileStamps.stamp(ofFileAt: file.path, stampedAt: .max))
        same.modified = calm.modified
        same.changed = calm.changed
        #expect(!FileStamps.isUnchanged(file.path, recorded: racy, current: same))
        #expect(FileStamps.isUnchanged(file.path, recorded: calm, current: same))
        #expect(!FileStamps.isUnchanged(file.path, recorded: racy, current: nil))
        #expect(FileStamps.isUnchanged(file.path, recorded: nil, current: nil))
    }

    /// A shelf built right after its notes, covers and templates were written (an import, a copy)
    /// is up to date once the racy window has passed: nothing is read again or rewritten.
    @Test func aShelfBuiltRightAfterItWasWrittenIsUpToDateLater() throws {
        let shelf = try FixtureShelf.make()
        try shelf.writeNote("Just written.\n", slug: "kindred")
        try shelf.build(settings: FixtureShelf.settings)
        Thread.sleep(forTimeInterval: Double(FileStamps.racyWindow) / 1e9 + 0.2)
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(report.kind == .upToDate && report.filesWritten == 0, "\(report.kind)")
    }

    @Test func statesLeftByEarlierBookplatesAreRemoved() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "First", authors: ["A"]))
        let folder = shelf.paths.content.appendingPathComponent(".bookplate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["build-state.txt", "build-state.json", "build-state.changing.json"] {
            try Data("left by an earlier Bookplate".utf8).write(to: folder.appendingPathComponent(name))
        }
        #expect(try shelf.build().kind == .full(.firstBuild))
        for name in ["build-state.txt", "build-state.json", "build-state.changing.json"] {
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
        }
        #expect(try shelf.build().kind == .upToDate)
    }

    /// A note removed as the build reads it, for its fingerprint (`read` 1) or as its page is made
    /// (2): an editor's save renames it away for a moment, `remove` sets it aside. The build
    /// failed, "was moved or removed as it was about to be read", and the next one was a full one,
    /// "the last build did not finish" (found by an exploratory session). It is a change: the
    /// build looks again and makes the page without the note, the next build finds the site up to
    /// date, and the site is what a full build makes.
    @Test(arguments: [1, 2])
    func aNoteGoneAsTheBuildReadsItIsAChangeNotAFailure(read: Int) throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        try shelf.writeNote("Spice.", slug: "dune")
        try shelf.writeNote("Clever.", slug: "emma")
        try shelf.build()
        try shelf.writeNote("Spice and sand.", slug: "dune")
        let note = shelf.paths.notes.appendingPathComponent("dune.md")
        let reads = Mutex(0)
        var builder = SiteBuilder(library: shelf.library, paths: shelf.paths)
        builder.beforeReadingNote = { slug in
            guard slug == "dune",
                reads.withLock({ count in
                    count += 1
                    return count
                }) == read
            else { return }
            try? FileManager.default.removeItem(at: note)
        }
        let report = try builder.build()
        // The pass that makes the page again does not call it damage to the site (found by a
        // review), and the report counts every pass.
        #expect(report.filesRepaired == 0)
        #expect(report.filesWritten >= 1)
        #expect(reads.withLock { $0 } >= read)
        #expect(try !shelf.siteFile("books/dune/index.html").contains("Spice"))
        #expect(try shelf.siteFile("books/emma/index.html").contains("Clever."))
        #expect(try shelf.build().kind == .upToDate)
        let incremental = try TemporaryShelf.snapshot(of: shelf.paths.site)
        try SiteBuilder(library: shelf.library, paths: shelf.paths).build(.full)
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == incremental)
    }
}
