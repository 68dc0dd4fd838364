import BookplateCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An export file open for reading from its start to its end, never sought back: a regular file,
/// a pipe (`cat export.csv | bookplate import goodreads /dev/stdin`) and a process substitution
/// (`<(…)`) are read alike. Every import reads its file through this.
///
/// A pipe cannot go back. The spreadsheet reader took two bytes to look for a UTF-16 byte-order
/// mark and then sought back to the start, which failed on a pipe without a word: a Goodreads
/// file lost its first two bytes, and with them its Book Id column, StoryGraph's and
/// LibraryThing's were "not an export", and the JSON and highlight readers, which asked for the
/// file's contents by its size, said the file "cannot be read" (found by an exploratory session).
struct ImportInput {
    /// The open file.
    private let descriptor: Int32
    /// The file as messages name it.
    let path: String
    /// Whether it is a regular file (not a pipe or a device): only a regular file has a size to
    /// go by, and only it can be opened again by name (as SQLite opens a Kobo's database).
    let isRegularFile: Bool
    /// The file's size when it is a regular file; 0 otherwise.
    private let size: Int

    /// Opens the file at `url` for reading; a pipe that nothing writes into yet is waited on, as
    /// the reader named it.
    init(opening url: URL) throws(ImportError) {
        path = url.relativePathForDisplay
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT: throw .noSuchFile(path: path)
            case EISDIR: throw .folder(path: path)
            default: throw .unreadable(path: path)
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            _ = Glibc.close(descriptor)
            throw .unreadable(path: path)
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            _ = Glibc.close(descriptor)
            throw .folder(path: path)
        }
        self.descriptor = descriptor
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
        size = isRegularFile ? Int(info.st_size) : 0
    }

    /// Whether the file at `url` is a regular file, following links; false when nothing is there.
    static func isRegular(at url: URL) -> Bool {
        var info = stat()
        return stat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    func close() {
        _ = Glibc.close(descriptor)
    }

    /// The next `count` bytes, fewer only at the end of the file; empty there. A pipe gives what
    /// its writer has written so far, so this reads on until it has them all.
    func read(upTo count: Int) throws(ImportError) -> Data {
        guard count > 0 else { return Data() }
        var bytes = Data(count: count)
        var failure: Int32 = 0
        let got = bytes.withUnsafeMutableBytes { buffer -> Int in
            guard let start = buffer.baseAddress else { return 0 }
            var total = 0
            while total < count {
                let got = Glibc.read(descriptor, start + total, count - total)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { break }
                total += got
            }
            return total
        }
        if failure != 0 { throw .unreadable(path: path) }
        bytes.count = got
        return bytes
    }

    /// The rest of the file, to its end.
    func whole() throws(ImportError) -> Data {
        var bytes = Data()
        // A regular file's size, and one more byte to find its end; a pipe a megabyte at a time.
        var wanted = isRegularFile ? size + 1 : 1_048_576
        while true {
            let piece = try read(upTo: wanted)
            bytes.append(piece)
            if piece.count < wanted { return bytes }
            wanted = 1_048_576
        }
    }
}
