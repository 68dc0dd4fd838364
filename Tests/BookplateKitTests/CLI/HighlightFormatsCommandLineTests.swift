import Foundation
import GRDB
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// `bookplate import kobo|koreader|readwise`, through the built binary, on the fixtures: a dry
/// run changes nothing, a re-import adds nothing twice, a note changed in the export updates its
/// highlight.
@Suite struct HighlightFormatsCommandLineTests {
    /// One format's fixture, how many of its highlights the two books on the shelf match, and a
    /// way to make a copy of it with the note on Le Petit Prince's first highlight changed.
    struct Format: Sendable, CustomTestStringConvertible {
        var source: String
        var fixture: String
        var matched: Int
        var changeNote: @Sendable (URL) throws -> Void

        var testDescription: String { source }
    }

    static let newNote = "A new note, *edited* since."

    static let formats = [
        Format(source: "kobo", fixture: "kobo/KoboReader.sqlite", matched: 3) { url in
            try DatabaseQueue(path: url.path).write { db in
                try db.execute(
                    sql: "UPDATE Bookmark SET Annotation = ? WHERE BookmarkID = 'e1f0c6a2-0001'", arguments: [newNote])
            }
        },
        Format(source: "koreader", fixture: "koreader/single-book.json", matched: 2) { url in
            try replace("Le *renard*, to the prince.\\n\\nSee also [chapter XXI](#xxi).", with: newNote, in: url)
        },
        Format(source: "readwise", fixture: "readwise/readwise.csv", matched: 3) { url in
            try replace("**Le renard**, to the prince.", with: newNote, in: url)
        },
    ]

