import BookplateCore
import Foundation
import GRDB

extension Library {
    /// Adds a book with its authors and shelves in one transaction.
    ///
    /// Refuses a book already on the shelf: the same ISBN-13, or with no ISBN the same title and
    /// first author.
    @discardableResult
    public func addBook(_ new: NewBook) throws -> BookDetails {
        try write { db in try insertBook(new, in: db) }
    }

    /// ``addBook(_:)`` inside a transaction the caller holds.
    func insertBook(_ new: NewBook, in db: Database) throws -> BookDetails {
        let title = new.title.trimmedForStorage
        guard !title.isEmpty else { throw LibraryError.emptyTitle }
        try Library.checkLengths(
            title: title, subtitle: new.subtitle, publisher: new.publisher, language: new.language,
            authors: new.authors.map(\.name), shelves: new.shelves, series: new.series.map(\.name))
        if let pages = new.pageCount, !Book.pageCountRange.contains(pages) {
            throw LibraryError.invalidPageCount(String(pages))
        }
        try Library.checkNewBook(status: new.status, started: new.startedDate, finished: new.finishedDate)
        let authors = new.authors.compactMap { author -> NewAuthor? in
            var author = author
            author.name = author.name.trimmedForStorage
            return author.name.isEmpty ? nil : author
        }
        if let existing = try findDuplicate(of: new, title: title, firstAuthor: authors.first?.name, in: db) {
            throw existing
        }
        var book = Book(
            slug: try uniqueBookSlug(title: title, firstAuthor: authors.first?.name, in: db),
            title: title, subtitle: new.subtitle?.trimmedForStorage.nilIfEmpty,
            publisher: new.publisher?.trimmedForStorage.nilIfEmpty, publishedDate: new.publishedDate,
            pageCount: new.pageCount, language: new.language.flatMap(LanguageCode.normalized),
            description: Book.storedDescription(new.description),
            isbn10: new.isbn?.isbn10, isbn13: new.isbn?.isbn13, googleVolumeID: new.googleVolumeID,
            openLibraryWorkKey: new.openLibraryWorkKey, openLibraryEditionKey: new.openLibraryEditionKey,
            coverURL: new.coverURL, subjects: new.subjects, status: new.status, rating: new.rating,
            startedDate: new.startedDate, finishedDate: new.finishedDate, addedAt: clock.now(),
            provenance: new.provenance, format: new.format,
            audioMinutes: AudioLength.minutes.admit(new.audioMinutes), firstPublished: new.firstPublished,
            owned: new.owned)
        // As `edit --status reading` does: a book begun now was begun today. (A book added
        // as read keeps no finished date unless given: it may have been read years ago.)
        if book.status == .reading && book.startedDate == nil { book.startedDate = clock.today }
        try Library.arrive(&book, carrying: nil, in: db)
        try book.insert(db)
        try recordStatus(of: book, startsAnew: true, in: db)
        if let id = book.id, !new.series.isEmpty { try Library.setSeries(new.series, of: id, in: db) }
        try setAuthors(authors, of: book, in: db)
        try addShelves(new.shelves, to: book, in: db)
        return try details(of: book, in: db)
    }

    /// Applies `edit` to the book with `slug` in one transaction and returns the result.
    ///
    /// A book that becomes `read` without a finished date is finished today; one that becomes
    /// `reading` without a started date is started today; a book being read that is given a
    /// finished date becomes `read`.
    @discardableResult
    public func editBook(slug: String, _ edit: BookEdit) throws -> BookDetails {
        try write { db in try applyEdit(edit, toBookWithSlug: slug, in: db) }
    }

    /// Adds `new` and applies `edit` to it in one transaction: the details a reader gives
    /// `add` beside a catalog's record win over the catalog's and are the reader's from then
    /// on, as an `edit` would make them; a book the edit refuses is not added.
    public func addBook(_ new: NewBook, editedBy edit: BookEdit) throws -> BookDetails {
        try write { db in
            let added = try insertBook(new, in: db)
            guard edit != .nothing else { return added }
            return try applyEdit(edit, toBookWithSlug: added.book.slug, in: db)
        }
    }

