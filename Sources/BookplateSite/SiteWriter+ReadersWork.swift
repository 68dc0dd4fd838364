import Foundation

/// The reader's own entries at the top of a site (a `CNAME`, `.git`) while a build replaces it:
/// what was linked into the new site, and what reached the old one meanwhile.
extension SiteWriter {
    /// The reader's entries linked into a new site, by path: each file's inode as it was linked,
    /// and the folders made for them. What changed since, on either side, is told by these.
    final class ReadersLinks: @unchecked Sendable {
        var files: [String: UInt64] = [:]
        var folders: Set<String> = []
    }

    /// Brings into the new site what reached the reader's own entries of the old one (a `CNAME`,
    /// `.git`) while the new site was being made from links to them (`linked`): saved during a
    /// build, a `CNAME` or a file of `.git` went with the old site (found by an exploratory
    /// session). An entry added to the old site comes across; a file replaced there (another
    /// inode) replaces its link, and one deleted there goes, but only where the new site's entry
    /// is still the link made (else the reader changed it since the swap, and it is the newest).
    /// A file changed in place is one file in both already. Nothing is followed through a link.
    static func carryOverReadersWork(from old: String, to new: String, linked: ReadersLinks) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: old) else { return }
        for name in entries where !isOwn(name) {
            carryOver(name, from: old, to: new, linked: linked)
        }
        // Deleted from the old site meanwhile (a `.git/index.lock` git has done with).
        for (path, inode) in linked.files {
            var there = stat()
            var copy = stat()
            guard lstat(old + "/" + path, &there) != 0, errno == ENOENT,
                realFolders(above: path, in: new), lstat(new + "/" + path, &copy) == 0, UInt64(copy.st_ino) == inode
            else { continue }
            unlink(new + "/" + path)
        }
    }

    private static func carryOver(_ path: String, from old: String, to new: String, linked: ReadersLinks) {
        let source = old + "/" + path
        let destination = new + "/" + path
        var now = stat()
        var copy = stat()
        guard lstat(source, &now) == 0 else { return }
        guard lstat(destination, &copy) == 0 else {
            // Not linked: it came to the old site meanwhile. Linked: the reader removed it since.
            if linked.files[path] == nil, !linked.folders.contains(path) { rename(source, destination) }
            return
        }
        let sourceIsFolder = (now.st_mode & S_IFMT) == S_IFDIR
        if sourceIsFolder, (copy.st_mode & S_IFMT) == S_IFDIR {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: source)) ?? [] {
                carryOver(path + "/" + name, from: old, to: new, linked: linked)
            }
            return
        }
        // Only over the very link made, untouched since.
        guard now.st_ino != copy.st_ino, let inode = linked.files[path], UInt64(copy.st_ino) == inode else { return }
        if sourceIsFolder {
            // A file the reader made a folder of meanwhile.
            guard unlink(destination) == 0 else { return }
        }
        rename(source, destination)
    }

    /// Whether every folder above `path` in `root` is a real folder, not a link (nothing is
    /// deleted through one).
    private static func realFolders(above path: String, in root: String) -> Bool {
        var folder = root
        for component in path.split(separator: "/").dropLast() {
            folder += "/" + component
            var info = stat()
            guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        }
        return true
    }
}
