import Foundation

/// Tells a passage highlighted again — extended, shortened or moved on the device — from another
/// passage near it. A Kindle's import merges the clippings of one file by it, and an import merges
/// a file's passage with the one an earlier import kept by it, so that both keep one passage, the
/// longest.
package enum SamePassage {
    /// Where a highlight is, by Kindle location, or by page where it has no location (PDFs,
    /// KOReader): a range of either, with which of them it is.
    package struct Span: Hashable {
        package enum Scale: Hashable {
            case location
            case page
        }

        package var scale: Scale
        package var range: ClosedRange<Int>

        package init(scale: Scale, range: ClosedRange<Int>) {
            self.scale = scale
            self.range = range
        }

        /// The span of `place`: its location, else its page, when either is a number or a range
        /// of numbers ("120-124"); nil for a roman page, a chapter alone, or no place.
        package init?(_ place: HighlightPlace) {
            if let location = place.location {
                guard let range = Self.range(location) else { return nil }
                self.init(scale: .location, range: range)
            } else if let page = place.page, let range = Self.range(page) {
                self.init(scale: .page, range: range)
            } else {
                return nil
            }
        }

        /// "120-124", "120–124" or "120" as a range; nil for anything else. Read byte by byte:
        /// each passage of an import has its place read, and splitting and trimming cost more
        /// than the rest of finding its versions.
        private static func range(_ text: String) -> ClosedRange<Int>? {
            var numbers: [Int] = []
            var current: Int?
            var digits = 0
            var utf8 = text.utf8.makeIterator()
            while let byte = utf8.next() {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    digits += 1
                    guard digits <= 9 else { return nil }
                    current = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
                case UInt8(ascii: " "), UInt8(ascii: "-"), 0xE2, 0x80, 0x93:
                    // A space, a hyphen, or the bytes of an en dash (E2 80 93) end a number.
                    if let number = current { numbers.append(number) }
                    (current, digits) = (nil, 0)
                    guard numbers.count <= 2 else { return nil }
                default:
                    return nil
                }
            }
            if let number = current { numbers.append(number) }
            guard let start = numbers.first, numbers.count <= 2 else { return nil }
            return start...max(start, numbers.last ?? start)
        }
    }

    /// The key a passage is known by when the reader types it: `quote add` of "The spice must
    /// flow" did not settle the book of the clipping "The spice must flow." (found by an
    /// exploratory session). Case, white space, curly and straight quotes and apostrophes,
    /// dashes of every length (and the spaces around them), and the punctuation at its ends are
    /// aside; the words and the punctuation between them are kept.
    package static func key(_ text: String) -> String {
        // Into UTF-8 bytes, with Unicode's tables asked only past ASCII: every passage of the
        // library and of the file is keyed at each import, and a key made of Characters (or of
        // a string's scalars) cost as much as the rest of an import of 80,000 clippings.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        var ascii = true
        let hyphen = UInt8(ascii: "-")
        for scalar in text.unicodeScalars {
            let value = scalar.value
            var plain = scalar
            if value < 0x80 {
                if value == 0x20 || (0x09...0x0D).contains(value) || value == 0 {
                    pendingSpace = !bytes.isEmpty
                    continue
                }
                if (0x41...0x5A).contains(value) { plain = Unicode.Scalar(UInt8(value + 0x20)) }
            } else {
                switch value {
                case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x00B4: plain = "'"
                case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0x00AB, 0x00BB: plain = "\""
                case 0x2010...0x2015, 0x2212, 0xFE58, 0xFE63, 0xFF0D: plain = "-"
                case 0x2026: plain = "."
                default:
                    if scalar.properties.isWhitespace {
                        pendingSpace = !bytes.isEmpty
                        continue
                    }
                    ascii = false
                }
            }
            if plain == "-" {
                if bytes.last != hyphen { bytes.append(hyphen) }
            } else {
                if pendingSpace, bytes.last != hyphen { bytes.append(UInt8(ascii: " ")) }
                if plain.isASCII {
                    bytes.append(UInt8(plain.value))
                } else {
                    UTF8.encode(plain) { bytes.append($0) }
                }
            }
            pendingSpace = false
        }
        // The ends are ASCII: a byte of a longer character is never one of them.
        func isEnd(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"),
                UInt8(ascii: "?"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), hyphen,
                UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: " "):
                true
            default: false
            }
        }
        var (start, end) = (0, bytes.count)
        while start < end, isEnd(bytes[start]) { start += 1 }
        while end > start, isEnd(bytes[end - 1]) { end -= 1 }
        let key = String(decoding: start < end ? bytes[start..<end] : bytes[...], as: UTF8.self)
        return ascii ? key : key.lowercased()
    }

    /// Whether `one` and `other`, highlighted at overlapping places of `scale`, are one passage:
    /// on a page, where every highlight of the page is at the same place, only when one begins or
    /// ends the other (``isSameOnAPage(_:_:)``); elsewhere when one holds the other or runs on
    /// where it stops (``isSame(_:_:)``).
    package static func isSame(_ one: String, _ other: String, at scale: Span.Scale) -> Bool {
        scale == .page ? isSameOnAPage(one, other) : isSame(one, other)
    }

    /// Whether one text begins or ends the other, the shorter being four words or more: a term
    /// found inside a longer highlight of the same page is a highlight of its own.
    package static func isSameOnAPage(_ one: String, _ other: String) -> Bool {
        let (short, long) = one.utf8.count <= other.utf8.count ? (one, other) : (other, one)
        guard short.split(whereSeparator: \.isWhitespace).count >= 4 else { return false }
        return long.hasPrefix(short) || long.hasSuffix(short)
    }

    /// Whether `long` holds `short` whole, `short` being four words or more: a passage the reader
    /// removed from a page, extended there at both its ends (``PassageVersions``).
    package static func holdsWhole(_ long: String, _ short: String) -> Bool {
        short.split(whereSeparator: \.isWhitespace).count >= 4 && long.contains(short)
    }

    /// Whether one text holds the other, or one's end is the other's start for at least half the
    /// shorter — found in time that grows with their lengths (Knuth–Morris–Pratt).
    package static func isSame(_ one: String, _ other: String) -> Bool {
        var one = one
        var other = other
        return one.withUTF8 { first in other.withUTF8 { second in isSame(first, second) } }
    }

    private static func isSame(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let (short, long) = one.count <= other.count ? (one, other) : (other, one)
        guard !short.isEmpty else { return false }
        let enough = (short.count + 1) / 2
        let inLong = longestPrefix(of: short, endingIn: long)
        if inLong == short.count || inLong >= enough { return true }
        return longestPrefix(of: UnsafeBufferPointer(rebasing: long.prefix(short.count)), endingIn: short) >= enough
    }

    /// The length of the longest prefix of `pattern` that ends `text` — or the whole pattern's, as
    /// soon as it is found anywhere in `text`.
    private static func longestPrefix(of pattern: UnsafeBufferPointer<UInt8>, endingIn text: UnsafeBufferPointer<UInt8>)
        -> Int
    {
        guard !pattern.isEmpty else { return 0 }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: pattern.count) { border in
            border[0] = 0
            var length = 0
            for index in 1..<pattern.count {
                while length > 0, pattern[index] != pattern[length] { length = border[length - 1] }
                if pattern[index] == pattern[length] { length += 1 }
                border[index] = length
            }
            var matched = 0
            for byte in text {
                while matched > 0, pattern[matched] != byte { matched = border[matched - 1] }
                if pattern[matched] == byte { matched += 1 }
                if matched == pattern.count { return matched }
            }
            return matched
        }
    }
}
