import GRDB

extension Library {
    /// Brings the library's rendered copies of notes up to date with `notes` (book slug →
    /// Markdown) and returns each book's note HTML by slug.
    ///
    /// Only notes whose Markdown (or rendering options) changed are rendered again; the rest come
    /// from the library's cache. Slugs with no book are returned as orphans, never dropped silently.
    public func syncNotes(_ notes: [String: String], renderer: NoteRenderer) throws -> NoteSync {
        let cache = try read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT book.id, book.slug, note.contentHash, note.html FROM book LEFT JOIN note ON note.bookId = book.id"
            )
            .map { row in
                (
                    slug: row["slug"] as String, id: row["id"] as Int64, hash: row["contentHash"] as String?,
                    html: row["html"] as String?
                )
            }
        }
        var sync = NoteSync()
        var updates: [NoteRecord] = []
        let known = Set(cache.map(\.slug))
        sync.orphans = notes.keys.filter { !known.contains($0) }.sorted()
        for entry in cache {
            guard let markdown = notes[entry.slug] else { continue }
            let hash = renderer.contentHash(of: markdown)
            if hash == entry.hash, let html = entry.html {
                sync.htmlBySlug[entry.slug] = html
            } else {
                let html = renderer.render(markdown)
                sync.htmlBySlug[entry.slug] = html
                updates.append(NoteRecord(bookId: entry.id, markdown: markdown, html: html, contentHash: hash))
            }
        }
        if !updates.isEmpty {
            try write { db in
                for note in updates { try note.upsert(db) }
            }
        }
        sync.renderedCount = updates.count
        return sync
    }
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
