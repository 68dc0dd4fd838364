import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a file looks like from outside — size, modification and change times, inode — read with
/// `stat` directly: a ten-thousand-book shelf asks for them on every build.
///
/// A stamp tells that a file changed without reading it: a program can set a file's modification
/// time back, but not its change time (`ctime`, which the system sets on every write, rename or
/// link). Except in one case: a file changed twice within one tick of the file system's clock
/// keeps its times. So a file changed within a tick of when it is stamped is *racy* (as
/// git calls it): its stamp carries a digest of its contents, and a later stamp of the same file,
/// racy or not, differs from it unless it has the same digest.
package enum FileStamps {
    package struct Stamp: Hashable, Sendable {
        package var size: Int64
        /// Nanoseconds since 1970.
        package var modified: Int64
        /// When the file's contents or its entry last changed (`ctime`), in nanoseconds since 1970.
        package var changed: Int64
        package var inode: UInt64
        /// A digest of the contents, for a racy file only.
        package var digest: UInt64?

        /// The stamp of no file: a file recorded with it is found changed, whatever is there.
        package static let gone = Stamp(size: -1, modified: 0, changed: 0, inode: 0)

        package init(size: Int64, modified: Int64, changed: Int64, inode: UInt64, digest: UInt64? = nil) {
            self.size = size
            self.modified = modified
            self.changed = changed
            self.inode = inode
            self.digest = digest
        }
    }

    /// How close to the moment it is stamped a file's time must be for the stamp to need a digest,
    /// on a file system that keeps whole seconds (FAT keeps two): a generous bound on its tick.
    static let racyWindow: Int64 = 2_000_000_000
    /// The same on a file system with finer times (its clock ticks every few milliseconds), so
    /// that files written a moment before a build are not read again by the next one.
    static let fineRacyWindow: Int64 = 100_000_000

    /// Now, in nanoseconds since 1970, as stamps count.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Now, as the file system tells time where `path` is: the change time of a file made at
    /// `path` (a working name) and removed at once; nil when none can be made. A folder's change
    /// time comes from that clock, which may not be this process's (a network share's server
    /// keeps its own).
    package static func now(byMaking path: String) -> Int64? {
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard file >= 0 else { return nil }
        defer {
            close(file)
            unlink(path)
        }
        var info = stat()
        guard fstat(file, &info) == 0 else { return nil }
        return Stamp(info).changed
    }

    /// The stamp of the regular file at `path` (a link is not followed), or nil when there is none.
    /// A file racy at `stampedAt` gets a digest (`.max`: none does). A relative `path` is looked up from the
    /// open folder `directory` (the system walks a shorter path).
    package static func stamp(ofFileAt path: String, in directory: Int32 = AT_FDCWD, stampedAt: Int64) -> Stamp? {
        var info = stat()
        guard fstatat(directory, path, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return nil
        }
        var stamp = Stamp(info)
        if stamp.isRacy(at: stampedAt) {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            stamp.digest = ContentDigest.of(data)
        }
        return stamp
    }

    /// Whether the file at `path`, stamped `current` now, is still the one stamped `recorded`
    /// before (nil: no file): the same size, times and inode and, when `recorded` was racy, the
    /// same contents (read now unless `current` carries their digest).
    package static func isUnchanged(_ path: @autoclosure () -> String, recorded: Stamp?, current: Stamp?) -> Bool {
        guard let recorded, let current else { return recorded == nil && current == nil }
        guard recorded.withoutDigest == current.withoutDigest else { return false }
        guard let digest = recorded.digest else { return true }
        if let now = current.digest { return now == digest }
        return FileManager.default.contents(atPath: path()).map(ContentDigest.of) == digest
    }

    /// What ``list(_:suffix:stampedAt:)`` found below a folder, each by its path relative to it.
    package struct Listing {
        /// Every regular file whose name has the suffix asked for.
        package var stamps: [String: Stamp] = [:]
        /// The symbolic links passed over: none is followed.
        package var links: [String] = []
        /// The regular files left out for their names (those without the suffix).
        package var passedOver: [String] = []
        /// The files iCloud Drive holds in its placeholders (``FolderWalk/Entry/evicted``).
        package var evicted: [String] = []
        /// The entries whose names are no UTF-8 (``FolderWalk/Entry/notUTF8``), as U+FFFD shows them.
        package var notUTF8: [String] = []
        /// Every folder entered below the folder, parents before their children.
        package var folders: [String] = []
    }

    /// Every regular file below `folder` (hidden files and folders left out, links below it not
    /// followed, as ``FolderWalk`` walks) and what else was found there. Files racy at
    /// `stampedAt` (default: now) get a digest.
    package static func list(_ folder: URL, suffix: String? = nil, stampedAt: Int64? = nil) -> Listing {
        var listing = Listing()
        let stampedAt = stampedAt ?? now()
        FolderWalk.walk(folder.path) { relative, full, entry in
            switch entry {
            case .link: listing.links.append(relative)
            case .evicted: listing.evicted.append(relative)
            case .notUTF8: listing.notUTF8.append(relative)
            case .folder: listing.folders.append(relative)
            case .file(let info):
                if let suffix, !relative.hasSuffix(suffix) {
                    listing.passedOver.append(relative)
                    break
                }
                var stamp = Stamp(info)
                if stamp.isRacy(at: stampedAt) {
                    // Gone or unreadable since it was listed: a stamp no earlier one can equal.
                    stamp.digest = FileManager.default.contents(atPath: full).map(ContentDigest.of) ?? .max
                }
                listing.stamps[relative] = stamp
            case .other: break
            }
            return true
        }
        return listing
    }
}

extension FileStamps.Stamp {
    package init(_ info: stat) {
        #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        self.init(
            size: Int64(info.st_size), modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec), inode: UInt64(info.st_ino),
            digest: nil)
    }

    /// The stamp without its digest: what a fingerprint of the file's place may use.
    package var withoutDigest: FileStamps.Stamp {
        var stamp = self
        stamp.digest = nil
        return stamp
    }

    /// Whether a further change to the file at `moment` might not show in its times: it changed
    /// within a tick of the file system's clock of then (a tick of up to two seconds where its
    /// times are whole seconds).
    package func isRacy(at moment: Int64) -> Bool {
        let wholeSeconds = modified % 1_000_000_000 == 0 && changed % 1_000_000_000 == 0
        let window = wholeSeconds ? FileStamps.racyWindow : FileStamps.fineRacyWindow
        return max(modified, changed) >= moment - window
    }
}

extension Fingerprint {
    package mutating func combine(_ stamps: [String: FileStamps.Stamp]) {
        for (path, stamp) in stamps.sorted(by: { $0.key < $1.key }) {
            combine(path)
            combine(stamp)
        }
    }

    package mutating func combine(_ stamp: FileStamps.Stamp) {
        combine(String(stamp.size))
        combine(String(stamp.modified))
        combine(String(stamp.changed))
        combine(String(stamp.inode))
        combine(stamp.digest.map { String($0) } ?? "-")
    }
}

/// A fast 64-bit digest of a file's bytes, eight at a time, to tell whether a file on disk is the
/// one a build wrote. Not for security: for that, see ``ContentHash``.
package enum ContentDigest {
    package static func of(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { of(UnsafeRawBufferPointer($0)) }
    }

    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var value: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            value = (value ^ word) &* prime
            value ^= value >> 29
            offset += 8
        }
        while offset < bytes.count {
            value = (value ^ UInt64(bytes[offset])) &* prime
            offset += 1
        }
        return value ^ (value >> 32)
    }
}
