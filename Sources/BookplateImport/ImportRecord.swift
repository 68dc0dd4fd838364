import BookplateCore
import BookplateLibrary
import Foundation

extension ImportFile {
    /// Reads `data` as an export from `source`.
    public static func read(_ data: Data, as source: ImportSource) throws -> ImportFile {
        switch source {
        case .goodreads: try GoodreadsFormat.read(.bytes(data))
        case .storygraph: try StoryGraphFormat.read(.bytes(data))
        case .librarything: try LibraryThingFormat.read(.bytes(data))
        case .bookwyrm: try BookWyrmFormat.read(.bytes(data))
        case .bookplate: try BookplateJSONFormat.read(data)
        case .calibre: try CalibreLibrary.read(bytes: data)
        case .appleBooks:
            throw ImportError.notAppleBooks(path: "the file", reason: "Apple Books' stores are read from their files")
        }
    }

    /// Reads the file at `url` as an export from `source`: a spreadsheet export a few megabytes at
    /// a time, so that its bytes are never all in memory; Bookplate's JSON whole. With a `spool`,
    /// a spreadsheet's reviews are moved into it a batch at a time (see ``note(of:)``).
    public static func read(contentsOf url: URL, as source: ImportSource) throws -> ImportFile {
        try read(contentsOf: url, as: source, spool: nil)
    }

    package static func read(contentsOf url: URL, as source: ImportSource, spool: NoteSpool?) throws -> ImportFile {
        // A Calibre library is a folder (or its metadata.db), read as a database.
        if source == .calibre { return try CalibreLibrary.read(libraryAt: url) }
        // Apple Books' stores are a folder (or the library store), read as databases.
        if source == .appleBooks { return try AppleBooksLibrary.read(url).books }
        try ImportError.checkIsAFile(url)
        // Read front to back only, so that a pipe is read as a file is (see ``ImportInput``).
        let input = try ImportInput(opening: url)
        defer { input.close() }
        guard source != .bookplate else { return try read(try input.whole(), as: source) }
        var text: DelimitedText
        // A file saved as UTF-16 (as LibraryThing's tab-separated export and spreadsheets on
        // Windows save them), told by its byte-order mark: read whole and made UTF-8.
        let start = try input.read(upTo: 2)
        if UTF16Text.hasByteOrderMark(start) {
            switch UTF16Text.decode(start + (try input.whole())) {
            case .success(let decoded): text = DelimitedText.bytes(Data(decoded.utf8))
            case .failure(let problem): throw ImportError.brokenUTF16(path: input.path, reason: problem.description)
            }
        } else {
            // The bytes looked at come first, then the rest as it is read.
            var looked: Data? = start
            text = DelimitedText { wanted in
                guard let first = looked else { return try input.read(upTo: wanted) }
                looked = nil
                return first + (try input.read(upTo: max(wanted - first.count, 1)))
            }
        }
        text.spool = spool
        switch source {
        case .goodreads: return try GoodreadsFormat.read(text)
        case .storygraph: return try StoryGraphFormat.read(text)
        case .librarything: return try LibraryThingFormat.read(text)
        case .bookwyrm: return try BookWyrmFormat.read(text)
        case .bookplate, .calibre, .appleBooks: throw ImportError.unreadable(path: input.path)
        }
    }
}

extension ImportFile {
    /// Reads the rows of a delimited export and maps each to a record with `record`, a batch at a
    /// time on every core; a row it rejects with a ``RowProblem`` is listed as skipped with its
    /// line, beside the lines that could not be read as rows.
    init(
        source: ImportSource, text: DelimitedText, delimiter: Character, required: [String],
        restoresFormulas: Bool = false, record: @Sendable (CSVRow) throws -> ImportRecord
    ) throws {
        self.init(source: source, records: [], skipped: [])
        var records: [ImportRecord] = []
        var skipped: [SkippedRow] = []
        let spool = text.spool
        let unreadable = try CSVRow.read(
            text, delimiter: delimiter, source: source, required: required, restoresFormulas: restoresFormulas
        ) { rows in
            let results = Parallel.map(rows) { row in Result { try record(row).withinLimits() } }
            let firstOfBatch = records.count
            for (row, result) in zip(rows, results) {
                switch result {
                case .success(var mapped):
                    // A few bad bytes cost the reader a character, never the row.
                    mapped.warnings =
                        row.badColumns.map { "\($0) held bytes that are not UTF-8: each became \u{FFFD}" }
                        + mapped.warnings
                    records.append(mapped)
                case .failure(let problem as RowProblem):
                    skipped.append(SkippedRow(line: row.line, reason: problem.reason))
                case .failure(let error): throw error
                }
            }
            if let spool {
                let spooled = records.indices[firstOfBatch...].filter { records[$0].note != nil }
                let spans = try spool.append(spooled.map { records[$0].note ?? "" })
                for (index, span) in zip(spooled, spans) {
                    records[index].note = nil
                    records[index].spooledNote = span
                }
            }
        }
        self.records = records
        self.spool = spool
        self.skipped = (unreadable + skipped).sorted { $0.line < $1.line }
    }
}

