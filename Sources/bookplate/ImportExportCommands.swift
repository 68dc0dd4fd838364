import ArgumentParser
import BookplateKit
import Foundation

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import a reading-log export (goodreads FILE.csv, storygraph FILE.csv, librarything FILE.tsv, bookwyrm FILE.csv, bookplate FILE.json), a Calibre library (calibre FOLDER), Apple Books' books and highlights (apple-books FOLDER) or highlights (kindle 'My Clippings.txt', kobo KoboReader.sqlite, koreader FILE.json, readwise FILE.csv).",
        discussion: """
            Re-importing is safe: a book is matched by ISBN-13, then by the export's own id, then by title \
            and first author, and updated, never duplicated. The import is one transaction: a failure changes \
            nothing. Rows that cannot be used are listed with their line numbers; the rest are imported. \
            Reviews become notes for books that have none; private notes are kept but never published.

            Highlights are matched to the books on the shelf by ISBN, else by title and author; those \
            of books the shelf does not have are listed, or added with their books by --add-missing. \
            Re-importing adds nothing twice; a note changed since updates the highlight. A Kobo's \
            KoboReader.sqlite (in the device's .kobo folder) is only ever read.

            Apple Books: give its Documents folder (~/Library/Containers/com.apple.iBooksX/Data/Documents, \
            which holds BKLibrary and AEAnnotation), or its BKLibrary-*.sqlite with --annotations \
            AEAnnotation_*.sqlite. Its books and their highlights come in together; both stores are read \
            from copies, never changed.
            """)

    @OptionGroup var shelf: ShelfOptions
    @Argument(
        help:
            "goodreads, storygraph, librarything, bookwyrm, bookplate, calibre, apple-books; or kindle, kobo, koreader, readwise for highlights.",
        completion: .list(ImportSource.allCases.map(\.rawValue) + HighlightImport.readableSources.map(\.rawValue)))
    var source: String
    @Argument(
        help:
            "The export file (for calibre, the library's folder or its metadata.db; for apple-books, its Documents folder or its BKLibrary-*.sqlite).",
        completion: .file())
    var file: String
    @Option(
        help: ArgumentHelp(
            "apple-books: Apple Books' annotation store, when FILE is its library store.",
            valueName: "AEAnnotation_*.sqlite"),
        completion: .file())
    var annotations: String?
    @Flag(help: "Show what would change, and change nothing.") var dryRun = false
    @Flag(help: "Afterwards, fetch covers and catalog details for the imported books.") var enrich = false
    @Flag(help: "Print what was (or would be) imported as JSON, for scripts.") var json = false
    @Flag(help: "Highlights: add the books the shelf does not have, by title and author.") var addMissing = false

    /// The highlights export named, if it is one.
    var highlightSource: HighlightSource? {
        HighlightSource(rawValue: source.lowercased()).flatMap {
            HighlightImport.readableSources.contains($0) ? $0 : nil
        }
    }

    func validate() throws {
        guard ImportSource(rawValue: source.lowercased()) != nil || highlightSource != nil else {
            let names = ImportSource.allCases.map(\.rawValue) + HighlightImport.readableSources.map(\.rawValue)
            throw ValidationError("unknown export '\(source)': use \(names.joined(separator: ", "))")
        }
        if addMissing, highlightSource == nil {
            let names = HighlightImport.readableSources.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--add-missing is for highlights (\(names)): a reading log adds its books anyway")
        }
        if annotations != nil, ImportSource(rawValue: source.lowercased()) != .appleBooks {
            throw ValidationError("--annotations is for apple-books: the annotation store beside its library store")
        }
        // It was taken and did nothing (found by an exploratory session).
        if enrich, highlightSource != nil, !addMissing {
            throw ValidationError(
                "--enrich with highlights fills in the books --add-missing adds: give --add-missing too")
        }
    }

    func run() async throws {
        // The catalogs --enrich asks are readied before anything is imported: a settings file
        // they cannot be asked with (a typo in site.yaml) failed the command after the import was
        // made, and --json printed the error's object after the import's (found by an exploratory
        // session).
        let finder = enrich && !dryRun ? try shelf.finder() : nil
        let library = try shelf.openLibrary()
        if let highlights = highlightSource {
            return try await importHighlights(from: highlights, library: library, finder: finder)
        }
        guard let format = ImportSource(rawValue: source.lowercased()) else { return }
        if format == .appleBooks { return try await importAppleBooks(library: library, finder: finder) }
        let url = URL(fileURLWithPath: file, relativeTo: try ShelfOptions.currentFolder)
        let paths = try shelf.paths
        let report = try ShelfImport(
            library: library, notes: NoteStore(folder: paths.notes), stateFolder: paths.stateFolder,
            covers: paths.covers
        )
        .run(file: url, as: format, dryRun: dryRun)
        let summary = report.summary
        // Bookplate's JSON numbers its books, not lines ("LINE 2" was the second book: found by an
        // exploratory session).
        // Calibre's books by the id Calibre shows.
        let entry = format == .bookplate ? "book" : format == .calibre ? "Calibre id" : "line"
        // A file of which no row could be used is a failure, not an import of nothing, as for
        // highlights (every row without a title: exit 0, found by an exploratory session).
        if summary.importedNothing {
            if !json { reportProblems(skipped: summary.skipped, warnings: summary.warnings, entry: entry) }
            throw NothingImported(
                path: url.relativePathForDisplay, entry: entry, skipped: summary.skipped, dryRun: dryRun)
        }
        let enriched = summary.rows.filter { $0.action != .removed }.map(\.slug)
        if json {
            return try await printJSON(
                [
                    "source": .string(format.rawValue), "dryRun": .bool(dryRun), "added": .strings(summary.added),
                    "updated": .strings(summary.updated), "unchanged": .int(summary.unchanged),
                    "removedCopiesKept": .strings(summary.removedCopiesKept),
                    "removedBooks": .array(
                        summary.removedByReader.map {
                            .object([
                                "slug": .string($0.slug), "title": .string($0.title), "authors": .strings($0.authors),
                            ])
                        }),
                    "skipped": JSONOutput.skipped(summary.skipped),
                    "warnings": .array(
                        summary.warnings.map {
                            .object(["line": $0.line > 0 ? .int($0.line) : .null, "message": .string($0.message)])
                        }),
                    "notesWritten": .int(report.notesWritten), "notesKept": .int(report.notesKept),
                    "coversCopied": .int(report.coversCopied),
                    "rows": .array(
                        summary.rows.map {
                            .object([
                                "line": .int($0.line), "action": .string($0.action.rawValue), "slug": .string($0.slug),
                                "title": .string($0.title),
                            ])
                        }),
                ], enriching: enriched, finder: finder, library: library)
        }
        if dryRun { listRows(summary, entry: entry) }
        reportProblems(skipped: summary.skipped, warnings: summary.warnings, entry: entry)
        let verb = dryRun ? "Would import" : "Imported"
        Terminal.output(
            "\(verb) \(counted(summary.added.count + summary.updated.count + summary.unchanged, "book")) from \(format.displayName): "
                + "\(summary.added.count) new, \(summary.updated.count) updated, \(summary.unchanged) unchanged, "
                + "\(summary.skipped.count) skipped; \(counted(report.notesWritten, "note")) "
                + (dryRun ? "to write" : "written")
                + (report.notesKept > 0 ? ", \(report.notesKept) kept as you wrote them" : "")
                + (format == .calibre
                    ? "; \(counted(report.coversCopied, "cover")) " + (dryRun ? "to copy" : "copied") : ""))
        if !summary.removedCopiesKept.isEmpty {
            let kept = summary.removedCopiesKept
            Terminal.output(
                "\(dryRun ? "Would keep" : "Kept") \(counted(kept.count, "book")) the exported shelf had removed "
                    + "(\(kept.prefix(3).joined(separator: ", "))\(kept.count > 3 ? ", …" : "")): `bookplate restore` lists them"
            )
        }
        if !summary.removedByReader.isEmpty {
            // Named so that `restore` finds it: by its slug when that brings this very copy back,
            // else by its title and authors (a book took the slug since, or a later removal has it).
            let (named, how) = Self.restoreHint(summary.removedByReader, byAuthors: true)
            Terminal.output("\(dryRun ? "Would leave out" : "Left out") \(named), which you removed: \(how)")
        }
        guard let finder else { return }
        let counts = try await enrichBooks(enriched, finder: finder, library: library)
        if !counts.wentThrough { throw ExitCode.failure }
    }

    /// `import kindle FILE` (kobo, koreader, readwise): the highlights, what could not be matched,
    /// and the sum. Skips and warnings name the file's line, or its entry for a database or JSON.
    func importHighlights(from source: HighlightSource, library: Library, finder: BookFinder?) async throws {
        let url = URL(fileURLWithPath: file, relativeTo: try ShelfOptions.currentFolder)
        let summary = try HighlightImport(library: library, stateFolder: try shelf.paths.stateFolder)
            .run(file: url, as: source, addMissing: addMissing, dryRun: dryRun)
        // A file of which nothing could be read is a failure, not an import of nothing.
        if summary.importedNothing {
            if !json { reportProblems(skipped: summary.skipped, warnings: summary.warnings, entry: source.entryName) }
            throw NothingImported(
                path: url.relativePathForDisplay, entry: source.entryName, skipped: summary.skipped, dryRun: dryRun)
        }
        if json {
            return try await printJSON(
                [
                    "source": .string(source.rawValue), "dryRun": .bool(dryRun), "added": .int(summary.added),
                    "updated": .int(summary.updated), "unchanged": .int(summary.unchanged),
                    "removedByReader": .int(summary.removedByReader), "booksAdded": .strings(summary.booksAdded),
                    "unmatched": .array(
                        summary.unmatched.map {
                            .object([
                                "title": .string($0.title), "author": .optional($0.author),
                                "highlights": .int($0.highlights), "candidates": .strings($0.candidates),
                                "candidateAuthors": .strings($0.candidateAuthors),
                            ])
                        }),
                    "removedBooks": .array(
                        summary.removedBooks.map {
                            .object([
                                "slug": .string($0.slug), "title": .string($0.title), "authors": .strings($0.authors),
                                "highlights": .int($0.highlights),
                            ])
                        }),
                    "skipped": JSONOutput.skipped(summary.skipped),
                    "warnings": .array(
                        summary.warnings.map { .object(["line": .int($0.line), "message": .string($0.message)]) }),
                ], enriching: summary.booksAdded, finder: finder, library: library)
        }
        reportProblems(skipped: summary.skipped, warnings: summary.warnings, entry: source.entryName)
        for book in summary.unmatched {
            let by = book.author.map { " by \($0)" } ?? ""
            // Its author is named already: say who wrote each book it could be, and what settles it
            // (a passage the library keeps takes the whole book of the file to its book).
            let which =
                book.candidates.isEmpty
                ? "not on the shelf"
                : "could be "
                    + book.candidates.enumerated().map { index, slug in
                        let authors = index < book.candidateAuthors.count ? book.candidateAuthors[index] : ""
                        return authors.isEmpty ? slug : "\(slug) by \(authors)"
                    }.joined(separator: " or ")
                    + ": `quote add SLUG \"TEXT\"` with one of its passages (its words in their order; case, quotes,"
                    + " dashes and the punctuation at its ends aside) puts the rest on that book at the next import"
            Terminal.error(
                "not matched: \"\(book.title)\"\(by), \(counted(book.highlights, "highlight")) (\(which))"
            )
        }
        let verb = dryRun ? "Would import" : "Imported"
        let matched = summary.added + summary.updated + summary.unchanged
        var line =
            "\(verb) \(counted(matched, "highlight")): \(summary.added) new, \(summary.updated) updated, "
            + "\(summary.unchanged) unchanged"
        if summary.removedByReader > 0 {
            line +=
                ", \(summary.removedByReader) left out as removed with `quote remove` (`quote add BOOK \"TEXT\"` brings one back)"
        }
        if !summary.booksAdded.isEmpty {
            line +=
                "; \(counted(summary.booksAdded.count, "book")) \(dryRun ? "would be " : "")added to the shelf as to read (`edit SLUG --status` says how far you got)"
        }
        if !summary.removedBooks.isEmpty {
            // Named so that `restore` finds it, as a reading log's import names a removed book.
            let removed = summary.removedBooks
            let (named, how) = Self.restoreHint(removed.map(\.row), byAuthors: false)
            let highlights = removed.reduce(0) { $0 + $1.highlights }
            line +=
                "; \(counted(highlights, "highlight")) of \(named), which you removed, \(dryRun ? "would be " : "")left out (\(how))"
        }
        if !summary.unmatched.isEmpty {
            line += "; \(counted(summary.unmatched.count, "book")) not matched"
            // --add-missing adds a book the shelf does not have, never one of several it might be.
            if !addMissing, summary.unmatched.contains(where: \.candidates.isEmpty) {
                line += " (--add-missing adds them)"
            }
        }
        Terminal.output(line)
        guard let finder else { return }
        let counts = try await enrichBooks(summary.booksAdded, finder: finder, library: library)
        if !counts.wentThrough { throw ExitCode.failure }
    }

    /// Prints the import's one JSON object, `object`, once the enrichment asked for is done,
    /// with an `enrichment` field that says how that went (null without --enrich); the lines of
    /// the enrichment go to standard error. Ctrl-C during the enrichment prints it with what was
    /// done so far before the program ends: it printed nothing, though the import was made
    /// (found by an exploratory session).
    func printJSON(
        _ object: [String: JSONValue], enriching slugs: [String], finder: BookFinder?, library: Library
    ) async throws {
        // Printed under the lock: Ctrl-C while the command prints waits for the whole object.
        let printed = Locked(false)
        let printOnce: @Sendable (MissingDetails.Counts?) -> Void = { enrichment in
            printed.change { printed in
                guard !printed else { return }
                printed = true
                var whole = object
                whole["enrichment"] = enrichment.map(JSONOutput.enrichment) ?? .null
                try? JSONOutput.print("import", .object(whole))
            }
        }
        var enrichment: MissingDetails.Counts?
        if let finder {
            do {
                enrichment = try await enrichBooks(
                    slugs, finder: finder, library: library, report: { Terminal.error($0) }, interrupted: printOnce)
            } catch {
                Terminal.error("Error: \(Terminal.safe("\(error)", as: .line))")
                enrichment = MissingDetails.Counts(stopped: "\(error)")
            }
        }
        printOnce(enrichment)
        // Said in the object: no second one for the error.
        if let enrichment, !enrichment.wentThrough { throw ExitCode.failure }
    }

    /// Removed books named so that `restore` finds them (the first three): by slug when that
    /// brings the very copy back, else by title (and `byAuthors`, its authors), as a book took
    /// the slug since or a later removal has it; and how to bring one back.
    static func restoreHint(_ removed: [RemovedRow], byAuthors: Bool) -> (named: String, how: String) {
        let named =
            removed.prefix(3).map { row in
                guard !row.restoredBySlug else { return row.slug }
                let by = byAuthors && !row.authors.isEmpty ? " by \(row.authors.joined(separator: ", "))" : ""
                return "\"\(row.title)\"" + by
            }.joined(separator: ", ") + (removed.count > 3 ? ", …" : "")
        let how =
            removed.count == 1 && removed[0].restoredBySlug
            ? "`bookplate restore \(removed[0].slug)` brings it back"
            : "`bookplate restore` lists the books you removed, to bring one back"
        return (named, how)
    }

    /// The rows that could not be used and the warnings, one line each on standard error, each
    /// numbered by `entry` ("line", or "entry" for a Kobo database or KOReader JSON); line 0 is
    /// the file as a whole.
    func reportProblems(skipped: [SkippedRow], warnings: [RowWarning], entry: String) {
        for row in skipped { Terminal.error("skipped \(entry) \(row.line): \(row.reason)") }
        for warning in warnings {
            Terminal.warning("" + (warning.line > 0 ? "\(entry) \(warning.line): " : "") + warning.message)
        }
    }

    /// What each row would do, one line each, in the file's order; cut to the terminal's width
    /// only on a terminal.
    func listRows(_ summary: ImportSummary, entry: String) {
        let verbs: [ImportedRow.Action: String] = [
            .add: "add", .update: "update", .unchanged: "unchanged", .removed: "removed",
            .keptRemoved: "keep removed",
        ]
        var rows = summary.rows.map { row in
            (row.line, [String(row.line), verbs[row.action] ?? "", row.slug, row.title])
        }
        rows += summary.skipped.map { ($0.line, [String($0.line), "skip", "", $0.reason]) }
        rows.sort { $0.0 < $1.0 }
        let header = [entry.uppercased(), "ACTION", "SLUG", "TITLE"]
        Terminal.output(TextTable.forOutput(header: header, rows: rows.map(\.1), flexible: [3]))
    }

    /// Fills in every book of the file that lacks catalog details or a cover — those the file
    /// left unchanged too, so that --enrich after a plain import does its work.
    func enrichBooks(
        _ slugs: [String], finder: BookFinder, library: Library, report: (String) -> Void = { Terminal.output($0) },
        interrupted: @escaping @Sendable (MissingDetails.Counts) -> Void = { _ in }
    ) async throws -> MissingDetails.Counts {
        let adder = BookAdder(finder: finder, library: library, paths: try shelf.paths)
        return await MissingDetails.fill(
            try adder.booksMissingDetails(among: slugs), with: adder, report: report, interrupted: interrupted)
    }
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Export the whole library: --format json (everything, notes included) or csv (Goodreads columns); or the highlights as Markdown, a file per book (--format markdown --output FOLDER)."
    )

    @OptionGroup var shelf: ShelfOptions
    @Option(help: "What to write: everything as JSON, Goodreads' CSV columns, or highlights as Markdown.")
    var format: ExportFormat = .json
    @Option(
        help: ArgumentHelp(
            "Write to this file instead of standard output ('-': standard output; for markdown: into this folder).",
            valueName: "path"),
        completion: .file())
    var output: String?

    /// The file to write, nil for standard output: `-` is standard output, as for most programs
    /// (it wrote a file named "-": found by an exploratory session).
    private var outputFile: String? { output == "-" ? nil : output }

    func run() throws {
        // In `run`, not `validate`: a misspelt `--output` is named as unknown first.
        if format == .markdown, outputFile == nil {
            throw ValidationError(
                output == nil
                    ? "--format markdown writes a file per book: name a folder with --output"
                    : "--format markdown writes a file per book, not standard output: name a folder with --output")
        }
        let exporter = LibraryExporter(
            library: try shelf.openLibrary(readingOnly: true), notes: NoteStore(folder: try shelf.paths.notes),
            warn: { Terminal.warning($0) })
        let data: Data
        switch format {
        case .json: data = try exporter.json()
        case .csv: data = try exporter.goodreadsCSV()
        case .markdown:
            let folder = URL(fileURLWithPath: outputFile ?? ".", relativeTo: try ShelfOptions.currentFolder)
            // Ctrl-C takes away the file being written before the export ends.
            let interrupt = Interrupt.onInterrupt { ExportFile.removeUnfinished(writingTo: folder, isFolder: true) }
            defer { interrupt.restore() }
            let summary = try MarkdownHighlightsExport(exporter: exporter, shelf: try shelf.paths).write(into: folder)
            for kept in summary.keptFiles {
                Terminal.warning("\(kept) is not a file this export wrote: left as it is")
            }
            Terminal.output(
                "Wrote \(summary.files) \(summary.files == 1 ? "file" : "files") of \(summary.highlights) "
                    + "\(summary.highlights == 1 ? "highlight" : "highlights") to \(folder.relativePathForDisplay)")
            return
        }
        let paths = try shelf.paths
        if let output = outputFile {
            let url = URL(fileURLWithPath: output, relativeTo: try ShelfOptions.currentFolder)
            let interrupt = Interrupt.onInterrupt { ExportFile.removeUnfinished(writingTo: url) }
            defer { interrupt.restore() }
            try ExportFile.write(data, to: url, shelf: paths)
        } else if isatty(STDOUT_FILENO) == 1 {
            // Shown, not kept: made safe like all else on a terminal.
            Terminal.output(
                String(decoding: data, as: UTF8.self), as: format == .json ? .json : .text,
                terminator: "")
        } else {
            Terminal.output(bytes: data)
        }
        // The settings, theme, images and pages are files beside the export (ExportLeftOut).
        if let note = ExportLeftOut.note(for: paths) { Terminal.error(note) }
    }
}
