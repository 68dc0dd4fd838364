import BookplateCore
import Foundation
import GRDB

/// A record's title, match key, slug and description as the library will keep them.
struct PreparedRecord: Sendable {
    var title: String
    var firstAuthor: String?
    var matchKey: String
    /// The key of the title before its colon, for a title that has one: "Good Omens: The Nice and
    /// Accurate Prophecies…" is the "Good Omens" a device named.
    var mainTitleKey: String?
    var slugBase: String
    var description: SanitizedHTML?

    init(_ record: ImportRecord) {
        title = record.book.title.trimmedForStorage
        firstAuthor = record.book.authors.first?.name.trimmedForStorage
        matchKey = Library.matchKey(title: title, firstAuthor: firstAuthor)
        mainTitleKey =
            title.contains(":") ? Library.matchKey(title: title, firstAuthor: firstAuthor, looseTitle: true) : nil
        slugBase = Slug.make(from: title, fallbackPrefix: "book")
        description = Book.storedDescription(record.book.description)
    }
}

/// An author's name as the library looks it up, files it and names its page.
struct AuthorFacts: Sendable {
    var keys: [String]
    var slugBase: String
    var sortName: String

    init(_ name: String) {
        keys = AuthorName.keys(name)
        slugBase = Slug.make(from: name, fallbackPrefix: "author")
        sortName = AuthorName.sortName(for: name)
    }
}

/// Matches and writes imported records inside one transaction, with in-memory indexes of what
/// the library holds so that ten thousand rows take seconds, not minutes.
struct BookImporter {
    enum Outcome {
        case added(String)
        case updated(String)
        case unchanged(String)
        /// A book the reader removed, which the file still lists.
        case removed(RemovedRow)
    }

    /// A book the export's shelf had removed, kept here as a removed copy: its slug and where
    /// its note is to be set aside; nil when this library keeps that copy already.
    struct KeptCopy {
        var slug: String
        var noteFile: String?
    }

    let db: Database
    let source: ImportSource
    let now: Date
    /// Where the reader is: a file's day added (``ImportRecord/addedOn``) is their day.
    let timeZone: TimeZone
    var bookIDByISBN: [String: Int64] = [:]
    var bookIDBySourceID: [String: Int64] = [:]
    var bookIDsByMatchKey: [String: [Int64]] = [:]
    /// The books known by no more than their title and authors, as a highlight file adds them:
    /// no subtitle, ISBN, rating or read. Only such a book is the book of a longer title's main
    /// title ("Good Omens" of "Good Omens: The Nice and Accurate…"); a book the reader has read
    /// or rated is its own ("Binti" is not "Binti: Home": the rule took one for the other, and
    /// the second book's rating and read overwrote the first's — found by an exploratory session).
    var bareBooks: Set<Int64> = []
    /// The main titles (with first authors) more than one row of the file may be: none of those
    /// rows is taken for the bare book by its main title alone (a file with "Sapiens: A Graphic
    /// History" and "Sapiens: A Brief History of Humankind" gave the first the highlights' Sapiens:
    /// found by an exploratory session).
    var sharedMainTitles: Set<String> = []

