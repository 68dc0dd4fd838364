/// Spaces requests to one service at least `interval` apart, across concurrent tasks.
public actor RateLimiter {
    private let interval: Duration
    /// Time since the limiter began, and how it waits: the real clock, or a test's.
    private let now: @Sendable () -> Duration
    private let sleep: @Sendable (Duration) async -> Void
    private var nextSlot: Duration?

    /// A limiter allowing `requestsPerSecond` requests a second, on the real clock.
    public init(requestsPerSecond: Double) {
        let origin = ContinuousClock.now
        self.init(
            requestsPerSecond: requestsPerSecond, now: { ContinuousClock.now - origin },
            sleep: { try? await Task.sleep(for: $0) })
    }

    /// A limiter on a clock the caller keeps: `now` tells the time since it began, `sleep` waits.
    package init(
        requestsPerSecond: Double, now: @escaping @Sendable () -> Duration,
        sleep: @escaping @Sendable (Duration) async -> Void
    ) {
        interval = .milliseconds(Int((1000 / requestsPerSecond).rounded(.up)))
        self.now = now
        self.sleep = sleep
    }

    /// Waits until this caller may send its request.
    public func waitForTurn() async {
        let now = self.now()
        let slot = max(now, nextSlot ?? now)
        nextSlot = slot + interval
        if slot > now { await sleep(slot - now) }
    }
}
