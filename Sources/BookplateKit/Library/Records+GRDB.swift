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
