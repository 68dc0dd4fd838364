import Foundation

/// A value that a signal's handler reads on another thread while the command changes it: what
/// `add` has added so far, whether `serve` waits for another build, how far a catalog pass got.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// The value as it is now.
    var current: Value { lock.withLock { value } }

    /// Changes the value under the lock, and returns what `change` returns.
    @discardableResult
    func change<Result>(_ change: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try change(&value) }
    }
}
