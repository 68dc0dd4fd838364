import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A `remove` or a `restore` between its two steps, the library and the files: an advisory
/// `flock` on `removal.lock` in the shelf's state folder, which holds the slug of the book it
/// moves. The system lets the lock go when the process ends, killed or not, so a lock that can be
/// taken means no such command is running, and files the library disagrees with were left by
/// one cut short.
///
/// Every command's start finishes such an interrupted command (`BookRemoval.finishInterrupted()`),
/// and took a `restore` waiting for the library, its note already back, for one:
/// it set the note aside again, and the restore went on to bring the book back without it (found
/// by an exploratory session). The finishing now takes its turn on the lock first, and leaves the
/// shelf as it is when it cannot.
package final class RemovalUnderWay: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    static func lockPath(in folder: URL) -> String {
        folder.appendingPathComponent("removal.lock").path
    }

    /// Waits for any other `remove` or `restore` of the shelf whose state folder is `folder` to
    /// end, then holds the lock for the book `slug` until this value is gone. Nil when the lock
    /// file cannot be made (a state folder another user owns): the command goes on, as it did
    /// before there was a lock.
    /// `waiting` is told when another holds the lock, before this waits for it: a command
    /// waited without a word (found by a review).
    package static func begin(slug: String, in folder: URL, waiting: () -> Void = {}) -> RemovalUnderWay? {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard case .success(let descriptor) = AdvisoryLock.hold(at: lockPath(in: folder), waiting: waiting) else {
            return nil
        }
        // The slug, for a build that meets the book's note between the two steps.
        let bytes = Array(slug.utf8)
        _ = ftruncate(descriptor, 0)
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return RemovalUnderWay(descriptor: descriptor)
    }

    /// The lock, for finishing what an interrupted command left: nil while a `remove` or a
    /// `restore` runs, which must not be undone as if it had been cut short. Without a lock file
    /// (none can be made) the finishing goes on, as before there was one.
    package static func finishing(in folder: URL) -> Taken {
        let descriptor = open(lockPath(in: folder), O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return .noLock }
        guard AdvisoryLock.takeIfFree(descriptor) else {
            close(descriptor)
            return .heldByAnother
        }
        return .taken(RemovalUnderWay(descriptor: descriptor))
    }

    /// What ``finishing(in:)`` found.
    package enum Taken {
        case taken(RemovalUnderWay)
        /// A `remove` or a `restore` is running.
        case heldByAnother
        /// No lock file could be opened.
        case noLock
    }

    /// The slug of the book a `remove` or a `restore` of the shelf whose state folder is `folder`
    /// is moving now, if one runs.
    package static func slugBeingMoved(in folder: URL) -> String? {
        let descriptor = open(lockPath(in: folder), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else { return nil }
        guard errno == EWOULDBLOCK else { return nil }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }
}
