import Foundation

/// A language code as the library keeps it: ISO 639-1 (`ja`) where the language has one, the
/// three letters of ISO 639-2 or 639-3 (`grc`) where it has none, with any region or script after
/// it. Catalogs and library exports write MARC's three letters (`jpn`, `fre`), a reader may too:
/// a book in `jpn` was named on its page but had no `lang`, and the search no language (found by
/// an exploratory session).
package enum LanguageCode {
    /// ISO 639-2's terminology and bibliographic codes (`fra`, `fre`) of the languages that have
    /// a two-letter code, from the iso-codes project's table.
    private static let twoLetter: [String: String] = [
        "aar": "aa", "abk": "ab", "afr": "af", "aka": "ak", "alb": "sq", "amh": "am", "ara": "ar", "arg": "an",
        "arm": "hy", "asm": "as", "ava": "av", "ave": "ae", "aym": "ay", "aze": "az", "bak": "ba", "bam": "bm",
        "baq": "eu", "bel": "be", "ben": "bn", "bih": "bh", "bis": "bi", "bod": "bo", "bos": "bs", "bre": "br",
        "bul": "bg", "bur": "my", "cat": "ca", "ces": "cs", "cha": "ch", "che": "ce", "chi": "zh", "chu": "cu",
        "chv": "cv", "cor": "kw", "cos": "co", "cre": "cr", "cym": "cy", "cze": "cs", "dan": "da", "deu": "de",
        "div": "dv", "dut": "nl", "dzo": "dz", "ell": "el", "eng": "en", "epo": "eo", "est": "et", "eus": "eu",
        "ewe": "ee", "fao": "fo", "fas": "fa", "fij": "fj", "fin": "fi", "fra": "fr", "fre": "fr", "fry": "fy",
        "ful": "ff", "geo": "ka", "ger": "de", "gla": "gd", "gle": "ga", "glg": "gl", "glv": "gv", "gre": "el",
        "grn": "gn", "guj": "gu", "hat": "ht", "hau": "ha", "heb": "he", "her": "hz", "hin": "hi", "hmo": "ho",
        "hrv": "hr", "hun": "hu", "hye": "hy", "ibo": "ig", "ice": "is", "ido": "io", "iii": "ii", "iku": "iu",
        "ile": "ie", "ina": "ia", "ind": "id", "ipk": "ik", "isl": "is", "ita": "it", "jav": "jv", "jpn": "ja",
        "kal": "kl", "kan": "kn", "kas": "ks", "kat": "ka", "kau": "kr", "kaz": "kk", "khm": "km", "kik": "ki",
        "kin": "rw", "kir": "ky", "kom": "kv", "kon": "kg", "kor": "ko", "kua": "kj", "kur": "ku", "lao": "lo",
        "lat": "la", "lav": "lv", "lim": "li", "lin": "ln", "lit": "lt", "ltz": "lb", "lub": "lu", "lug": "lg",
        "mac": "mk", "mah": "mh", "mal": "ml", "mao": "mi", "mar": "mr", "may": "ms", "mkd": "mk", "mlg": "mg",
        "mlt": "mt", "mon": "mn", "mri": "mi", "msa": "ms", "mya": "my", "nau": "na", "nav": "nv", "nbl": "nr",
        "nde": "nd", "ndo": "ng", "nep": "ne", "nld": "nl", "nno": "nn", "nob": "nb", "nor": "no", "nya": "ny",
        "oci": "oc", "oji": "oj", "ori": "or", "orm": "om", "oss": "os", "pan": "pa", "per": "fa", "pli": "pi",
        "pol": "pl", "por": "pt", "pus": "ps", "que": "qu", "roh": "rm", "ron": "ro", "rum": "ro", "run": "rn",
        "rus": "ru", "sag": "sg", "san": "sa", "sin": "si", "slk": "sk", "slo": "sk", "slv": "sl", "sme": "se",
        "smo": "sm", "sna": "sn", "snd": "sd", "som": "so", "sot": "st", "spa": "es", "sqi": "sq", "srd": "sc",
        "srp": "sr", "ssw": "ss", "sun": "su", "swa": "sw", "swe": "sv", "tah": "ty", "tam": "ta", "tat": "tt",
        "tel": "te", "tgk": "tg", "tgl": "tl", "tha": "th", "tib": "bo", "tir": "ti", "ton": "to", "tsn": "tn",
        "tso": "ts", "tuk": "tk", "tur": "tr", "twi": "tw", "uig": "ug", "ukr": "uk", "urd": "ur", "uzb": "uz",
        "ven": "ve", "vie": "vi", "vol": "vo", "wel": "cy", "wln": "wa", "wol": "wo", "xho": "xh", "yid": "yi",
        "yor": "yo", "zha": "za", "zho": "zh", "zul": "zu",
    ]

    /// `text` as the library keeps it: trimmed, its language subtag in lower case and in two
    /// letters where it has them ("jpn" is "ja", "fre-CA" is "fr-CA", "_" is "-"); nil when empty.
    /// Anything that is no language tag is only trimmed.
    package static func normalized(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard let tag = tag(parsing: trimmed) else { return trimmed }
        return tag
    }

    /// `text` as a language tag: a language of two or three letters, then subtags of letters and
    /// digits, the language in lower case and in two letters where it has them; nil for anything
    /// else ("English", "xx!!yy").
    package static func tag(parsing text: String) -> String? {
        let parts = text.replacingOccurrences(of: "_", with: "-").split(
            separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        let language = first.lowercased()
        return ([twoLetter[language] ?? language] + parts.dropFirst().map(String.init)).joined(separator: "-")
    }

    /// The code of the language named `name` in English ("English" is `en`), for a message that
    /// says what to write instead; nil when no language has that name.
    package static func code(namedInEnglish name: String) -> String? {
        let english = Locale(identifier: "en")
        let wanted = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return Set(twoLetter.values).sorted().first {
            english.localizedString(forLanguageCode: $0)?.lowercased() == wanted
        }
    }

    /// `code` in two letters when ISO 639-2 gives it two ("eng" is "en"); lower-cased otherwise.
    package static func twoLetterCode(_ code: String) -> String {
        twoLetter[code.lowercased()] ?? code.lowercased()
    }
}
