import Foundation

/// A date known to the year, the month or the day — as precise as a catalog or a reader knows it.
///
/// Stored and printed as ISO 8601: `1969`, `1969-03` or `1969-03-01`.
public struct PartialDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    // Four bytes, 0 for a month or day not known: a book has four dates and each of its reads
    // two, and as three `Int`s they took 12 MB of a 50,000-book shelf's snapshot.
    private let storedYear: UInt16
    private let storedMonth: UInt8
    private let storedDay: UInt8

    public var year: Int { Int(storedYear) }
    public var month: Int? { storedMonth == 0 ? nil : Int(storedMonth) }
    public var day: Int? { storedDay == 0 ? nil : Int(storedDay) }

    /// The years a date can have: four digits, as ISO 8601 writes them.
    public static let years = 1...9999

    /// A date with the given parts; `day` needs `month`. Throws when the parts make no real date.
    public init(year: Int, month: Int? = nil, day: Int? = nil) throws(DateError) {
        // The text is made only for the error: dates are read by the thousand.
        func invalid() -> DateError {
            .invalid(
                [String(year), month.map(String.init), day.map(String.init)].compactMap { $0 }.joined(separator: "-"))
        }
        guard PartialDate.years.contains(year) else { throw invalid() }
        if let month {
            guard (1...12).contains(month) else { throw invalid() }
        }
        if let day {
            guard let month, (1...PartialDate.daysIn(month: month, year: year)).contains(day) else {
                throw invalid()
            }
        }
        storedYear = UInt16(year)
        storedMonth = UInt8(month ?? 0)
        storedDay = UInt8(day ?? 0)
    }

    /// Parses `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (also with `/` between the parts).
    /// The months' names in English, in small letters, January first.
    package static let englishMonths = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    /// A date written out in English, as Open Library gives an author's: "21 October 1929",
    /// "October 21, 1929", "Oct. 1929", "1929"; nil for anything else ("c. 1340", "fl. 1200"),
    /// which is not a date to write another way.
    public static func writtenInEnglish(_ text: String) -> PartialDate? {
        let months = englishMonths
        let words = text.lowercased().split { $0 == " " || $0 == "," }.map { $0.hasSuffix(".") ? $0.dropLast() : $0 }
        var year: Int?
        var month: Int?
        var day: Int?
        for word in words {
            if word.count == 4, word.allSatisfy(\.isASCIIDigit), year == nil {
                year = Int(word)
            } else if (1...2).contains(word.count), word.allSatisfy(\.isASCIIDigit), day == nil, year == nil {
                day = Int(word)
            } else if month == nil, year == nil, word.count >= 3,
                // "Oct", and "Sept", as English writes September short too (found by a review).
                let found = months.firstIndex(where: {
                    $0 == word || ($0.hasPrefix(word) && (word.count == 3 || word == "sept"))
                })
            {
                month = found + 1
            } else {
                return nil
            }
        }
        guard let year, day == nil || month != nil else { return nil }
        return try? PartialDate(year: year, month: month, day: day)
    }

    public init(parsing text: String) throws(DateError) {
        let trimmed = text.numeralsInASCII.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: trimmed.contains("/") ? "/" : "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
            parts[0].count == 4, parts.dropFirst().allSatisfy({ $0.count <= 2 }),
            let year = Int(parts[0])
        else { throw .invalid(text) }
        do {
            try self.init(
                year: year,
                month: parts.count > 1 ? Int(parts[1]) : nil,
                day: parts.count > 2 ? Int(parts[2]) : nil)
        } catch {
            throw .invalid(text)
        }
    }

    /// Whether year, month and day are all known.
    public var isFullDate: Bool { day != nil }

    public var description: String {
        /// `value` with zeros in front, to `width` digits (`String(format:)` was a tenth of a
        /// book's schema.org data).
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value.magnitude)
            let zeros = String(repeating: "0", count: max(0, width - digits.count - (value < 0 ? 1 : 0)))
            return value < 0 ? "-" + zeros + digits : zeros + digits
        }
        var text = padded(year, 4)
        if let month { text += "-" + padded(month, 2) }
        if let day { text += "-" + padded(day, 2) }
        return text
    }

    /// The date in words, as far as it is known: "1969", "March 1969", "2 March 1969".
    public var longDescription: String {
        guard let month else { return String(year) }
        let monthName = PartialDate.monthNames[month - 1]
        guard let day else { return "\(monthName) \(year)" }
        return "\(day) \(monthName) \(year)"
    }

    public static func < (lhs: PartialDate, rhs: PartialDate) -> Bool {
        (lhs.storedYear, lhs.storedMonth, lhs.storedDay) < (rhs.storedYear, rhs.storedMonth, rhs.storedDay)
    }

    /// Whether this date is over before `other` begins, however precisely each is known: a date
    /// ends before another only when the parts both know tell them apart. `2020` is not before
    /// `2020-01` (the year holds the month), nor `2020-01` before `2020-01-15`; `2019-12` is
    /// before `2020`. `<` orders dates (the less precise first) and says nothing of this.
    public func endsBefore(_ other: PartialDate) -> Bool {
        guard storedYear == other.storedYear else { return storedYear < other.storedYear }
        guard storedMonth != 0, other.storedMonth != 0 else { return false }
        guard storedMonth == other.storedMonth else { return storedMonth < other.storedMonth }
        guard storedDay != 0, other.storedDay != 0 else { return false }
        return storedDay < other.storedDay
    }

    /// The calendar day of `date` in `timeZone`, UTC unless told (a highlight's time, kept as UTC).
    /// On the proleptic Gregorian calendar, as every stored date is (``ProlepticGregorian``).
    public static func day(of date: Date, in timeZone: TimeZone? = nil) -> PartialDate {
        let parts = ProlepticGregorian.day(of: date, secondsEastOfUTC: timeZone?.secondsFromGMT(for: date) ?? 0)
        // Valid parts, unless the moment is outside years 1 to 9999.
        return (try? PartialDate(year: parts.year, month: parts.month, day: parts.day))
            ?? PartialDate(uncheckedYear: 1970)
    }

    private init(uncheckedYear: UInt16) {
        storedYear = uncheckedYear
        storedMonth = 0
        storedDay = 0
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year.isMultiple(of: 4) && !year.isMultiple(of: 100)) || year.isMultiple(of: 400) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Why a piece of text is not a date Bookplate can use.
public enum DateError: Error, Equatable, CustomStringConvertible {
    case invalid(String)

    public var description: String {
        switch self {
        case .invalid(let text):
            "'\(text)' is not a date: write it as YYYY-MM-DD, or YYYY-MM or YYYY when that is all you know"
        }
    }
}

extension PartialDate: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a date")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
