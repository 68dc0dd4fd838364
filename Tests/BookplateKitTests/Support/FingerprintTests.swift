import Testing

@testable import BookplateCore
@testable import BookplateMustache

@Suite struct FingerprintTests {
    private struct Card: Encodable {
        var title: String
        var subtitle: String?
        var tags: [String]
        var year: Int?
        var shown: Bool
    }

    @Test func runsOfBytesAreNeverReadAsOneAnother() {
        func of(_ parts: [String]) -> Fingerprint {
            var fingerprint = Fingerprint()
            for part in parts { fingerprint.combine(part) }
            return fingerprint
        }
        let splits = [["ab", "c"], ["a", "bc"], ["abc"], ["abc", ""], ["", "abc"], ["\0"], ["\0\0"], [""], []]
        #expect(Set(splits.map(of)).count == splits.count)
        // Eight bytes and more go in a word at a time, the rest byte by byte.
        let long = ["12345678", "123456789", "1234567", "12345678\0", "\u{1}2345678"]
        #expect(Set(long.map(Fingerprint.init(of:))).count == long.count)
        #expect(of(["a longer text, read eight bytes at a time"]) == of(["a longer text, read eight bytes at a time"]))
    }

    @Test func aModelsFingerprintChangesWithAnyOfItsValues() throws {
        let card = Card(title: "Kindred", subtitle: nil, tags: ["a", "b"], year: 1979, shown: true)
        var variants = [card]
        variants.append(Card(title: "Kindred", subtitle: "", tags: ["a", "b"], year: 1979, shown: true))
        variants.append(Card(title: "Kindred", subtitle: nil, tags: ["a", "b"], year: nil, shown: true))
        variants.append(Card(title: "Kindred", subtitle: nil, tags: ["a", "b"], year: 1979, shown: false))
        variants.append(Card(title: "Kindred", subtitle: nil, tags: ["ab"], year: 1979, shown: true))
        variants.append(Card(title: "Kindred", subtitle: nil, tags: ["a", "b", ""], year: 1979, shown: true))
        variants.append(Card(title: "Kindred", subtitle: nil, tags: [], year: 1979, shown: true))
        variants.append(Card(title: "Kindred", subtitle: "title", tags: ["a", "b"], year: 1979, shown: true))
        variants.append(Card(title: "Kindred", subtitle: nil, tags: ["a", "b"], year: 1980, shown: true))
        #expect(Set(try variants.map { try EncodedModel.fingerprint(of: $0) }).count == variants.count)
        #expect(try EncodedModel.fingerprint(of: card) == EncodedModel.fingerprint(of: card))
        #expect(try EncodedModel.fingerprint(of: [card, card]) != EncodedModel.fingerprint(of: [card]))
    }
}
