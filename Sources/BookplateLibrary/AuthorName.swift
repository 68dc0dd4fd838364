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
        if let last = words.last, suffixes.contains(last.lowercased()) {
            suffix = words.removeLast()
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
