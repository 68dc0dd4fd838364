import ArgumentParser
import BookplateKit

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a book to the shelf by hand.",
        discussion:
            "Adding a book whose ISBN (or, without one, whose title and first author) is already on the shelf adds nothing."
    )

    @OptionGroup var shelf: ShelfOptions
    @OptionGroup var details: BookDetailOptions

    @Option(help: "to-read, reading, read or abandoned (default to-read).") var status: String?
    @Option(help: "Your rating, 1 to 5.") var rating: String?
    @Option(help: ArgumentHelp("When you started reading it.", valueName: "YYYY-MM-DD")) var started: String?
    @Option(help: ArgumentHelp("When you finished it.", valueName: "YYYY-MM-DD")) var finished: String?
    @Option(name: .customLong("shelf"), help: "A shelf (tag) to put it on; repeat for several.") var shelves: [String] =
        []

    func run() throws {
        guard let title = details.title else { throw LibraryError.emptyTitle }
        let new = NewBook(
            title: title, subtitle: details.subtitle, authors: details.authors,
            isbn: try details.isbn.map(Parse.isbn), publisher: details.publisher,
            publishedDate: try details.published.map(Parse.date), pageCount: try details.pages.map(Parse.pages),
            language: details.language, description: details.description,
            status: try status.map(Parse.status) ?? .toRead, rating: try rating.flatMap(Parse.rating),
            startedDate: try started.map(Parse.date), finishedDate: try finished.map(Parse.date), shelves: shelves)
        let added = try shelf.openLibrary(create: true).addBook(new)
        let byline = added.authors.isEmpty ? "" : " (\(added.authors.map(\.name).joined(separator: ", ")))"
        let notePath = NoteStore(folder: shelf.paths.notes).url(forSlug: added.book.slug).relativePathForTerminal
        print("Added \"\(added.book.title)\"\(byline) as \(added.book.slug) — note: \(notePath)")
    }
}

/// The book's own fields, shared by `add` and `edit`.
struct BookDetailOptions: ParsableArguments {
    @Option(help: "The title.") var title: String?
    @Option(help: "The subtitle.") var subtitle: String?
    @Option(name: .customLong("author"), help: "An author, in credit order; repeat for several.") var authors:
        [String] = []
    @Option(help: "ISBN-10 or ISBN-13; hyphens allowed.") var isbn: String?
    @Option(help: "The publisher.") var publisher: String?
    @Option(
        name: [.customLong("year"), .customLong("published")],
        help: ArgumentHelp("Publication date: YYYY, YYYY-MM or YYYY-MM-DD.", valueName: "date"))
    var published: String?
    @Option(help: "Number of pages.") var pages: String?
    @Option(help: "Language code, such as en or fr.") var language: String?
    @Option(help: "A description; separate paragraphs with a blank line.") var description: String?
}
