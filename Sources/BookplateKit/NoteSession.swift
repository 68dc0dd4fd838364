import BookplateCatalog
import BookplateCore
import BookplateImport
import BookplateLibrary
import BookplateSite
import Foundation

/// Editing one note: create the file if needed, hand it to the editor, then check what came back.
/// (The next build renders it: the note file is all there is of it.)
public struct NoteSession: Sendable {
    public var store: NoteStore
    public var editor: EditorLauncher

    public init(store: NoteStore, editor: EditorLauncher) {
        self.store = store
        self.editor = editor
    }

    public enum Outcome: Equatable, Sendable {
        case saved(URL)
        /// The note was new and the reader wrote nothing, so the empty file was removed.
        case leftEmpty
        /// The note was there and the reader emptied it: the file stays, and the page shows none.
        case emptied(URL)
    }

    /// Opens the note of the book with `slug` in the editor and records the result.
    public func edit(slug: String) throws -> Outcome {
        let existed = FileManager.default.fileExists(atPath: store.url(forSlug: slug).path)
        let url = try store.createNoteIfMissing(forSlug: slug)
        do {
            try editor.edit(url)
        } catch {
            if !existed, (try? store.readNote(at: url))?.isEmpty == true {
                try? FileManager.default.removeItem(at: url)
            }
            throw error
        }
        let markdown = try store.readNote(at: url)
        guard markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return .saved(url) }
        guard existed else {
            try? FileManager.default.removeItem(at: url)
            return .leftEmpty
        }
        return .emptied(url)
    }
}
