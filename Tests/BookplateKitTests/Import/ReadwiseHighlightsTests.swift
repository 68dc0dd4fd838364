import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct ReadwiseHighlightsTests {
    static let header =
        "Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at,Document tags\n"

    static func read(_ name: String) throws -> HighlightFile {
        try ReadwiseHighlights.read(
            try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("highlights/readwise/\(name)")))
    }

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date? {
        KindleClippingsTests.utc(year, month, day, hour, minute, second)
    }

    /// A Readwise export saved again by a spreadsheet on Windows as UTF-16 had none of its
    /// columns; it reads as the same file in UTF-8, as clippings and reading logs so saved do
    /// (found by an exploratory session).
    @Test func anExportSavedAsUTF16Reads() throws {
        let original = try Data(
            contentsOf: TestPaths.fixtures.appendingPathComponent("highlights/readwise/readwise.csv"))
        let units = Array(("\u{FEFF}" + String(decoding: original, as: UTF8.self)).utf16)
        let little = Data(units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let file = try ReadwiseHighlights.read(little)
        #expect(
            file.highlights.map(\.highlight.text) == (try Self.read("readwise.csv")).highlights.map(\.highlight.text))
        #expect(!file.highlights.isEmpty)
        #expect(
            throws: ImportError.notHighlights(
                source: .readwise, path: nil,
                reason:
                    "it is UTF-16 text, but it has an odd number of bytes, as if cut off in the middle of a character")
        ) {
            try ReadwiseHighlights.read(little.dropLast())
        }
    }

    @Test func readsAnExport() throws {
        let file = try Self.read("readwise.csv")
        #expect(file.source == .readwise)
        #expect(file.highlights.map(\.line) == [2, 3, 5, 6, 7, 9])
        #expect(
            file.highlights.map(\.bookTitle) == [
                "Le Petit Prince", "Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch",
                "Cien años de soledad", "How to Read an Article", "A Podcast Episode", "Le Petit Prince",
            ])
        #expect(
            file.highlights.map(\.bookAuthor) == [
                "Antoine de Saint-Exupéry", "Terry Pratchett; Neil Gaiman", "Gabriel García Márquez", "Jane Writer",
                "Pod Caster", "Antoine de Saint-Exupéry",
            ])
        let prince = file.highlights[0]
        // A printed book's ASIN is its ISBN-10; a Kindle book's is none.
        #expect(prince.isbn == ISBN.parse("9780156012195"))
        #expect(file.highlights[1].isbn == nil)
        #expect(prince.highlight.source == .readwise)
        #expect(prince.highlight.text == "On ne voit bien qu'avec le cœur. L'essentiel est invisible pour les yeux.")
        #expect(prince.highlight.note == "**Le renard**, to the prince.")
        #expect(prince.highlight.place == HighlightPlace(page: "72"))
        #expect(prince.highlight.madeAt == Self.utc(2021, 6, 13, 20, 19, 0))

        let omens = file.highlights[1].highlight
        #expect(omens.text == "It was a nice day.\nAll the days had been \"nice\".")
        #expect(omens.place == HighlightPlace(location: "1234"))
        #expect(omens.note == nil)
        #expect(file.highlights[2].highlight.place == HighlightPlace(page: "xii"))
        // An article's order and a podcast's time are no place in a book.
        #expect(file.highlights[3].highlight.place.isEmpty && file.highlights[4].highlight.place.isEmpty)
        #expect(file.highlights[5].highlight.madeAt == nil)
        #expect(file.skipped == [SkippedRow(line: 8, reason: "a highlight with no text")])
        #expect(
            file.warnings == [
                RowWarning(
                    line: 7,
                    message: "Location Type 'time_offset' is not a page or a location: imported without its place"),
                RowWarning(line: 9, message: "Highlighted at '13/06/2021' is not a moment: imported without it"),
            ])
    }

    /// Readwise's ", " between authors made one author of "Terry Pratchett, Neil Gaiman", and a
    /// KOReader import of the same book then added it again. Found by an exploratory session.
    @Test func authorsBetweenCommasAreEachAnAuthorButASurnameFirstNameIsOne() {
        #expect(ReadwiseHighlights.authorList("Terry Pratchett, Neil Gaiman") == "Terry Pratchett; Neil Gaiman")
        #expect(ReadwiseHighlights.authorList("Brian M. Carney, Isaac Getz") == "Brian M. Carney; Isaac Getz")
        for one in ["Le Guin, Ursula K.", "Pratchett, Terry", "García Márquez, Gabriel", "Tolkien, J. R. R.", "Plato"] {
            #expect(ReadwiseHighlights.authorList(one) == one)
        }
    }

    @Test func readsWhatItCanOfAHostileExport() throws {
        let file = try Self.read("hostile.csv")
        #expect(file.highlights.map(\.line) == [2, 3])
        // Markup and formulas are text: escaping them is the site's work.
        #expect(file.highlights[0].highlight.text == "<script>alert(1)</script> stays text")
        #expect(file.highlights[0].highlight.note == "[click](javascript:alert(1))")
        #expect(file.highlights[1].highlight.text == "=HYPERLINK(\"http://evil.invalid\",\"x\")")
        #expect(file.highlights[1].highlight.note == "<img src=x onerror=alert(1)>")
        #expect(
            file.skipped == [
                SkippedRow(line: 4, reason: "no book title"),
                SkippedRow(line: 5, reason: "a quoted field never closes: the file may be cut off from here on"),
            ])
        #expect(file.warnings.isEmpty)
    }

    @Test func aFileThatIsNoReadwiseExportIsOneLine() throws {
        #expect(throws: ImportError.notHighlights(source: .readwise, path: nil, reason: "it is empty")) {
            try ReadwiseHighlights.read(Data())
        }
        #expect(throws: ImportError.notHighlights(source: .readwise, path: nil, reason: "it is empty")) {
            try ReadwiseHighlights.read(Data("\u{FEFF}\n\n".utf8))
        }
        let goodreads = Data("Book Id,Title,Author\n1,Dune,Frank Herbert\n".utf8)
        #expect(
            throws: ImportError.notHighlights(
                source: .readwise, path: nil, reason: "it has no Highlight and Book Title columns")
        ) { try ReadwiseHighlights.read(goodreads) }
        let clippings = TestPaths.fixtures.appendingPathComponent("highlights/kindle/french.txt")
        let error = #expect(throws: ImportError.self) { try HighlightFile.read(contentsOf: clippings, as: .readwise) }
        #expect(error?.description.hasPrefix("\(clippings.relativePathForDisplay) is not a Readwise export (") == true)
        #expect(
            error?.description.hasSuffix("): export your highlights from Readwise as CSV and give that file") == true)
    }

    /// Columns in another order, some missing, names in another case, bytes that are not UTF-8.
    @Test func readsColumnsByName() throws {
        let csv = "book title,HIGHLIGHT,Location\nDune,Fear is the mind-killer.,12\nDune,Caf\u{E9}\n"
        var data = Data(csv.utf8)
        // Latin-1 é where UTF-8 was expected.
        data.replaceSubrange(data.count - 3..<data.count - 1, with: [0xE9])
        let file = try ReadwiseHighlights.read(data)
        #expect(file.highlights.map(\.highlight.text) == ["Fear is the mind-killer.", "Caf\u{FFFD}"])
        #expect(file.highlights.allSatisfy { $0.bookAuthor == nil && $0.highlight.place.isEmpty })
        #expect(
            file.warnings == [
                RowWarning(
                    line: 2, message: "no Location Type is not a page or a location: imported without its place"),
                RowWarning(line: 3, message: "HIGHLIGHT held bytes that are not UTF-8: each became \u{FFFD}"),
            ])
    }

    /// Found by FuzzHighlights: a column's name with a line break made a warning of two lines.
    @Test func aWarningNamingAColumnIsOneLine() throws {
        var data = Data("Highlight,Book Title,\"Odd\nColumn\"\nText,Book,".utf8)
        data.append(0xE9)
        data.append(contentsOf: Array("\n".utf8))
        let file = try ReadwiseHighlights.read(data)
        #expect(
            file.warnings == [
                RowWarning(line: 3, message: "Odd Column held bytes that are not UTF-8: each became \u{FFFD}")
            ])
    }

    @Test func cutsAHighlightOfAMegabyte() throws {
        let long = String(repeating: "a", count: 1_000_000)
        let file = try ReadwiseHighlights.read(Data((Self.header + "\(long),Big,Author,,,,,,,,\n").utf8))
        #expect(file.highlights.first?.highlight.text.count == HighlightReading.textCharacters)
        #expect(
            file.warnings == [
                RowWarning(line: 2, message: "the highlight is 1000000 characters long: cut to the first 100000")
            ])
    }

    @Test func readsAHeaderAlone() throws {
        let file = try ReadwiseHighlights.read(Data(Self.header.utf8))
        #expect(file.highlights.isEmpty && file.skipped.isEmpty && file.warnings.isEmpty)
    }
}
