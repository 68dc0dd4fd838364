import Foundation

/// Where "now" comes from, as a date, so that tests can fix it. (Not the standard library's
/// `Clock`, which measures durations: this one tells the date and time.)
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date
    /// Where the reader is: what day "today" is.
    public var timeZone: TimeZone

    public init(now: @escaping @Sendable () -> Date, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The real clock, in the reader's time zone: the one `TZ` names, as `date` reads it
    /// (``Foundation/TimeZone/fromEnvironment(_:zoneFolder:)``).
    public static var system: WallClock { WallClock(now: { Date() }, timeZone: .fromEnvironment()) }

    /// A clock stopped at `date`, in `timeZone` (UTC unless told).
    public static func fixed(_ date: Date, in timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current)
        -> WallClock
    {
        WallClock(now: { date }, timeZone: timeZone)
    }

    /// Today's date where the reader is, as a day: a book finished on New Year's morning in Tokyo
    /// was finished the year before, on UTC's day (found by an exploratory session).
    public var today: PartialDate { PartialDate.day(of: now(), in: timeZone) }

    /// What the reader's clock showed at `instant`, kept as that time in UTC: how the library keeps
    /// a highlight's time, as a Kindle writes it. Its day is then the reader's wherever the site
    /// is built, read as UTC; the zone itself is not kept.
    public func wallClockTime(of instant: Date) -> Date {
        instant.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: instant)))
    }
}
