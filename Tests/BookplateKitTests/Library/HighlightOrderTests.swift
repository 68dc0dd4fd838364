import Foundation
import Testing

@testable import BookplateLibrary

/// The order a book's highlights are shown and exported in: one order of the whole, the same
/// whatever order they come in.
@Suite struct HighlightOrderTests {
    static func highlight(_ id: String, location: String? = nil, page: String? = nil, madeAt: Double = 0) -> Highlight {
        Highlight(
            id: id, bookId: 1, text: id, place: HighlightPlace(page: page, location: location),
            madeAt: Date(timeIntervalSince1970: madeAt), source: .reader, published: true,
            addedAt: Date(timeIntervalSince1970: 0))
    }

    @Test func eachKindOfPlaceKeepsItsOrder() {
        let h = HighlightOrderTests.highlight
        // By location, a range by its start; then, without one, by page, roman front matter first.
        #expect(
            [h("c", "900-905", nil, 0), h("a", "12", nil, 5), h("b", "170-172", nil, 1)].inBookOrder().map(\.id)
                == ["a", "b", "c"])
        #expect(
            [h("c", nil, "250", 0), h("a", nil, "ix", 0), h("b", nil, "12", 0), h("d", nil, "Map", 0)].inBookOrder()
                .map(\.id) == ["a", "b", "c", "d"])
        // Apple Books' steps, the chapter first; the same place by when made.
        #expect(
            [h("c", "10.2", nil, 0), h("b", "8.4.12", nil, 0), h("a", "8.4.2", nil, 9), h("a2", "8.4.2", nil, 1)]
                .inBookOrder().map(\.id) == ["a2", "a", "b", "c"])
        // A highlight typed with a page goes among those with a location by its page.
        #expect(
            [h("k3", "900", "60", 0), h("typed", nil, "30", 0), h("k1", "100", "10", 0), h("k2", "500", "30", 0)]
                .inBookOrder().map(\.id) == ["k1", "k2", "typed", "k3"])
    }

    /// Three highlights a comparison of two put in a circle (location 10 on page 1 before no
    /// location on page 5, by page; that before location 5 on page 9, by page; and location 5
    /// before location 10): the order came out as they went in (found by a review). Over random
    /// books of every kind of place, every order they come in gives the same order.
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func theOrderIsTheSameWhateverOrderTheyComeIn(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let h = HighlightOrderTests.highlight
        var highlights = [h("a", "10", "1", 0), h("b", nil, "5", 0), h("c", "5", "9", 0)]
        let locations: [String?] = [nil, nil, "5", "10", "10-12", "8.4", "8", "8.2", "8.4.1", "x"]
        let pages: [String?] = [nil, "1", "5", "9", "ix", "xii", "Map", "30"]
        for index in 0..<Int.random(in: 0...12, using: &random) {
            highlights.append(
                h(
                    "r\(index)", locations.randomElement(using: &random)!, pages.randomElement(using: &random)!,
                    Double(Int.random(in: 0...3, using: &random))))
        }
        let ordered = highlights.inBookOrder()
        #expect(Set(ordered.map(\.id)) == Set(highlights.map(\.id)) && ordered.count == highlights.count)
        for _ in 0..<6 {
            #expect(highlights.shuffled(using: &random).inBookOrder().map(\.id) == ordered.map(\.id))
        }
        #expect(highlights.reversed().inBookOrder().map(\.id) == ordered.map(\.id))
    }
}