    /// ``editBook(slug:_:)`` inside a transaction the caller holds.
    private func applyEdit(_ edit: BookEdit, toBookWithSlug slug: String, in db: Database) throws -> BookDetails {
        guard var book = try Book.filter(Book.Columns.slug == slug).fetchOne(db) else {
            throw LibraryError.noSuchBook(slug)
        }
        var edit = edit
        // A read going on that is given its end is finished, as `read edit` finishes it: the
        // book stayed "Reading now" with a finished date, and its CSV export came back as two
        // reads (found by an exploratory session).
        if edit.status == nil, book.status == .reading, (edit.finishedDate ?? nil) != nil { edit.status = .read }
        let statusBefore = book.status
        let datesBefore = (started: book.startedDate, finished: book.finishedDate)
        let keyBefore =
            edit.title != nil || edit.authors != nil
            ? Library.matchKey(title: book.title, firstAuthor: try authors(ofBookId: book.id, in: db).first?.name)
            : nil
        try Library.checkLengths(
            title: edit.title, subtitle: edit.subtitle ?? nil, publisher: edit.publisher ?? nil,
            language: edit.language ?? nil, authors: edit.authors ?? [], shelves: edit.addShelves,
            series: edit.series?.map(\.name) ?? [])
        if let title = edit.title {
            let trimmed = title.trimmedForStorage
            guard !trimmed.isEmpty else { throw LibraryError.emptyTitle }
            book.title = trimmed
        }
        if let subtitle = edit.subtitle { book.subtitle = subtitle?.trimmedForStorage.nilIfEmpty }
        if let publisher = edit.publisher { book.publisher = publisher?.trimmedForStorage.nilIfEmpty }
        if let date = edit.publishedDate { book.publishedDate = date }
        if let pages = edit.pageCount {
            if let pages, !Book.pageCountRange.contains(pages) {
                throw LibraryError.invalidPageCount(String(pages))
            }
            book.pageCount = pages
        }
        if let language = edit.language { book.language = language.flatMap(LanguageCode.normalized) }
        if let description = edit.description {
            book.description = Book.storedDescription(description)
        }
        if let isbn = edit.isbn {
            if let isbn, let owner = try Book.filter(Book.Columns.isbn13 == isbn.isbn13).fetchOne(db),
                owner.id != book.id
            {
                throw LibraryError.isbnTaken(isbn: isbn.isbn13, slug: owner.slug)
            }
            book.isbn13 = isbn?.isbn13
            book.isbn10 = isbn?.isbn10
        }
        if let rating = edit.rating { book.rating = rating }
        if let format = edit.format { book.format = format }
        if let minutes = edit.audioMinutes { book.audioMinutes = minutes.flatMap(AudioLength.minutes.admit) }
        if let first = edit.firstPublished { book.firstPublished = first }
        if let owned = edit.owned { book.owned = owned }
        if let started = edit.startedDate { book.startedDate = started }
        if let finished = edit.finishedDate { book.finishedDate = finished }
        // A book read before and begun again — or marked read again after waiting to be
        // re-read, or after it was set aside — starts another read, with only the dates this
        // edit gives. (Read after being set aside, it rewrote the set-aside read as finished,
        // on its old dates: found by an exploratory session.)
        var startsAnew = false
        var putBack = false
        var toldByReads = false
        if let status = edit.status, status != book.status {
            if edit.startedDate == nil, edit.finishedDate == nil,
                let latest = try giveBackLatestRead(as: status, bookId: book.id, finishing: clock.today, in: db)
            {
                // A status the reads already tell, or the one a status change set the latest
                // read aside from, writes no read (`abandoned` then `read` set the read of
                // 2023 aside and added one finished today; `to-read` then `read` added another:
                // found by an exploratory session).
                book.startedDate = latest.record.started
                book.finishedDate = latest.record.finished
                toldByReads = true
            } else if let outcome = status.readOutcome,
                outcome == .reading || book.status == .toRead || book.status == .abandoned,
                try latestReadIsOver(bookId: book.id, in: db)
            {
                startsAnew = true
                book.startedDate = edit.startedDate ?? nil
                book.finishedDate = edit.finishedDate ?? nil
            }
            if status.readOutcome == nil,
                var latest = try Read.of(bookId: book.id ?? -1, in: db).last, latest.record.outcome == .reading
            {
                // Back on the pile: the read going on was set aside (with the dates this edit
                // gives it), and a book to read has no dates of its own. (It kept them, and its
                // read went on "reading".)
                latest.record.outcome = .setAside
                latest.setAsideFrom = .reading
                if let started = edit.startedDate { latest.record.started = started }
                if let finished = edit.finishedDate { latest.record.finished = finished }
                latest.record = try latest.record.checked()
                try latest.update(db)
                book.startedDate = nil
                book.finishedDate = nil
                putBack = true
            }
            book.status = status
            if !toldByReads, status == .read, book.finishedDate == nil { book.finishedDate = clock.today }
            if !toldByReads, status == .reading, book.startedDate == nil { book.startedDate = clock.today }
            // A read begun anew and set aside at once, with no dates, was set aside today:
            // undated, it came before the book's dated reads, and the change was refused as a
            // read before the latest (found by a review).
            if startsAnew, status == .abandoned, book.startedDate == nil, book.finishedDate == nil {
                book.finishedDate = clock.today
            }
        }
        // A book to read that stays one has only its latest read's dates: given here, they
        // were written over that read, or made a read set aside, while the book showed "To
        // read" and its JSON a start (found by an exploratory session).
        // Clearing one is allowed (an older Bookplate let a book to read keep a date): see below.
        let staysToRead = statusBefore == .toRead && book.status == .toRead
        if staysToRead, (edit.startedDate ?? nil) != nil || (edit.finishedDate ?? nil) != nil {
            throw LibraryError.datesOnABookToRead(slug: book.slug)
        }
        // A book to read again shows its latest read's dates: clearing one clears it there too
        // (the book said no start while its read kept one, and the export's import gave it
        // back: found by an exploratory session).
        if staysToRead, edit.startedDate != nil || edit.finishedDate != nil {
            let reads = try Read.of(bookId: book.id ?? -1, in: db)
            if var latest = reads.last, latest.record.started == datesBefore.started,
                latest.record.finished == datesBefore.finished
            {
                if edit.startedDate != nil { latest.record.started = nil }
                if edit.finishedDate != nil { latest.record.finished = nil }
                // A read left with no date goes before the dated ones: another would be the
                // latest, its dates the book's (found by a review).
                if latest.record.started == nil, latest.record.finished == nil,
                    reads.dropLast().contains(where: { $0.record.started != nil || $0.record.finished != nil })
                {
                    throw LibraryError.latestReadWouldBeUndated(slug: book.slug)
                }
                try latest.update(db)
            }
        }
        try Library.checkDates(started: book.startedDate, finished: book.finishedDate)
        for field in edit.changedCatalogFields { book.provenance[field] = .reader }
        if edit.authors != nil { book.provenance[.authors] = .reader }
        try book.update(db)
        // A status the book has already changes no read: `--status read` on a book read wrote
        // its dates over its latest read's (none, after those were cleared: found by an
        // exploratory session).
        let statusChanged = edit.status.map { $0 != statusBefore } ?? false
        if !putBack, !toldByReads, !staysToRead,
            statusChanged || edit.startedDate != nil || edit.finishedDate != nil
        {
            try recordStatus(of: book, startsAnew: startsAnew, in: db)
            // Dates cleared from a book's latest read would put it before its dated reads, and
            // another would be the latest (a read book's too: found by a review).
            // (Read in order, the undated read is then the first, not the last.)
            if edit.startedDate == .some(nil) || edit.finishedDate == .some(nil),
                book.startedDate == nil, book.finishedDate == nil, let bookId = book.id,
                case let reads = try Read.of(bookId: bookId, in: db), reads.count > 1,
                reads.contains(where: { $0.record.started != nil || $0.record.finished != nil })
            {
                throw LibraryError.latestReadWouldBeUndated(slug: book.slug)
            }
            // The book's status and dates are its latest read's: a read begun anew on dates
            // before that read's would leave the book saying one read and its latest another,
            // and the next status change wrote its dates over the read set aside (found by an
            // exploratory session).
            if startsAnew, let bookId = book.id, let latest = try Read.of(bookId: bookId, in: db).last,
                latest.record.started != book.startedDate || latest.record.finished != book.finishedDate
                    || latest.record.outcome.status != book.status
            {
                throw LibraryError.readBeforeLatest(slug: book.slug, latest: latest.record.summary)
            }
        }
        if let authors = edit.authors {
            // Typed by the reader, as `add` takes them (``NewAuthor/init(typed:)``).
            let names = authors.map { AuthorName.inSpokenOrder($0.trimmedForStorage) }.filter { !$0.isEmpty }
            try setAuthors(names.map { NewAuthor(name: $0) }, of: book, in: db, respelling: true)
        }
        // What `add` refuses, `edit` does too: a second "Neuromancer" by Gibson was kept, and a
        // CSV export of the shelf then came back with one of them (found by an exploratory session).
        // Only a change of title or first author makes a clash: two copies an import kept, or
        // an older Bookplate let be, can still be edited, and told apart by ISBNs (found by a
        // review).
        if let keyBefore, case let firstAuthor = try authors(ofBookId: book.id, in: db).first?.name,
            Library.matchKey(title: book.title, firstAuthor: firstAuthor) != keyBefore,
            let same = try sameTitleAndAuthor(
                title: book.title, firstAuthor: firstAuthor, hasISBN: book.isbn13 != nil, besides: book.id, in: db)
        {
            guard case .alreadyOnShelf(_, let other, let reason) = same else { throw same }
            throw LibraryError.sameAsAnother(slug: book.slug, other: other, reason: reason)
        }
        if let series = edit.series, let id = book.id {
            try Library.setSeries(series, of: id, in: db, respelling: true)
        }
        try addShelves(edit.addShelves, to: book, in: db, respelling: true)
        try removeShelves(edit.removeShelves, from: book, in: db)
        try deleteWhatNoBookHas(in: db)
        return try details(of: book, in: db)

    }