    static func replace(_ old: String, with new: String, in url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    let root: URL
    let bookplate: CommandRunner

    init() throws {
        root = try TestPaths.newShelf("highlight-formats")
        bookplate = CommandRunner(folder: root)
    }

    @discardableResult
    func run(_ arguments: String..., status expected: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> CommandRunner.Result
    {
        try await bookplate.expecting(expected, arguments, sourceLocation: sourceLocation)
    }

    @Test(arguments: formats) func importsOnceAndUpdatesAChangedNote(_ format: Format) async throws {
        let url = try TestPaths.temporaryFolder(format.source).appendingPathComponent(
            (format.fixture as NSString).lastPathComponent)
        try FileManager.default.copyItem(
            at: TestPaths.fixtures.appendingPathComponent("highlights/\(format.fixture)"), to: url)
        try await run("add", "--title", "Le Petit Prince", "--author", "Antoine de Saint-Exupéry")
        try await run("add", "--title", "Good Omens", "--author", "Terry Pratchett", "--author", "Neil Gaiman")

        let dry = try await run("import", format.source, url.path, "--dry-run")
        #expect(dry.stdout.hasPrefix("Would import \(format.matched) highlights: \(format.matched) new"))
        #expect(try await run("quote", "list").stdout.hasPrefix("No highlights yet"))

        let first = try await run("import", format.source, url.path)
        #expect(first.stdout.hasPrefix("Imported \(format.matched) highlights: \(format.matched) new, 0 updated"))
        let prince = try await run("quote", "list", "le-petit-prince").stdout
        #expect(prince.contains("On ne voit bien qu'avec le cœur."))

        let again = try await run("import", format.source, url.path)
        #expect(again.stdout.hasPrefix("Imported \(format.matched) highlights: 0 new, 0 updated"))

        try format.changeNote(url)
        let dryChange = try await run("import", format.source, url.path, "--dry-run")
        #expect(dryChange.stdout.hasPrefix("Would import \(format.matched) highlights: 0 new, 1 updated"))
        #expect(!(try await run("quote", "list", "le-petit-prince").stdout.contains("A new note")))
        let changed = try await run("import", format.source, url.path)
        #expect(changed.stdout.hasPrefix("Imported \(format.matched) highlights: 0 new, 1 updated"))
        #expect(try await run("quote", "list", "le-petit-prince").stdout.contains("A new note, *edited* since."))
        let listed = try await run("quote", "list", "--json").stdout
        #expect(listed.components(separatedBy: "On ne voit bien").count == 2)
    }

    /// Kobo entries are numbered, not lined; a warning of the whole file has no number.
    @Test func warningsNameTheEntry() async throws {
        let kobo = TestPaths.fixtures.appendingPathComponent("highlights/kobo/KoboReader.sqlite").path
        let result = try await run("import", "kobo", kobo, "--add-missing")
        #expect(result.stderr.contains("skipped entry 5: bookmark e1f0c6a2-0005: a note with no highlighted passage"))
        #expect(result.stderr.contains("warning: entry 9: bookmark e1f0c6a2-0009: the date 'yesterday' is not one"))
        #expect(result.stdout.contains("4 books added to the shelf as to read"), "\(result.stdout)")
        let koreader = TestPaths.fixtures.appendingPathComponent("highlights/koreader/hostile.json").path
        let hostile = try await run("import", "koreader", koreader, "--add-missing")
        #expect(hostile.stderr.contains("warning: document 2 is not a book's highlights: left out"))
        #expect(hostile.stderr.contains("skipped entry 4: the highlight's text is not text"))
        let readwise = TestPaths.fixtures.appendingPathComponent("highlights/readwise/hostile.csv").path
        let csv = try await run("import", "readwise", readwise, "--dry-run")
        #expect(csv.stderr.contains("skipped line 4: no book title"))
    }

    /// A book Readwise added with "Terry Pratchett, Neil Gaiman" as its one author was not found by
    /// KOReader's "Terry Pratchett" and "Neil Gaiman", which added it again; the Kobo import that
    /// followed found two books and said "--add-missing adds them", as it had been given. Found by
    /// an exploratory session.
    @Test func aBookIsFoundHoweverADeviceListsItsAuthors() async throws {
        let folder = try TestPaths.temporaryFolder("authors")
        let readwise = folder.appendingPathComponent("readwise.csv")
        try Data(
            """
            Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at,Document tags
            It was a nice day.,Good Omens,"Terry Pratchett, Neil Gaiman",,,,,page,13,2021-06-14 08:05:10+00:00,

            """.utf8
        ).write(to: readwise)
        let koreader = folder.appendingPathComponent("koreader.json")
        try Data(
            #"{"documents":[{"author":"Terry Pratchett\nNeil Gaiman","title":"Good Omens","entries":[{"page":13,"sort":"highlight","text":"All the days had been nice.","time":1705352589}]}],"version":"json/1.0.0"}"#
                .utf8
        ).write(to: koreader)
        try await run("import", "readwise", readwise.path, "--add-missing")
        let added = try await run("list", "--json").stdout
        #expect(added.contains("\"Terry Pratchett\"") && added.contains("\"Neil Gaiman\""), "\(added)")
        let second = try await run("import", "koreader", koreader.path, "--add-missing")
        #expect(second.stdout.hasPrefix("Imported 1 highlight: 1 new") && !second.stdout.contains("added"))
        #expect(try await run("quote", "list", "good-omens").stdout.contains("All the days had been nice."))

        // A book added before, with both names in one author, is found too.
        try await run("add", "--title", "The Long Earth", "--author", "Terry Pratchett, Stephen Baxter")
        let earth = folder.appendingPathComponent("earth.json")
        try Data(
            #"{"documents":[{"author":"Stephen Baxter","title":"The Long Earth","entries":[{"page":2,"sort":"highlight","text":"Step West.","time":1705352589}]}],"version":"json/1.0.0"}"#
                .utf8
        ).write(to: earth)
        #expect(try await run("import", "koreader", earth.path).stdout.hasPrefix("Imported 1 highlight: 1 new"))

        // Two books it might be: not matched, and --add-missing is not offered when it was given.
        try await run("add", "--title", "Good Omens", "--author", "Neil Gaiman", "--author", "Terry Pratchett")
        let ambiguous = folder.appendingPathComponent("ambiguous.json")
        try Data(
            #"{"documents":[{"author":"Neil Gaiman","title":"Good Omens","entries":[{"page":9,"sort":"highlight","text":"Nice and accurate.","time":1705352589}]}],"version":"json/1.0.0"}"#
                .utf8
        ).write(to: ambiguous)
        let both = try await run("import", "koreader", ambiguous.path, "--add-missing")
        #expect(
            both.stderr.contains(
                "could be good-omens by Terry Pratchett, Neil Gaiman or good-omens-gaiman by Neil Gaiman, Terry Pratchett: `quote add SLUG \"TEXT\"` with one of its passages"
                    + " (its words in their order; case, quotes, dashes and the punctuation at its ends aside)"
            ), "\(both.stderr)")
        #expect(both.stdout.hasSuffix("; 1 book not matched\n"), "\(both.stdout)")
    }

    @Test func aFileOfTheWrongFormatIsOneLine() async throws {
        let clippings = TestPaths.fixtures.appendingPathComponent("highlights/kindle/french.txt").path
        let kobo = try await run("import", "kobo", clippings, status: 1)
        #expect(kobo.stderr.contains("is not a Kobo database (it is not an SQLite database)"))
        #expect(kobo.stderr.split(separator: "\n").count == 1)
        let koreader = try await run("import", "koreader", clippings, status: 1)
        #expect(koreader.stderr.contains("french.txt is not a KOReader highlights export (it is not JSON"))
        let readwise = try await run("import", "readwise", clippings, status: 1)
        #expect(
            readwise.stderr.contains("french.txt is not a Readwise export (it has no Highlight and Book Title columns)")
        )
        let missing = try await run("import", "kobo", "nowhere.sqlite", status: 1)
        #expect(missing.stderr.contains("there is no file nowhere.sqlite: check its name"))
        // The help as one line, however the parser wraps it.
        let help = try await run("import", "--help").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for usage in ["kobo KoboReader.sqlite", "koreader FILE.json", "readwise FILE.csv"] {
            #expect(help.contains(usage), "\(usage)")
        }
    }
}
