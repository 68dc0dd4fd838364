import BookplateCore
import BookplateLibrary
import Foundation

/// The Goodreads library export (`goodreads_library_export.csv`).
enum GoodreadsFormat {
    static func read(_ text: DelimitedText) throws -> ImportFile {
        // Bookplate's CSV export writes this format with formulas neutralised: read them back, so that
        // export, import and export again give the same bytes.
        try ImportFile(
            source: .goodreads, text: text, delimiter: ",", required: ["Title", "Author"], restoresFormulas: true,
            record: record)
    }

    static func record(_ row: CSVRow) throws -> ImportRecord {
        guard let fullTitle = row["Title"] else { throw RowProblem("no title") }
        // "Dune (Dune, #1)": the series go to the book's series, the title keeps the rest.
        let (title, named) = SeriesPlace.split(title: fullTitle)
        var warnings: [String] = []
        let series = ImportValues.onePerSeries(named, warnings: &warnings)
        let authors = ImportValues.credited(
            [row["Author"]].compactMap { $0 } + ImportValues.names(row["Additional Authors"]),
            column: "Additional Authors", warnings: &warnings)
        let exclusive = row["Exclusive Shelf"]
        // Shelves: the reader's own, and an exclusive shelf that names no reading status.
        let isStatus = { (name: String) in ImportValues.status(fromShelf: name) != nil }
        let shelves =
            ImportValues.list(row["Bookshelves"]).filter { !isStatus($0) }
            + [exclusive].compactMap { $0 }.filter { !isStatus($0) }
        // A year the calendar cannot hold (Goodreads writes -380 for Plato) is no date, not a bad row.
        // The edition's year; the work's first is a field of its own.
        let published = row["Year Published"].flatMap {
            ImportValues.year($0, column: "Year Published", warnings: &warnings)
        }
        let finished = ImportValues.date(row["Date Read"], column: "Date Read", warnings: &warnings)
        // An exclusive shelf of the reader's own ("paused", "owned") names no status: a book with a
        // date read was read (it was a book to read, finished, with no read: found by an
        // exploratory session).
        let status = exclusive.flatMap(ImportValues.status(fromShelf:)) ?? (finished != nil ? .read : .toRead)
        let added = ImportValues.date(row["Date Added"], column: "Date Added", warnings: &warnings)
        // The work's first year, where Goodreads gives a year the calendar holds.
        let firstYear = row["Original Publication Year"].flatMap {
            ImportValues.year($0, column: "Original Publication Year", warnings: &warnings)
        }
        var seen = Set<String>()
        let book = NewBook(
            title: title, authors: authors.filter { seen.insert($0.lowercased()).inserted }.map { NewAuthor(name: $0) },
            isbn: ImportValues.isbn([(row["ISBN13"], "ISBN13"), (row["ISBN"], "ISBN")], warnings: &warnings),
            publisher: row["Publisher"],
            publishedDate: published,
            pageCount: ImportValues.count(
                row["Number of Pages"], column: "Number of Pages", in: Book.pageCountRange, warnings: &warnings),
            status: status,
            rating: ImportValues.rating(row["My Rating"], column: "My Rating", warnings: &warnings),
            finishedDate: status == .read || finished != nil ? finished : nil,
            shelves: shelves.reduce(into: [String]()) { list, shelf in
                if !list.contains(where: { $0.lowercased() == shelf.lowercased() }) { list.append(shelf) }
            }, series: series, format: row["Binding"].flatMap(BookFormat.init(naming:)),
            // Bookplate's own CSV adds an audiobook's length, in minutes.
            audioMinutes: ImportValues.count(
                row["Audio Minutes"], column: "Audio Minutes", in: AudioLength.minutes, warnings: &warnings),
            firstPublished: firstYear,
            // Bookplate's own CSV adds StoryGraph's Owned? (yes, no, or not known) beside the count.
            owned: ImportValues.yesNo(row["Owned?"])
                ?? row["Owned Copies"].flatMap(Int.init).flatMap { $0 > 0 ? true : nil })
        let count = ImportValues.count(
            row["Read Count"], column: "Read Count", in: Book.readCountRange, warnings: &warnings)
        // Goodreads keeps one date per book; Bookplate's CSV export adds StoryGraph's column
        // with every read.
        let reads = ImportValues.reads(
            datesRead: row["Dates Read"], column: "Dates Read", status: status, count: count, warnings: &warnings)
        return ImportRecord(
            line: row.line, book: book, sourceID: row["Book Id"], note: ImportValues.review(row.untrimmed("My Review")),
            privateNotes: row.block("Private Notes"), readCount: count, reads: reads,
            addedOn: added, warnings: warnings)
    }
}

