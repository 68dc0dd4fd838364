/// Which form of a word a count takes in a language, by the CLDR's plural rules for whole numbers:
/// the categories `Intl.PluralRules` gives `search.js` in the browser, so that a count on a page
/// and a count in the search take the same form ("21 книга", "22 книги", "25 книг").
enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// The category of `count` in `language` (`ru`, `pt-PT`, `fr_CA`). A language whose rules are
    /// not written here takes `one` for 1 alone, as English does.
    init(_ count: Int, language: String) {
        let n = count.magnitude
        let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
        let primary = String(tag.prefix { $0 != "-" })
        // French, Spanish, Italian, Catalan and Portuguese say "1 million de livres": `many`.
        let isMillions = n != 0 && n % 1_000_000 == 0
        switch primary {
        case "ja", "zh", "ko", "th", "vi", "id", "ms", "lo", "my", "yue":
            self = .other
        case "fr",
            "pt" where !tag.hasPrefix("pt-pt"):
            self = n <= 1 ? .one : isMillions ? .many : .other
        case "es", "it", "ca", "pt":
            self = n == 1 ? .one : isMillions ? .many : .other
        case "ru", "uk", "be":
            switch (n % 10, n % 100) {
            case (1, let last) where last != 11: self = .one
            case (2...4, let last) where !(12...14).contains(last): self = .few
            default: self = .many
            }
        case "pl":
            switch (n % 10, n % 100) {
            case _ where n == 1: self = .one
            case (2...4, let last) where !(12...14).contains(last): self = .few
            default: self = .many
            }
        case "cs", "sk":
            self = n == 1 ? .one : (2...4).contains(n) ? .few : .other
        case "he":
            self = n == 1 ? .one : n == 2 ? .two : .other
        case "ar":
            switch (n, n % 100) {
            case (0, _): self = .zero
            case (1, _): self = .one
            case (2, _): self = .two
            case (_, 3...10): self = .few
            case (_, 11...99): self = .many
            default: self = .other
            }
        default:
            self = n == 1 ? .one : .other
        }
    }
}
