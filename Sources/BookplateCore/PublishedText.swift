/// What of a text a site may publish: the site's writers (``MarkupEscaping`` for pages and
/// feeds, cmark's text for notes) take their text through ``cleaned(_:)``, so a page and its feed
/// say the same thing.
///
/// C0 controls other than tab and line breaks, DEL and C1 controls are left out (XML 1.0 cannot
/// hold them and in HTML they are parse errors), an escape sequence goes whole (its ESC alone would
/// leave "[31m" on the page), and so do U+FFFE and U+FFFF.
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
        case 0x00..<0x20, 0x7F...0x9F, 0xFFFE, 0xFFFF: false
        default: true
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
        // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
        case 0xEF: return index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE
        default: return false
        }
    }
}
