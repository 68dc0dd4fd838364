import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation
import Yams

/// The words of the site in its language: the theme's `translations/<language>.yaml` tables, key
/// by key — English first, then the built-in table of the language, then the reader's own file
/// of the same name — so a key missing anywhere falls back to English, and a reader changes only
/// the words they want. Numbers and dates are written the language's way, from the same table.
///
/// Everything here is text: `{{t.key}}` escapes it like any value, so markup in a translation is
/// shown, never run.
struct Words: Sendable {
    /// The language the words are in: the one asked for (`fr`, `pt-BR`), or `en` when no table
    /// has it and the words are English, so that pages say `lang="en"` over English words.
    let language: String
    private let table: [String: Phrase]
    /// Whether a phrase's own "de" is written "d’" before a vowel (``elideDe(in:before:)``):
    /// French. Known once, not for each of the phrases every page asks for.
    private let elidesDe: Bool
    /// How many digits must stand before the first separator for a number to be grouped: 1 in
    /// most languages, 2 in Spanish (CLDR's minimum grouping digits, the table's
    /// `numberGroupMinimum`). Read once: every count on every page asks.
    let groupingMinimum: Int
    /// The number of the CLDR's plural rule the language counts by (``PluralCategory/rule(of:)``),
    /// found once: every count on every page asks.
    private let pluralRule: Int

    /// The languages written right to left, by primary subtag, as CLDR's character order has them.
    static let rightToLeft: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ji", "ks", "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    /// `rtl` when the words' language is written right to left, for `<html dir>`; nil for the
    /// others, which the browser's default serves. An Arabic site said `lang="ar"` and no
    /// more, laid out left to right (found by an exploratory session).
    var direction: String? {
        let primary = language.prefix { $0 != "-" && $0 != "_" }.lowercased()
        return Words.rightToLeft.contains(primary) ? "rtl" : nil
    }

    /// The languages the default theme translates in full.
    static let builtInLanguages = ["de", "en", "es", "fr"]

    /// The default theme's English words.
    static let english = (try? load(theme: .builtIn, language: "en")) ?? Words(language: "en", table: [:])

    init(language: String, table: [String: String]) {
        self.language = language
        self.table = table.mapValues(Phrase.init)
        elidesDe = language.lowercased().hasPrefix("fr")
        groupingMinimum = max(1, table["numberGroupMinimum"].flatMap { Int($0) } ?? 1)
        pluralRule = PluralCategory.rule(of: language)
    }

    /// The table for `language` from `theme`: `pt-BR` reads `pt.yaml`, then `pt-BR.yaml`, over
    /// English. Language tags are the same in any case and with `_` for `-` (`FR`, `pt_br`).
    static func load(theme: Theme, language: String) throws -> Words {
        // A reader's `iw.yaml` is a table of `he`, as a site in `iw` is in `he`.
        func tag(_ name: String) -> String {
            LanguageTag.replacingOldCode(name.lowercased().replacingOccurrences(of: "_", with: "-"))
        }
        let primary = String(language.prefix { $0 != "-" && $0 != "_" })
        let asked = [primary, language].map(tag)
        // The theme's own names of the tables asked for, English first.
        var names = ["en"]
        for wanted in asked {
            for name in theme.translations.keys.sorted() where tag(name) == wanted && !names.contains(name) {
                names.append(name)
            }
        }
        var table: [String: String] = [:]
        // The keys whose words are English's, under a site in another language.
        var english: Set<String> = []
        let isEnglish = tag(primary) == "en"
        for (index, name) in names.enumerated() {
            for file in theme.translations[name] ?? [] {
                let own = try parse(file.source, path: file.path)
                table.merge(own) { _, new in new }
                readCountWordsWithoutForms(own, into: &table)
                if index == 0, !isEnglish {
                    english.formUnion(own.keys)
                } else {
                    english.subtract(own.keys)
                    english.subtract(own.keys.map { "\($0).other" })
                }
            }
        }
        dropEnglishForms(english, from: &table)
        let isTranslated = tag(primary) == "en" || names.count > 1
        var words = Words(language: isTranslated ? language : "en", table: table)
        words.isTranslated = isTranslated
        return words
    }

