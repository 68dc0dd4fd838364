#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on an open lock file, as the shelf's locks take it (a build's, a
/// remove's or restore's): the system lets it go when the process ends, killed or not.
package enum AdvisoryLock {
    /// Takes the lock on `descriptor`, telling `waiting` first when another holds it, then
    /// waiting for it (a wait without a word looked hung). Returns 0, or the `errno` it failed with.
    package static func take(_ descriptor: Int32, waiting: () -> Void) -> Int32 {
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return 0 }
        if errno == EWOULDBLOCK { waiting() }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { return errno }
        }
        return 0
    }

    /// Takes the lock on `descriptor` only if no one holds it: whether it was taken.
    package static func takeIfFree(_ descriptor: Int32) -> Bool {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }
}