    /// The keys more than one of `records` names: by its own title, or by its main title.
    static func sharedMainTitles(_ records: [PreparedRecord]) -> Set<String> {
        var uses: [String: Int] = [:]
        for record in records {
            uses[record.matchKey, default: 0] += 1
            if let main = record.mainTitleKey { uses[main, default: 0] += 1 }
        }
        return Set(uses.filter { $0.value > 1 }.keys)
    }
    /// Books that have an ISBN, and books that carry an id from this source: either tells two
    /// books with the same title and author apart.
    /// The versions of the passages the shelf keeps, so that an older export does not bring
    /// back the shorter passage a device's extended highlight replaced.
    var passageVersions = PassageVersions()
    var booksWithISBN: Set<Int64> = []
    var booksWithSourceID: Set<Int64> = []
    var slugs: Set<String>
    var bookIDBySlug: [String: Int64] = [:]
    /// The first author's key (``Library/authorKey(_:)``) of each book, by slug.
    var authorKeyBySlug: [String: String] = [:]
    var authorIDByName = NamedRow.Keyed<Int64>()
    /// The authors by their names as written: two authors whose names fold alike (علي and علی,
    /// kept apart by a library from before their letters were folded) are each found by their
    /// own, and an export of both brings both back (found by a review).
    var authorIDByExactName: [String: Int64] = [:]
    /// The authors this import made, as an export's own list of authors names them.
    var authorsMadeHere: Set<Int64> = []
    var authorSlugs: Set<String>
    var shelfIDByName: [String: Int64] = [:]
    /// The series by folded name, read once for the whole import.
    let seriesIndex = NamedRow.Index(.series)
    /// The line of the file each book was taken from, this import: a second row of the same book
    /// is left out and named (the two rows overwrote each other at every import of the file).
    var lineByBookID: [Int64: Int] = [:]
    var shelfSlugs: Set<String>
    /// Worked out beforehand for the names the file holds; others are worked out when met.
    var authorFacts: [String: AuthorFacts] = [:]
    /// The books the reader removed (the latest removal of each), by ISBN-13, by this source's
    /// id and by title and first author: a file that still lists one does not put it back.
    /// (Importing the same Goodreads export again brought a removed book back, and `restore` of
    /// the removed copy was then refused: found by an exploratory session.)
    var removedByISBN: [String: RemovedCopy] = [:]
    var removedBySourceID: [String: RemovedCopy] = [:]
    var removedByMatchKey: [String: RemovedCopy] = [:]

    /// A removed copy as an import matches it: by title and first author only when neither an
    /// ISBN nor an id of this source tells it from the row, as a book on the shelf is matched
    /// (another edition of the same title was left out as the removed one: found by a review).
    struct RemovedCopy {
        var row: RemovedRow
        var isbn13: String?
        var hasSourceID: Bool
        /// Known by no more than its title and authors (see ``BookImporter/bareBooks``).
        var isBare: Bool
    }

    init(db: Database, source: ImportSource, now: Date, timeZone: TimeZone) throws {
        self.db = db
        self.source = source
        self.now = now
        self.timeZone = timeZone
        let books = try Row.fetchAll(
            db,
            sql: """
                SELECT book.id, book.slug, book.title, book.subtitle, book.isbn13, book.ratingQuarters,
                       (SELECT author.name FROM bookAuthor JOIN author ON author.id = bookAuthor.authorId
                        WHERE bookAuthor.bookId = book.id ORDER BY position LIMIT 1) AS firstAuthor,
                       EXISTS (SELECT 1 FROM read WHERE read.bookId = book.id) AS hasReads
                FROM book
                """)
        slugs = Set(books.map { $0["slug"] as String })
        for row in books {
            let id: Int64 = row["id"]
            bookIDBySlug[row["slug"]] = id
            authorKeyBySlug[row["slug"]] = Library.authorKey(row["firstAuthor"])
            if let isbn: String = row["isbn13"] {
                bookIDByISBN[isbn] = id
                booksWithISBN.insert(id)
            }
            bookIDsByMatchKey[Library.matchKey(title: row["title"], firstAuthor: row["firstAuthor"]), default: []]
                .append(id)
            // A CSV names a book with a subtitle as Goodreads does, and as the Goodreads export writes
            // it: "The Dispossessed: An Ambiguous Utopia".
            if row["subtitle"] == nil, row["isbn13"] == nil, row["ratingQuarters"] == nil,
                !(row["hasReads"] as Bool)
            {
                bareBooks.insert(id)
            }
            if let subtitle: String = row["subtitle"] {
                let title: String = row["title"]
                bookIDsByMatchKey[
                    Library.matchKey(title: "\(title): \(subtitle)", firstAuthor: row["firstAuthor"]), default: []
                ].append(id)
            }
        }
        for row in try Row.fetchAll(
            db, sql: "SELECT bookId, value FROM externalID WHERE source = ?", arguments: [source.rawValue])
        {
            bookIDBySourceID[row["value"]] = row["bookId"]
            booksWithSourceID.insert(row["bookId"])
        }
        for identity in try RemovedCopyIdentity.all(in: db, shelfSlugs: slugs) {
            let kept = identity.kept
            let ids = (kept.externalIDs ?? []).filter { $0.source == source.rawValue }.map(\.value)
            let copy = RemovedCopy(
                row: identity.row, isbn13: kept.book.isbn13, hasSourceID: !ids.isEmpty, isBare: kept.isBare)
            if let isbn = copy.isbn13, removedByISBN[isbn] == nil { removedByISBN[isbn] = copy }
            for id in ids where removedBySourceID[id] == nil { removedBySourceID[id] = copy }
            // By its title, and by its title and subtitle as a CSV names them, as a book on the shelf.
            let first = kept.authors.first?.name
            var keys = [Library.matchKey(title: kept.book.title, firstAuthor: first)]
            if let subtitle = kept.book.subtitle {
                keys.append(Library.matchKey(title: "\(kept.book.title): \(subtitle)", firstAuthor: first))
            }
            for key in keys where removedByMatchKey[key] == nil { removedByMatchKey[key] = copy }
        }
        let authors = try Row.fetchAll(db, sql: "SELECT id, name, slug FROM author")
        authorSlugs = Set(authors.map { $0["slug"] as String })
        for row in authors {
            authorIDByName.file(row["id"], under: AuthorName.keys(row["name"]), replacing: true)
            authorIDByExactName[row["name"] as String] = row["id"]
        }
        let shelves = try Row.fetchAll(db, sql: "SELECT id, name, slug FROM shelf")
        shelfSlugs = Set(shelves.map { $0["slug"] as String })
        for row in shelves { shelfIDByName[TextFolding.searchKey(row["name"] as String)] = row["id"] }
    }

