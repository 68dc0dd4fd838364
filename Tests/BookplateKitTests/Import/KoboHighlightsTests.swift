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

@Suite struct KoboHighlightsTests {
    static let fixture = TestPaths.fixtures.appendingPathComponent("highlights/kobo/KoboReader.sqlite")

    /// A copy of the fixture in a folder of its own, for a test that locks or looks beside it.
    static func copyOfFixture() throws -> URL {
        let url = try TestPaths.temporaryFolder("kobo").appendingPathComponent("KoboReader.sqlite")
        try FileManager.default.copyItem(at: fixture, to: url)
        return url
    }

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date? {
        KindleClippingsTests.utc(year, month, day, hour, minute, second)
    }

    @Test func readsHighlightsNotesAndChapters() throws {
        let file = try KoboHighlights.read(databaseAt: Self.fixture)
        #expect(file.source == .kobo)
        #expect(file.highlights.map(\.line) == [1, 2, 7, 9, 10, 11])
        #expect(
            file.highlights.map(\.bookTitle) == [
                "Le Petit Prince", "Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch",
                "Hostile Book",
                "Hostile Book", "Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch",
                "Cien años de soledad",
            ])
        #expect(
            file.highlights.map(\.bookAuthor) == [
                "Antoine de Saint-Exupéry", "Terry Pratchett, Neil Gaiman", "Mallory", "Mallory",
                "Terry Pratchett, Neil Gaiman", nil,
            ])
        #expect(file.highlights.allSatisfy { $0.highlight.source == .kobo })

        let prince = file.highlights[0]
        #expect(prince.isbn == ISBN.parse("9780156012195"))
        // The passage without the white space the device keeps around it; the note as Markdown.
        #expect(prince.highlight.text == "On ne voit bien qu'avec le cœur. L'essentiel est invisible pour les yeux.")
        #expect(prince.highlight.note == "Le *renard*, to the prince.")
        // A Kobo EPUB's chapter: the first entry of the table of contents in the file.
        #expect(prince.highlight.place == HighlightPlace(chapter: "XXI"))
        #expect(prince.highlight.madeAt == Self.utc(2023, 4, 1, 10, 22, 33))

        let omens = file.highlights[1].highlight
        #expect(omens.text == "It was a nice day.\nAll the days had been nice.")
        #expect(omens.place == HighlightPlace(chapter: "In the Beginning"))
        #expect(omens.madeAt == Self.utc(2024, 1, 15, 21, 3, 9))
        #expect(omens.note == nil)
        #expect(file.highlights[4].highlight.madeAt == Self.utc(2012, 6, 20, 2, 58, 24))
    }

    @Test func leavesOutWhatIsNoHighlightAndSaysWhy() throws {
        let file = try KoboHighlights.read(databaseAt: Self.fixture)
        // The hidden highlight (3) and the dog-ear (4) are left out without a word.
        #expect(
            file.skipped == [
                SkippedRow(line: 5, reason: "bookmark e1f0c6a2-0005: a note with no highlighted passage"),
                SkippedRow(line: 6, reason: "bookmark e1f0c6a2-0006: a handwritten markup, which has no text"),
                SkippedRow(line: 8, reason: "bookmark e1f0c6a2-0008: a highlight with no text"),
                SkippedRow(
                    line: 12,
                    reason:
                        "bookmark e1f0c6a2-0012: its book (0b7e1c2d-9999-4c5e-9d2a-3f2c9f1e6a1b) is not in the database"
                ),
            ])
        #expect(
            file.warnings == [
                RowWarning(
                    line: 7, message: "bookmark e1f0c6a2-0007: the ISBN 'not an isbn' is not valid: matched by title"),
                RowWarning(
                    line: 9, message: "bookmark e1f0c6a2-0009: the ISBN 'not an isbn' is not valid: matched by title"),
                RowWarning(
                    line: 9, message: "bookmark e1f0c6a2-0009: the date 'yesterday' is not one: imported without it"),
                RowWarning(
                    line: 11,
                    message:
                        "bookmark e1f0c6a2-0011: its book is not in the content table: named by its file, \"Cien años de soledad\""
                ),
            ])
    }

    @Test func keepsMarkupAsText() throws {
        let file = try KoboHighlights.read(databaseAt: Self.fixture)
        let hostile = file.highlights[2].highlight
        #expect(hostile.text == "<script>alert(1)</script> stays text")
        #expect(hostile.note == "[click](javascript:alert(1))")
        #expect(file.highlights[2].isbn == nil)
    }

    /// Read-only: the file's bytes and time stay as they were, and nothing is made beside it.
    @Test func neverWritesToTheDatabase() throws {
        let url = try Self.copyOfFixture()
        let before = try Data(contentsOf: url)
        let stamp = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        // A time in the past, so that a write within the same second would still show.
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: url.path)
        _ = try KoboHighlights.read(databaseAt: url)
        _ = try KoboHighlights.read(databaseAt: url)
        #expect(try Data(contentsOf: url) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date == past)
        #expect(stamp != nil)
        let folder = url.deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["KoboReader.sqlite"])
    }

    /// Another program holding the database locked is one line, after a short wait: not a hang.
    @Test func aLockedDatabaseIsOneLine() throws {
        let url = try Self.copyOfFixture()
        let writer = try DatabaseQueue(path: url.path)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            try db.execute(sql: "UPDATE Bookmark SET Annotation = 'changing' WHERE BookmarkID = 'e1f0c6a2-0002'")
            let started = Date()
            #expect(throws: ImportError.koboInUse(path: url.relativePathForDisplay)) {
                try KoboHighlights.read(databaseAt: url)
            }
            #expect(Date().timeIntervalSince(started) < 10)
            try db.execute(sql: "ROLLBACK")
        }
        #expect(
            ImportError.koboInUse(path: "KoboReader.sqlite").description
                == "KoboReader.sqlite is in use by the Kobo or a program syncing it: eject the Kobo (or wait for the sync) and try again"
        )
        #expect(try KoboHighlights.read(databaseAt: url).highlights.count == 6)
    }

    @Test func aFileThatIsNoKoboDatabaseIsOneLine() throws {
        let folder = try TestPaths.temporaryFolder("kobo")
        let text = folder.appendingPathComponent("notes.sqlite")
        try Data("SQLite format 2? no, just text\n".utf8).write(to: text)
        #expect(
            throws: ImportError.notHighlights(
                source: .kobo, path: text.relativePathForDisplay, reason: "it is not an SQLite database")
        ) { try KoboHighlights.read(databaseAt: text) }

        let empty = folder.appendingPathComponent("empty.sqlite")
        try Data().write(to: empty)
        #expect(
            throws: ImportError.notHighlights(source: .kobo, path: empty.relativePathForDisplay, reason: "it is empty")
        ) { try KoboHighlights.read(databaseAt: empty) }

        // Another program's database.
        let other = folder.appendingPathComponent("other.sqlite")
        try DatabaseQueue(path: other.path).write { db in try db.execute(sql: "CREATE TABLE t(x)") }
        let error = #expect(throws: ImportError.self) { try KoboHighlights.read(databaseAt: other) }
        #expect(
            error?.description
                == "\(other.relativePathForDisplay) is not a Kobo database (it has no Bookmark and content tables): give KoboReader.sqlite from the device's .kobo folder"
        )

        let missing = folder.appendingPathComponent("nowhere.sqlite")
        #expect(throws: ImportError.unreadable(path: missing.relativePathForDisplay)) {
            try KoboHighlights.read(databaseAt: missing)
        }
        #expect(throws: ImportError.unreadable(path: folder.relativePathForDisplay)) {
            try KoboHighlights.read(databaseAt: folder)
        }
    }

    /// A hostile file of a few kilobytes whose Text column is computed as a gigabyte string: SQLite
    /// refuses to build it, and the import is one line, not the whole memory of the machine.
    @Test func aValueComputedToAGigabyteIsRefusedNotBuilt() throws {
        let url = try TestPaths.temporaryFolder("kobo").appendingPathComponent("KoboReader.sqlite")
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(
                sql: """
                    CREATE TABLE content (ContentID TEXT, ContentType TEXT, Title TEXT, Attribution TEXT);
                    CREATE TABLE Bookmark (BookmarkID TEXT, VolumeID TEXT, Size INTEGER,
                        Text TEXT GENERATED ALWAYS AS (hex(zeroblob(Size))) VIRTUAL);
                    INSERT INTO content VALUES ('book', '6', 'A Book', 'A Writer');
                    INSERT INTO Bookmark (BookmarkID, VolumeID, Size) VALUES ('b1', 'book', 1);
                    """)
        }
        // The column's formula made 400 million times larger after the row is in: a virtual
        // column is not stored, so the file stays as small and as valid.
        try DatabaseQueue(path: url.path).writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    PRAGMA writable_schema = ON;
                    UPDATE sqlite_master SET sql = replace(sql, 'zeroblob(Size)', 'zeroblob(Size * 400000000)')
                        WHERE name = 'Bookmark';
                    PRAGMA writable_schema = OFF;
                    """)
        }
        let error = #expect(throws: ImportError.self) { try KoboHighlights.read(databaseAt: url) }
        #expect(error?.description.contains("string or blob too big") == true, "\(String(describing: error))")
        #expect(error?.description.contains("\n") == false)
    }

    /// A file whose values are not what the device writes: numbers and bytes where text goes, a
    /// megabyte of highlight, no `Type` column (older firmware), no chapters.
    @Test func readsWhatItCanOfStrangeValues() throws {
        let url = try TestPaths.temporaryFolder("kobo").appendingPathComponent("KoboReader.sqlite")
        let long = String(repeating: "a", count: 1_000_000)
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(
                sql: """
                    CREATE TABLE Bookmark (BookmarkID, VolumeID, ContentID, Text, Annotation, DateCreated, Hidden);
                    CREATE TABLE content (ContentID, ContentType, Title, Attribution, ISBN);
                    INSERT INTO content VALUES ('v', 6, 'Strange Book', 'Ann Author;Bob Author', 9780156012195);
                    INSERT INTO Bookmark VALUES (1, 'v', NULL, 42, NULL, 20230401, 0);
                    INSERT INTO Bookmark VALUES ('b2', 'v', 'c', ?, x'436166e9', '2023-04-01 10:22:33+02:00', 'false');
                    INSERT INTO Bookmark VALUES ('b3', 'v', 'c', 'Hidden by a number.', NULL, NULL, 1);
                    """, arguments: [long])
        }
        let file = try KoboHighlights.read(databaseAt: url)
        #expect(file.highlights.map(\.highlight.text.count) == [2, HighlightReading.textCharacters])
        #expect(file.highlights.first?.bookAuthor == "Ann Author; Bob Author")
        #expect(file.highlights.first?.isbn == ISBN.parse("9780156012195"))
        #expect(file.highlights.last?.highlight.note == "Caf\u{FFFD}")
        #expect(file.highlights.last?.highlight.madeAt == Self.utc(2023, 4, 1, 8, 22, 33))
        #expect(
            file.warnings == [
                RowWarning(line: 1, message: "bookmark 1: the date '20230401' is not one: imported without it"),
                RowWarning(line: 2, message: "Annotation held bytes that are not UTF-8: each became \u{FFFD}"),
                RowWarning(line: 2, message: "the highlight is 1000000 characters long: cut to the first 100000"),
            ])
    }

    @Test func readsTheDatesKoboWrites() {
        #expect(HighlightDate.parse("2023-04-01T10:22:33.000") == Self.utc(2023, 4, 1, 10, 22, 33))
        #expect(HighlightDate.parse("2023-04-01T10:22:33Z") == Self.utc(2023, 4, 1, 10, 22, 33))
        #expect(HighlightDate.parse("2023-04-01T10:22:33.123456+00:00") == Self.utc(2023, 4, 1, 10, 22, 33))
        #expect(HighlightDate.parse("2021-06-13 20:19:00+00:00") == Self.utc(2021, 6, 13, 20, 19, 0))
        #expect(HighlightDate.parse("2021-06-13 20:19:00-0130") == Self.utc(2021, 6, 13, 21, 49, 0))
        #expect(HighlightDate.parse("2021-06-13T20:19") == Self.utc(2021, 6, 13, 20, 19, 0))
        #expect(HighlightDate.parse("2021-06-13") == Self.utc(2021, 6, 13, 0, 0, 0))
        for bad in [
            "", "yesterday", "2023-02-30T10:00:00", "2023-04-01T25:00:00", "2023-04-01T10:22:33.", "2023-4-1",
            "2023-04-01T10:22:33+99:00", "2023-04-01T10:22:33 junk", "0000-00-00T00:00:00.000",
        ] {
            #expect(HighlightDate.parse(bad) == nil, "\(bad)")
        }
    }
}
