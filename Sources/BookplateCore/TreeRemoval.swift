import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Removes a whole folder that a command made and no longer needs (a site swapped out), on
/// several threads at once.
///
/// Deleting is mostly waiting for the file system's journal: one thread deleting a 50,000-book
/// site (135,000 files and folders) took 14-18 s on ext4 here, while several threads have their
/// deletions committed together. Links are removed, never followed.
package enum TreeRemoval {
    /// How many threads delete at once: more than there are cores, as they mostly wait.
    static let threads = 8

    /// Removes `path` and everything below it, or the file or link it is; what cannot be removed
    /// is left.
    package static func remove(_ path: String) {
        guard isFolder(path) else {
            unlink(path)
            return
        }
        // The folders two levels down (a site's `books/<slug>`) are the work handed out; the few
        // above them are removed once they are empty.
        var upper: [String] = []
        var work: [String] = []
        for entry in entries(of: path) {
            let child = path + "/" + entry
            guard isFolder(child) else {
                unlink(child)
                continue
            }
            upper.append(child)
            work += entries(of: child).map { child + "/" + $0 }
        }
        let next = Atomic<Int>(0)
        let done = DispatchGroup()
        let shared = work
        for _ in 0..<min(threads, max(1, work.count / 64)) {
            done.enter()
            Thread.detachNewThread {
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < shared.count else { break }
                    removeRecursively(shared[index])
                }
                done.leave()
            }
        }
        done.wait()
        for folder in upper { removeRecursively(folder) }
        rmdir(path)
    }

    /// The names in the folder at `path`, without `.` and `..`.
    private static func entries(of path: String) -> [String] {
        // A folder of the old site the reader made unreadable (chmod 000) is Bookplate's to
        // delete: it is opened to its owner first, or it and everything above it stayed beside
        // the site for good (found by an exploratory session).
        guard let directory = opendir(path) ?? (errno == EACCES && chmod(path, 0o700) == 0 ? opendir(path) : nil)
        else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // A name that is no UTF-8 cannot be spelled as a path: removed here, by its bytes.
            guard let name = entry.exactName else {
                RawEntry.remove(entry, in: dirfd(directory))
                continue
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether `path` is a folder itself, not a link to one.
    package static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func removeRecursively(_ path: String) {
        guard isFolder(path) else {
            unlink(path)
            return
        }
        for entry in entries(of: path) { removeRecursively(path + "/" + entry) }
        rmdir(path)
    }
}
