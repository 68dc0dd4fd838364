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
        // series or shelf is named the first time in a given spelling.
        let key = TextFolding.searchKey(name)
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, name FROM \(table.rawValue) ORDER BY id"))
        while let row = try rows.next() {
            if TextFolding.searchKey(row[1] as String) == key { return (row[0], row[1]) }
        }
        return nil
    }

    /// The tables whose rows are known by name.
    enum Table: String {
        case author, series, shelf
    }
}
