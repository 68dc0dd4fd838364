import ArgumentParser
import BookplateKit
import Foundation

extension ImportCommand {
    /// `import apple-books PATH`: the books and their highlights, what was left out, and the sums.
    /// Books are numbered by their row in Apple Books' library store, highlights by theirs in its
    /// annotation store.
    func importAppleBooks(library: Library, finder: BookFinder?) async throws {
        let folder = try ShelfOptions.currentFolder
        let url = URL(fileURLWithPath: file, relativeTo: folder)
        let report = try AppleBooksImport(library: library, stateFolder: try shelf.paths.stateFolder)
            .run(
                path: url, annotations: annotations.map { URL(fileURLWithPath: $0, relativeTo: folder) },
                dryRun: dryRun)
        let (books, highlights) = (report.books, report.highlights)
        if report.importedNothing {
            if !json { reportProblems(skipped: books.skipped, warnings: books.warnings, entry: "book") }
            throw NothingImported(
                path: url.relativePathForDisplay, entry: "book", skipped: books.skipped, dryRun: dryRun)
        }
        let enriched = books.rows.filter { $0.action != .removed }.map(\.slug)
        if json {
            func problems(_ skipped: [SkippedRow], _ warnings: [RowWarning]) -> [String: JSONValue] {
                [
                    "skipped": JSONOutput.skipped(skipped),
                    "warnings": .array(
                        warnings.map { .object(["line": .int($0.line), "message": .string($0.message)]) }),
                ]
            }
            let bookObject: [String: JSONValue] = [
                "added": .strings(books.added), "updated": .strings(books.updated), "unchanged": .int(books.unchanged),
                "removedBooks": .array(
                    books.removedByReader.map {
                        .object([
                            "slug": .string($0.slug), "title": .string($0.title), "authors": .strings($0.authors),
                        ])
                    }),
                "rows": .array(
                    books.rows.map {
                        .object([
                            "line": .int($0.line), "action": .string($0.action.rawValue), "slug": .string($0.slug),
                            "title": .string($0.title),
                        ])
                    }),
            ]
            let highlightObject: [String: JSONValue] = [
                "added": .int(highlights.added), "updated": .int(highlights.updated),
                "unchanged": .int(highlights.unchanged), "removedByReader": .int(highlights.removedByReader),
                "removedBooks": .array(
                    highlights.removedBooks.map {
                        .object([
                            "slug": .string($0.slug), "title": .string($0.title), "highlights": .int($0.highlights),
                        ])
                    }),
                "unmatched": .array(
                    highlights.unmatched.map {
                        .object([
                            "title": .string($0.title), "author": .optional($0.author),
                            "highlights": .int($0.highlights),
                        ])
                    }),
            ]
            return try await printJSON(
                [
                    "source": .string(ImportSource.appleBooks.rawValue), "dryRun": .bool(dryRun),
                    "books": .object(bookObject.merging(problems(books.skipped, books.warnings)) { $1 }),
                    "highlights": .object(
                        highlightObject.merging(problems(highlights.skipped, highlights.warnings)) { $1 }),
                    "samplesLeftOut": .strings(report.samplesLeftOut), "pdfsLeftOut": .strings(report.pdfsLeftOut),
                    "highlightsLeftOut": .int(report.highlightsLeftOut),
                ], enriching: enriched, finder: finder, library: library)
        }
        if dryRun { listRows(books, entry: "book") }
        reportProblems(skipped: books.skipped, warnings: books.warnings, entry: "book")
        reportProblems(skipped: highlights.skipped, warnings: highlights.warnings, entry: "annotation")
        for book in highlights.unmatched {
            Terminal.error(
                "not matched: \"\(book.title)\"\(book.author.map { " by \($0)" } ?? ""), "
                    + "\(counted(book.highlights, "highlight")) (its book was skipped)")
        }
        let verb = dryRun ? "Would import" : "Imported"
        var line =
            "\(verb) \(counted(books.added.count + books.updated.count + books.unchanged, "book")) from Apple Books: "
            + "\(books.added.count) new, \(books.updated.count) updated, \(books.unchanged) unchanged, "
            + "\(books.skipped.count) skipped; "
            + "\(counted(highlights.added + highlights.updated + highlights.unchanged, "highlight")): "
            + "\(highlights.added) new, \(highlights.updated) updated, \(highlights.unchanged) unchanged"
        if highlights.removedByReader > 0 {
            line +=
                ", \(highlights.removedByReader) left out as removed with `quote remove` (`quote add BOOK \"TEXT\"` brings one back)"
        }
        Terminal.output(line)
        let samples = report.samplesLeftOut.count
        let pdfs = report.pdfsLeftOut.count
        if samples + pdfs > 0 {
            let what = [samples > 0 ? counted(samples, "sample") : nil, pdfs > 0 ? counted(pdfs, "PDF") : nil]
                .compactMap { $0 }.joined(separator: " and ")
            let with = report.highlightsLeftOut > 0 ? " (with \(counted(report.highlightsLeftOut, "highlight")))" : ""
            Terminal.output(
                "\(dryRun ? "Would leave out" : "Left out") \(what)\(with): a sample is not the book, "
                    + "and a PDF is most often a document; `bookplate add` adds one you want")
        }
        if !books.removedByReader.isEmpty {
            let (named, how) = Self.restoreHint(books.removedByReader, byAuthors: true)
            let left = highlights.removedBooks.reduce(0) { $0 + $1.highlights }
            let with = left > 0 ? " (with \(counted(left, "highlight")))" : ""
            Terminal.output("\(dryRun ? "Would leave out" : "Left out") \(named)\(with), which you removed: \(how)")
        }
        guard let finder else { return }
        let counts = try await enrichBooks(enriched, finder: finder, library: library)
        if !counts.wentThrough { throw ExitCode.failure }
    }
}
