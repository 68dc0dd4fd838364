import BookplateCore
import Foundation

/// A highlight's page as the book's order sees it: front matter's roman pages ("ix", KOReader's
/// "xii, Avant-propos") before the arabic ones, each by its number, and any other label after
/// them all.
struct PageLabel: Comparable {
    private enum Kind: Int, Comparable {
        case roman
        case arabic
        case other

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private var kind: Kind
    private var number: Int

    init(_ page: String?) {
        let label = page?.trimmingCharacters(in: .whitespaces) ?? ""
        let first = label.prefix { $0.isLetter || $0.isNumber }
        if let value = Int(label.prefix { $0.isASCIIDigit }) {
            (kind, number) = (.arabic, value)
        } else if let value = Self.roman(String(first)) {
            (kind, number) = (.roman, value)
        } else {
            (kind, number) = (.other, 0)
        }
    }

    static func < (lhs: PageLabel, rhs: PageLabel) -> Bool { (lhs.kind, lhs.number) < (rhs.kind, rhs.number) }

    /// The value of a roman numeral written as front matter writes it ("ix", "XII"); nil for any
    /// other word ("Avant-propos", "mix").
    static func roman(_ text: String) -> Int? {
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000]
        let digits = text.lowercased().compactMap { values[$0] }
        guard !digits.isEmpty, digits.count == text.count, digits.count <= 12 else { return nil }
        var total = 0
        for (index, value) in digits.enumerated() {
            total += index + 1 < digits.count && value < digits[index + 1] ? -value : value
        }
        // Only the canonical spelling: "ic" or "vx" is a word, not a page.
        return total > 0 && Self.spelled(total) == text.lowercased() ? total : nil
    }

    private static func spelled(_ number: Int) -> String {
        let table: [(Int, String)] = [
            (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
            (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
        ]
        var rest = number
        var text = ""
        for (value, letters) in table {
            while rest >= value {
                text += letters
                rest -= value
            }
        }
        return text
    }
}
