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

/// A book is read any number of times; its status and dates follow the latest read.
@Suite struct ReadTests {
    func date(_ text: String) throws -> PartialDate { try PartialDate(parsing: text) }

    /// A read going on, put back on the pile with `edit --status to-read`, stayed "reading" and
    /// the book kept its start date while showing "To read"; and `read edit N --finished` left a
    /// read "reading" with an end. Found by an exploratory session.
    @Test func aReadPutBackIsSetAsideAndAReadGivenItsEndIsFinished() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"], status: .reading))
        let back = try library.editBook(slug: "dune", BookEdit(status: .toRead))
        #expect(back.book.status == .toRead && back.book.startedDate == nil && back.book.finishedDate == nil)
        #expect(try library.reads(ofBook: "dune").map(\.outcome) == [.setAside])
        let start = try date("2026-01-01")
        #expect(try library.reads(ofBook: "dune").first?.started == start)

        // Mending the dates of the read set aside leaves the book to read (it became abandoned).
        let mended = try library.editRead(ofBook: "dune", number: 1, ReadEdit(started: .some(try date("2025-12-01"))))
        #expect(mended.book.status == .toRead && mended.book.startedDate == nil)

        // Still the read put back, its start mended: reading again gives it back.
        let resumed = try library.editBook(slug: "dune", BookEdit(status: .reading))
        let december = try date("2025-12-01")
        #expect(resumed.reads == [ReadRecord(started: december, outcome: .reading)])
        #expect(resumed.book.startedDate == december)
        let finished = try library.editRead(
            ofBook: "dune", number: 1, ReadEdit(finished: .some(try date("2026-02-01"))))
        #expect(try library.reads(ofBook: "dune").map(\.outcome) == [.finished])
        let end = try date("2026-02-01")
        #expect(finished.book.status == .read && finished.book.finishedDate == end)
        // An outcome said outright stays as said; but a read going on has no end. Made one going
        // on again with its end kept, it was taken, and the book showed "reading" with a finished
        // date (found by a review).
        #expect(throws: LibraryError.readGoingOnWithAnEnd(slug: "dune", number: 1, finished: "2026-02-01")) {
            try library.editRead(ofBook: "dune", number: 1, ReadEdit(outcome: .reading))
        }
        #expect(try library.reads(ofBook: "dune").map(\.outcome) == [.finished])
        let going = try library.editRead(ofBook: "dune", number: 1, ReadEdit(finished: .some(nil), outcome: .reading))
        #expect(going.book.status == .reading && going.book.finishedDate == nil)

        // Put back with a date: the date is the read's, and the book has none.
        let dated = try library.editBook(
            slug: "dune", BookEdit(status: .toRead, startedDate: .some(try date("2026-01-15"))))
        #expect(dated.book.status == .toRead && dated.book.startedDate == nil)
        let last = try library.reads(ofBook: "dune").last
        let fifteenth = try date("2026-01-15")
        #expect(last?.outcome == .setAside && last?.started == fifteenth)
    }

    @Test func readingABookAgainStartsAnotherReadAndFinishingItEndsThatOne() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(title: "Dune", authors: ["Frank Herbert"], status: .read, finishedDate: try date("2019-05-02")))
        #expect(try library.reads(ofBook: "dune") == [ReadRecord(finished: try date("2019-05-02"))])

        // Begun again: a second read, started today (the shelf's clock says 2026-01-01).
        var dune = try library.editBook(slug: "dune", BookEdit(status: .reading))
        #expect(try dune.book.status == .reading && dune.book.startedDate == (try date("2026-01-01")))
        #expect(dune.book.finishedDate == nil)
        #expect(
            dune.reads == [
                ReadRecord(finished: try date("2019-05-02")),
                ReadRecord(started: try date("2026-01-01"), outcome: .reading),
            ])
        dune = try library.editBook(slug: "dune", BookEdit(status: .read, finishedDate: .some(try date("2026-01-01"))))
        #expect(dune.reads.map(\.outcome) == [.finished, .finished] && dune.timesRead == 2)
        #expect(try dune.book.status == .read && dune.book.finishedDate == (try date("2026-01-01")))

        // Waiting to be read again, then marked read on a day: a third read, finished that day.
        // (Marked read with no date, it is the read the book had: see
        // aStatusTheReadsAlreadyTellWritesNoRead.)
        _ = try library.editBook(slug: "dune", BookEdit(status: .toRead))
        #expect(try library.reads(ofBook: "dune").count == 2)
        dune = try library.editBook(slug: "dune", BookEdit(status: .read, finishedDate: .some(try date("2026-01-01"))))
        #expect(try dune.timesRead == 3 && dune.reads.last == ReadRecord(finished: try date("2026-01-01")))

        // Dates edited on the book are the latest read's (begun and ended the same day as the one before).
        dune = try library.editBook(slug: "dune", BookEdit(startedDate: .some(try date("2026-01-01"))))
        #expect(dune.reads.last == ReadRecord(started: try date("2026-01-01"), finished: try date("2026-01-01")))
        #expect(dune.reads.count == 3)
    }

    @Test func theStatusFollowsTheLatestReadWhateverIsAddedEditedOrRemoved() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"]))
        #expect(try library.reads(ofBook: "kindred").isEmpty)

        var kindred = try library.addRead(
            toBook: "kindred", ReadRecord(started: try date("2024-06"), outcome: .reading))
        #expect(try kindred.book.status == .reading && kindred.book.startedDate == (try date("2024-06")))
        // An older read goes first and changes nothing of the book.
        kindred = try library.addRead(
            toBook: "kindred", ReadRecord(started: try date("2019-01-02"), finished: try date("2019-02-01")))
        #expect(try kindred.book.status == .reading && kindred.reads.first?.finished == (try date("2019-02-01")))
        // A read from before anyone kept dates comes first of all.
        kindred = try library.addRead(toBook: "kindred", ReadRecord())
        #expect(kindred.reads.map(\.started) == [nil, try date("2019-01-02"), try date("2024-06")])

        kindred = try library.editRead(
            ofBook: "kindred", number: 3, ReadEdit(finished: .some(try date("2024-07-01")), outcome: .setAside))
        #expect(try kindred.book.status == .abandoned && kindred.book.finishedDate == (try date("2024-07-01")))
        #expect(kindred.timesRead == 2)

        kindred = try library.removeRead(ofBook: "kindred", number: 3)
        #expect(try kindred.book.status == .read && kindred.book.finishedDate == (try date("2019-02-01")))
        kindred = try library.removeRead(ofBook: "kindred", number: 1)
        kindred = try library.removeRead(ofBook: "kindred", number: 1)
        #expect(kindred.book.status == .toRead && kindred.book.startedDate == nil && kindred.book.finishedDate == nil)
    }

    @Test func aReadThatCannotBeIsRefusedInOneLine() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        #expect(throws: LibraryError.noSuchRead(slug: "emma", number: 1, count: 0)) {
            try library.editRead(ofBook: "emma", number: 1, ReadEdit(outcome: .finished))
        }
        #expect(
            LibraryError.noSuchRead(slug: "emma", number: 1, count: 0).description
                == "emma has no reads: add one with 'bookplate read add emma'")
        try library.addRead(toBook: "emma", ReadRecord(finished: try date("2020")))
        #expect(
            LibraryError.noSuchRead(slug: "emma", number: 4, count: 1).description
                == "emma has no read 4 (it has 1): run 'bookplate read list emma' to see them")
        #expect(throws: LibraryError.noSuchRead(slug: "emma", number: 0, count: 1)) {
            try library.removeRead(ofBook: "emma", number: 0)
        }
        #expect(throws: LibraryError.finishedBeforeStarted(started: "2021-05-01", finished: "2021-04-01")) {
            try library.addRead(
                toBook: "emma", ReadRecord(started: try date("2021-05-01"), finished: try date("2021-04-01")))
        }
        #expect(throws: LibraryError.unknownReadOutcome("maybe")) { try ReadOutcome(parsing: "maybe") }
        #expect(try library.reads(ofBook: "emma").count == 1)
    }

    /// A library from before reads: the status and dates become the current read, and a read
    /// count the undated reads before it.
    @Test func aLibraryFromBeforeReadsKeepsItsHistory() throws {
        let file = try TestPaths.temporaryFolder("reads-migration").appendingPathComponent("library.sqlite")
        let queue = try DatabaseQueue(path: file.path)
        try LibraryMigrations.migrator.migrate(queue, upTo: "v10-removed-books")
        try queue.write { db in
            for (slug, status, started, finished, count) in [
                ("dune", "read", "2019", "2019-05-02", 3), ("kindred", "reading", "2025-12", nil, 1),
                ("emma", "to-read", nil, nil, 2), ("piranesi", "abandoned", "2024-01-01", "2024-02-01", nil),
                ("plain", "to-read", nil, nil, nil), ("odd", "read", nil, nil, 5000),
            ] as [(String, String, String?, String?, Int?)] {
                try db.execute(
                    sql: """
                        INSERT INTO book (slug, title, status, startedDate, finishedDate, readCount, addedAt)
                        VALUES (?, ?, ?, ?, ?, ?, '2020-01-01 00:00:00.000')
                        """, arguments: [slug, slug, status, started, finished, count])
            }
        }
        let library = try Library.open(at: file)
        let reads = { (slug: String) in try library.findBook(matching: slug).reads }
        #expect(
            try reads("dune") == [
                ReadRecord(), ReadRecord(), ReadRecord(started: try date("2019"), finished: try date("2019-05-02")),
            ])
        #expect(try reads("kindred") == [ReadRecord(), ReadRecord(started: try date("2025-12"), outcome: .reading)])
        #expect(try reads("emma") == [ReadRecord(), ReadRecord()])
        #expect(
            try reads("piranesi") == [
                ReadRecord(started: try date("2024-01-01"), finished: try date("2024-02-01"), outcome: .setAside)
            ])
        #expect(try reads("plain").isEmpty)
        #expect(try reads("odd").count == 1_000)
        #expect(try library.findBook(matching: "dune").book.status == .read)
    }

    /// The reads migration disagreed with the import of the same Goodreads file (found by an
    /// exploratory session): a book given up after one read gained an undated finished read, and
    /// a re-read going on kept the earlier read's date, "reading" beside "Finished", where the
    /// import gives that date a finished read of its own. A library from before reads now gets
    /// the reads an import derives from each status, dates and read count
    /// (`ReadRecord.history`), but for a book to read with a start alone, which the migration
    /// keeps as a read set aside where an import keeps none. That read was counted against the
    /// read count, which an import does not count it against: a StoryGraph row read once
    /// before (to-read, started 2023-01-05, Read Count 1) lost its one finished read, where the
    /// import and a restore keep it (found by a review). Every status, pair of dates and count
    /// is held to the import's rule; a book given up with Read Count 1 is that one read, as an
    /// import has it. A copy `remove` kept of the same book before reads is restored with the
    /// same reads: it came back with the import's alone, a to-read book's start on no read
    /// (found by a review).
    @Test func aLibraryFromBeforeReadsGetsTheReadsAnImportDerives() throws {
        let file = try TestPaths.temporaryFolder("reads-as-imported").appendingPathComponent("library.sqlite")
        let queue = try DatabaseQueue(path: file.path)
        try LibraryMigrations.migrator.migrate(queue, upTo: "v10-removed-books")
        var books: [(slug: String, status: ReadingStatus, started: String?, finished: String?, count: Int?)] = []
        for status in ReadingStatus.allCases {
            for started in [nil, "2020-01-01"] as [String?] {
                for finished in [nil, "2021-04-04"] as [String?] {
                    for count in [nil, 0, 1, 2, 3] as [Int?] {
                        books.append(("book-\(books.count)", status, started, finished, count))
                    }
                }
            }
        }
        try queue.write { db in
            for book in books {
                try db.execute(
                    sql: """
                        INSERT INTO book (slug, title, status, startedDate, finishedDate, readCount, addedAt)
                        VALUES (?, ?, ?, ?, ?, ?, '2020-01-01 00:00:00.000')
                        """,
                    arguments: [book.slug, book.slug, book.status.rawValue, book.started, book.finished, book.count])
            }
        }
        try queue.close()
        let library = try Library.open(at: file)
        for book in books {
            // The import's reads (`ReadRecord.history`), a to-read book's start alone a read set aside.
            let imported = ReadRecord.fromBeforeReads(
                status: book.status, started: try book.started.map(date), finished: try book.finished.map(date),
                count: book.count)
            let details = try library.findBook(matching: book.slug)
            #expect(details.reads == imported, "\(book)")
            #expect(details.book.finishedDate == imported.last?.finished, "\(book)")
            // The same book as `remove` kept it before reads (v10): a read count, and no reads.
            var kept: [String: Any] = [
                "slug": book.slug, "title": book.slug, "status": book.status.rawValue, "subjects": [String](),
                "provenance": [String: String](), "addedAt": 694_310_400,
            ]
            kept["startedDate"] = book.started
            kept["finishedDate"] = book.finished
            kept["readCount"] = book.count
            let copy = try JSONSerialization.data(withJSONObject: [
                "book": kept, "authors": [Any](), "shelves": [String](), "externalIDs": [Any](),
                "works": [String: Any](),
            ])
            #expect(
                try RemovedBookSnapshot.decode(String(decoding: copy, as: UTF8.self)).reads == imported, "\(book)")
        }
    }

    /// A book removed with 562db65 and restored after the upgrade came back with one read where
    /// its kept copy said it was read three times, and with `jpn` where the library keeps `ja`,
    /// while the same book left on the shelf through the upgrade had three reads and `ja` (found
    /// by an exploratory session). The copy comes back as the migrations made the shelf's books.
    @Test func aBookRemovedBeforeTheUpgradeComesBackAsTheUpgradeMadeTheShelf() throws {
        let file = try TestPaths.temporaryFolder("removed-migration").appendingPathComponent("library.sqlite")
        let queue = try DatabaseQueue(path: file.path)
        try LibraryMigrations.migrator.migrate(queue, upTo: "v10-removed-books")
        // As 562db65 kept them.
        let copies = [
            #"{"book":{"subjects":[],"id":1,"status":"read","slug":"read-thrice","rating":5,"provenance":{},"#
                + #""finishedDate":"2024-03-15","title":"Read Thrice","addedAt":694310400,"readCount":3},"#
                + #""authors":[{"name":"Ann Author","links":[],"slug":"ann-author","sortName":"Author, Ann","id":1}],"#
                + #""shelves":[],"externalIDs":[],"works":{"ann-author":[]}}"#,
            #"{"book":{"subjects":[],"title":"Japanese Essays","id":3,"language":"jpn","addedAt":817504402.697,"#
                + #""slug":"japanese-essays","status":"to-read","provenance":{}},"authors":[{"slug":"le-guin","#
                + #""name":"Le Guin, Ursula K.","sortName":"K., Le Guin, Ursula","links":[],"id":2}],"#
                + #""externalIDs":[],"works":{"le-guin":[]},"shelves":[]}"#,
        ]
        try queue.write { db in
            for (slug, title, language, count) in [
                ("read-thrice-too", "Read Thrice Too", nil, 3), ("kept-essays", "Kept Essays", "jpn", nil),
            ] as [(String, String, String?, Int?)] {
                try db.execute(
                    sql: """
                        INSERT INTO book (slug, title, status, finishedDate, readCount, language, addedAt)
                        VALUES (?, ?, ?, ?, ?, ?, '2020-01-01 00:00:00.000')
                        """,
                    arguments: [
                        slug, title, count == nil ? "to-read" : "read", count.map { _ in "2024-03-16" },
                        count, language,
                    ])
            }
            for (slug, copy) in zip(["read-thrice", "japanese-essays"], copies) {
                try db.execute(
                    sql: "INSERT INTO removedBook (slug, title, removedAt, snapshot) VALUES (?, ?, ?, ?)",
                    arguments: [slug, slug, TemporaryShelf.fixedDate, copy])
            }
        }
        try queue.close()
        let library = try Library.open(at: file)
        let contents = try library.removedBookContents()
        #expect(contents.map(\.reads.count) == [3, 0] && contents.map(\.book.language) == [nil, "ja"])
        for removed in try library.removedBooks() { try library.restoreBook(removed) }
        let thrice = try library.findBook(matching: "read-thrice")
        #expect(thrice.reads == [ReadRecord(), ReadRecord(), ReadRecord(finished: try date("2024-03-15"))])
        #expect(try library.findBook(matching: "read-thrice-too").reads.count == 3)
        #expect(try library.findBook(matching: "japanese-essays").book.language == "ja")
        #expect(try library.findBook(matching: "kept-essays").book.language == "ja")
    }

    @Test func aRemovedBookComesBackWithEveryRead() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(title: "Dune", authors: ["Frank Herbert"], status: .read, finishedDate: try date("2019")))
        try library.addRead(toBook: "dune", ReadRecord(started: try date("2024-02-01"), outcome: .reading))
        let before = try library.findBook(matching: "dune")
        let id = try library.removeBook(slug: "dune", at: TemporaryShelf.fixedDate)
        let removed = try #require(try library.removedBooks().first { $0.id == id })
        let restored = try library.restoreBook(removed)
        #expect(restored.reads == before.reads && restored.book.status == .reading)
    }

    /// A read set aside by a status change is given back by setting the status again, after a
    /// `remove` and `restore` as before (the kept copy forgot how it stood).
    @Test func aRestoredBookStillGivesBackAReadAStatusSetAside() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        let finished = ReadRecord(started: try date("2023-01-20"), finished: try date("2023-02-10"))
        try library.addBook(
            NewBook(
                title: "Dune", authors: ["Frank Herbert"], status: .read, startedDate: finished.started,
                finishedDate: finished.finished))
        try library.editBook(slug: "dune", BookEdit(status: .abandoned))
        let id = try library.removeBook(slug: "dune", at: TemporaryShelf.fixedDate)
        let removed = try #require(try library.removedBooks().first { $0.id == id })
        let restored = try library.restoreBook(removed)
        #expect(restored.book.status == .abandoned && restored.reads.map(\.outcome) == [.setAside])
        let dune = try library.editBook(slug: "dune", BookEdit(status: .read))
        #expect(dune.reads == [finished] && dune.book.finishedDate == finished.finished)
    }
}

