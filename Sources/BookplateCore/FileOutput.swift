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
    @discardableResult
    package static func write(_ data: Data, toPath path: String, flush: Bool) throws -> FileStamps.Stamp {
        var folders: NewFolders? = nil
        return try write(data, toPath: path, flush: flush, makingFolders: &folders)
    }

    /// Writes `data` like ``write(_:toPath:flush:)``; with `folders`, the folders the file goes in
    /// are made first, unless `folders` knows them (in a new tree most files start a folder of
    /// their own: opening the file first, failing, cost a second walk of its path).
    package static func write(
        _ data: Data, toPath path: String, flush: Bool, makingFolders folders: inout NewFolders?
    ) throws -> FileStamps.Stamp {
        if folders?.makeFolder(of: path) == false { throw failure(path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
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

    /// The folders a run of writes into a new tree has made, or found there: the last one, as files
    /// in the same folder come one after the other (a folder the caller made and no one else
    /// writes, so any that exists is used as it is).
    package struct NewFolders {
        private var last = ""

        package init() {}

        /// Makes the folder `path` is in, and the folders above it that are missing, unless it was
        /// the last one; whether it is there. Another thread making the same folder at the same
        /// time is no failure.
        mutating func makeFolder(of path: String) -> Bool {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex else {
                return false
            }
            let folder = String(path[..<slash])
            if folder == last { return true }
            guard NewFolders.make(folder) else { return false }
            last = folder
            return true
        }

        private static func make(_ folder: String) -> Bool {
            if mkdir(folder, 0o755) == 0 || errno == EEXIST { return true }
            guard errno == ENOENT, let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")),
                slash != folder.utf8.startIndex, make(String(folder[..<slash]))
            else { return false }
            return mkdir(folder, 0o755) == 0 || errno == EEXIST
        }
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

    /// A write to `path` that failed with `code` (`errno`), said as the system says it.
    package static func failure(_ path: String, code: Int32 = errno) -> CocoaError {
        CocoaError(
            .fileWriteUnknown,
            userInfo: [
                NSFilePathErrorKey: path, NSLocalizedDescriptionKey: String(cString: strerror(code)),
                NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code)),
            ])
    }
}
