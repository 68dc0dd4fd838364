import BookplateCore
import BookplateLibrary
import Foundation
import GRDB

/// Reads Apple Books' two Core Data stores: the library (`BKLibrary/BKLibrary-*.sqlite`, table
/// `ZBKLIBRARYASSET`, a row a book) and the annotations (`AEAnnotation/AEAnnotation_*.sqlite`,
/// table `ZAEANNOTATION`, a row a highlight, note or bookmark), joined by the book's asset id.
///
/// The stores are never changed, not even by a journal beside them: each is copied, with the
/// write-ahead log and shared memory the live store keeps beside it, into a temporary folder,
/// and the copy is read. A store with a rollback journal beside it is in the middle of a write,
/// and is refused as locked rather than read half-written.
///
/// Books are numbered by their row's `Z_PK`, highlights by theirs. What each column becomes is
/// in the README ("Highlights from Apple Books"); in short:
/// - a book is read when Apple Books has it finished (on the day `ZDATEFINISHED` says), reading
///   when its progress is above 0, else to read; its asset id is the import's own id for it;
/// - samples are left out, and so are PDFs (a PDF keeps its highlights in the file, and is most
///   often a document, not a book), each counted with their highlights in ``AppleBooksExport``;
///   audiobooks come in as audiobooks;
/// - deleted annotations, bookmarks and the reading position (no passage) are left out without
///   a word; a note with no passage is skipped, as Bookplate keeps a note only on its passage.
package enum AppleBooksLibrary {
    /// The longest value SQLite may make while reading (as for a Kobo's database).
    static let valueBytes: Int32 = 16 << 20
    /// `ZCONTENTTYPE` of a PDF.
    static let pdfContentType = 3

    /// Reads the stores at `path`: Apple Books' `Documents` folder (or the container above it),
    /// which holds both, or the library store itself with the annotation store `annotations`
    /// (when nil, the one in `../AEAnnotation/` beside the library's folder).
    package static func read(_ path: URL, annotations: URL? = nil) throws -> AppleBooksExport {
        let (library, annotations) = try stores(at: path, annotations: annotations)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bookplate-apple-books-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ImportError.unreadable(path: folder.relativePathForDisplay)
        }
        let libraryCopy = try copy(library, to: folder.appendingPathComponent("library.sqlite"))
        let annotationsCopy = try copy(annotations, to: folder.appendingPathComponent("annotations.sqlite"))
        var books = try open(libraryCopy, shownAs: library.relativePathForDisplay) { db, path in
            try readBooks(db, path: path)
        }
        let highlights = try open(annotationsCopy, shownAs: annotations.relativePathForDisplay) { db, path in
            try readHighlights(db, path: path, books: &books)
        }
        return AppleBooksExport(
            books: ImportFile(source: .appleBooks, records: books.records, skipped: books.skipped),
            highlights: highlights, samplesLeftOut: books.samples, pdfsLeftOut: books.pdfs,
            highlightsLeftOut: books.highlightsLeftOut)
    }

    /// The library store and the annotation store that `path` (and `annotations`) name.
    static func stores(at path: URL, annotations: URL?) throws -> (library: URL, annotations: URL) {
        let shown = path.relativePathForDisplay
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder) else {
            throw ImportError.noSuchFile(path: shown)
        }
        if isFolder.boolValue {
            guard annotations == nil else {
                throw ImportError.notAppleBooks(
                    path: shown, reason: "--annotations goes with the library store, not with a folder")
            }
            // The container (`com.apple.iBooksX`) or its `Data` folder lead to `Documents`.
            let documents =
                ["Data/Documents", "Documents", ""].lazy.map { path.appendingPathComponent($0, isDirectory: true) }
                .first { isFolderThere($0.appendingPathComponent("BKLibrary")) } ?? path
            let library = try store(
                in: documents.appendingPathComponent("BKLibrary"), prefix: "BKLibrary", shownFolder: shown)
            let annotations = try store(
                in: documents.appendingPathComponent("AEAnnotation"), prefix: "AEAnnotation", shownFolder: shown)
            return (library, annotations)
        }
        guard ImportInput.isRegular(at: path) else {
            throw ImportError.notAppleBooks(path: shown, reason: "a pipe is not a database file SQLite can open")
        }
        if let annotations {
            try ImportError.checkIsAFile(annotations)
            guard ImportInput.isRegular(at: annotations) else {
                throw ImportError.notAppleBooks(
                    path: annotations.relativePathForDisplay, reason: "a pipe is not a database file SQLite can open")
            }
            return (path, annotations)
        }
        let beside = path.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "AEAnnotation")
        guard isFolderThere(beside) else {
            throw ImportError.notAppleBooks(
                path: shown,
                reason: "no AEAnnotation folder beside its folder: give the annotation store with --annotations")
        }
        return (path, try store(in: beside, prefix: "AEAnnotation", shownFolder: shown))
    }

    private static func isFolderThere(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The one `PREFIX*.sqlite` in `folder`.
    private static func store(in folder: URL, prefix: String, shownFolder: String) throws -> URL {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let found = names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".sqlite") }.sorted()
        guard let first = found.first else {
            throw ImportError.notAppleBooks(
                path: shownFolder, reason: "it holds no \(folder.lastPathComponent)/\(prefix)*.sqlite")
        }
        guard found.count == 1 else {
            throw ImportError.notAppleBooks(
                path: shownFolder,
                reason:
                    "\(folder.lastPathComponent) holds \(found.count) stores (\(found.prefix(2).joined(separator: ", "))…): give the library store and --annotations"
            )
        }
        return folder.appendingPathComponent(first)
    }

    /// Copies the store at `url`, with its write-ahead log and shared memory, to `copy`: the
    /// files links lead to, never the links.
    private static func copy(_ url: URL, to copy: URL) throws -> URL {
        let shown = url.relativePathForDisplay
        guard !ForeignDatabase.isBeingWritten(url) else { throw ImportError.appleBooksWriting(path: shown) }
        let real = url.resolvingSymlinksInPath()
        guard ImportInput.isRegular(at: real) else {
            throw FileManager.default.fileExists(atPath: real.path)
                ? ImportError.notAppleBooks(
                    path: shown, reason: "it is no file SQLite can open, but a folder or a pipe")
                : ImportError.noSuchFile(path: shown)
        }
        do {
            // With its write-ahead log and shared memory, as a running Apple Books keeps them.
            try ForeignDatabase.copy(url, to: copy, with: ["-wal", "-shm"])
        } catch {
            throw ImportError.unreadable(path: shown)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: copy.path)[.size] as? Int) ?? 0
        guard size > 0 else { throw ImportError.notAppleBooks(path: shown, reason: "it is empty") }
        return copy
    }

    /// Opens the copy at `url` and reads it with `body`; SQLite's errors become one line naming
    /// `path`, the store the copy was made of.
    private static func open<T>(_ url: URL, shownAs path: String, _ body: (Database, String) throws -> T) throws -> T {
        try ForeignDatabase.read(
            url, label: "Apple Books", valueBytes: AppleBooksLibrary.valueBytes, busyTimeout: 1,
            writing: { ImportError.appleBooksWriting(path: path) },
            unusable: { ImportError.notAppleBooks(path: path, reason: $0) }
        ) { db in try body(db, path) }
    }

    /// The lowercased names of `table`'s columns; none when there is no such table.
    private static func columns(of table: String, in db: Database) throws -> Set<String> {
        guard try db.tableExists(table) else { return [] }
        return Set(try db.columns(in: table).map { $0.name.uppercased() })
    }

    /// `SELECT` of `wanted`, NULL for a column the table lacks (an older Apple Books).
    private static func select(_ wanted: [String], from table: String, columns: Set<String>) -> String {
        let selected = wanted.map { columns.contains($0) ? "\"\($0)\"" : "NULL" }.joined(separator: ", ")
        let order = columns.contains("Z_PK") ? " ORDER BY \"Z_PK\"" : ""
        return "SELECT \(selected) FROM \"\(table)\"\(order)"
    }

    // MARK: Books

    private static func readBooks(_ db: Database, path: String) throws -> AppleBooksCatalog {
        let columns = try columns(of: "ZBKLIBRARYASSET", in: db)
        guard !columns.isEmpty else {
            throw ImportError.notAppleBooks(
                path: path, reason: "it has no ZBKLIBRARYASSET table, as Apple Books' library store has")
        }
        guard columns.contains("ZASSETID"), columns.contains("ZTITLE") else {
            throw ImportError.notAppleBooks(path: path, reason: "its ZBKLIBRARYASSET table has no ZASSETID and ZTITLE")
        }
        let wanted = [
            "Z_PK", "ZASSETID", "ZTITLE", "ZAUTHOR", "ZLANGUAGE", "ZISFINISHED", "ZREADINGPROGRESS", "ZDATEFINISHED",
            "ZCREATIONDATE", "ZCONTENTTYPE", "ZISSAMPLE", "ZISSTOREAUDIOBOOK",
        ]
        var catalog = AppleBooksCatalog()
        let lines = try lines(of: "ZBKLIBRARYASSET", columns: columns, in: db)
        let rows = try Row.fetchCursor(db, sql: select(wanted, from: "ZBKLIBRARYASSET", columns: columns))
        var entry = 0
        while let row = try rows.next(), entry < lines.count {
            catalog.read(AppleBooksAsset(line: lines[entry], values: wanted.indices.map { ForeignValue(row[$0]) }))
            entry += 1
        }
        return catalog
    }

    // MARK: Highlights

    private static func readHighlights(_ db: Database, path: String, books: inout AppleBooksCatalog) throws
        -> HighlightFile
    {
        let columns = try columns(of: "ZAEANNOTATION", in: db)
        guard !columns.isEmpty else {
            throw ImportError.notAppleBooks(
                path: path, reason: "it has no ZAEANNOTATION table, as Apple Books' annotation store has")
        }
        guard columns.contains("ZANNOTATIONASSETID"), columns.contains("ZANNOTATIONSELECTEDTEXT") else {
            throw ImportError.notAppleBooks(
                path: path, reason: "its ZAEANNOTATION table has no ZANNOTATIONASSETID and ZANNOTATIONSELECTEDTEXT")
        }
        let wanted = [
            "Z_PK", "ZANNOTATIONASSETID", "ZANNOTATIONSELECTEDTEXT", "ZANNOTATIONNOTE", "ZANNOTATIONLOCATION",
            "ZANNOTATIONCREATIONDATE", "ZANNOTATIONMODIFICATIONDATE", "ZANNOTATIONDELETED",
        ]
        var reading = HighlightReading(source: .appleBooks)
        let lines = try lines(of: "ZAEANNOTATION", columns: columns, in: db)
        let rows = try Row.fetchCursor(db, sql: select(wanted, from: "ZAEANNOTATION", columns: columns))
        var entry = 0
        while let row = try rows.next(), entry < lines.count {
            let values = wanted.indices.map { ForeignValue(row[$0]) }
            readAnnotation(line: lines[entry], values: values, books: &books, into: &reading)
            entry += 1
        }
        return reading.file()
    }

    /// The number of each row of `table`, in the order of its `Z_PK`: its `Z_PK`, or, for a row whose
    /// `Z_PK` is no number Core Data gives or one a row before it has, a number after every row's.
    /// A crafted store's two rows of one number were one book to the highlights, which went on the
    /// other row's book (found by a review).
    private static func lines(of table: String, columns: Set<String>, in db: Database) throws -> [Int] {
        let wanted = try Row.fetchAll(db, sql: select(["Z_PK"], from: table, columns: columns)).map { row in
            ForeignValue(row[0]).wholeNumber.flatMap { $0 > 0 && $0 <= Int(Int32.max) ? $0 : nil }
        }
        var next = wanted.compactMap { $0 }.max() ?? 0
        var taken = Set<Int>()
        return wanted.map { line in
            if let line, taken.insert(line).inserted { return line }
            next += 1
            return next
        }
    }

    private static func readAnnotation(
        line: Int, values: [ForeignValue], books: inout AppleBooksCatalog, into reading: inout HighlightReading
    ) {
        guard !values[7].isTrue else { return }
        let asset = values[1].text?.trimmed ?? ""
        let known = books.books[asset]
        let name =
            known.map { "\"\(ImportValues.shown(ControlSequences.cleanedForStorage($0.title)))\"" }
            ?? "asset \(ImportValues.shown(asset))"
        for index in values.indices where values[index].hadBadBytes {
            reading.warn(line, "\(name): bytes that are not UTF-8 became \u{FFFD}")
        }
        let note = reading.kept(values[3].text, limit: HighlightReading.textCharacters, "the note", line: line)
        guard
            let passage = reading.kept(
                values[2].text, limit: HighlightReading.textCharacters, "the highlight", line: line)
        else {
            // A bookmark, or where the reader stopped: no passage, no note.
            if note != nil { reading.skip(line, "\(name): a note with no highlighted passage") }
            return
        }
        // The book comes first: the asset of a sample the reader then bought, or of a row skipped,
        // may be a book's too, whose highlights were left out with the sample (found by a review).
        if known == nil, books.leftOut[asset] != nil {
            books.highlightsLeftOut += 1
            return
        }
        if known == nil, let book = books.skippedAssets[asset] {
            reading.skip(line, "its book (book \(book)) was skipped")
            return
        }
        guard let known else {
            reading.skip(
                line,
                asset.isEmpty
                    ? "it names no book (ZANNOTATIONASSETID is empty)"
                    : "its book (asset \(ImportValues.shown(asset))) is not in the library store")
            return
        }
        var madeAt: Date?
        for (index, column) in [(5, "ZANNOTATIONCREATIONDATE"), (6, "ZANNOTATIONMODIFICATIONDATE")]
        where madeAt == nil && !values[index].isNull {
            madeAt = ForeignValue.coreDataMoment(values[index])
            if madeAt == nil {
                reading.warn(
                    line,
                    "\(name): \(column) '\(ImportValues.shown(values[index].text ?? ""))' is not a date: imported without it"
                )
            }
        }
        var location: String?
        if let cfi = values[4].text?.trimmed.nilIfEmpty {
            location = EPUBLocation.order(of: cfi)
            if location == nil {
                reading.warn(
                    line, "\(name): its location '\(ImportValues.shown(cfi))' is no EPUB CFI: ordered by its date")
            }
        }
        reading.add(
            ImportedHighlight(
                line: line, bookTitle: known.title, bookAuthor: known.authors.isEmpty ? nil : known.authors,
                highlight: NewHighlight(
                    text: passage, note: note, place: HighlightPlace(location: location), madeAt: madeAt,
                    source: .appleBooks),
                bookLine: known.line))
    }
}

