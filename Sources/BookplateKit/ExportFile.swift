import BookplateCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `export --format json|csv --output FILE`: the export written to a file the reader names,
/// which may be anywhere but the shelf's own files. An export that lands on the library, a note
/// or `site.yaml` replaces what it exports: so `content/`, `templates/`, `site/` and the library
/// file are refused, and so is a folder. A file already there (last week's export) is replaced
/// whole, in one step.
public enum ExportFile {
    public static func write(_ data: Data, to url: URL, shelf: ShelfPaths) throws(ExportError) {
        let shown = url.relativePathForDisplay
        if isShelfOwn(url, shelf: shelf) { throw .shelfFile(path: shown) }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .isAFolder(path: shown)
        }
        let folder = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .noFolder(path: folder.relativePathForDisplay)
        }
        // What is there decides how it is written: a file is replaced whole, in one step; a link
        // is written through, to the file it names; a pipe or a terminal (`--output /dev/stdout`,
        // `>(gzip > x.gz)`) is written into. Replacing the path itself turned a `latest.json`
        // link into a file (the backup it named left as it was), a named pipe into a file nobody
        // read, and, run as root, `/dev/stdout` into a file (found by an exploratory session).
        // A descriptor of this process (`--output /dev/stdout` with standard output sent to a
        // file) is written into, as a shell's redirection has it: opened by its name, it was the
        // file itself, replaced whole (what `>>` kept, lost: found by a review).
        if let descriptor = openDescriptor(named: url.path) {
            return try stream(data, into: descriptor, shown: shown)
        }
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            var link = stat()
            if lstat(url.path, &link) == 0 { throw .unwritable(path: shown, reason: "it is a link to nothing") }
            return try replace(url, with: data, shown: shown)
        }
        // Standard output or error sent to this very file, however it is named (`//dev/stdout`, a
        // link to it): written into through the descriptor, as the shell opened it.
        for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
            var open = stat()
            if fstat(descriptor, &open) == 0, open.st_dev == info.st_dev, open.st_ino == info.st_ino,
                info.st_mode & S_IFMT == S_IFREG
            {
                return try stream(data, into: descriptor, shown: shown)
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard let real = realpath(url.path, nil) else { return try replace(url, with: data, shown: shown) }
            defer { free(real) }
            let target = URL(fileURLWithPath: String(cString: real))
            if isShelfOwn(target, shelf: shelf) { throw .shelfFile(path: shown) }
            if isDatabase(target) { throw .database(path: shown) }
            try replace(target, with: data, shown: shown)
        case S_IFIFO, S_IFCHR:
            try stream(data, into: url.path, shown: shown)
        default:
            throw .unwritable(path: shown, reason: "it is neither a file nor a pipe")
        }
    }

    /// Whether `url` is this shelf's own or another's: an export to a shelf beside this one
    /// (`--output ../other/content/library.sqlite`) replaced that shelf's library (found by an
    /// exploratory session).
    /// The folder is looked at as written and where it really is: a file not there yet in a
    /// link to another shelf's `content/notes` was written, a note of JSON (found by a review).
    static func isShelfOwn(_ url: URL, shelf: ShelfPaths) -> Bool {
        shelf.isShelfOwn(url) || ShelfPaths.shelves(around: url).contains { $0.isShelfOwn(url) }
    }

    /// Whether the file at `url` is an SQLite database (a library kept outside a shelf, a copy of
    /// one), which no export is meant to replace.
    private static func isDatabase(_ url: URL) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\u{0}".utf8)
    }

    /// Writes `data` under a working name beside `url` and renames it into place. An export
    /// killed while it wrote left Foundation's `.dat.nosync…` copy of the library, private notes
    /// included, in the reader's folder for good (found by an exploratory session): the working
    /// name says whose it is, and the next export there removes what a killed one left.
    private static func replace(_ url: URL, with data: Data, shown: String) throws(ExportError) {
        WorkingFiles.removeAbandoned(in: url.deletingLastPathComponent(), madeFor: url.lastPathComponent)
        do {
            try WorkingFiles.write(data, to: url, keepingMode: true)
        } catch {
            throw .unwritable(path: shown, reason: FileFailure.reason(error))
        }
    }

    /// Removes what an export to `url` interrupted now (Ctrl-C) has not renamed into place: a
    /// copy of the library in the reader's folder. For `--format markdown`, `url` is the folder.
    /// A file linked elsewhere is written beside the file it names.
    public static func removeUnfinished(writingTo url: URL, isFolder: Bool = false) {
        let folders = isFolder ? [url] : [url, url.resolvingSymlinksInPath()].map { $0.deletingLastPathComponent() }
        for folder in Set(folders.map(\.path)) { WorkingFiles.removeOwn(in: URL(fileURLWithPath: folder)) }
    }

    /// The descriptor `path` names when it is one of this process's: `/dev/stdout`,
    /// `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`; nil for any other path.
    static func openDescriptor(named path: String) -> Int32? {
        // A descriptor that is closed names nothing of this process's.
        let isOpen = { (descriptor: Int32) in fcntl(descriptor, F_GETFD) != -1 }
        switch path {
        case "/dev/stdout": return isOpen(STDOUT_FILENO) ? STDOUT_FILENO : nil
        case "/dev/stderr": return isOpen(STDERR_FILENO) ? STDERR_FILENO : nil
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                guard let number = Int32(path.dropFirst(prefix.count)), isOpen(number) else { return nil }
                return number
            }
            return nil
        }
    }

    /// Writes `data` into the pipe or device at `path`, as it is, to the end.
    private static func stream(_ data: Data, into path: String, shown: String) throws(ExportError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw .unwritable(path: shown, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        try stream(data, into: descriptor, shown: shown)
    }

    /// Writes `data` into the open `descriptor`, as it is, to the end.
    private static func stream(_ data: Data, into descriptor: Int32, shown: String) throws(ExportError) {
        let failure: Int32? = data.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, start + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
        if let failure { throw .unwritable(path: shown, reason: String(cString: strerror(failure))) }
    }
}

/// Why an export was not written: to a file (`--format json|csv`) or into a folder (`--format
/// markdown`, a file per book).
public enum ExportError: Error, Equatable, CustomStringConvertible {
    case shelfFile(path: String)
    case shelfFolder(path: String)
    case isAFolder(path: String)
    case notAFolder(path: String)
    case noFolder(path: String)
    case unwritable(path: String, reason: String)
    case database(path: String)

    public var description: String {
        switch self {
        case .shelfFile(let path):
            "\(path) is the shelf's own: export to a file outside content/, templates/ and site/"
        case .shelfFolder(let path):
            "\(path) is the shelf's own (its notes are named <book>.md too): export into a folder outside content/, templates/ and site/"
        case .isAFolder(let path):
            "\(path) is a folder: name the file to write, such as \(path)/library.json"
        case .notAFolder(let path):
            "\(path) is a file: a Markdown export writes a file per book into a folder"
        case .noFolder(let path):
            "there is no folder \(path): make it first, or export elsewhere"
        case .unwritable(let path, let reason):
            "could not write \(path): \(reason)"
        case .database(let path):
            "\(path) is an SQLite database, perhaps a library: export to another file"
        }
    }
}
