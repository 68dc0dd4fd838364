import ArgumentParser
import BookplateKit
import Foundation

struct EditionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "editions",
        abstract: "List the Open Library editions of a book; switch with 'bookplate edit BOOK --edition OL…M'.")

    @OptionGroup var target: BookOnShelf
    @Option(help: "How many editions to list, 1 to 200.") var limit: Int = 50
    @Flag(help: "Print JSON for scripts.") var json = false

    /// As `search` takes its --limit: 0 and -3 were sent to Open Library as typed (found by an
    /// exploratory session).
    func validate() throws {
        guard (1...200).contains(limit) else { throw ValidationError("--limit must be 1 to 200") }
    }

    func run() async throws {
        let details = try target.open(readingOnly: true).details
        guard let work = details.book.openLibraryWorkKey else { throw SearchError.noWorkKey(slug: details.book.slug) }
        let editions = try await target.shelf.finder().editions(ofWork: work, limit: limit)
        if json {
            try JSONOutput.print(
                "editions",
                .object([
                    "slug": .string(details.book.slug), "openLibraryWork": .string(work),
                    "editions": .array(
                        editions.map { edition in
                            .object([
                                "openLibraryEdition": .string(edition.key),
                                "current": .bool(edition.key == details.book.openLibraryEditionKey),
                                "published": .optional(edition.book.publishedDate?.description),
                                "publisher": .optional(edition.book.publisher),
                                "languages": .strings(edition.languages), "isbn13": .optional(edition.book.isbn13),
                                "isbn10": .optional(edition.book.isbn10), "pages": .optional(edition.book.pageCount),
                                "cover": .bool(!edition.book.coverIDs.isEmpty),
                            ])
                        }),
                ]))
            return
        }
        let rows = editions.map { edition in
            [
                edition.key == details.book.openLibraryEditionKey ? "*" : "", edition.key,
                edition.book.publishedDate?.description ?? "", edition.book.publisher ?? "",
                edition.languages.joined(separator: ","), edition.book.isbn13 ?? "",
                edition.book.pageCount.map(String.init) ?? "", edition.book.coverIDs.isEmpty ? "" : "yes",
            ]
        }
        Terminal.output(
            TextTable.forOutput(
                header: ["", "EDITION", "PUBLISHED", "PUBLISHER", "LANG", "ISBN-13", "PAGES", "COVER"], rows: rows,
                flexible: [3], droppable: [7, 6, 4, 3], piped: [nil, nil, nil, 30, nil, nil, nil, nil]))
    }
}

