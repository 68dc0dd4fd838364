import BookplateCore

/// Which form of a word a count takes in a language, by the CLDR's plural rules for whole numbers:
/// the categories `Intl.PluralRules` gives `search.js` in the browser, so that a count on a page
/// and a count in the search take the same form ("21 книга", "22 книги", "25 книг").
enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// The category of `count` in `language` (`ru`, `pt-PT`, `sr_Latn`), by the CLDR's rule for
    /// the language (`PluralCategory+Rules.swift`, generated from its data). A language the
    /// CLDR has no rule for counts as English does, `one` for 1 alone: so does the browser,
    /// which counts it by its own language's rules.
    init(_ count: Int, language: String) {
        self = Self.category(count.magnitude, rule: Self.rule(of: language))
    }

    /// The number of `language`'s rule: its own (`pt-PT`), else its primary language's (`pt` for
    /// `pt-BR`, `sr` for `sr-Latn`), as the browser falls back; English's for one the CLDR has no
    /// rule for. (Pages took `one` for 1 alone in every language Bookplate had no rule of its
    /// own for, where the search counted by the CLDR's: "22 knjiga" on a Serbian page, "22
    /// knjige" in its search. Found by an exploratory session.)
    static func rule(of language: String) -> Int {
        var tag = Substring(
            LanguageTag.replacingOldCode(language.lowercased().replacingOccurrences(of: "_", with: "-")))
        while !tag.isEmpty {
            if let rule = ruleOfLanguage[String(tag)] { return rule }
            tag = tag[..<(tag.lastIndex(of: "-") ?? tag.startIndex)]
        }
        return ruleOfLanguage["en"] ?? 0
    }
}
