import BookplateCore
import Foundation
import GRDB

/// A change to one read: each field given is set, `.some(nil)` clears a date.
public struct ReadEdit: Sendable, Equatable {
    public var started: PartialDate??
    public var finished: PartialDate??
    public var outcome: ReadOutcome?

    public init(started: PartialDate?? = nil, finished: PartialDate?? = nil, outcome: ReadOutcome? = nil) {
        self.started = started
        self.finished = finished
        self.outcome = outcome
    }
}

extension ReadRecord {
    /// The read a status and its dates tell of: none for a book to read that was never begun. A
    /// book to read with dates was read before.
    static func current(status: ReadingStatus, started: PartialDate?, finished: PartialDate?) -> ReadRecord? {
        if let outcome = status.readOutcome {
            return ReadRecord(started: started, finished: finished, outcome: outcome)
        }
        guard started != nil || finished != nil else { return nil }
        return ReadRecord(started: started, finished: finished, outcome: finished == nil ? .setAside : .finished)
    }
}

extension Library {
    /// The reads of the book with `slug`, in the order they happened.
    public func reads(ofBook slug: String) throws -> [ReadRecord] {
        try read { db in try Read.of(bookId: try bookId(slug, in: db), in: db).map(\.record) }
    }

    /// Adds a read to the book with `slug`; when it is the latest, the book's status and dates
    /// follow it.
    @discardableResult
    public func addRead(toBook slug: String, _ new: ReadRecord) throws -> BookDetails {
        let new = try new.checked()
        return try write { db in
            let id = try bookId(slug, in: db)
            var read = Read(bookId: id, record: new)
            try checkOneReadGoingOn(slug: slug, bookId: id, besides: read, in: db)
            try read.insert(db)
            return try followLatestRead(bookId: id, in: db)
        }
    }

    /// Changes read `number` (counted from 1, oldest first) of the book with `slug`.
    @discardableResult
    public func editRead(ofBook slug: String, number: Int, _ edit: ReadEdit) throws -> BookDetails {
        try write { db in
            let id = try bookId(slug, in: db)
            var read = try readNumbered(number, of: slug, bookId: id, in: db)
            if let started = edit.started { read.record.started = started }
            if let finished = edit.finished { read.record.finished = finished }
            if let outcome = edit.outcome {
                read.record.outcome = outcome
                // The reader's word on how the read ended: no status change gives it back as it
                // was. (Mended dates leave a read put back to read as it was put back: it came
                // back from the export as the book's own start, found by an exploratory session.)
                read.setAsideFrom = nil
            }
            // A read going on that is given its end was finished, as `read add --finished` has it:
            // it was left "reading" with a finished date, and the book with it.
            if edit.outcome == nil, case .some(.some) = edit.finished, read.record.outcome == .reading {
                read.record.outcome = .finished
            }
            read.record = try read.record.checked()
            try checkOneReadGoingOn(slug: slug, bookId: id, besides: read, in: db)
            // A read made to go on again keeps no end: it was taken, and the book showed
            // "reading" with a finished date (found by a review).
            if edit.outcome == .reading, let finished = read.record.finished {
                throw LibraryError.readGoingOnWithAnEnd(slug: slug, number: number, finished: finished.description)
            }
            try read.update(db)
            return try followLatestRead(bookId: id, in: db, keepingToRead: true)
        }
    }

    /// Removes read `number` (counted from 1, oldest first) of the book with `slug`.
    @discardableResult
    public func removeRead(ofBook slug: String, number: Int) throws -> BookDetails {
        try write { db in
            let id = try bookId(slug, in: db)
            _ = try readNumbered(number, of: slug, bookId: id, in: db).delete(db)
            return try followLatestRead(bookId: id, in: db)
        }
    }

    /// A book is read once at a time: a second read going on was taken, and `show` said
    /// "2025-01-01 → reading; 2025-02-01 → reading" (found by an exploratory session). Throws when
    /// `changed`, about to be added or saved, would go on beside another, naming the other by its
    /// number in `read list` as it is now (counted after the change, the number could be wrong).
    private func checkOneReadGoingOn(slug: String, bookId: Int64, besides changed: Read, in db: Database) throws {
        guard changed.record.outcome == .reading else { return }
        let reads = try Read.of(bookId: bookId, in: db)
        guard let other = reads.firstIndex(where: { $0.id != changed.id && $0.record.outcome == .reading }) else {
            return
        }
        throw LibraryError.anotherReadGoingOn(
            slug: slug, number: other + 1, started: reads[other].record.started?.description)
    }

