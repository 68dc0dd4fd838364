import BookplateCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What the reader set on the site's folders and files for the web server (a mode such as
/// `chmod -R go+rX site`, a group such as `www-data`, a setgid folder) kept across the build that
/// replaces them: every build puts new folders in place of the old, made with the umask, and a
/// rebuild under umask 077 left `700` folders the web server could not read (found by an
/// exploratory session).
extension SiteWriter {
    /// The lines of a build about the group of a folder or file it could not keep (a group the
    /// user is not in), gathered while a new site is swapped in on a thread of its own.
    final class KeptAttributes: Sendable {
        private let unkept = Mutex<[String]>([])

        /// Paths (for messages) whose group could not be kept.
        var groupsNotKept: [String] { unkept.withLock { $0 } }

        func groupNotKept(_ path: String) {
            unkept.withLock { $0.append(path) }
        }
    }

    /// The one line a build says about the groups it could not keep, if any.
    func groupsNotKeptLine() -> [String] {
        let paths = keptAttributes.groupsNotKept
        guard let first = paths.first else { return [] }
        let others = paths.count == 1 ? "" : " and \(paths.count - 1) more"
        return [
            "\(first)\(others) lost the group set on \(paths.count == 1 ? "it" : "them"), which this user "
                + "cannot give: set it again (chgrp) or build as a member of that group"
        ]
    }

    /// Gives the folder `new`, about to take the place of `old` (the site, or an entry at its
    /// top), and each folder (and, with `files`, each file) below it the mode and group of the
    /// one at the same path below `old`, setgid and sticky bits included. What `old` did not have
    /// takes the group of a setgid folder it is in, as the system gives it to what is made there;
    /// otherwise it keeps the mode the umask gave it. Returns the files changed, by their path in
    /// the site, as they are now: changing them moved their change time, which their stamps hold.
    @discardableResult
    func keepAttributes(of old: String, onto new: String, files: Bool) -> [String: FileStamps.Stamp] {
        var before = stat()
        var after = stat()
        guard lstat(new, &after) == 0 else { return [:] }
        let hadOld = lstat(old, &before) == 0
        let relative = old == target.path ? "" : String(old.dropFirst(target.path.count + 1))
        var changed: [String: FileStamps.Stamp] = [:]
        let kind = after.st_mode & S_IFMT
        if hadOld, (before.st_mode & S_IFMT) == kind, kind == S_IFDIR || (files && kind == S_IFREG),
            keep(before, onto: new, now: after, shown: old), kind == S_IFREG, lstat(new, &after) == 0
        {
            changed[relative] = FileStamps.Stamp(after)
        }
        guard kind == S_IFDIR, lstat(new, &after) == 0 else { return changed }
        let oldIsFolder = hadOld && (before.st_mode & S_IFMT) == S_IFDIR
        keepAttributes(
            below: new, from: oldIsFolder ? old : nil, relative: relative, folder: after, files: files,
            changed: &changed)
        return changed
    }

    /// `relative` is the path of `new` in the site.
    private func keepAttributes(
        below new: String, from old: String?, relative: String, folder: stat, files: Bool,
        changed: inout [String: FileStamps.Stamp]
    ) {
        guard let listing = opendir(new) else { return }
        defer { closedir(listing) }
        while let entry = readdir(listing) {
            guard let name = entry.exactName, name != ".", name != ".." else { continue }
            let isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            let isUnknown = entry.pointee.d_type == UInt8(DT_UNKNOWN)
            guard isFolder || isUnknown || (files && entry.pointee.d_type == UInt8(DT_REG)) else { continue }
            let path = new + "/" + name
            let oldPath = old.map { $0 + "/" + name }
            let inSite = relative.isEmpty ? name : relative + "/" + name
            var before = stat()
            let hadOld = oldPath.map { lstat($0, &before) == 0 } ?? false
            // A file linked from the old site is the old file itself: nothing to keep.
            if !isFolder, hadOld, UInt64(before.st_ino) == UInt64(entry.pointee.d_ino) { continue }
            var now = stat()
            guard lstat(path, &now) == 0 else { continue }
            let kind = now.st_mode & S_IFMT
            guard kind == S_IFDIR || (files && kind == S_IFREG) else { continue }
            var wanted: stat? = nil
            if hadOld, (before.st_mode & S_IFMT) == kind {
                wanted = before
            } else if (folder.st_mode & S_ISGID) != 0 {
                // New here: what a setgid folder holds takes its group, and a folder its setgid too.
                var inherited = now
                inherited.st_gid = folder.st_gid
                if kind == S_IFDIR { inherited.st_mode |= S_ISGID }
                wanted = inherited
            }
            let shown = target.path + "/" + inSite
            if let wanted, keep(wanted, onto: path, now: now, shown: shown), lstat(path, &now) == 0, kind == S_IFREG {
                changed[inSite] = FileStamps.Stamp(now)
            }
            guard kind == S_IFDIR, lstat(path, &now) == 0 else { continue }
            let keepsOld = hadOld && (before.st_mode & S_IFMT) == S_IFDIR
            keepAttributes(
                below: path, from: keepsOld ? oldPath : nil, relative: inSite, folder: now, files: files,
                changed: &changed)
        }
    }

    /// Gives the file `made`, about to be renamed to `destination`, the mode and group of the
    /// file there, or the group of a setgid folder it goes in.
    func keepAttributes(ofFileAt destination: String, onto made: String) {
        var before = stat()
        var now = stat()
        guard lstat(made, &now) == 0 else { return }
        if lstat(destination, &before) == 0, (before.st_mode & S_IFMT) == S_IFREG {
            keep(before, onto: made, now: now, shown: destination)
            return
        }
        var folder = stat()
        let parent = (destination as NSString).deletingLastPathComponent
        guard lstat(parent, &folder) == 0, (folder.st_mode & S_ISGID) != 0 else { return }
        var inherited = now
        inherited.st_gid = folder.st_gid
        keep(inherited, onto: made, now: now, shown: destination)
    }

    /// Gives `path` (as it is `now`) the group and mode of `wanted`: the group first, as changing
    /// it clears a file's setgid bit. Whether anything was changed.
    @discardableResult
    private func keep(_ wanted: stat, onto path: String, now: stat, shown: String) -> Bool {
        let mode = wanted.st_mode & 0o7777
        guard wanted.st_gid != now.st_gid || mode != now.st_mode & 0o7777 else { return false }
        if wanted.st_gid != now.st_gid, chown(path, uid_t.max, wanted.st_gid) != 0 {
            keptAttributes.groupNotKept(URL(fileURLWithPath: shown).relativePathForDisplay)
        }
        chmod(path, mode)
        return true
    }
}