    /// A counting word that a table writes without forms, as `seriesReadCount` was written before
    /// it had `.one` and `.other`, is read as its `.other` in place of the forms of the tables under
    /// it: a reader's file written then keeps its words for every count instead of being passed
    /// over without a word. A table that writes any form of the word is read as it is.
    private static func readCountWordsWithoutForms(_ own: [String: String], into table: inout [String: String]) {
        for (key, text) in own where !key.contains(".") && table["\(key).one"] != nil && table["\(key).other"] != nil {
            let forms = PluralCategory.allCases.map { "\(key).\($0.rawValue)" }
            guard !forms.contains(where: { own[$0] != nil }) else { continue }
            for form in forms { table[form] = nil }
            table["\(key).other"] = text
        }
    }

    /// A form of a counting word that only English's table gives (`book.one`, `searchFoundOne`)
    /// is dropped where the language's tables give the word in another form: a Turkish table that
    /// gives only `book.other`, as Turkish writes a noun after any number, got "1 book" beside
    /// "2 kitap" (found by an exploratory session). That form is then written as `.other`, as a
    /// form a table does not give is; English's words stay for words no table of the language
    /// gives at all.
    private static func dropEnglishForms(_ english: Set<String>, from table: inout [String: String]) {
        for key in english {
            for category in PluralCategory.allCases where category != .other {
                let dotted = ".\(category.rawValue)"
                let camel = category.rawValue.prefix(1).uppercased() + category.rawValue.dropFirst()
                let base: Substring
                let forms: [String]
                if key.hasSuffix(dotted) {
                    base = key.dropLast(dotted.count)
                    forms = PluralCategory.allCases.map { "\(base).\($0.rawValue)" }
                } else if key.hasSuffix(camel), table["\(key.dropLast(camel.count))Other"] != nil {
                    base = key.dropLast(camel.count)
                    forms = PluralCategory.allCases.map {
                        "\(base)\($0.rawValue.prefix(1).uppercased())\($0.rawValue.dropFirst())"
                    }
                } else {
                    continue
                }
                if forms.contains(where: { table[$0] != nil && !english.contains($0) }) { table[key] = nil }
            }
        }
    }

    /// Whether a table of the language was found: a site in a language no table has is in English.
    private(set) var isTranslated = true

