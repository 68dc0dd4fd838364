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
        let (library, found) = try target.open()
        let session = NoteSession(store: NoteStore(folder: try target.shelf.paths.notes), editor: .system())
        let outcome: NoteSession.Outcome
        do {
            outcome = try session.edit(slug: found.book.slug)
        } catch let error as NoteError {
            // The terminal has just echoed "^C" where the message would begin: it goes on a line
            // of its own (it began "^CError: …": found by an exploratory session).
            if case .editorFailed(_, let status) = error, status == 128 + SIGINT, isatty(STDERR_FILENO) == 1 {
                Terminal.error("")
            }
            throw error
        }
        // The book may have been removed while the editor was open: the note is kept, and comes
        // back with it (it said "Saved" and nothing else: found by an exploratory session).
        // Deleted for good (`remove --purge`), no restore brings it back: it said one would
        // (found by an exploratory session).
        let slug = found.book.slug
        let onShelf = (try? library.findBook(matching: slug).book.slug) == slug
        let restorable = !onShelf && ((try? library.removedCopies(ofSlug: slug)) ?? 0) > 0
        let gone =
            onShelf
            ? ""
            : restorable
                ? " — but \"\(found.book.title)\" was removed meanwhile: 'bookplate restore \(slug)' brings it back "
                    + "with this note"
                : " — but \"\(found.book.title)\" was deleted for good meanwhile (remove --purge): the note stays "
                    + "there, of no book; add the book again ('bookplate add', slug \(slug)) for it to have this note"
        switch outcome {
        case .saved(let url):
            Terminal.output("Saved the note for \"\(found.book.title)\": \(url.relativePathForDisplay)" + gone)
        case .leftEmpty: Terminal.output("The note for \"\(found.book.title)\" was left empty, so none was kept.")
        case .removed(let url, let existed):
            Terminal.output(
                "\(url.relativePathForDisplay) was removed while it was open in the editor: "
                    + (existed
                        ? "\"\(found.book.title)\" has no note now, and its page shows none at the next build"
                        : "no note was kept for \"\(found.book.title)\""))
        case .emptied(let url):
            Terminal.output(
                "The note for \"\(found.book.title)\" is empty now: its page shows none (\(url.relativePathForDisplay))"
            )
        }
    }
}