/// The StoryGraph export (`storygraph_export.csv`).
enum StoryGraphFormat {
    static func read(_ text: DelimitedText) throws -> ImportFile {
        try ImportFile(source: .storygraph, text: text, delimiter: ",", required: ["Title", "Authors"], record: record)
    }

    static func record(_ row: CSVRow) throws -> ImportRecord {
        guard let fullTitle = row["Title"] else { throw RowProblem("no title") }
        let (title, named) = SeriesPlace.split(title: fullTitle)
        var warnings: [String] = []
        let series = ImportValues.onePerSeries(named, warnings: &warnings)
        let status = row["Read Status"].flatMap(ImportValues.status(fromShelf:)) ?? .toRead
        let count = ImportValues.count(
            row["Read Count"], column: "Read Count", in: Book.readCountRange, warnings: &warnings)
        // "Dates Read" holds a range per read, such as 2023/01/05-2023/01/20.
        let reads = ImportValues.reads(
            datesRead: row["Dates Read"], column: "Dates Read", status: status, count: count, warnings: &warnings)
        let latest = reads?.last
        let finished =
            latest?.finished ?? ImportValues.date(row["Last Date Read"], column: "Last Date Read", warnings: &warnings)
        let book = NewBook(
            title: title,
            authors: ImportValues.credited(ImportValues.names(row["Authors"]), column: "Authors", warnings: &warnings)
                .map { NewAuthor(name: $0) },
            isbn: ImportValues.isbn(row["ISBN/UID"]), status: status,
            rating: ImportValues.rating(row["Star Rating"], column: "Star Rating", warnings: &warnings),
            startedDate: latest?.started, finishedDate: status == .read ? finished : nil,
            shelves: ImportValues.list(row["Tags"]), series: series,
            format: row["Format"].flatMap(BookFormat.init(naming:)), owned: ImportValues.yesNo(row["Owned?"]))
        return ImportRecord(
            line: row.line, book: book, note: ImportValues.review(row.untrimmed("Review")), readCount: count,
            reads: reads,
            addedOn: ImportValues.date(row["Date Added"], column: "Date Added", warnings: &warnings),
            warnings: warnings)
    }
}

/// The LibraryThing tab-separated export (`librarything_….tsv`).
enum LibraryThingFormat {
    static func read(_ text: DelimitedText) throws -> ImportFile {
        try ImportFile(source: .librarything, text: text, delimiter: "\t", required: ["Title"], record: record)
    }

