import BookplateCore
import BookplateLibrary
import Foundation
import GRDB
import GRDBSQLite

/// Reads the highlights a Kobo keeps in its own database, `.kobo/KoboReader.sqlite` on the device.
///
/// The database is opened read-only and is never written: not the file, not a journal beside it.
/// Its `Bookmark` table holds one row for each highlight, note, handwritten markup and dog-ear,
/// with the passage (`Text`) and the reader's note on it (`Annotation`); its `content` table names
/// the books (`ContentType` 6) and their chapters (9 in an EPUB, 899 in a Kobo EPUB).
///
/// Entries are numbered from 1 in the order the `Bookmark` table keeps its rows, and a warning
/// or skip names the row's `BookmarkID` too. What is left out:
/// - rows the device hid (`Hidden` true): the reader deleted them there;
/// - dog-ears with no note: a page marked, no passage (as the Kindle's bookmarks are left out);
/// - a note with no highlighted passage, and a handwritten markup: listed as skipped, because
///   Bookplate keeps a note only on the passage it was written on.
package enum KoboHighlights {
    /// How long a read waits for another program's lock before it gives up with ``ImportError/locked(path:)``.
    static let busyTimeout: TimeInterval = 1
    /// The longest value SQLite may make while reading: 16 MB, any passage a device keeps (they
    /// are cut to ``HighlightReading/textCharacters`` anyway), and far from a gigabyte.
    static let valueBytes: Int32 = 16 << 20

    /// Reads the database at `url`. Throws ``ImportError`` when it cannot be read, is not a Kobo's
    /// database, or another program holds it locked; entries that cannot be used are skipped or
    /// warned of, and the rest read.
    package static func read(databaseAt url: URL) throws -> HighlightFile {
        let path = url.relativePathForDisplay
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
            FileManager.default.isReadableFile(atPath: url.path)
        else { throw ImportError.unreadable(path: path) }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        // SQLite reads an empty file as an empty database.
        guard size > 0 else { throw ImportError.notHighlights(source: .kobo, path: path, reason: "it is empty") }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "Kobo"
        configuration.prepareDatabase { db in
            // A device's values are short. A hostile file can declare a column computed as a
            // gigabyte string (`hex(zeroblob(…))`) from a few bytes: SQLite then refuses it with an
            // error instead of building it.
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, KoboHighlights.valueBytes)
        }
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try read(db, path: path) }
        } catch let error as DatabaseError {
            throw problem(error, path: path)
        }
    }

    /// The one-line error for what SQLite said of the file.
    private static func problem(_ error: DatabaseError, path: String) -> ImportError {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            .koboInUse(path: path)
        case .SQLITE_NOTADB:
            .notHighlights(source: .kobo, path: path, reason: "it is not an SQLite database")
        case .SQLITE_CORRUPT:
            .notHighlights(source: .kobo, path: path, reason: "the database is damaged; copy it from the device again")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH, .SQLITE_IOERR:
            .unreadable(path: path)
        default:
            .notHighlights(
                source: .kobo, path: path,
                reason: "SQLite could not read it: \(ImportValues.shown(error.message ?? ""))")
        }
    }

    private static func read(_ db: Database, path: String) throws -> HighlightFile {
        let bookmarkColumns = try columnNames(of: "Bookmark", in: db)
        let contentColumns = try columnNames(of: "content", in: db)
        let missing = ["BookmarkID", "VolumeID", "Text"].filter { !bookmarkColumns.contains($0.lowercased()) }
        guard !bookmarkColumns.isEmpty, !contentColumns.isEmpty, missing.isEmpty,
            contentColumns.isSuperset(of: ["contentid", "contenttype"])
        else {
            let missingContent = ["ContentID", "ContentType"].filter { !contentColumns.contains($0.lowercased()) }
            let what =
                bookmarkColumns.isEmpty || contentColumns.isEmpty
                ? "it has no Bookmark and content tables"
                : missing.isEmpty
                    ? "its content table has no \(missingContent.namedAsColumns)"
                    : "its Bookmark table has no \(missing.namedAsColumns)"
            throw ImportError.notHighlights(source: .kobo, path: path, reason: what)
        }
        let catalog = try KoboCatalog(db, columns: contentColumns)
        var reading = HighlightReading(source: .kobo)
        // Columns older firmware did not have are read as NULL.
        let wanted = [
            "BookmarkID", "VolumeID", "ContentID", "Text", "Annotation", "DateCreated", "DateModified", "Type",
            "Hidden",
        ]
        let selected = wanted.map { bookmarkColumns.contains($0.lowercased()) ? "\"\($0)\"" : "NULL" }
        let rows = try Row.fetchCursor(db, sql: "SELECT \(selected.joined(separator: ", ")) FROM \"Bookmark\"")
        var entry = 0
        while let row = try rows.next() {
            entry += 1
            var values = wanted.indices.map { ForeignValue(row[$0]) }
            for index in values.indices where values[index].hadBadBytes {
                reading.warn(entry, "\(wanted[index]) held bytes that are not UTF-8: each became \u{FFFD}")
                values[index].hadBadBytes = false
            }
            let bookmark = KoboBookmark(
                id: values[0].text ?? "", volume: values[1].text ?? "", content: values[2].text,
                text: values[3].text, annotation: values[4].text, created: values[5].text, modified: values[6].text,
                type: values[7].text?.lowercased(), hidden: values[8].isTrue)
            bookmark.read(entry: entry, catalog: catalog, into: &reading)
        }
        return reading.file()
    }

    /// The lowercased names of `table`'s columns; none when there is no such table.
    private static func columnNames(of table: String, in db: Database) throws -> Set<String> {
        guard try db.tableExists(table) else { return [] }
        return Set(try db.columns(in: table).map { $0.name.lowercased() })
    }
}

