import Foundation

/// The line under a clipping's title — `- Your Highlight on page 12 | Location 170-172 | Added on
/// Sunday, 3 March 2019 12:01:02` — in any language this reader knows: what kind of clipping it
/// is, where it is and when it was made.
///
/// The line is read as words rather than matched whole, because firmwares word it differently
/// ("Your Highlight at location", "Highlight Loc.", "Ihre Markierung bei Position", "La subrayado
/// en la página", "Mi subrayado Posición"); the words that name the kind, the page, the location
/// and the date are few in each language.
struct KindleHeader: Equatable {
    enum Kind: Equatable {
        case highlight
        case note
        case bookmark
        /// An article clipped from the web ("Your Clipping"), not a passage of a book.
        case clipping
    }

    var kind: Kind
    /// The page as the device prints it: "12", "ix", "12-13".
    var page: String?
    /// Kindle's location, a range for a highlight and one number for a note or bookmark.
    var location: ClosedRange<Int>?
    var madeAt: Date?

    /// The header `line` is, or nil when it is not one this reader knows.
    init?(_ line: String) {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == "-" else { return nil }
        let segments = trimmed.dropFirst().split(separator: "|", omittingEmptySubsequences: false)
        guard let first = segments.first else { return nil }
        let firstWords = Self.words(first)
        guard let kind = firstWords.lazy.compactMap({ Self.kinds[$0] }).first else { return nil }
        self.kind = kind
        for segment in segments {
            let words = Self.words(segment)
            if let dateWord = words.firstIndex(where: { Self.dateWords.contains($0) }) {
                // "Hinzugefügt am" is not a time before noon.
                var start = dateWord + 1
                if start < words.count, Self.dateConnectors.contains(words[start]) { start += 1 }
                madeAt = KindleDate.date(from: words[start...])
                continue
            }
            for (index, word) in words.enumerated() where index + 1 < words.count {
                if page == nil, Self.pageWords.contains(word) {
                    page = String(words[index + 1].prefix(Self.pageCharacters))
                } else if location == nil, Self.locationWords.contains(word) {
                    // "620 - 620" (older Spanish firmware) is three words.
                    let number = words[(index + 1)...].prefix {
                        $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
                    }
                    location = Self.range(number.joined())
                }
            }
        }
    }

    /// The lowercased words of `text`, without the commas and full stops that end some, and
    /// without an article French joins to its word: "à l'emplacement 85-86", the header of a book
    /// without pages, lost its place, and with it its note and the merge of a longer highlight
    /// (found by an exploratory session).
    private static func words(_ text: Substring) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { word in
            var bare = stripped(word.lowercased(), of: wordEnds)
            for article in ["l'", "l’"] where bare.hasPrefix(article) && bare.count > article.count {
                bare.removeFirst(article.count)
            }
            return bare.isEmpty ? nil : bare
        }
    }

    /// `word` without the `marks` at either end. (Foundation's `trimmingCharacters` goes through
    /// UTF-16 on Linux, which shows in a file of 40,000 headers.)
    static func stripped(_ word: String, of marks: Set<Character>) -> String {
        guard let first = word.first, let last = word.last, marks.contains(first) || marks.contains(last) else {
            return word
        }
        var bare = Substring(word)
        while let mark = bare.first, marks.contains(mark) { bare.removeFirst() }
        while let mark = bare.last, marks.contains(mark) { bare.removeLast() }
        return String(bare)
    }

    /// "170-172", "3054", and "143-46", which older firmware wrote for 143-146.
    static func range(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: true)
        guard let startText = parts.first, startText.count <= 9, let start = Int(startText) else { return nil }
        guard parts.count == 2, parts[1].count <= 9, var end = Int(parts[1]) else { return start...start }
        if end < start, parts[1].count < startText.count, let whole = Int(startText.dropLast(parts[1].count) + parts[1])
        {
            end = whole
        }
        return end >= start ? start...end : start...start
    }

    /// A page longer than this is not a page number.
    private static let pageCharacters = 20

    /// The words that name a clipping's kind, in English, German, French and Spanish.
    private static let kinds: [String: Kind] = [
        "highlight": .highlight, "markierung": .highlight, "surlignement": .highlight, "subrayado": .highlight,
        "note": .note, "notiz": .note, "nota": .note,
        "bookmark": .bookmark, "lesezeichen": .bookmark, "signet": .bookmark, "marcador": .bookmark,
        "clipping": .clipping, "ausschnitt": .clipping, "extrait": .clipping, "recorte": .clipping,
    ]
    private static let pageWords: Set<String> = ["page", "seite", "página", "pagina"]
    private static let locationWords: Set<String> = [
        "location", "loc.", "position", "posición", "posicion", "emplacement",
    ]
    /// The first word of "Added on", "Hinzugefügt am", "Ajouté le", "Añadido el".
    private static let dateWords: Set<String> = ["added", "hinzugefügt", "ajouté", "añadido"]
    /// What ends some words of a header ("Sunday,") and of a date ("3.").
    private static let wordEnds: Set<Character> = [",", ";"]
    private static let dateConnectors: Set<String> = ["on", "am", "le", "el"]
}

