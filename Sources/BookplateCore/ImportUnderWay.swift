import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A mark in a shelf's state folder that an import is writing its notes: `importing-<pid>-<random>`. A build
/// that ran meanwhile found those notes before their books were in the library, and told the
/// reader, a line each, to rename or move them away, which would have broken the import (found
/// by an exploratory session).
///
/// The importer holds an advisory `flock` on its mark, which the system lets go when the process
/// ends, killed or not: a mark is live only while its lock is held. A mark judged by its process
/// id outlived a killed import for good, and once another process took that id, every build said
/// an import was under way (found by an exploratory session). A dead mark is removed by whoever
/// finds it.
package final class ImportUnderWay: Sendable {
    /// The open mark, whose descriptor holds the lock; nil once the mark is taken away.
    private let descriptor: Mutex<Int32?>
    private let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = Mutex(descriptor)
        self.path = path
    }

    deinit {
        end()
    }

    static let prefix = "importing-"

    /// Marks an import under way in `folder`, removing the marks of imports that are gone; nil
    /// when the mark cannot be made (the import goes on: the mark only spares a build's reader a
    /// misleading warning).
    package static func begin(in folder: URL) -> ImportUnderWay? {
        begin(in: folder, process: getpid())
    }

    /// Marks an import under way in `folder` in the name of `process`: a test's stand-in for
    /// another process's import is one in its name.
    static func begin(in folder: URL, process: pid_t) -> ImportUnderWay? {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = isUnderWay(in: folder)
        let name = "\(prefix)\(process)-\(UInt32.random(in: 0...UInt32.max))"
        let path = folder.appendingPathComponent(name).path
        // A finder may take a mark for dead between its making and its lock, and remove it: the
        // lock is then on a file no longer there, and the mark is made again.
        for _ in 0..<100 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { return nil }
            guard AdvisoryLock.take(descriptor, waiting: {}) == 0 else {
                close(descriptor)
                return nil
            }
            if isStill(descriptor, at: path) { return ImportUnderWay(descriptor: descriptor, path: path) }
            close(descriptor)
        }
        return nil
    }

    /// Takes the mark away: removed while its lock is held, so that no finder removes a mark
    /// made after it.
    package func end() {
        guard let descriptor = descriptor.withLock({ $0.take() }) else { return }
        if Self.isStill(descriptor, at: path) { unlink(path) }
        close(descriptor)
    }

    /// Whether another process's import marked in `folder` is under way: its mark's lock is held.
    /// This process's own mark does not count: an import waiting behind another program's lock
    /// said it waited for "an import under way", itself (found by a review). A mark whose lock is
    /// free was left by an import that ended without taking it away (killed), and is removed.
    package static func isUnderWay(in folder: URL) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var underWay = false
        for name in names where name.hasPrefix(prefix) {
            let path = folder.appendingPathComponent(name).path
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard AdvisoryLock.takeIfFree(descriptor) else {
                // Held: by this process when the name is its own (a killed import's mark under a
                // process id now this one's is free, and goes below).
                if process(markedIn: name) != getpid() { underWay = true }
                continue
            }
            // Free: the import that made it is gone; unless an import made it again meanwhile.
            if isStill(descriptor, at: path) { unlink(path) }
        }
        return underWay
    }

    /// The process id a mark's name holds (`importing-<pid>-<random>`, or `importing-<pid>` as
    /// older versions made it).
    private static func process(markedIn name: String) -> pid_t? {
        pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" })
    }

    /// Whether the file open as `descriptor` is the one at `path` still.
    private static func isStill(_ descriptor: Int32, at path: String) -> Bool {
        var opened = stat()
        var named = stat()
        return fstat(descriptor, &opened) == 0 && stat(path, &named) == 0 && opened.st_dev == named.st_dev
            && opened.st_ino == named.st_ino
    }
}
