import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary

/// `import bookwyrm`: BookWyrm's "Export Book List" CSV, as its exporter writes it
/// (Fixtures/imports/README.md).
@Suite struct BookWyrmImportTests {
    static let fixture = TestPaths.fixtures.appendingPathComponent("imports/bookwyrm.csv")

    /// The fixture as a later export would have it, `old` changed to `new` in its bytes.
    func fixture(changing old: String, to new: String) throws -> URL {
        let changed = try TestPaths.temporaryFolder("bookwyrm").appendingPathComponent("bookwyrm-export.csv")
        var bytes = try Data(contentsOf: Self.fixture)
        let range = try #require(bytes.range(of: Data(old.utf8)))
        bytes.replaceSubrange(range, with: Data(new.utf8))
        try bytes.write(to: changed)
        return changed
    }

    func file(_ text: String) throws -> URL {
        let file = try TestPaths.temporaryFolder("bookwyrm").appendingPathComponent("bookwyrm-export.csv")
        try Data(text.utf8).write(to: file)
        return file
    }

    func day(_ text: String) throws -> PartialDate { try PartialDate(parsing: text) }

    @Test func readsEveryFieldOfTheExport() throws {
        let shelf = try TemporaryShelf()
        let report = try shelf.importer.run(file: Self.fixture, as: .bookwyrm)
        #expect(report.summary.added.count == 7 && report.summary.skipped.isEmpty)
        #expect(report.summary.warnings.isEmpty, "\(report.summary.warnings)")
        let notes = NoteStore(folder: shelf.paths.notes)
        let ids = try shelf.library.externalIDsBySlug()

        let winter = try shelf.library.findBook(matching: "left hand of darkness")
        #expect(winter.book.title == "The Left Hand of Darkness" && winter.authors.map(\.name) == ["Ursula K. Le Guin"])
        #expect(winter.book.isbn13 == "9780441478125" && winter.book.isbn10 == "0441478123")
        #expect(winter.book.openLibraryEditionKey == "OL24212459M" && winter.book.pageCount == 304)
        // A half star stays a half star: BookWyrm's "3.50" is 3.5.
        #expect(winter.book.status == .read && winter.book.rating?.quarters == 14 && winter.book.rating?.text == "3.5")
        #expect(winter.reads == [ReadRecord(started: try day("2024-01-02"), finished: try day("2024-01-20"))])
        #expect(winter.book.startedDate?.description == "2024-01-02")
        #expect(winter.book.finishedDate?.description == "2024-01-20")
        #expect(winter.shelves.isEmpty)
        // shelf_date, at the start of the reader's day (the shelf's clock is in UTC).
        #expect(winter.book.addedAt == Date(timeIntervalSince1970: 1_703_894_400))  // 2023-12-30T00:00:00Z
        #expect(
            ids[winter.book.slug]
                == ["bookwyrm": "https://books.example.social/book/101", "goodreads": "18423"])
        // The review's title, the day it was published and its text, its CRLF line breaks LF.
        #expect(
            try notes.note(forSlug: winter.book.slug)
                == "## Winter, and the Ice\n\n*Reviewed 2024-01-21*\n\nThe crossing of the Ice is the book.\n\n"
                + "> \"Light is the left hand of darkness\"\n\nGenly learns to *see* Estraven.\n")

        let omens = try shelf.library.findBook(matching: "good omens")
        #expect(omens.authors.map(\.name) == ["Terry Pratchett", "Neil Gaiman"])
        #expect(omens.book.status == .toRead && omens.reads.isEmpty && omens.book.rating == nil)
        #expect(omens.book.isbn13 == "9780060853983" && omens.book.pageCount == nil)
        #expect(try notes.note(forSlug: omens.book.slug) == nil)

        // stopped-reading: the read set aside on its stopped_date, the content warning kept.
        let jest = try shelf.library.findBook(matching: "infinite jest")
        #expect(jest.book.status == .abandoned && jest.book.rating?.stars == 2 && jest.book.pageCount == 1079)
        #expect(
            jest.reads == [
                ReadRecord(started: try day("2023-05-01"), finished: try day("2023-06-10"), outcome: .setAside)
            ])
        #expect(jest.book.openLibraryEditionKey == "OL7928788M")
        #expect(
            try notes.note(forSlug: jest.book.slug)
                == "*Reviewed 2023-06-11*\n\n**Content warning:** long footnotes\n\nStopped at the footnotes.\n")

        let piranesi = try shelf.library.findBook(matching: "piranesi")
        #expect(piranesi.book.status == .reading && piranesi.book.startedDate?.description == "2025-01-05")
        #expect(piranesi.reads == [ReadRecord(started: try day("2025-01-05"), outcome: .reading)])

        // A shelf of the reader's own is a shelf by its name; the read's dates give the status.
        let simple = try shelf.library.findBook(matching: "ottolenghi simple")
        #expect(simple.shelves.map(\.name) == ["Cooking"] && simple.book.status == .read)
        #expect(simple.book.rating?.stars == 4 && simple.book.openLibraryEditionKey == "OL43065148M")
        #expect(simple.reads == [ReadRecord(started: try day("2022-08-10"), finished: try day("2022-10-10"))])
        #expect(
            try notes.note(forSlug: simple.book.slug)
                == "## Too much tahini\n\n*Reviewed 2022-11-10*\n\n...in his hummus\n")

        // A review BookWyrm took in as HTML (from Goodreads, or another instance) is Markdown, its
        // `<br/>` a line break on the page (a `\` at the line's end).
        let kindred = try shelf.library.findBook(matching: "kindred")
        #expect(
            ids[kindred.book.slug]
                == ["bookwyrm": "https://other.example.net/book/7", "goodreads": "60931", "librarything": "2296"])
        #expect(kindred.book.rating?.stars == 5 && kindred.book.status == .read)
        #expect(
            try notes.note(forSlug: kindred.book.slug)
                == "*Reviewed 2024-03-21*\n\nRead it in a week.\\\nThe **ending** stays.\n")

        // No ISBN, no Open Library key: the remote_id alone.
        let own = try shelf.library.findBook(matching: "我穿我自己")
        #expect(own.authors.map(\.name) == ["琅俨"] && own.book.isbn13 == nil && own.book.status == .toRead)
        #expect(ids[own.book.slug] == ["bookwyrm": "https://books.example.social/book/2010"])
    }

    @Test func importingTheSameFileAgainChangesNothing() throws {
        let shelf = try TemporaryShelf()
        _ = try shelf.importer.run(file: Self.fixture, as: .bookwyrm)
        let before = try shelf.library.snapshot()
        let again = try shelf.importer.run(file: Self.fixture, as: .bookwyrm)
        #expect(again.summary.added.isEmpty && again.summary.updated.isEmpty && again.summary.unchanged == 7)
        #expect(again.notesWritten == 0 && again.summary.warnings.isEmpty)
        #expect(try shelf.library.snapshot() == before)
    }

    @Test func anEditedRowUpdatesItsBook() throws {
        let shelf = try TemporaryShelf()
        _ = try shelf.importer.run(file: Self.fixture, as: .bookwyrm)
        // Rated again on BookWyrm: 3.5 became 4.5.
        let rerated = try fixture(changing: "2024-01-20,,3.50,", to: "2024-01-20,,4.50,")
        let report = try shelf.importer.run(file: rerated, as: .bookwyrm)
        #expect(report.summary.added.isEmpty && report.summary.updated == ["the-left-hand-of-darkness"])
        #expect(try shelf.library.findBook(matching: "left hand of darkness").book.rating?.text == "4.5")
        #expect(try shelf.library.books().count == 7)
    }

    /// BookWyrm's file holds one read of a book, its latest: the read of a later export comes in
    /// beside the one an earlier export brought.
    @Test func aLaterExportsReadIsASecondRead() throws {
        let shelf = try TemporaryShelf()
        _ = try shelf.importer.run(file: Self.fixture, as: .bookwyrm)
        let later = try fixture(changing: "2024-03-01,2024-03-20,", to: "2025-06-01,2025-06-12,")
        let report = try shelf.importer.run(file: later, as: .bookwyrm)
        #expect(report.summary.updated == ["kindred"])
        let kindred = try shelf.library.findBook(matching: "kindred")
        #expect(
            kindred.reads == [
                ReadRecord(started: try day("2024-03-01"), finished: try day("2024-03-20")),
                ReadRecord(started: try day("2025-06-01"), finished: try day("2025-06-12")),
            ])
        #expect(kindred.timesRead == 2 && kindred.book.finishedDate?.description == "2025-06-12")
    }

    /// The remote_id finds a book whose ISBN and title were changed on BookWyrm since.
    @Test func theRemoteIDFindsTheBook() throws {
        let shelf = try TemporaryShelf()
        _ = try shelf.importer.run(file: Self.fixture, as: .bookwyrm)
        let renamed = try fixture(changing: "我穿我自己,琅俨,", to: "我穿我自己 (新版),琅俨,")
        let report = try shelf.importer.run(file: renamed, as: .bookwyrm)
        #expect(report.summary.added.isEmpty, "\(report.summary.rows)")
        #expect(try shelf.library.books().count == 7)
    }

    @Test func aDryRunSaysWhatEachRowWouldDoAndChangesNothing() throws {
        let shelf = try TemporaryShelf()
        let report = try shelf.importer.run(file: Self.fixture, as: .bookwyrm, dryRun: true)
        // The first row's review runs over five lines.
        #expect(
            report.summary.rows.map { "\($0.line) \($0.action) \($0.slug)" } == [
                "2 add the-left-hand-of-darkness", "7 add good-omens", "8 add infinite-jest", "9 add piranesi",
                "10 add ottolenghi-simple", "11 add kindred", "12 add \(report.summary.rows.last?.slug ?? "")",
            ])
        #expect(report.notesWritten == 4)
        #expect(try shelf.library.books().isEmpty)
        #expect(try NoteStore(folder: shelf.paths.notes).noteFiles().isEmpty)
    }

    @Test func aFileOfAnotherKindIsRefused() throws {
        let shelf = try TemporaryShelf()
        let goodreads = TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv")
        #expect(throws: ImportError.missingColumns(source: .bookwyrm, columns: ["author_text", "remote_id"])) {
            try shelf.importer.run(file: goodreads, as: .bookwyrm)
        }
        #expect(
            ImportError.missingColumns(source: .bookwyrm, columns: ["author_text", "remote_id"]).description
                == "this is not a BookWyrm export: it has no author_text and remote_id columns; check the file and the format you named"
        )
        #expect(try shelf.library.books().isEmpty)
    }

    /// Every release's columns, read by name (as `bookwyrm/tests/views/preferences/test_export.py`
    /// spells them at each tag): v0.5.0's (ids, rating and review), v0.6.0's (two more ids), and
    /// v0.7.2's, the header of BookWyrm's own test data for its importer (the read's dates, the
    /// shelf; no Finna or Libris ids, no pages). The fixture has the latest, v0.9's.
    @Test func everyVersionsColumnsAreRead() throws {
        let versions = [
            """
            title,author_text,remote_id,openlibrary_key,inventaire_id,librarything_key,goodreads_key,bnf_id,viaf,wikidata,asin,isbn_10,isbn_13,oclc_number,rating,review_name,review_cw,review_content\r
            Kindred,Octavia E. Butler,https://b.example/book/7,,,,,,,,,,9780807083697,,4.50,,,Strong.\r

            """,
            """
            title,author_text,remote_id,openlibrary_key,inventaire_id,librarything_key,goodreads_key,bnf_id,viaf,wikidata,asin,aasin,isfdb,isbn_10,isbn_13,oclc_number,rating,review_name,review_cw,review_content\r
            Kindred,Octavia E. Butler,https://b.example/book/7,,,,,,,,,,,,9780807083697,,4.50,,,Strong.\r

            """,
            """
            title,author_text,remote_id,openlibrary_key,inventaire_id,librarything_key,goodreads_key,bnf_id,viaf,wikidata,asin,aasin,isfdb,isbn_10,isbn_13,oclc_number,start_date,finish_date,stopped_date,rating,review_name,review_cw,review_content,review_published,shelf,shelf_name,shelf_date\r
            Kindred,Octavia E. Butler,https://b.example/book/7,,,,,,,,,,,,9780807083697,,2024-01-02,2024-01-09,,4.50,,,Strong.,2024-01-10,favourites-12,Favourites,2024-01-01\r

            """,
        ]
        for (index, text) in versions.enumerated() {
            let shelf = try TemporaryShelf()
            let report = try shelf.importer.run(file: try file(text), as: .bookwyrm)
            #expect(report.summary.added == ["kindred"] && report.summary.warnings.isEmpty, "version \(index)")
            let kindred = try shelf.library.findBook(matching: "kindred")
            #expect(kindred.book.isbn13 == "9780807083697" && kindred.book.rating?.text == "4.5", "version \(index)")
            #expect(kindred.authors.map(\.name) == ["Octavia E. Butler"], "version \(index)")
            let note = try NoteStore(folder: shelf.paths.notes).note(forSlug: "kindred")
            #expect(note == (index == 2 ? "*Reviewed 2024-01-10*\n\nStrong.\n" : "Strong.\n"), "version \(index)")
            if index < 2 {
                #expect(kindred.book.status == .toRead && kindred.reads.isEmpty, "version \(index)")
            } else {
                #expect(kindred.book.status == .read, "version \(index)")
                #expect(
                    kindred.reads == [ReadRecord(started: try day("2024-01-02"), finished: try day("2024-01-09"))],
                    "version \(index)")
            }
            #expect(kindred.shelves.map(\.name) == (index == 2 ? ["Favourites"] : []), "version \(index)")
        }
    }

    /// A review moved from another instance is BookWyrm's HTML, a line per paragraph: taken as
    /// Markdown for its line breaks, each line was raw HTML, which the book's page leaves out.
    @Test func aReviewInHTMLOverSeveralLinesIsMarkdown() throws {
        let text =
            "title,author_text,remote_id,review_content\r\n"
            + "Kindred,Octavia E. Butler,https://b.example/book/7,"
            + "\"<p>First, <em>read</em> it.</p>\n<blockquote><p>Quoted.</p></blockquote>\n<p>Last.</p>\"\r\n"
            + "Emma,Jane Austen,https://b.example/book/8,\"Typed <b>in</b> BookWyrm:\r\n\r\n- a list\"\r\n"
        let shelf = try TemporaryShelf()
        _ = try shelf.importer.run(file: try file(text), as: .bookwyrm)
        let notes = NoteStore(folder: shelf.paths.notes)
        #expect(try notes.note(forSlug: "kindred") == "First, *read* it.\n\n> Quoted.\n\nLast.\n")
        // What the reader typed stays as typed.
        #expect(try notes.note(forSlug: "emma") == "Typed <b>in</b> BookWyrm:\n\n- a list\n")
        try shelf.build(settings: FixtureShelf.settings)
        let page = try shelf.siteFile("books/kindred/index.html")
        #expect(page.contains("<p>First, <em>read</em> it.</p>") && page.contains("<p>Last.</p>"))
    }

    /// A shelf that came from BookWyrm goes back through `export --format csv`, which BookWyrm's
    /// Goodreads import reads: its column guesses (`bookwyrm/importers/importer.py` at db40a61c,
    /// `row_mappings_guesses`, the first header each takes, as `create_row_mappings` does) find
    /// every field of the file it has a place for, and its status shelves are the file's.
    @Test func theCSVExportIsAFileBookWyrmsGoodreadsImportReads() throws {
        let shelf = try TemporaryShelf()
        _ = try shelf.importer.run(file: Self.fixture, as: .bookwyrm)
        let csv = try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
            .goodreadsCSV()
        let text = String(decoding: csv, as: UTF8.self)
        let header = try #require(text.split(separator: "\r\n").first).split(separator: ",").map(String.init)
        let guesses: [(String, [String])] = [
            ("id", ["id", "book id"]), ("title", ["title"]),
            ("authors", ["author_text", "author", "authors", "primary author"]),
            ("isbn_10", ["isbn_10", "isbn10", "isbn", "isbn/uid"]),
            ("isbn_13", ["isbn_13", "isbn13", "isbn", "isbns", "isbn/uid"]),
            ("shelf", ["shelf", "exclusive shelf", "read status", "bookshelf"]),
            ("review_body", ["review_content", "my review", "review"]),
            ("rating", ["my rating", "rating", "star rating"]),
            ("date_added", ["shelf_date", "date_added", "date added", "entry date", "added"]),
            ("date_finished", ["finish_date", "date finished", "last date read", "date read", "finished"]),
        ]
        var left = header
        var mapped: [String: String] = [:]
        for (key, names) in guesses {
            guard let index = left.firstIndex(where: { names.contains($0.lowercased()) }) else { continue }
            mapped[key] = left.remove(at: index)
        }
        #expect(
            mapped == [
                "id": "Book Id", "title": "Title", "authors": "Author", "isbn_10": "ISBN", "isbn_13": "ISBN13",
                "shelf": "Exclusive Shelf", "review_body": "My Review", "rating": "My Rating",
                "date_added": "Date Added", "date_finished": "Date Read",
            ])
        // BookWyrm's `shelf_mapping_guesses` know read, to-read and currently-reading; a book set
        // aside goes to a shelf of that name, "did-not-finish", as a Goodreads file's would.
        let title = try #require(header.firstIndex(of: "Title"))
        let status = try #require(header.firstIndex(of: "Exclusive Shelf"))
        let exclusive = Dictionary(
            uniqueKeysWithValues: CSVParser().parse(Array(csv)).dropFirst().map { record in
                (record.fields[title], record.fields[status])
            })
        #expect(
            exclusive == [
                "The Left Hand of Darkness": "read", "Good Omens": "to-read", "Infinite Jest": "did-not-finish",
                "Piranesi": "currently-reading", "Ottolenghi Simple": "read", "Kindred": "read", "我穿我自己": "to-read",
            ])
    }

    /// The shelf says how the read went where the two disagree, as StoryGraph's status does.
    @Test func theShelfSaysHowTheLatestReadWent() throws {
        let header =
            "title,author_text,remote_id,start_date,finish_date,stopped_date,shelf,shelf_name\r\n"
        let text =
            header
            // Begun again on BookWyrm: the finished read is still the latest it has.
            + "Dune,Frank Herbert,https://b.example/book/1,2020-01-02,2020-02-01,,reading,Currently Reading\r\n"
            // Put back to read after a start: that read was set aside.
            + "Emma,Jane Austen,https://b.example/book/2,2021-03-04,,,to-read,To Read\r\n"
            // Finished, its start after its end: the start is left out and named.
            + "Beloved,Toni Morrison,https://b.example/book/3,2022-05-01,2022-04-01,,read,Read\r\n"
            + "Bad Dates,Some Author,https://b.example/book/4,2022-13-01,,,reading,Currently Reading\r\n"
        let shelf = try TemporaryShelf()
        let report = try shelf.importer.run(file: try file(text), as: .bookwyrm)
        #expect(
            report.summary.warnings == [
                RowWarning(line: 4, message: "start_date '2022-05-01' is after finish_date: imported without it"),
                RowWarning(line: 5, message: "start_date '2022-13-01' is not a date: imported without it"),
            ])
        let dune = try shelf.library.findBook(matching: "dune")
        #expect(dune.book.status == .reading)
        #expect(
            dune.reads == [
                ReadRecord(started: try day("2020-01-02"), finished: try day("2020-02-01")),
                ReadRecord(outcome: .reading),
            ])
        let emma = try shelf.library.findBook(matching: "emma")
        #expect(emma.book.status == .toRead)
        #expect(emma.reads == [ReadRecord(started: try day("2021-03-04"), outcome: .setAside)])
        let beloved = try shelf.library.findBook(matching: "beloved")
        #expect(beloved.book.status == .read)
        #expect(beloved.reads == [ReadRecord(finished: try day("2022-04-01"))])
        let bad = try shelf.library.findBook(matching: "bad dates")
        #expect(bad.book.status == .reading && bad.reads == [ReadRecord(outcome: .reading)])
    }
}