/// The dates of Kindle headers: "Sunday, 3 March 2019 12:01:02", "Friday, January 1, 2021
/// 12:00:00 PM", "Sonntag, 3. März 2019 12:01:02", "Donnerstag, 25. April 2013 um 23:40:04 Uhr",
/// "dimanche 3 mars 2019 à 12:01:02", "domingo, 3 de marzo de 2019 12:01:02".
///
/// The words come in different orders, so each is recognised by its shape: a month's name, a
/// year of four digits, a day of one or two, a time with colons, AM or PM. The device writes its
/// local time with no zone; it is read as UTC.
enum KindleDate {
    static func date(from words: ArraySlice<String>) -> Date? {
        var day: Int?
        var month: Int?
        var year: Int?
        var time: [Int]?
        var afternoon: Bool?
        for raw in words {
            let word = KindleHeader.stripped(raw, of: dateWordEnds)
            if word.utf8.contains(UInt8(ascii: ":")) {
                if time == nil {
                    // "23:38:23.1": the tenths are dropped.
                    let parts = word.split(separator: ":").map { Int($0.prefix { $0.isNumber }) }
                    guard parts.count >= 2, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { continue }
                    time = parts.compactMap { $0 }
                }
            } else if word == "am" || word == "a.m" {
                afternoon = false
            } else if word == "pm" || word == "p.m" {
                afternoon = true
            } else if word.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(word) {
                if word.count == 4 {
                    year = number
                } else if word.count <= 2, day == nil {
                    day = number
                }
            } else if let named = months[word] {
                month = named
            }
        }
        guard let day, let month, let year else { return nil }
        var hour = time?[0] ?? 0
        if let afternoon {
            if afternoon, hour < 12 { hour += 12 } else if !afternoon, hour == 12 { hour = 0 }
        }
        let minute = time?[1] ?? 0
        let second = time.flatMap { $0.count > 2 ? $0[2] : nil } ?? 0
        guard (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let components = DateComponents(
            calendar: calendar, timeZone: calendar.timeZone, year: year, month: month, day: day, hour: hour,
            minute: minute, second: second)
        // A day the month does not have ("31 February") is no date.
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    private static let dateWordEnds: Set<Character> = [".", ","]

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// Months' names in English, German, French and Spanish, lowercased.
    private static let months: [String: Int] = {
        let names = [
            ["january", "januar", "janvier", "enero"],
            ["february", "februar", "février", "febrero"],
            ["march", "märz", "mars", "marzo"],
            ["april", "avril", "abril"],
            ["may", "mai", "mayo"],
            ["june", "juni", "juin", "junio"],
            ["july", "juli", "juillet", "julio"],
            ["august", "août", "agosto"],
            ["september", "septembre", "septiembre", "setiembre"],
            ["october", "oktober", "octobre", "octubre"],
            ["november", "novembre", "noviembre"],
            ["december", "dezember", "décembre", "diciembre"],
        ]
        var table: [String: Int] = [:]
        for (index, list) in names.enumerated() {
            for name in list { table[name] = index + 1 }
        }
        return table
    }()
}
