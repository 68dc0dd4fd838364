import Foundation
import Synchronization

/// Work begun on a thread of its own while the caller goes on with something else; its result
/// is waited for when it is asked for. (A build reads its notes while the library loads.)
package final class Background<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `work` at once.
    package init(_ work: @escaping @Sendable () throws -> Value) {
        Thread.detachNewThread { [self] in
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            finished.signal()
        }
    }

    /// The work's result, or the error it threw, once it is done.
    package func value() throws -> Value {
        finished.wait()
        // Whoever asks again is let through too.
        defer { finished.signal() }
        guard let result = outcome.withLock({ $0 }) else { preconditionFailure("finished without a result") }
        return try result.get()
    }
}
