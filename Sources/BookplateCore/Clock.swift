import Foundation

/// Where "now" comes from, so that tests can fix it.
public struct Clock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The real clock.
    public static let system = Clock(now: { Date() })

    /// A clock stopped at `date`.
    public static func fixed(_ date: Date) -> Clock {
        Clock(now: { date })
    }

    /// Today's date in UTC, as a day.
    public var today: PartialDate { PartialDate.day(of: now()) }
}

extension URL {
    /// The path relative to the current directory when it lies below it, else the full path.
    public var relativePathForDisplay: String {
        let current = FileManager.default.currentDirectoryPath
        let full = standardizedFileURL.path
        if full.hasPrefix(current + "/") { return String(full.dropFirst(current.count + 1)) }
        return full
    }
}
