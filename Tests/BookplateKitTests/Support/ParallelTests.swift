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
