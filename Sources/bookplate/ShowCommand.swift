import ArgumentParser
import BookplateKit
import Foundation

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one book: a slug, an ISBN or part of its title.")

    @OptionGroup var target: BookOnShelf
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let details = try target.open(readingOnly: true).details
        if json {
            try JSONOutput.print("book", JSONOutput.book(details.json))
            return
        }
        let book = details.book
        var lines: [(String, String?)] = [
            ("Title", book.title), ("Subtitle", book.subtitle),
            ("Authors", details.authors.isEmpty ? nil : details.authors.map(\.name).joined(separator: ", ")),
            ("Publisher", book.publisher), ("Published", book.publishedDate?.description),
            ("Original", book.firstPublished?.description),
            (
                "Format",
                book.format.map { $0.rawValue + (book.audioMinutes.map { ", \($0 / 60) h \($0 % 60) min" } ?? "") }
            ),
            ("Owned", book.owned.map { $0 ? "yes" : "no" }),
            ("Pages", book.pageCount.map(String.init)), ("Language", book.language),
            ("ISBN-13", book.isbn13), ("ISBN-10", book.isbn10), ("Status", book.status.rawValue),
            ("Rating", book.rating?.stars5), ("Started", details.latestReadStart?.description),
            (ShowCommand.endLabel(details.latestReadEnd), book.finishedDate?.description),
            ("Reads", ReadCommand.summary(details.reads, slug: book.slug)),
            (
                "Series",
                details.series.isEmpty
                    ? nil
                    : details.series.map { $0.series.name + ($0.position.map { " #\($0.text)" } ?? "") }
                        .joined(separator: ", ")
            ),
            ("Shelves", details.shelves.isEmpty ? nil : details.shelves.map(\.name).joined(separator: ", ")),
            ("Slug", book.slug),
        ]
        let notes = NoteStore(folder: try target.shelf.paths.notes)
        let noteURL = notes.url(forSlug: book.slug)
        lines.append(
            (
                "Note",
                // Whether there is a note, not what it says: read, a note saved as Latin-1 made
                // `show` fail (found by an exploratory session).
                // A notes folder linked to nothing holds no note that can be said to be none.
                (try? notes.checkFolderIsThere()) == nil
                    ? "unknown: \(notes.folder.relativePathForDisplay) is a link to a folder that is not there"
                    : FileManager.default.fileExists(atPath: noteURL.path)
                        ? noteURL.relativePathForDisplay : "none (bookplate note \(book.slug))"
            ))
        for (label, value) in lines {
            guard let value else { continue }
            Terminal.output(label.padding(toLength: 10, withPad: " ", startingAt: 0) + value)
        }
        if let description = book.description {
            Terminal.output("\n" + HTMLText.plainText(fromHTML: description.html))
        }
    }

    /// The label of the end of the latest read (``BookDetails/latestReadEnd``).
    static func endLabel(_ end: BookDetails.LatestReadEnd) -> String {
        switch end {
        case .finished: "Finished"
        case .setAside: "Set aside"
        case .lastRead: "Last read"
        }
    }
}