    /// Creates the authors an export lists, with their slugs and what is known of them, unless
    /// an author of that name is already here.
    mutating func createAuthors(_ authors: [ImportedAuthor]) throws {
        for imported in authors where authorIDByExactName[imported.author.name] == nil {
            let exported = imported.author
            // An author of the library by another spelling of the name is that author; one the
            // export lists beside it is another, as the library exported held them apart.
            if let id = authorIDByName[AuthorName.keys(exported.name)], !authorsMadeHere.contains(id) {
                authorIDByExactName[exported.name] = id
                continue
            }
            // An author whose Open Library key is already here is that author, under another name.
            if let key = exported.openLibraryKey,
                let id = try Int64.fetchOne(db, sql: "SELECT id FROM author WHERE openLibraryKey = ?", arguments: [key])
            {
                authorIDByName.file(id, under: AuthorName.keys(exported.name), replacing: true)
                authorIDByExactName[exported.name] = id
                continue
            }
            let slug =
                authorSlugs.contains(exported.slug) || !Slug.isValid(exported.slug)
                ? Slug.unique(Slug.make(from: exported.name, fallbackPrefix: "author")) { authorSlugs.contains($0) }
                : exported.slug
            var author = exported
            author.id = nil
            author.slug = slug
            try author.insert(db)
            guard let id = author.id else { continue }
            authorIDByName.file(id, under: AuthorName.keys(exported.name))
            authorIDByExactName[exported.name] = id
            authorsMadeHere.insert(id)
            authorSlugs.insert(slug)
            try AuthorWork.add(imported.works, toAuthorId: id, in: db)
        }
    }

    /// Gives the removed highlights of the record's book in the export their passage, on its book
    /// here (``Highlight/rememberRemovedPassages(_:onBookId:in:)``).
    mutating func keepRemovedPassages(_ removed: [RemovedHighlight], ofSlug slug: String) throws {
        guard let bookId = bookIDBySlug[slug] else { return }
        try Highlight.rememberRemovedPassages(removed, onBookId: bookId, in: db)
    }