    static func record(_ row: CSVRow) throws -> ImportRecord {
        guard let title = row["Title"] else { throw RowProblem("no title") }
        var warnings: [String] = []
        var authors: [String] = []
        if let primary = row["Primary Author"] { authors.append(ImportValues.nameFromLastFirst(primary)) }
        if let secondary = row["Secondary Author"] {
            // Translators, editors, illustrators… are not the book's authors: only those whose role
            // says author, or who have none, are. (`Secondary Author Roles` lists a role for each.)
            let roles = (row["Secondary Author Roles"] ?? "").split(separator: "|", omittingEmptySubsequences: false)
            for (index, name) in secondary.split(separator: "|").enumerated() {
                let role = index < roles.count ? roles[index].trimmed.lowercased() : ""
                guard role.isEmpty || role.contains("author") else { continue }
                authors.append(ImportValues.nameFromLastFirst(name.trimmed))
            }
        }
        let collections = ImportValues.list(row["Collections"])
        let started = ImportValues.date(row["Date Started"], column: "Date Started", warnings: &warnings)
        let finished = ImportValues.date(row["Date Read"], column: "Date Read", warnings: &warnings)
        let collected = collections.lazy.compactMap { ImportValues.status(fromShelf: $0) }.first
        // A book begun and not finished, in no collection that says how far the reader got ("Your
        // library" alone), is being read: its start was dropped without a word (found by an
        // exploratory session). One a collection says is to read keeps that, and its start is
        // named as left out.
        let status: ReadingStatus =
            finished != nil
            ? .read
            : collected
                ?? (collections.contains { $0.lowercased() == "read but unowned" }
                    ? .read : started != nil ? .reading : .toRead)
        if status == .toRead, started != nil, let text = row["Date Started"] {
            warnings.append(
                "Date Started '\(ImportValues.shown(text))' imported without it: its collection says the book is to read"
            )
        }
        // "Publication" reads like "Ace (1987), Edition: Reissue, 304 pages".
        let publisher = row["Publication"].map {
            $0.prefix { $0 != "(" && $0 != "," }.trimmed
        }.flatMap { $0.isEmpty ? nil : $0 }
        let year = row["Date"].flatMap { text in
            text.split(whereSeparator: { !$0.isNumber }).first { $0.count == 4 }
        }
        let ignored: Set = ["your library", "currently reading", "to read", "read but unowned", "wishlist"]
        let book = NewBook(
            title: title, authors: authors.map { NewAuthor(name: $0) },
            // The ISBN column first; a valid one among the ISBNs stands in for it without a warning.
            isbn: row["ISBNs"].flatMap { ImportValues.list($0).lazy.compactMap(ImportValues.isbn).first }
                .map { listed in ImportValues.isbn(row["ISBN"]) ?? listed }
                ?? ImportValues.isbn([(row["ISBN"], "ISBN")], warnings: &warnings),
            publisher: publisher,
            publishedDate: year.flatMap { ImportValues.date(String($0), column: "Date", warnings: &warnings) },
            pageCount: ImportValues.count(
                row["Page Count"], column: "Page Count", in: Book.pageCountRange, warnings: &warnings),
            status: status,
            rating: ImportValues.rating(row["Rating"], column: "Rating", warnings: &warnings),
            startedDate: status == .toRead ? nil : started,
            finishedDate: finished,
            shelves: ImportValues.list(row["Tags"])
                + collections.filter { !ignored.contains($0.lowercased()) },
            format: row["Media"].flatMap(BookFormat.init(naming:)))
        return ImportRecord(
            line: row.line, book: book, sourceID: row["Book Id"],
            note: ImportValues.review(row.untrimmed("Review")), privateNotes: row.block("Private Comment"),
            addedOn: ImportValues.date(row["Entry Date"], column: "Entry Date", warnings: &warnings),
            warnings: warnings)
    }
}

/// BookWyrm's book list (`bookwyrm-export.csv`, "Export Book List" in its settings), read by
/// column name: the columns came one version at a time (the read's dates, the shelf and the
/// review's date with v0.7.2, more catalog ids since, `pages` with v0.9.0), and the catalog ids
/// are written in the order BookWyrm's model lists them.
///
/// BookWyrm writes one row per edition: the latest of its reads (by start), its latest rating,
/// its latest review and one of its shelves (the one it was put on first, a custom shelf or a
/// reading status). A file tells of one read of a book; a later export's new read comes in beside
/// it, as reads do from every reading log.
enum BookWyrmFormat {
    static func read(_ text: DelimitedText) throws -> ImportFile {
        try ImportFile(
            source: .bookwyrm, text: text, delimiter: ",", required: ["title", "author_text", "remote_id"],
            record: record)
    }

    /// BookWyrm's four shelves that say how far the reader got; every other shelf is the reader's own.
    static func status(fromShelf identifier: String) -> ReadingStatus? {
        switch identifier.lowercased() {
        case "to-read": .toRead
        case "reading": .reading
        case "read": .read
        case "stopped-reading": .abandoned
        default: nil
        }
    }

