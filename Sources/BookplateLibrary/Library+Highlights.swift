import BookplateCore
import Foundation
import GRDB

/// A passage the reader marked in a book, as the library keeps it.
public struct Highlight: Sendable, Equatable, Hashable, Codable {
    /// Made from the book's slug and the text (see ``Highlight/id(slug:text:)``), so that the
    /// same passage keeps its permalink through re-imports, exports and imports.
    public var id: String
    public var bookId: Int64
    public var text: String
    public var note: String?
    public var place: HighlightPlace
    /// When it was made, as the reader's clock showed it where they were, kept as that time in
    /// UTC (``WallClock/wallClockTime(of:)``): its day is the reader's wherever the site is built.
    /// Highlights recorded before this was so keep the moment their source gave (their zone is
    /// not known).
    public var madeAt: Date?
    public var source: HighlightSource
    /// Whether the site shows it; `quote hide` keeps it in the library without publishing it.
    public var published: Bool
    public var addedAt: Date

    /// The id of `text` in the book with `slug`: twelve hexadecimal digits of a SHA-256 of both,
    /// the text with its white space folded, so that a re-wrapped clipping is the same passage.
    public static func id(slug: String, text: String) -> String {
        String(ContentHash.sha256Hex(of: slug + "\n" + text.collapsingWhitespace).prefix(12))
    }

    /// The location as a reader is shown it: none for Apple Books', an order made of an EPUB CFI
    /// ("8.4.12.1.5") that no reader can turn to, kept only to order the highlights.
    public var shownLocation: String? {
        source == .appleBooks ? nil : place.location
    }
}

extension Highlight {
    /// `new` as the library keeps it on the book `bookId` (slug `slug`): text and note trimmed,
    /// each keeping its lines, the id made from the slug and the text; nil when the text is only
    /// white space.
    init?(_ new: NewHighlight, bookId: Int64, slug: String, addedAt: Date) {
        let text = new.text.passageForStorage
        guard !text.isEmpty else { return nil }
        self.init(
            id: Highlight.id(slug: slug, text: text), bookId: bookId, text: text,
            note: new.note?.linesForStorage.nilIfEmpty, place: new.place, madeAt: new.madeAt, source: new.source,
            published: new.published, addedAt: addedAt)
    }
}

extension Highlight: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "highlight"

    public init(row: Row) throws {
        let sourceName: String = row["source"]
        self.init(
            id: row["id"], bookId: row["bookId"], text: row["text"], note: row["note"],
            place: HighlightPlace(page: row["page"], location: row["location"], chapter: row["chapter"]),
            madeAt: row["madeAt"], source: HighlightSource(rawValue: sourceName) ?? .reader,
            published: row["published"], addedAt: row["addedAt"])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["bookId"] = bookId
        container["text"] = text
        container["note"] = note
        container["page"] = place.page
        container["location"] = place.location
        container["chapter"] = place.chapter
        container["madeAt"] = madeAt
        container["source"] = source.rawValue
        container["published"] = published
        container["addedAt"] = addedAt
    }
}

/// What adding a highlight did: the highlight as the library keeps it, and whether it was new, or
/// the passage was there already and took the note and place given, or had them already.
public struct HighlightAddition: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case added
        case updated
        case unchanged
    }

    public var highlight: Highlight
    public var outcome: Outcome
}

/// What importing highlights did (or, for a dry run, would do).
public struct HighlightImportSummary: Sendable, Equatable {
    public var added = 0
    /// Highlights already in the library whose note or place changed.
    public var updated = 0
    public var unchanged = 0
    /// Highlights of the file left out because the reader removed them (`quote remove`).
    public var removedByReader = 0
    /// Books added by hand for highlights no book on the shelf matched (`--add-missing`).
    public var booksAdded: [String] = []
    /// Books of the file no book on the shelf matched: title, author and how many highlights.
    public var unmatched: [UnmatchedBook] = []
    /// Books of the file the reader removed (`remove`), whose highlights were left out: never
    /// added again by `--add-missing`, which took the slug `restore` needs.
    public var removedBooks: [RemovedBookLeftOut] = []
    public var skipped: [SkippedRow] = []
    public var warnings: [RowWarning] = []

