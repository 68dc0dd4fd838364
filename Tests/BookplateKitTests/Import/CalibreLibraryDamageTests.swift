import Foundation
import GRDB
import Testing

@testable import BookplateImport
@testable import BookplateLibrary

/// A real Calibre library (the fixture's, `CalibreImportCommandLineTests.makeLibrary()`) with one
/// part of it too long or damaged: that part is left out with a warning, and the books come in.
@Suite struct CalibreLibraryDamageTests {
    let calibre: URL

    init() throws {
        calibre = try CalibreImportCommandLineTests.makeLibrary()
    }

    func change(_ sql: String) throws {
        try CalibreImportCommandLineTests.change(sql, in: calibre)
    }

    func warnings(_ file: ImportFile, id: Int) -> [String] {
        file.records.first { $0.line == id }?.warnings ?? []
    }

    /// SQL for text of 17 MB, past the 16 MB SQLite may read for an import.
    static let overLimit = "replace(hex(zeroblob(\((17 << 20) / 2))), '0', 'x')"

    /// One book's comments of 17 MB, another's identifier and a third's title: each value is left
    /// out with a warning naming the field, and the book comes in (the one without its title is
    /// skipped, saying why). They refused the whole library in one line before.
    @Test func aValueOverTheReadLimitIsLeftOutAndTheBookComesIn() throws {
        try change(
            """
            UPDATE comments SET text = \(Self.overLimit) WHERE book = 1;
            UPDATE identifiers SET val = \(Self.overLimit) WHERE id = 5;
            UPDATE books SET title = \(Self.overLimit) WHERE id = 7;
            """)
        let file = try CalibreLibrary.read(libraryAt: calibre)
        #expect(file.records.map(\.line) == [1, 2, 3, 4, 5, 6])
        let first = try #require(file.records.first { $0.line == 1 })
        #expect(first.book.title == "The Left Hand of Darkness")
        #expect(first.book.description == nil)
        #expect(first.book.isbn?.isbn13 == "9780441478125")
        #expect(
            warnings(file, id: 1) == ["the comments field is over 16 MB, more than an import reads: left out"])
        let second = try #require(file.records.first { $0.line == 2 })
        #expect(second.book.title == "Good Omens")
        #expect(second.book.description != nil)
        #expect(warnings(file, id: 2).contains("an identifier is over 16 MB, more than an import reads: left out"))
        #expect(
            file.skipped == [SkippedRow(line: 7, reason: "its title is over 16 MB, more than an import reads")])
        // The rest of the library reads as it did.
        #expect(file.records.first { $0.line == 6 }?.book.authors.map(\.name) == ["Михаил Булгаков"])
    }

    /// `#read` and `#date_read` columns that cannot be read: each is left out with one warning,
    /// and the books come in. They refused the library, or were left out without a word.
    @Test func aDamagedReadingColumnIsLeftOutWithOneWarning() throws {
        let whole = try CalibreLibrary.read(libraryAt: calibre)
        #expect(whole.records.first { $0.line == 1 }?.book.status == .read)
        #expect(whole.warnings.isEmpty)

        // `#read`'s table without its value column; `#date_read`'s table gone.
        try change(
            """
            DROP TABLE custom_column_1;
            CREATE TABLE custom_column_1 (id INTEGER PRIMARY KEY, book INTEGER, other BOOL);
            INSERT INTO custom_column_1 VALUES (1, 1, 1);
            DROP TABLE custom_column_2;
            """)
        let file = try CalibreLibrary.read(libraryAt: calibre)
        #expect(file.records.count == 7)
        #expect(
            file.warnings.map(\.message) == [
                "the custom column #date_read has no table custom_column_2: left out",
                "the custom column #read cannot be read (no such column: c.value): left out",
            ])
        #expect(file.warnings.allSatisfy { $0.line == 0 })

        // Rows of `custom_columns` that Calibre cannot have written.
        try change("UPDATE custom_columns SET datatype = 'text'")
        #expect(
            try CalibreLibrary.read(libraryAt: calibre).warnings.map(\.message) == [
                "the custom column #date_read is not a date (Calibre's column of type datetime): left out",
                "the custom column #read is not yes or no (Calibre's column of type bool): left out",
            ])
        try change(
            """
            ALTER TABLE custom_columns RENAME TO damaged;
            CREATE TABLE custom_columns (id, label, datatype);
            INSERT INTO custom_columns SELECT 'one', label, datatype FROM damaged;
            """)
        let damaged = try CalibreLibrary.read(libraryAt: calibre)
        #expect(damaged.records.count == 7)
        #expect(
            damaged.warnings.map(\.message) == [
                "the custom column #date_read has no number in custom_columns: left out",
                "the custom column #read has no number in custom_columns: left out",
            ])

        // `custom_columns` itself without a column it is read by.
        try change("ALTER TABLE custom_columns DROP COLUMN datatype")
        let unreadable = try CalibreLibrary.read(libraryAt: calibre)
        #expect(unreadable.records.count == 7)
        #expect(
            unreadable.warnings.map(\.message) == [
                "Calibre's custom columns cannot be read (no such column: datatype): #read and #date_read left out"
            ])
    }
}
