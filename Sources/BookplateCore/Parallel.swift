import Foundation

/// Work spread over the machine's cores, for the pure steps of an import, a build or `list`.
public enum Parallel {
    /// The cores this process may use, read once (Foundation reads the cgroup files each time).
    package static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `transform` applied to each of `items`, in order, with the items split into one contiguous
    /// run per core. `transform` must be safe to call from several threads at once; small inputs
    /// are mapped on the calling thread.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        let workers = min(cores, items.count / 64)
        guard workers > 1 else { return items.map(transform) }
        // Each worker initializes its own run of the buffer and nothing else.
        return filled(from: items, workers: workers) { worker, input, output in
            let start = input.count * worker / workers
            let end = input.count * (worker + 1) / workers
            for index in start..<end {
                (output + index).initialize(to: transform(input[index]))
            }
        }
    }

    /// `transform` applied to each of `items`, in order, the items handed out one at a time to a
    /// worker per core: for items whose cost varies a lot (a cover's thumbnails take 50 ms, a book
    /// without one nothing), where runs of equal length would leave a core idle.
    public static func mapEach<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        let workers = min(cores, items.count)
        guard workers > 1 else { return items.map(transform) }
        let next = NSLock()
        nonisolated(unsafe) var handedOut = 0
        // Each index is handed to one worker, which initializes that element and nothing else.
        return filled(from: items, workers: workers) { _, input, output in
            while true {
                let index = next.withLock {
                    defer { handedOut += 1 }
                    return handedOut
                }
                guard index < input.count else { return }
                (output + index).initialize(to: transform(input[index]))
            }
        }
    }

    /// `first` and `second` worked out at once, one on each of two cores (one after the other
    /// where there is one): for two parts of a step that need nothing from each other.
    public static func both<A: Sendable, B: Sendable>(
        _ first: @Sendable () -> A, _ second: @Sendable () -> B
    ) -> (A, B) {
        guard cores > 1 else { return (first(), second()) }
        // Each result is written by its own iteration alone, and read once both are done.
        nonisolated(unsafe) var a: A?
        nonisolated(unsafe) var b: B?
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 { a = first() } else { b = second() }
        }
        return (a.unsafelyUnwrapped, b.unsafelyUnwrapped)
    }

    /// An array of `items.count` results made by `workers` threads at once, each calling `fill`
    /// with its number, the items and the results' storage. Between them the calls must
    /// initialize every element of the storage exactly once.
    private static func filled<T: Sendable, R: Sendable>(
        from items: [T], workers: Int,
        _ fill: @Sendable (_ worker: Int, _ input: UnsafeBufferPointer<T>, _ output: UnsafeMutablePointer<R>) -> Void
    ) -> [R] {
        [R](unsafeUninitializedCapacity: items.count) { buffer, count in
            guard let first = buffer.baseAddress else { return }
            nonisolated(unsafe) let output = first
            items.withUnsafeBufferPointer { input in
                nonisolated(unsafe) let input = input
                DispatchQueue.concurrentPerform(iterations: workers) { worker in fill(worker, input, output) }
            }
            count = items.count
        }
    }
}