struct AuthorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "author", abstract: "Show what the library knows about an author.")

    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "An author's slug or an unambiguous part of their name.") var name: String
    @Option(
        name: .customLong("merge-into"),
        help: ArgumentHelp(
            "Merge this author into another, two records of one person made one: their books name the other instead, after asking.",
            valueName: "author")) var mergeInto: String?
    @Flag(name: .shortAndLong, help: "With --merge-into, do not ask: for scripts.") var yes = false
    @Flag(help: "Print JSON for scripts.") var json = false

    func validate() throws {
        if yes, mergeInto == nil { throw ValidationError("--yes goes with --merge-into") }
    }

    func run() throws {
        if let mergeInto { return try merge(into: mergeInto) }
        let profile = try shelf.openLibrary(readingOnly: true).findAuthor(matching: name)
        let author = profile.author
        if json {
            try JSONOutput.print(
                "author",
                .object([
                    "slug": .string(author.slug), "name": .string(author.name), "sortName": .string(author.sortName),
                    "born": .optional(author.birthDate), "died": .optional(author.deathDate),
                    "openLibraryAuthor": .optional(author.openLibraryKey), "bio": .optional(author.bio),
                    "links": .array(
                        author.links.map { .object(["title": .string($0.title), "url": .string($0.url)]) }),
                    "books": .array(
                        profile.books.map { .object(["slug": .string($0.slug), "title": .string($0.title)]) }),
                    "works": .array(
                        profile.works.map {
                            .object([
                                "title": .string($0.title), "published": .optional($0.year.map(String.init)),
                                "openLibraryWork": .string($0.key),
                            ])
                        }),
                ]))
            return
        }
        Terminal.output(author.name)
        let dates = [author.birthDate.map { "born \($0)" }, author.deathDate.map { "died \($0)" }].compactMap { $0 }
        if !dates.isEmpty { Terminal.output(dates.joined(separator: ", ")) }
        if let key = author.openLibraryKey { Terminal.output("Open Library: \(key)") }
        if let bio = author.bio { Terminal.output("\n" + bio) }
        Terminal.output("\nOn the shelf:")
        // The titles in one column, as `list` writes them ("hobbit  Hobbit" beside
        // "silmarillion  Silmarillion" did not line up).
        let slugWidth = profile.books.map { TextTable.width(of: $0.slug) }.max() ?? 0
        for book in profile.books {
            let padding = String(repeating: " ", count: slugWidth - TextTable.width(of: book.slug))
            Terminal.output("  \(book.slug)\(padding)  \(book.title)")
        }
        if !profile.works.isEmpty {
            Terminal.output("\nOther works:")
            for work in profile.works { Terminal.output("  \(work.title)" + (work.year.map { " (\($0))" } ?? "")) }
        }
    }

    /// `--merge-into`: two records of one person made one, after asking.
    private func merge(into target: String) throws {
        let library = try shelf.openLibrary()
        let source = try library.findAuthor(matching: name)
        let kept = try library.findAuthor(matching: target).author
        if source.author.slug != kept.slug {
            let count = counted(source.books.count, "book")
            try Confirmation.ask(
                "Merge \(source.author.name) (\(source.author.slug), \(count)) into \(kept.name) (\(kept.slug))? "
                    + "\(source.books.count == 1 ? "The book" : "The books") will name \(kept.name), and the page "
                    + "authors/\(source.author.slug)/ goes.",
                unless: yes, doing: "merging", nothingDone: "Nothing merged.")
        }
        // By the slugs just found: the names are looked up once.
        let (merge, photo) = try AuthorMerging(library: library, paths: try shelf.paths)
            .merge(source.author.slug, into: kept.slug)
        if json {
            try JSONOutput.print(
                "authorMerge",
                .object([
                    "merged": .string(merge.gone.slug), "into": .string(merge.kept.slug),
                    "books": .array(merge.books.map { .string($0) }),
                ]))
            return
        }
        var message =
            "Merged \(merge.gone.name) (\(merge.gone.slug)) into \(merge.kept.name) (\(merge.kept.slug)): "
            + "\(counted(merge.books.count, "book")) now \(merge.books.count == 1 ? "names" : "name") \(merge.kept.name)"
        switch photo {
        case .none: break
        case .moved(_, let to): message += "; their photo is theirs now, at \(to.relativePathForDisplay)"
        case .stays(let file, let theirs?, _):
            message +=
                "; \(file.relativePathForDisplay) stays, as \(merge.kept.slug) has a photo "
                + "(\(theirs.relativePathForDisplay)): delete the one you do not want, and name the other \(merge.kept.slug)"
        case .stays(let file, nil, let reason):
            message +=
                "; \(file.relativePathForDisplay) could not be renamed (\(reason ?? "unknown")): "
                + "rename it for \(merge.kept.slug)"
        }
        Terminal.output(message)
    }
}

struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch catalog data again for one book or all; never overwrites what you set.")

    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "A slug, an ISBN or part of a title; all books when left out.", completion: .books) var book:
        String?
    @Flag(
        help: """
            Only books without catalog details or a cover; those without an ISBN are searched for \
            by title and author and filled in only when both match. Run it again to go on.
            """)
    var missing = false

    func run() async throws {
        let library = try shelf.openLibrary()
        let adder = BookAdder(finder: try shelf.finder().revalidating(), library: library, paths: try shelf.paths)
        let slugs = try book.map { [try library.findBook(matching: $0).book.slug] } ?? library.books().map(\.book.slug)
        if missing {
            let counts = await MissingDetails.fill(try adder.booksMissingDetails(among: slugs), with: adder)
            if !counts.wentThrough { throw ExitCode.failure }
            return
        }
        var updated = 0
        var upToDate = 0
        var skipped = 0
        let pass = await CatalogPass.run(
            slugs, label: "Refreshing", stopped: { _ in "stopping; refresh the rest later" }
        ) { slug in
            do {
                let (changed, warnings) = try await adder.refresh(slug: slug)
                if changed.isEmpty {
                    upToDate += 1
                    return (warnings, book != nil ? "up to date" : nil)
                }
                updated += 1
                return (warnings, "updated \(changed.joined(separator: ", "))")
            } catch let reason as LookupSkipped {
                // A book added by hand, or one the catalogs no longer know: nothing the reader typed
                // is wrong, and every refresh failed on it (found by an exploratory session).
                skipped += 1
                return ([], "skipped, \(reason)")
            }
        }
        // Said on standard error as it stopped; the summary would count books never asked about.
        if pass.stopped != nil { throw ExitCode.failure }
        let failed = pass.failed
        // The summary for every refresh of the whole shelf (a shelf of one up-to-date book said
        // nothing at all: found by an exploratory session); one book named says its line alone.
        if book == nil || skipped + failed > 0 {
            Terminal.output(
                "Refreshed \(counted(slugs.count, "book")): \(updated) updated, \(upToDate) up to date, "
                    + "\(skipped) skipped, \(failed) failed")
        }
        if failed > 0 { throw ExitCode.failure }
    }
}

/// Filling in books that lack catalog details or a cover, for `refresh --missing` and
/// `import --enrich`: a line for each book that changed or could not be matched, a progress bar
/// the lines never print over, and a summary.
enum MissingDetails {
    struct Counts {
        /// How many books lacked details or a cover, and were to be looked up.
        var lookedUp = 0
        var updated = 0
        var matched = 0
        var upToDate = 0
        var notMatched = 0
        var skipped = 0
        var failed = 0
        /// Why the pass stopped before the end (the catalogs out of reach), nil when it went on to
        /// the last book.
        var stopped: String?

        /// Whether every book was looked up without a failure.
        var wentThrough: Bool { failed == 0 && stopped == nil }
    }

    /// `report` takes each line and the summary: standard output, or standard error where
    /// standard output is a command's JSON (`import --json --enrich` printed them after it).
    /// `interrupted` hears the counts so far when Ctrl-C (or SIGTERM, SIGHUP) stops the pass,
    /// before the program ends.
    static func fill(
        _ slugs: [String], with adder: BookAdder, report: (String) -> Void = { Terminal.output($0) },
        interrupted: @escaping @Sendable (Counts) -> Void = { _ in }
    ) async -> Counts {
        // Read by the interrupt's handler on another thread.
        let counts = Locked(Counts(lookedUp: slugs.count))
        guard !slugs.isEmpty else {
            report("No book lacks catalog details or a cover.")
            return counts.current
        }
        let total = counted(slugs.count, "book")
        let pass = await CatalogPass.run(
            slugs, label: "Filling in", report: report,
            stopped: { "stopped after \($0) of \(total); run it again to go on" },
            interrupted: { failed in
                // The books counted, not the pass's own count, which a book looked up a moment
                // before the signal has not reached yet.
                var sofar = counts.current
                sofar.failed = failed
                let done = sofar.updated + sofar.matched + sofar.upToDate + sofar.notMatched + sofar.skipped + failed
                sofar.stopped = "interrupted after \(done) of \(total); run it again to go on"
                interrupted(sofar)
            }
        ) { slug in
            let (outcome, warnings) = try await adder.fillMissing(slug: slug)
            switch outcome {
            case .updated(let changed):
                counts.change { $0.updated += 1 }
                return (warnings, "updated \(changed.joined(separator: ", "))")
            case .upToDate:
                counts.change { $0.upToDate += 1 }
                return (warnings, nil)
            case .matched(let changed):
                counts.change { $0.matched += 1 }
                return (
                    warnings,
                    "found by title and author"
                        + (changed.isEmpty ? "" : ", filled in \(changed.joined(separator: ", "))")
                )
            case .notMatched(let reason):
                counts.change { $0.notMatched += 1 }
                return (warnings, "not matched, \(reason)")
            case .skipped(let reason):
                counts.change { $0.skipped += 1 }
                return (warnings, "skipped, \(reason)")
            }
        }
        let done = counts.change { counts in
            counts.failed = pass.failed
            counts.stopped = pass.stopped
            return counts
        }
        // Said on standard error as it stopped; the summary would count books never asked about.
        guard pass.stopped == nil else { return done }
        report(
            "Looked up \(total) missing details or a cover: "
                + "\(done.updated) updated, \(done.matched) found by title and author, \(done.upToDate) with "
                + "nothing more to find, \(done.notMatched) not matched, \(done.skipped) skipped, "
                + "\(done.failed) failed")
        return done
    }
}