/// Why an export file cannot be read at all.
public enum ImportError: Error, Equatable, CustomStringConvertible {
    case missingColumns(source: ImportSource, columns: [String])
    /// A file whose columns are separated by semicolons, as spreadsheets save CSV in many languages.
    case semicolons(source: ImportSource)
    /// A comma-separated file given where the export is tab-separated (LibraryThing's).
    case notTabSeparated(source: ImportSource)
    case empty(source: ImportSource)
    case notBookplateJSON(reason: String)
    case unreadable(path: String)
    /// A file that begins as UTF-16 does, but is none ("cannot be read: check the permissions").
    case brokenUTF16(path: String, reason: String)
    case noSuchFile(path: String)
    /// A folder named where an export file was wanted.
    case folder(path: String)
    /// A highlights export that is not one: `path` is nil where the reader was given bytes alone.
    case notHighlights(source: HighlightSource, path: String?, reason: String)
    /// A Kobo's `KoboReader.sqlite` that another program holds a lock on (the Kobo, or a program
    /// syncing it). Each source names its own program: this once named calibre for them all.
    case koboInUse(path: String)
    /// A Calibre library in the middle of a write by Calibre (a rollback journal beside it).
    case calibreWriting(path: String)
    /// A file or folder given as a Calibre library that is none.
    case notCalibre(path: String, reason: String)
    /// A Calibre library whose tables this Bookplate does not know (`PRAGMA user_version`).
    case calibreSchema(path: String, version: Int)
    /// A file or folder given as Apple Books' stores that is none, or lacks one of them.
    case notAppleBooks(path: String, reason: String)
    /// One of Apple Books' stores in the middle of a write (a rollback journal beside it).
    case appleBooksWriting(path: String)

    public var description: String {
        switch self {
        case .missingColumns(let source, let columns):
            "this is not a \(source.displayName) export: it has no \(columns.namedAsColumns); check the file and the format you named"
        case .semicolons(let source):
            "the columns of this \(source.displayName) file are separated by semicolons, as a spreadsheet saves CSV in some languages: import the file as exported, or save it again with commas"
        case .notTabSeparated(let source):
            "this \(source.displayName) file is comma-separated, not tab-separated as \(source.displayName) exports its library: export it again as tab-delimited text (.tsv) and import that"
        case .empty(.calibre):
            "the Calibre library has no books: nothing to import"
        case .empty(let source):
            "the \(source.displayName) export has no rows: check that it is the right file"
        case .notBookplateJSON(let reason):
            "this is not a Bookplate JSON export (\(reason)): give a file made by 'bookplate export --format json'"
        case .unreadable(let path):
            "\(path) cannot be read: check the path and its permissions"
        case .brokenUTF16(let path, let reason):
            "\(path) is UTF-16 text, but \(reason): export it again, or save it as UTF-8 and import that"
        case .noSuchFile(let path):
            "there is no file \(path): check its name (a path is read from the folder you run the command in)"
        case .folder(let path):
            "\(path) is a folder: give the export file itself"
        case .notHighlights(let source, let path, let reason):
            "\(path ?? "the file") is not \(source.exportName) (\(reason)): \(source.exportAdvice)"
        case .koboInUse(let path):
            "\(path) is in use by the Kobo or a program syncing it: eject the Kobo (or wait for the sync) and try again"
        case .calibreWriting(let path):
            "\(path) is in the middle of a write by Calibre: close Calibre (or wait for it to finish) and try again"
        case .notCalibre(let path, let reason):
            "\(path) is not a Calibre library (\(reason)): give the library's folder, the one that holds metadata.db"
        case .calibreSchema(let path, let version):
            "\(path) is a Calibre library of a version Bookplate does not read (schema \(version), "
                + "it reads \(CalibreLibrary.schemaVersions.lowerBound) to \(CalibreLibrary.schemaVersions.upperBound)): "
                + "open it in Calibre 2 to 8 and import it again"
        case .appleBooksWriting(let path):
            "\(path) is in the middle of a write by Apple Books: quit Apple Books (or wait for its sync) and try again"
        case .notAppleBooks(let path, let reason):
            "\(path) is not Apple Books' data (\(reason)): give Apple Books' Documents folder "
                + "(~/Library/Containers/com.apple.iBooksX/Data/Documents, copied from the Mac), or its "
                + "BKLibrary-*.sqlite with --annotations AEAnnotation_*.sqlite"
        }
    }