/// What Apple Books' stores hold, as Bookplate takes it.
package struct AppleBooksExport: Sendable {
    package var books: ImportFile
    package var highlights: HighlightFile
    /// The titles of the samples left out.
    package var samplesLeftOut: [String]
    /// The titles of the PDFs left out.
    package var pdfsLeftOut: [String]
    /// The highlights of the samples and PDFs, left out with them.
    package var highlightsLeftOut: Int
}

/// The books of the library store as they are read, by asset id.
struct AppleBooksCatalog {
    struct Known {
        var line: Int
        var title: String
        /// Its authors as one name the highlights' matching reads ("A; B").
        var authors: String
    }

    var records: [ImportRecord] = []
    var skipped: [SkippedRow] = []
    var books: [String: Known] = [:]
    /// The assets left out, samples and PDFs.
    var leftOut: [String: Int] = [:]
    /// The lines of the books skipped, by asset id.
    var skippedAssets: [String: Int] = [:]
    var samples: [String] = []
    var pdfs: [String] = []
    var highlightsLeftOut = 0

    mutating func read(_ asset: AppleBooksAsset) {
        let title = asset.title
        if asset.isSample || asset.isPDF {
            if asset.isSample { samples.append(title ?? asset.id) } else { pdfs.append(title ?? asset.id) }
            if !asset.id.isEmpty { leftOut[asset.id] = asset.line }
            return
        }
        do {
            let record = try asset.record().withinLimits()
            records.append(record)
            if !asset.id.isEmpty, books[asset.id] == nil {
                books[asset.id] = Known(
                    line: asset.line, title: record.book.title,
                    authors: record.book.authors.map(\.name).joined(separator: "; "))
            }
        } catch {
            skipped.append(SkippedRow(line: asset.line, reason: (error as? RowProblem)?.reason ?? "\(error)"))
            if !asset.id.isEmpty { skippedAssets[asset.id] = asset.line }
        }
    }
}

