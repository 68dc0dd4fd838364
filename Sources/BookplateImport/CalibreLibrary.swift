import BookplateCore
import BookplateLibrary
import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a Calibre library: the folder that holds `metadata.db`, or that file itself.
///
/// The library is never changed, not even by a journal beside it: `metadata.db` is copied into a
/// temporary folder and the copy is read. One with a rollback journal beside it is in the middle
/// of a write by Calibre, and is refused as such (``ImportError/calibreWriting(path:)``) rather
/// than read half-written.
///
/// Each book is numbered by its Calibre id (Calibre shows it in its `id` column), and its uuid
/// is the source's own id for the book, so that importing the library again updates the books
/// it brought. What each field becomes is in the README ("Bringing a library in").
package enum CalibreLibrary {
    /// The schema versions (`PRAGMA user_version`) of the Calibre releases this reads: 2.x to 8.x
    /// write 20 to 27.
    static let schemaVersions = 20...27
    /// The longest value SQLite may make while reading (as for a Kobo's database).
    static let valueBytes: Int32 = 16 << 20
    /// The placeholder Calibre writes for a book with no author.
    static let unknownAuthors: Set<String> = ["unknown", "inconnu", "unbekannt", "desconocido", "sconosciuto"]

    /// Reads the library at `url` (its folder, or its `metadata.db`).
    package static func read(libraryAt url: URL) throws -> ImportFile {
        let shown = url.relativePathForDisplay
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw ImportError.noSuchFile(path: shown)
        }
        let database = isFolder.boolValue ? url.appendingPathComponent("metadata.db") : url
        let library = database.deletingLastPathComponent()
        guard ImportInput.isRegular(at: database) else {
            throw ImportError.notCalibre(path: shown, reason: "it holds no metadata.db")
        }
        let path = database.relativePathForDisplay
        guard !ForeignDatabase.isBeingWritten(database) else { throw ImportError.calibreWriting(path: path) }
        return try readCopy(shownAs: path, library: library) { copied in
            // With what Calibre wrote ahead of the database, when it keeps a write-ahead log.
            try ForeignDatabase.copy(database, to: copied, with: ["-wal"])
        }
    }

    /// Reads a `metadata.db` given as bytes (no library folder: no covers).
    package static func read(bytes: Data) throws -> ImportFile {
        try readCopy(shownAs: "metadata.db", library: nil) { url in try bytes.write(to: url) }
    }

    /// Reads the `metadata.db` that `write` makes in a temporary folder of its own, removed after.
    private static func readCopy(shownAs path: String, library: URL?, _ write: (URL) throws -> Void) throws
        -> ImportFile
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bookplate-calibre-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("metadata.db")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try write(url)
        } catch {
            throw ImportError.unreadable(path: path)
        }
        return try read(databaseAt: url, shownAs: path, library: library)
    }

    /// Reads the database at `url` (a copy the caller owns), naming it `path`; covers are looked
    /// for in `library`, when there is one.
    private static func read(databaseAt url: URL, shownAs path: String, library: URL?) throws -> ImportFile {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size > 0 else { throw ImportError.notCalibre(path: path, reason: "metadata.db is empty") }
        return try ForeignDatabase.read(
            url, label: "Calibre", valueBytes: CalibreLibrary.valueBytes,
            writing: { ImportError.calibreWriting(path: path) },
            unusable: { ImportError.notCalibre(path: path, reason: $0) }
        ) { db in try read(db, path: path, library: library) }
    }

    private static func read(_ db: Database, path: String, library: URL?) throws -> ImportFile {
        let tables = Set(try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master WHERE type = 'table'"))
        let needed = [
            "books", "authors", "books_authors_link", "series", "books_series_link", "tags", "books_tags_link",
            "ratings", "books_ratings_link", "publishers", "books_publishers_link", "languages",
            "books_languages_link", "identifiers", "comments",
        ]
        let missing = needed.filter { !tables.contains($0) }
        guard tables.contains("books"), tables.contains("books_authors_link") else {
            throw ImportError.notCalibre(path: path, reason: "it has no books table")
        }
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard missing.isEmpty, schemaVersions.contains(version) else {
            throw ImportError.calibreSchema(path: path, version: version)
        }
        var books: [Int64: CalibreBook] = [:]
        var order: [Int64] = []
        let bookFields = [
            ("title", "the title"), ("timestamp", "the date added"), ("pubdate", "the date published"),
            ("series_index", "the series index"), ("path", "the book's folder"), ("uuid", "the uuid"),
            ("has_cover", "the cover flag"),
        ]
        for row in try CalibreQuery(
            from: "books b", rows: "b", book: "b.id", fields: bookFields.map { ("b.\($0)", $1) }, order: "b.id"
        ).fetchAll(db) {
            guard let id = number(row.book) else { continue }
            let value = row.values
            order.append(id)
            books[id] = CalibreBook(
                id: id, title: text(value[0]), timestamp: text(value[1]), pubdate: text(value[2]),
                seriesIndex: real(value[3]), path: text(value[4]), uuid: text(value[5]),
                hasCover: number(value[6]) == 1)
            books[id]?.note(dropped: row.dropped)
        }
        guard !order.isEmpty else { throw ImportError.empty(source: .calibre) }
        func each(_ query: CalibreQuery, _ body: (inout CalibreBook, [DatabaseValue]) -> Void) throws {
            for row in try query.fetchAll(db) {
                guard let id = number(row.book), var book = books[id] else { continue }
                body(&book, row.values)
                book.note(dropped: row.dropped)
                books[id] = book
            }
        }
        try each(
            CalibreQuery(
                from: "books_authors_link l JOIN authors a ON a.id = l.author", rows: "l", book: "l.book",
                fields: [("a.name", "an author's name"), ("a.sort", "an author's sort name")], order: "l.id")
        ) { book, value in
            if let name = text(value[0]) { book.authors.append((name, text(value[1]))) }
        }
        try each(
            CalibreQuery(
                from: "books_series_link l JOIN series s ON s.id = l.series", rows: "l", book: "l.book",
                fields: [("s.name", "the series")], order: "l.id")
        ) { book, value in
            if let name = text(value[0]), book.series == nil { book.series = name }
        }
        try each(
            CalibreQuery(
                from: "books_tags_link l JOIN tags t ON t.id = l.tag", rows: "l", book: "l.book",
                fields: [("t.name", "a tag")], order: "t.name")
        ) { book, value in
            if let name = text(value[0]) { book.tags.append(name) }
        }
        try each(
            CalibreQuery(
                from: "books_ratings_link l JOIN ratings r ON r.id = l.rating", rows: "l", book: "l.book",
                fields: [("r.rating", "the rating")])
        ) { book, value in
            book.rating = number(value[0]).map { Int(clamping: $0) }
        }
        try each(
            CalibreQuery(
                from: "books_publishers_link l JOIN publishers p ON p.id = l.publisher", rows: "l", book: "l.book",
                fields: [("p.name", "the publisher")], order: "l.id")
        ) { book, value in
            if book.publisher == nil { book.publisher = text(value[0]) }
        }
        try each(
            CalibreQuery(
                from: "books_languages_link l JOIN languages g ON g.id = l.lang_code", rows: "l", book: "l.book",
                fields: [("g.lang_code", "the language")], order: "l.item_order")
        ) { book, value in
            if book.language == nil { book.language = text(value[0]) }
        }
        try each(
            CalibreQuery(
                from: "identifiers i", rows: "i", book: "i.book",
                fields: [("i.type", "an identifier's type"), ("i.val", "an identifier")], order: "i.id")
        ) { book, value in
            if let type = text(value[0])?.lowercased(), let value = text(value[1]) {
                book.identifiers.append((type, value))
            }
        }
        try each(
            CalibreQuery(from: "comments c", rows: "c", book: "c.book", fields: [("c.text", "the comments field")])
        ) {
            book, value in book.comments = text(value[0])
        }
        // The custom columns a reader makes for reading: `#read` (yes/no) and `#date_read` (a date).
        // One Calibre cannot have made, or cannot be read, is left out with a warning: the books
        // still come in (a column without its values refused the library, found by a review).
        var warnings: [RowWarning] = []
        for column in try CalibreCustomColumn.reading(in: db, tables: tables, warnings: &warnings) {
            let query = CalibreQuery(
                from: "\(column.table) c", rows: "c", book: "c.book", fields: [("c.value", "#\(column.label)")])
            do {
                switch column.label {
                case "read":
                    try each(query) { book, value in book.read = number(value[0]).map { $0 != 0 } }
                default:
                    try each(query) { book, value in book.dateRead = text(value[0]) }
                }
            } catch let error as DatabaseError {
                warnings.append(column.unreadable(error))
            }
        }
        var records: [ImportRecord] = []
        var skipped: [SkippedRow] = []
        for id in order {
            guard let book = books[id] else { continue }
            do {
                records.append(try record(book, library: library).withinLimits())
            } catch let problem as RowProblem {
                skipped.append(SkippedRow(line: Int(id), reason: problem.reason))
            }
        }
        return ImportFile(source: .calibre, records: records, skipped: skipped, warnings: warnings)
    }

    /// A value as a whole number, nil where it is none: a crafted `metadata.db` may hold text, a
    /// fraction or NULL in any column, where GRDB's typed reads stop the program.
    private static func number(_ value: DatabaseValue) -> Int64? {
        switch value.storage {
        case .int64(let number): number
        case .double(let number): Int64(exactly: number)
        case .string(let text): Int64(text.trimmingCharacters(in: .whitespaces))
        case .blob, .null: nil
        }
    }

    /// A value as a number, nil where it is none (as ``number(_:)``).
    private static func real(_ value: DatabaseValue) -> Double? {
        switch value.storage {
        case .int64(let number): Double(number)
        case .double(let number): number
        case .string(let text): Double(text.trimmingCharacters(in: .whitespaces))
        case .blob, .null: nil
        }
    }

    /// A value as text: trimmed, nil when empty; numbers as Calibre would show them.
    private static func text(_ value: DatabaseValue) -> String? {
        guard let trimmed = ForeignValue(value).text?.trimmingCharacters(in: .whitespacesAndNewlines),
            !trimmed.isEmpty
        else { return nil }
        return trimmed
    }

    /// The record of one book.
    static func record(_ book: CalibreBook, library: URL?) throws -> ImportRecord {
        guard let title = book.title else {
            throw RowProblem(
                book.dropped.contains("the title") ? "its title is over 16 MB, more than an import reads" : "no title")
        }
        var warnings = book.dropped.map { "\($0) is over 16 MB, more than an import reads: left out" }
        // Calibre keeps a comma in an author's name as "|"; "Unknown" is its word for no author.
        let authors = book.authors.map { name, sort in
            let name = name.replacingOccurrences(of: "|", with: ",")
            var author = NewAuthor(name: name)
            author.sortName = sort.flatMap { setByReader(ControlSequences.cleanedForStorage($0), for: name) }
            return author
        }.filter { !unknownAuthors.contains($0.name.lowercased()) }
        var seen = Set<String>()
        let series = book.series.map { name in
            [SeriesPlace(name: name, position: book.seriesIndex.flatMap(position(_:)))]
        }
        let tagStatus = book.tags.lazy.compactMap(ImportValues.status(fromShelf:)).first
        let finished = book.dateRead.flatMap { day($0, column: "#date_read", warnings: &warnings) }
        let status: ReadingStatus = book.read == true || finished != nil ? .read : tagStatus ?? .toRead
        var ids: [String: String] = [:]
        var isbnCells: [(String?, column: String)] = []
        var google: String?
        var edition: String?
        for (type, value) in book.identifiers {
            switch type {
            case "isbn": isbnCells.append((value, "identifier isbn"))
            case "google":
                if value.count <= 40,
                    value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) })
                {
                    google = value
                } else {
                    warnings.append("identifier google '\(ImportValues.shown(value))' is no Google Books id: left out")
                }
            case "goodreads", "librarything":
                if value.count <= 20, value.allSatisfy(\.isASCIIDigit) {
                    ids[type] = value
                } else {
                    warnings.append("identifier \(type) '\(ImportValues.shown(value))' is not a number: left out")
                }
            case "openlibrary":
                if let key = OpenLibraryKey.valid(value, kind: "M") {
                    edition = key
                } else {
                    warnings.append(
                        "identifier openlibrary '\(ImportValues.shown(value))' is no Open Library edition: left out")
                }
            default: continue
            }
        }
        let rating: Rating? = book.rating.flatMap { value in
            value <= 0
                ? nil
                : ImportValues.rating(
                    stars: Double(value) / 2, text: "\(value) of 10", column: "rating", warnings: &warnings)
        }
        let description = book.comments.map(HTMLAllowList.sanitize).flatMap { $0.showsText ? $0 : nil }
        let newBook = NewBook(
            title: title, authors: authors.filter { seen.insert($0.name.lowercased()).inserted },
            isbn: ImportValues.isbn(isbnCells, warnings: &warnings), publisher: book.publisher,
            publishedDate: book.pubdate.flatMap { month($0, warnings: &warnings) },
            language: book.language.flatMap(LanguageCode.tag(parsing:)), description: description,
            status: status, rating: rating, finishedDate: status == .read ? finished : nil,
            shelves: book.tags.filter { ImportValues.status(fromShelf: $0) == nil },
            googleVolumeID: google, openLibraryEditionKey: edition, series: series ?? [])
        var record = ImportRecord(
            line: Int(book.id), book: newBook, sourceID: book.uuid, addedAt: book.timestamp.flatMap(moment),
            externalIDs: ids, warnings: warnings)
        if book.hasCover, let library {
            switch coverFile(of: book, in: library) {
            case .success(let url): record.coverFile = url
            case .failure(let problem): record.warnings.append(problem.reason)
            }
        }
        return record
    }

    /// Calibre's sort name for an author when the reader set it: the one Calibre makes itself (the
    /// name's last word first, or the name as it is) is none, and the library's own filing, which
    /// knows "Le Guin" and "刘慈欣", stands.
    static func setByReader(_ sort: String, for name: String) -> String? {
        let sort = sort.replacingOccurrences(of: "|", with: ",")
        var words = name.split(separator: " ").map(String.init)
        guard sort != name, let last = words.popLast() else { return nil }
        let made = ([last + (words.isEmpty ? "" : ",")] + words).joined(separator: " ")
        let suffixed =
            words.count > 1 ? ([words[words.count - 1] + ","] + words.dropLast() + [last]).joined(separator: " ") : ""
        return sort == made || sort == suffixed ? nil : sort
    }

    /// A series index as a place: 1.0 is 1, 2.5 is 2.5.
    private static func position(_ index: Double) -> SeriesPosition? {
        guard index.isFinite, index >= 0 else { return nil }
        return SeriesPosition(parsing: String(format: "%.3f", index))
    }

    /// The month of Calibre's `pubdate` (`1969-03-02 00:00:00+00:00`). Calibre keeps a date with
    /// no time so that its month survives any time zone, moving a 1st to the 2nd and a month's last
    /// day to the day before: its day is not the one the reader set, its month is. Calibre writes
    /// 0101-01-01 for a date it does not know, which is none.
    private static func month(_ text: String, warnings: inout [String]) -> PartialDate? {
        guard !text.hasPrefix("0101-01-01") else { return nil }
        let parts = text.prefix(7).split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
            let date = try? PartialDate(year: year, month: month)
        else {
            warnings.append("pubdate '\(ImportValues.shown(text))' is not a date: imported without it")
            return nil
        }
        return date
    }

    /// The day of a moment Calibre keeps (`#date_read`) where the reader is.
    private static func day(_ text: String, column: String, warnings: inout [String]) -> PartialDate? {
        guard !text.hasPrefix("0101-01-01") else { return nil }
        guard let moment = moment(text) else {
            warnings.append("\(column) '\(ImportValues.shown(text))' is not a date: imported without it")
            return nil
        }
        return PartialDate.day(of: moment, in: TimeZone.fromEnvironment())
    }

    /// The moment of a Calibre timestamp, to the second.
    private static func moment(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withTimeZone]
        var plain = text.replacingOccurrences(of: " ", with: "T")
        // Fractions of a second are dropped: "2024-01-02T10:11:12.123456+00:00".
        if let dot = plain.firstIndex(of: "."), let zone = plain[dot...].firstIndex(where: { $0 == "+" || $0 == "-" }) {
            plain.removeSubrange(dot..<zone)
        }
        guard let date = formatter.date(from: plain), date > Date(timeIntervalSince1970: -62_000_000_000) else {
            return nil
        }
        return date
    }

    /// The book's `cover.jpg` inside the library, or why it is left out: a book path that leaves
    /// the library (`..`, an absolute path) or passes through a link is never followed.
    static func coverFile(of book: CalibreBook, in library: URL) -> Result<URL, RowProblem> {
        let refused = RowProblem("its cover is left out: its path in the library is not a folder inside it")
        guard let path = book.path, !path.hasPrefix("/"), !path.contains("\\") else { return .failure(refused) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return .failure(refused) }
        var url = library
        var info = stat()
        for part in parts.map(String.init) + ["cover.jpg"] {
            url.appendPathComponent(part)
            guard lstat(url.path, &info) == 0 else {
                return .failure(
                    RowProblem("its cover is left out: Calibre lists one, and there is no \(path)/cover.jpg"))
            }
            guard info.st_mode & S_IFMT != S_IFLNK else {
                return .failure(RowProblem("its cover is left out: \(path)/cover.jpg passes through a link"))
            }
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(refused) }
        return .success(url)
    }
}

/// A book as Calibre's tables hold it.
struct CalibreBook {
    var id: Int64
    var title: String?
    var timestamp: String?
    var pubdate: String?
    var seriesIndex: Double?
    var path: String?
    var uuid: String?
    var hasCover: Bool
    /// Each author's name, and the sort name Calibre keeps for them.
    var authors: [(String, String?)] = []
    var series: String?
    var tags: [String] = []
    var rating: Int?
    var publisher: String?
    var language: String?
    var identifiers: [(String, String)] = []
    var comments: String?
    var read: Bool?
    var dateRead: String?
    /// The fields whose value was too long to read (``CalibreQuery``), as a warning names them.
    var dropped: [String] = []

    /// Remembers the fields left out of one of the book's rows.
    mutating func note(dropped fields: [String]) {
        dropped += fields.filter { !dropped.contains($0) }
    }
}
