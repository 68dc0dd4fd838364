import Foundation
import Synchronization
import Testing

@testable import BookplateCore

/// Both ways of spreading work over the cores give what a plain `map` gives, in order, each
/// element made once.
@Suite struct ParallelTests {
    @Test(arguments: [0, 1, 2, 63, 128, 1_000, 10_007])
    func mapsLikeMap(count: Int) {
        let items = Array(0..<count)
        let expected = items.map { "item \($0)" }
        #expect(Parallel.map(items) { "item \($0)" } == expected)
        #expect(Parallel.mapEach(items) { "item \($0)" } == expected)
    }

    @Test func bothGivesEachPartsResultAndRunsEachOnce() {
        let calls = Mutex([0, 0])
        let (text, number) = Parallel.both {
            calls.withLock { $0[0] += 1 }
            return "first"
        } _: {
            calls.withLock { $0[1] += 1 }
            return 2
        }
        #expect(text == "first")
        #expect(number == 2)
        #expect(calls.withLock { $0 } == [1, 1])
    }
}

@Suite struct BackgroundTests {
    private struct Failure: Error, Equatable {}

    @Test func givesTheResultOnceDoneAndToEveryoneWhoAsks() throws {
        let started = ContinuousClock.now
        let work = Background { () -> Int in
            Thread.sleep(forTimeInterval: 0.05)
            return 42
        }
        // The caller went on at once.
        #expect(ContinuousClock.now - started < .milliseconds(40))
        #expect(try work.value() == 42)
        #expect(try work.value() == 42)
    }

    @Test func givesTheErrorTheWorkThrew() {
        let work = Background { () throws -> Int in throw Failure() }
        #expect(throws: Failure()) { try work.value() }
        #expect(throws: Failure()) { try work.value() }
    }
}

/// A swapped-out site is removed on several threads: all of it, and nothing a link in it points to.
@Suite struct TreeRemovalTests {
    @Test(arguments: [0, 3, 500])
    func removesEverythingBelowAndNothingALinkPointsTo(books: Int) throws {
        let root = try TestPaths.temporaryFolder("tree-removal")
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("kept.txt"))
        let site = root.appendingPathComponent("site")
        for index in 0..<books {
            let folder = site.appendingPathComponent("books/book-\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("page \(index)".utf8).write(to: folder.appendingPathComponent("index.html"))
        }
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("home".utf8).write(to: site.appendingPathComponent("index.html"))
        try FileManager.default.createDirectory(
            at: site.appendingPathComponent("assets"), withIntermediateDirectories: true)
        // Links at each level: to the outside folder, and to a file in it.
        try FileManager.default.createSymbolicLink(
            at: site.appendingPathComponent("linked"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: site.appendingPathComponent("assets/linked"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: site.appendingPathComponent("assets/kept.txt"),
            withDestinationURL: outside.appendingPathComponent("kept.txt"))

        TreeRemoval.remove(site.path)

        #expect(!FileManager.default.fileExists(atPath: site.path))
        #expect(try String(contentsOf: outside.appendingPathComponent("kept.txt"), encoding: .utf8) == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["outside"])
    }

    @Test func aFolderThatIsNotThereIsNoFailure() throws {
        TreeRemoval.remove("/nonexistent/bookplate-\(UUID().uuidString)")
    }
}