    public struct UnmatchedBook: Sendable, Equatable {
        public var title: String
        public var author: String?
        public var highlights: Int
        /// The books it could be, when it matched more than one.
        public var candidates: [String]
        /// Each candidate's authors, "Frank Herbert, Brian Herbert", in the order of `candidates`.
        public var candidateAuthors: [String] = []
    }

    /// A removed book the file has highlights of, as `restore` knows it.
    public struct RemovedBookLeftOut: Sendable, Equatable {
        public var slug: String
        public var title: String
        public var authors: [String]
        public var highlights: Int
        /// Whether `restore SLUG` brings this copy back: else it is named by its title.
        public var restoredBySlug = true

        /// The book as a reading log's import names a removed book.
        public var row: RemovedRow {
            RemovedRow(slug: slug, title: title, authors: authors, restoredBySlug: restoredBySlug)
        }
    }
}

extension Library {
    /// The highlights of the book with `slug`, in the book's order (``Swift/Sequence/inBookOrder()``);
    /// only the published ones unless asked.
    public func highlights(ofBook slug: String, includingHidden: Bool = true) throws -> [Highlight] {
        try read { db in
            guard let book = try Book.filter(Book.Columns.slug == slug).fetchOne(db), let id = book.id else {
                throw LibraryError.noSuchBook(slug)
            }
            let request = Highlight.filter(Column("bookId") == id)
            return try (includingHidden ? request : request.filter(Column("published") == true))
                .fetchAll(db).inBookOrder()
        }
    }

