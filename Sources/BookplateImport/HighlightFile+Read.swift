import BookplateCore
import BookplateLibrary
import Foundation

extension HighlightFile {
    /// Reads `data` as an export from `source`: a Kindle's clippings, KOReader's JSON or
    /// Readwise's CSV. A Kobo's database is a file SQLite opens (``read(contentsOf:as:)``).
    package static func read(_ data: Data, as source: HighlightSource) throws -> HighlightFile {
        switch source {
        case .kindle: try KindleClippings.readFile(data)
        case .koreader: try KOReaderHighlights.read(data)
        case .readwise: try ReadwiseHighlights.read(data)
        case .kobo, .appleBooks, .reader:
            throw ImportError.notHighlights(source: source, path: nil, reason: "it is not read from bytes")
        }
    }

    /// Reads the file at `url` as an export from `source`; an error names the file.
    package static func read(contentsOf url: URL, as source: HighlightSource) throws -> HighlightFile {
        let path = url.relativePathForDisplay
        try ImportError.checkIsAFile(url)
        switch source {
        case .kobo:
            // SQLite opens a database by its name and reads here and there in it: a pipe is no
            // database to it, and was "empty".
            guard ImportInput.isRegular(at: url) else {
                throw ImportError.notHighlights(
                    source: source, path: path, reason: "a pipe is not a database file SQLite can open")
            }
            return try KoboHighlights.read(databaseAt: url)
        case .appleBooks:
            return try AppleBooksLibrary.read(url).highlights
        case .reader:
            throw ImportError.notHighlights(source: source, path: path, reason: "there is no such export")
        case .kindle, .koreader, .readwise:
            // Read front to back only, so that a pipe is read as a file is (see ``ImportInput``).
            let input = try ImportInput(opening: url)
            defer { input.close() }
            let data = try input.whole()
            do {
                return try read(data, as: source)
            } catch let error as ImportError {
                throw error.naming(path)
            }
        }
    }
}