/// One row of the `Bookmark` table, its values as text.
private struct KoboBookmark {
    var id: String
    var volume: String
    var content: String?
    var text: String?
    var annotation: String?
    var created: String?
    var modified: String?
    var type: String?
    var hidden: Bool

    /// How a skip or warning names the row.
    var name: String { id.isEmpty ? "a bookmark with no BookmarkID" : "bookmark \(ImportValues.shown(id))" }

    func read(entry: Int, catalog: KoboCatalog, into reading: inout HighlightReading) {
        guard !hidden else { return }
        let note = reading.kept(annotation, limit: HighlightReading.textCharacters, "the note", line: entry)
        guard let passage = reading.kept(text, limit: HighlightReading.textCharacters, "the highlight", line: entry)
        else {
            switch (type, note) {
            case ("markup", _): reading.skip(entry, "\(name): a handwritten markup, which has no text")
            case (_, .some): reading.skip(entry, "\(name): a note with no highlighted passage")
            case ("dogear", nil): break
            default: reading.skip(entry, "\(name): a highlight with no text")
            }
            return
        }
        guard let book = catalog.book(volume, entry: entry, name: name, reading: &reading) else {
            reading.skip(entry, "\(name): its book (\(ImportValues.shown(volume))) is not in the database")
            return
        }
        var madeAt: Date?
        if let created = created?.trimmed.nilIfEmpty ?? modified?.trimmed.nilIfEmpty {
            madeAt = HighlightDate.parse(created)
            if madeAt == nil {
                reading.warn(
                    entry, "\(name): the date '\(ImportValues.shown(created))' is not one: imported without it")
            }
        }
        let chapter = content.flatMap { catalog.chapter(of: $0) }
        reading.add(
            ImportedHighlight(
                line: entry, bookTitle: book.title, bookAuthor: book.author, isbn: book.isbn,
                highlight: NewHighlight(
                    text: passage, note: note,
                    place: HighlightPlace(
                        chapter: reading.kept(
                            chapter, limit: HighlightReading.nameCharacters, "the chapter", line: entry)
                    ),
                    madeAt: madeAt, source: .kobo)))
    }
}

/// The books and chapters of the `content` table.
private struct KoboCatalog {
    struct Book {
        var title: String?
        var author: String?
        var isbn: String?
    }

    /// Books by `ContentID`, which is a bookmark's `VolumeID`.
    var books: [String: Book] = [:]
    /// Chapter titles by the `ContentID` a bookmark names: an EPUB's chapter row has that id, a
    /// Kobo EPUB's has it with `-1`, `-2`… after it, one for each entry of the table of contents
    /// in that file (the first is kept).
    var chapters: [String: (order: Int, title: String)] = [:]

    init(_ db: Database, columns: Set<String>) throws {
        let wanted = ["ContentID", "ContentType", "Title", "BookTitle", "Attribution", "ISBN"]
        let selected = wanted.map { columns.contains($0.lowercased()) ? "\"\($0)\"" : "NULL" }
        let rows = try Row.fetchCursor(
            db,
            sql: "SELECT \(selected.joined(separator: ", ")) FROM \"content\" WHERE \"ContentType\" IN (6, 9, 899)")
        while let row = try rows.next() {
            let values = wanted.indices.map { ForeignValue(row[$0]).text }
            guard let id = values[0] else { continue }
            switch values[1]?.trimmed {
            case "6":
                books[id] = Book(title: values[2] ?? values[3], author: values[4], isbn: values[5])
            case "9":
                if let title = values[2]?.trimmed.nilIfEmpty { chapters[id] = (0, title) }
            case "899":
                guard let title = values[2]?.trimmed.nilIfEmpty, let dash = id.lastIndex(of: "-") else { continue }
                let number = id[id.index(after: dash)...]
                guard number.count <= 9, let order = Int(number), order > 0 else { continue }
                let file = String(id[..<dash])
                if let kept = chapters[file], kept.order <= order { continue }
                chapters[file] = (order, title)
            default:
                continue
            }
        }
    }

    func chapter(of content: String) -> String? {
        chapters[content]?.title
    }

    /// The book of `volume` as the library's import needs it: its title, else its file's name
    /// (a side-loaded book may have none); nil when neither is known.
    func book(_ volume: String, entry: Int, name: String, reading: inout HighlightReading) -> (
        title: String, author: String?, isbn: ISBN?
    )? {
        let known = books[volume]
        let title =
            reading.kept(known?.title, limit: HighlightReading.nameCharacters, "the title", line: entry)
            ?? (volume.contains("/") ? HighlightValues.title(fromFile: volume) : nil)
        guard let title else { return nil }
        if known == nil {
            reading.warn(
                entry,
                "\(name): its book is not in the content table: named by its file, \"\(ImportValues.shown(title))\"")
        }
        let author = reading.kept(
            HighlightValues.authors(known?.author), limit: HighlightReading.nameCharacters, "the author", line: entry)
        var isbn: ISBN?
        if let text = known?.isbn?.trimmed.nilIfEmpty {
            isbn = ISBN.parse(text)
            if isbn == nil {
                reading.warn(entry, "\(name): the ISBN '\(ImportValues.shown(text))' is not valid: matched by title")
            }
        }
        return (title, author, isbn)
    }
}
