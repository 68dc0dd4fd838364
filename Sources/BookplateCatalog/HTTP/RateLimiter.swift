import BookplateCore
import BookplateLibrary

/// Spaces requests to one service at least `interval` apart, across concurrent tasks.
public actor RateLimiter {
    private let interval: Duration
    private var nextSlot: ContinuousClock.Instant?

    /// A limiter allowing `requestsPerSecond` requests a second.
    public init(requestsPerSecond: Double) {
        interval = .milliseconds(Int((1000 / requestsPerSecond).rounded(.up)))
    }

    /// Waits until this caller may send its request.
    public func waitForTurn() async {
        let now = ContinuousClock.now
        let slot = max(now, nextSlot ?? now)
        nextSlot = slot + interval
        if slot > now { try? await Task.sleep(until: slot, clock: .continuous) }
    }
}
