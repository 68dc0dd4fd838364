import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Format, an audiobook's length, the first publication and whether the reader owns the book.
@Suite struct EditionFactsTests {
    @Test(arguments: [
        ("Paperback", BookFormat.paperback), ("Mass Market Paperback", .paperback), ("Hardcover", .hardcover),
        ("Kindle Edition", .ebook), ("ebook", .ebook), ("digital", .ebook), ("Audible Audio", .audiobook),
        ("audio", .audiobook), ("Audio CD", .audiobook), ("Board book", .other),
    ])
    func formatsAreReadAsExportsNameThem(name: String, format: BookFormat) {
        #expect(BookFormat(naming: name) == format)
    }

    @Test func audioLengthsAreHoursAndMinutes() {
        #expect(AudioLength.minutes(parsing: "11:30") == 690)
        #expect(AudioLength.minutes(parsing: "11h30m") == 690)
        #expect(AudioLength.minutes(parsing: "11 h 5 min") == 665)
        #expect(AudioLength.minutes(parsing: "2h") == 120)
        #expect(AudioLength.minutes(parsing: "95") == 95)
        for bad in ["", "0", "11:75", "1:5", "abc", "1e309", "-5", "99999999", "h30"] {
            #expect(AudioLength.minutes(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func importsKeepFormatFirstPublicationAndOwnershipAndTheSiteShowsThem() throws {
        let shelf = try TemporaryShelf()
        let folder = try TestPaths.temporaryFolder("edition-facts")
        let goodreads = folder.appendingPathComponent("goodreads.csv")
        try Data(
            """
            Book Id,Title,Author,Binding,Year Published,Original Publication Year,Owned Copies,Exclusive Shelf
            1,Dune,Frank Herbert,Mass Market Paperback,1990,1965,1,read
            2,Emma,Jane Austen,Kindle Edition,2003,-180,0,to-read

            """.utf8
        ).write(to: goodreads)
        let storygraph = folder.appendingPathComponent("storygraph.csv")
        try Data(
            """
            Title,Authors,Read Status,Format,Owned?
            Piranesi,Susanna Clarke,read,audio,No

            """.utf8
        ).write(to: storygraph)
        let notes = NoteStore(folder: shelf.paths.notes)
        let report = try ShelfImport(library: shelf.library, notes: notes).run(file: goodreads, as: .goodreads)
        #expect(
            report.summary.warnings.map(\.message) == [
                "Original Publication Year '-180' is not a date: imported without it"
            ])
        _ = try ShelfImport(library: shelf.library, notes: notes).run(file: storygraph, as: .storygraph)
        let dune = try shelf.library.findBook(matching: "dune").book
        #expect(dune.format == .paperback && dune.owned == true)
        #expect(dune.firstPublished?.description == "1965" && dune.publishedDate?.description == "1990")
        let emma = try shelf.library.findBook(matching: "emma").book
        #expect(emma.format == .ebook && emma.owned == nil && emma.firstPublished == nil)
        let piranesi = try shelf.library.findBook(matching: "piranesi").book
        #expect(piranesi.format == .audiobook && piranesi.owned == false)
        _ = try shelf.library.editBook(slug: "piranesi", BookEdit(audioMinutes: .some(534)))
        try shelf.build()
        let page = try shelf.siteFile("books/piranesi/index.html")
        #expect(page.contains("<div><dt>Format</dt><dd>Audiobook (8 h 54 min)</dd></div>"))
        #expect(page.contains("<div><dt>My copy</dt><dd>Not owned</dd></div>"))
        let dunePage = try shelf.siteFile("books/dune/index.html")
        #expect(dunePage.contains("<div><dt>First published</dt><dd>1965</dd></div>"))
        #expect(dunePage.contains("<div><dt>Published</dt><dd>1990</dd></div>"))

        // The JSON export gives it all back.
        let json = try LibraryExporter(library: shelf.library, notes: notes).json()
        let file = folder.appendingPathComponent("export.json")
        try json.write(to: file)
        let fresh = try TemporaryShelf()
        _ = try fresh.importer.run(
            file: file, as: .bookplate)
        let again = try fresh.library.findBook(matching: "piranesi").book
        #expect(again.format == .audiobook && again.audioMinutes == 534 && again.owned == false)
        #expect(try fresh.library.findBook(matching: "dune").book.firstPublished?.description == "1965")
    }

