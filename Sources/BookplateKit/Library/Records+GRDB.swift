import Foundation
import GRDB

extension Book: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "book"

    /// The book's columns, for queries.
    public enum Columns {
        public static let id = Column("id")
        public static let slug = Column("slug")
        public static let title = Column("title")
        public static let isbn13 = Column("isbn13")
        public static let googleVolumeID = Column("googleVolumeID")
        public static let openLibraryWorkKey = Column("openLibraryWorkKey")
        public static let status = Column("status")
        public static let addedAt = Column("addedAt")
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Reads a row by column, which is several times faster than the Codable decoder when a
    /// build loads ten thousand books.
    public init(row: GRDB.Row) throws {
        self.init(
            id: row["id"], slug: row["slug"], title: row["title"], subtitle: row["subtitle"],
            publisher: row["publisher"],
            publishedDate: row["publishedDate"], pageCount: row["pageCount"], language: row["language"],
            description: row["description"], isbn10: row["isbn10"], isbn13: row["isbn13"],
            googleVolumeID: row["googleVolumeID"], openLibraryWorkKey: row["openLibraryWorkKey"],
            openLibraryEditionKey: row["openLibraryEditionKey"], coverURL: row["coverURL"],
            subjects: Book.decodeJSON(row["subjects"]) ?? [], status: row["status"] ?? .toRead, rating: row["rating"],
            startedDate: row["startedDate"], finishedDate: row["finishedDate"], addedAt: row["addedAt"],
            provenance: Book.decodeJSON(row["provenance"]) ?? [:], privateNotes: row["privateNotes"],
            readCount: row["readCount"])
    }

    /// JSON columns, with the common empty values read without a decoder.
    private static func decodeJSON<T: Decodable>(_ text: String?) -> T? {
        guard let text, text != "[]", text != "{}" else { return nil }
        return try? JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}

extension Author: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "author"

    public enum Columns {
        public static let slug = Column("slug")
        public static let name = Column("name")
        public static let sortName = Column("sortName")
        public static let openLibraryKey = Column("openLibraryKey")
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Shelf: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "shelf"

    public enum Columns {
        public static let slug = Column("slug")
        public static let name = Column("name")
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension BookAuthor: FetchableRecord, PersistableRecord {
    static let databaseTableName = "bookAuthor"

    public enum Columns {
        public static let bookId = Column("bookId")
        public static let position = Column("position")
    }
}

extension BookShelf: FetchableRecord, PersistableRecord {
    static let databaseTableName = "bookShelf"

    public enum Columns {
        public static let bookId = Column("bookId")
        public static let shelfId = Column("shelfId")
    }
}

extension AuthorWork: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "authorWork"

    public enum Columns {
        public static let authorId = Column("authorId")
        public static let position = Column("position")
    }
}

extension NoteRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "note"
}

extension PartialDate: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> PartialDate? {
        String.fromDatabaseValue(dbValue).flatMap { try? PartialDate(parsing: $0) }
    }
}

extension Rating: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { stars.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Rating? {
        Int.fromDatabaseValue(dbValue).flatMap { try? Rating($0) }
    }
}

extension ReadingStatus: DatabaseValueConvertible {}
