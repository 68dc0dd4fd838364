import ArgumentParser
import BookplateKit
import Foundation

struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add books from the last search, by ISBN or catalog id, or by hand.",
        discussion: """
            bookplate add 3            result 3 of the last search (or 1,4,7 for several)
            bookplate add --isbn 9780441478125
            bookplate add google:VOLUME_ID | openlibrary:OL…W | openlibrary:OL…M
            bookplate add --title "…" --author "…"   by hand, for books no catalog knows
            With nothing to add on a terminal, add offers the last search to pick from. \
            A book already on the shelf is never added twice.
            """
    )

    @OptionGroup var shelf: ShelfOptions
    @Argument(
        help:
            "Result numbers from the last search (3 or 1,4,7), catalog ids (google:ID, openlibrary:OL…W, openlibrary:OL…M) or ISBNs; several separated by commas."
    )
    var items: [String] = []
    @OptionGroup var details: BookDetailOptions

    @Option(help: "Your reading status (default to-read; reading with --started, read with --finished).")
    var status: ReadingStatus?
    @Option(help: "Your rating, 0.25 to 5 in quarter steps (4.5, 3.75).") var rating: String?
    @Option(help: ArgumentHelp("When you started reading it.", valueName: "YYYY[-MM[-DD]]")) var started: String?
    @Option(help: ArgumentHelp("When you finished it.", valueName: "YYYY[-MM[-DD]]")) var finished: String?
    @Option(
        name: .customLong("shelf"),
        help: "A shelf (tag) to put it on; repeat for several (a comma separates shelves too).") var shelves: [String] =
            []

    func validate() throws {
        // `add --isbn openlibrary:OL59863W` was "not an ISBN" with no word of where a catalog id
        // goes (found by an exploratory session reading the README's tour).
        if let isbn = details.isbn, isbn.hasPrefix("google:") || isbn.lowercased().hasPrefix("openlibrary:") {
            throw ValidationError(
                "'\(isbn)' is a catalog id, not an ISBN: give it without --isbn (bookplate add \(isbn))")
        }
        // A book being read has no finish date: it was added with a read going on that began
        // today and ended on the date given, years before (found by an exploratory session).
        if status == .reading, finished != nil {
            throw ValidationError(
                "a book being read has no finish date: give --status read with --finished, or log an earlier "
                    + "read once it is added ('bookplate read add SLUG --finished DATE')")
        }
        try details.checkValues(editing: false)
        let (startedDate, finishedDate) = try Parse.checkReadingDates(started: started, finished: finished)
        // Dates given with `--status to-read` are the command line's mistake whatever the shelf
        // holds: they exited 1 from the library's own check.
        if let status {
            try Parse.asUsage { try Library.checkNewBook(status: status, started: startedDate, finished: finishedDate) }
        }
        try Parse.asUsage {
            _ = try rating.flatMap(Parse.rating)
            for item in items { _ = try Self.pieces(of: item) }
        }
    }

    func run() async throws {
        let startedDate = try Parse.clearable(started, Parse.readingDate) ?? nil
        let finishedDate = try Parse.clearable(finished, Parse.readingDate) ?? nil
        var reader = BookAdder.ReaderFields(
            status: status ?? ReadingStatus.impliedBy(started: startedDate, finished: finishedDate),
            rating: try rating.flatMap(Parse.rating), startedDate: startedDate, finishedDate: finishedDate,
            shelves: shelves)
        if details.title != nil || !details.authors.isEmpty {
            guard items.isEmpty else {
                throw ValidationError("give either --title and --author (to add by hand) or result numbers, not both")
            }
            try addByHand(reader)
            return
        }
        var targets = try distinct(items.flatMap(targets(from:)))
        if let isbn = try details.bookEdit().isbn ?? nil { targets.append(.isbn(isbn)) }
        // The options are read before the picker asks: a mistake in them was said after the reader
        // had chosen (found by a review).
        reader.details = try catalogBookDetails()
        if targets.isEmpty { targets = try pickFromLastSearch() }
        if targets.count > 1, let place = reader.details.series?.first(where: { $0.position != nil }),
            let position = place.position
        {
            throw ValidationError(
                "#\(position) in \(place.name) is one book's place: add the \(targets.count) books one by one, or name the series without a place"
            )
        }
        let library = try shelf.openLibrary()
        let adder = BookAdder(finder: try shelf.finder(), library: library, paths: try shelf.paths)
        let progress = ProgressBar(label: "Covers")
        // Drawn before the first answer: a slow covers server left the screen empty for up to
        // half a minute (found by an exploratory session).
        progress.update(0, of: targets.count)
        // Ctrl-C while the covers come: the books the library has already are said, with how to
        // fetch their covers (they were kept without a word: found by an exploratory session).
        let kept = Locked<[String]>([])
        let interrupt = Interrupt.onInterrupt {
            progress.finish()
            let slugs = kept.current
            if !slugs.isEmpty {
                Terminal.output(
                    "\nInterrupted: added \(slugs.joined(separator: ", ")) without waiting for "
                        + (slugs.count == 1 ? "its cover" : "their covers")
                        + " (`bookplate refresh --missing` fetches what is missing)")
            }
        }
        let outcomes = await adder.add(
            targets, reader: reader, progress: { done, total in progress.update(done, of: total) },
            added: { details in kept.change { $0.append(details.book.slug) } })
        interrupt.restore()
        progress.finish()
        var failed = false
        for outcome in outcomes {
            switch outcome {
            case .added(let added, let cover, let warnings):
                for warning in warnings { Terminal.warning("\(warning)") }
                // Not found, or a covers server that did not answer (said as such: it was "no cover
                // found"): 'refresh --missing' looks again (the line said nothing of a later try:
                // found by an exploratory session).
                let coverSaid =
                    switch cover {
                    case .saved: ""
                    case .notFound:
                        " (no cover found: a placeholder stands in until 'bookplate refresh --missing' finds one)"
                    case .unwritable(let why):
                        " (its cover could not be saved, \(why): 'bookplate refresh --missing' fetches it again)"
                    case .unreachable(let error):
                        " (its cover could not be fetched: \(error); 'bookplate refresh --missing' fetches it later)"
                    }
                Terminal.output(try addedLine(added) + coverSaid)
            case .failed(let error):
                failed = true
                Terminal.error("Error: \(error)")
            }
        }
        if failed { throw ExitCode.failure }
    }

    /// The book's own fields given beside a catalog's record, set over the catalog's: `add 3
    /// --format audiobook --series Dune` added the book as the catalog had it, without a word of
    /// the options (found by a fix session).
    private func catalogBookDetails() throws -> BookEdit {
        var given = try details.bookEdit()
        // --isbn names the book to add, not a detail of it.
        given.isbn = nil
        given.series = try details.seriesPlaces()
        return given
    }

    private func addByHand(_ reader: BookAdder.ReaderFields) throws {
        guard let title = details.title else { throw LibraryError.emptyTitle }
        // Read as `edit` reads them: an empty value or `none` is none (an empty --language from a
        // script's empty variable stopped `add`: found by a review).
        let given = try details.bookEdit()
        let new = NewBook(
            title: title, subtitle: given.subtitle ?? nil, authors: details.authors.map(NewAuthor.init(typed:)),
            isbn: given.isbn ?? nil, publisher: given.publisher ?? nil, publishedDate: given.publishedDate ?? nil,
            pageCount: given.pageCount ?? nil, language: given.language ?? nil, description: given.description ?? nil,
            status: reader.status ?? .toRead,
            rating: reader.rating, startedDate: reader.startedDate, finishedDate: reader.finishedDate,
            shelves: reader.shelves, series: try details.seriesPlaces() ?? [],
            format: given.format ?? nil, audioMinutes: given.audioMinutes ?? nil,
            firstPublished: given.firstPublished ?? nil, owned: given.owned ?? nil)
        Terminal.output(try addedLine(try shelf.openLibrary().addBook(new)))
    }

    private func addedLine(_ added: BookDetails) throws -> String {
        let byline = added.authors.isEmpty ? "" : " (\(added.authors.map(\.name).joined(separator: ", ")))"
        let notePath = NoteStore(folder: try shelf.paths.notes).url(forSlug: added.book.slug).relativePathForDisplay
        // The note file is made when the reader first writes it ('bookplate note', or by hand).
        return "Added \"\(added.book.title)\"\(byline) as \(added.book.slug) — its note goes in \(notePath)"
    }

    /// The books `item` names, in its order: a catalog id, an ISBN, a result number of the last
    /// search, or several of them separated by commas (`1,4,7`, `9780441013593,9780441172719`).
    /// A list of ISBNs was read as result numbers (found by a review).
    private func targets(from item: String) throws -> [BookTarget] {
        let pieces = try Self.pieces(of: item)
        let numbers = pieces.compactMap { if case .number(let number) = $0 { number } else { nil } }
        // The last search is read only for its numbers: `add 9780441013593` needs none.
        var candidates =
            numbers.isEmpty
            ? []
            : try LastSearch(contentFolder: try shelf.paths.content).candidates(numbered: numbers)[...]
        return pieces.map { piece in
            switch piece {
            case .target(let target): return target
            case .number: return .candidate(candidates.removeFirst())
            }
        }
    }

    /// A piece of an item: a book it names by itself, or a result number of the last search.
    private enum Piece {
        case target(BookTarget)
        case number(Int)
    }

    /// The pieces of `item`, as ``targets(from:)`` reads them; refused as a whole when one is
    /// none of them.
    private static func pieces(of item: String) throws -> [Piece] {
        // No catalog's id holds a comma: `google:ID,9780441013593` is two books, where it was
        // asked of Google as one volume's id (found by a review).
        if !item.contains(","), let target = BookTarget.parse(catalogID: item) { return [.target(target)] }
        let parts = item.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty else { throw SearchError.badSelection(item) }
        return try parts.map { part in
            if let target = BookTarget.parse(catalogID: part) { return .target(target) }
            if let isbn = try isbn(in: part) { return .target(.isbn(isbn)) }
            // Results count from 1: `add 0` said there was no earlier search to pick from (found
            // by a review).
            guard let number = Int(part), number > 0 else { throw SearchError.badSelection(item) }
            return .number(number)
        }
    }

    /// The ISBN `item` is, given where a result number goes (`add 9780441478125`, as `show` takes
    /// one): no result number is ten digits long. It was "there is no result 9780441478125 in the
    /// last search" (found by an exploratory session). Nil for anything shorter; a number of an
    /// ISBN's length that is none is refused as `--isbn` refuses it.
    private static func isbn(in item: String) throws -> ISBN? {
        let compact = item.filter { $0 != "-" && $0 != " " }
        guard compact.count >= 10, compact.dropLast().allSatisfy(\.isASCIIDigit) else { return nil }
        return try Parse.isbn(item)
    }

    /// A number given twice ("1,1") is one book: it was added, then refused as already there.
    private func distinct(_ targets: [BookTarget]) -> [BookTarget] {
        targets.reduce(into: []) { kept, target in if !kept.contains(target) { kept.append(target) } }
    }

    /// On a terminal, shows the last search and asks which results to add. Only when standard
    /// output is the terminal too: `add > added.txt` wrote the question into the file and waited
    /// for an answer to a question nobody saw (found by an exploratory session).
    private func pickFromLastSearch() throws -> [BookTarget] {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw ValidationError(SearchError.nothingToAdd.description)
        }
        let candidates = try LastSearch(contentFolder: try shelf.paths.content).load()
        // A search that found nothing showed an empty table and asked which to add (found by an
        // exploratory session).
        guard !candidates.isEmpty else { throw SearchError.emptyLastSearch }
        Terminal.output(SearchTable.render(candidates))
        Terminal.output("Add which? Numbers separated by commas, or nothing to cancel: ", terminator: "")
        // Ctrl-D left the shell's prompt on the question's line, and nothing said so.
        guard let line = readLine() else {
            Terminal.output("\nNothing added.")
            throw ExitCode.success
        }
        let answer = line.trimmingCharacters(in: .whitespaces)
        guard !answer.isEmpty else {
            Terminal.output("Nothing added.")
            throw ExitCode.success
        }
        return distinct(try targets(from: answer))
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
    @Option(help: "Language code, such as en, fr or grc (jpn is kept as ja).") var language: String?
    @Option(help: "A description, as plain text; separate paragraphs with a blank line.") var description: String?
    @Option(help: "The book's format (none to clear).") var format: Clearable<BookFormat>?
    @Option(help: ArgumentHelp("An audiobook's length: 11:30, 11h30m or minutes.", valueName: "length"))
    var audioLength: String?
    @Option(help: ArgumentHelp("When the work first appeared: YYYY, YYYY-MM or YYYY-MM-DD.", valueName: "date"))
    var firstPublished: String?
    @Option(help: "Whether you own a copy (none to clear).") var owned: Clearable<Ownership>?
    @Option(
        help: """
            A series the book is in, as 'Dune' or 'Dune #1'; repeat for several (edit: its other series stay; \
            none takes it out of every series).
            """
    ) var series: [String] = []
    @Option(help: ArgumentHelp("Its place in the series: 3, 2.5, 0.5 or 1-3.", valueName: "number")) var position:
        String?

    /// Reads every value, for a command's `validate()`: one not of its option's form is a usage
    /// error, for `add` and `edit` alike, whatever the shelf holds. Called by the command after
    /// its own checks, which say more of some values (a catalog id given as the ISBN).
    ///
    /// `editing`: the command changes a book, whose one series a `--position` alone is a place
    /// in; whether it has one is the shelf's to say (``seriesPlaces(of:)``). `edit nosuch
    /// --series 'Dune #II'` was "no book matches" (1), and with a book, 64 (found by a review).
    func checkValues(editing: Bool) throws {
        _ = try Parse.asUsage(bookEdit)
        if editing, series.isEmpty {
            _ = try position.map(Self.seriesPosition)
        } else {
            _ = try seriesPlaces()
        }
    }

    /// The change the options make to a book's own fields, 'none' clearing one; its series are
    /// left to ``seriesPlaces(of:)``, which needs the book's.
    func bookEdit() throws -> BookEdit {
        var edit = BookEdit.nothing
        edit.title = title
        edit.subtitle = try Parse.clearable(subtitle) { $0 }
        edit.authors = try EditCommand.authors(authors)
        edit.isbn = try Parse.clearable(isbn, Parse.isbn)
        edit.publisher = try Parse.clearable(publisher) { $0 }
        edit.publishedDate = try Parse.clearable(published, Parse.date)
        edit.pageCount = try Parse.clearable(pages, Parse.pages)
        edit.language = try Parse.clearable(language, Parse.language)
        edit.description = try Parse.clearable(description, BookDescription.fromText)
        edit.format = format.map(\.value)
        edit.audioMinutes = try parsedAudioLength()
        edit.firstPublished = try Parse.clearable(firstPublished, Parse.date)
        edit.owned = owned.map { $0.value?.owned }
        return edit
    }

    func parsedAudioLength() throws -> Int?? {
        try Parse.clearable(audioLength) { text in
            guard let minutes = AudioLength.minutes(parsing: text) else {
                throw ValidationError(
                    "'\(text)' is not a length: write 11:30, 11h30m or the minutes (up to 1,000 hours)")
            }
            return minutes
        }
    }

    /// The series the options name: nil when they name none, empty for `--series none`. Each
    /// `--series` is a series the book is in: a repeated one kept only the last, without a word
    /// (found by an exploratory session). A `--position` without `--series` is a place in the one
    /// series of `book` (the edited book's slug and series), refused as the shelf has it when it
    /// has not one (``PositionWithoutSeries``); without a book (`add`), it needs `--series`.
    func seriesPlaces(of book: (slug: String, series: [String])? = nil) throws -> [SeriesPlace]? {
        let given = series.map { $0.trimmingCharacters(in: .whitespaces) }
        let clearing = given.filter { $0.isEmpty || $0.lowercased() == "none" }
        if !clearing.isEmpty {
            guard clearing.count == given.count else {
                throw ValidationError("--series none takes the book out of every series: give it alone, or only names")
            }
            return []
        }
        let place = try position.map(Self.seriesPosition)
        guard !given.isEmpty else {
            guard let position else { return nil }
            guard let book else {
                throw ValidationError("--position \(position) needs --series: name the series it is a place in")
            }
            guard book.series.count == 1 else {
                throw PositionWithoutSeries(position: position, slug: book.slug, series: book.series)
            }
            // The book's one series is named as the library has it, not read for a place.
            return [SeriesPlace(name: book.series[0], position: place)]
        }
        if let position, given.count > 1 {
            throw ValidationError(
                "--position \(position) with \(given.count) --series: write each one's place in it, as 'Dune #2'")
        }
        let places = try given.map { name in
            // "Dune #4" with --position 4 is Dune at 4, as without: it made a series named "Dune #4"
            // (found by an exploratory session).
            let named = try BookDetailOptions.seriesPlace(name)
            guard let place, let position else { return named }
            if let written = named.position, written != place {
                throw ValidationError(
                    "--series '\(name)' puts the book at #\(written) and --position at \(position): give its place once"
                )
            }
            return SeriesPlace(name: named.name, position: place)
        }
        // `--series "Saga #1" --series "saga #2"` put the book at #2 without a word (found by an
        // exploratory session): a book has one place in a series. A series named again with no
        // place gives none: `--series "Saga #1" --series Saga` was refused as two places, and
        // the other way round the place was lost (found by a review).
        let (onePerSeries, conflicts) = SeriesPlace.onePerSeries(places)
        if let (kept, other) = conflicts.first {
            throw ValidationError(
                "--series '\(given[kept])' and --series '\(given[other])' give the book two places in one series: give its place once"
            )
        }
        return onePerSeries
    }

    /// The place `--position` gives.
    private static func seriesPosition(_ text: String) throws -> SeriesPosition {
        guard let parsed = SeriesPosition(parsing: text) else {
            throw ValidationError(
                "--position '\(text)' is not a place in a series: give a number such as 3, 2.5 or 1-3, from 0 to 100,000"
            )
        }
        return parsed
    }

    /// The series `name` names, and the book's place in it when written after a `#`: "Dune #1",
    /// as imports read a series in a title.
    private static func seriesPlace(_ name: String) throws -> SeriesPlace {
        guard let hash = name.lastIndex(where: SeriesPosition.isNumberSign) else { return SeriesPlace(name: name) }
        let named = name[..<hash].trimmingCharacters(in: .whitespaces)
        // "Dune # 2" is Dune #2.
        let placeText = "#" + name[name.index(after: hash)...].trimmingCharacters(in: .whitespaces)
        if let place = SeriesPosition(parsing: placeText), !named.isEmpty {
            return SeriesPlace(name: named, position: place)
        }
        // "Dune #II", "Dune #" and "#2" made series of those names, where --position II was
        // refused (found by an exploratory session); "C# Pocket Guides" is a name.
        let after = name[name.index(after: hash)...].trimmingCharacters(in: .whitespaces)
        guard named.isEmpty || name[..<hash].last == " ", !after.contains(" ") else { return SeriesPlace(name: name) }
        throw ValidationError(
            named.isEmpty
                ? "--series '\(name)' gives a place but no series: write it as 'Dune #2', or --series Dune --position 2"
                : "--series '\(name)': '\(after)' is not a place in a series: give a number such as 3, 2.5 or 1-3, from 0 to 100,000"
        )
    }
}
