import Foundation

/// The line under a clipping's title — `- Your Highlight on page 12 | Location 170-172 | Added on
/// Sunday, 3 March 2019 12:01:02` — in any language this reader knows: what kind of clipping it
/// is, where it is and when it was made.
///
/// The line is read as words rather than matched whole, because firmwares word it differently
/// ("Your Highlight at location", "Highlight Loc.", "Ihre Markierung bei Position", "La subrayado
/// en la página", "Mi subrayado Posición", "Seu destaque ou posição"); the words that name the
/// kind, the page, the location and the date are few in each language. Japanese and Chinese
/// headers have no spaces between their words, and are read by their marks instead (see
/// ``init(eastAsian:)``).
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
        guard let kind = firstWords.lazy.compactMap({ Self.kinds[$0] }).first else {
            guard let header = KindleHeader(eastAsian: segments) else { return nil }
            self = header
            return
        }
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

    /// A Japanese or Chinese header, split at its bars: `26ページ|位置No. 295-296のハイライト |作成日:
    /// 2023年9月4日月曜日 22:53:55` (older firmware: `ハイライト 位置No. 3396-3396 | 追加日：
    /// 2013年6月17日 (月曜日) 20:31:09`), `您在第 47 页（位置 #708-710）的标注 | 添加于 2021年3月5日星期五
    /// 上午1:26:56`. The kind is the segment's last word ("…のメモ", "…的笔记"), the page the number
    /// before ページ or after 第, the location the numbers after 位置.
    private init?(eastAsian segments: [Substring]) {
        var kind: Kind?
        for segment in segments {
            if segment.contains("作成日") || segment.contains("追加日") || segment.contains("添加于") {
                madeAt = KindleDate.date(eastAsian: segment)
                continue
            }
            if kind == nil {
                kind = Self.eastAsianKinds.first { segment.contains($0.mark) }?.kind
            }
            if page == nil, let mark = segment.range(of: "ページ") {
                let number = segment[..<mark.lowerBound].trimmingCharacters(in: .whitespaces)
                if !number.isEmpty { page = String(number.prefix(Self.pageCharacters)) }
            } else if page == nil, let before = segment.range(of: "第"), let after = segment.range(of: "页") {
                let number = segment[before.upperBound..<max(before.upperBound, after.lowerBound)]
                    .trimmingCharacters(in: .whitespaces)
                if !number.isEmpty { page = String(number.prefix(Self.pageCharacters)) }
            }
            if location == nil, let mark = segment.range(of: "位置") {
                // "位置No. 295-296", "位置 #708-710".
                let rest = segment[mark.upperBound...].drop { !$0.isASCII || !$0.isNumber }
                location = Self.range(String(rest.prefix { $0.isASCII && ($0.isNumber || $0 == "-") }))
            }
        }
        guard let kind else { return nil }
        self.kind = kind
    }

    /// The marks that name a clipping's kind in Japanese and in Chinese.
    private static let eastAsianKinds: [(mark: String, kind: Kind)] = [
        ("ハイライト", .highlight), ("メモ", .note), ("ブックマーク", .bookmark),
        ("标注", .highlight), ("笔记", .note), ("书签", .bookmark),
    ]

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

    /// The words that name a clipping's kind, in English, German, French, Spanish, Italian and
    /// Portuguese.
    private static let kinds: [String: Kind] = [
        "highlight": .highlight, "markierung": .highlight, "surlignement": .highlight, "subrayado": .highlight,
        "evidenziazione": .highlight, "destaque": .highlight,
        "note": .note, "notiz": .note, "nota": .note,
        "bookmark": .bookmark, "lesezeichen": .bookmark, "signet": .bookmark, "marcador": .bookmark,
        "segnalibro": .bookmark,
        "clipping": .clipping, "ausschnitt": .clipping, "extrait": .clipping, "recorte": .clipping,
        "ritaglio": .clipping,
    ]
    private static let pageWords: Set<String> = ["page", "seite", "página", "pagina"]
    private static let locationWords: Set<String> = [
        "location", "loc.", "position", "posición", "posicion", "emplacement", "posizione", "posição", "posicao",
    ]
    /// The first word of "Added on", "Hinzugefügt am", "Ajouté le", "Añadido el", "Aggiunto in
    /// data", "Adicionado:".
    private static let dateWords: Set<String> = ["added", "hinzugefügt", "ajouté", "añadido", "aggiunto", "adicionado"]
    /// What ends some words of a header ("Sunday,", "Adicionado:").
    private static let wordEnds: Set<Character> = [",", ";", ":"]
    private static let dateConnectors: Set<String> = ["on", "am", "le", "el", "il"]
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
        return date(day: day, month: month, year: year, time: time, afternoon: afternoon)
    }

    /// A Japanese or Chinese date: `2023年9月4日月曜日 22:53:55`, `2021年3月5日星期五 上午1:26:56`
    /// (上午 and 午前 are the morning, 下午 and 午後 the afternoon).
    static func date(eastAsian text: Substring) -> Date? {
        func number(before mark: Character, in text: Substring) -> (Int, Substring)? {
            guard let end = text.firstIndex(of: mark) else { return nil }
            let digits = text[..<end].reversed().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 4, let value = Int(String(digits.reversed())) else { return nil }
            return (value, text[text.index(after: end)...])
        }
        guard let (year, afterYear) = number(before: "年", in: text),
            let (month, afterMonth) = number(before: "月", in: afterYear),
            let (day, rest) = number(before: "日", in: afterMonth)
        else { return nil }
        var afternoon: Bool?
        if rest.contains("下午") || rest.contains("午後") {
            afternoon = true
        } else if rest.contains("上午") || rest.contains("午前") {
            afternoon = false
        }
        var time: [Int]?
        if let colon = rest.firstIndex(of: ":") {
            let start = rest[..<colon].reversed().prefix { $0.isASCII && $0.isNumber }.count
            let clock = rest[rest.index(colon, offsetBy: -start)...].prefix { $0.isASCII && ($0.isNumber || $0 == ":") }
            let parts = clock.split(separator: ":").map { Int($0) }
            if parts.count >= 2, parts.count <= 3, parts.allSatisfy({ $0 != nil }) { time = parts.compactMap { $0 } }
        }
        return date(day: day, month: month, year: year, time: time, afternoon: afternoon)
    }

    /// The moment of a date read in any language; nil when it is no date ("31 February").
    private static func date(day: Int?, month: Int?, year: Int?, time: [Int]?, afternoon: Bool?) -> Date? {
        guard let day, let month, let year, year > 0 else { return nil }
        var hour = time?[0] ?? 0
        if let afternoon {
            if afternoon, hour < 12 { hour += 12 } else if !afternoon, hour == 12 { hour = 0 }
        }
        let minute = time?[1] ?? 0
        let second = time.flatMap { $0.count > 2 ? $0[2] : nil } ?? 0
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second)
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

    /// Months' names in English, German, French, Spanish, Italian and Portuguese, lowercased.
    private static let months: [String: Int] = {
        let names = [
            ["january", "januar", "janvier", "enero", "gennaio", "janeiro"],
            ["february", "februar", "février", "febrero", "febbraio", "fevereiro"],
            ["march", "märz", "mars", "marzo", "março"],
            ["april", "avril", "abril", "aprile"],
            ["may", "mai", "mayo", "maggio", "maio"],
            ["june", "juni", "juin", "junio", "giugno", "junho"],
            ["july", "juli", "juillet", "julio", "luglio", "julho"],
            ["august", "août", "agosto"],
            ["september", "septembre", "septiembre", "setiembre", "settembre", "setembro"],
            ["october", "oktober", "octobre", "octubre", "ottobre", "outubro"],
            ["november", "novembre", "noviembre", "novembro"],
            ["december", "dezember", "décembre", "diciembre", "dicembre", "dezembro"],
        ]
        var table: [String: Int] = [:]
        for (index, list) in names.enumerated() {
            for name in list { table[name] = index + 1 }
        }
        return table
    }()
}
