import BookplateCore

/// How a personal name files in an index.
package enum AuthorName {
    private static let particles: Set<String> = [
        "de", "da", "das", "del", "della", "der", "di", "du", "la", "le", "van", "von", "ten", "ter", "zu", "y",
    ]
    private static let suffixes: Set<String> = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"]

    /// "Ursula K. Le Guin" → "Le Guin, Ursula K."; "Gabriel García Márquez" → "García Márquez, Gabriel"
    /// is beyond a rule, so it gives "Márquez, Gabriel García". A name written family name first,
    /// as Chinese, Japanese and Korean names are ("村上 春樹", "村上春樹"), and one written surname
    /// first with a comma ("Le Guin, Ursula K."), file as written.
    ///
    /// A family-first name keeps its space and takes no comma: "村上 春樹" filed as "春樹, 村上",
    /// under the given name (found by an exploratory session), and "村上, 春樹" would come back
    /// turned round as "春樹 村上" from a CSV export's "Author l-f" read by anything that reads
    /// "Surname, Given" as Given Surname, as the Kindle and LibraryThing imports do.
    ///
    /// A role or a word in parentheses after the name files after it: "Edith Grossman
    /// (Translator)" is "Grossman, Edith (Translator)" (it was "(Translator), Edith Grossman",
    /// under #, and a book of hers took the slug `poems-translator`: found by an exploratory
    /// session).
    package static func sortName(for name: String) -> String {
        if case (let person, let role?) = withoutRole(name), person != name {
            return sortName(for: person) + " (" + role + ")"
        }
        if isFamilyNameFirst(name) || inSpokenOrder(name) != name { return name }
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

    /// `name` without the role Goodreads writes after it in parentheses, and that role:
    /// "Edith Grossman (Translator)" is Edith Grossman, translator. A name that is nothing but a
    /// parenthesis, or has none at its end, is as written, with no role.
    package static func withoutRole(_ name: String) -> (name: String, role: String?) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "("), open > trimmed.startIndex else {
            return (name, nil)
        }
        let person = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        let role = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            .trimmingCharacters(in: .whitespaces)
        guard !person.isEmpty, !role.isEmpty, !role.contains("("), !role.contains(")") else { return (name, nil) }
        return (person, role)
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

    /// `name` in the order it is spoken when it is one name written surname first: "Le Guin,
    /// Ursula K." is Ursula K. Le Guin and "Достоевский, Фёдор" Фёдор Достоевский, as the
    /// Kindle import reads them; a family-first name keeps its order ("村上, 春樹" is 村上 春樹).
    /// Anything else is as written: "Martin Luther King, Jr.", "King, Martin Luther, Jr." (which
    /// is "Martin Luther King, Jr."), and two names ("Terry Pratchett, Neil Gaiman",
    /// ``commaSeparated(_:)``). An author typed so on `add` filed as "K., Le Guin, Ursula" and
    /// was another person than the same author written the other way (found by an exploratory
    /// session).
    package static func inSpokenOrder(_ name: String) -> String {
        var parts = name.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var suffix: String?
        if parts.count == 3, isSuffix(parts[2]) { suffix = parts.removeLast() }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !isSuffix(parts[1]),
            commaSeparated(name) == nil, isFamilyNameFirst(name) || looksLikeGivenNames(parts[1], after: parts[0])
        else { return name }
        let spoken = isFamilyNameFirst(name) ? parts[0] + " " + parts[1] : parts[1] + " " + parts[0]
        return [spoken, suffix].compactMap { $0 }.joined(separator: ", ")
    }

    /// Whether `given`, after a comma, reads as the given names of the surname `surname` before
    /// it: at most three words, each capitalised or an initial ("Ursula K.", "J. R. R."), after a
    /// surname of at most three words that ends in no suffix. "Plato, Translated by Benjamin
    /// Jowett", "Lonely Planet, Inc." and "William Strunk Jr., E. B. White" were turned round
    /// (found by a review).
    private static func looksLikeGivenNames(_ given: String, after surname: String) -> Bool {
        let givenWords = given.split(separator: " ")
        let surnameWords = surname.split(separator: " ")
        guard (1...3).contains(givenWords.count), (1...3).contains(surnameWords.count),
            let last = surnameWords.last, !isSuffix(last)
        else { return false }
        let corporate: Set<String> = ["inc.", "inc", "ltd.", "ltd", "llc", "co.", "corp.", "plc", "gmbh", "s.a."]
        return givenWords.allSatisfy { word in
            guard let first = word.first, first.isUppercase, !corporate.contains(word.lowercased()) else {
                return false
            }
            return word.dropFirst().allSatisfy { $0.isLetter || $0 == "." || $0 == "-" || $0 == "'" }
        }
    }

    /// Whether `name` is written in Chinese, Japanese or Korean characters, whose names put the
    /// family name first, with a space before the given name or none.
    package static func isFamilyNameFirst(_ name: some StringProtocol) -> Bool {
        name.unicodeScalars.contains(where: isCJK)
    }

    /// The key under which two spellings of a name are one author: folded as every name is
    /// (``TextFolding/searchKey(_:)``), and with no space between two Chinese, Japanese or Korean
    /// characters, since "村上 春樹" and "村上春樹" (as Kindle and Open Library write it) are the
    /// same person. "村上春樹" made a second author and a second 海辺のカフカ (found by an
    /// exploratory session). Spaces between Latin words still count: Le Guin is not Leguin.
    ///
    /// Initials are one however they are dotted and spaced: "J.R.R. Tolkien", as Goodreads writes
    /// him, "J. R. R. Tolkien", as Google Books does, and "JRR Tolkien" were three authors (found
    /// by an exploratory session). A name of dots alone ("...") keeps them.
    package static func key(_ name: String) -> String {
        let folded = TextFolding.searchKey(name)
        guard isFamilyNameFirst(folded) else { return withInitialsJoined(name, folded: folded) }
        return withFamilyNameJoined(folded)
    }

    /// The keys under which `name` is an author, ``key(_:)`` first: a word of two or three
    /// letters in one case before another word is initials or a name by the case of the rest
    /// alone, so it is also read the other way. An author is one whatever the case they are
    /// named with, and "JRR TOLKIEN", "jrr tolkien" and "EL JAMES" were other authors than JRR
    /// Tolkien and EL James, "HAN Kang", as some editions write her, than Han Kang (found by a
    /// review).
    package static func keys(_ name: String) -> [String] {
        let folded = TextFolding.searchKey(name)
        guard !isFamilyNameFirst(folded) else { return [withFamilyNameJoined(folded)] }
        let first = withInitialsJoined(name, folded: folded)
        let other = withInitialsJoined(name, folded: folded, otherReading: true)
        return other == first ? [first] : [first, other]
    }

    /// `folded`, a family-first name, with no space between two of its characters.
    private static func withFamilyNameJoined(_ folded: String) -> String {
        var joined = String.UnicodeScalarView()
        var spaces = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if scalar.properties.isWhitespace {
                spaces.append(scalar)
                continue
            }
            if !spaces.isEmpty, !(isCJK(scalar) && joined.last.map(isCJK) == true) {
                joined.append(contentsOf: spaces)
            }
            spaces.removeAll()
            joined.append(scalar)
        }
        joined.append(contentsOf: spaces)
        return String(joined)
    }

    /// `name`, folded, with its dots read as spaces and a run of initials written as one word
    /// marked as initials: "J.R.R. Tolkien", "J. R. R. Tolkien", "J R R Tolkien" and "JRR Tolkien"
    /// are all "jrr. tolkien". Initials are single letters, or two or three capitals before another
    /// word of a name not written in capitals ("EL James", "AJ Finn"). Marked, they are not a
    /// name of those letters: "E. D. Baker" and "Ed Baker", "A. L. Kennedy" and "Al Kennedy" are
    /// two people, and were one author, the second's books on the first's page (found by a review).
    ///
    /// With `otherReading`, a word of two or three letters that only its case reads one way is
    /// read the other (``keys(_:)``): capitals in a name not written in capitals as a name
    /// ("han. kang" → "han kang"), and in one written all in capitals or all in small letters as
    /// initials ("JRR TOLKIEN", "el james").
    private static func withInitialsJoined(_ name: String, folded: String, otherReading: Bool = false) -> String {
        guard folded.contains(".") || folded.contains(" ") else { return folded }
        let words = name.split(whereSeparator: { $0 == "." || $0.isWhitespace })
        guard !words.isEmpty else { return folded }
        let inOneCase = !name.contains(where: \.isLowercase) || !name.contains(where: \.isUppercase)
        var joined: [String] = []
        var initials = ""
        for (index, word) in words.enumerated() {
            let inCapitals = word.allSatisfy(\.isUppercase)
            let mayBeInitials =
                (2...3).contains(word.count) && index < words.count - 1
                && (inCapitals || (inOneCase && word.allSatisfy(\.isLowercase)))
            let isInitials =
                word.allSatisfy(\.isLetter)
                && (word.count == 1 || (mayBeInitials && (!inOneCase && inCapitals) != otherReading))
            if isInitials {
                initials += TextFolding.searchKey(String(word))
                continue
            }
            if !initials.isEmpty { joined.append(initials + ".") }
            initials = ""
            joined.append(TextFolding.searchKey(String(word)))
        }
        if !initials.isEmpty { joined.append(initials + ".") }
        return joined.joined(separator: " ")
    }

    /// Han ideographs, kana and hangul, as the site's search (`search.js`) lists them.
    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3040...0x30FF,
            0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF,
            0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
            true
        default: false
        }
    }
}
