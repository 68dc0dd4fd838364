import Foundation

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// What a reader can do about a file of another user that they cannot write.
package enum ForeignOwnership {
    /// The advice for `path` (named `shown`): in a shelf shared by a group (a folder whose group
    /// is one of the reader's), group write permission, which its owner gives; else making it the
    /// reader's again, as after a build run with sudo. Shared, the advice was `sudo chown`, which
    /// would take the shelf from its other reader (found by an exploratory session).
    package static func advice(for path: String, shown: String) -> String {
        if isSharedWithMe(path) {
            return "it is another user's, in a group you are in, and the group may not write it: "
                + "have its owner run chmod -R g+w \(ShellWord.quoted(shown))"
        }
        return
            "it is another user's, as after a build run with sudo: sudo chown -R \"$USER\" \(ShellWord.quoted(shown))"
    }

    /// The advice for a shelf's lock file at `path`, in its state folder `folder`, that could not
    /// be opened (`failure`, its `errno`): nil unless the folder, or the file, is another user's
    /// that this process may not write (left by `sudo bookplate build`, or in a shelf shared by a
    /// group, the other reader's). The file is named when the folder can be written: it is what
    /// was refused, and its owner is the one that counts (the folder's was looked at alone, and a
    /// root's lock file in the reader's folder had no advice: found by a review).
    package static func advice(forLockFile path: String, in folder: String, failure: Int32) -> String? {
        guard failure == EACCES, geteuid() != 0 else { return nil }
        let blocking = access(folder, W_OK) == 0 ? path : folder
        var info = stat()
        guard stat(blocking, &info) == 0, info.st_uid != geteuid() else { return nil }
        return advice(for: blocking, shown: URL(fileURLWithPath: blocking).relativePathForDisplay)
    }

    /// Whether the file or folder at `path` is another reader's (not root's, as a build run with
    /// sudo leaves it, in the folder's group on macOS) in a group of this process's.
    package static func isSharedWithMe(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_uid != 0 && isOneOfMyGroups(info.st_gid)
    }

    /// Whether `group` is this process's group or one of its supplementary groups.
    package static func isOneOfMyGroups(_ group: gid_t) -> Bool {
        if group == getegid() { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let filled = getgroups(count, &groups)
        return filled > 0 && groups.prefix(Int(filled)).contains(group)
    }
}