/// A pass over books that asks the catalogs about each in turn, for `refresh` and for filling in
/// missing details: a progress bar the lines never print over, each book's warnings and line, a
/// book that fails named and counted, and a stop when the catalogs are out of reach or refuse
/// for now (every other book would wait through the same time-outs and retries).
enum CatalogPass {
    /// How a pass ended.
    struct Outcome {
        /// How many books failed.
        var failed = 0
        /// The error that stopped the pass, with what that means, as said on standard error; nil
        /// when the pass went on to the last book.
        var stopped: String?
    }

    /// Runs `step` on each of `slugs`; it returns the catalogs' warnings and the line to print
    /// after the slug, if any. `stopped` says, after the error, what a stop after that many books
    /// means. A stop is returned, not thrown: `import --json --enrich` puts it in its one object
    /// (a second object, the error's, followed the import's: found by an exploratory session).
    /// `interrupted` hears how many books failed when Ctrl-C (or SIGTERM, SIGHUP) stops the pass,
    /// before the program ends.
    static func run(
        _ slugs: [String], label: String, report: (String) -> Void = { Terminal.output($0) },
        stopped: (_ done: Int) -> String,
        interrupted: @escaping @Sendable (_ failed: Int) -> Void = { _ in },
        _ step: (String) async throws -> (warnings: [CatalogError], line: String?)
    ) async -> Outcome {
        let progress = ProgressBar(label: label)
        let failed = Locked(0)
        // Ctrl-C (or SIGTERM, SIGHUP) takes the bar off the line first: it stayed, the prompt drawn after it (found by
        // an exploratory session). What was done stays done: each book's facts are their own change.
        let interrupt = Interrupt.onInterrupt {
            progress.finish()
            Terminal.error("Interrupted: the books done so far keep what was found")
            interrupted(failed.current)
        }
        defer { interrupt.restore() }
        for (index, slug) in slugs.enumerated() {
            progress.update(index, of: slugs.count)
            do {
                let (warnings, line) = try await step(slug)
                progress.clear()
                for warning in warnings { Terminal.warning("\(slug): \(warning)") }
                if let line { report("\(slug): \(line)") }
            } catch let error as CatalogError where error.stopsAPass {
                progress.finish()
                let why = "\(slug): \(error) — \(stopped(index))"
                Terminal.error("Error: \(why)")
                return Outcome(failed: failed.current, stopped: why)
            } catch {
                failed.change { $0 += 1 }
                progress.clear()
                Terminal.error("failed: \(slug): \(error)")
            }
        }
        progress.finish()
        return Outcome(failed: failed.current)
    }
}
