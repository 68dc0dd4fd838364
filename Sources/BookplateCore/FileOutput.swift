import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files with plain system calls, leaving the choice of when to wait for the disk to the
/// caller: one file that matters on its own is flushed as it is written; a batch (the notes of an
/// import, the pages of a site) is written whole and then flushed with one call for the file
/// system, which costs one journal commit instead of one per file.
package enum FileOutput {
    /// Writes `data` to a new or truncated file at `path`; with `flush`, waits until it is on disk.
    /// Returns the file's stamp as written (renaming the file later keeps it).
    /// With `makingFolders`, the folders the file goes in are made as needed (any that exist are
    /// used as they are, so this is for a folder the caller made and no one else writes).
    @discardableResult
    package static func write(
        _ data: Data, toPath path: String, flush: Bool, makingFolders: Bool = false
    ) throws -> FileStamps.Stamp {
        var descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        if descriptor < 0, errno == ENOENT, makingFolders, makeFolder(parentOf: path) {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        }
        guard descriptor >= 0 else { throw failure(path) }
        var closed = false
        defer { if !closed { close(descriptor) } }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let start = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(descriptor, start + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure(path)
                }
                offset += count
            }
        }
        if flush, fsync(descriptor) != 0 { throw failure(path) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(path) }
        closed = true
        if close(descriptor) != 0 { throw failure(path) }
        return FileStamps.Stamp(info)
    }

    /// Makes the folder `path` is in, and the folders above it that are missing; whether it is there.
    /// Another thread making the same folder at the same time is no failure.
    private static func makeFolder(parentOf path: String) -> Bool {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex else {
            return false
        }
        let folder = String(path[..<slash])
        if mkdir(folder, 0o755) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT, makeFolder(parentOf: folder) else { return false }
        return mkdir(folder, 0o755) == 0 || errno == EEXIST
    }

    /// Waits until everything written to the file system holding `url` is on disk.
    package static func flushFileSystem(containing url: URL) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            sync()
            return
        }
        defer { close(descriptor) }
        if let syncfs, syncfs(descriptor) == 0 { return }
        sync()
    }

    #if canImport(Glibc)
        private static let systemWrite = Glibc.write
    #else
        private static let systemWrite = Darwin.write
    #endif

    private typealias SyncFS = @convention(c) (Int32) -> Int32

    /// glibc has `syncfs` but Swift's Glibc module does not declare it; look it up by name.
    private static let syncfs: SyncFS? = {
        guard let symbol = dlsym(nil, "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: SyncFS.self)
    }()

    private static func failure(_ path: String) -> CocoaError {
        CocoaError(
            .fileWriteUnknown,
            userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
    }
}