    /// The error with the file's path in it, for a reader that was given the file's bytes alone.
    func naming(_ path: String) -> ImportError {
        guard case .notHighlights(let source, nil, let reason) = self else { return self }
        return .notHighlights(source: source, path: path, reason: reason)
    }
}

extension [String] {
    /// Columns as an error names them: "Title column", "Title and Author columns", "Title,
    /// Author and Date columns" ("no Title, Author column" read as one column's name).
    var namedAsColumns: String {
        guard let last, count > 1 else { return (first ?? "") + " column" }
        return dropLast().joined(separator: ", ") + " and " + last + " columns"
    }
}

extension HighlightSource {
    public var displayName: String {
        switch self {
        case .kindle: "Kindle"
        case .kobo: "Kobo"
        case .koreader: "KOReader"
        case .readwise: "Readwise"
        case .appleBooks: "Apple Books"
        case .reader: "Bookplate"
        }
    }

    /// What a warning or a skipped entry is numbered by: the file's lines, or the entries of a
    /// JSON export or a database, counted from 1 in the order the file keeps them.
    public var entryName: String {
        switch self {
        case .kindle, .readwise, .reader: "line"
        case .kobo, .koreader: "entry"
        case .appleBooks: "annotation"
        }
    }

    /// The file this source's reader takes, as an error names it.
    var exportName: String {
        switch self {
        case .kindle: "a Kindle clippings file"
        case .kobo: "a Kobo database"
        case .koreader: "a KOReader highlights export"
        case .readwise: "a Readwise export"
        case .appleBooks: "Apple Books' annotation store"
        case .reader: "a highlights export"
        }
    }

    /// Where to find the file the reader takes.
    var exportAdvice: String {
        switch self {
        case .kindle: "give the Kindle's documents/My Clippings.txt"
        case .kobo: "give KoboReader.sqlite from the device's .kobo folder"
        case .koreader: "export them in KOReader (Export highlights, as JSON) and give that file"
        case .readwise: "export your highlights from Readwise as CSV and give that file"
        case .appleBooks: "give Apple Books' Documents folder (`import apple-books FOLDER`)"
        case .reader: "Bookplate reads the highlights of kindle, kobo, koreader and readwise files"
        }
    }
}

extension ImportSource {
    public var displayName: String {
        switch self {
        case .goodreads: "Goodreads"
        case .storygraph: "StoryGraph"
        case .librarything: "LibraryThing"
        case .bookwyrm: "BookWyrm"
        case .bookplate: "Bookplate"
        case .calibre: "Calibre"
        case .appleBooks: "Apple Books"
        }
    }
}

/// A row's cells by column name (case and surrounding space ignored).
struct CSVRow: Sendable {
    let line: Int
    let cells: [String: String]
    /// The columns whose bytes were not UTF-8 (read with U+FFFD in their place), as the header
    /// names them.
    var badColumns: [String] = []
    /// Whether cells were neutralised for spreadsheets (see ``SpreadsheetCell``) and are read back.
    var restoresFormulas = false

