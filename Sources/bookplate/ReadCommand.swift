import ArgumentParser
import BookplateKit

struct ReadCommand: CommandGroup {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "List, add, change or remove the reads of a book: each time you read it.",
        discussion: """
            Reads are numbered from the oldest, as 'bookplate read list BOOK' shows them. The book's \
            status and dates follow its latest read.
            """,
        subcommands: [ReadListCommand.self, ReadAddCommand.self, ReadEditCommand.self, ReadRemoveCommand.self])

    /// How `show` sums the reads up: each of a few, the count of many; nil for none.
    static func summary(_ reads: [ReadRecord], slug: String) -> String? {
        guard !reads.isEmpty else { return nil }
        guard reads.count <= 4 else { return "\(reads.count) (bookplate read list \(slug))" }
        return reads.map(line).joined(separator: "; ")
    }

    /// One read as the terminal shows it: "2021-05-02 → 2021-05-30 finished".
    static func line(_ read: ReadRecord) -> String {
        let dates =
            switch (read.started, read.finished) {
            case (nil, nil): "undated"
            case (let started?, nil): "\(started) →"
            case (nil, let finished?): "→ \(finished)"
            case (let started?, let finished?): "\(started) → \(finished)"
            }
        return "\(dates) \(read.outcome.rawValue)"
    }

    static func printReads(of slug: String, _ reads: [ReadRecord]) {
        guard !reads.isEmpty else {
            Terminal.output("\(slug) has no reads yet: add one with 'bookplate read add \(slug)'")
            return
        }
        for (index, read) in reads.enumerated() { Terminal.output("\(index + 1)  \(line(read))") }
    }
}

/// A read's dates and how it ended, as `read add` and `read edit` take them.
struct ReadDates: ParsableArguments {
    @Option(help: ArgumentHelp("When you began this read, or none.", valueName: "YYYY[-MM[-DD]]")) var started: String?
    @Option(help: ArgumentHelp("When it ended, or none.", valueName: "YYYY[-MM[-DD]]")) var finished: String?
    @Option(help: "How it ended: finished, reading (still going) or set-aside.") var outcome: ReadOutcome?

    func validate() throws {
        let (_, finishedDate) = try Parse.checkReadingDates(started: started, finished: finished)
        // A read going on has no end, as a book being read (`add`) has none: it was taken, and
        // the book showed "reading" with a finished date (found by a review).
        if outcome == .reading, finishedDate != nil {
            throw ValidationError(
                "a read going on has no finish date: give --outcome finished (or set-aside) with --finished, or "
                    + "leave --finished out")
        }
    }
}

struct ReadListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List a book's reads, oldest first.")

    @OptionGroup var target: BookOnShelf
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let details = try target.open(readingOnly: true).details
        if json {
            try JSONOutput.print("reads", .array(details.json.reads.map(JSONOutput.read)))
            return
        }
        ReadCommand.printReads(of: details.book.slug, details.reads)
    }
}

struct ReadAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a read of a book: a re-read, or one from before you kept track.",
        discussion:
            "Without --outcome a read with a finished date (or none at all) was finished; one with only a start is going on."
    )

    @OptionGroup var target: BookOnShelf
    @OptionGroup var dates: ReadDates

    func run() throws {
        let started = try Parse.clearable(dates.started, Parse.readingDate) ?? nil
        let finished = try Parse.clearable(dates.finished, Parse.readingDate) ?? nil
        let outcome =
            dates.outcome ?? (started != nil && finished == nil ? .reading : .finished)
        let (library, found) = try target.open()
        let details = try library.addRead(
            toBook: found.book.slug, ReadRecord(started: started, finished: finished, outcome: outcome))
        Terminal.output(
            "Added a read of \"\(details.book.title)\" (\(details.book.slug)): now \(details.book.status.rawValue)")
        ReadCommand.printReads(of: details.book.slug, details.reads)
    }
}

struct ReadEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change one read of a book: its dates or how it ended.")

    @OptionGroup var read: ReadOnShelf
    @OptionGroup var dates: ReadDates

    func run() throws {
        let edit = ReadEdit(
            started: try Parse.clearable(dates.started, Parse.readingDate),
            finished: try Parse.clearable(dates.finished, Parse.readingDate),
            outcome: dates.outcome)
        guard edit != ReadEdit() else {
            throw ValidationError("nothing to change: give --started, --finished or --outcome")
        }
        let (library, found) = try read.target.open()
        let number = read.number
        let details = try library.editRead(ofBook: found.book.slug, number: number, edit)
        Terminal.output("Changed read \(number) of \"\(details.book.title)\" (\(details.book.slug))")
        ReadCommand.printReads(of: details.book.slug, details.reads)
    }
}

struct ReadRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove one read of a book, after asking.")

    @OptionGroup var read: ReadOnShelf
    @Flag(name: .shortAndLong, help: "Do not ask: for scripts.") var yes = false

    func run() throws {
        let (library, found) = try read.target.open()
        let number = read.number
        if !yes {
            let reads = found.reads
            guard reads.indices.contains(number - 1) else {
                throw LibraryError.noSuchRead(slug: found.book.slug, number: number, count: reads.count)
            }
            try Confirmation.ask(
                "Remove read \(number) of \"\(found.book.title)\" (\(ReadCommand.line(reads[number - 1])))?",
                unless: yes)
        }
        let details = try library.removeRead(ofBook: found.book.slug, number: number)
        Terminal.output("Removed read \(number) of \"\(details.book.title)\" (\(details.book.slug))")
        ReadCommand.printReads(of: details.book.slug, details.reads)
    }
}

/// One read of a book on the shelf, by its number: what `read edit` and `read remove` change.
struct ReadOnShelf: ParsableArguments {
    @OptionGroup var target: BookOnShelf
    @Argument(help: "Which read, counted from the oldest (see 'bookplate read list').") var number: Int

    /// Reads count from 1: `read remove BOOK 0` said the book had no such read, as the shelf has
    /// it (1), where a number of no read's form is the command line's mistake (found by a review).
    func validate() throws {
        guard number > 0 else {
            throw ValidationError(
                "\(number) is not a read's number: reads are counted from 1 (see 'bookplate read list')")
        }
    }
}
