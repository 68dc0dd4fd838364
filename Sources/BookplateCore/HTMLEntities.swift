import Foundation

/// Character references in HTML text (`&eacute;`, `&#233;`, `&#xE9;`, legacy `&eacute`) decoded
/// as the HTML spec's tokenizer decodes them in a text node: every reader of HTML in Bookplate
/// goes through here, so a catalog's description means on the site what it means in a browser.
///
/// The result is plain text: a decoded `<` or `&` is a character like any other, and whoever
/// writes the text into HTML escapes it again.
public enum HTMLEntities {
    /// `text` with each character reference replaced by what it stands for; anything that is not
    /// one (`&bogus;`, a lone `&`, `&#` without digits) stays as typed.
    ///
    /// Works on UTF-8 bytes: a reference is ASCII, and a `&lt;` followed by a combining mark is
    /// still `<` and the mark.
    public static func decode(_ text: String) -> String {
        var text = text
        // Contiguous bytes let `memchr` find each `&`: a debug build, which is what tests and CI
        // run, spends most of a byte-by-byte Swift loop on bounds checks.
        text.makeContiguousUTF8()
        // nil from `decode(bytes:)` when there is no `&`: the text is returned as it came.
        guard case let decoded?? = text.utf8.withContiguousStorageIfAvailable(decode(bytes:)) else { return text }
        return decoded
    }

    private static func decode(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "&")), bytes.count) != nil else {
            return nil
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard let found = memchr(base + index, Int32(UInt8(ascii: "&")), bytes.count - index) else {
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index...]))
                break
            }
            let ampersand = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<ampersand]))
            if let reference = reference(in: bytes, at: ampersand) {
                decoded.append(contentsOf: reference.characters)
                index = reference.end
            } else {
                decoded.append(UInt8(ascii: "&"))
                index = ampersand + 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The reference starting at the `&` at `start`: the UTF-8 of what it stands for and the index
    /// just past it.
    static func reference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (characters: [UInt8], end: Int)? {
        let next = start + 1
        guard next < bytes.count else { return nil }
        if bytes[next] == UInt8(ascii: "#") { return numericReference(in: bytes, at: next + 1) }
        return namedReference(in: bytes, at: next)
    }

    /// The longest name in the table that the bytes from `start` begin with. Every name but the
    /// legacy ones ends in `;` and names are alphanumeric, so that is the whole run of letters and
    /// digits with its `;`, or else the longest legacy name the run begins with (`&notit;` is `¬it;`).
    private static func namedReference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int)
        -> (characters: [UInt8], end: Int)?
    {
        var end = start
        while end < bytes.count, end - start < longestName, isAlphanumeric(bytes[end]) { end += 1 }
        guard end > start else { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: ";"),
            let characters = named[String(decoding: UnsafeBufferPointer(rebasing: bytes[start...end]), as: UTF8.self)]
        {
            return (characters, end + 1)
        }
        var length = min(end - start, longestLegacyName)
        while length > 1 {
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + length)]), as: UTF8.self)
            if let characters = named[name] { return (characters, start + length) }
            length -= 1
        }
        return nil
    }

    /// `&#233;` or `&#xE9;` from just past the `#`; the `;` may be missing, as browsers allow.
    private static func numericReference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int)
        -> (characters: [UInt8], end: Int)?
    {
        var index = start
        var radix: UInt32 = 10
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        while index < bytes.count, let digit = digitValue(bytes[index], radix: radix) {
            // Past U+10FFFF the exact number no longer matters; stop growing so it cannot overflow.
            value = min(value * radix + digit, 0x11_0000)
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
        return (Array(String(Character(scalar(forReferenceTo: value))).utf8), index)
    }

    /// What the spec makes of a numeric reference: NUL, surrogates and numbers past Unicode are
    /// U+FFFD, and 0x80–0x9F are read as Windows-1252, as old pages meant them.
    static func scalar(forReferenceTo value: UInt32) -> Unicode.Scalar {
        if value == 0 || value > 0x10_FFFF || (0xD800...0xDFFF).contains(value) { return "\u{FFFD}" }
        if (0x80...0x9F).contains(value), let windows = windows1252[value] { return windows }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// The UTF-8 of each name of ``table``, looked up by name; built once, on first use.
    private static let named: [String: [UInt8]] = Dictionary(
        table.map { ($0.name, Array($0.characters.utf8)) }, uniquingKeysWith: { first, _ in first })

    /// The spec's replacements for references to the C1 controls, which Windows-1252 used for
    /// printable characters; 0x81, 0x8D, 0x8F, 0x90 and 0x9D have none and stay as they are.
    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}", 0x86: "\u{2020}",
        0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}", 0x8B: "\u{2039}", 0x8C: "\u{0152}",
        0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}", 0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}",
        0x96: "\u{2013}", 0x97: "\u{2014}", 0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}",
        0x9C: "\u{0153}", 0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a")
                && byte | 0x20 <= UInt8(ascii: "z"))
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { return UInt32(byte - UInt8(ascii: "0")) }
        let lower = byte | 0x20
        if radix == 16, lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "f") {
            return UInt32(lower - UInt8(ascii: "a")) + 10
        }
        return nil
    }
}