    subscript(_ column: String) -> String? {
        cells[column.lowercased()].flatMap {
            let trimmed = (restoresFormulas ? SpreadsheetCell.restored($0) : $0).trimmed
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    /// The cell as Markdown text: trimmed as a block (``String/trimmedAsBlock``), so that a
    /// review's first line keeps its indentation.
    func block(_ column: String) -> String? {
        untrimmed(column).flatMap {
            let trimmed = $0.trimmedAsBlock
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    /// The cell as the file has it, formulas restored.
    func untrimmed(_ column: String) -> String? {
        cells[column.lowercased()].map { restoresFormulas ? SpreadsheetCell.restored($0) : $0 }
    }

    /// Reads delimited text with a header row, checks the required columns, and hands the rows
    /// to `batch` a few thousand at a time as they are read: a file's rows are never all in
    /// memory at once (50,000 Goodreads rows held 168 MB as parsed fields and again as rows).
    /// Returns the lines that could not be read as rows.
    static func read(
        _ text: DelimitedText, delimiter: Character, source: ImportSource, required: [String],
        restoresFormulas: Bool = false, batchSize: Int = 2_000, batch: ([CSVRow]) throws -> Void
    ) throws -> [SkippedRow] {
        var names: [String]?
        var shownNames: [String] = []
        var rows: [CSVRow] = []
        var bad: [SkippedRow] = []
        var parser = CSVParser(delimiter: delimiter.asciiValue ?? UInt8(ascii: ","))
        parser.quotesOnlyWholeFieldsOnALine = delimiter == "\t"
        try text.forEachPiece { bytes, line, isEnd in
            try parser.parse(bytes, from: line, isEnd: isEnd) { record in
                guard let names else {
                    let header = record.fields.map { $0.trimmed.lowercased() }
                    let missing = required.filter { !header.contains($0.lowercased()) }
                    guard missing.isEmpty else {
                        // A spreadsheet in many languages saves "CSV" with semicolons: the columns
                        // are there, and "no Title column" said otherwise (found by an exploratory
                        // session).
                        let byOther = (record.fields.first ?? "").split(separator: ";").map { $0.trimmed.lowercased() }
                        if delimiter == ",", required.allSatisfy({ byOther.contains($0.lowercased()) }) {
                            throw ImportError.semicolons(source: source)
                        }
                        // And a CSV file given for LibraryThing's tab-separated one is read as one
                        // column (it said "no Title column", as above).
                        let byCommas = (record.fields.first ?? "").split(separator: ",").map {
                            $0.trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
                        }
                        if delimiter == "\t", required.allSatisfy({ byCommas.contains($0.lowercased()) }) {
                            throw ImportError.notTabSeparated(source: source)
                        }
                        throw ImportError.missingColumns(source: source, columns: missing)
                    }
                    names = header
                    shownNames = record.fields.map(\.trimmed)
                    return
                }
                if record.isUnterminated {
                    bad.append(
                        SkippedRow(
                            line: record.line,
                            reason: "a quoted field never closes: the file may be cut off from here on"))
                    return
                }
                var cells: [String: String] = [:]
                cells.reserveCapacity(names.count)
                for (index, name) in names.enumerated() where index < record.fields.count && cells[name] == nil {
                    cells[name] = record.fields[index]
                }
                let badColumns = record.badFields.map {
                    shownNames.indices.contains($0) ? shownNames[$0] : "column \($0 + 1)"
                }
                rows.append(
                    CSVRow(
                        line: record.line, cells: cells, badColumns: badColumns, restoresFormulas: restoresFormulas))
                if rows.count >= batchSize {
                    try batch(rows)
                    rows.removeAll(keepingCapacity: true)
                }
            }
        }
        guard names != nil else { throw ImportError.empty(source: source) }
        if !rows.isEmpty { try batch(rows) }
        return bad
    }
}

/// Helpers the formats share.
enum ImportValues {
    /// `="0441172717"`, `[0441172717]` or plain digits; nil when empty or not a valid ISBN.
    static func isbn(_ cell: String?) -> ISBN? {
        isbnText(cell).flatMap(ISBN.parse)
    }

    /// The first valid ISBN of `cells` (each with its column's name), in order. When none is
    /// valid, each cell that holds something else is named in a warning: the row goes in
    /// without an ISBN. (One taken from another column needs no warning.)
    static func isbn(_ cells: [(String?, column: String)], warnings: inout [String]) -> ISBN? {
        var invalid: [String] = []
        for (cell, column) in cells {
            guard let text = isbnText(cell) else { continue }
            if let isbn = ISBN.parse(text) { return isbn }
            invalid.append("\(column) '\(shown(text))'")
        }
        if !invalid.isEmpty {
            warnings.append(
                "\(invalid.joined(separator: " and ")) \(invalid.count == 1 ? "is not a valid ISBN" : "are not valid ISBNs"): imported without one"
            )
        }
        return nil
    }

    /// The cell without the spreadsheet quoting Goodreads wraps ISBNs in (`="0441172717"`); nil
    /// when nothing is left.
    private static func isbnText(_ cell: String?) -> String? {
        guard let cell else { return nil }
        let text = String(cell.unicodeScalars.filter { !"=\"[] ".unicodeScalars.contains($0) })
        return text.isEmpty ? nil : text
    }

    /// A date as `2024/03/15`, `2024-03-15`, `2024/03` or `2024`; an impossible one is left out
    /// with a warning, and the row keeps the rest.
    static func date(_ cell: String?, column: String, warnings: inout [String]) -> PartialDate? {
        guard let cell else { return nil }
        guard let date = try? PartialDate(parsing: cell) else {
            warnings.append("\(column) '\(shown(cell))' is not a date: imported without it")
            return nil
        }
        return date
    }

    /// A year column's cell (Goodreads' `Year Published`): a year of one to four digits, any the
    /// library takes (1 to 9999, as `read` and `add` do); else a date as ``date(_:column:warnings:)``
    /// reads it. Only four digits were a year, and Goodreads' 500 was "not a date" (found by an
    /// exploratory session).
    static func year(_ cell: String?, column: String, warnings: inout [String]) -> PartialDate? {
        guard let cell else { return nil }
        let digits = cell.numeralsInASCII.trimmingCharacters(in: .whitespaces)
        if (1...4).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), let year = Int(digits),
            let date = try? PartialDate(year: year)
        {
            return date
        }
        return date(cell, column: column, warnings: &warnings)
    }

    /// A cell as a warning quotes it: on one line, at most 40 characters.
    static func shown(_ cell: String) -> String {
        let words = cell.split { (character: Character) in
            character.isWhitespace || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
        let line = words.joined(separator: " ")
        return line.count > 40 ? line.prefix(40) + "…" : line
    }

    /// A rating of 0.25–5 in quarter stars (Goodreads gives whole stars, StoryGraph 4.5 or 3.75); 0
    /// or empty means none. One that is not a number of stars is left out with a warning, one
    /// between quarters goes to the nearest with a warning.
    static func rating(_ cell: String?, column: String, warnings: inout [String]) -> Rating? {
        guard let cell else { return nil }
        guard let value = Double(String(cell.map { $0 == "," ? "." : $0 })), value.isFinite else {
            warnings.append("\(column) '\(shown(cell))' is not a number: imported without a rating")
            return nil
        }
        if value == 0 { return nil }
        return rating(stars: value, text: cell, column: column, warnings: &warnings)
    }

    /// A rating from a number of stars, checked as a cell's would be.
    static func rating(stars value: Double, text: String, column: String, warnings: inout [String]) -> Rating? {
        let quarters = (value * 4).rounded()
        guard value.isFinite, Double(Rating.quarterRange.lowerBound) <= quarters,
            quarters <= Double(Rating.quarterRange.upperBound)
        else {
            warnings.append("\(column) '\(shown(text))' is not between 0.25 and 5: imported without a rating")
            return nil
        }
        guard let rating = try? Rating(quarters: Int(quarters)) else { return nil }
        if abs(value * 4 - quarters) > 1e-9 {
            warnings.append("\(column) '\(shown(text))' is not in quarter stars: imported as \(rating.text)")
        }
        return rating
    }

    /// A count from a cell (pages, reads): nil when empty or 0, as Goodreads writes none; anything
    /// but a whole number in `range` is left out with a warning.
    static func count(_ cell: String?, column: String, in range: ClosedRange<Int>, warnings: inout [String]) -> Int? {
        guard let cell, cell != "0" else { return nil }
        return count(Int(cell), text: cell, column: column, in: range, warnings: &warnings)
    }

    /// A count from a number (Bookplate's own export), checked as a cell's would be.
    static func count(_ value: Int?, column: String, in range: ClosedRange<Int>, warnings: inout [String]) -> Int? {
        guard let value else { return nil }
        return count(value, text: String(value), column: column, in: range, warnings: &warnings)
    }

    private static func count(
        _ value: Int?, text: String, column: String, in range: ClosedRange<Int>, warnings: inout [String]
    ) -> Int? {
        if let kept = range.admit(value) { return kept }
        warnings.append(
            "\(column) '\(shown(text))' is not a whole number from \(range.lowerBound) to \(range.upperBound): left out"
        )
        return nil
    }

    /// A comma-separated list, trimmed, without empty items or repeats.
    static func list(_ cell: String?) -> [String] {
        withoutRepeats((cell ?? "").split(separator: ",").map(\.trimmed))
    }

    /// A comma-separated list of names, as ``list(_:)`` reads it, but for a name that holds a
    /// comma before its suffix ("Martin Luther King, Jr.").
    static func names(_ cell: String?) -> [String] {
        withoutRepeats(AuthorName.joiningSuffixes((cell ?? "").split(separator: ",").map(\.trimmed)))
    }

    /// The authors a Goodreads or StoryGraph row credits, the first first, with the role Goodreads
    /// writes after a name taken off: "Edith Grossman (Translator)" is a translator, not an
    /// author, and is left out with a warning, as LibraryThing's translators are; "(Goodreads
    /// Author)" and "(Author)" stay authors, and so does the first whatever the role, an
    /// anthology's editor being who it is filed under. They were kept as authors named "Edith
    /// Grossman (Translator)", filed as "(Translator), Edith Grossman" and another person than
    /// Edith Grossman (found by an exploratory session).
    ///
    /// Only what names a role is one: a co-author whose name ends in other parentheses, "Cixin Liu
    /// (刘慈欣)", "Mark Twain (Samuel Clemens)" or "Jane Smith (1920-2001)", was left out as
    /// "credited as 刘慈欣" (found by a review); such a name is kept as written.
    static func credited(_ names: [String], column: String, warnings: inout [String]) -> [String] {
        var credited: [String] = []
        for (index, name) in names.enumerated() {
            let (person, role) = AuthorName.withoutRole(name)
            guard let role, isRole(role) else {
                credited.append(name)
                continue
            }
            if index > 0, !isAuthorship(role) {
                warnings.append("\(column) '\(shown(name))' is credited as \(shown(role)), not as an author: left out")
                continue
            }
            credited.append(person)
        }
        return withoutRepeats(credited)
    }

    /// Whether `text`, in parentheses after a name, names what the person did for the book, as
    /// Goodreads and StoryGraph write it: "Translator", "Series Editor", "Introduction",
    /// "Illustrations", "Goodreads Author", "Editor/Translator". A name, a date or another
    /// script's spelling of the name names none.
    static func isRole(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter })
        return !words.isEmpty && !text.contains(where: \.isNumber)
            && words.contains { word in roleStems.contains { word.hasPrefix($0) } || roleWords.contains(String(word)) }
    }

    /// Whether the role `text` is writing the book: "Goodreads Author", "Co-Author", and a
    /// comic's "Writer", "Co-Writer" or "Script". A graphic adaptation's writer, "Ari Folman
    /// (Writer)" beside its illustrator, was left out as no author (found by a review).
    private static func isAuthorship(_ text: String) -> Bool {
        let role = text.lowercased()
        return ["author", "writer", "script"].contains { role.contains($0) }
    }

    /// The beginnings of the words Goodreads' and StoryGraph's roles are made of.
    private static let roleStems = [
        "author", "translat", "editor", "edited", "illustrat", "introduc", "foreword", "afterword", "preface",
        "prologue", "epilogue", "narrat", "contribut", "compil", "adapt", "annotat", "comment", "cover", "design",
        "photograph", "artist", "artwork", "drawing", "pencil", "inker", "inks", "colorist", "colourist", "colors",
        "letterer", "lettering", "writer", "essay", "abridg", "retold", "reteller", "performer", "arrang", "creator",
        "script", "pseudonym", "ghostwriter", "collaborat", "transcri", "selected", "reader",
    ]

    /// The words of roles too short to be taken as the beginnings of others.
    private static let roleWords: Set<String> = ["ed", "eds", "trans", "tr", "illus", "ill", "art", "notes", "read"]

    private static func withoutRepeats(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// Review text made Markdown. Goodreads writes a review as one line of HTML (see
    /// ``ReviewMarkup``); a cell that has line breaks of its own (Bookplate's CSV export, a review
    /// edited in a spreadsheet) is Markdown already and taken as written, so that a note that
    /// speaks of `<br>` comes back as it was (it came back broken in two: found by an exploratory
    /// session). `isHTML` says which it is where the source knows better than its line breaks.
    static func review(_ cell: String?, isHTML: Bool? = nil) -> String? {
        guard let cell else { return nil }
        // Without control characters and escape sequences, as the library keeps lines of text: a
        // bell or a colour code in a review was kept in the note, and written into CSV exports.
        let hasLineBreaks = cell.utf8.contains { $0 == 0x0A || $0 == 0x0D }
        let text = ControlSequences.cleanedForStorage(
            lines: isHTML ?? !hasLineBreaks ? ReviewMarkup.markdown(fromReview: cell) : cell
        )
        .trimmedAsBlock
        return text.isEmpty ? nil : text + "\n"
    }

    /// "Le Guin, Ursula K." → "Ursula K. Le Guin".
    static func nameFromLastFirst(_ text: String) -> String {
        let parts = text.split(separator: ",", maxSplits: 1).map(\.trimmed)
        guard parts.count == 2, !parts[1].isEmpty else { return text }
        return "\(parts[1]) \(parts[0])"
    }

    /// What a shelf name says about reading status, when it says anything.
    static func status(fromShelf shelf: String) -> ReadingStatus? {
        switch String(shelf.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 }) {
        case "read": .read
        case "currently-reading", "reading": .reading
        case "to-read", "want-to-read", "wishlist": .toRead
        case "did-not-finish", "dnf", "abandoned": .abandoned
        default: nil
        }
    }
}

/// Delimited text, in memory or read from a file a piece at a time.
struct DelimitedText {
    /// The next bytes, about as many as asked for; empty at the end.
    let read: (Int) throws -> Data
    /// Where the records read from the text put their notes, when anywhere.
    var spool: NoteSpool?

    static let pieceSize = 4 * 1_048_576

    static func bytes(_ data: Data) -> DelimitedText {
        var given = false
        return DelimitedText { _ in
            defer { given = true }
            return given ? Data() : data
        }
    }

    /// Hands `body` the text a piece at a time, each with the line it starts on and whether it is
    /// the last; `body` says how many bytes it took (whole records) and the line the rest starts
    /// on, and the rest comes again with the next piece. A record longer than a piece makes the
    /// next read as long as what is waiting, so it is read again only a few times.
    func forEachPiece(
        _ body: (UnsafeRawBufferPointer, _ line: Int, _ isEnd: Bool) throws -> (consumed: Int, line: Int)
    ) throws {
        var waiting = Data()
        var line = 1
        var atStart = true
        while true {
            let piece = try read(max(Self.pieceSize, waiting.count))
            let isEnd = piece.isEmpty
            waiting.append(piece)
            if atStart {
                guard waiting.count >= CSVParser.byteOrderMark.count || isEnd else { continue }
                if waiting.starts(with: CSVParser.byteOrderMark) { waiting.removeFirst(CSVParser.byteOrderMark.count) }
                atStart = false
            }
            let (consumed, next) = try waiting.withUnsafeBytes { try body($0, line, isEnd) }
            line = next
            if isEnd { return }
            waiting = Data(waiting.dropFirst(consumed))
        }
    }
}

extension ImportError {
    /// Throws ``noSuchFile(path:)`` when nothing is at `url`, and ``folder(path:)`` when it is a
    /// folder (following a link): reading either failed with the unhelpful "cannot be read".
    static func checkIsAFile(_ url: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            // A name mistyped was "cannot be read: check the path and its permissions" (found by
            // an exploratory session). A link to nothing is no file either.
            throw ImportError.noSuchFile(path: url.relativePathForDisplay)
        }
        if isFolder.boolValue { throw ImportError.folder(path: url.relativePathForDisplay) }
    }
}
