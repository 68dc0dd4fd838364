import ArgumentParser
import BookplateKit
import Foundation

struct QuoteCommand: CommandGroup {
    static let configuration = CommandConfiguration(
        commandName: "quote",
        abstract: "Keep the passages you marked: add, list, change, hide, show or remove highlights.",
        discussion: """
            Each highlight has an id made from its book and its text ('bookplate quote list' shows \
            them); the first few characters of it are enough. Hidden highlights stay in the library \
            but are not published.
            """,
        subcommands: [
            QuoteAddCommand.self, QuoteListCommand.self, QuoteEditCommand.self, QuoteHideCommand.self,
            QuoteShowCommand.self, QuoteRemoveCommand.self,
        ])

    /// One highlight as the terminal lists it: id, place, the text and its note.
    static func line(_ highlight: Highlight, slug: String? = nil) -> String {
        let place = [
            highlight.place.page.map { "p. \($0)" }, highlight.shownLocation.map { "loc. \($0)" },
            highlight.place.chapter,
        ].compactMap { $0 }.joined(separator: ", ")
        var line = highlight.id
        if let slug { line += "  \(slug)" }
        if !place.isEmpty { line += "  (\(place))" }
        if !highlight.published { line += "  [hidden]" }
        line += "\n    “" + indented(highlight.text, by: 5) + "”"
        if let note = highlight.note { line += "\n    — " + indented(note, by: 6) }
        return line
    }

    /// `text` with each line after the first indented by `width` spaces, under the first's first
    /// letter: a poem's lines stay lines (they were run together on one), and a blank line
    /// between stanzas stays blank.
    static func indented(_ text: String, by width: Int) -> String {
        let margin = String(repeating: " ", count: width)
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .enumerated().map { $0.offset == 0 || $0.element.isEmpty ? $0.element : margin + $0.element }
            .joined(separator: "\n")
    }

    static func json(_ highlight: Highlight, slug: String) -> JSONValue {
        .object([
            "id": .string(highlight.id), "book": .string(slug), "text": .string(highlight.text),
            "note": .optional(highlight.note), "page": .optional(highlight.place.page),
            "location": .optional(highlight.place.location), "chapter": .optional(highlight.place.chapter),
            "madeAt": .optional(highlight.madeAt.map { ISO8601DateFormatter().string(from: $0) }),
            "source": .string(highlight.source.rawValue), "published": .bool(highlight.published),
        ])
    }
}

struct QuoteAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a passage you marked in a book, with your note on it.")

    @OptionGroup var target: BookOnShelf
    @Argument(help: "The passage, in quotes.") var text: String
    @Option(help: "The page it is on.") var page: String?
    @Option(help: "Where in the book, another way: a chapter's name.") var chapter: String?
    @Option(help: "Your note on it, in Markdown.") var note: String?

    func run() throws {
        let (library, details) = try target.open()
        let addition = try library.addHighlight(
            NewHighlight(text: text, note: note, place: HighlightPlace(page: page, chapter: chapter), source: .reader),
            toBook: details.book.slug)
        let id = addition.highlight.id
        let title = details.book.title
        switch addition.outcome {
        case .added: Terminal.output("Added highlight \(id) to \"\(title)\"")
        case .updated: Terminal.output("Updated highlight \(id) on \"\(title)\": the passage was there already")
        case .unchanged: Terminal.output("Highlight \(id) is already on \"\(title)\", as given")
        }
    }
}

struct QuoteListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the highlights of a book, in the order of the book, or of the whole shelf, newest first.")

    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "A slug, an ISBN or an unambiguous part of the title.", completion: .books) var book: String?
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let library = try shelf.openLibrary(readingOnly: true)
        let highlights: [(slug: String, highlight: Highlight)]
        if let book {
            let slug = try library.findBook(matching: book).book.slug
            highlights = try library.highlights(ofBook: slug).map { (slug, $0) }
        } else {
            highlights = try library.allHighlights()
        }
        if json {
            try JSONOutput.print(
                "highlights", .array(highlights.map { QuoteCommand.json($0.highlight, slug: $0.slug) }))
            return
        }
        guard !highlights.isEmpty else {
            Terminal.output("No highlights yet: add one with 'bookplate quote add BOOK \"text\"' or import them")
            return
        }
        for (slug, highlight) in highlights {
            Terminal.output(QuoteCommand.line(highlight, slug: book == nil ? slug : nil))
        }
    }
}

struct QuoteEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a highlight's note or page ('none' or '' clears them, as in 'edit').")

    @OptionGroup var target: QuoteTarget
    @Option(help: "Your note on it, in Markdown.") var note: String?
    @Option(help: "The page it is on.") var page: String?

    func run() throws {
        // In `run`, not `validate`: an option the command does not know is named first.
        guard note != nil || page != nil else { throw ValidationError("nothing to change: give --note or --page") }
        let highlight = try target.library().editHighlight(
            target.id, note: Self.change(note), page: Self.change(page))
        Terminal.output(QuoteCommand.line(highlight))
    }
}

extension QuoteEditCommand {
    /// What the library is to set a field to: `none` clears it as in every command (the
    /// library clears on ""); nil leaves it.
    static func change(_ value: String?) -> String? {
        guard let value else { return nil }
        return value.trimmingCharacters(in: .whitespaces).lowercased() == "none" ? "" : value
    }
}

struct QuoteHideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hide", abstract: "Keep a highlight in the library but leave it off the site.")

    @OptionGroup var target: QuoteTarget

    func run() throws {
        try target.setPublished(false)
    }
}

struct QuoteShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Publish a highlight that was hidden.")

    @OptionGroup var target: QuoteTarget

    func run() throws {
        try target.setPublished(true)
    }
}

struct QuoteRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Delete a highlight from the library, after asking ('quote hide' only unpublishes it).")

    @OptionGroup var target: QuoteTarget
    @Flag(name: .shortAndLong, help: "Do not ask: for scripts.") var yes = false

    func run() throws {
        let library = try target.library()
        let found = try library.highlight(matching: target.id)
        let note = found.note == nil ? "" : ", with its note"
        try Confirmation.ask(
            "Delete highlight \(found.id) (“\(found.text.prefix(60))”)\(note) for good?", unless: yes)
        let highlight = try library.removeHighlight(found.id)
        Terminal.output("Removed highlight \(highlight.id): “\(highlight.text.prefix(60))”")
    }
}

/// The shelf and the highlight a `quote` command acts on.
struct QuoteTarget: ParsableArguments {
    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "The highlight's id, or its first characters.") var id: String

    func library() throws -> Library { try shelf.openLibrary() }

    /// Publishes the highlight or hides it (`quote show`, `quote hide`), saying which, or that it
    /// was so already.
    func setPublished(_ published: Bool) throws {
        let library = try library()
        let before = try library.highlight(matching: id)
        guard before.published != published else {
            return Terminal.output("Highlight \(before.id) is already \(published ? "published" : "hidden")")
        }
        let highlight = try library.editHighlight(id, published: published)
        Terminal.output(
            published
                ? "Highlight \(highlight.id) is published again"
                : "Hid highlight \(highlight.id): it stays in the library, off the site")
    }
}
