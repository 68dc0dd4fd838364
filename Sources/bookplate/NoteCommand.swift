import ArgumentParser
import BookplateKit
import Foundation

struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Open a book's note in $VISUAL or $EDITOR, creating it first.",
        discussion: "Notes are Markdown files in content/notes/<slug>.md; any editor will do.")

    @OptionGroup var target: BookOnShelf

    func run() throws {
        let (_, found) = try target.open()
        let session = NoteSession(store: NoteStore(folder: try target.shelf.paths.notes), editor: .system())
        let outcome = try session.edit(slug: found.book.slug)
        switch outcome {
        case .saved(let url):
            Terminal.output("Saved the note for \"\(found.book.title)\": \(url.relativePathForDisplay)")
        case .leftEmpty: Terminal.output("The note for \"\(found.book.title)\" was left empty, so none was kept.")
        case .emptied(let url):
            Terminal.output(
                "The note for \"\(found.book.title)\" is empty now: its page shows none (\(url.relativePathForDisplay))"
            )
        }
    }
}