/// One row of `ZBKLIBRARYASSET`.
struct AppleBooksAsset {
    var line: Int
    var values: [ForeignValue]

    var id: String { values[1].text?.trimmed ?? "" }
    var title: String? { values[2].text?.trimmed.nilIfEmpty }
    var isSample: Bool { values[10].isTrue }
    var isPDF: Bool { values[9].wholeNumber == AppleBooksLibrary.pdfContentType }

    /// How a warning names the book.
    var name: String {
        title.map { "\"\(ImportValues.shown(ControlSequences.cleanedForStorage($0)))\"" }
            ?? "the book of asset \(ImportValues.shown(id))"
    }

    func record() throws -> ImportRecord {
        guard let title else { throw RowProblem("asset \(ImportValues.shown(id)): no title") }
        var warnings: [String] = []
        for (index, column) in ["ZASSETID", "ZTITLE", "ZAUTHOR", "ZLANGUAGE"].enumerated()
        where values[index + 1].hadBadBytes {
            warnings.append("\(column) held bytes that are not UTF-8: each became \u{FFFD}")
        }
        var seen = Set<String>()
        let authors = Self.authorNames(values[3].text ?? "").map(NewAuthor.init(typed:)).filter {
            seen.insert($0.name.lowercased()).inserted
        }
        var language: String?
        if let text = values[4].text?.trimmed.nilIfEmpty {
            language = LanguageCode.tag(parsing: text)
            if language == nil { warnings.append("ZLANGUAGE '\(ImportValues.shown(text))' is no language: left out") }
        }
        var finished: PartialDate?
        if !values[7].isNull {
            if let moment = ForeignValue.coreDataMoment(values[7]) {
                finished = PartialDate.day(of: moment, in: TimeZone.fromEnvironment())
            } else {
                warnings.append(
                    "ZDATEFINISHED '\(ImportValues.shown(values[7].text ?? ""))' is not a date: imported without it")
            }
        }
        var progress = 0.0
        if !values[6].isNull {
            if let value = values[6].number, value.isFinite, value >= 0, value <= 1.0001 {
                progress = value
            } else {
                warnings.append(
                    "ZREADINGPROGRESS '\(ImportValues.shown(values[6].text ?? ""))' is no progress from 0 to 1: left out"
                )
            }
        }
        let status: ReadingStatus = values[5].isTrue ? .read : progress > 0 ? .reading : .toRead
        var addedAt: Date?
        if !values[8].isNull {
            addedAt = ForeignValue.coreDataMoment(values[8])
            if addedAt == nil {
                warnings.append(
                    "ZCREATIONDATE '\(ImportValues.shown(values[8].text ?? ""))' is not a date: imported without it")
            }
        }
        let book = NewBook(
            title: title, authors: authors, language: language, status: status,
            finishedDate: status == .read ? finished : nil, format: values[11].isTrue ? .audiobook : .ebook)
        return ImportRecord(
            line: line, book: book, sourceID: id.nilIfEmpty, addedAt: addedAt,
            warnings: warnings.map { "\(name): \($0)" })
    }

    /// The people Apple Books names in one text: "Kent Beck & Cynthia Andres", "Jim Webber, Savas
    /// Parastatidis, and Ian Robinson", "Le Guin, Ursula K." (one name, surname first).
    static func authorNames(_ text: String) -> [String] {
        var names: [String] = []
        var parts = [text]
        for separator in [";", " & ", ", and ", " and "] {
            parts = parts.reduce(into: []) { $0 += $1.components(separatedBy: separator) }
        }
        for part in parts {
            let name = part.trimmed
            guard !name.isEmpty else { continue }
            names += AuthorName.commaSeparated(name).map(AuthorName.joiningSuffixes) ?? [name]
        }
        return names
    }
}

extension ForeignValue {
    /// A Core Data time (seconds since 2001-01-01 UTC) as a moment; nil when it is none, or
    /// before 1970 or after 2100, which no reading is.
    static func coreDataMoment(_ value: ForeignValue) -> Date? {
        guard let seconds = value.number, seconds.isFinite, (-978_307_200...3_124_137_600).contains(seconds) else {
            return nil
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
}