    /// Every highlight with its book's slug, newest first.
    public func allHighlights(includingHidden: Bool = true) throws -> [(slug: String, highlight: Highlight)] {
        try read { db in
            let slugs = Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, slug FROM book").map {
                    ($0["id"] as Int64, $0["slug"] as String)
                })
            let request = Highlight.order(Column("addedAt").desc, Column("id"))
            return try (includingHidden ? request : request.filter(Column("published") == true))
                .fetchAll(db)
                .compactMap { highlight in slugs[highlight.bookId].map { ($0, highlight) } }
        }
    }

    /// What each source last gave of the highlights, by highlight id, each highlight's sources in
    /// the order of their names: what Bookplate's own export carries of them.
    package func highlightsAsImported() throws -> [String: [HighlightAsImported]] {
        try read { db in
            Dictionary(
                grouping: try HighlightAsImported.order(Column("highlightId"), Column("source")).fetchAll(db),
                by: \.highlightId)
        }
    }

    /// Adds a highlight the reader typed to the book `slug`; the same text again updates its note
    /// and place instead of adding it twice, and says so (it said "Added" either way: found by an
    /// exploratory session). A passage the reader removed is theirs to add again: imports bring it
    /// again from then on.
    @discardableResult
    public func addHighlight(_ new: NewHighlight, toBook slug: String) throws -> HighlightAddition {
        guard !new.text.passageForStorage.isEmpty else { throw LibraryError.emptyHighlight }
        // Refused as `add` refuses a title past the limit an import cuts to: a place of 20,000
        // characters was kept, and came back from the export cut, with a warning.
        try HighlightPlace.checkLengths(new.place)
        return try write { db in
            guard let book = try Book.filter(Book.Columns.slug == slug).fetchOne(db), let bookId = book.id,
                var highlight = Highlight(new, bookId: bookId, slug: book.slug, addedAt: clock.now())
            else {
                throw LibraryError.noSuchBook(slug)
            }
            try db.execute(sql: "DELETE FROM removedHighlight WHERE highlightId = ?", arguments: [highlight.id])
            guard let existing = try Highlight.fetchOne(db, key: highlight.id) else {
                // Dated by the reader's clock, to the second as exports write it: dated by when
                // it came, read as UTC, a passage typed on New Year's Eve in Los Angeles was
                // filed under the next year (found by an exploratory session).
                if highlight.madeAt == nil {
                    highlight.madeAt = Date(
                        timeIntervalSince1970: clock.wallClockTime(of: clock.now()).timeIntervalSince1970.rounded(.down)
                    )
                }
                try highlight.insert(db)
                return HighlightAddition(highlight: highlight, outcome: .added)
            }
            highlight.keepLibrarysFacts(of: existing)
            highlight.madeAt = highlight.madeAt ?? existing.madeAt
            if highlight.note == nil { highlight.note = existing.note }
            if highlight.place.isEmpty { highlight.place = existing.place }
            guard highlight != existing else { return HighlightAddition(highlight: existing, outcome: .unchanged) }
            try highlight.update(db)
            return HighlightAddition(highlight: highlight, outcome: .updated)
        }
    }

    /// The highlight whose id is or begins with `prefix` (at least four characters).
    public func highlight(matching prefix: String) throws -> Highlight {
        let wanted = prefix.trimmingCharacters(in: .whitespaces).lowercased()
        return try read { db in
            guard wanted.allSatisfy(\.isHexDigit) else { throw LibraryError.noSuchHighlight(prefix) }
            guard wanted.count >= 4 else { throw LibraryError.highlightIDTooShort(prefix) }
            let found = try Highlight.filter(Column("id").like("\(wanted)%")).limit(2).fetchAll(db)
            guard let first = found.first else { throw LibraryError.noSuchHighlight(prefix) }
            guard found.count == 1 else { throw LibraryError.ambiguousHighlight(prefix) }
            return first
        }
    }

    /// Changes a highlight's note (nil leaves it, "" clears it), place, or whether it is published.
    @discardableResult
    public func editHighlight(
        _ prefix: String, note: String? = nil, page: String? = nil, published: Bool? = nil
    ) throws -> Highlight {
        var highlight = try highlight(matching: prefix)
        if let note { highlight.note = note.linesForStorage.nilIfEmpty }
        if let page { highlight.place.page = page.trimmedForStorage.nilIfEmpty }
        try HighlightPlace.checkLengths(highlight.place)
        if let published { highlight.published = published }
        let saved = highlight
        try write { db in try saved.update(db) }
        return saved
    }

    /// Deletes a highlight, and remembers its id, book, text and place: importing the file it came
    /// from again brought it back (found by an exploratory tester), and so did a file with a
    /// longer version of its passage (found by a privacy audit). An import leaves it out and counts it;
    /// ``addHighlight(_:toBook:)`` of the same passage brings it back.
    public func removeHighlight(_ prefix: String) throws -> Highlight {
        let highlight = try highlight(matching: prefix)
        let removedAt = clock.now()
        try write { db in
            try highlight.delete(db)
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO removedHighlight (highlightId, removedAt, bookId, text, page, location)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    highlight.id, removedAt, highlight.bookId, highlight.text, highlight.place.page,
                    highlight.place.location,
                ])
        }
        return highlight
    }

    /// The highlights the reader removed and has not added since, by id, for Bookplate's JSON
    /// export; with its passage where the library knows it and its book is on the shelf.
    public func removedHighlights() throws -> [RemovedHighlight] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT removedHighlight.highlightId, removedHighlight.removedAt, book.slug, removedHighlight.text,
                           removedHighlight.page, removedHighlight.location
                    FROM removedHighlight LEFT JOIN book ON book.id = removedHighlight.bookId
                    ORDER BY removedHighlight.highlightId
                    """
            ).map { row in
                var passage: RemovedHighlight.Passage?
                if let slug: String = row[2], let text: String = row[3] {
                    passage = RemovedHighlight.Passage(book: slug, text: text, page: row[4], location: row[5])
                }
                return RemovedHighlight(id: row[0], removedAt: row[1], passage: passage)
            }
        }
    }

    /// Imports every usable highlight of `file` in one transaction, each matched to a book on the
    /// shelf that keeps one of its book's passages, else by ISBN, else by title (a subtitle
    /// aside, unless both name different ones) and author ("Last, First" and accents folded).
    /// Re-importing adds nothing twice; a note or place the file changed since the last
    /// import of its source updates the highlight (see ``Highlight/keep(_:lastImported:)``), and a
    /// passage extended since replaces the shorter one (``PassageVersions``).
    /// With `addMissing`, a book no book on the shelf matches is added by hand; without it, it is
    /// listed as unmatched. With `dryRun` nothing is kept.
    public func importHighlights(_ file: HighlightFile, addMissing: Bool = false, dryRun: Bool = false) throws
        -> HighlightImportSummary
    {
        var summary = HighlightImportSummary(skipped: file.skipped, warnings: file.warnings)
        let now = clock.now()
        do {
            // One transaction the import holds, so that a dry run can roll it back.
            try database.writeWithoutTransaction { db in
                try db.inTransaction {
                    try self.importHighlights(
                        file, addMissing: addMissing, now: now, bookSlugs: [:], into: &summary, in: db)
                    return dryRun ? .rollback : .commit
                }
            }
        } catch let error as DatabaseError {
            throw LibraryError.storage(path: path, message: error.readerMessage)
        }
        summary.skipped.sort { $0.line < $1.line }
        return summary
    }

    /// The work of ``importHighlights(_:addMissing:dryRun:)`` inside a transaction the caller
    /// holds, counted into `summary`. A highlight whose ``ImportedHighlight/bookLine`` names a
    /// book record of the same import goes on the book `bookSlugs` gives for that line.
    func importHighlights(
        _ file: HighlightFile, addMissing: Bool, now: Date, bookSlugs: [Int: String],
        into summary: inout HighlightImportSummary, in db: Database
    ) throws {
        var matcher = try HighlightMatcher(db: db)
        try matcher.recognisePassages(of: file.highlights, in: db)
        var versions = PassageVersions()
        var unmatched: [String: HighlightImportSummary.UnmatchedBook] = [:]
        var unmatchedOrder: [String] = []
        var removedBooks: [HighlightImportSummary.RemovedBookLeftOut] = []
        var pinnedBooks: [String: Book] = [:]
        /// The book the same import made of the highlight's book record, when it made one.
        func pinned(_ imported: ImportedHighlight) throws -> HighlightMatcher.Match? {
            guard let line = imported.bookLine, let slug = bookSlugs[line] else { return nil }
            if let book = pinnedBooks[slug] { return .one(book) }
            guard let book = try Book.filter(Book.Columns.slug == slug).fetchOne(db) else { return nil }
            pinnedBooks[slug] = book
            return .one(book)
        }
        for imported in file.highlights {
            guard !imported.highlight.text.passageForStorage.isEmpty else {
                summary.skipped.append(SkippedRow(line: imported.line, reason: "the highlight has no text"))
                continue
            }
            var match = try pinned(imported) ?? matcher.book(for: imported)
            if case .removed(let copy) = match {
                if let index = removedBooks.firstIndex(where: { $0.slug == copy.slug }) {
                    removedBooks[index].highlights += 1
                } else {
                    removedBooks.append(
                        .init(
                            slug: copy.slug, title: copy.title, authors: copy.authors, highlights: 1,
                            restoredBySlug: copy.restoredBySlug))
                }
                continue
            }
            if case .none = match, addMissing {
                let book = try addBookByHand(title: imported.bookTitle, author: imported.bookAuthor, in: db)
                summary.booksAdded.append(book.slug)
                matcher.add(book, for: imported)
                match = .one(book)
            }
            guard case .one(let book) = match, let bookId = book.id else {
                let key = imported.bookTitle + "\u{0}" + (imported.bookAuthor ?? "")
                if unmatched[key] == nil {
                    unmatchedOrder.append(key)
                    var candidates: [Book] = []
                    if case .several(let books) = match { candidates = books }
                    unmatched[key] = .init(
                        title: imported.bookTitle, author: imported.bookAuthor, highlights: 0,
                        candidates: candidates.map(\.slug),
                        candidateAuthors: try candidates.map {
                            try authors(ofBookId: $0.id, in: db).map(\.name).joined(separator: ", ")
                        })
                }
                unmatched[key]?.highlights += 1
                continue
            }
            var recorded = imported.highlight
            // The reader's wall-clock time, as a Kindle's is: KOReader's time of a
            // highlight made on New Year's Eve in Los Angeles was the next year's in
            // UTC (found by an exploratory session). It came at the moment given.
            if file.source.givesMoments { recorded.madeAt = recorded.madeAt.map(clock.wallClockTime) }
            guard
                var highlight = Highlight(
                    recorded, bookId: bookId, slug: book.slug, addedAt: imported.highlight.madeAt ?? now)
            else { continue }
            /// The file's `highlight` over `existing`, the highlight the library
            /// keeps as the same passage, under its id and with its text.
            func take(_ highlight: Highlight, over existing: Highlight) throws {
                var highlight = highlight
                highlight.id = existing.id
                let given = HighlightAsImported(highlight, from: file.source)
                let last = try HighlightAsImported.last(of: existing.id, from: file.source, in: db)
                highlight.keep(existing, lastImported: last)
                if highlight.text != existing.text,
                    highlight.id != Highlight.id(slug: book.slug, text: highlight.text)
                {
                    highlight.text = existing.text
                }
                if highlight == existing {
                    summary.unchanged += 1
                } else {
                    try highlight.update(db)
                    summary.updated += 1
                }
                if given != last { try given.insert(db, onConflict: .replace) }
            }
            let given = HighlightAsImported(highlight, from: file.source)
            if let existing = try Highlight.kept(id: highlight.id, in: db) {
                try take(highlight, over: existing)
            } else if try Highlight.wasRemoved(id: highlight.id, in: db) {
                summary.removedByReader += 1
            } else {
                let misplaced = try matcher.misplacedBook(of: imported).flatMap {
                    try Highlight.kept(id: Highlight.id(slug: $0.slug, text: highlight.text), in: db)
                }
                switch try misplaced.map(PassageVersions.Version.shorter)
                    ?? versions.version(
                        of: highlight, earlierTexts: imported.highlight.earlierTexts, slug: book.slug,
                        in: db)
                {
                case .same(let existing):
                    // The passage the reader typed (`quote add`, to settle the
                    // book of an ambiguous title) stays as typed, and takes the
                    // file's place and note where it lacks them.
                    try take(highlight, over: existing)
                case .removed:
                    summary.removedByReader += 1
                case .longer:
                    summary.unchanged += 1
                case .shorter(let old):
                    // The longer passage takes the place of the shorter (or the
                    // passage that of its copy on a book it was wrongly given) with
                    // the reader's note, choice to publish and the day it came; its
                    // id is its own text's on its book, as an export imported
                    // elsewhere makes it.
                    let (text, place) = (highlight.text, highlight.place)
                    highlight.keep(
                        old,
                        lastImported: try HighlightAsImported.last(of: old.id, from: file.source, in: db))
                    // The place is the longer passage's, where the file gives it,
                    // even when no import of this source remembers the shorter's.
                    highlight.text = text
                    highlight.place = HighlightPlace(
                        page: place.page ?? highlight.place.page,
                        location: place.location ?? highlight.place.location,
                        chapter: place.chapter ?? highlight.place.chapter)
                    try old.delete(db)
                    try highlight.insert(db)
                    try given.insert(db)
                    versions.keep(highlight, replacing: old.id)
                    summary.updated += 1
                case nil:
                    try highlight.insert(db)
                    try given.insert(db)
                    versions.keep(highlight)
                    summary.added += 1
                }
            }
        }
        summary.unmatched = unmatchedOrder.compactMap { unmatched[$0] }
        summary.removedBooks = removedBooks
    }

    /// A book added for highlights no book on the shelf matched: title and authors only, to read
    /// and with no read. Highlighting part of a text is not finishing it: added as read, with an
    /// undated finished read, a podcast, an article and the Kindle user guide counted as books
    /// read (found by an exploratory tester); the reader says how far they got. A Kindle
    /// and KOReader name several authors in one text with `;` between them ("Brian M. Carney;
    /// Isaac Getz"); each is an author of their own (a comma is read by ``shelfNames(of:in:)``).
    ///
    /// The device's title is cleaned as the matcher reads it: "Dune (Dune Chronicles, Book 1)" is
    /// Dune, "Piranesi: A Novel" is Piranesi with its subtitle, and "(Dune, #1)" gives the book its
    /// series. Kept whole, the book was "dune-dune-chronicles-book-1", and a reading log's "Dune"
    /// was another book (found by an exploratory session).
    private func addBookByHand(title: String, author: String?, in db: Database) throws -> Book {
        let names = try (author ?? "").split(separator: ";").flatMap {
            try shelfNames(of: $0.trimmingCharacters(in: .whitespaces), in: db)
        }
        let (withoutSeries, series) = SeriesPlace.split(title: title)
        let main = HighlightMatcher.withoutParentheses(withoutSeries.trimmingCharacters(in: .whitespaces))
        let parts = main.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let cleaned = parts.first.flatMap { $0.isEmpty ? nil : $0 }
        let new = NewBook(
            title: cleaned ?? title, subtitle: cleaned == nil ? nil : parts.dropFirst().first,
            authors: names.filter { !$0.isEmpty }.map { NewAuthor(name: $0) }, status: .toRead, series: series)
        do {
            return try insertBook(new, in: db).book
        } catch LibraryError.alreadyOnShelf(_, let slug, _) {
            // The library's own duplicate check knew it where the highlight's matching did not.
            guard let book = try Book.filter(Book.Columns.slug == slug).fetchOne(db) else {
                throw LibraryError.noSuchBook(slug)
            }
            // Unless it compares titles without their subtitles, and the two name different
            // ones ("Sapiens: A Graphic History", "Sapiens: A Brief History of Humankind"): the
            // book is added under its whole title.
            let subtitles = [HighlightMatcher.wholeTitle(of: book), main].map(HighlightMatcher.subtitleKey)
            if new.subtitle != nil, !HighlightMatcher.subtitlesAgree(subtitles[0], subtitles[1]) {
                var whole = new
                (whole.title, whole.subtitle) = (main, nil)
                do {
                    return try insertBook(whole, in: db).book
                } catch LibraryError.alreadyOnShelf(_, let slug, _) {
                    if let book = try Book.filter(Book.Columns.slug == slug).fetchOne(db) { return book }
                    throw LibraryError.noSuchBook(slug)
                }
            }
            return book
        }
    }
}

extension Library {
    /// The authors a device's `name` is, as the shelf knows them. Kobo, KOReader and a calibre
    /// book write "Le Guin, Ursula K.", which made a second Ursula K. Le Guin (found by an
    /// exploratory session), and Readwise writes "A, B" for two: a name with one comma is the
    /// shelf's author named the other way round, or the shelf's two authors, when the shelf has
    /// them; otherwise it is kept as the device wrote it.
    fileprivate func shelfNames(of name: String, in db: Database) throws -> [String] {
        let parts = name.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return [name] }
        // A Chinese, Japanese or Korean name keeps its family name first ("村上, 春樹").
        let spoken = AuthorName.isFamilyNameFirst(name) ? "\(parts[0]) \(parts[1])" : "\(parts[1]) \(parts[0])"
        if let known = try NamedRow.find(spoken, in: .author, db) { return [known.name] }
        if let first = try NamedRow.find(parts[0], in: .author, db),
            let second = try NamedRow.find(parts[1], in: .author, db)
        {
            return [first.name, second.name]
        }
        return [name]
    }
}

extension Highlight {
    /// This highlight, as a file gives it again, over the one the library keeps: whether it is
    /// published, when it came, and where it came from stay the library's, and so does when it was
    /// made once a source has said (Kindle's local time and Readwise's UTC would take turns), and
    /// the passage's lines (``passage(given:over:)``).
    ///
    /// The note and each part of the place are the file's only where the file says something new:
    /// a value its source changed since it last gave it (`last`), as a device keeps the reader's
    /// edits, or, the first time a source gives the highlight, a value the library lacks. A value
    /// the file still says, or takes away, leaves the library's: the reader's note or page edited
    /// in Bookplate went back to the file's at every import of the same clippings, and two sources
    /// with different notes took turns ("1 updated" for ever). Found by exploratory sessions.
    mutating func keep(_ existing: Highlight, lastImported last: HighlightAsImported?) {
        keepLibrarysFacts(of: existing)
        madeAt = existing.madeAt ?? madeAt
        func taken(_ given: String?, _ lastGiven: String??, _ kept: String?) -> String? {
            guard let given else { return kept }
            guard case .some(let lastGiven) = lastGiven else { return kept ?? given }
            return given == lastGiven ? kept : given
        }
        note = taken(note, last.map(\.note), existing.note)
        place = HighlightPlace(
            page: taken(place.page, last.map(\.place.page), existing.place.page),
            location: taken(place.location, last.map(\.place.location), existing.place.location),
            chapter: taken(place.chapter, last.map(\.place.chapter), existing.place.chapter))
    }

    /// What stays the library's when a highlight it keeps is given again, typed or imported:
    /// whether it is published, when it came and where from, and the passage's lines
    /// (``passage(given:over:)``).
    mutating func keepLibrarysFacts(of existing: Highlight) {
        text = Highlight.passage(given: text, over: existing.text)
        published = existing.published
        addedAt = existing.addedAt
        source = existing.source
    }

    /// The highlight the library keeps under `id`, if any. By a prepared statement kept for the
    /// whole import: building the query for each of 40,000 highlights took a tenth of the time.
    static func kept(id: String, in db: Database) throws -> Highlight? {
        try Highlight.fetchOne(db.cachedStatement(sql: "SELECT * FROM highlight WHERE id = ?"), arguments: [id])
    }

    /// Remembers `removed` (an export's) as removed by the reader, each at the time it gives or
    /// else `now`: the next import of its file leaves it out, as in the library exported. Not a
    /// highlight the library keeps (an import takes none away), nor one whose removal it
    /// remembers already (its own time stays), nor an id of another shape.
    static func rememberRemoved(_ removed: [RemovedHighlight], at now: Date, in db: Database) throws {
        let insert = try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO removedHighlight (highlightId, removedAt)
                SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM highlight WHERE id = ?)
                """)
        for highlight in removed where RemovedHighlight.isID(highlight.id) {
            try insert.execute(arguments: [highlight.id, highlight.removedAt ?? now, highlight.id])
        }
    }

    /// Gives the removed highlights of `removed` whose passage names the export's book `slug`
    /// that passage, on the shelf's book `bookId`, where the library knows only their ids: a
    /// shelf restored from an export keeps a longer version of a removed passage out, as the
    /// shelf it came from does.
    static func rememberRemovedPassages(_ removed: [RemovedHighlight], onBookId bookId: Int64, in db: Database) throws {
        let update = try db.cachedStatement(
            sql: """
                UPDATE removedHighlight SET bookId = ?, text = ?, page = ?, location = ?
                WHERE highlightId = ? AND text IS NULL
                """)
        for highlight in removed {
            guard let passage = highlight.passage else { continue }
            try update.execute(
                arguments: [bookId, passage.text, passage.page, passage.location, highlight.id])
        }
    }

    /// Whether the reader removed the highlight `id` (`quote remove`) and has not added it since.
    static func wasRemoved(id: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM removedHighlight WHERE highlightId = ?)"),
            arguments: [id]) ?? false
    }

    /// Where the highlight is in the book by its location: a Kindle's location (its first number,
    /// `170` of `170-172`), which runs through the whole book, front matter too, or Apple Books'
    /// order of an EPUB CFI step by step (`8.4.12.1.5`: the chapter alone, 8, ordered two
    /// highlights of one chapter by when they were made); nil where it has none.
    fileprivate var locationSteps: [Int]? {
        guard let text = place.location else { return nil }
        if text.contains(".") {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            if !parts.contains(nil) { return parts.compactMap { $0 } }
        }
        return Int(text.prefix { $0.isASCIIDigit }).map { [$0] }
    }
}

