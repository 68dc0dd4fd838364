import BookplateCore
import Foundation

/// The moments highlights exports write: Kobo's `2023-04-01T10:22:33.000` (sometimes with a `Z`)
/// and Readwise's `2021-06-13 20:19:00+00:00`.
///
/// Read by hand rather than by `ISO8601DateFormatter`, which takes one shape at a time and, on
/// Linux, a formatter per thread. A moment with no zone is read as UTC, as a Kobo keeps its times
/// (and sometimes writes them without their `Z`); the library turns each into the reader's
/// wall-clock time when it records the highlight.
enum HighlightDate {
    /// The moment `text` names, or nil when it is not one of the shapes above or not a real day.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.trimmed.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += digits
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip(UInt8(ascii: "-")), let month = number(2), skip(UInt8(ascii: "-")),
            let day = number(2)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        if skip(UInt8(ascii: "T")) || skip(UInt8(ascii: " ")) {
            guard let hours = number(2), skip(UInt8(ascii: ":")), let minutes = number(2) else { return nil }
            hour = hours
            minute = minutes
            if skip(UInt8(ascii: ":")) {
                guard let seconds = number(2) else { return nil }
                second = seconds
                // Fractions of a second are dropped.
                if skip(UInt8(ascii: ".")) {
                    let start = index
                    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                        index += 1
                    }
                    guard index > start else { return nil }
                }
            }
        }
        var offset = 0
        if skip(UInt8(ascii: "Z")) {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = skip(UInt8(ascii: ":"))
            guard let minutes = number(2), hours <= 14, minutes <= 59 else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        }
        guard index == bytes.count, (1...9_999).contains(year), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second)
        else { return nil }
        let components = DateComponents(
            calendar: calendar, timeZone: calendar.timeZone, year: year, month: month, day: day, hour: hour,
            minute: minute, second: second)
        // A day the month does not have ("2023-02-30") is no date.
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return date.addingTimeInterval(TimeInterval(-offset))
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}
