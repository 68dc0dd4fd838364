import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether anything in the folders `serve` watches may have changed since it last asked, told by
/// the kernel (inotify) rather than found by looking: the watcher looked over the whole shelf four
/// times a second, 1.5 % of a core with 400 notes and 4 % with 3,000 while nothing changed (found
/// by an exploratory session).
///
/// A hint, never the judge: the watcher still compares the shelf with what the last build read,
/// and still looks over it now and then without a hint, for the changes no event tells of (a
/// network file system written from another machine). Where inotify is not to be had (not Linux,
/// or the system's limit of watches reached) there is no signal, and the watcher looks every time.
final class ChangeSignal {
    #if os(Linux)
        private let descriptor: Int32
        /// The folders watched so far, by the kernel's number for each watch: a folder watched
        /// again keeps its number, so a number not seen before is a folder not watched before.
        private var folders: [Int32: String] = [:]
        /// Every kind of change to a folder's entries and to the folder itself.
        private static let events =
            UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MODIFY) | UInt32(IN_ATTRIB) | UInt32(IN_MOVED_FROM)
            | UInt32(IN_MOVED_TO) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        /// The events that make, remove or move an entry.
        private static let madeOrRemoved =
            UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO)
    #endif

    /// Nil where the kernel gives no such signal.
    init?() {
        #if os(Linux)
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
        #else
            return nil
        #endif
    }

    deinit {
        #if os(Linux)
            close(descriptor)
        #endif
    }

    /// What one event told of.
    struct Event {
        /// The watched folder the entry is in.
        var folder: String
        /// The entry's name in it; empty for an event about the folder itself.
        var name: String
        /// Whether the entry's contents were written.
        var wroteContents: Bool
        /// Whether the entry was made, removed, or moved in or out.
        var madeOrRemoved: Bool
    }

    /// Watches each folder at `paths`, and no other: a folder watched before that is not among
    /// them (moved out of the shelf, a link pointed elsewhere) is watched no more, so that neither
    /// its events nor its watches pile up over a day of `serve`. One not there is passed over.
    /// Returns whether every folder could be watched (false past the system's limit of watches:
    /// the signal then cannot be trusted), and whether one was not watched before — what changed
    /// in it before its watch began is told by no event.
    func watchOnly(_ paths: some Sequence<String>) -> (everything: Bool, added: Bool) {
        #if os(Linux)
            var (everything, added) = (true, false)
            var kept: Set<Int32> = []
            for path in paths {
                let watch = inotify_add_watch(descriptor, path, Self.events)
                if watch < 0 {
                    if errno != ENOENT && errno != ENOTDIR && errno != EACCES { everything = false }
                    continue
                }
                kept.insert(watch)
                if folders.updateValue(path, forKey: watch) == nil { added = true }
            }
            for watch in folders.keys where !kept.contains(watch) {
                inotify_rm_watch(descriptor, watch)
                folders[watch] = nil
            }
            return (everything, added)
        #else
            return (false, false)
        #endif
    }

    /// Whether an event came since the last call that `counts` (one about a watched folder itself,
    /// or a queue that overflowed, always does); reads them all, without waiting.
    func takeEvents(counting counts: (Event) -> Bool) -> Bool {
        #if os(Linux)
            var told = false
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return told }
                // Each event: its watch, mask, cookie and the length of its name (four 32-bit
                // numbers), then the name, padded with NULs.
                var offset = 0
                while !told, offset + 16 <= count {
                    let (watch, mask, length) = buffer.withUnsafeBytes {
                        (
                            $0.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let name = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                    offset += 16 + length
                    guard !name.isEmpty, let folder = folders[watch] else {
                        told = true
                        break
                    }
                    told = counts(
                        Event(
                            folder: folder, name: String(decoding: name, as: UTF8.self),
                            wroteContents: mask & UInt32(IN_MODIFY) != 0, madeOrRemoved: mask & Self.madeOrRemoved != 0)
                    )
                }
            }
        #else
            return true
        #endif
    }
}
