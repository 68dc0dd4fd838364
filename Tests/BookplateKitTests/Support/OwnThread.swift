import Foundation

/// Runs long blocking work on a thread of its own.
///
/// Swift's tasks share as many threads as the machine has cores — two on CI. A test that builds
/// sites for a minute on one of them keeps every other test's tasks waiting, stub catalog servers
/// included, and their clients then time out.
enum OwnThread {
    @discardableResult
    static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: work()) }
        }
    }

    /// `work`'s result or error, made on a thread of its own; expectations stay in the test,
    /// which waits without holding one of the shared threads.
    @discardableResult
    static func run<Result: Sendable>(throwing work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { done in
            Thread.detachNewThread { done.resume(with: Swift.Result { try work() }) }
        }
    }
}
