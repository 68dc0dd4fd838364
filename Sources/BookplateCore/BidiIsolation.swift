/// Names set in plain text among other words, where no markup (`<bdi>`, `dir="auto"`) can
/// isolate them: `<title>`, link previews, the feed's titles, alternative text.
package enum BidiIsolation {
    /// `name` between FIRST STRONG ISOLATE (U+2068) and POP DIRECTIONAL ISOLATE (U+2069) when it
    /// holds a directional control or a right-to-left letter; the same string otherwise, so that
    /// the bytes of every other title stay as they were. A title ending in an unclosed
    /// right-to-left override (U+202E) turned " — My Shelf" after it around, and a Hebrew or
    /// Arabic name moves the words beside it (found by an exploratory session); isolated, the
    /// name is laid out alone, in its own direction, and what follows it is not.
    package static func isolated(_ name: String) -> String {
        needsIsolation(name) ? "\u{2068}" + name + "\u{2069}" : name
    }

    /// Whether `name` holds a directional control or a letter of a right-to-left script.
    package static func needsIsolation(_ name: String) -> Bool {
        // ASCII, nearly every title, holds neither: no scalar to look at.
        guard !name.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        return name.unicodeScalars.contains { isControl($0.value) || isRightToLeft($0.value) }
    }

    /// The marks, embeddings, overrides and isolates of the Unicode Bidirectional Algorithm.
    private static func isControl(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The blocks of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and the
    /// others, their presentation forms, and the right-to-left planes of the SMP). The standard
    /// library does not give a scalar's bidirectional class; the blocks hold a few neutral
    /// marks and digits as well, which are only isolated with the rest.
    private static func isRightToLeft(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }
}