/// What a BookWyrm file could carry to harm the site, the terminal or a spreadsheet, through the
/// paths every import takes.
@Suite struct BookWyrmHostileImportTests {
    static let header = "title,author_text,remote_id,rating,review_name,review_cw,review_content,shelf,shelf_name\r\n"

    @Test func markupEscapesAndFormulasFromAFileStayText() throws {
        let rows = [
            // A review of several lines is taken as Markdown: its script is no script on the page.
            "BW01 Script,Ann Author,https://b.example/book/1,4.50,<img src=x onerror=alert(1)>,"
                + "[cw](javascript:alert(2)),\"<script>alert(3)</script>\r\n\r\n<iframe src=javascript:alert(4)>\","
                + "<b>shelf</b>-3,<b onclick=alert(5)>Mine</b>",
            // One line is BookWyrm's HTML, made Markdown: its script goes, its text stays.
            "BW02 One line,Ann Author,https://b.example/book/2,,,,<p>Kept <script>alert(6)</script>"
                + "<a href=\"javascript:alert(7)\">link</a></p>,read,Read",
            "\"\u{1B}]0;pwned\u{07}\u{1B}[2JBW03 Escaped \u{9B}31m title\",\"\u{1B}[31mRed\u{1B}[0m Author\","
                + "https://b.example/book/3,,,,,to-read,To Read",
            "\"=HYPERLINK(\"\"http://x.example\"\",\"\"BW04\"\")\",@Formula Author,https://b.example/book/4,,,,"
                + "\"+cmd|' /C calc'!A0\",to-read,To Read",
        ]
        let file = try TestPaths.temporaryFolder("bookwyrm-hostile").appendingPathComponent("bookwyrm.csv")
        try Data((Self.header + rows.joined(separator: "\r\n") + "\r\n").utf8).write(to: file)
        let shelf = try TemporaryShelf()
        let report = try shelf.importer.run(file: file, as: .bookwyrm)
        #expect(report.summary.added.count == 4 && report.summary.skipped.isEmpty)

        // The terminal: no escape or control character is kept, so none is printed.
        let books = try shelf.library.snapshot().books
        for details in books {
            let text = ([details.book.title] + details.authors.map(\.name) + details.shelves.map(\.name)).joined()
            #expect(
                !text.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "\(details.book.title.debugDescription)")
        }
        let escaped = try #require(books.first { $0.book.title.contains("BW03") })
        #expect(escaped.book.title.hasSuffix("BW03 Escaped 31m title") && escaped.authors.map(\.name) == ["Red Author"])
        let note = try #require(try NoteStore(folder: shelf.paths.notes).note(forSlug: "bw01-script"))
        // The review's title and warning are text, their marks escaped.
        #expect(
            note.hasPrefix(
                "## \\<img src=x onerror=alert(1)\\>\n\n**Content warning:** \\[cw\\](javascript:alert(2))\n\n"))

        // The site: no script, tag, handler or javascript: link from the file, only their text.
        try shelf.build(settings: FixtureShelf.settings)
        for (path, data) in try TemporaryShelf.snapshot(of: shelf.paths.site) where path.hasSuffix(".html") {
            let page = String(decoding: data, as: UTF8.self)
            for payload in [
                "<script>alert", "<img src=x", "<iframe", "<b onclick", "<b>shelf", "href=\"javascript:",
                "href='javascript:", "(javascript:alert(7))",
            ] {
                #expect(!page.contains(payload), "\(payload) in \(path)")
            }
        }
        let page = try shelf.siteFile("books/bw01-script/index.html")
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;") && page.contains("[cw](javascript:alert(2))"))
        #expect(try shelf.siteFile("books/bw02-one-line/index.html").contains("<p>Kept link</p>"))

        // A spreadsheet: the Goodreads CSV export neutralises every cell that would be a formula.
        let csv = try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
            .goodreadsCSV()
        let text = String(decoding: csv, as: UTF8.self)
        #expect(text.contains("'=HYPERLINK(") && text.contains("'@Formula Author"))
        for line in text.split(whereSeparator: \.isNewline) {
            for cell in line.split(separator: ",") {
                let bare = cell.hasPrefix("\"") ? cell.dropFirst() : cell[...]
                #expect(
                    !"=+@".contains(bare.first ?? " ") || bare.hasPrefix("=\"\"") || bare.hasPrefix("=\"9"),
                    "\(cell)")
            }
        }
    }

    /// A review's title and content warning are their words on the page: a keycap's `*` was
    /// emphasis, and a title's `%%…%%` a comment that hid what was between.
    @Test func aReviewsTitleIsItsWordsOnThePage() throws {
        let note = try #require(
            BookWyrmFormat.note(name: "%%hidden%% *️⃣one*️⃣", warning: "a %%b%% c", published: nil, body: "Text."))
        let html = NoteRenderer().render(note).html
        #expect(html.contains("%%hidden%% *️⃣one*️⃣"), "\(html)")
        #expect(html.contains("a %%b%% c"), "\(html)")
        #expect(!html.contains("<em>"), "\(html)")
    }
}

