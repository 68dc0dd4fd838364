import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads whole files with plain system calls, straight into one array of the file's size: a build
/// reads every note (twice) and every cover, and a `Data` read, then copied into an array, cost
/// a URL, a second `stat` and a copy each.
package enum FileInput {
    /// Why a file could not be read.
    package enum Failure: Error, CustomStringConvertible {
        /// The system's error (`ELOOP` for a link where links are refused).
        case system(Int32)
        /// A pipe, socket or device: never read (a pipe would be waited on for ever). A folder is
        /// `.system(EISDIR)`, as reading it says.
        case notARegularFile
        /// Larger than the most the reader asked for, in bytes: not read.
        case larger(than: Int)

        package var description: String {
            switch self {
            case .system(let code): String(cString: strerror(code))
            case .notARegularFile: "not a regular file"
            case .larger(let limit): "larger than \(limit >> 20) MB"
            }
        }
    }

    /// The bytes of the regular file at `path`, to its end (more than its size said, should it
    /// have grown meanwhile). With `followingLinks` false, a symbolic link at `path` is refused
    /// with `ELOOP`; a file larger than `maximumSize` bytes is refused unread.
    package static func bytes(
        atPath path: String, followingLinks: Bool = true, maximumSize: Int = .max
    ) throws(Failure) -> [UInt8] {
        // Not blocking: a named pipe is refused below, not waited on.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw .system(errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .system(EISDIR)
        default: throw .notARegularFile
        }
        guard info.st_size <= maximumSize else { throw .larger(than: maximumSize) }
        let bytes = try readAll(descriptor, expecting: Int(info.st_size))
        // It grew past the limit as it was read.
        guard bytes.count <= maximumSize else { throw .larger(than: maximumSize) }
        return bytes
    }

    /// The bytes of the open file `descriptor` from where it is to its end, read into one array
    /// of the size the file had, and more should it have grown.
    private static func readAll(_ descriptor: Int32, expecting size: Int) throws(Failure) -> [UInt8] {
        let limit = max(size, 0) + 1
        var code: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: limit) { buffer, count in
            count = 0
            guard let start = buffer.baseAddress else { return }
            while count < buffer.count {
                let got = read(descriptor, start + count, buffer.count - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { code = errno }
                if got <= 0 { return }
                count += got
            }
        }
        if code != 0 { throw .system(code) }
        // Full to the last byte: the file grew since it was measured.
        if bytes.count == limit { bytes += try readAll(descriptor, expecting: 65_536) }
        return bytes
    }
}