    static func record(_ row: CSVRow) throws -> ImportRecord {
        guard let title = row["title"] else { throw RowProblem("no title") }
        var warnings: [String] = []
        // `author_text` is the authors' names joined by ", ".
        let authors = ImportValues.names(row["author_text"]).map { NewAuthor(name: $0) }
        let read = self.read(row, warnings: &warnings)
        // The shelf is an identifier: BookWyrm's own four, or the reader's own shelf (`cooking-9`,
        // named in `shelf_name`), which says nothing of the status; then the read's dates do.
        let identifier = row["shelf"]
        let shelfStatus = identifier.flatMap(status(fromShelf:))
        let status = shelfStatus ?? read?.outcome.status ?? .toRead
        let shelves = shelfStatus == nil ? [row["shelf_name"] ?? identifier].compactMap { $0 } : []
        // The shelf says how the read went, as StoryGraph's status does its last range.
        var reads = read.map { [$0] }
        if var last = read {
            switch status.readOutcome {
            // Begun again: the finished read is still the latest BookWyrm has.
            case .reading? where last.outcome != .reading: reads = [last, ReadRecord(outcome: .reading)]
            case let outcome?:
                last.outcome = outcome
                reads = [last]
            // Put back to read: a read begun and never finished was set aside.
            case nil where last.outcome == .reading:
                last.outcome = .setAside
                reads = [last]
            case nil: break
            }
        }
        let latest = reads?.last
        let book = NewBook(
            title: title, authors: authors,
            isbn: ImportValues.isbn([(row["isbn_13"], "isbn_13"), (row["isbn_10"], "isbn_10")], warnings: &warnings),
            pageCount: ImportValues.count(row["pages"], column: "pages", in: Book.pageCountRange, warnings: &warnings),
            status: status,
            // BookWyrm rates in half stars, written with two decimals ("3.50"): 3.5 stays 3.5.
            rating: ImportValues.rating(row["rating"], column: "rating", warnings: &warnings),
            startedDate: status == .toRead ? nil : latest?.started,
            finishedDate: status == .read ? latest?.finished : nil, shelves: shelves,
            openLibraryEditionKey: openLibraryEdition(row["openlibrary_key"], warnings: &warnings))
        let published = ImportValues.date(row["review_published"], column: "review_published", warnings: &warnings)
        let note = note(
            name: row["review_name"], warning: row["review_cw"], published: published,
            body: row.untrimmed("review_content"))
        let added = ImportValues.date(row["shelf_date"], column: "shelf_date", warnings: &warnings)
        let ids = catalogIDs(row, warnings: &warnings)
        return ImportRecord(
            // The edition's `remote_id`, its address on the reader's instance (or on the one it
            // came from), is the one id every version writes for every book, and the same in every
            // export: a book without an ISBN, or whose ISBN or title the reader changed, is found by
            // it. (`openlibrary_key` and the ISBNs are missing from many rows.)
            line: row.line, book: book, sourceID: row["remote_id"], note: note, reads: reads, addedOn: added,
            externalIDs: ids, warnings: warnings)
    }

    /// The read the row tells of: begun `start_date`, and finished `finish_date` or set aside
    /// `stopped_date`; going on when it has a start alone; nil without a date.
    static func read(_ row: CSVRow, warnings: inout [String]) -> ReadRecord? {
        let started = ImportValues.date(row["start_date"], column: "start_date", warnings: &warnings)
        let finished = ImportValues.date(row["finish_date"], column: "finish_date", warnings: &warnings)
        let stopped = ImportValues.date(row["stopped_date"], column: "stopped_date", warnings: &warnings)
        var read: ReadRecord
        if let stopped {
            read = ReadRecord(started: started, finished: stopped, outcome: .setAside)
        } else if let finished {
            read = ReadRecord(started: started, finished: finished)
        } else if let started {
            read = ReadRecord(started: started, outcome: .reading)
        } else {
            return nil
        }
        if read.endsBeforeItBegins, let started {
            let end = stopped != nil ? "stopped_date" : "finish_date"
            warnings.append("start_date '\(started)' is after \(end): imported without it")
            read.started = nil
        }
        return read
    }

