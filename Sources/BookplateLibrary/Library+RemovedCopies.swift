import BookplateCore
import Foundation
import GRDB

/// A book `remove` took off the shelf, read whole from its kept copy: what Bookplate's own export
/// carries of it, so that a shelf moved by the export can still `restore` it, and a file that
/// lists it leaves it out there too.
public struct RemovedBookContents: Sendable {
    public var removed: RemovedBook
    public var book: Book
    /// Its authors' names, in credit order.
    public var authors: [String]
    public var shelves: [String]
    /// In the order they happened, each with how a status change set it aside, where one did.
    public var reads: [ReadRecord]
    public var readsSetAsideFrom: [ReadOutcome?]
    public var series: [SeriesPlace]
    /// Hidden ones too.
    public var highlights: [Highlight]
    public var externalIDs: [String: String]
}

extension Library {
    /// Every removed book's kept copy, read whole, the earliest removed first; a copy that cannot
    /// be read (``restoreBook(_:)`` says so) is not among them.
    public func removedBookContents() throws -> [RemovedBookContents] {
        try read { db in
            try Library.removedBookRows(latestFirst: false, in: db).compactMap { row in
                guard let snapshot = try? RemovedBookSnapshot.decode(row["snapshot"]) else { return nil }
                let removed = Library.removedBook(row, authors: snapshot.authors.map(\.name))
                let reads = snapshot.reads ?? []
                let setAsideFrom = snapshot.readsSetAsideFrom ?? []
                return RemovedBookContents(
                    removed: removed, book: snapshot.book, authors: removed.authors,
                    shelves: snapshot.shelves, reads: reads,
                    readsSetAsideFrom: reads.indices.map { setAsideFrom.indices.contains($0) ? setAsideFrom[$0] : nil },
                    series: snapshot.series ?? [],
                    highlights: (snapshot.highlights ?? []).inBookOrder(),
                    externalIDs: Dictionary(
                        snapshot.externalIDs.map { ($0.source, $0.value) }, uniquingKeysWith: { first, _ in first }))
            }
        }
    }
}

extension BookImporter {
    /// Keeps `record`, a book the export's shelf had removed at `removedAt`, as a removed copy
    /// here, with all it had: its slug, facts, reads, series, shelves, ids and highlights, ready
    /// for `restore` (and matched by an import that lists it, as any removed book is). Its note,
    /// when it has one, is to be set aside under the name returned, and is recorded as imported,
    /// as every note an import writes is (rendered safely until the reader edits it). Nil when this library keeps
    /// the copy already (the same slug, removed at the same moment): importing the export again
    /// changes nothing.
    mutating func keepRemovedCopy(
        _ record: ImportRecord, _ prepared: PreparedRecord, removedAt: Date, note: String?
    ) throws -> KeptCopy? {
        let new = record.book
        guard !prepared.title.isEmpty else { throw RowProblem("no title") }
        let slug = record.preferredSlug.flatMap { Slug.isValid($0) ? $0 : nil } ?? prepared.slugBase
        let kept = try Date.fetchAll(db, sql: "SELECT removedAt FROM removedBook WHERE slug = ?", arguments: [slug])
        guard !kept.contains(where: { abs($0.timeIntervalSince(removedAt)) < 0.001 }) else { return nil }
        // Nor when the copy was restored since: the book on the shelf with its slug is the very
        // book (`restore` puts it back as it was, added when it was). An older export imported
        // again made a copy of it that `restore` listed and then refused (found by a review). A
        // book added again after the removal is another, and the copy is kept beside it.
        if let addedAt = record.addedAt,
            let onShelf = try Date.fetchOne(db, sql: "SELECT addedAt FROM book WHERE slug = ?", arguments: [slug]),
            abs(onShelf.timeIntervalSince(addedAt)) < 0.001
        {
            return nil
        }

        var (book, _) = newBook(record, prepared, slug: slug)
        // Each author as this library knows them, with what it knows of them; else by name alone.
        var authors: [Author] = []
        for name in new.authors.map(\.name.trimmedForStorage) where !name.isEmpty {
            guard !authors.contains(where: { $0.name == name }) else { continue }
            let known = try authorIDByName[AuthorName.keys(name)].flatMap { try Author.fetchOne(db, key: $0) }
            authors.append(
                known
                    ?? Author(
                        slug: Slug.make(from: name, fallbackPrefix: "author"), name: name,
                        sortName: AuthorName.sortName(for: name)))
        }
        let ids = ids(of: record)
        let highlights = try record.highlights.compactMap { highlight -> Highlight? in
            guard
                let kept = Highlight(
                    highlight, bookId: 0, slug: slug, addedAt: highlight.addedAt ?? highlight.madeAt ?? now),
                try !Highlight.wasRemoved(id: kept.id, in: db)
            else { return nil }
            return kept
        }
        // Named as `remove` names what it sets aside; never a name another kept copy has.
        var noteFile: String?
        if note != nil {
            let taken = Set(try String.fetchAll(db, sql: "SELECT noteFile FROM removedBook WHERE noteFile IS NOT NULL"))
            let stem = "\(slug)-\(Int(removedAt.timeIntervalSince1970))"
            var name = "\(stem).md"
            var counter = 2
            while taken.contains(name) {
                name = "\(stem)-\(counter).md"
                counter += 1
            }
            noteFile = name
        }
        // The cover the export names was set aside under that name, and is copied as it is: a
        // name another kept copy has is another book's file.
        let coverFile = try record.removedCoverFile.flatMap { name -> String? in
            let taken = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM removedBook WHERE coverFile = ?)", arguments: [name])
            return taken == true ? nil : name
        }
        // A removed book is one of its slug's books as much as one on the shelf: `restore` brings
        // it back with the ids its feeds gave it.
        try Library.arrive(&book, carrying: slug == record.preferredSlug ? record.feedNumber : nil, in: db)
        let snapshot = RemovedBookSnapshot(
            book: book, authors: authors, works: [:], shelves: Shelf.names(new.shelves),
            externalIDs: ids.sorted { $0.key < $1.key }.map { .init(source: $0.key, value: $0.value) },
            importedNoteHash: note.map { ImportedNoteText.hash(of: $0) }, reads: record.reads,
            readsSetAsideFrom: record.readsSetAsideFrom.contains { $0 != nil } ? record.readsSetAsideFrom : nil,
            series: new.series, highlights: highlights)
        try db.execute(
            sql: """
                INSERT INTO removedBook (slug, title, removedAt, snapshot, noteFile, coverFile)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                slug, book.title, removedAt, String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self),
                noteFile, coverFile,
            ])
        return KeptCopy(slug: slug, noteFile: noteFile)
    }
}