    /// A translation file: one `key: text` per line.
    static func parse(_ text: String, path: String) throws -> [String: String] {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
            let twice = SiteSettings.keySetTwice(duplicates, at: context.mark, in: text)
            throw TranslationError.duplicateKey(
                path: path, line: twice.line, firstLine: twice.firstLine, key: twice.key)
        } catch let error as YamlError {
            throw TranslationError.syntax(path: path, line: error.line, problem: error.problem)
        }
        guard let root else { return [:] }
        guard let mapping = root.mapping else {
            throw TranslationError.notText(path: path, line: root.mark?.line ?? 1, key: "(top level)")
        }
        var table: [String: String] = [:]
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            // `key:`, `key: ~` and `key: null` are YAML's nothing: the key is left to the tables
            // under this one, as in site.yaml (`finishedLately: ~` published a heading "~").
            if value.null != nil, !key.isEmpty { continue }
            guard let text = value.scalar?.string, !key.isEmpty else {
                throw TranslationError.notText(path: path, line: keyNode.mark?.line ?? 1, key: key)
            }
            table[key] = text
        }
        return table
    }

    /// The text of `key`, its `{name}` words filled from `values`; the key itself when no table has it.
    func callAsFunction(_ key: String, _ values: [String: String] = [:]) -> String {
        guard let phrase = table[key] else { return key }
        guard !values.isEmpty, let parts = phrase.parts else { return phrase.text }
        return filled(parts, values, splitAt: nil).joined()
    }

    /// The text of `key` filled from `values`, as the words before its `{word}` and those after
    /// it: for a template that sets the value in an element of its own, with the `lang` of a
    /// book's title. Nil when the key has no such word.
    func callAsFunction(_ key: String, around word: String, _ values: [String: String]) -> (
        before: String, after: String
    )? {
        guard let phrase = table[key], let parts = phrase.parts, phrase.wordNames.contains(word) else { return nil }
        let pieces = filled(parts, values, splitAt: word)
        return (pieces[0], pieces.count > 1 ? pieces[1] : "")
    }

    /// `parts` filled from `values`, in one piece, or in two around the first `splitAt` word, left out.
    private func filled(_ parts: [Phrase.Part], _ values: [String: String], splitAt split: String?) -> [String] {
        var pieces = [""]
        var afterText = false
        for part in parts {
            switch part {
            case .text(let text):
                pieces[pieces.count - 1] += text
                afterText = true
            case .word(let name, let written):
                let value = values[name] ?? written
                if elidesDe, afterText { Words.elideDe(in: &pieces[pieces.count - 1], before: value) }
                if name == split, pieces.count == 1 {
                    pieces.append("")
                } else {
                    pieces[pieces.count - 1] += value
                }
                afterText = false
            }
        }
        return pieces
    }

    /// The text of `key` as the words that lead to `name` in a sentence, with what joins them:
    /// "Description from " with its space, or French's "Description d’", its last "de" written
    /// "d’" before a vowel as in a phrase's own words (``elideDe(in:before:)``). For a template
    /// that puts `name` right after, as a link: `{{what}}<a …>{{name}}</a>`.
    func callAsFunction(_ key: String, before name: String) -> String {
        var lead = self(key) + " "
        if elidesDe { Words.elideDe(in: &lead, before: name) }
        return lead
    }

    /// French writes the phrase's own "de" as "d’" before a vowel: "Kindred d’Octavia E. Butler",
    /// "La bibliothèque d’Élise". A word that starts with h is left alone, since whether its h is
    /// aspirated cannot be told from its letters ("de Hugo", "de Harry Potter").
    private static func elideDe(in text: inout String, before value: String) {
        guard text.hasSuffix(" de ") || text == "de ", let first = value.first,
            let letter = TextFolding.fold(String(first), to: .ascii).first, "aeiou".contains(letter)
        else { return }
        text.removeLast(3)
        text += "d’"
    }

    /// "3 books": `noun.one`, `noun.few` or another form, with the count written the language's way.
    func count(_ value: Int, _ noun: String) -> String {
        plural(noun, value, ["count": number(value)])
    }

    /// `key.one`, `key.few` or whichever form `value` takes in the language (`PluralCategory`), its
    /// words filled from `values`: "1 lu sur 2", "2 lus sur 3". A form the table does not give is
    /// written as `key.other`, so English's two forms serve a language with four.
    func plural(_ key: String, _ value: Int, _ values: [String: String]) -> String {
        self(pluralKey(key, value), values)
    }

    /// The key of the form `value` takes: `key.<category>` when the table has it, else `key.other`.
    func pluralKey(_ key: String, _ value: Int) -> String {
        let form = "\(key).\(PluralCategory.category(value.magnitude, rule: pluralRule).rawValue)"
        return table[form] == nil ? "\(key).other" : form
    }

    /// The search's words for counts in the forms besides `one` and `other` that the table gives:
    /// `searchFoundFew: "{count} книги найдены"` becomes `data-found-few` on the search script.
    func searchCountForms() -> [SearchCountForm] {
        var forms: [SearchCountForm] = []
        for (attribute, key) in [("found", "searchFound"), ("highlights", "searchHighlights")] {
            for category in [PluralCategory.zero, .two, .few, .many] {
                let name = category.rawValue
                guard let phrase = table[key + name.prefix(1).uppercased() + name.dropFirst()] else { continue }
                forms.append(SearchCountForm(attribute: "data-\(attribute)-\(name)", text: phrase.text))
            }
        }
        // Where a language leaves four digits whole, the search must too: "1234 libros".
        if groupingMinimum > 1 {
            forms.append(SearchCountForm(attribute: "data-group-minimum", text: String(groupingMinimum)))
        }
        return forms
    }

    /// What follows item `index` of a list of `count` in a sentence: nothing after the last, " and "
    /// between two, ", and " before the last of more (in English), ", " elsewhere.
    func listSeparator(after index: Int, of count: Int) -> String {
        let remaining = count - index - 1
        return remaining == 0
            ? "" : remaining == 1 ? self(count == 2 ? "listAndTwo" : "listAndLast") : self("listComma")
    }

    /// `items` as a list in a sentence: "Terry Pratchett and Neil Gaiman".
    func list(_ items: [String]) -> String {
        items.indices.map { items[$0] + listSeparator(after: $0, of: items.count) }.joined()
    }

    /// `value` with its thousands grouped: 179,948 in English, 179 948 in French, 179.948 in German.
    /// A number of fewer digits than three and the language's `numberGroupMinimum` (CLDR's
    /// minimum grouping digits) stays whole: Spanish writes 1234 and 12.345.
    func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        guard digits.count >= 3 + groupingMinimum else { return value < 0 ? "-" + digits : digits }
        let separator = self("numberGroupSeparator")
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += separator }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// A number of tenths with one decimal place, with the language's decimal mark: 4.5, or 4,5.
    /// In tenths, so the caller rounds in whole numbers: printf rounded 0.25 to "0.2".
    func decimal(tenths: Int) -> String {
        (tenths < 0 ? "-" : "") + String(tenths.magnitude / 10) + self("numberDecimalSeparator")
            + String(tenths.magnitude % 10)
    }

    /// A place in a series as the language writes it: "2.5", or "2,5" where a comma marks
    /// decimals (series places were "#2.5" on French pages beside ratings of "4,5"); an
    /// omnibus's range with an en dash, "1–3", as the gaps between places and the pages of a
    /// highlight are written (it was "#1-3" beside "#4–#8").
    func seriesPosition(_ position: SeriesPosition) -> String {
        let mark = self("numberDecimalSeparator")
        let text = mark == "." ? position.text : position.text.replacingOccurrences(of: ".", with: mark)
        return text.replacingOccurrences(of: "-", with: "–")
    }

    /// A date as precise as it is known: "2 January 2007", "2. Januar 2007", "January 2007", "2007".
    func date(_ date: PartialDate) -> String {
        let year = String(date.year)
        guard let month = date.month else { return year }
        let name = self("month\(month)")
        guard let day = date.day else { return self("dateMonth", ["month": name, "year": year]) }
        return self("dateDay", ["day": day == 1 ? self("dayFirst") : String(day), "month": name, "year": year])
    }

    /// A translation's text, and its parts when it has `{name}` words to fill: split once when the
    /// table is read, not each of the hundred thousand times a build asks for one.
    private struct Phrase: Sendable {
        enum Part: Sendable {
            case text(String)
            /// `{name}`: the value of `name`, or the word as written when there is none.
            case word(name: String, written: String)
        }

        let text: String
        let parts: [Part]?

        /// Reads `text` as the words were always filled: each `{` up to the next `}` after it names a
        /// word; a `{` with no `}` after it is text.
        init(_ text: String) {
            self.text = text
            guard text.contains("{") else {
                parts = nil
                return
            }
            var parts: [Part] = []
            var rest = text[...]
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
                parts.append(
                    .word(name: String(rest[rest.index(after: open)..<close]), written: String(rest[open...close])))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { parts.append(.text(String(rest))) }
            self.parts = parts
        }

        /// The names of its `{name}` words, each once, in order.
        var wordNames: [String] {
            var names: [String] = []
            for case .word(let name, _) in parts ?? [] where !names.contains(name) { names.append(name) }
            return names
        }
    }

    /// A line for each `{name}` in the reader's own translation files that Bookplate never fills:
    /// a key of the default theme fills the names its English words have (`readIn`: `{year}`),
    /// and `{yaer}` was published as it is, without a word. A key of the reader's own, or a file
    /// that cannot be read (the build says so), is not checked.
    static func unfilledWords(in theme: Theme) -> [String] {
        var lines: [String] = []
        for (_, files) in theme.translations.sorted(by: { $0.key < $1.key }) {
            for file in files where !file.path.hasPrefix(Theme.builtInPathPrefix) {
                let own: [String: String]
                do {
                    own = try parse(file.source, path: file.path)
                } catch {
                    // A table of a language the site is not in is read only when the site is: a
                    // broken fr.yaml passed every build until `language: fr` (found by an
                    // exploratory session). The site's own language's table stops the build.
                    lines.append("\(error) (a site in its language stops there)")
                    continue
                }
                for (key, text) in own.sorted(by: { $0.key < $1.key }) {
                    // A plural form English has not (`book.few`) fills what its `.other` does.
                    let base = key.split(separator: ".").first.map { "\($0).other" }
                    guard let known = english.table[key] ?? base.flatMap({ english.table[$0] }) else { continue }
                    let filled = known.wordNames
                    for name in Phrase(text).wordNames where !filled.contains(name) {
                        let fills = filled.isEmpty ? "none" : filled.map { "{\($0)}" }.joined(separator: ", ")
                        let line = SiteSettings.lines(settingKey: key, in: file.source).first.map { ":\($0)" } ?? ""
                        // `{{site.title}}` read as the word `{site.title` was quoted with a brace
                        // short, as if a word (found by an exploratory session): it is a template's
                        // tag, which a translation does not render.
                        let tag = name.drop { $0 == "{" }
                        let what =
                            tag.count < name.count
                            ? "{{\(tag)}}, a template's tag, which a translation does not render"
                            : "{\(name)}, which Bookplate does not fill"
                        lines.append(
                            "\(file.path)\(line): '\(key)' has \(what) (it fills \(fills)): it is published as written")
                    }
                }
            }
        }
        return lines
    }

    /// Every key of the table, for the test that lists what a language leaves untranslated.
    var keys: Set<String> { Set(table.keys) }

    /// What a language's own file leaves to English, for `language` among the theme's files.
    static func untranslatedKeys(of language: String, in theme: Theme) throws -> [String] {
        let english = try theme.translations["en"].map { try $0.map { try parse($0.source, path: $0.path) } } ?? []
        let own = try theme.translations[language].map { try $0.map { try parse($0.source, path: $0.path) } } ?? []
        let translated = Set(own.flatMap(\.keys))
        return Set(english.flatMap(\.keys)).subtracting(translated).sorted()
    }
}

extension Words: TemplateObject {
    /// `{{t.key}}` in a template.
    func value(forKey key: String) -> TemplateValue? {
        table[key].map { .string($0.text) }
    }
}

/// A translation file that cannot be read.
public enum TranslationError: Error, Equatable, CustomStringConvertible {
    case syntax(path: String, line: Int, problem: String)
    case notText(path: String, line: Int, key: String)
    case duplicateKey(path: String, line: Int, firstLine: Int, key: String)

    public var description: String {
        switch self {
        case .duplicateKey(let path, let line, let firstLine, let key):
            "\(path):\(line): '\(key)' is given twice (first on line \(firstLine)): keep one of them"
        case .syntax(let path, let line, let problem):
            "\(path):\(line): not a translation table (\(problem)): write one 'key: text' per line"
        case .notText(let path, let line, let key):
            "\(path):\(line): '\(key)' is not text: write one 'key: text' per line"
        }
    }
}
