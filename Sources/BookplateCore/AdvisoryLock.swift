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

    /// What kept ``hold(at:waiting:)`` from holding a lock: the `errno` of opening its file, or of
    /// taking the lock.
    package enum Failure: Error {
        case open(Int32)
        case lock(Int32)
    }

    /// Opens the lock file at `path`, making it as every other file is made (0666 less the umask,
    /// so that a shelf shared by a group works), and takes the lock on it as ``take(_:waiting:)``
    /// does; returns the open descriptor, which holds the lock until it is closed.
    package static func hold(at path: String, waiting: () -> Void) -> Result<Int32, Failure> {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return .failure(.open(errno)) }
        let failure = take(descriptor, waiting: waiting)
        guard failure == 0 else {
            close(descriptor)
            return .failure(.lock(failure))
        }
        return .success(descriptor)
    }

    /// Takes the lock on `descriptor` only if no one holds it: whether it was taken.
    package static func takeIfFree(_ descriptor: Int32) -> Bool {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }
}
