import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Serialises builds of one shelf: `serve`'s rebuilds, a `build` in another terminal, and any
/// other build take their turn, each reading its inputs only once it has the lock, so none writes
/// a site older than the inputs the one before it read.
///
/// An advisory `flock` on `content/.bookplate/build.lock`: the system lets it go when the process
/// ends, killed or not, so a killed build never leaves the shelf locked.
final class BuildLock: Sendable {
    private let descriptor: Int32

    /// Waits until no other build of the shelf whose state folder is `folder` runs, then holds the
    /// lock until released (or this value is gone). `waiting` is told when another build holds
    /// it, before the wait: a build that waited said nothing, and looked hung (found by an
    /// exploratory session).
    init(folder: URL, waiting: (() -> Void)? = nil) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("build.lock").path
        // As every other file is made (0666 less the umask): 0644 kept a shelf shared by a
        // group from being built by its second reader (found by an exploratory session).
        switch AdvisoryLock.hold(at: path, waiting: { waiting?() }) {
        case .success(let held): descriptor = held
        case .failure(.open(let failure)):
            var reason = String(cString: strerror(failure))
            // Left by `sudo bookplate build`: the state folder is root's (found by a review); or,
            // in a shelf shared by a group, the other reader's.
            if let advice = ForeignOwnership.advice(forLockFile: path, in: folder.path, failure: failure) {
                reason += " (\(advice))"
            }
            throw SiteError.unwritable(path: path, reason: reason)
        case .failure(.lock(let failure)):
            throw SiteError.unwritable(path: path, reason: String(cString: strerror(failure)))
        }
    }

    deinit {
        close(descriptor)
    }
}
