import ArgumentParser
import BookplateKit

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the books on the shelf.")

    @OptionGroup var shelf: ShelfOptions
    @Option(help: "Only books with this status: to-read, reading, read or abandoned.") var status: String?
    @Option(name: .customLong("shelf"), help: "Only books on this shelf.") var shelfName: String?
    @Option(help: "Sort by title, author, added, finished or rating (default title).") var sort: String = "title"
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        guard let order = BookOrder(rawValue: sort.lowercased()) else {
            throw ValidationError(
                "unknown sort '\(sort)': use one of \(BookOrder.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let library = try shelf.openLibrary()
        let wanted = try status.map(Parse.status)
        if json {
            Terminal.output(
                try BookplateJSON.encode(library.books(status: wanted, shelf: shelfName, sortedBy: order).map(\.json)),
                as: .json)
            return
        }
        let books = try library.listing(status: wanted, shelf: shelfName, sortedBy: order)
        guard !books.isEmpty else {
            Terminal.output(status == nil && shelfName == nil ? "The shelf is empty." : "No books match.")
            return
        }
        let rows = books.map { entry in
            [entry.slug, entry.status.rawValue, entry.rating?.stars5 ?? "", entry.title, entry.firstAuthor ?? ""]
        }
        Terminal.output(
            TextTable.render(
                header: ["SLUG", "STATUS", "RATING", "TITLE", "AUTHOR"], rows: rows,
                maxWidths: [32, nil, nil, 48, 28]))
    }
}
