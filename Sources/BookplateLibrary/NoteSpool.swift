import BookplateCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where an import keeps the reviews it reads until it knows each one's book, so that the reviews
/// of a large export (98 MB for 50,000 Goodreads rows) are never all in memory at once.
///
/// The file is removed as soon as it is open: it has no name while it is used, and a killed
/// import leaves nothing of it behind.
package struct NoteSpool: Sendable {
    /// Where one note's bytes are in the spool.
    package struct Span: Sendable, Equatable {
        var offset: Int64
        var count: Int
    }

    private let descriptor: Int32
    /// The folder the spool was made in, for errors.
    private let folder: URL

    /// A spool in `folder`, or nil when no file can be made there (the notes then stay in memory).
    package init?(in folder: URL) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(WorkingFiles.name(for: "import-notes", kind: "tmp")).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(path)
        self.descriptor = descriptor
        self.folder = folder
    }

    /// Adds `notes` at the end of the spool; returns where each is.
    package func append(_ notes: [String]) throws -> [Span] {
        var bytes = Data()
        var spans: [Span] = []
        spans.reserveCapacity(notes.count)
        let start = lseek(descriptor, 0, SEEK_END)
        guard start >= 0 else { throw unwritable }
        for note in notes {
            spans.append(Span(offset: Int64(start) + Int64(bytes.count), count: note.utf8.count))
            bytes.append(contentsOf: note.utf8)
        }
        try bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let count = pwrite(
                    descriptor, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(start) + off_t(done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw unwritable }
                done += count
            }
        }
        return spans
    }

    /// The note kept at `span`.
    package func note(at span: Span) throws -> String {
        var bytes = [UInt8](repeating: 0, count: span.count)
        try bytes.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < buffer.count {
                let count = pread(
                    descriptor, buffer.baseAddress.map { $0 + done }, buffer.count - done,
                    off_t(span.offset) + off_t(done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw NoteError.unreadable(path: folder.relativePathForDisplay) }
                done += count
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Closes the spool, which frees its space on disk.
    package func discard() {
        close(descriptor)
    }

    /// Read right after the failed call, while `errno` is its.
    private var unwritable: NoteError { NoteError.unwritable(path: folder.relativePathForDisplay, code: errno) }
}