    /// The Open Library edition (`OL…M`) BookWyrm knows the book as; anything else is named and
    /// left out.
    static func openLibraryEdition(_ cell: String?, warnings: inout [String]) -> String? {
        guard let cell else { return nil }
        guard let key = OpenLibraryKey.valid(cell, kind: "M") else {
            warnings.append("openlibrary_key '\(ImportValues.shown(cell))' is no Open Library edition: left out")
            return nil
        }
        return key
    }

    /// The Goodreads and LibraryThing ids BookWyrm keeps, kept as those services' ids (as a
    /// Calibre library's are), so that a later import of a Goodreads file finds the same book.
    /// The other services' ids (Inventaire, Finna, Libris, BnF, VIAF, Wikidata, ASIN, Audible's
    /// ASIN, ISFDB, OCLC) have no place in the library and are left out without a word.
    static func catalogIDs(_ row: CSVRow, warnings: inout [String]) -> [String: String] {
        var ids: [String: String] = [:]
        for (column, source) in [("goodreads_key", ImportSource.goodreads), ("librarything_key", .librarything)] {
            guard let value = row[column] else { continue }
            if value.count <= 20, value.allSatisfy(\.isASCIIDigit) {
                ids[source.rawValue] = value
            } else {
                warnings.append("\(column) '\(ImportValues.shown(value))' is not a number: left out")
            }
        }
        return ids
    }

    /// The review as the note: its title a heading, the day it was published and its content
    /// warning lines of their own before the text. The text is what the reader typed (Markdown),
    /// or, for a review BookWyrm took from elsewhere, its HTML (``isHTML(_:)``), which becomes
    /// Markdown as a Goodreads review does (``ImportValues/review(_:isHTML:)``).
    static func note(name: String?, warning: String?, published: PartialDate?, body: String?) -> String? {
        let text = ImportValues.review(body, isHTML: body.map(isHTML))
        // A title or a warning is one line, its Markdown characters taken as text.
        let line = { (cell: String) in markdownText(ControlSequences.cleanedForStorage(cell).trimmed) }
        let heading = name.map(line).flatMap { $0.isEmpty ? nil : "## \($0)\n" }
        let warned = warning.map(line).flatMap { $0.isEmpty ? nil : "**Content warning:** \($0)\n" }
        guard heading != nil || warned != nil || text != nil else { return nil }
        // The day the review was published has no field of its own: it stays with the review.
        let day = published.map { "*Reviewed \($0)*\n" }
        return [heading, day, warned, text].compactMap { $0 }.joined(separator: "\n")
    }

    /// Whether a review is BookWyrm's HTML rather than what the reader typed: a review that came
    /// from another instance (an account moved, a status federated) has only its HTML, which
    /// BookWyrm's Markdown renderer writes a line per paragraph (`<p>One</p>\n<p>Two</p>`).
    /// Taken as Markdown for its line breaks, each such line was raw HTML, which a note's page
    /// leaves out: the review was lost on the page. A review typed in BookWyrm is Markdown and
    /// begins with its text; one of a single line is read as Goodreads' is either way.
    static func isHTML(_ review: String) -> Bool {
        let start = review.drop { $0.isWhitespace }.prefix(12).lowercased()
        return ["<p>", "<p ", "<div", "<blockquote", "<ul", "<ol", "<h1", "<h2", "<h3", "<h4", "<h5", "<h6"].contains {
            start.hasPrefix($0)
        }
    }

    /// One line of text as Markdown that says it and no more: the marks that would make emphasis,
    /// code, a link, a tag, an entity, a heading's end or Obsidian's `%%comment%%` escaped, so
    /// that a review's title of `*stars*` or `<b>` is those characters (a comma or a full stop
    /// needs nothing). Read a scalar at a time: a mark with another after it (the keycap "*️⃣" is
    /// `*`, U+FE0F and U+20E3) is one `Character`, and its `*` was emphasis; and a title's
    /// `%%…%%` was a comment that hid its words (found by a review).
    static func markdownText(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if "\\`*_[]<>&~#%".unicodeScalars.contains(scalar) { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }
}
