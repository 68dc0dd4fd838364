import BookplateCore
import GRDB

/// Finds the highlight the library keeps that a given one is another version of, when its text —
/// and so its id — is new: a Kindle appends a passage extended on the device as a new clipping,
/// and a later `My Clippings.txt` kept both the short passage an earlier import kept and the long
/// one, each with the note (found by an exploratory session).
///
/// The passages of a book are read once an import needs them, and kept up to date as it adds and
/// replaces them.
struct PassageVersions {
    enum Version {
        /// The library keeps the passage as the reader typed it (``SamePassage/key(_:)``), and
        /// the given one is a device's: it is that highlight, under its id. (Two passages of the
        /// same words, typed or a device's, are two highlights: "So it goes." on page 5 and "so
        /// it goes" on page 150 were made one, a note lost: found by a review.)
        case same(Highlight)
        /// The library keeps a shorter version of the passage, which the given one replaces.
        case shorter(Highlight)
        /// The library keeps a version as long or longer: the given one is an older one.
        case longer(Highlight)
        /// The reader removed an earlier version of it (`quote remove`): it stays out.
        case removed
    }

    private struct Entry {
        var id: String
        /// The passage as kept; folded as its id folds it only when compared.
        var text: String
        var span: SamePassage.Span
    }

    private var byBook: [Int64: [Entry]] = [:]
    /// Each book's passages the reader removed whose text the library remembers (removed since
    /// v26), read with its kept ones.
    private var removedByBook: [Int64: [Entry]] = [:]
    /// Each book's highlights the reader typed, by ``SamePassage/key(_:)``, to their ids.
    private var byKey: [Int64: [String: String]] = [:]

    /// How many of a book's passages at the same place one is compared with, the latest first:
    /// a real passage is highlighted a few times, a hostile file may hold thousands at one place.
    private static let comparedAtOnePlace = 16

    /// The version of `highlight` (not one the library keeps by its id) the library keeps or the
    /// reader removed: the passage as the reader typed it, else one of the texts the file gave
    /// for it before (`earlierTexts`), else a passage of its book at an overlapping place that
    /// is the same passage (``SamePassage``).
    mutating func version(of highlight: Highlight, earlierTexts: [String], slug: String, in db: Database) throws
        -> Version?
    {
        _ = try entries(of: highlight.bookId, in: db)
        if highlight.source != .reader, let id = byKey[highlight.bookId]?[SamePassage.key(highlight.text)],
            id != highlight.id,
            let kept = try Highlight.kept(id: id, in: db)
        {
            return .same(kept)
        }
        for text in earlierTexts.reversed() {
            let id = Highlight.id(slug: slug, text: text.passageForStorage)
            if let kept = try Highlight.kept(id: id, in: db), kept.bookId == highlight.bookId { return .shorter(kept) }
            if try Highlight.wasRemoved(id: id, in: db) { return .removed }
        }
        guard let span = SamePassage.Span(highlight.place) else { return nil }
        let text = highlight.text.collapsingWhitespace
        let kept = try Self.samePassage(
            text, at: span, among: entries(of: highlight.bookId, in: db), excluding: highlight.id
        ) { entry, other in
            try Highlight.kept(id: entry.id, in: db).map {
                text.utf8.count > other.utf8.count ? .shorter($0) : .longer($0)
            }
        }
        if let kept { return kept }
        // A version of a passage the reader removed stays out, as the passage itself does: a
        // longer one came back, published (found by a privacy audit). On a page, so does one that
        // holds it whole: extended at both ends on the device, it came back (found by a review).
        let removed = removedByBook[highlight.bookId, default: []]
        return Self.samePassage(text, at: span, among: removed, orHoldingIt: true) { _, _ in .removed }
    }

    /// What `version` makes of the latest of `entries` (but the one `excluded`) at a place
    /// overlapping `span` whose text (given to it with its whitespace collapsed) is the same
    /// passage as `text` (or, `orHoldingIt`, one `text` holds whole: ``SamePassage/holdsWhole(_:_:)``),
    /// nil going on to the next; among the latest ``comparedAtOnePlace`` there.
    private static func samePassage(
        _ text: String, at span: SamePassage.Span, among entries: [Entry], excluding excluded: String? = nil,
        orHoldingIt: Bool = false, _ version: (Entry, String) throws -> Version?
    ) rethrows -> Version? {
        var compared = 0
        for entry in entries.reversed()
        where entry.id != excluded && entry.span.scale == span.scale && entry.span.range.overlaps(span.range) {
            let other = entry.text.collapsingWhitespace
            if SamePassage.isSame(text, other, at: span.scale) || (orHoldingIt && SamePassage.holdsWhole(text, other)),
                let found = try version(entry, other)
            {
                return found
            }
            compared += 1
            if compared == comparedAtOnePlace { break }
        }
        return nil
    }

    /// Remembers `highlight`, just kept, in place of the highlight `replaced`, if any.
    mutating func keep(_ highlight: Highlight, replacing replaced: String? = nil) {
        guard byBook[highlight.bookId] != nil else { return }
        if let replaced { byBook[highlight.bookId]?.removeAll { $0.id == replaced } }
        if highlight.source == .reader { byKey[highlight.bookId]?[SamePassage.key(highlight.text)] = highlight.id }
        if let entry = Self.entry(id: highlight.id, text: highlight.text, place: highlight.place) {
            byBook[highlight.bookId]?.append(entry)
        }
    }

    private mutating func entries(of bookId: Int64, in db: Database) throws -> [Entry] {
        if let entries = byBook[bookId] { return entries }
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, text, page, location, source FROM highlight WHERE bookId = ? ORDER BY addedAt, id",
            arguments: [bookId])
        let entries = rows.compactMap {
            Self.entry(
                id: $0["id"], text: $0["text"], place: HighlightPlace(page: $0["page"], location: $0["location"]))
        }
        byBook[bookId] = entries
        removedByBook[bookId] = try Row.fetchAll(
            db,
            sql: """
                SELECT highlightId, text, page, location FROM removedHighlight
                WHERE bookId = ? AND text IS NOT NULL ORDER BY removedAt, highlightId
                """,
            arguments: [bookId]
        ).compactMap {
            Self.entry(
                id: $0["highlightId"], text: $0["text"],
                place: HighlightPlace(page: $0["page"], location: $0["location"]))
        }
        byKey[bookId] = Dictionary(
            rows.filter { $0["source"] == HighlightSource.reader.rawValue }.map {
                (SamePassage.key($0["text"] as String), $0["id"] as String)
            }, uniquingKeysWith: { $1 })
        return entries
    }

    private static func entry(id: String, text: String, place: HighlightPlace) -> Entry? {
        SamePassage.Span(place).map { Entry(id: id, text: text, span: $0) }
    }
}
