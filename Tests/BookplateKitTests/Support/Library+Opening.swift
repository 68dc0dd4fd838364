import Foundation

@testable import BookplateCore
@testable import BookplateLibrary

extension Library {
    /// The library at `url`, opened as a command opens it, what the opening tells being let go:
    /// for tests that are not about what it tells.
    static func open(at url: URL, create: Bool = false, clock: WallClock = .system) throws -> Library {
        try open(at: url, create: create, clock: clock, telling: { _ in })
    }

    /// The library at `url`, opened as a command that only reads it opens it, what the opening
    /// tells being let go.
    static func open(forReadingAt url: URL, clock: WallClock = .system) throws -> Library {
        try open(forReadingAt: url, clock: clock, telling: { _ in })
    }
}
