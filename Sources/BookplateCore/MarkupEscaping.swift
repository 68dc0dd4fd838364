/// Escaping for HTML and XML, one Unicode scalar at a time: a `"` or `<` followed by a combining
/// mark is one Character that equals neither, so escaping by Character would let it through raw.
package enum MarkupEscaping {
    /// Element text: `&`, `<` and `>`.
    static func text(_ text: String) -> String { escape(text, quotes: false) }

    /// Text that may stand in an attribute value too: quotes escaped as well.
    package static func html(_ text: String) -> String { escape(text, quotes: true) }

    /// Text for XML (the feed and the charts): as `html`.
    package static func xml(_ text: String) -> String { escape(text, quotes: true) }

    /// Control characters other than tab and line breaks, and U+FFFE and U+FFFF, are left out of
    /// all three: XML 1.0 cannot hold them and in HTML they are parse errors, and imports bring
    /// them in titles.
    ///
    /// The work is done on the UTF-8 bytes: everything escaped or left out is ASCII, or U+0080 to
    /// U+009F (0xC2 then 0x80 to 0x9F), or U+FFFE and U+FFFF (0xEF 0xBF then 0xBE or 0xBF), and no
    /// byte of any other scalar looks like those. (A page's text was escaped a scalar at a time.)
    private static func escape(_ text: String, quotes: Bool) -> String {
        var text = text
        var hasEscapeSequence = false
        let escaped = text.withUTF8 { bytes -> String? in
            // Most text has nothing to escape.
            guard let first = bytes.firstIndex(where: { needsWork($0, quotes: quotes) }) else { return nil }
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + 16)
            escaped.append(contentsOf: bytes[..<first])
            var index = first
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): escaped.append(contentsOf: quotes ? "&quot;".utf8 : "\"".utf8)
                case UInt8(ascii: "'"): escaped.append(contentsOf: quotes ? "&#39;".utf8 : "'".utf8)
                case 0x09, 0x0A, 0x0D: escaped.append(byte)
                case 0x1B:
                    hasEscapeSequence = true
                    return nil
                case 0x00..<0x20, 0x7F: continue
                case 0xC2 where index < bytes.count && (0x80...0x9F).contains(bytes[index]):
                    index += 1
                case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && bytes[index + 1] >= 0xBE:
                    index += 2
                default: escaped.append(byte)
                }
            }
            return String(decoding: escaped, as: UTF8.self)
        }
        // An escape sequence goes whole: its control character alone would leave "[31m" or
        // "]0;title" on the page (a catalog's dates and titles of works, a highlight typed with a
        // colour code). Cleaned, the text holds no ESC.
        if hasEscapeSequence { return escape(ControlSequences.withoutEscapeSequences(text), quotes: quotes) }
        return escaped ?? text
    }

    /// Whether `byte` may begin something to escape or leave out.
    private static func needsWork(_ byte: UInt8, quotes: Bool) -> Bool {
        switch byte {
        case 0x09, 0x0A, 0x0D: false
        case 0x26, 0x3C, 0x3E, 0x00..<0x20, 0x7F, 0xC2, 0xEF: true
        case 0x22, 0x27: quotes
        default: false
        }
    }
}
