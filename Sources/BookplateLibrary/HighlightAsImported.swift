import BookplateCore
import GRDB

/// A highlight's note and place as one source's file gave them at its last import. Without it an
/// import could not tell a value the file changed since (to take) from one the file still says
/// while the reader changed it in Bookplate (to leave), and undid the reader's edits. Bookplate's
/// own export carries it with each highlight, so that a shelf moved by the export follows a device
/// as the shelf it came from does.
package struct HighlightAsImported: Equatable, Sendable {
    package var highlightId: String
    package var source: HighlightSource
    package var note: String?
    package var place: HighlightPlace

    /// `highlight` as a file of `source` gives it, before the library's values are kept over it.
    init(_ highlight: Highlight, from source: HighlightSource) {
        self.init(highlightId: highlight.id, source: source, note: highlight.note, place: highlight.place)
    }

    package init(highlightId: String, source: HighlightSource, note: String?, place: HighlightPlace) {
        self.highlightId = highlightId
        self.source = source
        self.note = note
        self.place = place
    }
}

extension HighlightAsImported: FetchableRecord, PersistableRecord {
    package static let databaseTableName = "highlightAsImported"

    package init(row: Row) throws {
        let sourceName: String = row["source"]
        self.init(
            highlightId: row["highlightId"], source: HighlightSource(rawValue: sourceName) ?? .reader,
            note: row["note"],
            place: HighlightPlace(page: row["page"], location: row["location"], chapter: row["chapter"]))
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["highlightId"] = highlightId
        container["source"] = source.rawValue
        container["note"] = note
        container["page"] = place.page
        container["location"] = place.location
        container["chapter"] = place.chapter
    }

    /// What `source` last gave of the highlight `id`; nil when it never gave it (or gave it before
    /// the library remembered: a library of an older Bookplate). By a prepared statement kept for
    /// the whole import, as ``Highlight/kept(id:in:)`` is.
    static func last(of id: String, from source: HighlightSource, in db: Database) throws -> HighlightAsImported? {
        try fetchOne(
            db.cachedStatement(sql: "SELECT * FROM highlightAsImported WHERE highlightId = ? AND source = ?"),
            arguments: [id, source.rawValue])
    }
}
