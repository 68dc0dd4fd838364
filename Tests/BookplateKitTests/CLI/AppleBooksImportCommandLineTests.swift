import Foundation
import GRDB
import Testing

@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary

/// `bookplate import apple-books`, through the built binary, on Apple Books' two stores made from
/// their SQL (Fixtures/apple-books/README.md: built from the documented schema, not copied from a
/// Mac) in a temporary `Documents` folder laid out as Apple Books keeps it, then a real build.
@Suite struct AppleBooksImportCommandLineTests: ImportCommandLineTesting {
    let root: URL
    let documents: URL
    let bookplate: CommandRunner

    static let libraryName = "BKLibrary/BKLibrary-1-091020131601.sqlite"
    static let annotationsName = "AEAnnotation/AEAnnotation_v10312011_1727_local.sqlite"

    init() throws {
        root = try TestPaths.newShelf("apple-books-import")
        bookplate = CommandRunner(folder: root)
        documents = try Self.makeDocuments()
    }

    /// A `Documents` folder holding both stores, made from the fixture's SQL.
    static func makeDocuments() throws -> URL {
        let folder = try TestPaths.temporaryFolder("apple-books").appendingPathComponent("Documents")
        for (name, sql) in [(libraryName, "BKLibrary.sql"), (annotationsName, "AEAnnotation.sql")] {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text = try String(
                contentsOf: TestPaths.fixtures.appendingPathComponent("apple-books/\(sql)"), encoding: .utf8)
            let queue = try DatabaseQueue(path: url.path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: text) }
            try queue.close()
        }
        return folder
    }

    var library: URL { documents.appendingPathComponent(Self.libraryName) }
    var annotations: URL { documents.appendingPathComponent(Self.annotationsName) }

    /// Runs `sql` on a store, as Apple Books would change it.
    func change(_ store: URL, _ sql: String) throws {
        let queue = try DatabaseQueue(path: store.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
        try queue.close()
    }

    @Test func booksAndHighlightsComeInOnceWithTheirStatusAndTheStoresAreNeverChanged() async throws {
        let before = try TemporaryShelf.snapshot(of: documents)
        let dry = try await run("import", "apple-books", documents.path, "--dry-run")
        #expect(dry.stdout.contains("Would import 5 books from Apple Books: 5 new"), "\(dry.stdout)")
        #expect(dry.stdout.contains("6 highlights: 6 new"), "\(dry.stdout)")
        #expect(dry.stdout.contains("Would leave out 1 sample and 1 PDF (with 1 highlight)"), "\(dry.stdout)")
        #expect(dry.stdout.contains("BOOK") && dry.stdout.contains("the-left-hand-of-darkness"))
        #expect(try await run("list", "--json").stdout.contains("the-left-hand-of-darkness") == false)

        let imported = try json(try await run("import", "apple-books", documents.path, "--json").stdout)
        #expect(imported["source"] as? String == "apple-books")
        let books = try #require(imported["books"] as? [String: Any])
        #expect((books["added"] as? [String])?.count == 5, "\(books)")
        #expect((books["skipped"] as? [[String: Any]])?.map { $0["line"] as? Int } == [8])
        let bookWarnings = (books["warnings"] as? [[String: Any]]) ?? []
        for column in ["ZLANGUAGE 'zz-!!'", "ZDATEFINISHED 'yesterday'", "ZREADINGPROGRESS 'lots'", "ZCREATIONDATE"] {
            #expect(
                bookWarnings.contains {
                    $0["line"] as? Int == 7 && ($0["message"] as? String)?.contains(column) == true
                },
                "\(column): \(bookWarnings)")
        }
        let highlights = try #require(imported["highlights"] as? [String: Any])
        #expect(highlights["added"] as? Int == 6, "\(highlights)")
        let skipped = (highlights["skipped"] as? [[String: Any]]) ?? []
        #expect(skipped.map { $0["line"] as? Int } == [7, 11], "\(skipped)")
        #expect(
            (skipped.first?["reason"] as? String) == "\"The Left Hand of Darkness\": a note with no highlighted passage"
        )
        let highlightWarnings = (highlights["warnings"] as? [[String: Any]]) ?? []
        #expect(
            highlightWarnings.contains {
                $0["line"] as? Int == 9 && ($0["message"] as? String)?.hasPrefix("\"Good Omens\": its location") == true
            }, "\(highlightWarnings)")
        #expect(imported["samplesLeftOut"] as? [String] == ["Snow Crash"])
        #expect(imported["pdfsLeftOut"] as? [String] == ["Manual_Coffee_Machine"])
        #expect(imported["highlightsLeftOut"] as? Int == 1)
        // The stores are as they were: no journal, no write-ahead log, the same bytes.
        #expect(try TemporaryShelf.snapshot(of: documents) == before)

        let left = try await run("show", "the-left-hand-of-darkness").stdout
        for fact in ["Ursula K. Le Guin", "read", "2025-08-02", "ebook", "en"] {
            #expect(left.contains(fact), "\(fact) in \(left)")
        }
        let omens = try await run("show", "good-omens").stdout
        for fact in ["Terry Pratchett, Neil Gaiman", "reading", "en-GB"] {
            #expect(omens.contains(fact), "\(fact) in \(omens)")
        }
        let rest = try await run("show", "rest-in-practice").stdout
        #expect(rest.contains("Jim Webber, Savas Parastatidis, Ian Robinson") && rest.contains("to-read"), "\(rest)")
        let piranesi = try await run("show", "piranesi").stdout
        #expect(piranesi.contains("audiobook") && piranesi.contains("reading"), "\(piranesi)")
        let list = try await run("list").stdout
        #expect(!list.contains("Snow Crash") && !list.contains("Manual_Coffee_Machine"), "\(list)")

        // Again: nothing twice.
        let again = try await run("import", "apple-books", documents.path).stdout
        #expect(again.contains("0 new, 0 updated, 5 unchanged, 1 skipped; 6 highlights: 0 new, 0 updated, 6 unchanged"))

        // A note edited in Apple Books updates; a highlight removed here stays removed.
        try change(annotations, "UPDATE ZAEANNOTATION SET ZANNOTATIONNOTE = 'Said better now.' WHERE Z_PK = 1")
        let edited = try await run("import", "apple-books", documents.path).stdout
        #expect(edited.contains("6 highlights: 0 new, 1 updated, 5 unchanged"), "\(edited)")
        let quotes = try await run("quote", "list", "the-left-hand-of-darkness").stdout
        #expect(quotes.contains("Said better now.") && !quotes.contains("The whole book in a line."), "\(quotes)")
        // Apple Books' location is an order, no place to turn to: never shown.
        #expect(!quotes.contains("loc."), "\(quotes)")
        let gone = Highlight.id(slug: "the-left-hand-of-darkness", text: "Light is the left hand of darkness")
        #expect(quotes.contains(gone), "\(quotes)")
        try await run("quote", "remove", gone, "--yes")
        let removed = try await run("import", "apple-books", documents.path).stdout
        #expect(removed.contains("5 highlights: 0 new, 0 updated, 5 unchanged, 1 left out as removed"), "\(removed)")

        // A book removed here stays out, with its highlights.
        try await run("remove", "good-omens", "--yes")
        let without = try await run("import", "apple-books", documents.path).stdout
        #expect(without.contains("0 new, 0 updated, 4 unchanged, 1 skipped; 3 highlights"), "\(without)")
        #expect(without.contains("Left out good-omens (with 2 highlights), which you removed"), "\(without)")
        try await run("restore", "good-omens")

        try await run("build")
        let book = try page("books/the-left-hand-of-darkness/index.html")
        #expect(!book.contains("loc. "), "the CFI's order shown")
        let evilSlug = try #require(
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("site/books").path)
                .first { $0.contains("hostile") })
        let evil = try page("books/\(evilSlug)/index.html")
        for injected in ["<script>alert", "<img src=x", "\u{1B}", "\u{07}"] {
            #expect(!evil.contains(injected), "\(injected) on the page")
            #expect(!(try page("books/good-omens/index.html")).contains(injected), "\(injected) on the page")
        }
        try await expectSameAsAFullBuild()
    }

    /// The highlights of a book are in the book's order, which the CFI gives: not the order they
    /// were made in (1, 3, 2), nor the CFIs' as text (`/6/20` before `/6/8`).
    @Test func highlightsAreInTheBooksOrder() async throws {
        try await run("import", "apple-books", documents.path)
        try await run("build")
        let book = try page("books/the-left-hand-of-darkness/index.html")
        let places = [
            "permanent, intolerable uncertainty", "which questions are unanswerable", "Light is the left hand",
        ]
        .map { book.range(of: $0)?.lowerBound }
        let found = places.compactMap { $0 }
        #expect(found.count == 3 && found == found.sorted(), "\(places)")
    }

    /// Two copies of one title by one author (an edition bought after a free one): two books,
    /// each with its own highlights, as their asset ids say, not one title two books could be.
    @Test func eachHighlightGoesOnItsOwnAssetsBook() async throws {
        try change(
            library,
            """
            INSERT INTO ZBKLIBRARYASSET (Z_PK, ZASSETID, ZTITLE, ZAUTHOR, ZISFINISHED, ZREADINGPROGRESS)
                VALUES (9, 'SECONDCOPY', 'Good Omens', 'Terry Pratchett & Neil Gaiman', 1, 1.0)
            """)
        try change(
            annotations,
            """
            INSERT INTO ZAEANNOTATION (Z_PK, ZANNOTATIONDELETED, ZANNOTATIONASSETID, ZANNOTATIONSELECTEDTEXT)
                VALUES (13, 0, 'SECONDCOPY', 'Read in the second copy.')
            """)
        let imported = try json(try await run("import", "apple-books", documents.path, "--json").stdout)
        let books = try #require(imported["books"] as? [String: Any])
        let added = (books["added"] as? [String]) ?? []
        #expect(added.count == 6, "\(added)")
        let highlights = try #require(imported["highlights"] as? [String: Any])
        #expect(highlights["added"] as? Int == 7, "\(highlights)")
        #expect((highlights["unmatched"] as? [Any])?.isEmpty == true, "\(highlights)")
        let second = try #require(added.first { $0.hasPrefix("good-omens") && $0 != "good-omens" })
        let quotes = try await run("quote", "list", second).stdout
        #expect(quotes.contains("Read in the second copy.") && !quotes.contains("Ineffable"), "\(quotes)")
        #expect(!(try await run("quote", "list", "good-omens").stdout).contains("second copy"))
    }

    /// A sample the reader then bought, its row still there beside the book's with the same
    /// asset id (as a row skipped for no title may be): the highlights made in it go on the book.
    /// They were left out with the sample (found by a review).
    @Test func theHighlightsOfAnAssetThatIsABookToo() async throws {
        try change(
            library,
            """
            INSERT INTO ZBKLIBRARYASSET (Z_PK, ZASSETID, ZTITLE, ZAUTHOR, ZREADINGPROGRESS)
                VALUES (9, '377523453', 'Snow Crash', 'Neal Stephenson', 0.3),
                    (10, 'A1B2C3D4E5F60718293A4B5C6D7E8F90', NULL, NULL, 0);
            """)
        let imported = try await run("import", "apple-books", documents.path).stdout
        #expect(imported.contains("6 books from Apple Books: 6 new"), "\(imported)")
        #expect(imported.contains("7 highlights: 7 new"), "\(imported)")
        #expect(imported.contains("Left out 1 sample and 1 PDF: a sample"), "\(imported)")
        #expect(try await run("quote", "list", "snow-crash").stdout.contains("The Deliverator"))
        let leGuin = try await run("quote", "list", "the-left-hand-of-darkness").stdout
        #expect(leGuin.contains("Light is the left hand of darkness"), "\(leGuin)")
    }

    /// The annotation store open as Apple Books keeps it while it runs, a highlight ("Written just
    /// now.") in its write-ahead log and not yet in the store; for the caller to close.
    func storeWritingAHighlight() async throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.journalMode = .wal
        let live = try DatabaseQueue(path: annotations.path, configuration: configuration)
        try await live.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(
                sql: """
                    INSERT INTO ZAEANNOTATION (Z_PK, ZANNOTATIONDELETED, ZANNOTATIONASSETID, ZANNOTATIONLOCATION,
                        ZANNOTATIONSELECTEDTEXT, ZANNOTATIONCREATIONDATE)
                    VALUES (13, 0, '1008523221', 'epubcfi(/6/8!/4/2/1:0)', 'Written just now.', 775828800)
                    """)
        }
        return live
    }

    /// Apple Books running keeps new rows in the write-ahead log beside its store: they are read
    /// from a copy, and neither file changes.
    @Test func whatTheLiveStoreHoldsInItsWriteAheadLogIsRead() async throws {
        let live = try await storeWritingAHighlight()
        let wal = annotations.path + "-wal"
        #expect(FileManager.default.fileExists(atPath: wal))
        let before = try TemporaryShelf.snapshot(of: documents)
        let imported = try await run("import", "apple-books", documents.path).stdout
        #expect(imported.contains("7 highlights: 7 new"), "\(imported)")
        #expect(try await run("quote", "list", "good-omens").stdout.contains("Written just now."))
        #expect(try TemporaryShelf.snapshot(of: documents) == before)
        try live.close()
    }

    /// A store, or its write-ahead log, that is a link (a `Documents` folder put together from
    /// links, or a link to the live store): the file it leads to is read, and never changed. A
    /// store that was a link was read in place: SQLite wrote its log into it and removed the log,
    /// `--dry-run` too; a log that was a link failed the import (found by a review).
    @Test func aStoreOrItsLogThatIsALinkIsReadAndWhatItLeadsToNeverChanged() async throws {
        let elsewhere = try TestPaths.temporaryFolder("apple-books-elsewhere")
        let real = elsewhere.appendingPathComponent("AEAnnotation_1.sqlite")
        let live = try await storeWritingAHighlight()
        // The live store as Apple Books leaves it, what it wrote still in its log, elsewhere.
        try FileManager.default.copyItem(at: annotations, to: real)
        try FileManager.default.copyItem(atPath: annotations.path + "-wal", toPath: real.path + "-wal")
        try live.close()
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: annotations.path + suffix) {
            try FileManager.default.removeItem(atPath: annotations.path + suffix)
        }
        try FileManager.default.createSymbolicLink(at: annotations, withDestinationURL: real)
        let before = try TemporaryShelf.snapshot(of: elsewhere)
        #expect(before.keys.sorted() == ["AEAnnotation_1.sqlite", "AEAnnotation_1.sqlite-wal"])
        let dry = try await run("import", "apple-books", documents.path, "--dry-run").stdout
        #expect(dry.contains("7 highlights: 7 new"), "\(dry)")
        #expect(try TemporaryShelf.snapshot(of: elsewhere) == before)
        let imported = try await run("import", "apple-books", documents.path).stdout
        #expect(imported.contains("7 highlights: 7 new"), "\(imported)")
        #expect(try await run("quote", "list", "good-omens").stdout.contains("Written just now."))
        #expect(try TemporaryShelf.snapshot(of: elsewhere) == before)

        // The store in its place, its log a link to the log elsewhere.
        try FileManager.default.removeItem(at: annotations)
        try FileManager.default.copyItem(at: real, to: annotations)
        try FileManager.default.createSymbolicLink(
            atPath: annotations.path + "-wal", withDestinationPath: real.path + "-wal")
        let again = try await run("import", "apple-books", documents.path).stdout
        #expect(again.contains("7 highlights: 0 new, 0 updated, 7 unchanged"), "\(again)")
        #expect(try TemporaryShelf.snapshot(of: elsewhere) == before)

        // A link that leads nowhere is one line, and makes nothing where it leads: SQLite made an
        // empty database there.
        for suffix in ["", "-wal"] { try FileManager.default.removeItem(atPath: annotations.path + suffix) }
        let nowhere = elsewhere.appendingPathComponent("gone.sqlite")
        try FileManager.default.createSymbolicLink(at: annotations, withDestinationURL: nowhere)
        let dangling = try await run("import", "apple-books", documents.path, status: 1)
        #expect(dangling.stderr.contains("there is no file"), "\(dangling.stderr)")
        #expect(dangling.stderr.split(separator: "\n").count == 1, "\(dangling.stderr)")
        #expect(!FileManager.default.fileExists(atPath: nowhere.path))
    }

    /// A crafted library store whose rows share a `Z_PK` (a table without its key), or have one
    /// past what Core Data gives: each row is a book of its own number, and its highlights go on
    /// it. Two rows of one number were one book to the highlights, which went on the other's book
    /// (found by a review).
    @Test func rowsOfOneNumberKeepTheirOwnHighlights() async throws {
        try change(
            library,
            """
            CREATE TABLE KEYLESS AS SELECT * FROM ZBKLIBRARYASSET;
            DROP TABLE ZBKLIBRARYASSET;
            ALTER TABLE KEYLESS RENAME TO ZBKLIBRARYASSET;
            UPDATE ZBKLIBRARYASSET SET Z_PK = 7 WHERE Z_PK = 3;
            UPDATE ZBKLIBRARYASSET SET Z_PK = 5000000000 WHERE Z_PK = 6;
            DELETE FROM ZBKLIBRARYASSET WHERE Z_PK = 8;
            """)
        try change(
            annotations,
            """
            INSERT INTO ZAEANNOTATION (Z_PK, ZANNOTATIONDELETED, ZANNOTATIONASSETID, ZANNOTATIONSELECTEDTEXT)
                VALUES (30, 0, '394582013', 'A passage of REST in Practice'),
                    (31, 0, '1540392212', 'A passage of Piranesi');
            """)
        let imported = try await run("import", "apple-books", documents.path).stdout
        #expect(imported.contains("5 books from Apple Books: 5 new"), "\(imported)")
        let rest = try await run("quote", "list", "rest-in-practice").stdout
        #expect(rest.contains("A passage of REST in Practice") && !rest.contains("Evil"), "\(rest)")
        let hostile = try await run("quote", "list", "script-alert-1-script-hostile-red").stdout
        #expect(hostile.contains("Evil") && !hostile.contains("REST in Practice"), "\(hostile)")
        let piranesi = try await run("quote", "list", "piranesi").stdout
        #expect(piranesi.contains("A passage of Piranesi"), "\(piranesi)")
    }

    @Test func whatIsNoAppleBooksDataFailsInOneLine() async throws {
        func fails(_ arguments: String..., saying words: String, sourceLocation: SourceLocation = #_sourceLocation)
            async throws
        {
            let result = try await bookplate.expecting(
                1, ["import", "apple-books"] + arguments, sourceLocation: sourceLocation)
            #expect(result.stderr.contains(words), "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(
                result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        }
        let empty = try TestPaths.temporaryFolder("no-apple-books")
        try await fails(empty.path, saying: "is not Apple Books' data (it holds no BKLibrary/BKLibrary*.sqlite)")
        try await fails(empty.appendingPathComponent("none").path, saying: "there is no file")
        let half = empty.appendingPathComponent("Documents/BKLibrary")
        try FileManager.default.createDirectory(at: half, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: library, to: half.appendingPathComponent("BKLibrary-1.sqlite"))
        try await fails(
            half.deletingLastPathComponent().path, saying: "(it holds no AEAnnotation/AEAnnotation*.sqlite)")
        try await fails(
            half.appendingPathComponent("BKLibrary-1.sqlite").path,
            saying: "no AEAnnotation folder beside its folder: give the annotation store with --annotations")
        // The two stores the wrong way round.
        try await fails(
            annotations.path, "--annotations", library.path,
            saying: "is not Apple Books' data (it has no ZBKLIBRARYASSET table")
        try await fails(
            library.path, "--annotations", library.path, saying: "(it has no ZAEANNOTATION table")
        let text = empty.appendingPathComponent("text.sqlite")
        try Data("not a database at all, but long enough to be looked at".utf8).write(to: text)
        try await fails(library.path, "--annotations", text.path, saying: "(it is not an SQLite database)")
        let nothing = empty.appendingPathComponent("empty.sqlite")
        try Data().write(to: nothing)
        try await fails(nothing.path, "--annotations", annotations.path, saying: "(it is empty)")
        try await fails(
            documents.path, "--annotations", annotations.path, saying: "--annotations goes with the library store")
        // Apple Books in the middle of a write.
        try Data("journal".utf8).write(to: URL(fileURLWithPath: library.path + "-journal"))
        try await fails(documents.path, saying: "is in the middle of a write by Apple Books: quit Apple Books")
        try FileManager.default.removeItem(atPath: library.path + "-journal")
        let kindle = try await run("import", "kindle", "x.txt", "--annotations", annotations.path, status: 64)
        #expect(kindle.stderr.contains("--annotations is for apple-books"), "\(kindle.stderr)")

        // Every book skipped, no highlight: nothing imported is a failure too, after the books it
        // names, as for a reading log.
        try change(library, "UPDATE ZBKLIBRARYASSET SET ZTITLE = NULL")
        let none = try await run("import", "apple-books", documents.path, status: 1)
        #expect(none.stderr.contains("skipped book 1: asset A1B2C3D4E5F60718293A4B5C6D7E8F90: no title"))
        #expect(
            none.stderr.split(separator: "\n").last?.contains("nothing was imported from") == true,
            "\(none.stderr)")
    }

    /// A hostile store: a value of a gigabyte, bytes that are not UTF-8, escape codes: one line, or
    /// the rest imported with a warning, and nothing reaches the terminal.
    @Test func aHostileStoreIsOneLineOrWarnedOfAndReachesNoTerminal() async throws {
        try change(
            annotations,
            """
            INSERT INTO ZAEANNOTATION (Z_PK, ZANNOTATIONDELETED, ZANNOTATIONASSETID, ZANNOTATIONSELECTEDTEXT,
                ZANNOTATIONNOTE, ZANNOTATIONCREATIONDATE)
            VALUES (20, 0, '1008523221', X'4E6F7420C3A9FF2074657874', X'1B5B324A', 1e300)
            """)
        let result = try await run("import", "apple-books", documents.path)
        #expect(result.stdout.contains("7 highlights: 7 new"), "\(result.stdout)")
        #expect(result.stderr.contains("annotation 20: \"Good Omens\": bytes that are not UTF-8"), "\(result.stderr)")
        #expect(result.stderr.contains("annotation 20: \"Good Omens\": ZANNOTATIONCREATIONDATE"), "\(result.stderr)")
        for output in [result.stdout, result.stderr] {
            #expect(!output.contains("\u{1B}") && !output.contains("\u{07}"), "\(output.debugDescription)")
        }

        // A note computed as a gigabyte string from a few bytes: SQLite refuses to build it.
        let hostile = try TestPaths.temporaryFolder("hostile").appendingPathComponent("AEAnnotation_1.sqlite")
        try change(
            hostile,
            """
            CREATE TABLE ZAEANNOTATION (Z_PK INTEGER PRIMARY KEY, ZANNOTATIONASSETID VARCHAR, ZSIZE INTEGER,
                ZANNOTATIONSELECTEDTEXT VARCHAR, ZANNOTATIONNOTE VARCHAR GENERATED ALWAYS AS (hex(zeroblob(ZSIZE))) VIRTUAL);
            INSERT INTO ZAEANNOTATION (Z_PK, ZANNOTATIONASSETID, ZSIZE, ZANNOTATIONSELECTEDTEXT)
                VALUES (1, '1008523221', 1, 'A passage');
            """)
        try change(
            hostile,
            """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, 'zeroblob(ZSIZE)', 'zeroblob(ZSIZE * 400000000)')
                WHERE name = 'ZAEANNOTATION';
            PRAGMA writable_schema = OFF;
            """)
        let huge = try await run("import", "apple-books", library.path, "--annotations", hostile.path, status: 1)
        #expect(huge.stderr.split(separator: "\n").count == 1, "\(huge.stderr)")
        #expect(huge.stderr.contains("string or blob too big"), "\(huge.stderr)")
    }
}
