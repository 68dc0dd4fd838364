import Foundation
import Synchronization

// A catalog's answer is read value by value: one value Bookplate cannot use (a page count of
// 1e30, a number where a name should be, text whose bytes were not UTF-8) is left out with a
// warning, and the rest of the record, and the other rows, still count. One such value threw
// away the catalog's whole answer as "not JSON" (found by an exploratory session).
//
// The transfer types mark what may be left out: `@Lenient` a value, `@Each` a list whose
// unusable elements are left out, `@Rows` a list the answer cannot be without (a missing one is
// still an error, so that a broken answer is not kept as an empty one) whose unusable rows are
// left out. What identifies a record (Google's volume id) stays strict: a row without it is left
// out whole.

/// A value in a catalog's answer that could not be used and was left out.
public struct DroppedValue: Sendable, Equatable {
    /// Where it stood in the answer: `items[2].volumeInfo.pageCount`.
    public var path: String
    /// The position of the row it stood in, in the answer's list of rows (`items`, `docs`,
    /// `entries`); nil for a value outside any list.
    public var row: Int?
}

/// The values left out while one answer is decoded. Decoding runs on one thread, but the
/// decoder's `userInfo` takes only what may be sent.
final class DroppedValues: Sendable {
    /// Whether the answer's bytes were not all UTF-8 and were read with U+FFFD in their place:
    /// text holding one is left out, not published as "Gr�ße".
    let repaired: Bool
    /// Whose answer it is, for the names of where values stood.
    let catalog: CatalogName
    private let values = Mutex<[DroppedValue]>([])

    init(repaired: Bool, catalog: CatalogName) {
        self.repaired = repaired
        self.catalog = catalog
    }

    var all: [DroppedValue] { values.withLock { $0 } }
    var count: Int { values.withLock { $0.count } }

    func drop(at codingPath: [any CodingKey]) {
        let row = codingPath.lazy.compactMap(\.intValue).first
        values.withLock { $0.append(DroppedValue(path: catalog.path(codingPath), row: row)) }
    }

    /// Leaves out the value at `codingPath` in place of what was left out inside it since `mark`
    /// (``count`` before it was read): the value's own entry says it.
    func drop(at codingPath: [any CodingKey], since mark: Int) {
        values.withLock { $0.removeSubrange(mark...) }
        drop(at: codingPath)
    }

    /// Whether a decoded value holds text made of bytes that were not UTF-8. Asked of its
    /// scalars: U+FFFD and a combining mark after it are one `Character`, which `contains` of a
    /// character does not find.
    func isDamaged(_ value: Any) -> Bool {
        repaired && String(describing: value).unicodeScalars.contains("\u{FFFD}")
    }

    /// The values left out of `decoder`'s answer, when it collects them.
    static func of(_ decoder: any Decoder) -> DroppedValues? {
        decoder.userInfo[.droppedValues] as? DroppedValues
    }
}

extension CodingUserInfoKey {
    static let droppedValues: CodingUserInfoKey = {
        // The initialiser fails on no raw value but Foundation's own check of it, which a
        // literal passes.
        guard let key = CodingUserInfoKey(rawValue: "bookplate.droppedValues") else {
            preconditionFailure("CodingUserInfoKey refused a literal raw value")
        }
        return key
    }()
}

/// A value of a catalog's answer that is left out when it cannot be read (nil), with a warning.
/// A missing key or a null is no value, without a warning.
@propertyWrapper
struct Lenient<Value: Decodable>: Decodable {
    var wrappedValue: Value?

    init(wrappedValue: Value? = nil) { self.wrappedValue = wrappedValue }

    init(from decoder: any Decoder) {
        let dropped = DroppedValues.of(decoder)
        let mark = dropped?.count ?? 0
        if let value = try? decoder.singleValueContainer().decode(Value.self), dropped?.isDamaged(value) != true {
            wrappedValue = value
        } else {
            dropped?.drop(at: decoder.codingPath, since: mark)
            wrappedValue = nil
        }
    }
}

/// Where the elements kept of a list stood in the answer, and how many it sent: a search pages
/// by the rows sent, and a row's values left out are told of where the row itself is used.
struct ListPositions {
    /// The position in the answer's list of each element kept, in order.
    var kept: [Int] = []
    /// How many elements the answer's list held, those left out and nulls included.
    var sent = 0
}

/// A list of a catalog's answer whose elements that cannot be read are left out, each with a
/// warning, and nulls without one; a value that is no list is left out whole (nil).
@propertyWrapper
struct Each<Element: Decodable>: Decodable {
    var wrappedValue: [Element]?
    var projectedValue = ListPositions()

    init(wrappedValue: [Element]? = nil) { self.wrappedValue = wrappedValue }

    init(from decoder: any Decoder) {
        guard var list = try? decoder.unkeyedContainer() else {
            DroppedValues.of(decoder)?.drop(at: decoder.codingPath)
            wrappedValue = nil
            return
        }
        (wrappedValue, projectedValue) = readElements(of: &list, decoder: decoder)
    }
}

/// The rows of a catalog's answer (Google's `items`, Open Library's `docs` and `entries`): a
/// missing list, or a value that is no list, is an error; a row that cannot be read is left out
/// with a warning.
@propertyWrapper
struct Rows<Element: Decodable>: Decodable {
    var wrappedValue: [Element]
    var projectedValue = ListPositions()

    init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }

    init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        (wrappedValue, projectedValue) = readElements(of: &list, decoder: decoder)
    }
}

/// Reads every element it can, leaving out the others with a warning and nulls without one.
private func readElements<Element: Decodable>(of list: inout any UnkeyedDecodingContainer, decoder: any Decoder)
    -> ([Element], ListPositions)
{
    let dropped = DroppedValues.of(decoder)
    var elements: [Element] = []
    var positions = ListPositions()
    while !list.isAtEnd {
        let index = list.currentIndex
        if (try? list.decodeNil()) == true { continue }
        let mark = dropped?.count ?? 0
        if let element = try? list.decode(Element.self) {
            if dropped?.isDamaged(element) == true {
                dropped?.drop(at: decoder.codingPath + [ElementKey(index)], since: mark)
            } else {
                elements.append(element)
                positions.kept.append(index)
            }
            continue
        }
        dropped?.drop(at: decoder.codingPath + [ElementKey(index)], since: mark)
        // A failed read leaves the list where it was: step over the element, or, should even that
        // fail, stop, so that the loop always ends.
        _ = try? list.decode(Skipped.self)
        if list.currentIndex == index { break }
    }
    positions.sent = list.count ?? list.currentIndex
    return (elements, positions)
}

/// Any value, read as nothing: steps a list over an element that cannot be read.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) {}
}

private struct ElementKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }

    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

extension KeyedDecodingContainer {
    /// A missing key is no value: the synthesised decoding would call it an error.
    func decode<Value>(_ type: Lenient<Value>.Type, forKey key: Key) throws -> Lenient<Value> {
        try decodeIfPresent(type, forKey: key) ?? Lenient()
    }

    /// A missing key is no list: the synthesised decoding would call it an error.
    func decode<Element>(_ type: Each<Element>.Type, forKey key: Key) throws -> Each<Element> {
        try decodeIfPresent(type, forKey: key) ?? Each()
    }
}
