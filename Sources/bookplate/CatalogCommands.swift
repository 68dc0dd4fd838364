import ArgumentParser
import BookplateKit
import Foundation

struct EditionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "editions",
        abstract: "List the Open Library editions of a book; switch with 'bookplate edit BOOK --edition OL…M'.")

    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "A slug, an ISBN or an unambiguous part of the title.") var book: String
    @Option(help: "How many editions to list (default 50).") var limit: Int = 50

    func run() async throws {
        let details = try shelf.openLibrary().findBook(matching: book)
        guard let work = details.book.openLibraryWorkKey else { throw SearchError.noWorkKey(slug: details.book.slug) }
        let editions = try await shelf.finder().editions(ofWork: work, limit: limit)
        let rows = editions.map { edition in
            [
                edition.key == details.book.openLibraryEditionKey ? "*" : "", edition.key,
                edition.book.publishedDate?.description ?? "", edition.book.publisher ?? "",
                edition.languages.joined(separator: ","), edition.book.isbn13 ?? "",
                edition.book.pageCount.map(String.init) ?? "", edition.book.coverIDs.isEmpty ? "" : "yes",
            ]
        }
        Terminal.output(
            TextTable.render(
                header: ["", "EDITION", "PUBLISHED", "PUBLISHER", "LANG", "ISBN-13", "PAGES", "COVER"], rows: rows,
                maxWidths: [nil, nil, nil, 30, nil, nil, nil, nil]))
    }
}

struct AuthorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "author", abstract: "Show what the library knows about an author.")

    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "An author's slug or an unambiguous part of their name.") var name: String

    func run() throws {
        let profile = try shelf.openLibrary().findAuthor(matching: name)
        let author = profile.author
        Terminal.output(author.name)
        let dates = [author.birthDate.map { "born \($0)" }, author.deathDate.map { "died \($0)" }].compactMap { $0 }
        if !dates.isEmpty { Terminal.output(dates.joined(separator: ", ")) }
        if let key = author.openLibraryKey { Terminal.output("Open Library: \(key)") }
        if let bio = author.bio { Terminal.output("\n" + bio) }
        Terminal.output("\nOn the shelf:")
        for book in profile.books { Terminal.output("  \(book.slug)  \(book.title)") }
        if !profile.works.isEmpty {
            Terminal.output("\nOther works:")
            for work in profile.works { Terminal.output("  \(work.title)" + (work.year.map { " (\($0))" } ?? "")) }
        }
    }
}

struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch catalog data again for one book or all; never overwrites what you set.")

    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "A slug, an ISBN or part of a title; all books when left out.") var book: String?

    func run() async throws {
        let library = try shelf.openLibrary()
        let adder = BookAdder(finder: try shelf.finder(), library: library, paths: shelf.paths)
        let slugs = try book.map { [try library.findBook(matching: $0).book.slug] } ?? library.books().map(\.book.slug)
        var failed = false
        for slug in slugs {
            do {
                let (changed, warnings) = try await adder.refresh(slug: slug)
                for warning in warnings { Terminal.error("warning: \(slug): \(warning)") }
                Terminal.output(
                    changed.isEmpty ? "\(slug): up to date" : "\(slug): updated \(changed.joined(separator: ", "))")
            } catch let error as CatalogError where error.meansUnreachable {
                // The catalogs are out of reach: every other book would wait through the same
                // time-outs and retries.
                Terminal.error("Error: \(slug): \(error) — stopping; refresh the rest later")
                throw ExitCode.failure
            } catch {
                failed = true
                Terminal.error("Error: \(slug): \(error)")
            }
        }
        if failed { throw ExitCode.failure }
    }
}
