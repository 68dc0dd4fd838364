import Foundation
import GRDB

extension Library {
    /// Brings the library's rendered copies of notes up to date with `notes` (book slug →
    /// Markdown) and returns each book's note HTML by slug.
    ///
    /// Only notes whose Markdown (or rendering options) changed are rendered again; the rest come
    /// from the library's cache. Slugs with no book are returned as orphans, never dropped silently.
    public func syncNotes(_ notes: [String: String], renderer: NoteRenderer) throws -> NoteSync {
        try syncNotes(slugs: notes.keys.sorted(), unchanged: [], renderer: renderer, markdown: { notes[$0] ?? "" })
    }

    /// Like ``syncNotes(_:renderer:)`` for note files on disk. Notes in `unchanged` (their files
    /// are as the last build read them, with the same options) are not even read.
    func syncNotes(
        slugs: [String], unchanged: Set<String>, renderer: NoteRenderer, markdown readNote: (String) throws -> String
    ) throws -> NoteSync {
        let cache = try read { db in
            try GRDB.Row.fetchAll(
                db,
                sql: """
                    SELECT book.id, book.slug, note.contentHash, note.html, importedNote.markdownHash AS imported
                    FROM book LEFT JOIN note ON note.bookId = book.id
                    LEFT JOIN importedNote ON importedNote.bookId = book.id
                    """
            ).map { row in
                CachedNote(
                    id: row["id"], slug: row["slug"], hash: row["contentHash"], html: row["html"],
                    importedHash: row["imported"])
            }
        }
        let bySlug = Dictionary(uniqueKeysWithValues: cache.map { ($0.slug, $0) })
        var sync = NoteSync()
        var updates: [NoteRecord] = []
        for slug in slugs {
            guard let cached = bySlug[slug] else {
                sync.orphans.append(slug)
                continue
            }
            if unchanged.contains(slug), let html = cached.html {
                sync.htmlBySlug[slug] = html
                continue
            }
            let markdown = try readNote(slug)
            // An imported note the reader has not touched is rendered safely whatever the settings.
            let options =
                renderer.allowsRawHTML && cached.importedHash == ContentHash.sha256Hex(of: markdown)
                ? NoteRenderer(allowsRawHTML: false) : renderer
            let hash = options.contentHash(of: markdown)
            if hash == cached.hash, let html = cached.html {
                sync.htmlBySlug[slug] = html
            } else {
                let html = options.render(markdown)
                sync.htmlBySlug[slug] = html
                updates.append(NoteRecord(bookId: cached.id, markdown: markdown, html: html, contentHash: hash))
            }
        }
        if !updates.isEmpty {
            try write { db in
                for note in updates { try note.upsert(db) }
            }
        }
        sync.orphans.sort()
        sync.renderedCount = updates.count
        return sync
    }

    /// Remembers which notes an import wrote (book slug → the Markdown written), so that they are
    /// never rendered with raw HTML until the reader edits them.
    public func recordImportedNotes(_ notes: [String: String]) throws {
        guard !notes.isEmpty else { return }
        let entries = notes.sorted { $0.key < $1.key }
        let hashes = Parallel.map(entries.map(\.value)) { ContentHash.sha256Hex(of: $0) }
        try write { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT INTO importedNote (bookId, markdownHash) SELECT id, ? FROM book WHERE slug = ?
                    ON CONFLICT(bookId) DO UPDATE SET markdownHash = excluded.markdownHash
                    """)
            for (entry, hash) in zip(entries, hashes) {
                try statement.execute(arguments: [hash, entry.key])
            }
        }
    }

    /// Which library this is and how many times it has changed in what the site shows.
    func revision() throws -> String {
        try read { db in
            let row = try GRDB.Row.fetchOne(db, sql: "SELECT instance, value FROM libraryRevision WHERE id = 1")
            return "\(row?["instance"] as String? ?? "")/\(row?["value"] as Int? ?? 0)"
        }
    }
}

private struct CachedNote {
    var id: Int64
    var slug: String
    var hash: String?
    var html: String?
    var importedHash: String?
}

/// The outcome of ``Library/syncNotes(_:renderer:)``.
public struct NoteSync: Sendable, Equatable {
    /// Note HTML for each book that has a note, by book slug.
    public var htmlBySlug: [String: String] = [:]
    /// Slugs of note files that belong to no book.
    public var orphans: [String] = []
    /// How many notes were rendered anew (the rest came from the cache).
    public var renderedCount = 0
}
