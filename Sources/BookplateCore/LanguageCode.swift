import Foundation

/// A language code as the library keeps it: ISO 639-1 (`ja`) where the language has one, the
/// three letters of ISO 639-2 or 639-3 (`grc`) where it has none, with any region or script after
/// it. Catalogs and library exports write MARC's three letters (`jpn`, `fre`), a reader may too:
/// a book in `jpn` was named on its page but had no `lang`, and the search no language (found by
/// an exploratory session).
package enum LanguageCode {
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
        guard let parts = LanguageTag.subtags(text), let first = parts.first, (2...3).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        let language = first.lowercased()
        return ([LanguageTag.shorterCodes[language] ?? language] + parts.dropFirst().map(String.init)).joined(
            separator: "-")
    }

    /// `code` in two letters when BCP 47 writes it so ("eng" is "en"); lower-cased otherwise.
    package static func twoLetterCode(_ code: String) -> String {
        LanguageTag.shorterCodes[code.lowercased()] ?? code.lowercased()
    }
}
