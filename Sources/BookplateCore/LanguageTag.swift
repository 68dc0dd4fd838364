import Foundation

/// A language tag as BCP 47 writes it and a browser reads it: a language of two or three letters,
/// then, each optional and in this order, a script of four letters (`Hant`), a region of two
/// letters or three digits (`CA`, `419`), variants (`1996`, `valencia`), extensions (`u-co-phonebk`)
/// and a private part (`x-…`); no subtag twice. A page's `lang` is read by `search.js`'s
/// `Intl.PluralRules`, which throws on anything else: `en-USA` was taken, and the search box never
/// showed (found by an exploratory session).
package enum LanguageTag {
    /// `text` as a tag, `_` read as `-` (`fr_CA`, as a system's locale is written), in the case it
    /// is written in; the problem, in words a reader can act on, when it is none.
    package static func parse(_ text: String) throws(LanguageTagProblem) -> String {
        let tag = text.replacingOccurrences(of: "_", with: "-")
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        let language = parts[0]
        // `language: French` was taken and built in English with a warning that a `French.yaml`
        // could translate it (found by an exploratory session). A language's name, however long
        // ("Portuguese"), is answered with its code.
        if !language.isEmpty, language.allSatisfy(\.isLetter), !(2...3).contains(language.count) {
            throw .language(String(language), suggestion: code(named: String(language)))
        }
        guard subtags(tag) != nil else { throw .notSubtags }
        guard language.allSatisfy(\.isLetter) else { throw .language(String(language), suggestion: nil) }
        if let shorter = shorterCodes[language.lowercased()] { throw .longerCode(String(language), shorter) }
        try checkSubtags(after: parts.dropFirst())
        return replacingOldCode(tag)
    }

    /// `text`'s parts, `_` read as `-`, when each is one to eight ASCII letters or digits, as every
    /// subtag is; nil otherwise.
    package static func subtags(_ text: String) -> [Substring]? {
        let parts = text.replacingOccurrences(of: "_", with: "-").split(
            separator: "-", omittingEmptySubsequences: false)
        return parts.allSatisfy({
            (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }) ? parts : nil
    }

    /// `tag` with a language code ISO 639 replaced written as its replacement (`iw-IL` as
    /// `he-IL`), as the browser reads it: a site in `iw` found no `he.yaml`, and was not laid out
    /// right to left (found by an exploratory session).
    package static func replacingOldCode(_ tag: String) -> String {
        let language = tag.prefix { $0 != "-" && $0 != "_" }
        guard let replacement = replacedCodes[language.lowercased()] else { return tag }
        return replacement + tag.dropFirst(language.count)
    }

    /// The code of the language `name` names, in English or in itself ("French", "français",
    /// "Deutsch"), for a reader who wrote the name: two letters where the language has them.
    package static func code(named name: String) -> String? {
        let english = Locale(identifier: "en")
        func isNamed(_ code: String) -> Bool {
            [
                english.localizedString(forLanguageCode: code),
                Locale(identifier: code).localizedString(forLanguageCode: code),
            ]
            .contains { $0?.compare(name, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
        }
        let codes = Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { $0.count <= 3 }
        return codes.filter { $0.count == 2 }.first(where: isNamed) ?? codes.first(where: isNamed)
    }

    /// Where each subtag after the language may stand: the script, region and variants in that
    /// order, then extensions, each a singleton and its subtags, then the private part.
    private static func checkSubtags(after parts: ArraySlice<Substring>) throws(LanguageTagProblem) {
        enum Stage: Int { case language, script, region, variant }
        var stage = Stage.language
        var seen: Set<String> = []
        var rest = parts
        while let part = rest.popFirst() {
            let subtag = part.lowercased()
            let letters = part.allSatisfy(\.isLetter)
            let digits = part.allSatisfy(\.isNumber)
            if part.count == 1 {
                // A singleton: its subtags follow, two to eight long (the private part's one to eight).
                guard !seen.contains(subtag) else { throw .repeated(String(part)) }
                seen.insert(subtag)
                let shortest = subtag == "x" ? 1 : 2
                let own = rest.prefix { $0.count >= shortest }
                guard !own.isEmpty else { throw .misplaced(String(part)) }
                rest = subtag == "x" ? [] : rest.dropFirst(own.count)
                continue
            }
            guard !seen.contains(subtag) else { throw .repeated(String(part)) }
            seen.insert(subtag)
            if stage.rawValue < Stage.script.rawValue, part.count == 4, letters {
                stage = .script
            } else if stage.rawValue < Stage.region.rawValue,
                (part.count == 2 && letters) || (part.count == 3 && digits)
            {
                stage = .region
            } else if part.count >= 5 || (part.count == 4 && part.first?.isNumber == true) {
                stage = .variant
            } else if stage.rawValue < Stage.region.rawValue, part.count == 3, letters {
                throw .region(String(part))
            } else {
                throw .misplaced(String(part))
            }
        }
    }
}

/// Why a text is no language tag: the part at fault, and what would be.
package enum LanguageTagProblem: Error, Equatable, CustomStringConvertible {
    /// Not parts of one to eight letters or digits joined by `-` (`fr_FR.UTF-8`, `en--US`).
    case notSubtags
    /// A language that is not two or three letters, and the code of the language it names, if any.
    case language(String, suggestion: String?)
    /// A three-letter code of a language that has a two-letter one (`fre`, `eng`), and that one.
    case longerCode(String, String)
    /// Three letters where a region stands (`USA`, `DEU`).
    case region(String)
    /// A subtag given twice (`fr-CH-CH`).
    case repeated(String)
    /// A subtag where none of its kind may stand (`en-US-1`).
    case misplaced(String)

    package var description: String {
        switch self {
        case .notSubtags: "write letters and digits in parts joined by '-'"
        case .language(let subtag, let code?): "\(subtag) is no language code: did you mean \(code)?"
        case .language(let subtag, nil): "\(subtag) is no language: a language is 2 or 3 letters"
        case .longerCode(let subtag, let code): "\(subtag) is written \(code) in a language tag: did you mean \(code)?"
        case .region(let subtag): "\(subtag) is no region: a region is 2 letters (US) or 3 digits (419)"
        case .repeated(let subtag): "\(subtag) is given twice"
        case .misplaced(let subtag):
            "\(subtag) cannot stand there: after the language come a script (4 letters), a region "
                + "(2 letters or 3 digits) and variants (5 to 8 letters)"
        }
    }
}
