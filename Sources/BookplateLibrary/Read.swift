import BookplateCore
import Foundation
import GRDB

/// How one reading of a book ended, or that it goes on.
public enum ReadOutcome: String, CaseIterable, Codable, Sendable {
    case finished
    case reading
    case setAside = "set-aside"

    /// Parses an outcome as the reader types it (`finished`, `reading`, `set-aside`).
    public init(parsing text: String) throws(LibraryError) {
        let normalised = text.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        switch normalised {
        case "finished", "read", "done": self = .finished
        case "reading", "ongoing": self = .reading
        case "set-aside", "abandoned", "did-not-finish", "dnf": self = .setAside
        default: throw .unknownReadOutcome(text)
        }
    }

    /// The status a book has while this is its latest read.
    public var status: ReadingStatus {
        switch self {
        case .finished: .read
        case .reading: .reading
        case .setAside: .abandoned
        }
    }
}

extension ReadingStatus {
    /// What the latest read of a book with this status says of it; nil for a book not yet read.
    public var readOutcome: ReadOutcome? {
        switch self {
        case .toRead: nil
        case .reading: .reading
        case .read: .finished
        case .abandoned: .setAside
        }
    }
}

/// One reading of a book: when it began and ended, as precisely as known, and how it ended.
///
/// A book's reads are in the order they happened: reads without a date come first (a count an
/// export gave without dates), then by the date they began, or ended where that is all that is
/// known; a read still going without a date is the latest.
public struct ReadRecord: Hashable, Sendable, Codable {
    public var started: PartialDate?
    public var finished: PartialDate?
    public var outcome: ReadOutcome

    public init(started: PartialDate? = nil, finished: PartialDate? = nil, outcome: ReadOutcome = .finished) {
        self.started = started
        self.finished = finished
        self.outcome = outcome
    }

    /// Whether the read ends before it begins: a mistake of whoever wrote the dates.
    package var endsBeforeItBegins: Bool {
        guard let started, let finished else { return false }
        return finished.endsBefore(started)
    }

    /// The read in a few words, for a message: "begun 2023-01-02, ended 2023-03-01, finished".
    var summary: String {
        ([started.map { "begun \($0)" }, finished.map { "ended \($0)" }].compactMap { $0 } + [outcome.rawValue])
            .joined(separator: ", ")
    }

    /// A read begun after it ended is no read: throws as `edit` does.
    func checked() throws -> ReadRecord {
        try Library.checkDates(started: started, finished: finished)
        return self
    }

    /// What orders reads: undated ones first, then by when they ended (or began, for one with no
    /// end) — and a read still going on is the latest, whenever it began. The book shows its
    /// latest read. (Ordered by its start, a read going on begun before a finished read ended
    /// came first: the book showed the finished one, read, and a start typed with last year's
    /// number lost a read to the next `edit`; and a read begun before another ended, once
    /// finished, came before it: found by an exploratory session and two reviews.)
    var sortKey: String {
        guard outcome != .reading else { return "~" + (started?.description ?? "") }
        return (finished ?? started)?.description ?? ""
    }

    /// `reads` in the order they happened; reads of the same date keep their order.
    package static func inOrder(_ reads: [ReadRecord]) -> [ReadRecord] { inOrder(reads, by: \.self) }

    /// Things that hold reads, in the order of their reads.
    package static func inOrder<Item>(_ items: [Item], by read: (Item) -> ReadRecord) -> [Item] {
        items.enumerated().map { (key: read($0.element).sortKey, offset: $0.offset, item: $0.element) }
            .sorted { ($0.key, $0.offset) < ($1.key, $1.offset) }.map(\.item)
    }

