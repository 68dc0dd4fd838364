import Foundation

/// The one folding of text that Bookplate compares and names things by: search keys, sort keys,
/// name matching and slugs all come from ``fold(_:to:)``.
///
/// It takes a form because its callers need two different results, and making one of them the
/// other would change what they already hold. Keys compare folded text with folded text and keep
/// every script and all punctuation, as Foundation folds ("Straße" → "straße", "三体" stays);
/// slugs must be ASCII, as ICU's Latin-ASCII transliterates ("Straße" → "strasse", "三体" →
/// "san ti"). Latin text, nearly all of it, is folded from tables here: Foundation's folding and
/// ICU's transliterator cost far more per string, and were a tenth of `list` on a big shelf.
package enum TextFolding {
    /// What the folded text is for.
    package enum Form {
        /// Search and sort keys and name matching: case, accents and width folded as
        /// `folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)`,
        /// and the Latin letters of ``TextFolding/asciiSpecials`` spelt as slugs and the site's
        /// search spell them; the vowel points of Arabic and Hebrew are dropped
        /// (``TextFolding/isPointing(_:)``).
        case key
        /// Slugs: lower-case ASCII as "Any-Latin; Latin-ASCII; Lower" transliterates; punctuation
        /// and symbols between Latin words may come back as spaces, which only separate words.
        case ascii
    }

    /// The key text is searched, matched and compared by: `text` folded to ``Form/key``.
    package static func searchKey(_ text: String) -> String { fold(text, to: .key) }

    /// `text` folded to `form`.
    package static func fold(_ text: String, to form: Form) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return lowercasedASCII(text) }
        switch form {
        case .key:
            return latinKey(text) ?? withASCIISpellings(foldWithFoundation(withoutPointing(text)))
        case .ascii:
            return latinASCII(text)
                ?? text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII; Lower"), reverse: false)
                ?? text.lowercased()
        }
    }

    /// ASCII text with A–Z lowered, the same string when there is nothing to lower.
    private static func lowercasedASCII(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return text }
        return String(
            decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 },
            as: UTF8.self)
    }

    private static func lowercasedASCII(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value) + 32) : scalar
    }
}

// MARK: - Keys: Foundation's folding