    /// Refresh kept a catalog's title, subtitle and publisher with the escape sequences and
    /// control characters `add` drops (a colour code, a window title, a bell), and with white
    /// space at their ends; they reached CSV exports as they came (found by an exploratory
    /// session). They are kept as `add` keeps them.
    @Test func refreshKeepsACatalogsTextAsAddDoes() throws {
        let shelf = try TemporaryShelf()
        _ = try shelf.library.addBook(NewBook(title: "Evil", provenance: [.title: .google]))
        let hostile = NewBook(
            title: "\u{1B}[2J\u{1B}[HEvil\u{1B}]0;PWNED\u{07} Click\u{08} Back\rOVER  ",
            subtitle: "A\u{1B}[5m Blink\u{9D}", publisher: "  Pub\u{07}lisher ", language: "en\u{1B}[0m",
            provenance: [.title: .google, .subtitle: .google, .publisher: .google, .language: .google])
        #expect(
            Set(try shelf.library.refreshBook(slug: "evil", with: hostile)) == [
                "title", "subtitle", "publisher", "language",
            ])
        let book = try shelf.library.findBook(matching: "evil").book
        #expect(book.title == "Evil Click Back OVER" && book.subtitle == "A Blink")
        #expect(book.publisher == "Publisher" && book.language == "en")
        #expect(try shelf.library.refreshBook(slug: "evil", with: hostile) == [])
    }

    /// A catalog's edition names its format (Open Library's `physical_format`): refresh fills a
    /// format the book lacks, replaces a catalog's, and never the reader's; a new edition that
    /// names none clears the old edition's. Refresh left formats alone before.
    @Test func refreshTakesTheEditionsFormatButNeverTheReaders() throws {
        let shelf = try TemporaryShelf()
        _ = try shelf.library.addBook(NewBook(title: "Kindred"))
        _ = try shelf.library.addBook(NewBook(title: "Dune", format: .ebook))
        let hardcover = { (title: String) in
            NewBook(title: title, provenance: [.format: .openLibrary], format: .hardcover)
        }
        #expect(try shelf.library.refreshBook(slug: "kindred", with: hardcover("Kindred")) == ["format"])
        #expect(try shelf.library.refreshBook(slug: "dune", with: hardcover("Dune")) == [])
        let kindred = try shelf.library.findBook(matching: "kindred").book
        #expect(kindred.format == .hardcover && kindred.provenance[.format] == .openLibrary)
        #expect(try shelf.library.findBook(matching: "dune").book.format == .ebook)

        let paperback = NewBook(title: "Kindred", provenance: [.format: .openLibrary], format: .paperback)
        #expect(try shelf.library.refreshBook(slug: "kindred", with: paperback) == ["format"])
        #expect(try shelf.library.findBook(matching: "kindred").book.format == .paperback)
        let unnamed = NewBook(title: "Kindred")
        #expect(try shelf.library.refreshBook(slug: "kindred", with: unnamed, clearingMissing: [.format]) == ["format"])
        #expect(try shelf.library.findBook(matching: "kindred").book.format == nil)
    }

    /// `refresh` said "updated title, publisher, pageCount, format, isbn" where the JSON says
    /// `pages` and `isbn13` (found by an exploratory session): the fields that changed are named
    /// as the JSON names them.
    @Test func refreshNamesTheFieldsItChangedAsTheJSONDoes() throws {
        let shelf = try TemporaryShelf()
        _ = try shelf.library.addBook(NewBook(title: "Kindred"))
        let found = NewBook(
            title: "Kindred", isbn: try ISBN("9780807083697"), publishedDate: try PartialDate(parsing: "1979"),
            pageCount: 264, openLibraryEditionKey: "OL1234567M",
            provenance: [.isbn: .openLibrary, .publishedDate: .openLibrary, .pageCount: .openLibrary],
            audioMinutes: 600)
        #expect(
            try shelf.library.refreshBook(slug: "kindred", with: found) == [
                "published", "pages", "isbn13", "isbn10", "openLibraryEdition",
            ])
    }
}