    /// Keeps a record's highlights (Bookplate's own export) on its book, each under the id its
    /// book and text give it, so importing the same export again changes nothing. A highlight the
    /// library has already is left as the library has it: an older export must not publish again
    /// what the reader hid since, nor take away a note written since (found by an exploratory
    /// session); it gives a note only to a highlight that has none, and its lines only to a
    /// passage kept on one line. A highlight the reader removed since stays removed.
    mutating func keepHighlights(_ highlights: [NewHighlight], ofSlug slug: String) throws {
        guard !highlights.isEmpty, let bookId = bookIDBySlug[slug] else { return }
        for new in highlights {
            guard let incoming = Highlight(new, bookId: bookId, slug: slug, addedAt: new.addedAt ?? new.madeAt ?? now)
            else { continue }
            guard var kept = try Highlight.kept(id: incoming.id, in: db) else {
                // What the reader removed since the export stays removed, and so does a passage
                // the shelf keeps longer since (extended on the device) or as the reader typed it.
                guard try !Highlight.wasRemoved(id: incoming.id, in: db) else { continue }
                switch try passageVersions.version(of: incoming, earlierTexts: [], slug: slug, in: db) {
                case .longer, .same, .removed: continue
                case .shorter(let old):
                    // The export's longer passage replaces it, as a device's does, keeping the
                    // shelf's note and hidden state where the export has none.
                    var longer = incoming
                    longer.note = incoming.note ?? old.note
                    longer.published = incoming.published && old.published
                    longer.addedAt = min(incoming.addedAt, old.addedAt)
                    try old.delete(db)
                    try longer.insert(db)
                    try rememberLastImported(new.lastImported, ofHighlight: longer.id)
                    passageVersions.keep(longer, replacing: old.id)
                case nil:
                    try incoming.insert(db)
                    try rememberLastImported(new.lastImported, ofHighlight: incoming.id)
                    passageVersions.keep(incoming)
                }
                continue
            }
            try rememberLastImported(new.lastImported, ofHighlight: kept.id)
            let text = Highlight.passage(given: incoming.text, over: kept.text)
            let note = kept.note ?? incoming.note
            guard text != kept.text || note != kept.note else { continue }
            kept.text = text
            kept.note = note
            try kept.update(db)
        }
    }

    /// Keeps what each source last gave of a highlight (an export's), under the id `id` it has
    /// here; what this library remembers of a source already stays, as it is this shelf's own.
    /// Without it a shelf moved by the export took a note changed on the device for a note the
    /// reader had kept, and left it (found by an exploratory session).
    private func rememberLastImported(_ given: [HighlightAsImported], ofHighlight id: String) throws {
        for var remembered in given {
            remembered.highlightId = id
            try remembered.insert(db, onConflict: .ignore)
        }
    }