extension Sequence<Highlight> {
    /// These highlights in the order a reader meets them in the book, whatever order they come in:
    /// those with a location by it (``Highlight/locationSteps``), then page, then when made; those
    /// without by page (``PageLabel``: roman front matter first), then when made; and the two
    /// merged by page, a highlight with a location first where the pages are the same. A page that
    /// was not a number went after every page: a preface's highlight on page ix came after page
    /// 250 (found by an exploratory session).
    ///
    /// One order of the whole, not a comparison of two: comparing by location where both had one
    /// and by page where one had none ordered three highlights in a circle (a location 10 on page
    /// 1, one with no location on page 5, a location 5 on page 9), and a book's highlights came
    /// out in the order they went in (found by a review).
    package func inBookOrder() -> [Highlight] {
        let page = { (highlight: Highlight) in PageLabel(highlight.place.page) }
        let when = { (highlight: Highlight) in highlight.madeAt ?? highlight.addedAt }
        var located: [(steps: [Int], highlight: Highlight)] = []
        var unlocated: [Highlight] = []
        for highlight in self {
            if let steps = highlight.locationSteps {
                located.append((steps, highlight))
            } else {
                unlocated.append(highlight)
            }
        }
        located.sort { left, right in
            if left.steps != right.steps { return left.steps.lexicographicallyPrecedes(right.steps) }
            let (l, r) = (left.highlight, right.highlight)
            return (page(l), when(l), l.id) < (page(r), when(r), r.id)
        }
        unlocated.sort { (page($0), when($0), $0.id) < (page($1), when($1), $1.id) }
        var ordered: [Highlight] = []
        ordered.reserveCapacity(located.count + unlocated.count)
        var (next, nextUnlocated) = (0, 0)
        while next < located.count || nextUnlocated < unlocated.count {
            if next < located.count,
                nextUnlocated == unlocated.count
                    || !(page(unlocated[nextUnlocated]) < page(located[next].highlight))
            {
                ordered.append(located[next].highlight)
                next += 1
            } else {
                ordered.append(unlocated[nextUnlocated])
                nextUnlocated += 1
            }
        }
        return ordered
    }
}

