/// Escaping for HTML and XML, one Unicode scalar at a time: a `"` or `<` followed by a combining
/// mark is one Character that equals neither, so escaping by Character would let it through raw.
package enum MarkupEscaping {
    /// Element text: `&`, `<` and `>`.
    static func text(_ text: String) -> String { escape(text, quotes: false) }

    /// Text that may stand in an attribute value too: quotes escaped as well.
    package static func html(_ text: String) -> String { escape(text, quotes: true) }

    /// Text for XML (the feed and the charts): as `html`.
    package static func xml(_ text: String) -> String { escape(text, quotes: true) }

    /// What no site may publish (``PublishedText``: control characters other than tab and line
    /// breaks, an escape sequence whole, noncharacters) is left out of all three: XML 1.0 cannot
    /// hold it and in HTML it is a parse error, and imports bring it in titles.
    ///
    /// The work is done on the UTF-8 bytes: everything escaped is ASCII, and text with anything to
    /// leave out is cleaned first and escaped again. (A page's text was escaped a scalar at a time.)
    private static func escape(_ text: String, quotes: Bool) -> String {
        var text = text
        var needsCleaning = false
        let escaped = text.withUTF8 { bytes -> String? in
            // Most text has nothing to escape.
            guard
                let first = bytes.indices.first(where: {
                    isEscaped(bytes[$0], quotes: quotes) || PublishedText.beginsUnpublishable(bytes, at: $0)
                })
            else { return nil }
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
                // Something to leave out: the whole text is cleaned, then escaped.
                case _ where PublishedText.beginsUnpublishable(bytes, at: index - 1):
                    needsCleaning = true
                    return nil
                default: escaped.append(byte)
                }
            }
            return String(decoding: escaped, as: UTF8.self)
        }
        // Cleaned, the text holds nothing more to leave out.
        if needsCleaning { return escape(PublishedText.cleaned(text), quotes: quotes) }
        return escaped ?? text
    }

    /// Whether `byte` is written as a character reference.
    private static func isEscaped(_ byte: UInt8, quotes: Bool) -> Bool {
        switch byte {
        case 0x26, 0x3C, 0x3E: true
        case 0x22, 0x27: quotes
        default: false
        }
    }
}
