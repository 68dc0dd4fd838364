import Foundation
import GRDB

extension Library {
    /// Brings the library's rendered copies of notes up to date with `notes` (book slug →
    /// Markdown) and returns each book's note HTML by slug.
    ///
    /// Only notes whose Markdown (or rendering options) changed are rendered again; the rest come
    /// from the library's cache. Slugs with no book are returned as orphans, never dropped silently.
    public func syncNotes(_ notes: [String: String], renderer: NoteRenderer) throws -> NoteSync {
        try syncNotes(
            files: notes.keys.sorted().map { NoteFile(slug: $0, size: nil, modified: nil) }, renderer: renderer,
            markdown: { slug in notes[slug] ?? "" })
    }

    /// Like ``syncNotes(_:renderer:)`` for note files on disk: a file whose size and modification
    /// time match the library's copy is not even read.
    func syncNotes(files: [NoteFile], renderer: NoteRenderer, markdown readNote: (String) throws -> String) throws
        -> NoteSync
    {
        let cache = try read { db in
            try GRDB.Row.fetchAll(
                db,
                sql: """
                    SELECT book.id, book.slug, note.contentHash, note.html, note.fileSize, note.fileModified,
                           note.renderOptions
                    FROM book LEFT JOIN note ON note.bookId = book.id
                    """
            ).map { row in
                CachedNote(
                    id: row["id"], slug: row["slug"], hash: row["contentHash"], html: row["html"],
                    size: row["fileSize"], modified: row["fileModified"], options: row["renderOptions"])
            }
        }
        let bySlug = Dictionary(uniqueKeysWithValues: cache.map { ($0.slug, $0) })
        var sync = NoteSync()
        var updates: [NoteRecord] = []
        var stamps: [(id: Int64, size: Int?, modified: Double?)] = []
        for file in files {
            guard let cached = bySlug[file.slug] else {
                sync.orphans.append(file.slug)
                continue
            }
            if let size = file.size, let modified = file.modified, cached.size == size, cached.modified == modified,
                cached.options == renderer.optionsTag, let html = cached.html
            {
                sync.htmlBySlug[file.slug] = html
                continue
            }
            let markdown = try readNote(file.slug)
            let hash = renderer.contentHash(of: markdown)
            if hash == cached.hash, let html = cached.html {
                sync.htmlBySlug[file.slug] = html
                stamps.append((cached.id, file.size, file.modified))
            } else {
                let html = renderer.render(markdown)
                sync.htmlBySlug[file.slug] = html
                updates.append(
                    NoteRecord(
                        bookId: cached.id, markdown: markdown, html: html, contentHash: hash, fileSize: file.size,
                        fileModified: file.modified, renderOptions: renderer.optionsTag))
            }
        }
        if !updates.isEmpty || !stamps.isEmpty {
            try write { db in
                for note in updates { try note.upsert(db) }
                for stamp in stamps {
                    try db.execute(
                        sql: "UPDATE note SET fileSize = ?, fileModified = ?, renderOptions = ? WHERE bookId = ?",
                        arguments: [stamp.size, stamp.modified, renderer.optionsTag, stamp.id])
                }
            }
        }
        sync.orphans.sort()
        sync.renderedCount = updates.count
        return sync
    }

    /// How many times the library has changed in what the site shows.
    func revision() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT value FROM libraryRevision WHERE id = 1") ?? 0 }
    }
}

/// A note file as the build sees it: its book's slug and, when known, its size and date.
struct NoteFile: Sendable {
    var slug: String
    var size: Int?
    var modified: Double?
}

private struct CachedNote {
    var id: Int64
    var slug: String
    var hash: String?
    var html: String?
    var size: Int?
    var modified: Double?
    var options: String?
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
