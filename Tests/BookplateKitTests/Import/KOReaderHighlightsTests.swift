import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct KOReaderHighlightsTests {
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("highlights/koreader/\(name)"))
    }

    static func read(_ name: String) throws -> HighlightFile {
        try KOReaderHighlights.read(try data(name))
    }

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date? {
        KindleClippingsTests.utc(year, month, day, hour, minute, second)
    }

    @Test func readsOneBooksExport() throws {
        let file = try Self.read("single-book.json")
        #expect(file.source == .koreader)
        #expect(file.highlights.map(\.line) == [1, 2])
        #expect(file.highlights.allSatisfy { $0.bookTitle == "Le Petit Prince" && $0.isbn == nil })
        #expect(file.highlights.allSatisfy { $0.bookAuthor == "Antoine de Saint-Exupéry" })
        let first = file.highlights[0].highlight
        #expect(first.source == .koreader)
        #expect(first.text == "On ne voit bien qu'avec le cœur. L'essentiel est invisible pour les yeux.")
        #expect(first.note == "Le *renard*, to the prince.\n\nSee also [chapter XXI](#xxi).")
        #expect(first.place == HighlightPlace(page: "72", chapter: "XXI"))
        #expect(first.madeAt == Self.utc(2023, 4, 1, 10, 22, 33))
        // The publisher's page label, as text.
        #expect(file.highlights[1].highlight.place == HighlightPlace(page: "xii", chapter: "Avant-propos"))
        #expect(file.skipped == [SkippedRow(line: 3, reason: "a highlight of an image, which has no text")])
        #expect(file.warnings.isEmpty)
    }

    @Test func readsAnExportOfAllBooks() throws {
        let file = try Self.read("all-books.json")
        #expect(file.highlights.map(\.line) == [1, 2])
        // Authors on lines of their own are one name the matching reads; KOReader's placeholder
        // for no author is none; a book with no title is named by its file.
        #expect(
            file.highlights.map(\.bookTitle) == [
                "Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch", "Cien años de soledad",
            ])
        #expect(file.highlights.map(\.bookAuthor) == ["Terry Pratchett; Neil Gaiman", nil])
        #expect(file.highlights[0].highlight.text == "It was a nice day.\nAll the days had been nice.")
        #expect(file.highlights[0].highlight.madeAt == Self.utc(2024, 1, 15, 21, 3, 9))
        #expect(file.highlights[1].highlight.place == HighlightPlace(page: "1"))
        #expect(file.skipped.isEmpty && file.warnings.isEmpty)
        // The placeholder as a KOReader set to another language writes it is no author either
        // (a German one's became an author: found by an exploratory session).
        let german = try KOReaderHighlights.read(
            Data(
                try String(
                    contentsOf: TestPaths.fixtures.appendingPathComponent("highlights/koreader/all-books.json"),
                    encoding: .utf8
                )
                .replacingOccurrences(of: "Unknown Author", with: "Unbekannter Autor").utf8))
        #expect(german.highlights.map(\.bookAuthor) == ["Terry Pratchett; Neil Gaiman", nil])
        // The same document bare in an array reads the same.
        let single = try Self.data("single-book.json")
        let array = try KOReaderHighlights.read(Data("[".utf8) + single + Data("]".utf8))
        #expect(array.highlights == (try Self.read("single-book.json")).highlights)
    }

    @Test func readsWhatItCanOfAHostileExport() throws {
        let file = try Self.read("hostile.json")
        #expect(file.highlights.map(\.line) == [1, 2, 3, 7, 8])
        #expect(
            file.highlights.map(\.bookTitle) == [
                "Hostile Book", "Hostile Book", "Hostile Book", "Hostile Book", "Second Book",
            ])
        let hostile = file.highlights[0].highlight
        // Markup is text: escaping it is the site's work.
        #expect(hostile.text == "<script>alert(1)</script> stays text")
        #expect(hostile.note == "[click](javascript:alert(1))")
        #expect(hostile.place == HighlightPlace(page: "2", chapter: "<b>Chapter</b>"))
        let mistyped = file.highlights[1].highlight
        #expect(mistyped.text == "Every field but the text is of the wrong type.")
        #expect(mistyped.note == nil && mistyped.place.isEmpty && mistyped.madeAt == nil)
        #expect(file.highlights[3].highlight.text == "Spaces around, a page that is not one.")
        #expect(file.highlights[4].bookAuthor == nil)
        #expect(
            file.skipped == [
                SkippedRow(line: 4, reason: "the highlight's text is not text"),
                SkippedRow(line: 5, reason: "the entry is not a highlight"),
                SkippedRow(line: 6, reason: "a highlight with no text"),
                SkippedRow(line: 9, reason: "its book has neither a title nor a file name"),
            ])
        #expect(
            file.warnings == [
                RowWarning(line: 0, message: "document 2 is not a book's highlights: left out"),
                RowWarning(line: 2, message: "the note is not text: imported without it"),
                RowWarning(line: 2, message: "the page is neither a number nor text: imported without it"),
                RowWarning(line: 2, message: "the chapter is not text: imported without it"),
                RowWarning(line: 2, message: "the time is not a moment in Unix seconds: imported without it"),
                RowWarning(line: 3, message: "the page 3.5 is not a page number: imported without it"),
                RowWarning(line: 3, message: "the time is not a moment in Unix seconds: imported without it"),
                RowWarning(
                    line: 7,
                    message:
                        "the page 'a page number far too long to be a page …' is not a page number: imported without it"
                ),
                RowWarning(line: 8, message: "the book's author is not text: imported without it"),
            ])
    }

    @Test func aFileThatIsNoExportIsOneLine() throws {
        let whole = try Self.data("single-book.json")
        let cases: [(Data, String)] = [
            (Data(), "it is empty"),
            (Data(" \n\t".utf8), "it is empty"),
            (whole.prefix(whole.count / 2), "it is not JSON; it may be cut off"),
            (Data("title,author\n".utf8), "it is not JSON; it may be cut off"),
            (Data("{\"title\": \"No entries\"}".utf8), "it has neither entries nor documents"),
            (Data("\"just a string\"".utf8), "it has neither entries nor documents"),
            (Data("{\"documents\": 3}".utf8), "its documents are no list"),
        ]
        for (data, reason) in cases {
            #expect(throws: ImportError.notHighlights(source: .koreader, path: nil, reason: reason)) {
                try KOReaderHighlights.read(data)
            }
        }
        #expect(
            ImportError.notHighlights(source: .koreader, path: "x.json", reason: "it is empty").description
                == "x.json is not a KOReader highlights export (it is empty): export them in KOReader (Export highlights, as JSON) and give that file"
        )
        // Through the file, the error names it.
        let url = try TestPaths.temporaryFolder("koreader").appendingPathComponent("cut.json")
        try whole.prefix(40).write(to: url)
        #expect(
            throws: ImportError.notHighlights(
                source: .koreader, path: url.relativePathForDisplay, reason: "it is not JSON; it may be cut off")
        ) { try HighlightFile.read(contentsOf: url, as: .koreader) }
    }

    @Test func cutsAHighlightOfAMegabyte() throws {
        let long = String(repeating: "a", count: 1_000_000)
        let json = "{\"title\": \"Big\", \"entries\": [{\"text\": \"\(long)\", \"note\": \"\(long)\"}]}"
        let file = try KOReaderHighlights.read(Data(json.utf8))
        #expect(file.highlights.first?.highlight.text.count == HighlightReading.textCharacters)
        #expect(file.highlights.first?.highlight.note?.count == HighlightReading.textCharacters)
        #expect(
            file.warnings == [
                RowWarning(line: 1, message: "the highlight is 1000000 characters long: cut to the first 100000"),
                RowWarning(line: 1, message: "the note is 1000000 characters long: cut to the first 100000"),
            ])
    }

    @Test func readsAnExportWithNoEntries() throws {
        let file = try KOReaderHighlights.read(Data("{\"documents\": []}".utf8))
        #expect(file.highlights.isEmpty && file.skipped.isEmpty && file.warnings.isEmpty)
    }
}
