import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// `bookplate import kindle`, through the built binary, on a recorded-style `My Clippings.txt`
/// (byte-order marks, CRLF, a note, a bookmark, a passage extended twice).
@Suite struct HighlightImportCommandLineTests {
    let root: URL
    let bookplate: CommandRunner
    let clippings = TestPaths.fixtures.appendingPathComponent("highlights/kindle/english-bom-crlf.txt").path

    init() throws {
        root = try TestPaths.newShelf("kindle-import")
        bookplate = CommandRunner(folder: root)
    }

    @discardableResult
    func run(_ arguments: String..., status expected: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> CommandRunner.Result
    {
        try await bookplate.expecting(expected, arguments, sourceLocation: sourceLocation)
    }

    @Test func highlightsAreMatchedListedAddedAndNeverDoubled() async throws {
        try await run("add", "--title", "The Left Hand of Darkness", "--author", "Ursula K. Le Guin")
        try await run("add", "--title", "Thinking, Fast and Slow", "--author", "Daniel Kahneman")
        let dry = try await run("import", "kindle", clippings, "--dry-run")
        #expect(dry.stdout.hasPrefix("Would import"))
        #expect(try await run("quote", "list").stdout.hasPrefix("No highlights yet"))

        let first = try await run("import", "kindle", clippings)
        #expect(first.stderr.contains("not matched: \"Meditations\" by Marcus Aurelius"))
        let counts = first.stdout.split(separator: ":").first.map(String.init)
        #expect(counts.map { $0.hasPrefix("Imported ") } == true)
        let listed = try await run("quote", "list", "the-left-hand-of-darkness").stdout
        // The poem keeps its two lines.
        #expect(listed.contains("“Light is the left hand of darkness\n     and darkness the right hand of light.”"))
        #expect(listed.contains("— Compare with the *Tao Te Ching*."))
        // The passage extended over time is one highlight, the longest.
        let thinking = try await run("quote", "list", "thinking-fast-and-slow").stdout
        #expect(thinking.components(separatedBy: "Nothing in life is as important").count == 2)
        #expect(thinking.contains("while you are thinking about it."))

        let again = try await run("import", "kindle", clippings, "--add-missing", "--json").stdout
        let summary = try #require(
            (try JSONSerialization.jsonObject(with: Data(again.utf8)) as? [String: Any])?["import"] as? [String: Any])
        #expect(summary["added"] as? Int ?? 0 > 0 && summary["updated"] as? Int == 0)
        #expect(summary["booksAdded"] as? [String] == ["meditations"])
        #expect((summary["unmatched"] as? [Any])?.isEmpty == true)
        let third = try await run("import", "kindle", clippings).stdout
        #expect(third.contains(" 0 new, 0 updated"))
        // A highlight the reader removed stays removed, and the summary says how to get it back.
        let quotes = try await run("quote", "list", "meditations", "--json").stdout
        let listedQuotes = try #require(
            (try JSONSerialization.jsonObject(with: Data(quotes.utf8)) as? [String: Any])?["highlights"]
                as? [[String: Any]])
        let id = try #require(listedQuotes.first?["id"] as? String)
        try await run("quote", "remove", id, "--yes")
        let fourth = try await run("import", "kindle", clippings).stdout
        #expect(fourth.contains(" 0 new, 0 updated"))
        #expect(
            fourth.contains("1 left out as removed with `quote remove` (`quote add BOOK \"TEXT\"` brings one back)"))

        try await run("build")
        let page = try String(
            contentsOf: root.appendingPathComponent("site/books/the-left-hand-of-darkness/index.html"), encoding: .utf8)
        #expect(page.contains("Light is the left hand of darkness"))
    }

    /// Imports, with `TZ` set to `zone`, a KOReader passage made at 2019-12-31T22:00:00Z, and
    /// gives the runner that has that `TZ`.
    func importMorningPassage(in zone: String) async throws -> CommandRunner {
        let there = CommandRunner(folder: root, environment: ["TZ": zone])
        let file = root.appendingPathComponent("koreader.json")
        try Data(
            #"{"title": "Morning Book", "author": "Early Bird", "entries": [{"text": "Early.", "time": 1577829600}]}"#
                .utf8
        ).write(to: file)
        let imported = try await there.run("import", "koreader", file.path, "--add-missing")
        #expect(imported.status == 0, "\(imported.stderr)")
        return there
    }

    /// KOReader's highlight made at 07:00 on New Year's morning 2020 in Tokyo was kept as UTC's
    /// 22:00 on New Year's Eve, and the site built in Tokyo showed it under 2019 (found by an
    /// exploratory session). It is kept as the reader's clock showed it, in their zone (`TZ`).
    @Test func aKOReaderHighlightIsKeptAtTheReadersTime() async throws {
        let tokyo = try await importMorningPassage(in: "Asia/Tokyo")
        let listed = try await tokyo.run("quote", "list", "--json").stdout
        #expect(listed.contains(#""madeAt" : "2020-01-01T07:00:00Z""#), "\(listed)")
    }

    /// `TZ` is read as `date` reads it: `UTC+3` three hours behind Greenwich (POSIX counts west),
    /// `JST-9` nine ahead, and a zone file by its name after a `:` or by its path. Foundation read
    /// `UTC+3` as three hours ahead and the others as UTC, so the import kept KOReader's time
    /// hours off and the highlights feed wrote the wrong offset (found by an exploratory session).
    @Test(arguments: [
        ("UTC+3", "2019-12-31T19:00:00", "-03:00"), ("JST-9", "2020-01-01T07:00:00", "+09:00"),
        (":Asia/Tokyo", "2020-01-01T07:00:00", "+09:00"),
        ("/usr/share/zoneinfo/Asia/Tokyo", "2020-01-01T07:00:00", "+09:00"),
        ("IST-5:30", "2020-01-01T03:30:00", "+05:30"), ("", "2019-12-31T22:00:00", "Z"),
        // A name with no offset that is no zone file's is UTC, as `date` reads it: Foundation
        // took `JST` for Tokyo and `PST` for Los Angeles (found by a review).
        ("JST", "2019-12-31T22:00:00", "Z"), ("PST", "2019-12-31T22:00:00", "Z"),
    ])
    func theTimeZoneIsTheOneTZNamesAsDateReadsIt(zone: String, clock: String, offset: String) async throws {
        let there = try await importMorningPassage(in: zone)
        let listed = try await there.run("quote", "list", "--json").stdout
        #expect(listed.contains(#""madeAt" : "\#(clock)Z""#), "\(listed)")
        let built = try await there.run("build", "--base-url", "https://example.org/shelf/")
        #expect(built.status == 0, "\(built.stderr)")
        let feed = try String(contentsOf: root.appendingPathComponent("site/highlights/feed.xml"), encoding: .utf8)
        #expect(feed.contains("<updated>\(clock)\(offset)</updated>"), "\(feed)")
    }

    /// `import kindle FILE --dry-run --add-missing` said "6 books added to the shelf" when it
    /// added none (found by an exploratory session): a dry run says they would be added.
    @Test func aDryRunSaysTheBooksItWouldAdd() async throws {
        let dry = try await run("import", "kindle", clippings, "--dry-run", "--add-missing")
        #expect(dry.stdout.contains(" would be added to the shelf as to read"), "\(dry.stdout)")
        #expect(!(try await run("list").stdout.contains("meditations")))
        let done = try await run("import", "kindle", clippings, "--add-missing")
        #expect(done.stdout.contains(" added to the shelf as to read") && !done.stdout.contains("would be"))
    }

    /// An Italian Kindle's clippings imported nothing, said its header was "no Kindle header",
    /// and exited 0 (found by an exploratory session). Italian is read now; a Dutch Kindle's are
    /// not yet.
    @Test func aFileOfWhichNothingCanBeReadFails() async throws {
        let file = root.appendingPathComponent("nl.txt")
        try Data(
            ("\u{FEFF}Het achterhuis (Frank, Anne)\r\n- Je markering op pagina 12 | locatie 170-172\r\n"
                + "\r\nIk hoop dat ik aan jou alles zal kunnen toevertrouwen\r\n==========\r\n").utf8
        ).write(to: file)
        let result = try await run("import", "kindle", file.path, "--add-missing", status: 1)
        #expect(
            result.stderr.hasPrefix("skipped line 1: a Kindle header in a language Bookplate does not read yet"),
            "\(result.stderr)")
        #expect(try await run("list").stdout == "The shelf is empty.\n")
    }

    @Test func anUnknownSourceOrAMissingFileIsOneLine() async throws {
        let unknown = try await run("import", "nook", clippings, status: 64)
        #expect(
            unknown.stderr.hasPrefix(
                "Error: unknown export 'nook': use goodreads, storygraph, librarything, bookwyrm, bookplate, calibre, apple-books, kindle"
            ))
        let missing = try await run("import", "kindle", "nowhere.txt", status: 1)
        #expect(missing.stderr.contains("there is no file nowhere.txt: check its name"))
        let misused = try await run("import", "goodreads", clippings, "--add-missing", status: 64)
        #expect(misused.stderr.contains("--add-missing is for highlights"))
    }
}
