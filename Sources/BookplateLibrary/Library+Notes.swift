import BookplateCore
import Foundation
import GRDB

extension Library {
    /// Up to this many notes, ``syncNotes(slugs:unchanged:renderer:keepHTML:markdown:)`` looks up
    /// each book by its slug; for more it reads every book's cached note in one pass. (One look-up
    /// costs a few rows' reading; a rebuild after a few edits should not read 50,000 rows.)
    static let notesLookedUpOneByOne = 64

    /// Brings the library's rendered copies of notes up to date with `notes` (book slug →
    /// Markdown) and returns each book's note HTML by slug.
    ///
    /// Only notes whose Markdown (or rendering options) changed are rendered again; the rest come
    /// from the library's cache. Slugs with no book are returned as orphans, never dropped silently.
    public func syncNotes(_ notes: [String: String], renderer: NoteRenderer) throws -> NoteSync {
        try syncNotes(slugs: notes.keys.sorted(), trusted: [:], renderer: renderer, markdown: { notes[$0] ?? "" })
    }

    /// Like ``syncNotes(_:renderer:)`` for note files on disk. A note in `trusted` (its file is as
    /// the last build read it, with the same options) is not even read when the library still
    /// caches it under the hash given there — a library restored from a backup may cache another.
    ///
    /// The rest are read, hashed and rendered on every core, a batch at a time, and each batch is
    /// saved before the next is read, so that a first build of ten thousand notes never holds all
    /// their Markdown at once; all in one transaction.
    /// Without `keepHTML`, the HTML is left in the library (see ``noteHTML(forSlug:)``) and
    /// `htmlBySlug` stays empty.
    package func syncNotes(
        slugs: [String], trusted: [String: String], renderer: NoteRenderer, keepHTML: Bool = true,
        markdown readNote: @escaping @Sendable (String) throws -> String
    ) throws -> NoteSync {
        let bySlug = try read { db in
            var bySlug: [String: CachedNote] = [:]
            // A cursor, columns by position: no row is copied.
            func collect(_ rows: RowCursor) throws {
                while let row = try rows.next() {
                    let cached = CachedNote(id: row[0], slug: row[1], hash: row[2], html: row[3], importedHash: row[4])
                    bySlug[cached.slug] = cached
                }
            }
            let select = """
                SELECT book.id, book.slug, note.contentHash, CASE WHEN ? THEN note.html END,
                       importedNote.markdownHash
                FROM book LEFT JOIN note ON note.bookId = book.id
                LEFT JOIN importedNote ON importedNote.bookId = book.id
                """
            if slugs.count <= Library.notesLookedUpOneByOne {
                // A few notes edited: those books alone, not the cached HTML of the whole shelf.
                let statement = try db.cachedStatement(sql: select + " WHERE book.slug = ?")
                for slug in slugs { try collect(GRDB.Row.fetchCursor(statement, arguments: [keepHTML, slug])) }
            } else {
                try collect(GRDB.Row.fetchCursor(db, sql: select, arguments: [keepHTML]))
            }
            return bySlug
        }
        var sync = NoteSync()
        var pending: [CachedNote] = []
        for slug in slugs {
            guard var cached = bySlug[slug] else {
                sync.orphans.append(slug)
                continue
            }
            // The caller's string, not the row's: the results are keyed by it, so the slugs of
            // 50,000 notes are held once (3 MB), not once more here.
            cached.slug = slug
            if let hash = cached.hash, trusted[slug] == hash {
                if let html = cached.html { sync.htmlBySlug[slug] = SanitizedHTML(storedByLibrary: html) }
                sync.cacheHashBySlug[slug] = hash
            } else {
                pending.append(cached)
            }
        }
        guard !pending.isEmpty else {
            sync.orphans.sort()
            return sync
        }
        // One transaction for every batch: one commit, so one wait for the disk.
        try write { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT INTO note (bookId, markdown, html, contentHash) VALUES (?, ?, ?, ?)
                    ON CONFLICT(bookId) DO UPDATE SET
                        markdown = excluded.markdown, html = excluded.html, contentHash = excluded.contentHash
                    """)
            let batchSize = 512
            for start in stride(from: 0, to: pending.count, by: batchSize) {
                let batch = Array(pending[start..<min(start + batchSize, pending.count)])
                let results = Parallel.map(batch) { cached in
                    Result { try NoteRendering(cached, markdown: readNote(cached.slug), renderer: renderer) }
                }
                for (cached, result) in zip(batch, results) {
                    let rendering = try result.get()
                    if keepHTML {
                        sync.htmlBySlug[cached.slug] = rendering.html.map(SanitizedHTML.init(storedByLibrary:))
                    }
                    sync.cacheHashBySlug[cached.slug] = rendering.hash
                    guard let note = rendering.record else { continue }
                    try statement.execute(arguments: [note.bookId, note.markdown, note.html, note.contentHash])
                    sync.renderedCount += 1
                }
            }
        }
        sync.orphans.sort()
        return sync
    }

    /// The HTML the library keeps of the note of the book with `slug`, or nil when there is none.
    ///
    /// One statement, so it reads outside a transaction: a build asks this for every book, and
    /// opening and closing a read transaction each time cost more than the reads.
    package func noteHTML(forSlug slug: String) throws -> SanitizedHTML? {
        do {
            return try database.unsafeRead { db in
                try String.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT note.html FROM note JOIN book ON book.id = note.bookId WHERE book.slug = ?"),
                    arguments: [slug]
                ).map(SanitizedHTML.init(storedByLibrary:))
            }
        } catch let error as DatabaseError {
            throw LibraryError.storage(path: path, message: error.readerMessage)
        }
    }

    /// Remembers which notes an import wrote (book slug → the Markdown written), so that they are
    /// never rendered with raw HTML until the reader edits them.
    public func recordImportedNotes(_ notes: [String: String]) throws {
        guard !notes.isEmpty else { return }
        let entries = notes.sorted { $0.key < $1.key }.map { (slug: $0.key, markdown: $0.value) }
        try write { db in try Library.recordImportedNotes(entries, in: db) }
    }

    /// Remembers `notes` as imported, in the transaction of `db`.
    static func recordImportedNotes(_ notes: [(slug: String, markdown: String)], in db: Database) throws {
        guard !notes.isEmpty else { return }
        let hashes = Parallel.map(notes.map(\.markdown)) { ContentHash.sha256Hex(of: $0) }
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO importedNote (bookId, markdownHash) SELECT id, ? FROM book WHERE slug = ?
                ON CONFLICT(bookId) DO UPDATE SET markdownHash = excluded.markdownHash
                """)
        for (note, hash) in zip(notes, hashes) {
            try statement.execute(arguments: [hash, note.slug])
        }
    }

