import BookplateCore
import BookplateImport
import BookplateLibrary
import Foundation

/// `export --format markdown --output FOLDER`: a Markdown file of each book's highlights
/// (`<slug>.md`, see ``HighlightMarkdown``) written into a folder the reader names, for a
/// note-taking app's vault.
///
/// It never writes into the shelf's own folders (`content/`, whose notes are named `<slug>.md`
/// too, `templates/` or `site/`), and it replaces only files it wrote: a file of the same name
/// that is not this export's file of that book is left as it is, with a warning. Nothing else in
/// the folder is touched, and a book whose highlights are gone keeps its last file.
public struct MarkdownHighlightsExport: Sendable {
    public var exporter: LibraryExporter
    /// The shelf's folders, which the export must not write into.
    public var shelf: ShelfPaths

    public init(exporter: LibraryExporter, shelf: ShelfPaths) {
        self.exporter = exporter
        self.shelf = shelf
    }

    /// What was written, and the files left alone.
    public struct Summary: Sendable, Equatable {
        public var files: Int
        public var highlights: Int
        /// Files of the folder with a book's name that this export did not write.
        public var keptFiles: [String] = []
    }

    /// Writes every book's file into `folder`, made when missing.
    public func write(into folder: URL) throws -> Summary {
        // Any shelf's, not only this library's: a shelf's notes are named `<slug>.md` too.
        if ExportFile.isShelfOwn(folder, shelf: shelf) {
            throw ExportError.shelfFolder(path: folder.relativePathForDisplay)
        }
        let files = try exporter.highlightsMarkdown()
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ExportError.notAFolder(path: folder.relativePathForDisplay)
            }
        } else {
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw ExportError.unwritable(
                    path: folder.relativePathForDisplay, reason: error.localizedDescription)
            }
        }
        // What an export killed while it wrote left: its working files of books' Markdown.
        WorkingFiles.removeAbandoned(in: folder) { $0.hasSuffix(".md") }
        var summary = Summary(files: 0, highlights: 0)
        for file in files {
            // Slugs are [a-z0-9-]: a file's name never leaves the folder.
            let url = folder.appendingPathComponent("\(file.slug).md", isDirectory: false)
            if let existing = manager.contents(atPath: url.path),
                !HighlightMarkdown.isExport(String(decoding: existing, as: UTF8.self), ofBook: file.slug)
            {
                summary.keptFiles.append(url.relativePathForDisplay)
                continue
            }
            do {
                try WorkingFiles.write(Data(file.markdown.utf8), to: url, keepingMode: true, flush: false)
            } catch {
                throw ExportError.unwritable(
                    path: url.relativePathForDisplay, reason: error.localizedDescription)
            }
            summary.files += 1
            summary.highlights += file.highlights
        }
        // Waited for once, not once a file: a vault of a thousand books.
        if summary.files > 0 { FileOutput.flushFileSystem(containing: folder) }
        return summary
    }
}
