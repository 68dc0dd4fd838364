import BookplateCore
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
            description: (row["description"] as String?).map(SanitizedHTML.init(storedByLibrary:)),
            isbn10: row["isbn10"], isbn13: row["isbn13"],
            googleVolumeID: row["googleVolumeID"], openLibraryWorkKey: row["openLibraryWorkKey"],
            openLibraryEditionKey: row["openLibraryEditionKey"], coverURL: row["coverURL"],
            subjects: Book.decodeJSON(row["subjects"]) ?? [], status: row["status"] ?? .toRead,
            rating: row["ratingQuarters"],
            startedDate: row["startedDate"], finishedDate: row["finishedDate"], addedAt: row["addedAt"],
            provenance: try Book.decodeProvenance(row["provenance"], slug: row["slug"]),
            privateNotes: row["privateNotes"],
            format: (row["format"] as String?).flatMap(BookFormat.init(rawValue:)), audioMinutes: row["audioMinutes"],
            firstPublished: row["firstPublished"], owned: row["owned"], feedNumber: row["feedNumber"])
    }

    /// Writes the columns one by one, the mirror of ``init(row:)``: several times faster than the
    /// Codable encoder when an import inserts ten thousand books. JSON columns are written as
    /// GRDB's own encoder would (sorted keys), so a row reads back the same either way.
    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["slug"] = slug
        container["title"] = title
        container["subtitle"] = subtitle
        container["publisher"] = publisher
        container["publishedDate"] = publishedDate
        container["pageCount"] = pageCount
        container["language"] = language
        container["description"] = description?.html
        container["isbn10"] = isbn10
        container["isbn13"] = isbn13
        container["googleVolumeID"] = googleVolumeID
        container["openLibraryWorkKey"] = openLibraryWorkKey
        container["openLibraryEditionKey"] = openLibraryEditionKey
        container["coverURL"] = coverURL
        container["subjects"] = try subjects.isEmpty ? "[]" : Book.encodeJSON(subjects)
        container["status"] = status
        container["ratingQuarters"] = rating
        container["startedDate"] = startedDate
        container["finishedDate"] = finishedDate
        container["addedAt"] = addedAt
        container["provenance"] = try provenance.isEmpty ? "{}" : Book.encodeJSON(provenance)
        container["privateNotes"] = privateNotes
        container["format"] = format?.rawValue
        container["audioMinutes"] = audioMinutes
        container["firstPublished"] = firstPublished
        container["owned"] = owned
        container["feedNumber"] = feedNumber
    }

    private static func encodeJSON(_ value: some Encodable) throws -> String {
        String(decoding: try databaseJSONEncoder(for: "").encode(value), as: UTF8.self)
    }

    /// A book's provenance column. One that cannot be read is an error naming the book, never a
    /// silent loss of where its fields came from (and so of what a refresh may replace).
    static func decodeProvenance(_ text: String?, slug: String) throws -> [BookField: FieldSource] {
        guard let text, text != "{}" else { return [:] }
        do {
            return try JSONDecoder().decode([BookField: FieldSource].self, from: Data(text.utf8))
        } catch {
            let reason =
                switch error {
                case DecodingError.dataCorrupted(let context): context.debugDescription
                case DecodingError.typeMismatch(_, let context): context.debugDescription
                default: "not JSON"
                }
            throw LibraryError.damagedValue(column: "provenance", slug: slug, reason: reason)
        }
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

extension PartialDate: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> PartialDate? {
        guard let text = String.fromDatabaseValue(dbValue) else { return nil }
        return stored(text) ?? (try? PartialDate(parsing: text))
    }

    /// The forms the library writes — `YYYY`, `YYYY-MM`, `YYYY-MM-DD` — read straight from the
    /// bytes: `list` reads one or two dates for each of thousands of books.
    private static func stored(_ text: String) -> PartialDate? {
        var fields: [Int] = []
        var value = 0
        var digits = 0
        for byte in text.utf8 {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else if byte == UInt8(ascii: "-"), digits > 0 {
                fields.append(value)
                (value, digits) = (0, 0)
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        fields.append(value)
        guard (1...3).contains(fields.count) else { return nil }
        return try? PartialDate(
            year: fields[0], month: fields.count > 1 ? fields[1] : nil, day: fields.count > 2 ? fields[2] : nil)
    }
}

/// Stored as quarters of a star (`ratingQuarters`).
extension Rating: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { quarters.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Rating? {
        Int.fromDatabaseValue(dbValue).flatMap { try? Rating(quarters: $0) }
    }
}

extension ReadingStatus: DatabaseValueConvertible {}
