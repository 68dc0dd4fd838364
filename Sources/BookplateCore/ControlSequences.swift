/// Text without what a terminal would take as an instruction: C0 and C1 control characters, DEL,
/// and whole escape sequences. A title, a name or a message from a catalog or an import could
/// otherwise set the window title, clear the screen or rewrite what was shown. The command line
/// shows every text through it, and the library keeps single lines through it, so that a slug,
/// a page or a sort order never carries half of one.
public enum ControlSequences {
    /// What a piece of text is, for what may stay in it.
    public enum Kind: Sendable {
        /// A table cell or a value on one line: tabs and line breaks become spaces.
        case line
        /// Lines of text: line breaks and tabs stay.
        case text
        /// JSON from the encoder, which escapes C0 controls: C1 controls and DEL are escaped too.
        case json
    }

    /// `text` without C0 and C1 control characters or DEL; an escape sequence (CSI, OSC and the
    /// other strings, two-character escapes) goes whole, so no half of one is left to show.
    public static func removed(from text: String, as kind: Kind) -> String {
        guard needsCleaning(text, kind) else { return text }
        return filtered(text) { scalar, scalars, index, clean in
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            switch scalar.value {
            case 0x0A, 0x09:
                clean.append(kind == .line ? " " : scalar)
            case _ where isControl && kind == .json:
                // Only inside a string can the encoder have left one.
                clean.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
            case 0x1B:
                index = endOfEscape(scalars, from: index)
            case 0x9B:
                index = endOfControlSequence(scalars, from: index)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                index = endOfControlString(scalars, from: index)
            case _ where isControl:
                break
            // Bidirectional overrides and isolates: on a terminal they turn what follows around
            // ("Trojan Source"), so a title could show as another. JSON keeps them, as data.
            case 0x202A...0x202E,
                0x2066...0x2069 where kind != .json:
                break
            default:
                clean.append(scalar)
            }
        }
    }

    /// `text` as the library keeps a line of it: an escape sequence begun with ESC goes whole (a
    /// colour code typed into a title), the white-space controls (tab, line and page breaks,
    /// carriage return, NEL) become spaces as before, and any other control character goes
    /// alone. Unlike the terminal's filter, a lone C1 character never takes the text after it
    /// with it: `â€` and U+009D are what a curly quote becomes in a file read in the wrong
    /// encoding, and the rest of the title is kept.
    public static func cleanedForStorage(_ text: String) -> String {
        guard needsCleaning(text, .line) else { return text }
        return filtered(text) { scalar, scalars, index, clean in
            switch scalar.value {
            case 0x1B: index = endOfEscape(scalars, from: index)
            case 0x09...0x0D, 0x85: clean.append(" ")
            case 0x00..<0x20, 0x7F...0x9F: break
            default: clean.append(scalar)
            }
        }
    }

    /// `text` as the library keeps lines of it (a highlight's note, written in Markdown): as
    /// ``cleanedForStorage(_:)`` keeps a line, except that tabs stay and every line break
    /// (`\r\n`, `\r`, vertical tab, page break, NEL) is kept as `\n`.
    public static func cleanedForStorage(lines text: String) -> String {
        guard needsCleaning(text, .text) else { return text }
        return filtered(text) { scalar, scalars, index, clean in
            switch scalar.value {
            case 0x1B: index = endOfEscape(scalars, from: index)
            case 0x09, 0x0A: clean.append(scalar)
            case 0x0D:
                clean.append("\n")
                if index < scalars.count, scalars[index] == "\n" { index += 1 }
            case 0x0B, 0x0C, 0x85: clean.append("\n")
            case 0x00..<0x20, 0x7F...0x9F: break
            default: clean.append(scalar)
            }
        }
    }

    /// `text` without its control sequences and strings (ESC `[`, `]`, `P`, `X`, `^` or `_` and
    /// what follows, to the end), and nothing else taken: for text whose other controls are dealt
    /// with on their own (HTML's). An ESC before anything else goes alone: a letter after it is
    /// more likely text than a terminal's instruction.
    package static func withoutEscapeSequences(_ text: String) -> String {
        guard text.utf8.contains(0x1B) else { return text }
        return filtered(text) { scalar, scalars, index, clean in
            guard scalar.value == 0x1B else { return clean.append(scalar) }
            if index < scalars.count, "[]PX^_".unicodeScalars.contains(scalars[index]) {
                index = endOfEscape(scalars, from: index)
            }
        }
    }

    /// `text` as `step` leaves it: given each scalar in turn (the scalars, and the index of the
    /// next, to skip a whole sequence), it appends what stays.
    private static func filtered(
        _ text: String,
        _ step: (Unicode.Scalar, [Unicode.Scalar], inout Int, inout String.UnicodeScalarView) -> Void
    ) -> String {
        let scalars = Array(text.unicodeScalars)
        var clean = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            step(scalar, scalars, &index, &clean)
        }
        return String(clean)
    }

    /// Whether `text` holds anything ``removed(from:as:)`` would change, read byte by byte: `list` writes
    /// a table of ten thousand rows through it, and a build every note (a fiftieth of a build at
    /// 50,000 books, when it went through the bytes one by one with the two before them in hand).
    private static func needsCleaning(_ text: String, _ kind: Kind) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                // Printable ASCII, most of any text, is never changed.
                if byte >= 0x20 && byte < 0x7F { continue }
                if byte < 0x20 {
                    if kind == .line || (byte != 0x0A && byte != 0x09) { return true }
                    continue
                }
                if byte == 0x7F { return true }
                // C1 controls, which UTF-8 writes as C2 80 to C2 9F.
                if byte <= 0x9F, index > 0, bytes[index - 1] == 0xC2 { return true }
                // U+202A to U+202E (E2 80 AA to AE) and U+2066 to U+2069 (E2 81 A6 to A9).
                if kind != .json, index > 1, bytes[index - 2] == 0xE2,
                    (bytes[index - 1] == 0x80 && (0xAA...0xAE).contains(byte))
                        || (bytes[index - 1] == 0x81 && (0xA6...0xA9).contains(byte))
                {
                    return true
                }
            }
            return false
        }
    }

    /// Past the escape sequence whose ESC came just before `start`.
    private static func endOfEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        switch scalars[start] {
        case "[": return endOfControlSequence(scalars, from: start + 1)
        case "]", "P", "X", "^", "_": return endOfControlString(scalars, from: start + 1)
        default: break
        }
        var index = start
        // Intermediate bytes, then the final one (`ESC ( B`, `ESC 7`).
        while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
        if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
        return index
    }

    /// Past a CSI sequence's parameters, intermediates and final byte.
    private static func endOfControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
        if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
        return index
    }

    /// Past an OSC, DCS or other control string: to BEL or the string terminator, or up to the end
    /// of the line when neither comes.
    private static func endOfControlString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C: return index + 1
            case 0x1B where index + 1 < scalars.count && scalars[index + 1] == "\\": return index + 2
            case 0x0A: return index
            default: index += 1
            }
        }
        return index
    }
}