/// Reading logs give every read they know of, and Bookplate's exports give them back.
@Suite struct ReadImportTests {
    func date(_ text: String) throws -> PartialDate { try PartialDate(parsing: text) }

    func run(_ text: String, as source: ImportSource, into shelf: TemporaryShelf? = nil) throws -> (
        TemporaryShelf, ShelfImport.Report
    ) {
        let shelf = try shelf ?? TemporaryShelf()
        let file = try TestPaths.temporaryFolder("reads-import").appendingPathComponent("export.csv")
        try Data(text.utf8).write(to: file)
        let report = try shelf.importer
            .run(file: file, as: source)
        return (shelf, report)
    }

    @Test func storyGraphGivesEveryRangeOfDatesReadAsARead() throws {
        let (shelf, report) = try run(
            """
            Title,Authors,Read Status,Star Rating,Dates Read,Read Count
            Dune,Frank Herbert,read,5,"2024/03/01-2024/03/20, 2019/01/05-2019/02/01, 2021/07",4
            Kindred,Octavia E. Butler,currently-reading,,"2020/01/01-2020/01/30, 2025/12/01-",
            Emma,Jane Austen,did-not-finish,,2023/04/01-2023/04/09,
            Dawn,Octavia E. Butler,currently-reading,,2018/01/01-2018/02/01,
            Imago,Octavia E. Butler,read,,"nonsense-2024/01/01, -",

            """, as: .storygraph)
        #expect(report.summary.added.count == 5 && report.summary.skipped.isEmpty)
        let dune = try shelf.library.findBook(matching: "dune")
        // Three dated reads, oldest first, and one more the count knows without a date.
        #expect(
            dune.reads == [
                ReadRecord(),
                ReadRecord(started: try date("2019-01-05"), finished: try date("2019-02-01")),
                ReadRecord(finished: try date("2021-07")),
                ReadRecord(started: try date("2024-03-01"), finished: try date("2024-03-20")),
            ])
        #expect(
            try dune.book.startedDate == (try date("2024-03-01")) && dune.book.finishedDate == (try date("2024-03-20")))
        let kindred = try shelf.library.findBook(matching: "kindred")
        #expect(kindred.reads.map(\.outcome) == [.finished, .reading] && kindred.book.status == .reading)
        #expect(kindred.book.startedDate == (try date("2025-12-01")))
        #expect(try shelf.library.findBook(matching: "emma").reads.map(\.outcome) == [.setAside])
        // Begun again, no date yet: the read going on is the latest.
        let dawn = try shelf.library.findBook(matching: "dawn")
        #expect(
            dawn.reads == [
                ReadRecord(started: try date("2018-01-01"), finished: try date("2018-02-01")),
                ReadRecord(outcome: .reading),
            ])
        #expect(dawn.book.status == .reading && dawn.book.finishedDate == nil)
        let imago = try shelf.library.findBook(matching: "imago")
        #expect(imago.reads == [ReadRecord(finished: try date("2024-01-01"))])
        #expect(
            report.summary.warnings.map(\.message) == ["Dates Read 'nonsense' is not a date: imported without it"])

        // The same file again changes nothing.
        let (_, again) = try run(
            """
            Title,Authors,Read Status,Star Rating,Dates Read,Read Count
            Dune,Frank Herbert,read,5,"2024/03/01-2024/03/20, 2019/01/05-2019/02/01, 2021/07",4

            """, as: .storygraph, into: shelf)
        #expect(again.summary.unchanged == 1 && again.summary.updated.isEmpty)
    }

    @Test func goodreadsKeepsTheReadCountBesideItsOneDate() throws {
        let (shelf, _) = try run(
            """
            Book Id,Title,Author,My Rating,Date Read,Exclusive Shelf,Read Count
            1,Dune,Frank Herbert,5,2024/03/15,read,3
            2,Kindred,Octavia E. Butler,0,,to-read,2
            3,Emma,Jane Austen,0,,currently-reading,1

            """, as: .goodreads)
        let dune = try shelf.library.findBook(matching: "dune")
        #expect(dune.reads == [ReadRecord(), ReadRecord(), ReadRecord(finished: try date("2024-03-15"))])
        // Read twice before, waiting to be read again.
        let kindred = try shelf.library.findBook(matching: "kindred")
        #expect(kindred.reads == [ReadRecord(), ReadRecord()] && kindred.book.status == .toRead)
        let emma = try shelf.library.findBook(matching: "emma")
        #expect(emma.reads == [ReadRecord(), ReadRecord(outcome: .reading)] && emma.book.status == .reading)
    }

    /// A Goodreads row on the `dnf` shelf with Read Count 1 and no dates gained an undated
    /// finished read beside its set-aside one, and a StoryGraph DNF book whose Dates Read lists its
    /// two reads (Read Count 2) an undated finished third: the count was set against finished
    /// reads alone (found by an exploratory tester). A read given up counts as a read; Bookplate's
    /// CSV export counts the same way, so its books come back with their reads.
    @Test func aBookGivenUpGainsNoFinishedReadItNeverHad() throws {
        let (shelf, _) = try run(
            """
            Book Id,Title,Author,My Rating,Date Read,Exclusive Shelf,Read Count
            1,Dune,Frank Herbert,0,,dnf,1
            2,Kindred,Octavia E. Butler,0,,dnf,2

            """, as: .goodreads)
        let dune = try shelf.library.findBook(matching: "dune")
        #expect(dune.reads == [ReadRecord(outcome: .setAside)] && dune.book.status == .abandoned)
        #expect(
            try shelf.library.findBook(matching: "kindred").reads == [ReadRecord(), ReadRecord(outcome: .setAside)])
        _ = try run(
            """
            Title,Authors,Read Status,Star Rating,Dates Read,Read Count
            Emma,Jane Austen,did-not-finish,,"2019/01/01-2019/01/20, 2023/04/01-2023/04/09",2

            """, as: .storygraph, into: shelf)
        #expect(
            try shelf.library.findBook(matching: "emma").reads == [
                ReadRecord(started: try date("2019-01-01"), finished: try date("2019-01-20")),
                ReadRecord(started: try date("2023-04-01"), finished: try date("2023-04-09"), outcome: .setAside),
            ])

        let csv = try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
            .goodreadsCSV()
        let (copy, _) = try run(String(decoding: csv, as: UTF8.self), as: .goodreads)
        for slug in ["dune", "kindred", "emma"] {
            #expect(
                try copy.library.findBook(matching: slug).reads == (try shelf.library.findBook(matching: slug)).reads,
                "\(slug)")
        }
    }

    /// Importing a Goodreads or StoryGraph file again replaced every read of a book with the
    /// file's: re-reads logged in Bookplate since went, and the book went back to the file's
    /// dates. Found by an exploratory session. A file now tells of reads and takes none away.
    @Test func importingAgainKeepsTheReadsLoggedSince() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(
                title: "Kindred", authors: ["Octavia E. Butler"], status: .read, startedDate: try date("2019-01-05"),
                finishedDate: try date("2019-02-01")))
        try library.addRead(
            toBook: "kindred", ReadRecord(started: try date("2021-06-01"), finished: try date("2021-06-20")))
        try library.addRead(toBook: "kindred", ReadRecord(started: try date("2024-11-01"), outcome: .reading))
        let before = try library.findBook(matching: "kindred").reads
        for (text, source) in [
            (
                "Book Id,Title,Author,My Rating,Date Read,Exclusive Shelf,Read Count\n1,Kindred,Octavia E. Butler,0,2019/02/01,read,1\n",
                ImportSource.goodreads
            ),
            (
                "Title,Authors,Read Status,Star Rating,Dates Read,Read Count\nKindred,Octavia E. Butler,read,,2019/01/05-2019/02/01,1\n",
                .storygraph
            ),
        ] {
            let (_, report) = try run(text, as: source, into: shelf)
            #expect(report.summary.unchanged == 1, "\(source)")
            let kindred = try library.findBook(matching: "kindred")
            #expect(kindred.reads == before, "\(source)")
            #expect(try kindred.book.status == .reading && kindred.book.startedDate == (try date("2024-11-01")))
        }
        // A newer file finishes the read going on, and its earlier undated reads are ones the library has.
        let (_, finished) = try run(
            "Book Id,Title,Author,My Rating,Date Read,Exclusive Shelf,Read Count\n1,Kindred,Octavia E. Butler,0,2024/11/20,read,3\n",
            as: .goodreads, into: shelf)
        #expect(finished.summary.updated.count == 1)
        let kindred = try library.findBook(matching: "kindred")
        #expect(try kindred.reads.count == 3 && kindred.reads.last?.finished == (try date("2024-11-20")))
        #expect(try kindred.reads.last?.started == (try date("2024-11-01")) && kindred.book.status == .read)
    }

    /// A book set aside and then marked read had its set-aside read rewritten as finished on the
    /// old dates: the book counted as finished in 2022, and the set-aside was lost. Found by an
    /// exploratory session. It is another read, finished today (or on the date given).
    @Test func aBookSetAsideAndThenReadIsReadAgain() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(NewBook(title: "Foo", authors: ["A"]))
        let aside = ReadRecord(started: try date("2022-05-01"), finished: try date("2022-06-01"), outcome: .setAside)
        try library.addRead(toBook: "foo", aside)
        let read = try library.editBook(slug: "foo", BookEdit(status: .read))
        #expect(
            try library.reads(ofBook: "foo") == [
                aside, ReadRecord(finished: PartialDate.day(of: TemporaryShelf.fixedDate)),
            ])
        #expect(read.book.status == .read)
    }

    /// Reading, then abandoned, then read: the read set aside was kept set aside, and another
    /// read with no start was finished today, so the book lost its start. Found by an exploratory
    /// session. The read set aside while going on is finished today, as `reading` takes it up.
    @Test func aReadSetAsideWhileGoingOnIsFinishedByRead() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(title: "Foo", authors: ["A"], status: .reading, startedDate: try date("2025-06-01")))
        try library.editBook(slug: "foo", BookEdit(status: .abandoned))
        let read = try library.editBook(slug: "foo", BookEdit(status: .read))
        let today = PartialDate.day(of: TemporaryShelf.fixedDate)
        #expect(try read.reads == [ReadRecord(started: try date("2025-06-01"), finished: today)])
        #expect(try read.book.status == .read && read.book.startedDate == (try date("2025-06-01")))
        #expect(read.book.finishedDate == today)
    }

    /// `edit --finished` on a book being read left it "Reading now" with a finished date, its
    /// read "reading" with an end, and the CSV export came back as two reads (found by an
    /// exploratory session). As `read edit` does, the end finishes the read.
    @Test func aBookBeingReadGivenItsEndIsFinished() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(title: "Empire", authors: ["José Saramago"], status: .reading, startedDate: try date("2007")))
        let edited = try library.editBook(slug: "empire", BookEdit(finishedDate: .some(try date("2020-03-12"))))
        let (started, finished) = (try date("2007"), try date("2020-03-12"))
        #expect(edited.book.status == .read)
        #expect(edited.book.startedDate == started && edited.book.finishedDate == finished)
        #expect(try library.reads(ofBook: "empire") == [ReadRecord(started: started, finished: finished)])
        // Clearing the end of a read going on that has none changes nothing of the kind.
        try library.addBook(
            NewBook(title: "Emma", authors: ["Jane Austen"], status: .reading, startedDate: try date("2024")))
        #expect(try library.editBook(slug: "emma", BookEdit(finishedDate: .some(nil))).book.status == .reading)
    }

    /// `add --started 2025-01` and `edit --started` on a book to read made a book "To read" with a
    /// start in its JSON and a read set aside; on a book to read again the date went over its last
    /// read. Found by an exploratory session. A book to read that stays one takes no dates; the
    /// command line reads dates without a status as reading or read (below).
    @Test func aBookToReadTakesNoDatesOfItsOwn() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        #expect(throws: LibraryError.datesOnABookToRead(slug: nil)) {
            try library.addBook(NewBook(title: "T", authors: ["A"], status: .toRead, startedDate: try date("2025-01")))
        }
        try library.addBook(NewBook(title: "T", authors: ["A"], status: .read, finishedDate: try date("2024-05")))
        try library.editBook(slug: "t", BookEdit(status: .toRead))
        let reads = try library.reads(ofBook: "t")
        #expect(throws: LibraryError.datesOnABookToRead(slug: "t")) {
            try library.editBook(slug: "t", BookEdit(startedDate: .some(try date("2025-01"))))
        }
        // A date can be cleared (an older Bookplate let a book to read keep a start, which could not
        // be cleared then: found by a review). The book shows its latest read's dates, so that
        // read's goes too: the book said no finish while its read kept one, and an export's
        // import gave it back (found by an exploratory session).
        let cleared = try library.editBook(slug: "t", BookEdit(finishedDate: .some(nil)))
        #expect(cleared.book.finishedDate == nil && cleared.book.status == .toRead)
        #expect(reads.last?.finished == (try date("2024-05")))
        #expect(try library.reads(ofBook: "t") == [ReadRecord(started: reads.last?.started, finished: nil)])
        // A date of the book's alone, that no read has, is cleared from the book alone.
        try library.write { db in
            try db.execute(sql: "UPDATE book SET startedDate = '2019-01-01' WHERE slug = 't'")
        }
        #expect(try library.findBook(matching: "t").book.startedDate == (try date("2019-01-01")))
        let stray = try library.editBook(slug: "t", BookEdit(startedDate: .some(nil)))
        #expect(stray.book.startedDate == nil)
        #expect(try library.reads(ofBook: "t") == [ReadRecord(started: reads.last?.started, finished: nil)])
        // A latest read left with no date would go before the dated ones, another read then the
        // latest: refused, with where to change the reads (found by a review).
        try library.addBook(NewBook(title: "U", authors: ["A"], status: .read, finishedDate: try date("2019-02")))
        _ = try library.addRead(
            toBook: "u", ReadRecord(started: try date("2023-05-01"), finished: try date("2023-05-20")))
        try library.editBook(slug: "u", BookEdit(status: .toRead))
        let both = try library.reads(ofBook: "u")
        #expect(throws: LibraryError.latestReadWouldBeUndated(slug: "u")) {
            try library.editBook(slug: "u", BookEdit(startedDate: .some(nil), finishedDate: .some(nil)))
        }
        #expect(try library.reads(ofBook: "u") == both)
        // A book read, too (found by a second review).
        try library.editBook(slug: "u", BookEdit(status: .read))
        let read = try library.reads(ofBook: "u")
        #expect(throws: LibraryError.latestReadWouldBeUndated(slug: "u")) {
            try library.editBook(slug: "u", BookEdit(startedDate: .some(nil), finishedDate: .some(nil)))
        }
        #expect(try library.reads(ofBook: "u") == read)
        #expect(ReadingStatus.impliedBy(started: try date("2025-01"), finished: nil) == .reading)
        #expect(ReadingStatus.impliedBy(started: nil, finished: try date("2025-01")) == .read)
        #expect(ReadingStatus.impliedBy(started: nil, finished: nil) == nil)
    }

    /// Reading, abandoned, then read with a finish before the read set aside began: the new read
    /// came first, the book said "read" while its latest read was the one set aside, and
    /// `--status to-read` then wrote the book's dates over that read (its start lost, another's
    /// finish taken). Found by an exploratory session. Such a read is refused, with where to add it.
    @Test func aStatusChangeNeverWritesOverAnotherRead() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(
                title: "The Waves", authors: ["Virginia Woolf"], status: .reading, startedDate: try date("2025-09-01")))
        try library.editBook(slug: "the-waves", BookEdit(status: .abandoned))
        let aside = try library.reads(ofBook: "the-waves")
        #expect(
            throws: LibraryError.readBeforeLatest(slug: "the-waves", latest: "begun 2025-09-01, set-aside")
        ) {
            try library.editBook(
                slug: "the-waves", BookEdit(status: .read, finishedDate: .some(try date("2025-03-10"))))
        }
        #expect(try library.reads(ofBook: "the-waves") == aside)
        #expect(try library.findBook(matching: "the-waves").book.status == .abandoned)
        // A finish after the read set aside began is that read's or another's, never a read before it.
        let later = try library.editBook(
            slug: "the-waves", BookEdit(status: .read, finishedDate: .some(try date("2025-10-10"))))
        #expect(try later.book.status == .read && later.reads.last?.finished == (try date("2025-10-10")))
        #expect(later.reads.first == aside.first)
        // A book read before, to read again, then abandoned with no dates: set aside today, after
        // its last read (it was refused as a read before the latest: found by a review).
        try library.addBook(
            NewBook(title: "Orlando", authors: ["Virginia Woolf"], status: .read, finishedDate: try date("2020-05-01")))
        try library.editBook(slug: "orlando", BookEdit(status: .toRead))
        let abandoned = try library.editBook(slug: "orlando", BookEdit(status: .abandoned))
        #expect(abandoned.book.status == .abandoned && abandoned.reads.count == 2)
        #expect(
            abandoned.reads.last
                == ReadRecord(finished: PartialDate.day(of: TemporaryShelf.fixedDate), outcome: .setAside))
    }

    /// A start typed with last year's number (2023-01-02 for 2024-01-02) put the read going on
    /// before the book's finished read of 2023: the book still showed the moved read, and the
    /// correction, written over the one now latest, lost the finished read for good; `read edit`
    /// of the read going on left the book "read" with no read going on (found by an exploratory
    /// session). A re-read begun "2024-06" after a read finished 2024-06-20 could not be told
    /// (found by a review). A read going on is the latest, whenever it began; dates that would
    /// move a finished latest read before another are refused, and nothing changes.
    @Test func aReadGoingOnIsTheLatestAndALatestReadIsNeverMovedBeforeAnother() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(title: "Dune", authors: ["Frank Herbert"], status: .read, finishedDate: try date("2023-03-01")))
        try library.editBook(slug: "dune", BookEdit(status: .reading, startedDate: .some(try date("2024-01-05"))))
        let finished = ReadRecord(finished: try date("2023-03-01"))
        let typo = try library.editBook(slug: "dune", BookEdit(startedDate: .some(try date("2023-01-02"))))
        #expect(try typo.reads == [finished, ReadRecord(started: try date("2023-01-02"), outcome: .reading)])
        #expect(typo.book.status == .reading)
        let corrected = try library.editBook(slug: "dune", BookEdit(startedDate: .some(try date("2024-01-02"))))
        #expect(try corrected.reads == [finished, ReadRecord(started: try date("2024-01-02"), outcome: .reading)])
        let edited = try library.editRead(ofBook: "dune", number: 2, ReadEdit(started: .some(try date("2023-01-02"))))
        #expect(edited.book.status == .reading && edited.reads.first == finished)

        // A re-read begun in a month a read ended in, or on the day it ended.
        try library.addBook(
            NewBook(title: "Kim", authors: ["Rudyard Kipling"], status: .read, finishedDate: try date("2024-06-20")))
        let again = try library.addRead(toBook: "kim", ReadRecord(started: try date("2024-06"), outcome: .reading))
        #expect(try again.book.status == .reading && again.book.startedDate == (try date("2024-06")))
        #expect(again.reads.count == 2)

        // A finished book's latest read, given an end before the other read's, is refused; given a
        // start before the other read's end, it stays the latest (reads are in the order they
        // ended: a read begun before another ended, then finished, was put first: found by a
        // review).
        try library.addBook(
            NewBook(title: "Emma", authors: ["Jane Austen"], status: .read, finishedDate: try date("2023-03-01")))
        try library.addRead(toBook: "emma", ReadRecord(finished: try date("2024-05-10")))
        let emma = try library.reads(ofBook: "emma")
        #expect(
            throws: LibraryError.latestReadWouldMove(slug: "emma", other: "ended 2023-03-01, finished")
        ) {
            try library.editBook(slug: "emma", BookEdit(finishedDate: .some(try date("2022-12-01"))))
        }
        #expect(try library.reads(ofBook: "emma") == emma)
        let overlapping = try library.editBook(slug: "emma", BookEdit(startedDate: .some(try date("2023-01-20"))))
        #expect(
            try overlapping.reads.last == ReadRecord(started: try date("2023-01-20"), finished: try date("2024-05-10")))
        // `read edit` may reorder finished reads: the book follows the latest.
        let reordered = try library.editRead(
            ofBook: "emma", number: 2, ReadEdit(started: .some(nil), finished: .some(try date("2022-05-10"))))
        #expect(try reordered.book.finishedDate == (try date("2023-03-01")))

        // A read going on begun before the last read ended, then finished: the latest.
        try library.addBook(
            NewBook(title: "Book A", authors: ["Ann Author"], status: .read, finishedDate: try date("2025-09-01")))
        try library.addRead(toBook: "book-a", ReadRecord(started: try date("2025-08-01"), outcome: .reading))
        let finishedNow = try library.editBook(slug: "book-a", BookEdit(status: .read))
        #expect(try finishedNow.book.status == .read && finishedNow.reads.last?.started == (try date("2025-08-01")))
    }

    /// A book finished on 2023-02-10, marked abandoned and then read again, had that read set aside
    /// and another one, finished today, added; marked to-read and then read, yet another. Found by
    /// an exploratory session. A status the reads already tell writes no read, and setting back
    /// the status a change set a read aside from gives that read back.
    @Test func aStatusTheReadsAlreadyTellWritesNoRead() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(
                title: "Dune", authors: ["Frank Herbert"], status: .read, startedDate: try date("2023-01-20"),
                finishedDate: try date("2023-02-10")))
        let finished = ReadRecord(started: try date("2023-01-20"), finished: try date("2023-02-10"))
        var aside = finished
        aside.outcome = .setAside

        #expect(try library.editBook(slug: "dune", BookEdit(status: .abandoned)).reads == [aside])
        var dune = try library.editBook(slug: "dune", BookEdit(status: .read))
        #expect(dune.reads == [finished] && dune.book.status == .read)
        #expect(try dune.book.finishedDate == (try date("2023-02-10")))

        try library.editBook(slug: "dune", BookEdit(status: .toRead))
        dune = try library.editBook(slug: "dune", BookEdit(status: .read))
        #expect(dune.reads == [finished] && dune.book.status == .read && dune.book.startedDate == finished.started)

        // By way of to-read, and twice over: still the one read.
        for status in [ReadingStatus.abandoned, .toRead, .read, .abandoned, .read] {
            dune = try library.editBook(slug: "dune", BookEdit(status: status))
        }
        #expect(dune.reads == [finished] && dune.book.status == .read)

        // A read going on, set aside and taken up again, is the same read going on.
        try library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"], status: .reading))
        let going = ReadRecord(started: PartialDate.day(of: TemporaryShelf.fixedDate), outcome: .reading)
        for status in [ReadingStatus.abandoned, .reading, .toRead, .reading] {
            try library.editBook(slug: "emma", BookEdit(status: status))
        }
        #expect(try library.reads(ofBook: "emma") == [going])

        // A read the reader set aside (not a status change) is not given back, and dates given
        // make another read: a re-read.
        try library.editBook(slug: "dune", BookEdit(status: .toRead))
        dune = try library.editBook(
            slug: "dune", BookEdit(status: .read, finishedDate: .some(try date("2025-03-01"))))
        #expect(try dune.reads == [finished, ReadRecord(finished: try date("2025-03-01"))])
        try library.editRead(ofBook: "dune", number: 2, ReadEdit(outcome: .setAside))
        dune = try library.editBook(slug: "dune", BookEdit(status: .read))
        #expect(dune.reads.count == 3 && dune.reads.last == ReadRecord(finished: going.started))
    }

    /// The feed told re-reads apart by their number: a read logged later, before the others,
    /// renumbered every entry, and a feed reader showed them again. Found by an exploratory
    /// session. An entry's id is the day its read ended.
    @Test func aReadLoggedLaterLeavesTheFeedsIdsAsTheyWere() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(
                title: "Kindred", authors: ["Octavia E. Butler"], status: .read, finishedDate: try date("2019-02-01")))
        try library.addRead(
            toBook: "kindred", ReadRecord(started: try date("2021-06-01"), finished: try date("2021-06-20")))
        var settings = SiteSettings()
        settings.baseURL = URL(string: "https://example.org/")
        func ids() throws -> [String] {
            try shelf.build(settings: settings)
            let feed = try shelf.siteFile("feed.xml")
            return feed.components(separatedBy: "<id>").dropFirst(2).map { String($0.prefix { $0 != "<" }) }
        }
        let before = try ids()
        #expect(
            before == [
                "https://example.org/books/kindred/#read-2021-06-20",
                "https://example.org/books/kindred/#read-2019-02-01",
            ])
        try library.addRead(
            toBook: "kindred", ReadRecord(started: try date("2015-01-01"), finished: try date("2015-02-01")))
        let after = try ids()
        #expect(Array(after.prefix(2)) == before)
        #expect(after.last == "https://example.org/books/kindred/#read-2015-02-01")
    }

    /// A book's entry in the feed cut its description at 400 characters, mid-word and with no
    /// ellipsis, and wrote "Rated 4 out of 5. " with a space at its end for a book with no
    /// description (found by an exploratory session). It is cut after a word, as the page's is.
    @Test func aFeedEntrysSummaryIsCutAfterAWordAndEndsWithNoSpace() throws {
        let shelf = try TemporaryShelf()
        let long = String(repeating: "Desert planet spice ", count: 30)
        try shelf.library.addBook(
            NewBook(
                title: "Dune", authors: ["Frank Herbert"], description: HTMLAllowList.sanitize(long), status: .read,
                rating: try Rating(4), finishedDate: try date("2024-03-15")))
        try shelf.library.addBook(
            NewBook(
                title: "Kindred", authors: ["Octavia E. Butler"], status: .read, rating: try Rating(5),
                finishedDate: try date("2019-02-01")))
        var settings = SiteSettings()
        settings.baseURL = URL(string: "https://example.org/")
        try shelf.build(settings: settings)
        let feed = try shelf.siteFile("feed.xml")
        let summaries = feed.components(separatedBy: "<summary>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(summaries.count == 2, "\(feed)")
        #expect(summaries.first?.hasPrefix("Rated 4 out of 5. Desert planet spice") == true, "\(feed)")
        #expect(summaries.first?.hasSuffix(" spice…") == true, "\(summaries)")
        #expect(summaries.first.map { $0.count <= "Rated 4 out of 5. ".count + 400 } == true)
        #expect(summaries.last == "Rated 5 out of 5.", "\(summaries)")
    }

    /// A read finished on a day of the 1582 Gregorian gap (`--finished 1582-10-10`, which `read`
    /// and `add` take) was fed as 1582-10-20: the feed made the day a moment on Foundation's
    /// Gregorian calendar, which is Julian before 15 October 1582, and wrote it back on the
    /// proleptic one (found by an exploratory session). Every day is the day stored.
    @Test func aReadFinishedBeforeTheGregorianReformIsFedOnItsDay() throws {
        let shelf = try TemporaryShelf()
        for (slug, finished) in [("essais", "1582-10-10"), ("confessions", "0500-02-28"), ("kindred", "2019-02-01")] {
            try shelf.library.addBook(
                NewBook(title: slug, authors: ["A B"], status: .read, finishedDate: try date(finished)))
        }
        var settings = SiteSettings()
        settings.baseURL = URL(string: "https://example.org/")
        try shelf.build(settings: settings)
        let feed = try shelf.siteFile("feed.xml")
        for (slug, finished) in [("essais", "1582-10-10"), ("confessions", "0500-02-28"), ("kindred", "2019-02-01")] {
            #expect(feed.contains("<id>https://example.org/books/\(slug)/#read-\(finished)</id>"), "\(slug)")
            #expect(feed.contains("<updated>\(finished)T00:00:00Z</updated>"), "\(slug)")
        }
    }

    /// The feed's first read of a book had the page's address as its id and later reads
    /// `#read-<day>`: an older read logged later took the first read's id and gave that read a
    /// new one, and a book's "Added" and "Finished" entries shared the address, so feed readers
    /// updated the old entry in place and never showed the book finished. Found by an exploratory
    /// session. Each finished read's id is its own day's, a book added has its page's address,
    /// and no step of a shelf's life gives an entry already in the feed another id.
    @Test func noStepOfAShelfsLifeGivesAFeedEntryAnotherID() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        var settings = SiteSettings()
        settings.baseURL = URL(string: "https://example.org/")
        // The feed's entries: each one's date and title by its id.
        func entries() throws -> [String: [String]] {
            try shelf.build(settings: settings)
            let feed = try shelf.siteFile("feed.xml")
            let pairs = feed.components(separatedBy: "<entry>").dropFirst().map { entry in
                let field = { (name: String) in
                    String(entry.components(separatedBy: "<\(name)>")[1].prefix { $0 != "<" })
                }
                return (field("id"), [field("updated"), field("title")])
            }
            return Dictionary(pairs) { first, _ in first }
        }
        let page = "https://example.org/books/kindred/"
        try library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"], status: .toRead))
        var feed = try entries()
        #expect(feed.mapValues(\.last) == [page: "Added: Kindred by Octavia E. Butler"])

        // Finished: an entry of its own, not the added one's with a new title.
        try library.editBook(slug: "kindred", BookEdit(status: .read, finishedDate: .some(try date("2024-06-01"))))
        var before = feed
        feed = try entries()
        #expect(
            feed == [page + "#read-2024-06-01": ["2024-06-01T00:00:00Z", "Finished: Kindred by Octavia E. Butler"]])
        #expect(Set(feed.keys).isDisjoint(with: before.keys))

        // An older read, another book and a later read: every entry in the feed keeps its id (its
        // title may say "Finished again" once an older read is logged).
        let steps: [() throws -> Void] = [
            {
                try library.addRead(
                    toBook: "kindred", ReadRecord(started: try date("2001-03-01"), finished: try date("2001-04-01")))
            },
            {
                try library.addBook(
                    NewBook(
                        title: "Fledgling", authors: ["Octavia E. Butler"], status: .read,
                        finishedDate: try date("2025-01-10")))
            },
            { try library.addRead(toBook: "kindred", ReadRecord(finished: try date("1999"))) },
            { try library.addRead(toBook: "kindred", ReadRecord(finished: try date("2026-02-02"))) },
        ]
        for step in steps {
            before = feed
            try step()
            feed = try entries()
            #expect(before.allSatisfy { id, entry in feed[id]?.first == entry.first })
        }
        #expect(feed[page + "#read-2001-04-01"]?.first == "2001-04-01T00:00:00Z")
        #expect(feed[page + "#read-1999-01-01"]?.first == "1999-01-01T00:00:00Z")
        #expect(feed[page] == nil && feed.count == 5)
    }

    /// The latest read's dates cleared, `edit --status read` on the book (read already) wrote the
    /// book's dates, none, over the other read's. Found by an exploratory session.
    @Test func aStatusTheBookHasChangesNoRead() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(
                title: "K", authors: ["A"], status: .read, startedDate: try date("2024-03-01"),
                finishedDate: try date("2024-03-10")))
        try library.addRead(toBook: "k", ReadRecord(started: try date("2024-11-01"), finished: try date("2024-11-15")))
        // (Cleared with `read edit`: `edit` refuses to leave the latest read with no date.)
        try library.editRead(ofBook: "k", number: 2, ReadEdit(started: .some(nil), finished: .some(nil)))
        let before = try library.reads(ofBook: "k")
        #expect(before.contains(ReadRecord(started: try date("2024-03-01"), finished: try date("2024-03-10"))))
        try library.editBook(slug: "k", BookEdit(status: .read))
        #expect(try library.reads(ofBook: "k") == before)
    }

    @Test func aFilesReadsAreTakenInNeverInPlaceOfTheLibrarys() throws {
        let early = ReadRecord(started: try date("2019-01-05"), finished: try date("2019-02-01"))
        let going = ReadRecord(started: try date("2024-11-01"), outcome: .reading)
        // The same start: the file's end finishes the read going on.
        #expect(
            ReadRecord.merging(
                [ReadRecord(started: try date("2024-11-01"), finished: try date("2024-11-09"))], into: [going])
                == [ReadRecord(started: try date("2024-11-01"), finished: try date("2024-11-09"))])
        // An end after the start of a read going on ends it; an end before its start does not.
        #expect(
            ReadRecord.merging([ReadRecord(finished: try date("2024-10-01"))], into: [going])
                == [going, ReadRecord(finished: try date("2024-10-01"))])
        // An end known only to the year ends a read begun within it (found by a review).
        let goingSinceMarch = ReadRecord(started: try date("2020-03"), outcome: .reading)
        #expect(
            ReadRecord.merging([ReadRecord(finished: try date("2020"))], into: [goingSinceMarch])
                == [ReadRecord(started: try date("2020-03"), finished: try date("2020"))])
        // An undated read of the library takes the file's dates; the file's undated reads are the
        // library's dated ones.
        #expect(
            ReadRecord.merging([ReadRecord(), ReadRecord(finished: try date("2021"))], into: [early, ReadRecord()])
                == [early, ReadRecord(finished: try date("2021"))])
        // More reads in the file than in the library: the rest come after.
        #expect(
            ReadRecord.merging([ReadRecord(), ReadRecord(), ReadRecord()], into: [early])
                == [early, ReadRecord(), ReadRecord()])
        // A file with fewer reads takes none away.
        #expect(
            ReadRecord.merging([ReadRecord(finished: try date("2019-02-01"))], into: [early, going]) == [early, going])
        // A start that would fall after the end it is given is not taken.
        let ended = ReadRecord(finished: try date("2020-01-01"))
        #expect(
            ReadRecord.merging(
                [ReadRecord(started: try date("2020-02-01"), finished: try date("2020-01-01"))], into: [ended])
                == [ended])
    }

    @Test func bookplatesExportsGiveEveryReadBack() throws {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(title: "Dune", authors: ["Frank Herbert"], status: .read, finishedDate: try date("2019")))
        try library.addRead(toBook: "dune", ReadRecord())
        try library.addRead(
            toBook: "dune",
            ReadRecord(started: try date("2021-01-02"), finished: try date("2021-02"), outcome: .setAside))
        try library.addRead(toBook: "dune", ReadRecord(started: try date("2025-11-30"), outcome: .reading))
        let exporter = LibraryExporter(library: library, notes: NoteStore(folder: shelf.paths.notes))
        let json = try exporter.json()
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"bookplate\" : 4") && text.contains("\"outcome\" : \"set-aside\""))
        let csv = String(decoding: try exporter.goodreadsCSV(), as: UTF8.self)
        // Goodreads' one date is the last finished read's; the set-aside read is in neither.
        #expect(csv.contains(",2019,") && csv.hasSuffix(",2,0,\"2019, 2025/11/30-\",,\r\n"))

        for (name, data, source) in [("export.json", json, ImportSource.bookplate)] {
            let fresh = try TemporaryShelf()
            let file = try TestPaths.temporaryFolder("reads-export").appendingPathComponent(name)
            try data.write(to: file)
            _ = try fresh.importer
                .run(file: file, as: source)
            #expect(
                try fresh.library.findBook(matching: "dune").reads == (try library.findBook(matching: "dune").reads))
        }

        // An export from before reads: its count and dates become reads.
        let older = """
            {"bookplate": 2, "authors": [], "books": [{"slug": "emma", "title": "Emma", "authors": ["Jane Austen"],
             "subjects": [], "status": "read", "finished": "2022-02-02", "shelves": [], "added": "2020-01-01T00:00:00Z",
             "readCount": 2}, {"slug": "dawn", "title": "Dawn", "authors": [], "subjects": [], "status": "read",
             "shelves": [], "added": "2020-01-01T00:00:00Z", "reads": [{"started": "2024-05-01",
             "finished": "2024-03-01", "outcome": "finished"}, {"outcome": "skimmed"}]}]}
            """
        let file = try TestPaths.temporaryFolder("reads-export").appendingPathComponent("older.json")
        try Data(older.utf8).write(to: file)
        let fresh = try TemporaryShelf()
        let report = try fresh.importer
            .run(file: file, as: .bookplate)
        #expect(
            try fresh.library.findBook(matching: "emma").reads == [
                ReadRecord(), ReadRecord(finished: try date("2022-02-02")),
            ])
        #expect(
            try fresh.library.findBook(matching: "dawn").reads == [
                ReadRecord(), ReadRecord(finished: try date("2024-03-01")),
            ])
        #expect(
            report.summary.warnings.map(\.message) == [
                "read 1 ends before it begins: imported without the start",
                "read 2 ended 'skimmed', which is unknown: imported as finished",
            ])
    }
}