/// `bookplate import bookwyrm`, through the built binary.
@Suite struct BookWyrmImportCommandLineTests: ImportCommandLineTesting {
    let root: URL
    let bookplate: CommandRunner
    let fixture = TestPaths.fixtures.appendingPathComponent("imports/bookwyrm.csv")

    init() throws {
        root = try TestPaths.newShelf("bookwyrm-import")
        bookplate = CommandRunner(folder: root)
    }

    @Test func aDryRunThenAnImportInJSONThenAgain() async throws {
        let dry = try await run("import", "bookwyrm", fixture.path, "--dry-run")
        #expect(dry.stdout.contains("Would import 7 books from BookWyrm: 7 new"), "\(dry.stdout)")
        #expect(dry.stdout.contains("the-left-hand-of-darkness"))
        #expect(try await run("list").stdout == "The shelf is empty.\n")

        let imported = try json(try await run("import", "bookwyrm", fixture.path, "--json").stdout)
        #expect(imported["source"] as? String == "bookwyrm" && imported["dryRun"] as? Bool == false)
        #expect((imported["added"] as? [String])?.count == 7 && imported["notesWritten"] as? Int == 4)
        #expect((imported["skipped"] as? [Any])?.isEmpty == true && (imported["warnings"] as? [Any])?.isEmpty == true)
        let rows = try #require(imported["rows"] as? [[String: Any]])
        #expect(rows.first?["line"] as? Int == 2 && rows.first?["action"] as? String == "add")

        let again = try json(try await run("import", "bookwyrm", fixture.path, "--json").stdout)
        #expect((again["added"] as? [String])?.isEmpty == true && again["unchanged"] as? Int == 7)
        let shown = try await run("show", "the-left-hand-of-darkness").stdout
        for fact in ["Ursula K. Le Guin", "★★★½☆", "9780441478125"] {
            #expect(shown.contains(fact), "\(fact) in \(shown)")
        }
    }

    @Test func aFileThatIsNotBookWyrmsFailsInOneLine() async throws {
        let goodreads = TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv")
        let result = try await run("import", "bookwyrm", goodreads.path, status: 1)
        #expect(
            result.stderr
                == "Error: this is not a BookWyrm export: it has no author_text and remote_id columns; check the file and the format you named\n"
        )
        #expect(result.stdout.isEmpty)
        #expect(try await run("list").stdout == "The shelf is empty.\n")
    }
}
