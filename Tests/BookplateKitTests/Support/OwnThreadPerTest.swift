import Foundation
import Testing

/// Runs each test of a suite on a thread of its own, never waiting for Swift's shared threads.
///
/// Swift Testing starts every test at once, and on two cores the synchronous ones fill Swift's
/// shared threads for a minute or more: a test whose client waits for a loopback server was
/// resumed only when its turn came, long after its timeouts and deadlines had passed. A task
/// executor preference keeps the test's tasks, and the tasks they start, on a queue of its own.
struct OwnThreadPerTest: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(QueueExecutor()) { try await function() }
    }
}

extension Trait where Self == OwnThreadPerTest {
    /// See ``OwnThreadPerTest``.
    static var ownThreadPerTest: Self { Self() }
}

/// Runs tasks on a serial dispatch queue: dispatch gives such a queue a thread of its own when it
/// has work, outside the few threads Swift's tasks share.
final class QueueExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "test-tasks")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
