/// Escaping for HTML and XML, one Unicode scalar at a time: a `"` or `<` followed by a combining
/// mark is one Character that equals neither, so escaping by Character would let it through raw.
enum MarkupEscaping {
    /// Element text: `&`, `<` and `>`.
    static func text(_ text: String) -> String { escape(text, quotes: false, forXML: false) }

    /// Text that may stand in an attribute value too: quotes escaped as well.
    static func html(_ text: String) -> String { escape(text, quotes: true, forXML: false) }

    /// Text for XML (the feed, SVG covers and charts): as `html`, and the characters XML 1.0
    /// cannot hold at all (controls other than tab and line breaks, U+FFFE, U+FFFF) left out, so
    /// that no title can make a file unreadable.
    static func xml(_ text: String) -> String { escape(text, quotes: true, forXML: true) }

    private static func escape(_ text: String, quotes: Bool, forXML: Bool) -> String {
        // Most text has nothing to escape: a look at the bytes (0xEF leads U+FFFE and U+FFFF).
        let needsWork = text.utf8.contains { (byte: UInt8) -> Bool in
            switch byte {
            case 0x26, 0x3C, 0x3E: return true
            case 0x22, 0x27: return quotes
            case 0x00..<0x20, 0xEF: return forXML
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
                if forXML && (scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF) { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
