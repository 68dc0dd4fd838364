import ArgumentParser
import BookplateKit
import Foundation

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the books on the shelf.",
        discussion: """
            On a terminal the table fits its width, shortening titles and authors first, and a slug \
            only when they can give no more (--columns slug prints it whole), then leaving out the rating, \
            the status and the author on a very narrow one; piped, nothing is shortened. --columns prints the fields you name, tab-separated, one book \
            a line, for scripts: \(ListColumn.allCases.map(\.rawValue).joined(separator: ", ")).
            """)

    @OptionGroup var shelf: ShelfOptions
    @Option(help: "Only books with this status.") var status: ReadingStatus?
    @Option(name: .customLong("shelf"), help: "Only books on this shelf.") var shelfName: String?
    @Option(help: "Only the books of this series, in reading order with their places.") var series: String?
    @Option(help: "Only books by this author (a slug or part of the name, as 'bookplate author' finds them).")
    var author: String?
    @Option(help: "How to sort the books (by title unless --series is given).") var sort: BookOrder?
    @Option(
        help: ArgumentHelp("Print only these fields, tab-separated, without a header.", valueName: "field,…"),
        completion: .list(ListColumn.allCases.map(\.rawValue)))
    var columns: String?
    @Flag(help: "Print JSON for scripts.") var json = false

    func validate() throws {
        _ = try chosenColumns()
        if json && columns != nil { throw ValidationError("give --json or --columns, not both") }
    }

    func chosenColumns() throws -> [ListColumn]? {
        guard let columns else { return nil }
        guard columns.contains(where: { $0 != "," && !$0.isWhitespace }) else {
            throw ValidationError(
                "--columns names no column: use \(ListColumn.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return try columns.split(separator: ",").map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard let column = ListColumn.allCases.first(where: { $0.rawValue.lowercased() == trimmed }) else {
                let near = Suggestions.nearest(to: trimmed, in: ListColumn.allCases.map(\.rawValue))
                throw ValidationError(
                    "unknown column '\(trimmed)'"
                        + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)")
                        + ": use \(ListColumn.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return column
        }
    }

    func run() throws {
        let order = sort
        let library = try shelf.openLibrary(readingOnly: true)
        let wanted = status
        if json {
            let books = try library.books(
                status: wanted, shelf: shelfName, series: series, author: author, sortedBy: order)
            try JSONOutput.print("books", .array(books.map { JSONOutput.book($0.json) }))
            return
        }
        if let columns = try chosenColumns() {
            let books = try library.books(
                status: wanted, shelf: shelfName, series: series, author: author, sortedBy: order
            ).map(\.json)
            let lines = books.map { book in
                columns.map { Terminal.safe($0.value(of: book), as: .line).replacingOccurrences(of: "\t", with: " ") }
                    .joined(separator: "\t")
            }
            if !lines.isEmpty { Terminal.output(lines.joined(separator: "\n")) }
            return
        }
        let books = try library.listing(
            status: wanted, shelf: shelfName, series: series, author: author, sortedBy: order)
        guard !books.isEmpty else {
            let filtered = status != nil || shelfName != nil || series != nil || author != nil
            Terminal.output(filtered ? "No books match." : "The shelf is empty.")
            return
        }
        var rows = books.map { entry in
            [entry.slug, entry.status.rawValue, entry.rating?.stars5 ?? "", entry.title, entry.firstAuthor ?? ""]
        }
        var header = ["SLUG", "STATUS", "RATING", "TITLE", "AUTHOR"]
        // Titles and authors give up width first, down to 8 columns; a slug only when the table is
        // still too wide, down to 24 (a slug of 64 made every row of a 10,000-book shelf wrap at 80
        // columns: found by an exploratory session). Cut, it ends in "…", and `show` takes a part
        // of the title. Narrower still, the rating, the status and the author go, in that order.
        var flexible = [3, 4]
        var lastResort = [0: 24]
        var droppable = [2, 1, 4]
        // A series' books with their places first: "#2", "#1-3", or nothing for a book without one.
        if series != nil {
            header.insert("#", at: 0)
            for (index, entry) in books.enumerated() {
                rows[index].insert(entry.seriesPlace.map { "#" + $0 } ?? "", at: 0)
            }
            flexible = flexible.map { $0 + 1 }
            lastResort = [1: 24]
            droppable = droppable.map { $0 + 1 }
        }
        Terminal.output(
            TextTable.forOutput(
                header: header, rows: rows, flexible: flexible, lastResort: lastResort, droppable: droppable))
    }
}

/// A field `list --columns` can print, named as in the JSON output (in any case): each of its
/// fields of one line (not the description, the reads one by one, or where each field came from).
enum ListColumn: String, CaseIterable {
    case slug, title, subtitle, authors, status, rating, started, finished, added, published, pages, isbn13,
        isbn10, publisher, language, shelves, firstPublished, format, audioMinutes, owned, readCount, series,
        googleVolumeID, openLibraryWork, openLibraryEdition

    func value(of book: BookJSON) -> String {
        switch self {
        case .slug: book.slug
        case .title: book.title
        case .subtitle: book.subtitle ?? ""
        case .authors: book.authors.joined(separator: ", ")
        case .status: book.status
        case .rating: book.rating.flatMap { try? Rating(stars: $0).text } ?? ""
        case .started: book.started ?? ""
        case .finished: book.finished ?? ""
        case .added: book.added
        case .published: book.published ?? ""
        case .pages: book.pages.map(String.init) ?? ""
        case .isbn13: book.isbn13 ?? ""
        case .isbn10: book.isbn10 ?? ""
        case .publisher: book.publisher ?? ""
        case .language: book.language ?? ""
        case .shelves: book.shelves.joined(separator: ", ")
        case .firstPublished: book.firstPublished ?? ""
        case .format: book.format ?? ""
        case .audioMinutes: book.audioMinutes.map(String.init) ?? ""
        case .owned: book.owned.map { $0 ? "yes" : "no" } ?? ""
        case .readCount: String(book.readCount)
        case .series: book.series.map { $0.name + ($0.position.map { " #\($0)" } ?? "") }.joined(separator: ", ")
        case .googleVolumeID: book.googleVolumeID ?? ""
        case .openLibraryWork: book.openLibraryWork ?? ""
        case .openLibraryEdition: book.openLibraryEdition ?? ""
        }
    }
}
