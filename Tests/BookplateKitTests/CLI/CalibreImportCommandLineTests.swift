import Foundation
import GRDB
import Testing

@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary

/// `bookplate import calibre`, through the built binary, on a real Calibre library (made with
/// calibre 6.13: Fixtures/calibre/README.md), loaded from its SQL dump into a temporary folder
/// beside its covers, then a real build of the shelf it made.
@Suite struct CalibreImportCommandLineTests: ImportCommandLineTesting {
    let root: URL
    let calibre: URL
    let bookplate: CommandRunner

    init() throws {
        root = try TestPaths.newShelf("calibre-import")
        bookplate = CommandRunner(folder: root)
        calibre = try Self.makeLibrary()
    }

    /// A copy of the fixture library: its covers, and a `metadata.db` made from the dump.
    static func makeLibrary() throws -> URL {
        let folder = try TestPaths.temporaryFolder("calibre").appendingPathComponent("Calibre Library")
        try FileManager.default.copyItem(at: TestPaths.fixtures.appendingPathComponent("calibre/library"), to: folder)
        let dump = try String(
            contentsOf: TestPaths.fixtures.appendingPathComponent("calibre/metadata.sql"), encoding: .utf8)
        let queue = try DatabaseQueue(path: folder.appendingPathComponent("metadata.db").path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: dump) }
        try queue.close()
        return folder
    }

    /// Runs `sql` on the Calibre library, as Calibre would change it (without its trigger that
    /// sorts a title changed, which calls a function of Calibre's own).
    func change(_ sql: String) throws {
        try Self.change(sql, in: calibre)
    }

    /// Runs `sql` on the Calibre library in `calibre`, as ``change(_:)`` does.
    static func change(_ sql: String, in calibre: URL) throws {
        let queue = try DatabaseQueue(path: calibre.appendingPathComponent("metadata.db").path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "DROP TRIGGER IF EXISTS books_update_trg")
            try db.execute(sql: sql)
        }
        try queue.close()
    }

    @Test func aLibraryComesInWithItsFieldsAndCoversNeverChangedAndBuilds() async throws {
        let before = try TemporaryShelf.snapshot(of: calibre)
        let dry = try await run("import", "calibre", calibre.path, "--dry-run")
        #expect(dry.stdout.contains("Would import 7 books from Calibre: 7 new"), "\(dry.stdout)")
        #expect(dry.stdout.contains("3 covers to copy"), "\(dry.stdout)")
        #expect(dry.stdout.contains("CALIBRE ID"))
        #expect(
            !FileManager.default.fileExists(atPath: root.appendingPathComponent("content/covers/good-omens.jpg").path))

        let imported = try json(try await run("import", "calibre", calibre.path, "--json").stdout)
        #expect((imported["added"] as? [String])?.count == 7)
        #expect(imported["coversCopied"] as? Int == 3)
        #expect((imported["skipped"] as? [Any])?.isEmpty == true)
        let warnings = (imported["warnings"] as? [[String: Any]]) ?? []
        #expect(
            warnings.contains {
                $0["line"] as? Int == 3 && ($0["message"] as? String)?.contains("1234567890") == true
            }, "\(warnings)")
        // The Calibre library is as it was: no journal, no write-ahead log, the same bytes.
        #expect(try TemporaryShelf.snapshot(of: calibre) == before)

        let dune = try await run("show", "the-left-hand-of-darkness").stdout
        for fact in ["Ursula K. Le Guin", "Ace", "1969", "9780441478125", "Hainish Cycle", "en"] {
            #expect(dune.contains(fact), "\(fact) in \(dune)")
        }
        let cover = root.appendingPathComponent("content/covers/the-left-hand-of-darkness.jpg")
        #expect(
            FileManager.default.contents(atPath: cover.path)
                == FileManager.default.contents(
                    atPath: calibre.appendingPathComponent("Ursula K. Le Guin/The Left Hand of Darkness (1)/cover.jpg")
                        .path))
        let omens = try await run("show", "good-omens").stdout
        for fact in ["Terry Pratchett", "Neil Gaiman", "fantasy", "fr"] {
            #expect(omens.contains(fact), "\(fact) in \(omens)")
        }
        let king = try await run("list").stdout
        #expect(king.contains("Martin Luther King, Jr."), "\(king)")

        try await run("build")
        let book = try page("books/the-left-hand-of-darkness/index.html")
        #expect(book.contains("<p>A <strong>classic</strong> of speculative fiction &amp; gender.</p>"))
        let hostile = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("site/books").path
        )
        .first { $0.contains("hostile") }
        let evil = try page("books/\(try #require(hostile))/index.html")
        for injected in ["<script>alert", "onclick", "javascript:", "onerror", "<iframe", "<b>not bold"] {
            #expect(!evil.contains(injected), "\(injected) on the page")
        }
        #expect(evil.contains("Evil"))
        let series = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("site/series").path)
        #expect(series.contains("hainish-cycle"), "\(series)")
        let threeBody = try #require(series.first { $0 != "hainish-cycle" && $0 != "index.html" })
        let seriesPage = try page("series/\(threeBody)/index.html")
        #expect(seriesPage.contains("三体") && seriesPage.contains("黑暗森林"))
        #expect(seriesPage.contains("2.5"))
        try await expectSameAsAFullBuild()

        // Again: nothing changed; then a rating changed in Calibre is updated, and the build follows.
        let again = try await run("import", "calibre", calibre.appendingPathComponent("metadata.db").path).stdout
        #expect(again.contains("0 new, 0 updated, 7 unchanged"), "\(again)")
        try change("UPDATE books_ratings_link SET rating = (SELECT id FROM ratings WHERE rating = 3) WHERE book = 1")
        let changed = try await run("import", "calibre", calibre.path).stdout
        #expect(changed.contains("0 new, 1 updated, 6 unchanged"), "\(changed)")
        try await run("build")
        try await expectSameAsAFullBuild()

        // A book removed stays out.
        try await run("remove", "good-omens", "--yes")
        let removed = try await run("import", "calibre", calibre.path).stdout
        #expect(removed.contains("Left out"), "\(removed)")
    }

    @Test func coversThatAreNoImagesOrLeaveTheLibraryAreLeftOutAndTheBooksComeIn() async throws {
        let outside = try TestPaths.temporaryFolder("outside")
        try FileManager.default.copyItem(
            at: calibre.appendingPathComponent("Terry Pratchett/Good Omens (2)/cover.jpg"),
            to: outside.appendingPathComponent("cover.jpg"))
        try change("UPDATE books SET path = '../outside' WHERE id = 1")
        let omens = calibre.appendingPathComponent("Terry Pratchett/Good Omens (2)")
        try FileManager.default.removeItem(at: omens)
        try FileManager.default.createSymbolicLink(at: omens, withDestinationURL: outside)
        try Data("<html>not an image</html>".utf8).write(
            to: calibre.appendingPathComponent("Mikhail Bulghakov/Mastier i Margharita (6)/cover.jpg"))
        // A decompression bomb: a PNG that says it is 30000×30000 pixels.
        let bomb: [UInt8] = [
            137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 117, 48, 0, 0, 117, 48, 8, 2, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 9, 73, 68, 65, 84, 120, 156, 99, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 73, 69, 78,
            68, 0, 0, 0, 0,
        ]
        let king = calibre.appendingPathComponent("Martin Luther King, Jr_/Why We Can't Wait (7)")
        try FileManager.default.createDirectory(at: king, withIntermediateDirectories: true)
        try Data(bomb).write(to: king.appendingPathComponent("cover.jpg"))
        try change("UPDATE books SET has_cover = 1 WHERE id = 7")
        let result = try await run("import", "calibre", calibre.path)
        #expect(result.stdout.contains("Imported 7 books from Calibre: 7 new"), "\(result.stdout)")
        #expect(
            result.stderr.contains("Calibre id 7: its cover is left out: cover.jpg is 30000×30000"), "\(result.stderr)")
        #expect(result.stdout.contains("0 covers copied"), "\(result.stdout)")
        #expect(result.stderr.contains("Calibre id 1: its cover is left out: its path in the library is not a folder"))
        #expect(
            result.stderr.contains(
                "Calibre id 2: its cover is left out: Terry Pratchett/Good Omens (2)/cover.jpg passes through a link"))
        #expect(result.stderr.contains("Calibre id 6: its cover is left out: cover.jpg is not an image"))
        let covers = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("content/covers").path)
        #expect(covers.filter { !$0.hasPrefix(".") }.isEmpty, "\(covers)")
        try await run("build")
    }

    @Test func whatIsNoCalibreLibraryFailsInOneLine() async throws {
        let empty = try TestPaths.temporaryFolder("no-library")
        let none = try await run("import", "calibre", empty.path, status: 1)
        #expect(none.stderr.contains("is not a Calibre library (it holds no metadata.db)"), "\(none.stderr)")
        try Data("not a database at all, but long enough to be looked at".utf8).write(
            to: empty.appendingPathComponent("metadata.db"))
        let text = try await run("import", "calibre", empty.path, status: 1)
        #expect(text.stderr.contains("is not a Calibre library (it is not an SQLite database)"), "\(text.stderr)")
        let other = root.appendingPathComponent("content/library.sqlite")
        let kobo = try await run("import", "calibre", other.path, status: 1)
        #expect(kobo.stderr.contains("is not a Calibre library (it has no books table)"), "\(kobo.stderr)")

        try change("PRAGMA user_version = 99")
        let newer = try await run("import", "calibre", calibre.path, status: 1)
        #expect(newer.stderr.contains("a version Bookplate does not read (schema 99"), "\(newer.stderr)")
        try change("PRAGMA user_version = 25; DELETE FROM books")
        let nothing = try await run("import", "calibre", calibre.path, status: 1)
        #expect(nothing.stderr.contains("the Calibre library has no books: nothing to import"), "\(nothing.stderr)")
        try Data().write(to: calibre.appendingPathComponent("metadata.db-journal"))
        let locked = try await run("import", "calibre", calibre.path, status: 1)
        // Calibre's own program is named, not a Kobo's sync (found by a review).
        #expect(
            locked.stderr.contains(
                "metadata.db is in the middle of a write by Calibre: close Calibre (or wait for it to finish) and try again"
            ),
            "\(locked.stderr)")
        #expect(!locked.stderr.contains("sync"), "\(locked.stderr)")
        #expect(try await run("list").stdout.hasPrefix("The shelf is empty"))
    }

    /// Calibre's sort name for an author is taken when the reader set it; the one Calibre made
    /// itself ("Guin, Ursula K. Le") is not, and the library files the author as it would.
    @Test func anAuthorsSortNameSetInCalibreIsKept() async throws {
        try change("UPDATE authors SET sort = 'Bulgakov, Mikhail' WHERE name = 'Михаил Булгаков'")
        try await run("import", "calibre", calibre.path)
        let export = try await run("export", "--format", "json").stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any])
        let sortNames = Dictionary(
            uniqueKeysWithValues: ((object["authors"] as? [[String: Any]]) ?? []).compactMap { author in
                (author["name"] as? String).map { ($0, author["sortName"] as? String ?? "") }
            })
        #expect(sortNames["Михаил Булгаков"] == "Bulgakov, Mikhail", "\(sortNames)")
        #expect(sortNames["Ursula K. Le Guin"] == AuthorName.sortName(for: "Ursula K. Le Guin"))
        #expect(sortNames["Ursula K. Le Guin"] != "Guin, Ursula K. Le")
        #expect(sortNames["Neil Gaiman"] == "Gaiman, Neil")
    }

    @Test func aBookWithoutATitleIsSkippedByItsCalibreID() async throws {
        try change("UPDATE books SET title = '  ' WHERE id = 5")
        let result = try await run("import", "calibre", calibre.path)
        #expect(result.stderr.contains("skipped Calibre id 5: no title"), "\(result.stderr)")
        #expect(result.stdout.contains("Imported 6 books"), "\(result.stdout)")
    }

    /// A crafted `metadata.db` whose columns hold what Calibre never writes there (text in a
    /// number's column or a yes or no's) is read: a value that is no use is left out,
    /// and every book comes in. Read as the types Calibre writes, it stopped the program with
    /// GRDB's "could not convert database value" (found by a review).
    @Test func valuesOfAnotherTypeThanCalibresAreLeftOutAndTheBooksComeIn() async throws {
        try change(
            """
            PRAGMA ignore_check_constraints = ON;
            UPDATE books SET series_index = 'fourth', has_cover = 'yes' WHERE id = 1;
            UPDATE ratings SET rating = 'ten' WHERE id = 1;
            UPDATE custom_column_1 SET value = 'yes' WHERE book = 6;
            """)
        let result = try await run("import", "calibre", calibre.path)
        #expect(result.stdout.contains("Imported 7 books"), "\(result.stdout)")
        let shown = try await run("show", "the-left-hand-of-darkness").stdout
        #expect(shown.contains("The Left Hand of Darkness"), "\(shown)")
        #expect(shown.contains("Hainish Cycle"), "\(shown)")
    }

    /// A `metadata.db` that is a link to the file elsewhere, with what Calibre last wrote still
    /// in its write-ahead log, is read from a copy of the file and its log, and neither changes.
    /// The link was copied as a link: SQLite read the library through it, wrote the log into
    /// it and removed the log, `--dry-run` too; a relative link led nowhere from the copy's
    /// folder, and the library could not be read (found by a review).
    @Test func aMetadataDBThatIsALinkIsReadFromACopyAndNeverChanged() async throws {
        let elsewhere = try TestPaths.temporaryFolder("calibre-real")
        let real = elsewhere.appendingPathComponent("metadata.db")
        try FileManager.default.moveItem(at: calibre.appendingPathComponent("metadata.db"), to: real)
        // A log with a change in it, as Calibre leaves one when it stops without closing.
        let queue = try DatabaseQueue(path: real.path)
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "DROP TRIGGER IF EXISTS books_update_trg")
            try db.execute(sql: "UPDATE books SET title = 'Kept in the Log' WHERE id = 7")
        }
        let logged = elsewhere.appendingPathComponent("logged", isDirectory: true)
        try FileManager.default.createDirectory(at: logged, withIntermediateDirectories: true)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(
                atPath: real.path + suffix, toPath: logged.appendingPathComponent("metadata.db").path + suffix)
        }
        try queue.close()
        let database = logged.appendingPathComponent("metadata.db")
        let files = [database, URL(fileURLWithPath: database.path + "-wal")]
        let before = files.map { try? Data(contentsOf: $0) }
        #expect(!before.contains(nil))

        let link = calibre.appendingPathComponent("metadata.db")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: database.path)
        try await run("import", "calibre", calibre.path, "--dry-run")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: "../../\(elsewhere.lastPathComponent)/logged/metadata.db")
        #expect(FileManager.default.fileExists(atPath: link.resolvingSymlinksInPath().path))
        let result = try await run("import", "calibre", calibre.path)
        #expect(result.stdout.contains("Imported 7 books"), "\(result.stdout)")
        #expect(try await run("list").stdout.contains("Kept in the Log"))
        #expect(files.map { try? Data(contentsOf: $0) } == before, "the Calibre library or its log changed")
        #expect(!FileManager.default.fileExists(atPath: database.path + "-shm"))
    }
}