    mutating func importRecord(_ record: ImportRecord, _ prepared: PreparedRecord) throws -> Outcome {
        let new = record.book
        let title = prepared.title
        guard !title.isEmpty else { throw RowProblem("no title") }
        let firstAuthor = prepared.firstAuthor
        let key = prepared.matchKey
        // The same title and first author make the same book only when no ISBN or id of this
        // source tells them apart.
        let (withISBN, withSourceID) = (booksWithISBN, booksWithSourceID)
        let toldApart = { (id: Int64) in
            (new.isbn != nil && withISBN.contains(id)) || (record.sourceID != nil && withSourceID.contains(id))
        }
        // A title with its subtitle after a colon is also the book of its main title that has no
        // subtitle: highlights add a book as the device names it, and a reading log imported
        // after them added the same book again (found by an exploratory session).
        let byTitle =
            bookIDsByMatchKey[key]?.first { !toldApart($0) }
            // Only a book the shelf had before: two rows of one file, "Meditations" and
            // "Meditations: A New Translation", are two editions the reader keeps.
            ?? prepared.mainTitleKey.flatMap { sharedMainTitles.contains($0) ? nil : bookIDsByMatchKey[$0] }?.first {
                !toldApart($0) && bareBooks.contains($0) && lineByBookID[$0] == nil
            }
        // Bookplate's own export names each book by its slug: the same slug is the same book when
        // its ISBN, its title and author, or its first author alone agree (a title mended since
        // the export is the same book: each import of it added another copy); a slug another
        // writer's book has taken since is another book. Else the book is matched as any file's
        // book is: the export of another shelf, where Dune was `dune-2`, added a second Dune
        // beside this shelf's of the same ISBN (found by an exploratory session), and so did one
        // where `dune` is another writer's Dune here (found by a review).
        let bySlug = record.preferredSlug.flatMap { slug in
            bookIDBySlug[slug].flatMap { id in
                (new.isbn.map { bookIDByISBN[$0.isbn13] == id } ?? false)
                    || bookIDsByMatchKey[key]?.contains(id) == true
                    || authorKeyBySlug[slug] == Library.authorKey(firstAuthor)
                    ? id : nil
            }
        }
        let matched =
            new.isbn.flatMap { bookIDByISBN[$0.isbn13] } ?? record.sourceID.flatMap { bookIDBySourceID[$0] }
            ?? byTitle
        // Two books of the export are two books of its shelf, whatever they share: the second
        // of two Dunes a Goodreads file told apart by its ids was taken for the first, restored
        // into a new shelf, and left out as the same book (found by a review).
        let matchedByAnotherOfTheExport = record.preferredSlug != nil && matched.map { lineByBookID[$0] != nil } == true
        let existingID = bySlug ?? (matchedByAnotherOfTheExport ? nil : matched)
        // By title as a book on the shelf is matched: the main title too, of a copy known by no
        // more than its title and authors (a removed Good Omens, and a file's "Good Omens: The
        // Nice and Accurate…").
        let byTitleAlone = { (copy: RemovedCopy) in
            (new.isbn == nil || copy.isbn13 == nil) && (record.sourceID == nil || !copy.hasSourceID) ? copy : nil
        }
        if existingID == nil,
            let removed = new.isbn.flatMap({ removedByISBN[$0.isbn13] })
                ?? record.sourceID.flatMap({ removedBySourceID[$0] })
                ?? removedByMatchKey[key].flatMap(byTitleAlone)
                ?? prepared.mainTitleKey.flatMap({ sharedMainTitles.contains($0) ? nil : removedByMatchKey[$0] })
                .flatMap({
                    $0.isBare ? byTitleAlone($0) : nil
                })
        {
            return .removed(removed.row)
        }
        if let existingID, let first = lineByBookID[existingID] {
            throw RowProblem("the same book as line \(first), which is the one imported")
        }
        if let existingID,
            var book = try Book.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM book WHERE id = ?"), arguments: [existingID])
        {
            lineByBookID[existingID] = record.line
            let before = book
            let file = said(by: record)
            let last = try BookAsImported.last(ofBookId: existingID, from: source, in: db)
            apply(record, file, description: prepared.description, to: &book, since: last)
            let merged =
                record.reads.isEmpty || !file.changesReads(since: last)
                ? nil
                : try Read.merge(
                    record.reads, setAsideFrom: record.readsSetAsideFrom, told: last?.reads ?? [],
                    intoBookId: existingID, in: db)
            let readsChanged = merged != nil
            // A file that tells of a read leaves the book where its latest read is, which may be
            // one the library has and the file does not (a re-read logged in Bookplate since); a
            // file with no news of the book's reading leaves it where the reader put it.
            if readsChanged || file.changesStatus(since: last), new.status.readOutcome != nil,
                let latest = try merged?.last ?? Read.of(bookId: existingID, in: db).last?.record
            {
                book.status = latest.outcome.status
                book.startedDate = latest.started
                book.finishedDate = latest.finished
            }
            if book != before { try book.update(db) }
            // A book's series come from the first file that names them; the reader's stay.
            var seriesAdded = false
            if !new.series.isEmpty,
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT count(*) FROM bookSeries WHERE bookId = ?"), arguments: [existingID]
                )
                    == 0
            {
                try Library.setSeries(new.series, of: existingID, in: db, index: seriesIndex)
                seriesAdded = true
            }
            let shelvesChanged = try addShelves(new.shelves, to: existingID)
            try rememberIDs(record, for: existingID)
            // A file imported again as it was has nothing new to keep.
            if file != last { try file.save(forBookId: existingID, in: db) }
            try rememberLastImported(record.lastImported, ofBookId: existingID)
            return book != before || readsChanged || seriesAdded || shelvesChanged
                ? .updated(book.slug) : .unchanged(book.slug)
        }
        let slug =
            record.preferredSlug.flatMap { Slug.isValid($0) && !slugs.contains($0) ? $0 : nil }
            ?? uniqueSlug(prepared.slugBase, surname: firstAuthor)
        var (book, file) = newBook(record, prepared, slug: slug)
        // A book that keeps its slug from Bookplate's export keeps the ids its feeds gave it there.
        try Library.arrive(&book, carrying: slug == record.preferredSlug ? record.feedNumber : nil, in: db)
        try book.insert(db)
        guard let id = book.id else { return .added(book.slug) }
        lineByBookID[id] = record.line
        slugs.insert(book.slug)
        bookIDBySlug[book.slug] = id
        authorKeyBySlug[book.slug] = Library.authorKey(firstAuthor)
        if let isbn = book.isbn13 {
            bookIDByISBN[isbn] = id
            booksWithISBN.insert(id)
        }
        bookIDsByMatchKey[key, default: []].append(id)
        try Read.add(record.reads, setAsideFrom: record.readsSetAsideFrom, toBookId: id, in: db)
        if !new.series.isEmpty { try Library.setSeries(new.series, of: id, in: db, index: seriesIndex) }
        var position = 0
        var linked = Set<Int64>()
        for author in new.authors {
            let name = author.name.trimmedForStorage
            guard !name.isEmpty else { continue }
            let authorID = try authorID(named: name, sortName: author.sortName)
            guard linked.insert(authorID).inserted else { continue }
            position += 1
            try db.cachedStatement(sql: "INSERT INTO bookAuthor (bookId, authorId, position) VALUES (?, ?, ?)")
                .execute(arguments: [id, authorID, position])
        }
        _ = try addShelves(new.shelves, to: id)
        try rememberIDs(record, for: id)
        try file.save(forBookId: id, in: db)
        try rememberLastImported(record.lastImported, ofBookId: id)
        return .added(book.slug)
    }

    /// Keeps what each reading log last gave of the book `bookId` (an export's); what this library
    /// remembers of a log already stays, as it is this shelf's own. Without it a shelf moved by the
    /// export took the next import of the same Goodreads file for news of every field, and wrote
    /// it over what the reader had changed in Bookplate (found by an exploratory session).
    private func rememberLastImported(_ given: [BookAsImported], ofBookId bookId: Int64) throws {
        for remembered in given where remembered.source != source {
            try remembered.save(forBookId: bookId, replacing: false, in: db)
        }
    }

    /// The book `record` makes when it is new, with the slug `slug`, and what the file says of its
    /// reader fields: an added book's and a removed copy's alike.
    func newBook(_ record: ImportRecord, _ prepared: PreparedRecord, slug: String) -> (Book, BookAsImported) {
        let new = record.book
        var book = Book(
            // A file's "language": "" is no language (it showed an empty Language fact), its "jpn" is ja.
            slug: slug, title: prepared.title, subtitle: new.subtitle?.trimmedForStorage.nilIfEmpty,
            language: new.language.flatMap(LanguageCode.normalized),
            description: prepared.description,
            coverURL: new.coverURL, subjects: new.subjects,
            addedAt: record.addedAt ?? record.addedOn.map(startOfDay) ?? now,
            provenance: new.provenance)
        book.googleVolumeID = new.googleVolumeID
        book.openLibraryWorkKey = new.openLibraryWorkKey.flatMap { OpenLibraryKey.valid($0, kind: "W") }
        book.openLibraryEditionKey = new.openLibraryEditionKey.flatMap { OpenLibraryKey.valid($0, kind: "M") }
        let file = said(by: record)
        apply(record, file, description: prepared.description, to: &book, since: nil)
        return (book, file)
    }

    /// Every id `record` gives the book: the ids an export carried, and the source's own.
    func ids(of record: ImportRecord) -> [String: String] {
        var ids = record.externalIDs
        if let value = record.sourceID { ids[source.rawValue] = value }
        return ids
    }

    /// What the file says of the book's reader fields: its status with the dates the book takes
    /// from it, its rating, private notes and whether it is owned.
    func said(by record: ImportRecord) -> BookAsImported {
        let new = record.book
        var started = new.startedDate
        var finished = new.finishedDate
        if let latest = record.reads.last {
            // The book tells of its latest read; but a book put back to read by a status change,
            // its read going on set aside, has no dates of its own, as `edit --status to-read`
            // leaves it (it came back from an export with the set-aside read's start).
            let putBack = new.status == .toRead && record.readsSetAsideFrom.last == .reading
            started = putBack ? nil : latest.started
            finished = putBack ? nil : latest.finished
        }
        return BookAsImported(
            source: source, status: new.status, startedDate: started, finishedDate: finished, rating: new.rating,
            privateNotes: record.privateNotes, owned: new.owned, reads: record.reads)
    }

    /// The file's values, `file`, win for the reader's fields it changed since `last` (what the
    /// same source's file said at its last import; all of them when nil), and only those: what
    /// the reader changed in Bookplate since stays while the file still says what it said. Book
    /// facts fill only what is empty.
    func apply(
        _ record: ImportRecord, _ file: BookAsImported, description: SanitizedHTML?, to book: inout Book,
        since last: BookAsImported?
    ) {
        let new = record.book
        if file.changesStatus(since: last) {
            book.status = file.status
            if !record.reads.isEmpty {
                book.startedDate = file.startedDate
                book.finishedDate = file.finishedDate
            } else {
                if let started = file.startedDate { book.startedDate = started }
                if let finished = file.finishedDate { book.finishedDate = finished }
            }
        }
        // Without a `last`, `last?.field` is nil, unlike any value the file gives.
        if let rating = file.rating, last?.rating != rating { book.rating = rating }
        if let notes = file.privateNotes, last?.privateNotes != notes { book.privateNotes = notes }
        if let owned = file.owned, last?.owned != owned { book.owned = owned }
        book.format = book.format ?? new.format
        book.audioMinutes = book.audioMinutes ?? AudioLength.minutes.admit(new.audioMinutes)
        book.firstPublished = book.firstPublished ?? new.firstPublished
        if let added = record.addedAt, book.id != nil, !Self.saysNoMore(added, than: book.addedAt) {
            book.addedAt = added
        } else if let day = record.addedOn, record.addedAt == nil, book.id != nil,
            PartialDate.day(of: book.addedAt, in: timeZone) != day, !Self.fallsOn(day, somewhere: book.addedAt)
        {
            // A day the library's time is on, where the reader is, tells no more: importing a
            // shelf's own CSV again set every book's time to midnight.
            book.addedAt = startOfDay(day)
        }
        book.subtitle = book.subtitle ?? new.subtitle?.trimmedForStorage.nilIfEmpty
        book.publisher = book.publisher ?? new.publisher?.trimmedForStorage.nilIfEmpty
        book.publishedDate = book.publishedDate ?? new.publishedDate
        book.pageCount = book.pageCount ?? Book.pageCountRange.admit(new.pageCount)
        book.language = book.language ?? new.language.flatMap(LanguageCode.normalized)
        book.description = book.description ?? description
        if book.isbn13 == nil, let isbn = new.isbn,
            bookIDByISBN[isbn.isbn13] == nil || bookIDByISBN[isbn.isbn13] == book.id
        {
            book.isbn13 = isbn.isbn13
            book.isbn10 = isbn.isbn10
        }
    }

    /// The first moment of `day` where the reader is: a reading log's day added. Read as UTC's
    /// midnight, a book added on an evening in Los Angeles and exported there came back a day
    /// early (found by an exploratory session).
    /// Never after now: a day that is already tomorrow where the reader is not yet (a file made
    /// across the date line) is now.
    func startOfDay(_ day: PartialDate) -> Date {
        min(day.firstMoment(in: timeZone), now)
    }

    /// Whether `instant` is on `day` somewhere on Earth (from UTC−12 to UTC+14): the day a file
    /// made there gives it. A CSV exported where it was already the next day, imported in Los
    /// Angeles, moved the book's time added to Los Angeles' tomorrow (found by a review).
    static func fallsOn(_ day: PartialDate, somewhere instant: Date) -> Bool {
        guard day.day != nil else { return false }
        let midnight = day.firstMoment()
        let since = instant.timeIntervalSince(midnight)
        return since >= -14 * 3600 && since < 36 * 3600
    }

    /// Whether a file's time added tells no more than the library's: the same instant, or the same
    /// second (an export written before they kept milliseconds).
    private static func saysNoMore(_ file: Date, than kept: Date) -> Bool {
        let fileSeconds = file.timeIntervalSince1970
        // To the millisecond, as times are exported: .097 s read from a file and .097 s read from
        // the library are binary fractions a hair apart, and a book was updated at every import
        // (found by an exploratory session).
        guard (fileSeconds * 1000).rounded() != (kept.timeIntervalSince1970 * 1000).rounded() else { return true }
        // The same second, as exports before milliseconds wrote it.
        return fileSeconds.truncatingRemainder(dividingBy: 1) == 0
            && fileSeconds == kept.timeIntervalSince1970.rounded(.down)
    }

    private mutating func uniqueSlug(_ base: String, surname: String?) -> String {
        if !slugs.contains(base) { return base }
        if let surname {
            let last = AuthorName.sortName(for: surname).split(separator: ",").first.map(String.init) ?? surname
            let withAuthor = "\(base)-\(Slug.make(from: last, fallbackPrefix: "author"))"
            if !slugs.contains(withAuthor) { return withAuthor }
        }
        return Slug.unique(base) { slugs.contains($0) }
    }

    private mutating func authorID(named name: String, sortName: String? = nil) throws -> Int64 {
        if let id = authorIDByExactName[name] { return id }
        let facts = authorFacts[name] ?? AuthorFacts(name)
        if let id = authorIDByName[facts.keys] { return id }
        let slug = Slug.unique(facts.slugBase) { authorSlugs.contains($0) }
        let given = sortName?.trimmedForStorage
        var author = Author(
            slug: slug, name: name,
            sortName: given.flatMap { $0.isEmpty || $0.count > Book.lineCharacterLimit ? nil : $0 } ?? facts.sortName)
        try author.insert(db)
        let id = author.id ?? db.lastInsertedRowID
        authorIDByName.file(id, under: facts.keys, replacing: true)
        authorIDByExactName[name] = id
        authorSlugs.insert(slug)
        return id
    }

    /// Puts the book on each shelf; returns whether any link was new.
    private mutating func addShelves(_ names: [String], to bookID: Int64) throws -> Bool {
        var changed = false
        for name in Shelf.names(names) {
            var shelfID = shelfIDByName[TextFolding.searchKey(name)]
            if shelfID == nil {
                let slug = Slug.unique(Slug.make(from: name, fallbackPrefix: "shelf")) { shelfSlugs.contains($0) }
                var shelf = Shelf(slug: slug, name: name)
                try shelf.insert(db)
                shelfID = shelf.id
                shelfIDByName[TextFolding.searchKey(name)] = shelf.id
                shelfSlugs.insert(slug)
            }
            guard let shelfID else { continue }
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO bookShelf (bookId, shelfId) VALUES (?, ?)")
                .execute(arguments: [bookID, shelfID])
            changed = changed || db.changesCount > 0
        }
        return changed
    }

    /// Keeps the source's id for the book, and any ids an export carried.
    private mutating func rememberIDs(_ record: ImportRecord, for bookID: Int64) throws {
        for (idSource, value) in ids(of: record).sorted(by: { $0.key < $1.key }) {
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO externalID (bookId, source, value) VALUES (?, ?, ?)")
                .execute(arguments: [bookID, idSource, value])
            if idSource == source.rawValue, db.changesCount > 0 {
                bookIDBySourceID[value] = bookID
                booksWithSourceID.insert(bookID)
            }
        }
    }
}
