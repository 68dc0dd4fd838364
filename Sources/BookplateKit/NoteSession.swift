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
        /// The note's file was removed while the editor had it open (by the editor, or another
        /// command): the book has no note now. `existed` says whether it had one before.
        case removed(URL, existed: Bool)
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
        let markdown: String
        do {
            markdown = try store.readNote(at: url)
        } catch NoteError.gone {
            // It was blamed on another command, with "try again" (found by an exploratory
            // session): an editor that deletes the file it is given is the likelier.
            return .removed(url, existed: existed)
        }
        guard markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return .saved(url) }
        guard existed else {
            try? FileManager.default.removeItem(at: url)
            return .leftEmpty
        }
        return .emptied(url)
    }
}
