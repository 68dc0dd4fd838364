import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// The reading life as a reader brings it in and records it, through the built binary: imports
/// that lose no row, and dates filled in as the reader would expect.
@Suite struct ReadingLifeCommandLineTests {
    let root: URL
    let bookplate: CommandRunner

    init() throws {
        root = try TestPaths.newShelf("reading-life")
        bookplate = CommandRunner(folder: root)
    }

    @discardableResult
    func run(_ arguments: String..., status expected: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> CommandRunner.Result
    {
        try await bookplate.expecting(expected, arguments, sourceLocation: sourceLocation)
    }

    @Test func aDryRunListsWhatEachRowWouldDoAndEveryValueLeftOut() async throws {
        let file = TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv").path
        let dry = try await run("import", "goodreads", file, "--dry-run")
        let lines = dry.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(lines.first == ["LINE", "ACTION", "SLUG", "TITLE"])
        #expect(
            lines.dropFirst().prefix(8).map { $0.prefix(3).joined(separator: " ") } == [
                "2 add dune", "3 add good-omens", "4 add a-title-with-a-line-break", "6 skip no",
                "7 add impossible-day", "8 add currently-on-it", "9 add caf-stories", "10 add binti-home",
            ])
        #expect(
            dry.stdout.hasSuffix(
                "Would import 7 books from Goodreads: 7 new, 0 updated, 0 unchanged, 1 skipped; 1 note to write\n"))
        #expect(
            dry.stderr == """
                skipped line 6: no title
                warning: line 7: Date Read '2024/02/30' is not a date: imported without it
                warning: line 9: Title held bytes that are not UTF-8: each became \u{FFFD}

                """)
        #expect(try await run("list").stdout == "The shelf is empty.\n")
        try await run("import", "goodreads", file)
        let again = try await run("import", "goodreads", file, "--dry-run", "--json").stdout
        let rows = try #require(
            (try JSONSerialization.jsonObject(with: Data(again.utf8)) as? [String: Any])?["import"] as? [String: Any])
        let actions = (rows["rows"] as? [[String: Any]])?.compactMap { $0["action"] as? String }
        #expect(actions == Array(repeating: "unchanged", count: 7))
    }

    /// A reading log of which no row could be used said "Imported 0 books" and exited 0, where a
    /// highlights file of the same exits 1 (found by an exploratory session).
    @Test func aReadingLogOfWhichNoRowCouldBeUsedIsAFailure() async throws {
        let file = root.appendingPathComponent("no-titles.csv")
        try Data("Book Id,Title,Author,My Rating\r\n1,,Nobody,3\r\n2,,Else,4\r\n".utf8).write(to: file)
        let plain = try await run("import", "goodreads", file.path, status: 1)
        #expect(
            plain.stderr.hasPrefix("skipped line 2: no title\nskipped line 3: no title\nError: nothing was imported"))
        #expect(
            plain.stderr.hasSuffix(
                ": all 2 lines were skipped (line 2: no title, and 1 more); check the file, or export it again\n"))
        #expect(plain.stdout.isEmpty)
        try await run("import", "goodreads", file.path, "--json", status: 1)
        // A dry run imports nothing anyway: it says what would be (it said "nothing was imported",
        // and "all 2 were skipped" said not what: found by a review).
        let dry = try await run("import", "goodreads", file.path, "--dry-run", status: 1)
        #expect(dry.stderr.contains("Error: nothing would be imported from "), "\(dry.stderr)")
        #expect(dry.stderr.contains(": all 2 lines would be skipped (line 2: no title"), "\(dry.stderr)")
    }

    /// A file cut off inside a quoted field (a download stopped short) imported nothing and exited
    /// 1 with no error line, and `--json` printed an ordinary import where the README promises an
    /// `error` object (found by an exploratory session). Every importer, of reading logs and of
    /// highlights, now says in one line why nothing came in, and its JSON is that error.
    @Test func anImportOfNothingSaysWhyInOneLineAndAsAJSONError() async throws {
        let cutOff = "a quoted field never closes: the file may be cut off from here on"
        let files = [
            ("goodreads", "Book Id,Title,Author,My Review\r\n1,Dune,Frank Herbert,\"Great\r\n"),
            ("storygraph", "Title,Authors,Review\r\nDune,Frank Herbert,\"Great\r\n"),
            ("readwise", "Highlight,Book Title\r\n\"Fear is the mind-killer.,Dune\r\n"),
        ]
        for (source, text) in files {
            let file = root.appendingPathComponent("cut-\(source).csv")
            try Data(text.utf8).write(to: file)
            let plain = try await run("import", source, file.path, status: 1)
            let lines = plain.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first == "skipped line 2: \(cutOff)", "\(source): \(plain.stderr)")
            #expect(
                lines.count == 2 && lines[1].hasPrefix("Error: nothing was imported from ")
                    && lines[1].hasSuffix(
                        "cut-\(source).csv: its one line was skipped (line 2: \(cutOff)); check the file, or export it again"
                    ),
                "\(source): \(plain.stderr)")
            #expect(plain.stdout.isEmpty, "\(source)")
            let json = try await run("import", source, file.path, "--json", status: 1).stdout
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(object["import"] == nil, "\(source): \(json)")
            let error = try #require(object["error"] as? [String: Any], "\(source): \(json)")
            #expect(error["status"] as? Int == 1)
            #expect((error["message"] as? String)?.hasPrefix("nothing was imported from ") == true, "\(json)")
            #expect((error["message"] as? String)?.contains("(line 2: \(cutOff))") == true, "\(json)")
        }
        #expect(try await run("list").stdout == "The shelf is empty.\n")
    }

    /// A book to read again showed "Started" and "Finished" beside "to-read", as if read now:
    /// `show` says when it was last read, or set aside, and the reads say the rest.
    @Test func aBookToReadAgainShowsWhenItWasLastRead() async throws {
        try await run(
            "add", "--title", "Dune", "--status", "read", "--started", "2023-06-10", "--finished", "2023-06-24")
        try await run("edit", "dune", "--status", "to-read")
        var show = try await run("show", "dune").stdout
        #expect(show.contains("Status    to-read\n") && show.contains("Last read 2023-06-24\n"), "\(show)")
        #expect(!show.contains("Started") && !show.contains("Finished"), "\(show)")
        try await run("read", "edit", "dune", "1", "--outcome", "set-aside")
        show = try await run("show", "dune").stdout
        #expect(show.contains("Set aside 2023-06-24\n") && !show.contains("Last read"), "\(show)")
    }

    @Test func aBookAddedAsReadingWasStartedToday() async throws {
        try await run("add", "--title", "Kindred", "--author", "Octavia E. Butler", "--status", "reading")
        try await run(
            "add", "--title", "Dawn", "--author", "Octavia E. Butler", "--status", "reading", "--started", "2020-01-02")
        try await run("add", "--title", "Wild Seed", "--author", "Octavia E. Butler", "--status", "read")
        let today = try await run("show", "kindred", "--json").stdout
        #expect(today.contains("\"started\" : \"\(WallClock.system.today)\""), "\(today)")
        #expect(try await run("show", "dawn", "--json").stdout.contains("\"started\" : \"2020-01-02\""))
        // A book added as read may have been read years ago: no date is made up for it.
        #expect(try await run("show", "wild-seed", "--json").stdout.contains("\"finished\" : null"))
    }

    /// A dry run of Bookplate's JSON listed its books under "LINE", numbered 1, 2… as books are,
    /// not lines (found by an exploratory session).
    @Test func aDryRunOfTheShelfsOwnExportNumbersBooks() async throws {
        try await run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        try await run("export", "--output", "shelf.json")
        let dry = try await run("import", "bookplate", "shelf.json", "--dry-run")
        #expect(
            dry.stdout.hasPrefix("BOOK  ACTION     SLUG     TITLE\n1     unchanged  kindred  Kindred\n"),
            "\(dry.stdout)")
    }

    /// A date after today was kept without a word, and a typo (9999 for 2025) published
    /// `stats/9999/` (found by an exploratory session). It is kept, with a warning.
    @Test func aDayOfReadingAfterTodayIsKeptWithAWarning() async throws {
        let added = try await run(
            "add", "--title", "Typo", "--author", "A", "--status", "read", "--finished", "9999-12-31")
        #expect(added.stderr == "warning: 9999-12-31 is after today: the site will show it as it is\n")
        let read = try await run("read", "add", "typo", "--started", "2020-01-01", "--finished", "2020-02-01")
        #expect(read.stderr.isEmpty, "\(read.stderr)")
        let edited = try await run("edit", "typo", "--started", "2999-01")
        #expect(edited.stderr.contains("warning: 2999-01 is after today"), "\(edited.stderr)")
    }

    /// West of Greenwich a date two days after the reader's today passed without a word: "after
    /// today" was UTC's tomorrow (found by an exploratory session, in Pago Pago). It is now any
    /// date after the reader's own today, where they are (`TZ`); today itself is no warning.
    @Test func aDayAfterTheReadersTodayIsWarnedOfWhereverTheyAre() async throws {
        // Twelve hours behind UTC (the sign of an Etc zone is POSIX's, the other way round).
        let zone = try #require(TimeZone(identifier: "Etc/GMT+12"))
        let west = CommandRunner(folder: root, environment: ["TZ": "Etc/GMT+12"])
        try await run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        let today = PartialDate.day(of: Date(), in: zone)
        let tomorrow = PartialDate.day(of: Date().addingTimeInterval(86_400), in: zone)
        let onTheDay = try await west.run("read", "add", "kindred", "--finished", today.description)
        #expect(onTheDay.status == 0 && onTheDay.stderr.isEmpty, "\(onTheDay.stderr)")
        let ahead = try await west.run("read", "add", "kindred", "--started", tomorrow.description)
        #expect(
            ahead.stderr.contains("warning: \(tomorrow) is after today: the site will show it as it is"),
            "\(ahead.stderr)")
    }

    /// A book is read once at a time: a second read going on, added or made by an edit, is
    /// refused, naming the one going on (it was taken, found by an exploratory session).
    @Test func aSecondReadGoingOnIsRefused() async throws {
        try await run(
            "add", "--title", "Dune", "--author", "Frank Herbert", "--status", "read", "--finished", "2019-05-02")
        try await run("read", "add", "dune", "--started", "2025-01-01")
        let second = try await run("read", "add", "dune", "--started", "2025-02-01", status: 1)
        #expect(
            second.stderr
                == "Error: dune has a read going on already (read 2, begun 2025-01-01): end it first with "
                + "'bookplate read edit dune 2 --finished DATE', or --outcome set-aside\n")
        let edited = try await run("read", "edit", "dune", "1", "--outcome", "reading", status: 1)
        #expect(edited.stderr.hasPrefix("Error: dune has a read going on already (read 2"), "\(edited.stderr)")
        #expect(try await run("read", "list", "dune").stdout == "1  → 2019-05-02 finished\n2  2025-01-01 → reading\n")
        // A read begun before the one going on is refused naming that one by its number now
        // (it said "read 3", counting the refused read).
        let earlier = try await run("read", "add", "dune", "--started", "2024-12-01", status: 1)
        #expect(earlier.stderr.hasPrefix("Error: dune has a read going on already (read 2, begun 2025-01-01)"))
        // Ended, another may begin.
        try await run("read", "edit", "dune", "2", "--finished", "2025-01-20")
        try await run("read", "add", "dune", "--started", "2025-02-01")
    }

    @Test func readsAreListedAddedChangedAndRemovedAndTheStatusFollows() async throws {
        try await run(
            "add", "--title", "Dune", "--author", "Frank Herbert", "--status", "read", "--finished", "2019-05-02")
        let added = try await run("read", "add", "dune", "--started", "2024-01-02")
        #expect(
            added.stdout == """
                Added a read of "Dune" (dune): now reading
                1  → 2019-05-02 finished
                2  2024-01-02 → reading

                """)
        try await run("read", "add", "dune")
        #expect(
            try await run("read", "list", "dune").stdout == """
                1  undated finished
                2  → 2019-05-02 finished
                3  2024-01-02 → reading

                """)
        let edited = try await run("read", "edit", "dune", "3", "--finished", "2024-02-01", "--outcome", "set-aside")
        #expect(edited.stdout.hasSuffix("3  2024-01-02 → 2024-02-01 set-aside\n"))
        let show = try await run("show", "dune").stdout
        // A read set aside ended, but was not finished (the page said "Finished" too: found by an
        // exploratory session).
        #expect(show.contains("Status    abandoned\n") && show.contains("Set aside 2024-02-01\n"), "\(show)")
        #expect(
            show.contains(
                "Reads     undated finished; → 2019-05-02 finished; 2024-01-02 → 2024-02-01 set-aside\n"))
        let json = try await run("show", "dune", "--json").stdout
        #expect(json.contains("\"readCount\" : 2") && json.contains("\"outcome\" : \"set-aside\""))
        // A read is removed after asking (it went at once); without a terminal, only with --yes.
        let refused = try await run("read", "remove", "dune", "3", status: 64)
        #expect(refused.stderr.hasPrefix("Error: not removing without a yes: run it on a terminal, or pass --yes\n"))
        #expect(try await run("read", "list", "dune").stdout.contains("3  2024-01-02 → 2024-02-01 set-aside"))
        try await run("read", "remove", "dune", "3", "--yes")
        #expect(try await run("show", "dune", "--json").stdout.contains("\"status\" : \"read\""))

        // Mistakes are one line, and change nothing.
        for (arguments, message) in [
            (
                ["read", "remove", "dune", "7"],
                "Error: dune has no read 7 (it has 2): run 'bookplate read list dune' to see them\n"
            ),
            (["read", "edit", "dune", "1"], "Error: nothing to change: give --started, --finished or --outcome\n"),
            (
                ["read", "add", "dune", "--outcome", "skimmed"],
                "Error: The value 'skimmed' is invalid for '--outcome <outcome>'. "
                    + "Please provide one of 'finished', 'reading' or 'set-aside'.\n"
            ),
            (
                ["read", "add", "dune", "--started", "2024-05-01", "--finished", "2024-04-01"],
                "Error: finished date 2024-04-01 is before the started date 2024-05-01: check both dates\n"
            ),
            (["read", "list", "dnue"], "Error: no book matches 'dnue': did you mean dune?\n"),
        ] {
            let result = try await bookplate.runOffPool(arguments)
            // A command missing what it needs, or given a value the parser refuses, shows its usage
            // after the one line.
            let showsUsage =
                arguments.contains("edit") || arguments.contains("--outcome") || arguments.contains("--finished")
            let shown = showsUsage ? String(result.stderr.prefix(message.count)) : result.stderr
            #expect(result.status != 0 && shown == message, "\(arguments): \(result.stderr)")
        }
        #expect(try await run("read", "list", "dune").stdout.split(separator: "\n").count == 2)
    }

    @Test func ratingsComeInQuarterStars() async throws {
        try await run("add", "--title", "Dune", "--author", "Frank Herbert", "--rating", "4.5")
        try await run("add", "--title", "Emma", "--author", "Jane Austen", "--rating", "3")
        #expect(try await run("show", "dune").stdout.contains("Rating    ★★★★½\n"))
        #expect(try await run("show", "dune", "--json").stdout.contains("\"rating\" : 4.5"))
        #expect(try await run("show", "emma", "--json").stdout.contains("\"rating\" : 3,"))
        try await run("edit", "dune", "--rating", "3,75")
        #expect(try await run("list", "--columns", "slug,rating").stdout.contains("dune\t3.75\n"))
        let bad = try await bookplate.runOffPool(["edit", "dune", "--rating", "4.4"])
        #expect(
            bad.status == 64
                && bad.stderr.hasPrefix(
                    "Error: rating '4.4' is not allowed: give stars from 0.25 to 5 in quarter steps (4, 4.5, 3.75), or 'none'\nUsage: "
                ), "\(bad.stderr)")
        // What is accepted is what the help says (it said "1 to 5" and took 0.25, as imports do).
        try await run("edit", "dune", "--rating", "0.25")
        #expect(try await run("list", "--columns", "slug,rating").stdout.contains("dune\t0.25\n"))
        for command in ["add", "edit"] {
            let help = try await run(command, "--help").stdout.split(whereSeparator: \.isWhitespace)
                .joined(separator: " ")
            #expect(help.contains("Your rating, 0.25 to 5 in quarter steps"), "\(command)")
        }
    }
}