    private func bookId(_ slug: String, in db: Database) throws -> Int64 {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM book WHERE slug = ?", arguments: [slug]) else {
            throw LibraryError.noSuchBook(slug)
        }
        return id
    }

    private func readNumbered(_ number: Int, of slug: String, bookId: Int64, in db: Database) throws -> Read {
        let reads = try Read.of(bookId: bookId, in: db)
        guard reads.indices.contains(number - 1) else {
            throw LibraryError.noSuchRead(slug: slug, number: number, count: reads.count)
        }
        return reads[number - 1]
    }

    /// Gives the book the status and dates of its latest read; a book with no read left is one
    /// to read. With `keepingToRead` (a read changed, none added or taken away), a book to read
    /// again stays one while its latest read is over: mending the dates of a read set aside does
    /// not make the book abandoned.
    private func followLatestRead(bookId: Int64, in db: Database, keepingToRead: Bool = false) throws -> BookDetails {
        guard var book = try Book.fetchOne(db, key: bookId) else { throw LibraryError.noSuchBook(String(bookId)) }
        let before = book
        let latest = try Read.of(bookId: bookId, in: db).last
        if keepingToRead, book.status == .toRead, let latest, latest.record.outcome != .reading {
            // It shows its latest read's dates, as a book to read again does, or none when that
            // read is the one going on that was put back (its dates stayed those of before the
            // change, and an export's import gave the read's: found by an exploratory session).
            let putBack = latest.setAsideFrom == .reading
            book.startedDate = putBack ? nil : latest.record.started
            book.finishedDate = putBack ? nil : latest.record.finished
            if book != before { try book.update(db) }
            return try details(of: book, in: db)
        }
        if let latest {
            book.status = latest.record.outcome.status
            book.startedDate = latest.record.started
            book.finishedDate = latest.record.finished
        } else {
            book.status = .toRead
            book.startedDate = nil
            book.finishedDate = nil
        }
        if book != before { try book.update(db) }
        return try details(of: book, in: db)
    }

    /// Makes the latest read say what the book's status and dates now say, after `add` or
    /// `edit`: `startsAnew` begins another read (a book read before and begun again).
    func recordStatus(of book: Book, startsAnew: Bool, in db: Database) throws {
        guard let bookId = book.id else { return }
        let reads = try Read.of(bookId: bookId, in: db)
        if var latest = reads.last, !startsAnew {
            latest.record.started = book.startedDate
            latest.record.finished = book.finishedDate
            if let outcome = book.status.readOutcome, outcome != latest.record.outcome {
                latest.setAsideFrom = outcome == .setAside ? latest.record.outcome : nil
                latest.record.outcome = outcome
            }
            if latest != reads.last { try latest.update(db) }
            // Dates that move the latest read before another made that one the latest: the book
            // said one read and its latest was another, and the next `edit` wrote its dates over
            // that one — a finished read was lost to a start typed with last year's number
            // (found by an exploratory session).
            // (A read left with no date is `edit`'s to refuse, in its own words.)
            if book.startedDate != nil || book.finishedDate != nil, let now = try Read.of(bookId: bookId, in: db).last,
                now.id != latest.id
            {
                throw LibraryError.latestReadWouldMove(slug: book.slug, other: now.record.summary)
            }
            return
        }
        guard
            let current = ReadRecord.current(
                status: book.status, started: book.startedDate, finished: book.finishedDate)
        else { return }
        var read = Read(bookId: bookId, record: current)
        try read.insert(db)
    }

    /// Makes the book's latest read tell `status` when it can without a read written: when it
    /// ended as `status` says, or when a status change set it aside from that outcome (then it is
    /// given that outcome back), or set it aside while it went on and `status` finishes it (then
    /// it is finished `today`, as `reading` would have taken it up again). Returns that read; nil
    /// when `status` needs a read written. A read going on is never one (it is the latest read's
    /// status already), nor is one set aside with an end given back as going on.
    func giveBackLatestRead(as status: ReadingStatus, bookId: Int64?, finishing today: PartialDate, in db: Database)
        throws -> Read?
    {
        guard let bookId, let outcome = status.readOutcome, var latest = try Read.of(bookId: bookId, in: db).last,
            latest.record.outcome != .reading
        else { return nil }
        if latest.record.outcome == outcome { return latest }
        if latest.setAsideFrom == .reading, outcome == .finished {
            // reading, abandoned, read: the read set aside was finished after all (it was kept
            // set aside, and another read with no start was finished today: found by an
            // exploratory session).
            latest.record.finished = today
        } else {
            guard latest.setAsideFrom == outcome, outcome != .reading || latest.record.finished == nil else {
                return nil
            }
        }
        latest.record.outcome = outcome
        latest.setAsideFrom = nil
        latest.record = try latest.record.checked()
        try latest.update(db)
        return latest
    }

    /// Whether the book's latest read is over: finished or set aside.
    func latestReadIsOver(bookId: Int64?, in db: Database) throws -> Bool {
        guard let bookId, let latest = try Read.of(bookId: bookId, in: db).last else { return false }
        return latest.record.outcome != .reading
    }
}

