import ArgumentParser
import BookplateKit
import Foundation

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Take a book off the shelf. Its note is kept, moved to content/notes/.removed/.")

    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "A slug, an ISBN or an unambiguous part of the title.") var book: String

    func run() throws {
        let library = try shelf.openLibrary()
        let target = try library.findBook(matching: book)
        try library.removeBook(slug: target.book.slug)
        let keptNote = try NoteStore(folder: shelf.paths.notes).setAsideNote(forSlug: target.book.slug, at: Date())
        CoverFetcher.setAsideImage(named: target.book.slug, in: shelf.paths.covers, at: Date())
        var message = "Removed \"\(target.book.title)\" (\(target.book.slug))"
        if let keptNote { message += " — its note is kept at \(keptNote.relativePathForDisplay)" }
        Terminal.output(message)
    }
}