    /// Removes the book with `slug` and its links, in one transaction.
    /// Shelves left with no book go too, and so do authors known by a name alone
    /// (``deleteWhatNoBookHas(in:)``).
    public func removeBook(slug: String) throws {
        try write { db in
            guard try Book.filter(Book.Columns.slug == slug).deleteAll(db) > 0 else {
                throw LibraryError.noSuchBook(slug)
            }
            try deleteWhatNoBookHas(in: db)
        }
    }

    /// Throws when a finished date comes before the started date.
    public static func checkDates(started: PartialDate?, finished: PartialDate?) throws {
        if let started, let finished, finished.endsBefore(started) {
            throw LibraryError.finishedBeforeStarted(started: started.description, finished: finished.description)
        }
    }

    /// Throws unless a new book of `status` may have these dates: they must be in order, and a
    /// book to read has none of its own.
    public static func checkNewBook(status: ReadingStatus, started: PartialDate?, finished: PartialDate?) throws {
        try checkDates(started: started, finished: finished)
        if status == .toRead, started != nil || finished != nil { throw LibraryError.datesOnABookToRead(slug: nil) }
    }

    private func findDuplicate(of new: NewBook, title: String, firstAuthor: String?, in db: Database) throws
        -> LibraryError?
    {
        if let isbn = new.isbn, let book = try Book.filter(Book.Columns.isbn13 == isbn.isbn13).fetchOne(db) {
            return .alreadyOnShelf(title: book.title, slug: book.slug, reason: "same ISBN \(isbn.isbn13)")
        }
        if let volume = new.googleVolumeID,
            let book = try Book.filter(Book.Columns.googleVolumeID == volume).fetchOne(db)
        {
            return .alreadyOnShelf(title: book.title, slug: book.slug, reason: "same Google Books volume \(volume)")
        }
        if let work = new.openLibraryWorkKey,
            let book = try Book.filter(Book.Columns.openLibraryWorkKey == work).fetchOne(db)
        {
            return .alreadyOnShelf(title: book.title, slug: book.slug, reason: "same Open Library work \(work)")
        }
        return try sameTitleAndAuthor(title: title, firstAuthor: firstAuthor, hasISBN: new.isbn != nil, in: db)
    }

