import Foundation

/// Days and moments on the proleptic Gregorian calendar, ISO 8601's: the calendar every stored
/// date is written in, carried back before 1582 as it is. Foundation's Gregorian calendar is
/// Julian before 15 October 1582, so a read finished on 1582-10-10 (a day of the gap, which
/// `read` takes) was fed as 1582-10-20 (found by an exploratory session). Worked out by
/// arithmetic (Howard Hinnant's `days_from_civil` and `civil_from_days`), never by `Calendar`.
package enum ProlepticGregorian {
    /// Midnight UTC of `year-month-day`.
    package static func midnightUTC(year: Int, month: Int, day: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(daysSinceEpoch(year: year, month: month, day: day)) * 86_400)
    }

    /// The day `date` falls on, `offset` seconds east of UTC.
    package static func day(of date: Date, secondsEastOfUTC offset: Int = 0) -> (year: Int, month: Int, day: Int) {
        let seconds = Int((date.timeIntervalSince1970).rounded(.down)) + offset
        return civil(fromDaysSinceEpoch: seconds.floorDivided(by: 86_400))
    }

    /// `date` as ISO 8601 to the second, in UTC: `1582-10-10T00:00:00Z`.
    package static func timestamp(_ date: Date) -> String {
        let seconds = Int((date.timeIntervalSince1970).rounded(.down))
        let (year, month, day) = civil(fromDaysSinceEpoch: seconds.floorDivided(by: 86_400))
        let time = seconds - seconds.floorDivided(by: 86_400) * 86_400
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let paddedYear = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(paddedYear)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    /// The moment `2024-03-14T09:26:53Z` or `2024-03-14T09:26:53.027Z` stands for (ISO 8601 in
    /// UTC, to the second or the millisecond), read by hand; nil for any other text. An export's
    /// every book and highlight has one: a Foundation formatter made for each took half of an
    /// import's time and most of a CSV export's (found by an exploratory session).
    package static func moment(fromTimestamp text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        let marks: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard marks.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...PartialDate.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var milliseconds = 0
        if bytes.count == 24 {
            guard bytes[19] == UInt8(ascii: "."), let fraction = number(20..<23) else { return nil }
            milliseconds = fraction
        }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds * 1000 + milliseconds) / 1000)
    }

    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted.floorDivided(by: 400)
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDaysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int {
    /// The quotient rounded down, for days before 1970 too (Swift's `/` rounds toward zero).
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? quotient - 1 : quotient
    }
}

extension PartialDate {
    /// The first moment of the day where `timeZone` is (UTC unless told), on the proleptic
    /// Gregorian calendar; of its month or year when that is all that is known.
    package func firstMoment(in timeZone: TimeZone? = nil) -> Date {
        let midnight = ProlepticGregorian.midnightUTC(year: year, month: month ?? 1, day: day ?? 1)
        guard let timeZone else { return midnight }
        // The zone's offset at about that moment there.
        let offset = timeZone.secondsFromGMT(
            for: midnight.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: midnight))))
        return midnight.addingTimeInterval(-Double(offset))
    }
}
