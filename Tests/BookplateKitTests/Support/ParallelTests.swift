import Foundation
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
