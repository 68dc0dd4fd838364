import BookplateCore
import BookplateLibrary
import Foundation

/// The text of a highlights file read whole (Kindle's clippings, Readwise's CSV).
enum HighlightFileText {
    /// `data` as UTF-8: a file saved as UTF-16 with a byte-order mark (as an editor or a
    /// spreadsheet on Windows saves it) is read as the reading-log imports read one; clippings so
    /// saved were "not a Kindle clippings file", said to have no line of `=`, and a Readwise CSV
    /// had none of its columns (found by exploratory sessions).
    static func utf8(_ data: Data, source: HighlightSource) throws(ImportError) -> Data {
        guard UTF16Text.hasByteOrderMark(data) else { return data }
        switch UTF16Text.decode(data) {
        case .success(let text): return Data(text.utf8)
        case .failure(let problem):
            throw .notHighlights(source: source, path: nil, reason: "it is UTF-16 text, but \(problem.description)")
        }
    }
}
