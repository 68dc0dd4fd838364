import BookplateCore
import BookplateImport
import BookplateLibrary
import Foundation

/// `export --format markdown --output FOLDER`: a Markdown file of each book's highlights
/// (`<slug>.md`, see ``HighlightMarkdown``) written into a folder the reader names, for a
/// note-taking app's vault. Each file is replaced whole; nothing else in the folder is touched,
/// so the reader's own notes beside them stay, and a book whose highlights are gone keeps its
/// last file.
public struct MarkdownHighlightsExport: Sendable {
    public var exporter: LibraryExporter

    public init(exporter: LibraryExporter) {
        self.exporter = exporter
    }

    /// What was written.
    public struct Summary: Sendable, Equatable {
        public var files: Int
        public var highlights: Int
    }

    /// Writes every book's file into `folder`, made when missing.
    public func write(into folder: URL) throws -> Summary {
        let files = try exporter.highlightsMarkdown()
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw MarkdownExportError.notAFolder(path: folder.relativePathForDisplay)
            }
        } else {
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw MarkdownExportError.unwritable(
                    path: folder.relativePathForDisplay, reason: error.localizedDescription)
            }
        }
        var highlights = 0
        for file in files {
            // Slugs are [a-z0-9-]: a file's name never leaves the folder.
            let url = folder.appendingPathComponent("\(file.slug).md", isDirectory: false)
            do {
                try Data(file.markdown.utf8).write(to: url, options: .atomic)
            } catch {
                throw MarkdownExportError.unwritable(
                    path: url.relativePathForDisplay, reason: error.localizedDescription)
            }
            highlights += file.highlights
        }
        return Summary(files: files.count, highlights: highlights)
    }
}

/// What stops a Markdown export.
public enum MarkdownExportError: Error, Equatable, CustomStringConvertible {
    case notAFolder(path: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .notAFolder(let path):
            "\(path) is a file: a Markdown export writes a file per book into a folder"
        case .unwritable(let path, let reason):
            "could not write \(path): \(reason)"
        }
    }
}
