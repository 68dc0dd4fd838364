import ArgumentParser
import BookplateKit
import Foundation

struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Open a book's note in $VISUAL or $EDITOR, creating it first.",
        discussion: "Notes are Markdown files in content/notes/<slug>.md; any editor will do.")

    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "A slug, an ISBN or an unambiguous part of the title.", completion: .books) var book: String

    func run() throws {
        let library = try shelf.openLibrary()
        let target = try library.findBook(matching: book)
        let session = NoteSession(library: library, store: NoteStore(folder: try shelf.paths.notes), editor: .system())
        let outcome = try session.edit(slug: target.book.slug)
        switch outcome {
        case .saved(let url):
            Terminal.output("Saved the note for \"\(target.book.title)\": \(url.relativePathForDisplay)")
        case .leftEmpty: Terminal.output("The note for \"\(target.book.title)\" was left empty, so none was kept.")
        }
    }
}
