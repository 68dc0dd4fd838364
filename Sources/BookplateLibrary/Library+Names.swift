import BookplateCore
import GRDB

/// The names of authors, series and shelves, as one rule for every command: a name is the same
/// name with its case and accents ignored ("émile zola" is Émile Zola, "FRANÇAIS" is français),
/// as imports have always matched them. `add` and `edit` matched by SQLite's NOCASE, which folds
/// only ASCII, so they made a second author or shelf an import then merged with the first
/// (found by an exploratory session).
enum NamedRow {
    /// The id and name of the row of `table` (author, series or shelf) that `name` names, if any:
    /// the same name but for ASCII case through the column's index first, then any other
    /// spelling that folds to the same key.
    static func find(_ name: String, in table: Table, _ db: Database) throws -> (id: Int64, name: String)? {
        if let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT id, name FROM \(table.rawValue) WHERE name = ? ORDER BY id LIMIT 1"),
            arguments: [name])
        {
            return (row[0], row[1])
        }
        // Only a name not found as typed is compared with every other: once each time an author,
        // series or shelf is named the first time in a given spelling. The same key first, then
        // any of the others (``AuthorName/keys(_:)``).
        let keys = table.keys(name)
        var other: (id: Int64, name: String)?
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, name FROM \(table.rawValue) ORDER BY id"))
        while let row = try rows.next() {
            let rowKeys = table.keys(row[1] as String)
            if rowKeys[0] == keys[0] { return (row[0], row[1]) }
            if other == nil, rowKeys.contains(where: keys.contains) { other = (row[0], row[1]) }
        }
        return other
    }

    /// The tables whose rows are known by name.
    enum Table: String {
        case author, series, shelf

        /// The key two spellings of one name share: an author's also ignores the space between
        /// the parts of a Chinese, Japanese or Korean name (``AuthorName/key(_:)``), a series'
        /// a leading article (``Series/key(_:)``).
        func key(_ name: String) -> String {
            switch self {
            case .author: AuthorName.key(name)
            case .series: Series.key(name)
            case .shelf: TextFolding.searchKey(name)
            }
        }

        /// Every key the name may share with another spelling, ``key(_:)`` first: an author's
        /// name in one case may be read two ways (``AuthorName/keys(_:)``).
        func keys(_ name: String) -> [String] {
            self == .author ? AuthorName.keys(name) : [key(name)]
        }
    }

    /// The rows of a table by folded name, read once, for an import that names thousands: a
    /// scan of the table for every name it did not find as typed made an import of 6,000 books,
    /// each in a series of its own, twice as slow (found by a review).
    final class Index {
        let table: Table
        private var rows: Keyed<(id: Int64, name: String)>?
        /// The first row of each name as it is written: a name found as typed is that row, as
        /// ``NamedRow/find(_:in:_:)`` finds it, where two spellings of one key are both kept.
        private var byName: [String: Int64] = [:]

        init(_ table: Table) { self.table = table }

        func find(_ name: String, _ db: Database) throws -> (id: Int64, name: String)? {
            if rows == nil {
                var read = Keyed<(id: Int64, name: String)>()
                byName = [:]
                for row in try Row.fetchAll(db, sql: "SELECT id, name FROM \(table.rawValue) ORDER BY id") {
                    let name: String = row[1]
                    read.file((row[0], name), under: table.keys(name))
                    if byName[name] == nil { byName[name] = row[0] }
                }
                rows = read
            }
            if let id = byName[name] { return (id, name) }
            return rows?[table.keys(name)]
        }

        /// A row made since the index was read.
        func add(id: Int64, name: String) {
            guard rows != nil else { return }
            rows?.file((id, name), under: table.keys(name))
            if byName[name] == nil { byName[name] = id }
        }

        /// A row renamed or deleted: the index is read again when next asked.
        func forget() { rows = nil }
    }

    /// Values filed under the keys of names (``Table/keys(_:)``), the first filed under a key
    /// kept: looked up by a name's first key among the others' first keys, then by any of its
    /// keys among any of theirs.
    struct Keyed<Value> {
        private var byKey: [String: Value] = [:]
        private var byAnyKey: [String: Value] = [:]

        /// The value filed under `keys`, a name's keys.
        subscript(keys: [String]) -> Value? {
            guard let first = keys.first else { return nil }
            return byKey[first] ?? keys.lazy.compactMap { byAnyKey[$0] }.first
        }

        /// Files `value` under `keys`, unless another is filed there, or in its place with
        /// `replacing`.
        mutating func file(_ value: Value, under keys: [String], replacing: Bool = false) {
            guard let first = keys.first else { return }
            if replacing || byKey[first] == nil { byKey[first] = value }
            for key in keys where replacing || byAnyKey[key] == nil { byAnyKey[key] = value }
        }
    }
}
