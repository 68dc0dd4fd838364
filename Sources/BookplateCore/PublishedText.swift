/// What of a text a site may publish: every writer of the site's files (``MarkupEscaping`` for
/// pages and feeds, ``ScriptSafeJSON`` for the schema.org data and the search index, cmark's text
/// for notes) takes its text through ``cleaned(_:)``, so a page, its feed and its script say the
/// same thing.
///
/// C0 controls other than tab and line breaks, DEL and C1 controls are left out (XML 1.0 cannot
/// hold them and in HTML they are parse errors), an escape sequence goes whole (its ESC alone would
/// leave "[31m" on the page), and so do Unicode's 66 noncharacters (U+FDD0 to U+FDEF and the last
/// two code points of every plane): HTML calls them parse errors too, and they are no one's text.
package enum PublishedText {
    /// `text` without what a site may not publish.
    package static func cleaned(_ text: String) -> String {
        guard needsCleaning(text) else { return text }
        let text = ControlSequences.withoutEscapeSequences(text)
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter(isPublishable))
        return String(kept)
    }

    /// Whether `scalar` may stand in a published text.
    package static func isPublishable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00..<0x20, 0x7F...0x9F, 0xFDD0...0xFDEF: false
        // U+FFFE and U+FFFF, and their like at the end of the other sixteen planes.
        default: scalar.value & 0xFFFE != 0xFFFE
        }
    }

    /// Whether `text` holds anything ``cleaned(_:)`` takes out, read byte by byte: most text
    /// holds nothing, and a build writes tens of thousands of them.
    private static func needsCleaning(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.indices.contains { beginsUnpublishable(bytes, at: $0) } }
    }

    /// Whether the UTF-8 `bytes` at `index` begin a scalar that ``cleaned(_:)`` takes out. No
    /// byte of any other scalar looks like one of those.
    package static func beginsUnpublishable(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        switch byte {
        case 0x20..<0x7F, 0x09, 0x0A, 0x0D: return false
        case 0x00..<0x20, 0x7F: return true
        // C1 controls are C2 80 to C2 9F.
        case 0xC2: return index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])
        // U+FDD0 to U+FDEF are EF B7 90 to EF B7 AF; U+FFFE and U+FFFF are EF BF BE and EF BF BF.
        case 0xEF:
            guard index + 2 < bytes.count else { return false }
            let (second, third) = (bytes[index + 1], bytes[index + 2])
            return (second == 0xB7 && (0x90...0xAF).contains(third)) || (second == 0xBF && third >= 0xBE)
        // The last two of planes 1 to 16: F0 to F4, a byte ending in F, then BF and BE or BF.
        case 0xF0...0xF4:
            guard index + 3 < bytes.count else { return false }
            return bytes[index + 1] & 0x0F == 0x0F && bytes[index + 2] == 0xBF && bytes[index + 3] >= 0xBE
        default: return false
        }
    }
}
