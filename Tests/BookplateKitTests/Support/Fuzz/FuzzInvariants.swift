import Foundation

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// What must hold for any input to the code that reads text from strangers.
///
/// Shared by the libFuzzer targets in `Tests/Fuzz` (built into a module of their own, where a
/// reported problem crashes the run) and by `FuzzCorpusTests`, which replays the committed
/// corpus in the ordinary test run. Each check returns the problems found, none when all is well.
package enum FuzzInvariants {
    // MARK: Reading-log imports

    /// Feeds the bytes to every import format and to the CSV parser with both delimiters.
    package static func imports(_ data: Data) -> [String] {
        var problems: [String] = []
        let bytes = [UInt8](data)
        let lineCount = bytes.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } + 1
        for source in ImportSource.allCases {
            let file: ImportFile
            do {
                file = try ImportFile.read(data, as: source)
            } catch is ImportError {
                continue
            } catch {
                problems.append("\(source): threw \(type(of: error)), not an ImportError: \(error)")
                continue
            }
            if file.source != source { problems.append("\(source): read as \(file.source)") }
            if file.skipped.map(\.line) != file.skipped.map(\.line).sorted() {
                problems.append("\(source): skipped rows out of order")
            }
            for record in file.records {
                if record.book.title.trimmed.isEmpty { problems.append("\(source): a record with no title") }
                if let rating = record.book.rating, !(1...5).contains(rating.stars) {
                    problems.append("\(source): rating \(rating.stars)")
                }
                for count in [record.book.pageCount, record.reads.count].compactMap({ $0 })
                where !(0...100_000).contains(count) {
                    problems.append("\(source): count \(count) out of range")
                }
                for read in record.reads {
                    if let started = read.started, let finished = read.finished, finished < started {
                        problems.append("\(source): a read that ends before it begins")
                    }
                }
                if let isbn = record.book.isbn { problems += check(isbn) }
            }
            guard source != .bookplate else { continue }
            let lines = file.records.map(\.line) + file.skipped.map(\.line)
            if let bad = lines.first(where: { !(2...lineCount).contains($0) }) {
                problems.append("\(source): line \(bad) outside 2…\(lineCount)")
            }
            if Set(lines).count != lines.count { problems.append("\(source): two rows on one line") }
        }
        for delimiter in [UInt8(ascii: ","), UInt8(ascii: "\t")] {
            problems += csvRoundTrip(bytes, delimiter: delimiter)
        }
        return problems
    }

    /// Records the parser trusts, written back as RFC 4180 with every field quoted, read back the same.
    static func csvRoundTrip(_ bytes: [UInt8], delimiter: UInt8) -> [String] {
        let parser = CSVParser(delimiter: delimiter)
        let records = parser.parse(bytes)
        if records.map(\.line) != records.map(\.line).sorted() || Set(records.map(\.line)).count != records.count {
            return ["CSV: record lines not increasing: \(records.map(\.line))"]
        }
        let trusted = records.filter { !$0.hasBadBytes && !$0.isUnterminated }.map(\.fields)
        var written: [UInt8] = []
        for fields in trusted {
            for (index, field) in fields.enumerated() {
                if index > 0 { written.append(delimiter) }
                written.append(UInt8(ascii: "\""))
                for byte in field.utf8 {
                    written.append(byte)
                    if byte == UInt8(ascii: "\"") { written.append(byte) }
                }
                written.append(UInt8(ascii: "\""))
            }
            written.append(UInt8(ascii: "\n"))
        }
        let reread = parser.parse(written).map(\.fields)
        return reread == trusted ? [] : ["CSV: written and read back, \(trusted) became \(reread)"]
    }

    // MARK: Catalog answers

    /// The catalog calls, each named by the first byte of a fuzz input.
    package enum CatalogCall: UInt8, CaseIterable, Sendable {
        case googleSearch, googleVolume, googleISBN
        case openLibrarySearch, openLibraryWork, openLibraryEditions, openLibraryEdition, openLibraryISBN
        case openLibraryAuthor, openLibraryAuthorWorks, openLibraryAuthorSearch
    }

    /// Answers every request with the same body, as a broken or hostile catalog might.
    private struct FixedAnswer: HTTPTransport {
        let body: Data
        func get(_ url: URL, headers: [String: String]) async throws(TransportFailure) -> HTTPReply {
            HTTPReply(status: 200, headers: ["Content-Type": "application/json"], body: body)
        }
    }

    /// The first byte picks the call (modulo their number); the rest is the catalog's answer to
    /// every request the call makes. The call decodes it and turns it into Bookplate's records.
    package static func catalog(_ data: Data) async -> [String] {
        guard let first = data.first else { return [] }
        let call = CatalogCall.allCases[Int(first) % CatalogCall.allCases.count]
        let http = HTTPClient(
            transport: FixedAnswer(body: data.dropFirst()), userAgent: "fuzz",
            retryPolicy: RetryPolicy(maximumRetries: 0))
        let google = GoogleBooksClient(http: http, baseURL: "https://books.invalid/v1")
        let openLibrary = OpenLibraryClient(http: http, baseURL: "https://openlibrary.invalid")
        let isbn = ISBN.parse("9780441172719") ?? ISBN.parse("0441172717")
        do {
            switch call {
            case .googleSearch:
                return check(try await google.search(CatalogQuery(text: "dune"), limit: 10), limit: 10)
            case .googleVolume:
                return check(try await google.volume(id: "ZHoDAAAAQBAJ"))
            case .googleISBN:
                guard let isbn else { return ["no ISBN"] }
                return try await google.volumes(isbn: isbn).flatMap { check($0) }
            case .openLibrarySearch:
                return check(try await openLibrary.search(CatalogQuery(title: "dune"), limit: 10), limit: nil)
            case .openLibraryWork:
                return check(try await openLibrary.work(key: "/works/OL893415W"))
            case .openLibraryEditions:
                let editions = try await openLibrary.editions(ofWork: "OL893415W", limit: 10)
                return editions.flatMap { edition in
                    check(edition.book)
                        + (edition.key == edition.book.openLibraryEditionKey ? [] : ["edition key \(edition.key)"])
                        + edition.languages.filter { $0.isEmpty || $0.count > 3 }.map { "language \($0)" }
                }
            case .openLibraryEdition:
                return check(try await openLibrary.edition(key: "OL7353617M"))
            case .openLibraryISBN:
                guard let isbn else { return ["no ISBN"] }
                return check(try await openLibrary.edition(isbn: isbn))
            case .openLibraryAuthor:
                return check(try await openLibrary.author(key: "OL79034A", workLimit: 20), workLimit: 20)
            case .openLibraryAuthorWorks:
                let works = try await openLibrary.works(ofAuthor: "OL79034A", limit: 20)
                return check(works, limit: 20)
            case .openLibraryAuthorSearch:
                return try await openLibrary.searchAuthors(name: "le guin").flatMap { author in
                    checkKey(author.openLibraryKey, kind: "A")
                }
            }
        } catch {
            // Any CatalogError (typed throws) is an acceptable answer to nonsense.
            return []
        }
    }

    static func check(_ page: CatalogSearchPage, limit: Int?) -> [String] {
        var problems: [String] = []
        if let limit, page.candidates.count > limit + GoogleBooksClient.pageLimit {
            problems.append("\(page.candidates.count) candidates for a limit of \(limit)")
        }
        for candidate in page.candidates {
            problems += checkISBN13(candidate.isbn13)
            problems += candidate.allISBN13s.flatMap(checkISBN13)
            if let isbn13 = candidate.isbn13, !candidate.allISBN13s.contains(isbn13) {
                problems.append("ISBN \(isbn13) missing from allISBN13s")
            }
            if Set(candidate.allISBN13s).count != candidate.allISBN13s.count { problems.append("repeated ISBNs") }
            problems += checkKey(candidate.openLibraryWorkKey, kind: "W")
            if let cover = candidate.openLibraryCoverID, cover <= 0 { problems.append("cover id \(cover)") }
        }
        return problems
    }

    static func check(_ book: CatalogBook) -> [String] {
        var problems = checkISBN13(book.isbn13)
        if let isbn10 = book.isbn10 {
            if ISBN.parse(isbn10)?.isbn13 != book.isbn13 {
                problems.append("ISBN-10 \(isbn10) ≠ \(book.isbn13 ?? "nil")")
            }
        }
        if let title = book.title, title.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("blank title") }
        if let description = book.description?.html {
            // Stored as allow-listed HTML that holds some text and is already sanitized.
            problems += checkAllowListed(description).map { "description: \($0)" }
            if HTMLText.plainText(fromHTML: description).isEmpty { problems.append("description without text") }
            if HTMLAllowList.sanitize(description).html != description {
                problems.append("description \(description.debugDescription) changes when sanitized")
            }
        }
        if let pages = book.pageCount, pages <= 0 { problems.append("page count \(pages)") }
        if book.coverIDs.contains(where: { $0 <= 0 }) { problems.append("cover ids \(book.coverIDs)") }
        if let url = book.imageLinks.first(where: { !$0.isWebAddress }) { problems.append("image link \(url)") }
        problems += checkKey(book.openLibraryWorkKey, kind: "W")
        problems += checkKey(book.openLibraryEditionKey, kind: "M")
        problems += book.authors.flatMap { checkKey($0.openLibraryKey, kind: "A") }
        if book.source == .openLibrary && book.subjects.count > 12 {
            problems.append("\(book.subjects.count) subjects")
        }
        return problems
    }

    static func check(_ author: CatalogAuthor, workLimit: Int) -> [String] {
        var problems = checkKey(author.key, kind: "A") + check(author.works, limit: workLimit)
        if let photo = author.photoID, photo <= 0 { problems.append("photo id \(photo)") }
        for link in author.links where link.title.isEmpty || URL(string: link.url)?.isWebAddress != true {
            problems.append("link \(link)")
        }
        if let bio = author.bio, bio.isEmpty || bio.contains("\r\n") { problems.append("bio \(bio.debugDescription)") }
        return problems
    }

    static func check(_ works: [NewWork], limit: Int) -> [String] {
        // A page of 50 may overshoot the limit by less than a page.
        var problems = works.count < limit + 50 ? [] : ["\(works.count) works for a limit of \(limit)"]
        for work in works {
            problems += checkKey(work.key, kind: "W")
            if let year = work.year, !(1...9999).contains(year) { problems.append("work year \(year)") }
        }
        return problems
    }

    static func checkKey(_ key: String?, kind: Character) -> [String] {
        guard let key else { return [] }
        return OpenLibraryKey.valid(key, kind: kind) == key ? [] : ["key \(key.debugDescription) for \(kind)"]
    }

    static func checkISBN13(_ text: String?) -> [String] {
        guard let text else { return [] }
        return ISBN.parse(text)?.isbn13 == text ? [] : ["ISBN-13 \(text.debugDescription)"]
    }

    // MARK: Slugs

    /// `Slug.make` always gives a well-formed slug: `[a-z0-9-]`, no `.` or `..`, at most 80 long.
    package static func slug(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var problems: [String] = []
        for prefix in ["book", "author", "shelf"] {
            let slug = Slug.make(from: text, fallbackPrefix: prefix)
            let allowed = slug.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            }
            if slug.isEmpty || !allowed || slug == "." || slug == ".." || !Slug.isValid(slug)
                || slug.count > Slug.maximumLength || slug.contains("--")
            {
                problems.append("slug \(slug.debugDescription) from \(text.debugDescription)")
            }
            // The text's content decides the slug; the prefix only names text that leaves nothing.
            if prefix != "book" { break }
        }
        return problems
    }

    /// Slugs of huge titles: an input that starts `HUGE` and a byte N makes the rest, repeated, a
    /// title of N % 10 + 1 megabytes. Slugs and the folding used to sort and search once took
    /// quadratic time: a 10 MB title never finished. The corpus replay makes titles of N % 10 + 1
    /// times 64 KiB and leaves the time to the fuzzer: a debug build on a busy CI machine is no
    /// clock for it.
    package static func hugeSlug(_ data: Data, megabyte: Int = 1_048_576, checksTime: Bool = true) -> [String] {
        let marker = Data("HUGE".utf8)
        guard data.starts(with: marker), data.count > marker.count + 1 else { return slug(data) }
        let pattern = data.dropFirst(marker.count + 1)
        let megabytes = 1 + Int(data[data.startIndex + marker.count]) % 10
        var bytes: [UInt8] = []
        bytes.reserveCapacity(megabytes * megabyte + pattern.count)
        while bytes.count < megabytes * megabyte { bytes.append(contentsOf: pattern) }
        let text = String(decoding: bytes, as: UTF8.self)
        let started = ContinuousClock.now
        let made = Slug.make(from: text, fallbackPrefix: "book")
        let key = TextFolding.searchKey(text)
        let sortKey = Library.sortKey(text)
        let elapsed = ContinuousClock.now - started
        var problems: [String] = []
        if !Slug.isValid(made) || made.count > Slug.maximumLength {
            problems.append("slug \(made.debugDescription) of a \(megabytes) MB title")
        }
        if key.isEmpty != sortKey.isEmpty && !text.isEmpty {
            problems.append("search and sort keys disagree on emptiness for a \(megabytes) MB title")
        }
        // Linear work is some milliseconds a megabyte (more under AddressSanitizer); quadratic
        // work on a megabyte alone takes minutes.
        if checksTime, elapsed > .seconds(2 * megabytes) {
            problems.append("slug and keys of a \(megabytes) MB title took \(elapsed)")
        }
        return problems
    }

    // MARK: The CSV export

    /// Formula starts OWASP names, as a spreadsheet sees a cell's first character.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// The bytes as a Goodreads export, imported into a new shelf and exported as CSV: no cell of
    /// the export starts a formula (but the ISBN cells Goodreads itself writes as `="…"` and the
    /// numbers Bookplate writes), none holds a NUL, every book is one row; imported into another
    /// new shelf and exported again, it gives the same bytes. And any text, neutralised and read
    /// back, is itself without its NULs.
    package static func export(_ data: Data) -> [String] {
        var problems: [String] = []
        let text = String(decoding: data, as: UTF8.self)
        let neutralised = SpreadsheetCell.neutralised(text)
        if let first = neutralised.unicodeScalars.first, formulaStarts.contains(first) {
            problems.append("neutralised \(text.debugDescription) still starts a formula")
        }
        if SpreadsheetCell.restored(neutralised) != text.replacingOccurrences(of: "\u{0}", with: "") {
            problems.append(
                "neutralised \(text.debugDescription) is read back as \(SpreadsheetCell.restored(neutralised))")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            let (first, books) = try exportedCSV(of: data, in: scratch.appendingPathComponent("a"))
            guard let first else { return problems }
            problems += checkCells(first, books: books)
            let (second, _) = try exportedCSV(of: first, in: scratch.appendingPathComponent("b"))
            if second != first {
                problems.append(
                    "exported, imported and exported again, the CSV changed:\n\(String(decoding: first, as: UTF8.self))"
                        + "\nbecame\n\(String(decoding: second ?? Data(), as: UTF8.self))")
            }
        } catch {
            problems.append("threw \(type(of: error)): \(error)")
        }
        return problems
    }

    /// Imports `data` as Goodreads into a new shelf in `folder` and exports it as CSV; nil when
    /// the bytes are not a Goodreads export Bookplate reads.
    private static func exportedCSV(of data: Data, in folder: URL) throws -> (csv: Data?, books: Int) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file: ImportFile
        do {
            file = try ImportFile.read(data, as: .goodreads)
        } catch is ImportError {
            return (nil, 0)
        }
        let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_790_000_000))
        let library = try Library.open(at: folder.appendingPathComponent("library.sqlite"), create: true, clock: clock)
        let notes = NoteStore(folder: folder.appendingPathComponent("notes"))
        let summary = try library.importBooks(file)
        try library.recordImportedNotes(summary.notes)
        try notes.writeNotes(summary.notes.sorted { $0.key < $1.key }.map { (slug: $0.key, markdown: $0.value) })
        let books = try library.snapshot().books.count
        return (try LibraryExporter(library: library, notes: notes).goodreadsCSV(), books)
    }

    static func checkCells(_ csv: Data, books: Int) -> [String] {
        var problems: [String] = []
        if csv.contains(0) { problems.append("the export holds a NUL") }
        let records = CSVParser().parse([UInt8](csv))
        if records.count != books + 1 { problems.append("\(books) books, \(records.count - 1) rows") }
        guard let header = records.first?.fields else { return problems + ["no header"] }
        for record in records.dropFirst() {
            if record.hasBadBytes || record.isUnterminated { problems.append("row \(record.line) unreadable") }
            for (column, cell) in zip(header, record.fields) {
                guard let first = cell.unicodeScalars.first, formulaStarts.contains(first) else { continue }
                let isGoodreadsISBN = (column == "ISBN" || column == "ISBN13") && cell.hasPrefix("=\"")
                let isNumber = Int(cell) != nil
                if !isGoodreadsISBN && !isNumber {
                    problems.append("\(column) starts a formula: \(cell.debugDescription)")
                }
            }
        }
        return problems
    }

    // MARK: Allow-listed HTML

    /// The tags sanitized HTML may hold, exactly as written: no attributes, no other spelling.
    static let allowedTags: Set<String> = [
        "<p>", "</p>", "<br>", "<em>", "</em>", "<strong>", "</strong>", "<ul>", "</ul>", "<ol>", "</ol>", "<li>",
        "</li>", "<blockquote>", "</blockquote>",
    ]

    /// `HTMLAllowList.sanitize` keeps only allowed tags, balanced, and is stable; text made into
    /// HTML by `html(fromText:)` is already sanitized.
    package static func html(_ data: Data) -> [String] {
        let input = String(decoding: data, as: UTF8.self)
        let once = HTMLAllowList.sanitize(input).html
        var problems = checkAllowListed(once).map { "sanitize(\(input.debugDescription)): \($0)" }
        let twice = HTMLAllowList.sanitize(once).html
        if twice != once {
            problems.append(
                "sanitize not stable: \(input.debugDescription) → \(once.debugDescription) → \(twice.debugDescription)")
        }
        let fromText = HTMLAllowList.html(fromText: input).html
        problems += checkAllowListed(fromText).map { "html(fromText: \(input.debugDescription)): \($0)" }
        if HTMLAllowList.sanitize(fromText).html != fromText {
            problems.append(
                "html(fromText: \(input.debugDescription)) = \(fromText.debugDescription) changes when sanitized")
        }
        return problems
    }

    /// Every `<` starts an allowed tag, tags are balanced, `li` sits in a list, and no control
    /// character is left.
    static func checkAllowListed(_ html: String) -> [String] {
        let bytes = Array(html.utf8)
        var open: [String] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D || byte == 0x7F {
                return ["control byte \(byte) at \(index)"]
            }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                return ["a '<' that starts no tag at \(index)"]
            }
            let tag = String(decoding: bytes[index...close], as: UTF8.self)
            guard allowedTags.contains(tag) else { return ["tag \(tag.debugDescription) at \(index)"] }
            let name = String(tag.dropFirst(tag.hasPrefix("</") ? 2 : 1).dropLast())
            if tag.hasPrefix("</") {
                guard open.last == name else { return ["\(tag) closes \(open.last ?? "nothing")"] }
                open.removeLast()
            } else if name != "br" {
                if name == "li" && !["ul", "ol"].contains(open.last ?? "") {
                    return ["<li> inside \(open.last ?? "nothing")"]
                }
                open.append(name)
            }
            index = close + 1
        }
        return open.isEmpty ? [] : ["left open: \(open)"]
    }

    // MARK: Small parsers

    /// Dates, ISBNs, import cells and catalog HTML: each parser on the same text.
    package static func parsers(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var problems: [String] = []
        if let date = try? PartialDate(parsing: text) { problems += check(date, from: text) }
        if let date = OpenLibraryDates.parse(text) { problems += check(date, from: text) }
        var warnings: [String] = []
        let date = ImportValues.date(text, column: "fuzz", warnings: &warnings)
        if let date { problems += check(date, from: text) }
        if date == nil && !text.isEmpty && warnings.isEmpty {
            problems.append("the date \(text.debugDescription) was dropped without a word")
        }
        if let isbn = ISBN.parse(text) { problems += check(isbn) }
        if let isbn = ImportValues.isbn(text) { problems += check(isbn) }
        let rating = ImportValues.rating(text, column: "fuzz", warnings: &warnings)
        if let rating, !(1...5).contains(rating.stars) {
            problems.append("rating \(rating.stars) from \(text.debugDescription)")
        }
        // A value left out is said once, in one line.
        if warnings.contains(where: { $0.contains("\n") || $0.count > 200 }) { problems.append("warning \(warnings)") }

        problems += checkPlainText(HTMLText.plainText(fromHTML: text))
        let unbroken = text.withLineBreakTagsAsNewlines
        if unbroken.utf8.count > text.utf8.count { problems.append("line breaks made the text longer") }
        return problems
    }

    static func check(_ date: PartialDate, from text: String) -> [String] {
        let valid =
            (1...9999).contains(date.year) && (date.month.map { (1...12).contains($0) } ?? (date.day == nil))
            && (date.day.map { (1...31).contains($0) } ?? true)
        let reread = try? PartialDate(parsing: date.description)
        return valid && reread == date ? [] : ["date \(date) from \(text.debugDescription)"]
    }

    static func check(_ isbn: ISBN) -> [String] {
        var problems: [String] = []
        let digits = isbn.isbn13
        if digits.utf8.count != 13 || !digits.allSatisfy(\.isASCIIDigit)
            || !(digits.hasPrefix("978") || digits.hasPrefix("979")) || ISBN.parse(digits) != isbn
        {
            problems.append("ISBN-13 \(digits.debugDescription)")
        }
        if let ten = isbn.isbn10, ten.utf8.count != 10 || ISBN.parse(ten) != isbn {
            problems.append("ISBN-10 \(ten.debugDescription) of \(digits)")
        }
        if (isbn.isbn10 == nil) == digits.hasPrefix("978") { problems.append("ISBN-10 presence for \(digits)") }
        return problems
    }

    /// Plain text from HTML: paragraphs of single-spaced words separated by one blank line.
    static func checkPlainText(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        let paragraphs = text.components(separatedBy: "\n\n")
        let wellFormed = paragraphs.allSatisfy { paragraph in
            !paragraph.isEmpty && !paragraph.contains("\n") && !paragraph.contains("\r")
                && !paragraph.contains("  ") && paragraph.first != " " && paragraph.last != " "
        }
        return wellFormed ? [] : ["plain text \(text.debugDescription)"]
    }

    // MARK: Highlights exports

    /// The highlights readers, each named by the first byte of a fuzz input.
    package enum HighlightReader: UInt8, CaseIterable, Sendable {
        case kindle, koreader, readwise, kobo
    }

    /// The first byte picks the reader (modulo their number); the rest is the export. A Kobo's
    /// database is written to a file of its own and read there, which must leave it as it was.
    package static func highlights(_ data: Data) -> [String] {
        guard let first = data.first else { return [] }
        let reader = HighlightReader.allCases[Int(first) % HighlightReader.allCases.count]
        let export = Data(data.dropFirst())
        let source: HighlightSource
        let file: HighlightFile
        var problems: [String] = []
        do {
            switch reader {
            case .kindle:
                source = .kindle
                file = KindleClippings.read(export)
            case .koreader:
                source = .koreader
                file = try HighlightFile.read(export, as: .koreader)
            case .readwise:
                source = .readwise
                file = try HighlightFile.read(export, as: .readwise)
            case .kobo:
                source = .kobo
                let (read, unwritten) = try koboDatabase(export)
                file = read
                problems += unwritten
            }
        } catch let error as ImportError {
            return error.description.contains("\n") ? ["\(reader): a message of more than one line: \(error)"] : []
        } catch let problem as FuzzProblem {
            return problem.problems
        } catch {
            return ["\(reader): threw \(type(of: error)), not an ImportError: \(error)"]
        }
        if file.source != source { problems.append("\(reader): read as \(file.source)") }
        problems += checkHighlights(file, in: export, reader: reader)
        return problems
    }

    /// What must hold of any file a reader made: texts and names present and within the limits,
    /// entries numbered inside the file, skips and warnings in its order.
    static func checkHighlights(_ file: HighlightFile, in export: Data, reader: HighlightReader) -> [String] {
        var problems: [String] = []
        let text = HighlightReading.textCharacters
        let name = HighlightReading.nameCharacters
        for imported in file.highlights {
            let highlight = imported.highlight
            if highlight.text.trimmed.isEmpty { problems.append("\(reader): a highlight with no text") }
            if highlight.text.count > text { problems.append("\(reader): a highlight past \(text) characters") }
            if let note = highlight.note, note.trimmed.isEmpty || note.count > text {
                problems.append("\(reader): a note empty or past \(text) characters")
            }
            if imported.bookTitle.trimmed.isEmpty || imported.bookTitle.count > name {
                problems.append("\(reader): a title empty or past \(name) characters")
            }
            if let author = imported.bookAuthor, author.trimmed.isEmpty || author.count > name {
                problems.append("\(reader): an author empty or past \(name) characters")
            }
            if let chapter = highlight.place.chapter, chapter.trimmed.isEmpty || chapter.count > name {
                problems.append("\(reader): a chapter empty or past \(name) characters")
            }
            if let page = highlight.place.page, page.isEmpty || page.count > HighlightReading.pageCharacters {
                problems.append("\(reader): a page '\(page.prefix(40))' that is no page")
            }
            if highlight.source != file.source { problems.append("\(reader): a highlight from \(highlight.source)") }
        }
        // Lines for the text formats; entries for the JSON (at most one for each `{`) and the
        // database (fewer than its bytes). Line 0, the whole file, only for JSON's warnings.
        let bytes = [UInt8](export)
        let last: Int
        switch reader {
        case .kindle, .readwise:
            last = bytes.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } + 1
        case .koreader: last = bytes.count { $0 == UInt8(ascii: "{") }
        case .kobo: last = bytes.count
        }
        let lines = file.highlights.map(\.line) + file.skipped.map(\.line)
        if let bad = lines.first(where: { !(1...max(last, 1)).contains($0) }) {
            problems.append("\(reader): entry \(bad) outside 1…\(last)")
        }
        let lowest = reader == .koreader ? 0 : 1
        if let bad = file.warnings.map(\.line).first(where: { !(lowest...max(last, 1)).contains($0) }) {
            problems.append("\(reader): a warning of entry \(bad) outside \(lowest)…\(last)")
        }
        if file.skipped.map(\.line) != file.skipped.map(\.line).sorted() {
            problems.append("\(reader): skipped entries out of order")
        }
        if file.warnings.map(\.line) != file.warnings.map(\.line).sorted() {
            problems.append("\(reader): warnings out of order")
        }
        if (file.warnings.map(\.message) + file.skipped.map(\.reason)).contains(where: { $0.contains("\n") }) {
            problems.append("\(reader): a warning or reason of more than one line")
        }
        return problems
    }

    /// Reads `bytes` as a Kobo's database from a file in a folder of its own, and checks that the
    /// read left the file's bytes and time as they were and made nothing beside it.
    static func koboDatabase(_ bytes: Data) throws -> (HighlightFile, [String]) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("bookplate-fuzz-kobo-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("KoboReader.sqlite")
        try bytes.write(to: url)
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: url.path)
        var problems: [String] = []
        func checkUnwritten() {
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            // Foundation's Data(contentsOf:) leaks its buffer on an empty file (LeakSanitizer), so
            // the size is compared first and the bytes only when there are some.
            if attributes?[.size] as? Int != bytes.count || (!bytes.isEmpty && (try? Data(contentsOf: url)) != bytes) {
                problems.append("kobo: the database's bytes changed")
            }
            if attributes?[.modificationDate] as? Date != past { problems.append("kobo: the database's time changed") }
            let beside = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if beside != ["KoboReader.sqlite"] { problems.append("kobo: files made beside the database: \(beside)") }
        }
        do {
            let file = try KoboHighlights.read(databaseAt: url)
            checkUnwritten()
            return (file, problems)
        } catch {
            checkUnwritten()
            if !problems.isEmpty { throw FuzzProblem(problems: problems) }
            throw error
        }
    }

    /// Problems found on the way to an error, which are the fuzzer's to report rather than the error.
    struct FuzzProblem: Error {
        var problems: [String]
    }
}