extension String {
    /// A highlight's passage as the library keeps it: its lines as written (a poem's, a list's),
    /// each with its white space folded, a blank line between stanzas kept as one, every line
    /// break as `\n`, NUL bytes dropped, and nothing else changed. (Control characters in a
    /// passage are escaped where it is shown.) The passage was kept on one line, and its id is
    /// still made from it folded so (``Highlight/id(slug:text:)``): should keeping the lines fold
    /// to another text (a combining mark after a line break), the folded text is kept, as before,
    /// so that no highlight's id or permalink ever changes.
    var passageForStorage: String {
        let text = withoutNULs
        let folded = text.collapsingWhitespace
        // Most passages are one line: a look for a line break before splitting.
        guard
            text.unicodeScalars.contains(where: {
                (0x0A...0x0D).contains($0.value) || $0.value == 0x85 || $0.value == 0x2028 || $0.value == 0x2029
            })
        else {
            return folded
        }
        var lines: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let kept = String(line).collapsingWhitespace
            if kept.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(kept)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let passage = lines.joined(separator: "\n")
        return passage.collapsingWhitespace == folded ? passage : folded
    }
}

extension Highlight {
    /// The passage to keep when the library has `existing` under the same id and `text` is given
    /// again: the library's, unless it is on one line and the given one has its lines (a passage
    /// kept before lines were kept, given again). Taking either whenever they differ would have
    /// two sources that wrap it differently take turns.
    static func passage(given text: String, over existing: String) -> String {
        !existing.contains("\n") && text.contains("\n") ? text : existing
    }
}
