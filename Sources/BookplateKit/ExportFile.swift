import BookplateCore
import Foundation

/// `export --format json|csv --output FILE`: the export written to a file the reader names,
/// which may be anywhere but the shelf's own files. An export that lands on the library, a note
/// or `site.yaml` replaces what it exports: so `content/`, `templates/`, `site/` and the library
/// file are refused, and so is a folder. A file already there (last week's export) is replaced
/// whole, in one step.
public enum ExportFile {
    public static func write(_ data: Data, to url: URL, shelf: ShelfPaths) throws(ExportError) {
        let shown = url.relativePathForDisplay
        if shelf.isShelfOwn(url) { throw .shelfFile(path: shown) }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .isAFolder(path: shown)
        }
        let folder = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .noFolder(path: folder.relativePathForDisplay)
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .unwritable(path: shown, reason: error.localizedDescription)
        }
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
        }
    }
}
