#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a folder's entry is, as messages say it of one named as a file Bookplate reads.
package enum EntryKind {
    /// "a folder", "a named pipe" or "no file" for an entry of the mode `mode` (as `stat` gives
    /// it) that is no file to read; nil for a file or a link.
    package static func notAFile(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG, S_IFLNK: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        default: "no file"
        }
    }

    /// What the entry at `path` is when it is there and no file to read (looked at, never
    /// opened: a named pipe would keep the reader waiting); nil otherwise.
    package static func notAFile(atPath path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return notAFile(mode: info.st_mode)
    }
}