extension Read {
    /// Takes a file's `reads` of the book into its reads (``ReadRecord/merging(_:into:told:)``: none is
    /// taken away); returns the book's reads, in order, when they changed, and nil when not.
    /// `setAsideFrom` (Bookplate's own export) is, for each of `reads`, how a read a status
    /// change set aside stood before: a read the merge writes set aside as one of them is, takes
    /// it, so that setting that status again gives it back. The library's other reads keep theirs.
    static func merge(
        _ reads: [ReadRecord], setAsideFrom: [ReadOutcome?] = [], told: [ReadRecord] = [], intoBookId bookId: Int64,
        in db: Database
    ) throws -> [ReadRecord]? {
        let existing = try Read.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM read WHERE bookId = ? ORDER BY id"), arguments: [bookId])
        let merged = ReadRecord.merging(reads, into: existing.map(\.record), told: told)
        guard merged != existing.map(\.record) else { return nil }
        var given: [ReadRecord: ReadOutcome] = [:]
        for (read, outcome) in zip(reads, setAsideFrom) {
            if let outcome, outcome != .setAside, read.outcome == .setAside, given[read] == nil {
                given[read] = outcome
            }
        }
        for (read, record) in zip(existing, merged) where read.record != record {
            var changed = read
            changed.record = record
            if record.outcome == .setAside, let outcome = given[record] { changed.setAsideFrom = outcome }
            try changed.update(db)
        }
        let added = Array(merged.dropFirst(existing.count))
        try add(added, setAsideFrom: added.map { given[$0] }, toBookId: bookId, in: db)
        return ReadRecord.inOrder(merged)
    }

    /// Adds `reads` to the book's; `setAsideFrom`, when given, says for each how a read a status
    /// change set aside stood before (nil for the others).
    static func add(
        _ reads: [ReadRecord], setAsideFrom: [ReadOutcome?] = [], toBookId bookId: Int64, in db: Database
    ) throws {
        let insert = try db.cachedStatement(
            sql: "INSERT INTO read (bookId, startedDate, finishedDate, outcome, setAsideFrom) VALUES (?, ?, ?, ?, ?)")
        for (index, read) in reads.enumerated() {
            // A read stood finished or going on before it was set aside: nothing else is kept.
            let before =
                read.outcome == .setAside && setAsideFrom.indices.contains(index)
                ? setAsideFrom[index].flatMap { $0 == .setAside ? nil : $0 } : nil
            try insert.execute(
                arguments: [bookId, read.started, read.finished, read.outcome.rawValue, before?.rawValue])
        }
    }
}

extension Library {
    /// How each read a status change set aside stood before it (finished, or going on), by book
    /// slug, one for each of the book's reads in their order (``BookDetails/reads``), nil for the
    /// others; books with no such read are left out. For Bookplate's JSON export, so that setting
    /// the status back gives the read back in a shelf the export is imported into.
    public func readsSetAsideFrom() throws -> [String: [ReadOutcome?]] {
        try read { db in
            let slugs = Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, slug FROM book").map {
                    ($0["id"] as Int64, $0["slug"] as String)
                })
            let reads = try Read.fetchAll(db, sql: "SELECT * FROM read ORDER BY bookId, id")
            var bySlug: [String: [ReadOutcome?]] = [:]
            for (bookId, ofBook) in Dictionary(grouping: reads, by: \.bookId)
            where ofBook.contains(where: { $0.setAsideFrom != nil }) {
                guard let slug = slugs[bookId] else { continue }
                // In the order the book's reads are given: the same order `Read.allByBook` gives.
                bySlug[slug] = ReadRecord.inOrder(ofBook, by: \.record).map(\.setAsideFrom)
            }
            return bySlug
        }
    }
}
