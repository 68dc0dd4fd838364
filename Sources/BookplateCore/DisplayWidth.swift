/// How many terminal columns (or, roughly, placeholder-cover columns) text takes: East Asian
/// wide and full-width characters take two, everything else one.
public enum DisplayWidth {
    public static func columns(of text: String) -> Int {
        // Most text is ASCII, one column a byte.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        // By scalar rather than by character (grapheme breaking is slow): marks that combine with
        // the letter before them and joiners take no column.
        var columns = 0
        for scalar in text.unicodeScalars {
            columns += width(of: scalar)
        }
        return columns
    }

    /// One scalar's columns. Blocks known to hold no marks and no format characters are measured
    /// by their value alone; looking up a scalar's category was most of `list` on a big shelf.
    private static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0..<0x300: return scalar.value == 0xAD ? 0 : 1  // the soft hyphen is the one format character
        case 0x300...0x36F: return 0  // combining diacritical marks
        case 0x2100...0x2BFF, 0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            return width(of: scalar.value)
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return 0
            default: return width(of: scalar.value)
            }
        }
    }

    public static func columns(of text: some StringProtocol) -> Int {
        columns(of: String(text))
    }

    public static func columns(of character: Character) -> Int {
        guard let value = character.unicodeScalars.first?.value else { return 1 }
        return width(of: value)
    }

    private static func width(of value: UInt32) -> Int {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