    /// Without a shared identifier, the same title and first author make the same book — unless
    /// both have ISBNs, which then tell two editions apart. The book `besides` is not compared.
    private func sameTitleAndAuthor(
        title: String, firstAuthor: String?, hasISBN: Bool, besides: Int64? = nil, in db: Database
    ) throws -> LibraryError? {
        let key = Library.matchKey(title: title, firstAuthor: firstAuthor)
        let candidates = try Book.filter(!hasISBN || Book.Columns.isbn13 == nil).fetchAll(db)
            .filter { Library.matchKey(title: $0.title, firstAuthor: nil).hasPrefix(key.prefix { $0 != "|" }) }
        for candidate in candidates where candidate.id != besides {
            let firstAuthor = try authors(ofBookId: candidate.id, in: db).first?.name
            if Library.matchKey(title: candidate.title, firstAuthor: firstAuthor) == key {
                return .alreadyOnShelf(title: candidate.title, slug: candidate.slug, reason: "same title and author")
            }
        }
        return nil
    }

    /// The key under which two records are the same book: the folded title without a leading
    /// article, and the first author's surname with the initial of their given name ("Ursula K.
    /// Le Guin" and "Ursula Le Guin" agree; Frank and Brian Herbert do not). With `looseTitle` the
    /// subtitle is dropped too — good enough to merge search results, too loose for the library,
    /// where it would take "…: The Two Towers" for "…: The Fellowship of the Ring".
    /// The part of ``matchKey(title:firstAuthor:looseTitle:)`` that is the first author's: their
    /// surname and initial, folded.
    package static func authorKey(_ firstAuthor: String?) -> String {
        let key = matchKey(title: "", firstAuthor: firstAuthor)
        return String(key.drop { $0 != "|" })
    }

