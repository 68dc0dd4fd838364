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
    private static func escape(_ text: String, quotes: Bool) -> String {
        // Most text has nothing to escape: a look at the bytes (0xC2 leads U+0080 to U+009F, 0xEF
        // leads U+FFFE and U+FFFF).
        let needsWork = text.utf8.contains { (byte: UInt8) -> Bool in
            switch byte {
            case 0x26, 0x3C, 0x3E, 0x00..<0x20, 0x7F, 0xC2, 0xEF: return true
            case 0x22, 0x27: return quotes
            default: return false
            }
        }
        guard needsWork else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where quotes: escaped += "&quot;"
            case "'" where quotes: escaped += "&#39;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
