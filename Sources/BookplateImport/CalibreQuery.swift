import GRDB

/// One read of a Calibre library's tables: each row's book and its fields, each field named as a
/// warning names it.
///
/// SQLite refuses a whole query when one of its values is longer than the import lets it read
/// (``CalibreLibrary/valueBytes``). Then the rows are read again one by one and each value alone,
/// and a value still refused is left out of its row, named in ``CalibreRow/dropped``: one book's
/// comments of 20 MB no longer refuse the library (found by a review).
struct CalibreQuery {
    /// The tables read, as after `FROM`: `books_authors_link l JOIN authors a ON a.id = l.author`.
    var from: String
    /// The table (or its alias) whose rowid numbers the rows.
    var rows: String
    /// The expression of the Calibre id of the book a row belongs to.
    var book: String
    /// Each field's expression and the name a warning gives it.
    var fields: [(expression: String, name: String)]
    /// The order of the rows, as after `ORDER BY`, when it matters.
    var order: String?

    /// The rows, in ``order`` (where a value too long to read is in the order, in rowid order).
    func fetchAll(_ db: Database) throws -> [CalibreRow] {
        let columns = ([book] + fields.map(\.expression)).joined(separator: ", ")
        do {
            return try Row.fetchAll(db, sql: "SELECT \(columns) FROM \(from)\(orderClause)").map { row in
                CalibreRow(book: row[0], values: (1..<row.count).map { row[$0] })
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_TOOBIG {
            return try fetchEachValueAlone(db)
        }
    }

    private var orderClause: String { order.map { " ORDER BY \($0)" } ?? "" }

    private func fetchEachValueAlone(_ db: Database) throws -> [CalibreRow] {
        let ids: [DatabaseValue]
        do {
            ids = try DatabaseValue.fetchAll(db, sql: "SELECT \(rows).rowid FROM \(from)\(orderClause)")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_TOOBIG {
            ids = try DatabaseValue.fetchAll(db, sql: "SELECT \(rows).rowid FROM \(from) ORDER BY \(rows).rowid")
        }
        /// The value of `expression` in the row, nil when it is too long to read.
        func value(_ expression: String, of id: DatabaseValue) throws -> DatabaseValue? {
            do {
                return try DatabaseValue.fetchOne(
                    db, sql: "SELECT \(expression) FROM \(from) WHERE \(rows).rowid = ?", arguments: [id]) ?? .null
            } catch let error as DatabaseError where error.resultCode == .SQLITE_TOOBIG {
                return nil
            }
        }
        var found: [CalibreRow] = []
        for id in ids {
            guard let book = try value(book, of: id) else { continue }
            var row = CalibreRow(book: book, values: [])
            for field in fields {
                if let value = try value(field.expression, of: id) {
                    row.values.append(value)
                } else {
                    row.values.append(.null)
                    row.dropped.append(field.name)
                }
            }
            found.append(row)
        }
        return found
    }
}

/// A row a ``CalibreQuery`` read: its book, its fields' values in the query's order, and the
/// fields left out because they were too long to read.
struct CalibreRow {
    var book: DatabaseValue
    var values: [DatabaseValue]
    var dropped: [String] = []
}
