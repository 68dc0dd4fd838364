import BookplateCore
import Foundation
import GRDB

/// Where a book stands in a series: `1`, `2.5`, `0.5` for a novella before the first, `1-3` for
/// an omnibus. Kept as written once read, and ordered by its first number.
public struct SeriesPosition: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public let text: String
    /// The first number, for ordering.
    public let value: Double

    /// The highest position a series may have: past this it is a mistake, not a book.
    static let largest = 100_000.0

    /// Parses a number (up to three decimals) or a range of two, from 0 to 100,000; `#` before it
    /// is allowed. Nil for anything else: `NaN`, `1e309`, `-1`, `one`.
    public init?(parsing raw: String) {
        var text = raw.numeralsInASCII.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("#") { text.removeFirst() }
        let ends = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        func number(_ part: String) -> (String, Double)? {
            let pieces = part.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(pieces.count), let whole = pieces.first, (1...6).contains(whole.count),
                whole.allSatisfy(\.isASCIIDigit),
                pieces.count == 1 || (1...3).contains(pieces[1].count) && pieces[1].allSatisfy(\.isASCIIDigit),
                let value = Double(part), value <= SeriesPosition.largest
            else { return nil }
            // "02" and "2.50" are 2 and 2.5.
            var shown = String(Int(whole) ?? 0)
            if pieces.count == 2 {
                let decimals = String(pieces[1]).replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
                if !decimals.isEmpty { shown += "." + decimals }
            }
            return (shown, value)
        }
        guard let first = number(ends[0]) else { return nil }
        if ends.count == 2 {
            guard let last = number(ends[1]), last.1 > first.1 else { return nil }
            self.text = first.0 + "-" + last.0
        } else {
            self.text = first.0
        }
        value = first.1
    }

    public var description: String { text }

    /// "#" and the full-width "＃" a Japanese or Chinese keyboard types, before a place.
    package static func isNumberSign(_ character: Character) -> Bool { character == "#" || character == "＃" }

    /// Whether the position is one whole book: `3`, not `2.5` or `1-3`.
    var wholeNumber: Int? {
        value == value.rounded() && !text.contains("-") ? Int(value) : nil
    }

    /// The whole numbers a position covers: 3 for `3`, 1, 2 and 3 for `1-3`; none for `2.5`.
    package var wholeNumbers: ClosedRange<Int>? {
        let parts = text.split(separator: "-").compactMap { Double($0) }
        guard let first = parts.first, first == first.rounded() else { return nil }
        let last = parts.count == 2 ? parts[1] : first
        guard last == last.rounded() else { return nil }
        return Int(first)...Int(last)
    }

    public static func < (lhs: SeriesPosition, rhs: SeriesPosition) -> Bool {
        (lhs.value, lhs.text) < (rhs.value, rhs.text)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let position = SeriesPosition(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
        }
        self = position
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// A series a book is in, as an import or the reader names it, with the book's place in it.
public struct SeriesPlace: Hashable, Sendable, Codable {
    public var name: String
    public var position: SeriesPosition?

    public init(name: String, position: SeriesPosition? = nil) {
        self.name = name
        self.position = position
    }

    /// Whether `name` names this place's series as the library finds series (``Series/key(_:)``).
    /// The command line told series apart by Foundation's folding, which keeps ’ and ł:
    /// `--series "The Hitchhiker's Guide #5"` was another series to it and the same to the
    /// library, and the place was lost (found by a review).
    public func isNamed(_ name: String) -> Bool {
        Series.key(self.name.trimmingCharacters(in: .whitespaces))
            == Series.key(name.trimmingCharacters(in: .whitespaces))
    }
}

/// A series on the shelf.
public struct Series: Hashable, Sendable, Codable {
    public var id: Int64?
    /// Stable, unique, URL-safe; set when the series is first named.
    public var slug: String
    public var name: String

    /// The key two spellings of one series share: case, accents, the letters slugs spell in
    /// ASCII, and a leading "The", "A" or "An" ignored, as titles are sorted
    /// (``Library/sortKey(_:)``). A catalog's or an export's "Lord of the Rings" was another
    /// series than the shelf's "The Lord of the Rings", with a page of its own for the same books.
    package static func key(_ name: String) -> String { Library.sortKey(name) }
}

/// A book's place in one series.
public struct SeriesMembership: Hashable, Sendable {
    public var series: Series
    public var position: SeriesPosition?
}

extension Series: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "series"

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension SeriesPlace {
    /// The series a Goodreads or StoryGraph title names at its end, and the title without them:
    /// "Dune (Dune, #1)", "Dawn (Xenogenesis #1)", "Title (Series A, #2; Series B, #5)". A
    /// parenthesis without a `#` is part of the title ("(Penguin Classics)" stays).
    package static func split(title: String) -> (title: String, series: [SeriesPlace]) {
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")"), let open = openingParenthesis(closingAtTheEndOf: trimmed),
            open > trimmed.startIndex
        else { return (title, []) }
        let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        var places: [SeriesPlace] = []
        for part in inside.split(separator: ";") {
            guard let hash = part.lastIndex(where: SeriesPosition.isNumberSign) else { return (title, []) }
            var name = part[..<hash].trimmingCharacters(in: .whitespaces)
            if name.hasSuffix(",") { name.removeLast() }
            name = name.trimmedForStorage
            let position = SeriesPosition(parsing: String(part[part.index(after: hash)...]))
            guard !name.isEmpty, position != nil else { return (title, []) }
            places.append(SeriesPlace(name: name, position: position))
        }
        let rest = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        guard !places.isEmpty, !rest.isEmpty else { return (title, []) }
        return (rest, places)
    }

    /// Where the parenthesis that `text` ends with opens, those inside it counted: in "Mark
    /// (alert(1), #1)" it is the first.
    private static func openingParenthesis(closingAtTheEndOf text: String) -> String.Index? {
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            switch text[index] {
            case ")": depth += 1
            case "(":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// `places` with each series once, in the order first named, with the place given: a series
    /// named again with no place or the same one is the series named, and one named again at
    /// another place stays at the first, the two (their indices in `places`: the place kept,
    /// the other) in `conflicts`. The library kept the first of each series without a word,
    /// its place too if another gave it (found by a review).
    package static func onePerSeries(_ places: [SeriesPlace]) -> (
        places: [SeriesPlace], conflicts: [(kept: Int, other: Int)]
    ) {
        var kept: [(place: SeriesPlace, index: Int)] = []
        var conflicts: [(kept: Int, other: Int)] = []
        for (index, place) in places.enumerated() {
            guard let other = kept.firstIndex(where: { $0.place.isNamed(place.name) }) else {
                kept.append((place, index))
                continue
            }
            if let first = kept[other].place.position, let second = place.position, first != second {
                conflicts.append((kept[other].index, index))
            } else if kept[other].place.position == nil, place.position != nil {
                kept[other] = (SeriesPlace(name: kept[other].place.name, position: place.position), index)
            }
        }
        return (kept.map(\.place), conflicts)
    }

    /// The title as Goodreads writes a book in series: "Dune (Dune, #1)".
    package static func title(_ title: String, with places: [SeriesPlace]) -> String {
        let named = places.filter { $0.position != nil }
        guard !named.isEmpty else { return title }
        return title + " (" + named.map { "\($0.name), #\($0.position?.text ?? "")" }.joined(separator: "; ") + ")"
    }
}

extension Library {
    /// Puts the book in `places` (and in no other series), each series found by name or made.
    /// Puts the book in each series of `places`, in order, found by name as ``NamedRow`` finds
    /// names. With `respelling` (an edit), a series the book was in, named with other case or
    /// accents, takes the name as written.
    static func setSeries(
        _ places: [SeriesPlace], of bookId: Int64, in db: Database, respelling: Bool = false,
        index: NamedRow.Index? = nil
    ) throws {
        let had = Set(
            try Int64.fetchAll(db, sql: "SELECT seriesId FROM bookSeries WHERE bookId = ?", arguments: [bookId]))
        try db.execute(sql: "DELETE FROM bookSeries WHERE bookId = ?", arguments: [bookId])
        var seen = Set<Int64>()
        for (ordinal, place) in places.enumerated() {
            let name = place.name.trimmedForStorage
            guard !name.isEmpty else { continue }
            var series: Series
            if let named = try index?.find(name, db) ?? NamedRow.find(name, in: .series, db),
                var existing = try Series.fetchOne(db, key: named.id)
            {
                if respelling, let id = existing.id, had.contains(id), existing.name != name {
                    existing.name = name
                    try existing.update(db)
                    index?.forget()
                }
                series = existing
            } else {
                let slug = try Slug.unique(Slug.make(from: name, fallbackPrefix: "series")) { candidate in
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM series WHERE slug = ?", arguments: [candidate]) ?? 0
                        > 0
                }
                series = Series(slug: slug, name: name)
                try series.insert(db)
                if let id = series.id { index?.add(id: id, name: name) }
            }
            guard let seriesId = series.id, seen.insert(seriesId).inserted else { continue }
            try db.execute(
                sql: "INSERT INTO bookSeries (bookId, seriesId, position, sortValue, ordinal) VALUES (?, ?, ?, ?, ?)",
                arguments: [bookId, seriesId, place.position?.text, place.position?.value, ordinal])
        }
        // Only the series the book left can have been left with no book: looking through every
        // series for those, once a book, made an import of books in series quadratic (10,000
        // books in 3,334 series took twice as long as without; found by an exploratory session).
        var removedAny = false
        for id in had.subtracting(seen) {
            try db.execute(
                sql: "DELETE FROM series WHERE id = ? AND NOT EXISTS (SELECT 1 FROM bookSeries WHERE seriesId = ?)",
                arguments: [id, id])
            removedAny = removedAny || db.changesCount > 0
        }
        if removedAny { index?.forget() }
    }

    /// The series of every book, by book id, each book's in the order they were named.
    static func seriesByBook(_ db: Database) throws -> [Int64: [SeriesMembership]] {
        try memberships(where: "", in: db)
    }

    static func series(ofBookId bookId: Int64, in db: Database) throws -> [SeriesMembership] {
        try memberships(where: "WHERE bookSeries.bookId = ?", arguments: [bookId], in: db)[bookId] ?? []
    }

    private static func memberships(where condition: String, arguments: StatementArguments = [], in db: Database)
        throws -> [Int64: [SeriesMembership]]
    {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT bookSeries.bookId, bookSeries.position, series.id, series.slug, series.name
                FROM bookSeries JOIN series ON series.id = bookSeries.seriesId
                \(condition) ORDER BY bookSeries.bookId, bookSeries.ordinal
                """, arguments: arguments)
        var result: [Int64: [SeriesMembership]] = [:]
        for row in rows {
            let position = (row[1] as String?).flatMap(SeriesPosition.init(parsing:))
            result[row[0], default: []].append(
                SeriesMembership(series: Series(id: row[2], slug: row[3], name: row[4]), position: position))
        }
        return result
    }
}
