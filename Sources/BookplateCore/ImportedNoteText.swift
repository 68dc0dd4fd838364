/// Whether a note is still the text an import wrote. A note is compared as text, not as bytes: a
/// checkout with `core.autocrlf`, a sync tool or a Windows editor changes its line ends (and may
/// add a byte-order mark) without changing a word, and such a note, taken for the reader's own,
/// published the raw HTML of someone else's export (found by an exploratory session).
public enum ImportedNoteText {
    /// The hash recorded for `markdown`, a note an import wrote: of its text with line ends as
    /// line feeds and no byte-order mark.
    public static func hash(of markdown: String) -> String {
        ContentHash.sha256Hex(of: normalised(markdown))
    }

    /// Whether `markdown` is the note whose hash an import recorded as `recorded`. Libraries
    /// recorded the hash of the bytes before it was of the text, so either matches.
    public static func matches(_ markdown: String, recorded: String) -> Bool {
        recorded == hash(of: markdown) || recorded == ContentHash.sha256Hex(of: markdown)
    }

    /// Whether two notes are the same text, whatever their line ends.
    public static func same(_ one: String, _ other: String) -> Bool {
        one == other || normalised(one) == normalised(other)
    }

    /// `text` with CR LF and lone CR as LF, and without a leading byte-order mark (a UTF-16 note
    /// is decoded with it kept on some platforms).
    static func normalised(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var rest = text.unicodeScalars[...]
        if rest.first == "\u{FEFF}" { rest = rest.dropFirst() }
        var afterCR = false
        for scalar in rest {
            if scalar == "\r" {
                scalars.append("\n")
                afterCR = true
                continue
            }
            if scalar == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = false
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