    /// The library's reads of a book, `existing`, with a file's reads of it, `imported`, taken
    /// in: a file tells of reads, and never takes one away. Importing a Goodreads export again
    /// replaced the re-reads logged in Bookplate with the file's one read.
    ///
    /// An imported read with a date is the library's read that has the same start or end (which
    /// gains what the file adds: a date it lacked, or the end of a read going on); else the end of
    /// a read going on that began by then; else the library's first undated read, now dated; else
    /// a read of its own. An undated imported read is any read the library has and the file did
    /// not name (one of the same outcome first), or one of its own when there is none. The
    /// existing reads keep their places, the new ones come after them.
    ///
    /// `told` are the reads the same file gave at its last import: one of them the file gives
    /// again is old news, which names the library's read it matches and changes nothing, and
    /// adds nothing when none matches — the reader corrected or removed that read since. (A read
    /// corrected in Bookplate came back beside the correction whenever the file told of a new one.)
    package static func merging(
        _ imported: [ReadRecord], into existing: [ReadRecord], told: [ReadRecord] = []
    ) -> [ReadRecord] {
        var merged = existing
        var named = [Bool](repeating: false, count: existing.count)
        func firstUnnamed(where fits: (ReadRecord) -> Bool) -> Int? {
            merged.indices.first { !named[$0] && fits(merged[$0]) }
        }
        /// The library's read an undated read of the file names: one of its outcome first.
        func unnamed(forUndated read: ReadRecord) -> Int? {
            firstUnnamed(where: { $0.outcome == read.outcome }) ?? firstUnnamed(where: { _ in true })
        }
        // Which of the imported reads are old news: each read told once is matched once.
        var untold = told
        let isOld = imported.map { read in
            guard let index = untold.firstIndex(of: read) else { return false }
            untold.remove(at: index)
            return true
        }
        for (read, old) in zip(imported, isOld) where !read.isUndated && old {
            if let index = firstUnnamed(where: { $0.isSameRead(as: read) }) { named[index] = true }
        }
        for (read, old) in zip(imported, isOld) where read.isUndated && old {
            if let index = unnamed(forUndated: read) { named[index] = true }
        }
        for (read, old) in zip(imported, isOld) where !read.isUndated && !old {
            if let index = firstUnnamed(where: { $0.isSameRead(as: read) }) {
                merged[index] = merged[index].completed(by: read)
                named[index] = true
            } else if read.outcome != .reading, let finished = read.finished,
                let index = firstUnnamed(where: {
                    // Begun by the time it ended, however precisely each is known: a read begun
                    // 2020-03 is ended by a finish of 2020 (`<=` orders 2020 first: found by a
                    // review).
                    $0.outcome == .reading && ($0.started.map { !finished.endsBefore($0) } ?? true)
                })
            {
                merged[index] = merged[index].completed(by: read)
                named[index] = true
            } else if let index = firstUnnamed(where: \.isUndated) {
                merged[index] = read
                named[index] = true
            } else {
                merged.append(read)
                named.append(true)
            }
        }
        for (read, old) in zip(imported, isOld) where read.isUndated && !old {
            if let index = unnamed(forUndated: read) {
                named[index] = true
            } else {
                merged.append(read)
                named.append(true)
            }
        }
        return merged
    }

    var isUndated: Bool { started == nil && finished == nil }

    /// Whether `other`, a file's read with a date, tells of this one: it has the same start or end.
    private func isSameRead(as other: ReadRecord) -> Bool {
        (other.finished != nil && finished == other.finished) || (other.started != nil && started == other.started)
    }

    /// This read with what `other` (a file's account of it) adds: a start it lacked, and the end
    /// of a read that was going on. Never a read that ends before it begins.
    private func completed(by other: ReadRecord) -> ReadRecord {
        var read = self
        read.started = read.started ?? other.started
        if read.outcome == .reading, other.outcome != .reading {
            read.outcome = other.outcome
            read.finished = other.finished
        } else if read.outcome != .reading {
            read.finished = read.finished ?? other.finished
        }
        return read.endsBeforeItBegins ? self : read
    }

    /// The reads a reading log's row stands for: the current read its status and dates describe,
    /// after as many undated finished reads as its read count has beyond the reads it tells of.
    ///
    /// Goodreads and StoryGraph count a read given up as a read (`countsSetAside`): a book on the
    /// `dnf` shelf with Read Count 1 is the one read set aside. Counted against finished reads
    /// alone, it gained an undated finished read it never had (found by an exploratory tester).
    /// Bookplate's JSON before format 3 counted finished reads alone.
    package static func history(
        status: ReadingStatus, started: PartialDate?, finished: PartialDate?, count: Int?, earlier: [ReadRecord] = [],
        countsSetAside: Bool = true
    ) -> [ReadRecord] {
        var current: [ReadRecord] = []
        if status.readOutcome == nil, let finished, !earlier.contains(where: { $0.finished == finished }) {
            // A book to read again: the date it was read last is a read of its own (Goodreads'
            // to-read row with a Date Read lost the date, or kept it on a book with no read:
            // found by an exploratory session).
            current = [ReadRecord(started: started, finished: finished, outcome: .finished)]
        }
        if let outcome = status.readOutcome {
            current = [ReadRecord(started: started, finished: outcome == .reading ? nil : finished, outcome: outcome)]
            // A book begun again: Goodreads keeps the last finished read's date beside the status
            // of the read going on, and that date is a read of its own (it was dropped: found by
            // an exploratory session).
            if outcome == .reading, let finished, !earlier.contains(where: { $0.finished == finished }) {
                current.insert(ReadRecord(finished: finished, outcome: .finished), at: 0)
            }
        }
        let counted = (earlier + current).filter {
            $0.outcome == .finished || (countsSetAside && $0.outcome == .setAside)
        }.count
        let undated = max(0, min(count ?? 0, Book.readCountRange.upperBound) - counted)
        return Array(repeating: ReadRecord(outcome: .finished), count: undated) + earlier + current
    }