    /// Which library this is and which state of it, in what the site shows: a library's id, its
    /// count of changes and a random token drawn at each change, so that no two states of any two
    /// libraries (a backup restored and edited again included) give the same answer.
    package func revision() throws -> String {
        try read { db in
            let row = try GRDB.Row.fetchOne(
                db, sql: "SELECT instance, value, change FROM libraryRevision WHERE id = 1")
            let instance = row?["instance"] as String? ?? ""
            return "\(instance)/\(row?["value"] as Int? ?? 0)/\(row?["change"] as String? ?? "")"
        }
    }
}

private struct CachedNote: Sendable {
    var id: Int64
    var slug: String
    var hash: String?
    var html: String?
    var importedHash: String?
}

/// One note brought up to date: its HTML, and the record to save when it was rendered anew.
private struct NoteRendering: Sendable {
    /// Nil when the cached HTML is current and was not asked for.
    var html: String?
    /// The hash under which the library caches the note's HTML.
    var hash: String
    var record: NoteRecord?

    init(_ cached: CachedNote, markdown: String, renderer: NoteRenderer) {
        // An imported note the reader has not touched is rendered safely whatever the settings.
        let options =
            renderer.allowsRawHTML && cached.importedHash == ContentHash.sha256Hex(of: markdown)
            ? NoteRenderer(allowsRawHTML: false) : renderer
        hash = options.contentHash(of: markdown)
        if hash == cached.hash {
            html = cached.html
        } else {
            let rendered = options.render(markdown).html
            html = rendered
            record = NoteRecord(bookId: cached.id, markdown: markdown, html: rendered, contentHash: hash)
        }
    }
}

/// The outcome of ``Library/syncNotes(_:renderer:)``.
public struct NoteSync: Sendable, Equatable {
    /// Note HTML for each book that has a note, by book slug.
    public var htmlBySlug: [String: SanitizedHTML] = [:]
    /// Slugs of note files that belong to no book.
    public var orphans: [String] = []
    /// The hash under which the library caches each note's HTML, by book slug.
    public var cacheHashBySlug: [String: String] = [:]
    /// How many notes were rendered anew (the rest came from the cache).
    public var renderedCount = 0

    /// No notes yet.
    public init() {}
}
