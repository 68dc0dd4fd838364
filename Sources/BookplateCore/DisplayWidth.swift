#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many terminal columns (or, roughly, placeholder-cover columns) text takes, as the C
/// library's `wcwidth` counts them in a UTF-8 locale: East Asian wide and full-width characters
/// and emoji take two, marks, joiners and controls none, everything else one.
///
/// An emoji sequence is drawn as one emoji, so its later scalars take no column of their own:
/// the emoji after a zero-width joiner, a skin tone after the emoji it modifies. A text-style
/// emoji made emoji-style by U+FE0F ("❤️") is wide, as Unicode's UAX #11 says.
public enum DisplayWidth {
    public static func columns(of text: String) -> Int {
        // Most text is printable ASCII, one column a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return withUTF8Locale {
            var columns = 0
            var previous: Unicode.Scalar?
            for scalar in text.unicodeScalars {
                columns += width(of: scalar, after: previous)
                previous = scalar
            }
            return columns
        }
    }

    public static func columns(of text: some StringProtocol) -> Int {
        columns(of: String(text))
    }

    /// A character's columns: a character is one grapheme, which a terminal draws as one glyph.
    public static func columns(of character: Character) -> Int {
        columns(of: String(character))
    }

    /// One scalar's columns, knowing the scalar before it in the same text.
    private static func width(of scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Int {
        let value = scalar.value
        if let previous {
            if previous == "\u{200D}", scalar.properties.isEmoji { return 0 }
            if (0x1F3FB...0x1F3FF).contains(value), previous.properties.isEmojiModifierBase { return 0 }
            if value == 0xFE0F, previous.properties.isEmoji, !previous.properties.isEmojiPresentation,
                cWidth(previous) == 1
            {
                return 1
            }
        }
        let width = cWidth(scalar)
        if width >= 0 { return width }
        // -1: a control character, or a scalar newer than the C library's Unicode tables.
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation || (0x20000...0x3FFFD).contains(value) { return 2 }
        return 1
    }

    /// The C library's `wcwidth` of `scalar`, or -1 where it does not know one.
    private static func cWidth(_ scalar: Unicode.Scalar) -> Int {
        guard let wcwidth else { return -1 }
        return Int(wcwidth(wchar_t(bitPattern: scalar.value)))
    }

    /// `wcwidth` itself. Glibc declares it only for `_XOPEN_SOURCE`, which Swift's Glibc module
    /// leaves out, though every C library has it: so it is looked up by name, once.
    private static let wcwidth: (@convention(c) (wchar_t) -> Int32)? = {
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "wcwidth") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
    }()

    /// Runs `body` with a UTF-8 character type on this thread only: in the "C" locale a program
    /// starts in, `wcwidth` knows no character past ASCII. `uselocale` leaves other threads and
    /// the process's locale as they are.
    private static func withUTF8Locale<T>(_ body: () -> T) -> T {
        guard let locale = utf8Locale else { return body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }

    /// Made once and never changed or freed, so every thread may use it.
    nonisolated(unsafe) private static let utf8Locale: locale_t? = {
        for name in ["C.UTF-8", "UTF-8", "en_US.UTF-8"] {
            if let locale = newlocale(LC_CTYPE_MASK, name, nil) { return locale }
        }
        return nil
    }()
}