    /// The reads of a book as a library from before reads (v10) had it, by its status, dates and
    /// read count: the reads an import derives (``history(status:started:finished:count:earlier:countsSetAside:)``),
    /// and, for a book to read with a start alone, that start as a read set aside, which an
    /// import does not make and so does not count. The reads migration (`v11-reads`) gives the
    /// shelf's books these, as a test holds it to, and a copy `remove` kept before it is restored
    /// with them: it came back with the import's reads alone, its start on no read (found by a
    /// review).
    package static func fromBeforeReads(
        status: ReadingStatus, started: PartialDate?, finished: PartialDate?, count: Int?
    ) -> [ReadRecord] {
        var reads = history(status: status, started: started, finished: finished, count: count)
        if status == .toRead, let started, finished == nil {
            reads.append(ReadRecord(started: started, outcome: .setAside))
        }
        return reads
    }
}

/// A read as the library stores it.
struct Read: Hashable, Sendable {
    var id: Int64?
    var bookId: Int64
    var record: ReadRecord
    /// The outcome the read had before a status change set it aside; nil when nothing but the
    /// reader's own word set it aside. Setting that status again gives the read back.
    var setAsideFrom: ReadOutcome? = nil
}

extension Read: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "read"

    enum Columns {
        static let bookId = Column("bookId")
    }

    init(row: GRDB.Row) throws {
        id = row["id"]
        bookId = row["bookId"]
        record = ReadRecord(
            started: row["startedDate"], finished: row["finishedDate"],
            outcome: (row["outcome"] as String?).flatMap(ReadOutcome.init(rawValue:)) ?? .finished)
        setAsideFrom = (row["setAsideFrom"] as String?).flatMap(ReadOutcome.init(rawValue:))
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["bookId"] = bookId
        container["startedDate"] = record.started
        container["finishedDate"] = record.finished
        container["outcome"] = record.outcome.rawValue
        container["setAsideFrom"] = setAsideFrom?.rawValue
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The reads of every book, each book's in the order they happened.
    static func allByBook(_ db: Database) throws -> [Int64: [ReadRecord]] {
        let reads = try Read.fetchAll(db, sql: "SELECT * FROM read ORDER BY bookId, id")
        return Dictionary(grouping: reads, by: \.bookId).mapValues { ReadRecord.inOrder($0.map(\.record)) }
    }

    /// The reads of one book, in the order they happened, with their ids.
    static func of(bookId: Int64, in db: Database) throws -> [Read] {
        ReadRecord.inOrder(try Read.filter(Columns.bookId == bookId).order(Column("id")).fetchAll(db), by: \.record)
    }
}

extension BookDetails {
    /// The reads that ended with the book finished.
    public var finishedReads: [ReadRecord] { reads.filter { $0.outcome == .finished } }

    /// How many times the book has been read to the end.
    public var timesRead: Int { finishedReads.count }

    /// How the end of the book's latest read (its finished date) is told: a read set aside ended
    /// but was not finished, and a book to read again was last read then, not finished now.
    public enum LatestReadEnd: Sendable {
        case finished, setAside, lastRead
    }

    /// How ``Book/finishedDate`` is told, on the book's page and in `show` alike: "Set aside" for
    /// a book set aside or one to read again whose last read was; "Last read" for another book to
    /// read again; "Finished" otherwise.
    public var latestReadEnd: LatestReadEnd {
        switch book.status {
        case .abandoned: .setAside
        case .toRead: reads.last?.outcome == .setAside ? .setAside : .lastRead
        case .reading, .read: .finished
        }
    }

    /// When the latest read began, as the book's page and `show` tell it: none for a book to
    /// read again, which said "Started 10 June 2023" as if that read were going on now.
    public var latestReadStart: PartialDate? { book.status == .toRead ? nil : book.startedDate }

    /// When the book was finished: each finished read's date, or the book's own finished date
    /// where no read has one, unless that date is when its latest read was set aside: a book
    /// given up in June 2025, whose one finished read has no date, was counted as read in 2025
    /// (found by an exploratory session).
    package var finishedDates: [PartialDate] {
        let dates = finishedReads.compactMap(\.finished)
        guard dates.isEmpty, latestReadEnd != .setAside else { return dates }
        return [book.finishedDate].compactMap { $0 }
    }
}
