import BookplateCore

/// How a personal name files in an index.
package enum AuthorName {
    private static let particles: Set<String> = [
        "de", "da", "das", "del", "della", "der", "di", "du", "la", "le", "van", "von", "ten", "ter", "zu", "y",
    ]
    private static let suffixes: Set<String> = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"]

    /// "Ursula K. Le Guin" → "Le Guin, Ursula K."; "Gabriel García Márquez" → "García Márquez, Gabriel"
    /// is beyond a rule, so it gives "Márquez, Gabriel García". Names in scripts without spaces
    /// (村上春樹) file as written.
    package static func sortName(for name: String) -> String {
        var words = name.split(separator: " ").map(String.init)
        guard words.count > 1 else { return name }
        var suffix: String?
        if let last = words.last, isSuffix(last) {
            suffix = words.removeLast()
            // "Martin Luther King, Jr.": the comma goes with the suffix (it filed as "King,,
            // Martin Luther, Jr.": found by an exploratory session).
            if let before = words.last, before.hasSuffix(",") { words[words.count - 1] = String(before.dropLast()) }
        }
        guard words.count > 1 else { return name }
        var surnameStart = words.count - 1
        while surnameStart > 1, particles.contains(words[surnameStart - 1].lowercased()) {
            surnameStart -= 1
        }
        let surname = words[surnameStart...].joined(separator: " ")
        let given = words[..<surnameStart].joined(separator: " ")
        return [surname, given, suffix].compactMap { $0 }.joined(separator: ", ")
    }

    /// Whether `word` is what follows a name rather than a name: "Jr.", "Sr.", "III".
    package static func isSuffix(_ word: some StringProtocol) -> Bool {
        suffixes.contains(word.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Names listed with commas between them, where a name may itself hold one before its suffix:
    /// "Jane Editor, Martin Luther King, Jr." is two names, not three (a co-author "Jr." was made
    /// of it: found by an exploratory session).
    package static func joiningSuffixes(_ names: [String]) -> [String] {
        var joined: [String] = []
        for name in names {
            if isSuffix(name), let last = joined.popLast() {
                joined.append(last + ", " + name)
            } else {
                joined.append(name)
            }
        }
        return joined
    }

    /// The names in `text` when it lists several with `, ` between them ("Terry Pratchett, Neil
    /// Gaiman", as Readwise gives them); nil when it is one name. A name written surname first
    /// stays one: "Le Guin, Ursula K.", "Pratchett, Terry", "García Márquez, Gabriel" — a part of
    /// one word, or one ending with an initial, is half of a name.
    package static func commaSeparated(_ text: some StringProtocol) -> [String]? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count > 1, parts.allSatisfy({ $0.split(separator: " ").count > 1 && !$0.hasSuffix(".") })
        else { return nil }
        return parts
    }
}