/// Issue 14's "done when": a Goodreads and a StoryGraph export with re-reads, series in every
/// title form, quarter ratings, formats, a bad date and bad bytes come in with nothing dropped,
/// the pages show it, and the exports give it all back byte for byte.
@Suite struct WholeReadingLifeTests {
    @Test func bothExportsComeInWholeShowOnTheSiteAndGoBackOutUnchanged() throws {
        let shelf = try TemporaryShelf()
        let notes = NoteStore(folder: shelf.paths.notes)
        let goodreads = try ShelfImport(library: shelf.library, notes: notes)
            .run(file: TestPaths.fixtures.appendingPathComponent("imports/goodreads-quirks.csv"), as: .goodreads)
        let storygraph = try ShelfImport(library: shelf.library, notes: notes)
            .run(file: TestPaths.fixtures.appendingPathComponent("imports/storygraph.csv"), as: .storygraph)
        // Only the row without a title is skipped.
        #expect(goodreads.summary.skipped.map(\.reason) == ["no title"] && storygraph.summary.skipped.isEmpty)
        #expect(try shelf.library.books().count == 11)

        let home = try shelf.library.findBook(matching: "binti-home")
        #expect(home.timesRead == 3 && home.book.format == .audiobook && home.book.owned == true)
        #expect(
            home.series.map { "\($0.series.name) #\($0.position?.text ?? "")" } == ["Binti #2", "Africanfuturism #7"])
        let binti = try shelf.library.findBook(matching: "binti")
        #expect(binti.book.title == "Binti" && binti.book.rating?.text == "3.75" && binti.timesRead == 2)
        #expect(binti.reads.compactMap(\.finished).map(\.description) == ["2019-03-05", "2022-08-03"])

        try shelf.build()
        let page = try shelf.siteFile("books/binti/index.html")
        #expect(page.contains("Read 2 times: 2019, 2022") && page.contains("Rated 3.75 out of 5"))
        #expect(page.contains("<div><dt>Format</dt><dd>Audiobook</dd></div>"))
        let series = try shelf.siteFile("series/binti/index.html")
        #expect(
            series.contains("#1 · Read") && series.contains("#2 · Read") && series.contains("2 books · 2 of 2 read"))
        #expect(try shelf.siteFile("series/africanfuturism/index.html").contains("#1–#6 are not on your shelf"))
        let stats = try shelf.siteFile("stats/index.html")
        #expect(stats.contains("<th scope=\"row\"><a href=\"2022/index.html\">2022</a></th><td>1</td><td>1</td>"))

        try ExportRoundTrip.expectSameBytes(from: shelf)
    }
}