extension TextFolding {
    static let keyOptions: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]

    /// `text` folded to a key from ``keyTable``, or nil when it holds a scalar past Latin
    /// Extended-B (other scripts, combining marks), which Foundation must see whole.
    static func latinKey(_ text: String) -> String? {
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                folded.unicodeScalars.append(lowercasedASCII(scalar))
            } else if value <= 0x24F {
                folded += keyTable[Int(value) - 0x80]
            } else {
                return nil
            }
        }
        return folded
    }

    /// `text` folded by Foundation, a thousand characters at a time when it is long: with combining
    /// marks Foundation's folding takes time that grows with the square of the length. Characters
    /// fold alone, so the pieces give what the whole would.
    private static func foldWithFoundation(_ text: String) -> String {
        guard text.utf8.count > 4 * pieceLength else { return text.folding(options: keyOptions, locale: nil) }
        var folded = ""
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: pieceLength, limitedBy: text.endIndex) ?? text.endIndex
            folded += String(text[start..<end]).folding(options: keyOptions, locale: nil)
            start = end
        }
        return folded
    }

    private static let pieceLength = 1_000

    /// `text` without the vowel points and other marks of Arabic and Hebrew, which Foundation's
    /// folding leaves: harakat, shadda, sukun, tatweel and the hamza and madda over or under an
    /// alef (أ إ آ are ا), niqqud and cantillation. They are written in a Qur'an, a children's book or
    /// a poem and left out nearly everywhere else, so "الخبز الحافي" did not find الْخُبْزُ
    /// الْحَافِي, nor "מיכאל שלי" מִיכָאֵל שֶׁלִּי, and `add` made a second author of "مُحَمَّد شُكْرِي"
    /// (found by an exploratory session). The site's search (`search.js`) drops the same marks.
    /// The letters of ``sameLetters`` are written as the one they stand for.
    static func withoutPointing(_ text: String) -> String {
        guard
            text.unicodeScalars.contains(where: {
                (0x0591...0x06FF).contains($0.value) || (0xFB1D...0xFB4F).contains($0.value)
            })
        else { return text }
        var kept = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars where !isPointing(scalar) {
            if let same = sameLetters[scalar] {
                kept.append(contentsOf: same.unicodeScalars)
            } else {
                kept.append(scalar)
            }
        }
        return String(kept).precomposedStringWithCanonicalMapping
    }

    /// Letters that keyboards, catalogs and readers write for one another, each folded to one of
    /// them in keys and in the site's search (``SearchIndex`` gives `search.js` this table): the
    /// Persian kaf and yeh (ک ی) and the Arabic (ك ي), the alef maqsura (ى) that Egyptian
    /// spelling writes for a final yeh, the ta marbuta (ة) often written as heh (ه), and Hebrew's
    /// geresh and gershayim (׳ ״), typed as an apostrophe and a quotation mark. "كتابخانه" found
    /// no کتابخانه, "علي" no علی, "مكتبه" no مكتبة, and `ש"י` no ש״י (found by an exploratory
    /// session). Slugs are not made from keys: they stay as they were.
    package static let sameLetters: [Unicode.Scalar: String] = [
        "\u{06A9}": "\u{0643}", "\u{06CC}": "\u{064A}", "\u{0649}": "\u{064A}", "\u{0629}": "\u{0647}",
        "\u{05F3}": "'", "\u{05F4}": "\"",
    ]

    /// Whether `scalar` is one of the marks ``withoutPointing(_:)`` drops: Hebrew cantillation
    /// (U+0591–U+05AF) and points (U+05B0–U+05C7, but not the maqaf, paseq, sof pasuq and nun
    /// hafukha, which are punctuation), the Arabic tatweel (U+0640), harakat, hamza and madda
    /// (U+064B–U+065F) and the superscript alef (U+0670).
    package static func isPointing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0591...0x05BD, 0x05BF, 0x05C1, 0x05C2, 0x05C4, 0x05C5, 0x05C7, 0x0640, 0x064B...0x065F, 0x0670: true
        default: false
        }
    }

    /// U+0080 to U+024F, each folded alone by Foundation (none of them combines with its
    /// neighbours), or spelt in ASCII (``asciiSpecials``): Foundation leaves ł, ø, ı, đ, æ, œ and
    /// þ as they are, so "Łódź" sorted after Z and `show lucja` found no Łucja the site's search
    /// finds (found by an exploratory session).
    private static let keyTable: [String] = (0x80...0x24F).map { value in
        guard let scalar = Unicode.Scalar(value) else { return "" }
        return asciiSpecials[scalar] ?? withASCIISpellings(String(scalar).folding(options: keyOptions, locale: nil))
    }

    /// `folded` with the letters of ``asciiSpecials`` Foundation left in it spelt in ASCII.
    private static func withASCIISpellings(_ folded: String) -> String {
        guard folded.unicodeScalars.contains(where: { asciiSpecials[$0] != nil }) else { return folded }
        var spelt = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if let special = asciiSpecials[scalar] {
                spelt.append(contentsOf: special.unicodeScalars)
            } else {
                spelt.append(scalar)
            }
        }
        return String(spelt)
    }
}

// MARK: - Slugs: ICU's Latin-ASCII

extension TextFolding {
    /// Latin letters without their accents, lowercased, as ICU's Latin-ASCII would give them; nil
    /// when the text holds letters or digits of another script, which need the transliterator.
    package static func latinASCII(_ text: String) -> String? {
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                folded.append(lowercasedASCII(scalar))
                continue
            }
            if let special = asciiSpecials[scalar] {
                folded.append(contentsOf: special.unicodeScalars)
                continue
            }
            let properties = scalar.properties
            guard properties.isAlphabetic || properties.numericType != nil else {
                // Punctuation and symbols only separate words; a space will do.
                folded.append(" ")
                continue
            }
            guard (0x00C0...0x024F).contains(scalar.value) || (0x1E00...0x1EFF).contains(scalar.value),
                let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first, base.isASCII
            else { return nil }
            folded.append(lowercasedASCII(base))
        }
        return String(folded)
    }

    /// Latin letters that have no decomposition but do have an ASCII spelling. The site's search
    /// folds by the same table (``SearchIndex``), so `lucja` finds "Łucja" as its slug does.
    package static let asciiSpecials: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "œ": "oe", "Œ": "oe", "ł": "l", "Ł": "l", "đ": "d",
        "Đ": "d", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ı": "i", "\u{2019}": "'", "\u{2018}": "'",
    ]
}