    package static func matchKey(title: String, firstAuthor: String?, looseTitle: Bool = false) -> String {
        // Cleaned as the library keeps titles now, so that a book kept with an escape sequence in
        // its title, before they were dropped, is still the same book.
        let title = ControlSequences.cleanedForStorage(title)
        let mainTitle = looseTitle ? (title.split(separator: ":").first.map(String.init) ?? title) : title
        let parts =
            firstAuthor.map { AuthorName.sortName(for: ControlSequences.cleanedForStorage($0)) }?
            .split(separator: ",") ?? []
        let surname = parts.first.map(String.init) ?? ""
        let initial = parts.dropFirst().first.map { String($0.trimmingCharacters(in: .whitespaces).prefix(1)) } ?? ""
        // A title of marks alone ("♥", "∞", "?") is told by its marks: with only letters and
        // digits kept, every such title by one author was one book (found by an exploratory
        // session).
        func lettersAndDigits(_ key: String) -> String { key.filter { $0.isLetter || $0.isNumber } }
        let titleKey = sortKey(mainTitle)
        let titlePart = lettersAndDigits(titleKey).nilIfEmpty ?? titleKey.filter { !$0.isWhitespace && $0 != "|" }
        return ([titlePart] + [TextFolding.searchKey(surname), TextFolding.searchKey(initial)].map(lettersAndDigits))
            .joined(separator: "|")
    }

    private func uniqueBookSlug(title: String, firstAuthor: String?, in db: Database) throws -> String {
        let base = Slug.make(from: title, fallbackPrefix: "book")
        func isTaken(_ slug: String) throws -> Bool {
            try Book.filter(Book.Columns.slug == slug).fetchCount(db) > 0
        }
        if try !isTaken(base) { return base }
        if let firstAuthor {
            let surname = AuthorName.sortName(for: firstAuthor).split(separator: ",").first.map(String.init) ?? ""
            let withAuthor = "\(base)-\(Slug.make(from: surname, fallbackPrefix: "author"))"
            if try !isTaken(withAuthor) { return withAuthor }
        }
        return try Slug.unique(base, isTaken: isTaken)
    }

    /// Gives the book `authors`, in order. With `respelling` (an edit), an author the book had,
    /// named with other case or accents, takes the name as written, on every book. An author kept
    /// with no book is taken up again as they were, as `add` takes them up: `edit --author "roald
    /// dahl"`, putting right a slip, renamed the kept "Roald Dahl" to the spelling typed (found by
    /// an exploratory session).
    func setAuthors(
        _ authors: [NewAuthor], of book: Book, in db: Database, refreshing: Bool = false, respelling: Bool = false
    ) throws {
        guard let bookId = book.id else { return }
        let had =
            respelling
            ? Set(try BookAuthor.filter(BookAuthor.Columns.bookId == bookId).fetchAll(db).map(\.authorId)) : []
        try BookAuthor.filter(BookAuthor.Columns.bookId == bookId).deleteAll(db)
        var seen = Set<Int64>()
        for newAuthor in authors {
            let author = try saveAuthor(newAuthor, in: db, refreshing: refreshing, respelling: had)
            guard let authorId = author.id, seen.insert(authorId).inserted else { continue }
            try BookAuthor(bookId: bookId, authorId: authorId, position: seen.count).insert(db)
        }
    }

