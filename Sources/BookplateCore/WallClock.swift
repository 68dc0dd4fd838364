import Foundation

/// Where "now" comes from, as a date, so that tests can fix it. (Not the standard library's
/// `Clock`, which measures durations: this one tells the date and time.)
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The real clock.
    public static let system = WallClock(now: { Date() })

    /// A clock stopped at `date`.
    public static func fixed(_ date: Date) -> WallClock {
        WallClock(now: { date })
    }

    /// Today's date in UTC, as a day.
    public var today: PartialDate { PartialDate.day(of: now()) }
}
