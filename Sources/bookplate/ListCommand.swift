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
        let books = try shelf.openLibrary().books(
            status: try status.map(Parse.status), shelf: shelfName, sortedBy: order)
        if json {
            print(try BookplateJSON.encode(books.map(\.json)))
            return
        }
        guard !books.isEmpty else {
            print(status == nil && shelfName == nil ? "The shelf is empty." : "No books match.")
            return
        }
        let rows = books.map { details in
            [
                details.book.slug, details.book.status.rawValue, details.book.rating?.stars5 ?? "",
                details.book.title, details.authors.first?.name ?? "",
            ]
        }
        print(
            TextTable.render(
                header: ["SLUG", "STATUS", "RATING", "TITLE", "AUTHOR"], rows: rows,
                maxWidths: [32, nil, nil, 48, 28]))
    }
}
