import ArgumentParser
import BookplateKit
import Foundation

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search Google Books and Open Library at once; results are numbered for 'bookplate add'.")

    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "Words to search for.") var words: [String] = []
    @Option(help: "Words in the title.") var title: String?
    @Option(help: "Words in an author's name.") var author: String?
    @Option(help: "An ISBN.") var isbn: String?
    @Option(help: "Which catalogs to ask (default all).") var source: CatalogChoice?
    @Option(help: "How many results from each catalog, 1 to 200 (default 20).") var limit: Int?
    @Option(help: "Which page of results, from 1; with no words, of the last search.") var page: Int?
    @Flag(help: "Print JSON for scripts.") var json = false

    func validate() throws {
        // Each named apart: "--limit 0" was answered of both.
        if let limit, !(1...200).contains(limit) { throw ValidationError("--limit must be 1 to 200") }
        if let page, !(1...1000).contains(page) { throw ValidationError("--page must be 1 to 1000") }
        // An ISBN is checked as `add` checks one: "123" was sent to both catalogs as it was.
        if let isbn { _ = try Parse.asUsage { try Parse.isbn(isbn) } }
    }

    func run() async throws {
        var query = CatalogQuery(
            text: words.isEmpty ? nil : words.joined(separator: " "), title: title, author: author, isbn: isbn)
        var sources = source ?? .all
        var limit = limit ?? 20
        let page = page ?? 1
        // `search --page 2` alone goes on with the last search, as its results say: it was "nothing
        // to search for" (found by an exploratory session).
        if query.isEmpty, self.page != nil {
            guard let paths = try? shelf.paths, let asked = LastSearch(contentFolder: paths.content).asked() else {
                throw ValidationError(SearchError.noSearchToPage.description)
            }
            query = asked.query
            sources = source ?? asked.sources
            limit = self.limit ?? asked.limit
        }
        // A command line with nothing to do is a usage error (64), as `edit` with nothing to change is.
        guard !query.isEmpty else { throw ValidationError(SearchError.emptyQuery.description) }
        let results = try await shelf.finder().search(query, sources: sources, limit: limit, page: page)
        for warning in results.warnings {
            // A catalog that failed; one whose rows lost a value still shows them.
            if warning.isValuesLeftOut {
                Terminal.warning("\(warning)")
            } else {
                Terminal.warning("\(warning) — showing the other catalog's results")
            }
        }
        // Outside a shelf the results are shown but not kept: nothing is created but by `init`. In
        // a shelf that cannot be written they are shown, with a warning that `add N` cannot pick.
        let paths = try? shelf.paths
        var kept = paths != nil
        if let paths {
            do {
                try LastSearch(contentFolder: paths.content).save(
                    results.candidates,
                    asked: LastSearch.Asked(query: query, sources: sources, limit: limit, page: page))
            } catch {
                Terminal.warning("\(error) — `bookplate add NUMBER` cannot pick from these results")
                kept = false
            }
        }
        if json {
            try JSONOutput.print(
                "search",
                .object([
                    "page": .int(page), "googleTotal": .optional(results.googleTotal),
                    "openLibraryTotal": .optional(results.openLibraryTotal), "kept": .bool(kept),
                    "warnings": .strings(results.warnings.map { "\($0)" }),
                    "results": .array(
                        results.candidates.enumerated().map { JSONOutput.candidate($1, number: $0 + 1) }),
                ]))
            return
        }
        var counts: [String] = []
        if let total = results.googleTotal { counts.append("Google Books found \(total)") }
        if let total = results.openLibraryTotal { counts.append("Open Library found \(total)") }
        Terminal.output(counts.joined(separator: " · ") + (page > 1 ? " (page \(page))" : ""))
        guard !results.candidates.isEmpty else {
            Terminal.output("No books match. Try fewer words, or --title and --author.")
            return
        }
        Terminal.output(SearchTable.render(results.candidates))
        if paths == nil {
            Terminal.output(
                "Not inside a shelf, so these are not kept for `add`: run `bookplate init DIR` to start one.")
        } else if kept {
            // Said when either catalog found more than the pages so far show.
            let more = [results.googleTotal, results.openLibraryTotal].contains { ($0 ?? 0) > page * limit }
            Terminal.output(
                "Add one with: bookplate add NUMBER"
                    + (more ? " · the next page: bookplate search --page \(page + 1)" : ""))
        }
    }
}

/// Search results as a numbered table.
enum SearchTable {
    static func render(_ candidates: [BookCandidate]) -> String {
        let rows = candidates.enumerated().map { index, candidate in
            [
                String(index + 1),
                candidate.sources == [.openLibrary]
                    ? "openlibrary" : candidate.sources.map(\.shortName).joined(separator: "+"),
                candidate.title + (candidate.subtitle.map { ": \($0)" } ?? ""),
                candidate.authors.first ?? "", candidate.year.map(String.init) ?? "", candidate.isbn13 ?? "",
            ]
        }
        // On a terminal the table fits it (it was 94 columns wide on one of 80, and wrapped).
        return TextTable.forOutput(
            header: ["#", "SOURCE", "TITLE", "AUTHOR", "YEAR", "ISBN-13"], rows: rows, flexible: [2, 3],
            droppable: [5, 1, 4], piped: [nil, nil, 44, 24, nil, nil])
    }
}
