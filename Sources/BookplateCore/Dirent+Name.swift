#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A directory entry's name is read from the entry where `readdir` left it, never from a copy of
/// it: `pointee` copies all 280 bytes of `struct dirent` (or 256 of `d_name`), while the system
/// writes only as much of each entry as its name needs, so the copy of the last entries of a long
/// listing read past the end of the listing's buffer. Where that buffer ended a page, a build
/// died of SIGSEGV (once in CI, on a 1,236-book shelf; AddressSanitizer reported every listing
/// of `site/books/`: found by a review with sanitizers).
extension UnsafeMutablePointer<dirent> {
    /// The entry's name, as `readdir` gives it (bytes that are no UTF-8 shown as U+FFFD).
    package var name: String { String(cString: RawEntry.name(of: self)) }

    /// The entry's name when its bytes are UTF-8; nil when they are not, as a file system allows
    /// any bytes but `/` and NUL: such a name cannot be spelled as a path in a `String`.
    package var exactName: String? { String(validatingCString: RawEntry.name(of: self)) }

    /// The bytes of the entry's name, its closing NUL included, as the system's calls take them.
    package var nameBytes: [CChar] {
        let name = RawEntry.name(of: self)
        return Array(UnsafeBufferPointer(start: name, count: strlen(name) + 1))
    }
}

/// Entries removed by the bytes of their names, relative to a folder open as a descriptor: a
/// name that is no UTF-8 is removed as surely as any other (removed by a path made of its
/// lossy `String`, it named no file, and stayed: found by an exploratory session).
package enum RawEntry {
    /// Removes the entry of `folder` that `entry` names: a folder with everything in it, a link
    /// as a link, never what it points to. What cannot be removed stays.
    package static func remove(_ entry: UnsafeMutablePointer<dirent>, in folder: Int32) {
        remove(name(of: entry), in: folder)
    }

    /// The bytes of the name `entry` holds, as the system's calls take it.
    package static func name(of entry: UnsafeMutablePointer<dirent>) -> UnsafePointer<CChar> {
        let offset = MemoryLayout<dirent>.offset(of: \.d_name) ?? 0
        return UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
    }

    /// Whether `entry` is `.` or `..`.
    private static func isDots(_ entry: UnsafeMutablePointer<dirent>) -> Bool {
        let name = name(of: entry)
        return name[0] == CChar(UInt8(ascii: "."))
            && (name[1] == 0 || (name[1] == CChar(UInt8(ascii: ".")) && name[2] == 0))
    }

    /// Removes the entry `name` of `folder`, as ``remove(_:in:)-(UnsafeMutablePointer<dirent>,_)``.
    package static func remove(_ name: UnsafePointer<CChar>, in folder: Int32) {
        if unlinkat(folder, name, 0) == 0 { return }
        guard errno == EISDIR || errno == EPERM else { return }
        let inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard inner >= 0 else { return }
        guard let listing = fdopendir(inner) else {
            close(inner)
            return
        }
        while let entry = readdir(listing) {
            if !isDots(entry) { remove(entry, in: inner) }
        }
        closedir(listing)
        unlinkat(folder, name, AT_REMOVEDIR)
    }
}

extension RawEntry {
    /// Hard-links the entry of `source` that `entry` names into `destination` (both folders open
    /// as descriptors), under the same name: a folder is made again and each of its entries
    /// linked into it, a file or a link is linked as it is. Returns `errno` where an entry could
    /// not be linked, and 0 when all was.
    package static func link(_ entry: UnsafeMutablePointer<dirent>, from source: Int32, to destination: Int32)
        -> Int32
    {
        let name = name(of: entry)
        var info = stat()
        guard fstatat(source, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return errno }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            return linkat(source, name, destination, name, 0) == 0 ? 0 : errno
        }
        guard mkdirat(destination, name, 0o755) == 0 || errno == EEXIST else { return errno }
        let from = openat(source, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard from >= 0 else { return errno }
        let to = openat(destination, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard to >= 0 else {
            let failure = errno
            close(from)
            return failure
        }
        defer { close(to) }
        guard let listing = fdopendir(from) else {
            let failure = errno
            close(from)
            return failure
        }
        defer { closedir(listing) }
        while let inner = readdir(listing) {
            guard !isDots(inner) else { continue }
            let failure = link(inner, from: from, to: to)
            if failure != 0 { return failure }
        }
        return 0
    }
}