    /// Finds the author by Open Library key, else by name (``NamedRow``), else creates them; fills
    /// in what the catalog knows and the library does not, and keeps their list of works up to
    /// date. An author of `respelling` found by a name spelt otherwise takes the new spelling
    /// (`edit --author "bell hooks"` said "Updated" and kept "Bell Hooks": found by an
    /// exploratory session).
    func saveAuthor(_ new: NewAuthor, in db: Database, refreshing: Bool = false, respelling: Set<Int64> = []) throws
        -> Author
    {
        // Composed, as every name the library keeps: a catalog's refreshed record too.
        var new = new
        new.name = new.name.precomposed
        var author: Author
        if let key = new.openLibraryKey,
            let existing = try Author.filter(Author.Columns.openLibraryKey == key).fetchOne(db)
        {
            author = existing
        } else if let named = try NamedRow.find(new.name, in: .author, db),
            var existing = try Author.fetchOne(db, key: named.id)
        {
            if let id = existing.id, respelling.contains(id), existing.name != new.name {
                if existing.sortName == AuthorName.sortName(for: existing.name) {
                    existing.sortName = AuthorName.sortName(for: new.name)
                }
                existing.name = new.name
                try existing.update(db)
            }
            author = existing
        } else {
            let slug = try Slug.unique(Slug.make(from: new.name, fallbackPrefix: "author")) { candidate in
                try Author.filter(Author.Columns.slug == candidate).fetchCount(db) > 0
            }
            author = Author(slug: slug, name: new.name, sortName: AuthorName.sortName(for: new.name))
            try author.insert(db)
        }
        let before = author
        if author.openLibraryKey == nil, let key = new.openLibraryKey,
            try Author.filter(Author.Columns.openLibraryKey == key).fetchCount(db) == 0
        {
            author.openLibraryKey = key
        }
        // A refresh takes what the catalog says now; anything else only fills what is missing.
        func merged(_ kept: String?, _ found: String?) -> String? { refreshing ? found ?? kept : kept ?? found }
        author.bio = merged(author.bio, new.bio)
        author.birthDate = merged(author.birthDate, new.birthDate)
        author.deathDate = merged(author.deathDate, new.deathDate)
        author.photoURL = merged(author.photoURL, new.photoURL)
        if refreshing ? !new.links.isEmpty : author.links.isEmpty { author.links = new.links }
        if author != before { try author.update(db) }
        if let works = new.works, let authorId = author.id {
            try AuthorWork.filter(AuthorWork.Columns.authorId == authorId).deleteAll(db)
            try AuthorWork.add(works, toAuthorId: authorId, in: db)
        }
        return author
    }

    /// Puts the book on the shelves `names` names, found by name as ``NamedRow`` finds names, or
    /// made. With `respelling` (an edit), a shelf the book is on, named with other case or
    /// accents, takes the name as written, on every book, as an author or series does: `edit
    /// --shelf "Sci-Fi"` on a book on sci-fi said "Updated" and changed nothing (found by an
    /// exploratory session). Its slug, and so its page's address, stays.
    func addShelves(_ names: [String], to book: Book, in db: Database, respelling: Bool = false) throws {
        guard let bookId = book.id else { return }
        for name in Shelf.names(names) {
            var shelf: Shelf
            if let named = try NamedRow.find(name, in: .shelf, db), var existing = try Shelf.fetchOne(db, key: named.id)
            {
                if respelling, existing.name != name,
                    try BookShelf.filter(BookShelf.Columns.bookId == bookId && BookShelf.Columns.shelfId == existing.id)
                        .fetchCount(db) > 0
                {
                    existing.name = name
                    try existing.update(db)
                }
                shelf = existing
            } else {
                let slug = try Slug.unique(Slug.make(from: name, fallbackPrefix: "shelf")) { candidate in
                    try Shelf.filter(Shelf.Columns.slug == candidate).fetchCount(db) > 0
                }
                shelf = Shelf(slug: slug, name: name)
                try shelf.insert(db)
            }
            guard let shelfId = shelf.id else { continue }
            try BookShelf(bookId: bookId, shelfId: shelfId).insert(db, onConflict: .ignore)
        }
    }

