import Foundation

/// Case, accent and width folding for Latin text without Foundation's per-string cost: each
/// Latin-1 and Latin Extended letter is folded once, by Foundation, and looked up from then on.
package enum LatinFolding {
    static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]

    /// `text` folded as `text.folding(options: options, locale: nil)` would fold it, or nil when it
    /// holds a scalar past Latin Extended-B (other scripts, combining marks), which Foundation
    /// must see whole.
    static func fold(_ text: String) -> String? {
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                folded.unicodeScalars.append(Unicode.Scalar(lower))
            } else if value <= 0x24F {
                folded += table[Int(value) - 0x80]
            } else {
                return nil
            }
        }
        return folded
    }

    /// `text` folded by Foundation, a thousand characters at a time when it is long: with combining
    /// marks Foundation's folding takes time that grows with the square of the length. Characters
    /// fold alone, so the pieces give what the whole would.
    static func foldWithFoundation(_ text: String) -> String {
        guard text.utf8.count > 4 * pieceLength else { return text.folding(options: options, locale: nil) }
        var folded = ""
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: pieceLength, limitedBy: text.endIndex) ?? text.endIndex
            folded += String(text[start..<end]).folding(options: options, locale: nil)
            start = end
        }
        return folded
    }

    private static let pieceLength = 1_000

    /// U+0080 to U+024F, each folded alone (none of them combines with its neighbours).
    private static let table: [String] = (0x80...0x24F).map { value in
        guard let scalar = Unicode.Scalar(value) else { return "" }
        return String(scalar).folding(options: options, locale: nil)
    }

    /// The key text is found and compared by: lower case, accents and widths folded.
    package static func searchKey(_ text: String) -> String {
        // ASCII needs only lower case, and most titles are ASCII: Foundation's folding was a tenth
        // of `list` on a big shelf.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            guard text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return text }
            return String(
                decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 },
                as: UTF8.self)
        }
        return fold(text) ?? foldWithFoundation(text)
    }
}
