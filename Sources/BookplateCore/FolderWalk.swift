import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way a build walks a folder of the shelf (notes, covers, photos, pages, templates):
/// the folder itself may be a symbolic link (a theme kept in a synced folder and linked in), and
/// is followed; what is below it is not, so a link back up the tree cannot loop. The stamps of
/// templates/ followed such a link and Foundation's enumerator did not, so an incremental build
/// kept the reader's theme and a full build published the built-in one (found by an
/// exploratory session).
package enum FolderWalk {
    /// What an entry below the folder is.
    package enum Entry {
        /// A regular file, with what `stat` says of it.
        case file(stat)
        case folder
        /// A symbolic link, not followed.
        case link
        /// A pipe, socket or device.
        case other
        /// A file iCloud Drive has evicted: its name (the relative path given) is missing, and
        /// iCloud's placeholder `.NAME.icloud` is there in its place.
        case evicted
        /// An entry whose name is no UTF-8 (saved by an old Latin-1 tool, unzipped from a Windows
        /// archive): the relative path given shows its bytes as U+FFFD, and names no file, so it
        /// is neither read nor entered. It was left out without a word, and a note named so never
        /// appeared (found by an exploratory session).
        case notUTF8
    }

    /// Calls `visit` with the relative path, full path and kind of every entry below the folder
    /// at `path`, each folder's in the order of their names (the evicted first, then those named
    /// outside UTF-8), hidden ones (and all below them) left out; a folder is entered when `visit`
    /// returns true.
    package static func walk(
        _ path: String, _ visit: (_ relative: String, _ full: String, _ entry: Entry) throws -> Bool
    ) rethrows {
        try walk(path, prefix: "", visit)
    }

    private static func walk(
        _ path: String, prefix: String, _ visit: (String, String, Entry) throws -> Bool
    ) rethrows {
        guard let directory = opendir(path) else { return }
        var entries: [(name: String, info: stat)] = []
        var placeholders: [String] = []
        var notUTF8: [String] = []
        while let entry = readdir(directory) {
            let name = entry.name
            if name.hasPrefix(".") {
                if let original = ICloudPlaceholder.original(of: name) { placeholders.append(original) }
                continue
            }
            var info = stat()
            guard fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                // Its lossy name names no file; its bytes do.
                if entry.exactName == nil,
                    fstatat(dirfd(directory), RawEntry.name(of: entry), &info, AT_SYMLINK_NOFOLLOW) == 0
                {
                    notUTF8.append(name)
                }
                continue
            }
            entries.append((name, info))
        }
        // Closed before the folders below are entered: a deep tree holds one open at a time.
        closedir(directory)
        // A placeholder beside its file is a leftover of iCloud's: the file is there.
        let present = Set(entries.map(\.name))
        for name in placeholders.sorted() where !name.hasPrefix(".") && !present.contains(name) {
            _ = try visit(prefix + name, path + "/" + name, .evicted)
        }
        for name in notUTF8.sorted() { _ = try visit(prefix + name, path + "/" + name, .notUTF8) }
        for (name, info) in entries.sorted(by: { $0.name < $1.name }) {
            let full = path + "/" + name
            let relative = prefix + name
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if try visit(relative, full, .folder) { try walk(full, prefix: relative + "/", visit) }
            case S_IFLNK: _ = try visit(relative, full, .link)
            case S_IFREG: _ = try visit(relative, full, .file(info))
            default: _ = try visit(relative, full, .other)
            }
        }
    }
}