    /// Takes the book off the shelves `names` means, as `list --shelf` finds shelves
    /// (``Shelf/named(_:in:)``). A shelf the book is not on is an error naming those it is on:
    /// `--remove-shelf nosuch` did nothing, and said nothing.
    private func removeShelves(_ names: [String], from book: Book, in db: Database) throws {
        guard let bookId = book.id else { return }
        let onShelves = try Shelf.fetchAll(
            db,
            sql: "SELECT shelf.* FROM shelf JOIN bookShelf ON bookShelf.shelfId = shelf.id WHERE bookShelf.bookId = ?",
            arguments: [bookId])
        for name in Shelf.names(names) {
            let matching = Shelf.named(name, in: onShelves)
            guard !matching.isEmpty else {
                throw LibraryError.notOnShelf(slug: book.slug, shelf: name, shelves: Shelf.namesInOrder(onShelves))
            }
            for shelf in matching {
                try BookShelf.filter(BookShelf.Columns.bookId == bookId && BookShelf.Columns.shelfId == shelf.id)
                    .deleteAll(db)
            }
        }
    }

    /// Refuses one-line fields longer than an import would keep (``Book/lineCharacterLimit``).
    static func checkLengths(
        title: String?, subtitle: String?, publisher: String?, language: String?, authors: [String],
        shelves: [String], series: [String]
    ) throws(LibraryError) {
        try Book.checkLength(title, of: "title")
        try Book.checkLength(subtitle, of: "subtitle")
        try Book.checkLength(publisher, of: "publisher")
        try Book.checkLength(language, of: "language")
        for name in authors { try Book.checkLength(name, of: "author's name") }
        for name in shelves { try Book.checkLength(name, of: "shelf's name") }
        for name in series { try Book.checkLength(name, of: "series' name") }
    }

    /// Deletes the shelves and series no book has any more, and the authors no book names who
    /// hold nothing but a name. (A series a removed book left stayed until a later book's series
    /// were set.)
    ///
    /// An author who holds what a name cannot bring back (``Author/isKeptWithoutBooks``) is kept,
    /// unlisted and unpublished, until a book names them again: an edit of a book's only author to
    /// a slip of the pen and back deleted Roald Dahl's bio, links and Open Library id with the
    /// record, for good while offline, and merging an author into another did the same (found by
    /// an exploratory session). `restore` already gave the record back from its kept copy.
    func deleteWhatNoBookHas(in db: Database) throws {
        let leftAlone = try Author.fetchAll(
            db,
            sql: """
                SELECT * FROM author WHERE id NOT IN (SELECT authorId FROM bookAuthor)
                AND NOT EXISTS (SELECT 1 FROM authorWork WHERE authorWork.authorId = author.id)
                """)
        for author in leftAlone where !author.isKeptWithoutBooks { try author.delete(db) }
        try db.execute(sql: "DELETE FROM shelf WHERE id NOT IN (SELECT shelfId FROM bookShelf)")
        try db.execute(sql: "DELETE FROM series WHERE id NOT IN (SELECT seriesId FROM bookSeries)")
    }
}

extension String {
    /// The text on one line: runs of white space (line breaks too) made single spaces, ends
    /// trimmed, control characters (NUL too) and whole escape sequences dropped
    /// (``ControlSequences/cleanedForStorage(_:)``), so that a title typed with a colour code in it
    /// is kept, slugged, sorted and published as the text it shows; and composed
    /// (`precomposed`), so that a name is one name however its accents came.
    package var trimmedForStorage: String {
        ControlSequences.cleanedForStorage(self).collapsingWhitespace.precomposed
    }

    /// Lines of text as the library keeps them (a highlight's note, in Markdown): their line
    /// breaks kept as `\n`, control characters and escape sequences dropped, ends trimmed, the
    /// text composed.
    package var linesForStorage: String {
        ControlSequences.cleanedForStorage(lines: self).trimmingCharacters(in: .whitespacesAndNewlines).precomposed
    }

    package var nilIfEmpty: String? { isEmpty ? nil : self }
}
