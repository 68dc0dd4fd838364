import Foundation

/// URL- and file-safe names for books, authors and shelves: `[a-z0-9-]`, never empty.
///
/// Accents are folded and other scripts transliterated to Latin ("三体" → "san-ti"); text that
/// leaves nothing usable gets a stable fallback derived from its content.
public enum Slug {
    /// The longest slug made from text, in characters; longer ones are cut at a hyphen.
    static let maximumLength = 80

    /// Makes the slug for `text`, using `fallbackPrefix` when transliteration leaves nothing.
    public static func make(from text: String, fallbackPrefix: String = "item") -> String {
        // ICU's transliterator is slow to set up; Latin text (nearly all of it) is folded here.
        let latin =
            foldedLatin(text)
            ?? text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII; Lower"), reverse: false)
            ?? text.lowercased()
        var slug = ""
        var pendingHyphen = false
        for scalar in latin.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                slug.unicodeScalars.append(scalar)
                pendingHyphen = false
            } else if scalar != "'" && scalar != "\u{2019}" {
                // Apostrophes join ("L'Étranger" → "letranger"); everything else separates.
                pendingHyphen = true
            }
        }
        if slug.count > maximumLength {
            let cut = slug.prefix(maximumLength)
            slug = String(cut.lastIndex(of: "-").map { cut[..<$0] } ?? cut)
        }
        if slug.isEmpty {
            slug = "\(fallbackPrefix)-\(ContentHash.sha256Hex(of: text).prefix(8))"
        }
        return slug
    }

    /// Latin letters without their accents, lowercased, as ICU's Latin-ASCII would give them; nil
    /// when the text holds letters or digits of another script, which need the transliterator.
    static func foldedLatin(_ text: String) -> String? {
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                folded.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
                continue
            }
            if let special = specialLatin[scalar] {
                folded += special
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
            folded.unicodeScalars.append(contentsOf: String(base).lowercased().unicodeScalars)
        }
        return folded
    }

    private static let specialLatin: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "œ": "oe", "Œ": "oe", "ł": "l", "Ł": "l", "đ": "d",
        "Đ": "d", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ı": "i", "\u{2019}": "'", "\u{2018}": "'",
    ]

    /// Returns `base`, or `base-2`, `base-3`… — the first that `isTaken` does not claim.
    public static func unique(_ base: String, isTaken: (String) throws -> Bool) rethrows -> String {
        if try !isTaken(base) { return base }
        var counter = 2
        while try isTaken("\(base)-\(counter)") { counter += 1 }
        return "\(base)-\(counter)"
    }

    /// Whether `text` is a well-formed slug.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix("-") && !text.hasSuffix("-")
            && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
