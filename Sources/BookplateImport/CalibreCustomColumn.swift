import BookplateLibrary
import GRDB

/// One of the custom columns a reader makes in Calibre for reading, `#read` (yes or no) or
/// `#date_read` (a date), and the table that holds its values.
struct CalibreCustomColumn {
    /// `read` or `date_read`, as Calibre's `custom_columns` names it.
    var label: String
    /// `custom_column_N`.
    var table: String

    /// The datatype Calibre gives each column read, and how a warning calls it.
    static let datatypes = ["read": ("bool", "yes or no"), "date_read": ("datetime", "a date")]

    /// The columns that can be read; one that cannot (its row damaged, its table missing) is left
    /// out with one warning in `warnings`, as is the whole list when `custom_columns` cannot be read.
    static func reading(in db: Database, tables: Set<String>, warnings: inout [RowWarning]) throws
        -> [CalibreCustomColumn]
    {
        guard tables.contains("custom_columns") else { return [] }
        let rows: [Row]
        do {
            rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT id, label, datatype FROM custom_columns WHERE label IN ('read', 'date_read') ORDER BY label"
            )
        } catch let error as DatabaseError {
            warnings.append(
                RowWarning(
                    line: 0,
                    message: "Calibre's custom columns cannot be read (\(reason(error))): #read and #date_read left out"
                ))
            return []
        }
        var columns: [CalibreCustomColumn] = []
        for row in rows {
            let label: String = row["label"] ?? ""
            guard let (datatype, kind) = datatypes[label] else { continue }
            func leftOut(_ why: String) {
                warnings.append(RowWarning(line: 0, message: "the custom column #\(label) \(why): left out"))
            }
            let id: Int64? =
                switch (row["id"] as DatabaseValue).storage {
                case .int64(let number): number
                default: nil
                }
            guard let id else {
                leftOut("has no number in custom_columns")
                continue
            }
            guard (row["datatype"] as DatabaseValue) == datatype.databaseValue else {
                leftOut("is not \(kind) (Calibre's column of type \(datatype))")
                continue
            }
            let table = "custom_column_\(id)"
            guard tables.contains(table) else {
                leftOut("has no table \(table)")
                continue
            }
            columns.append(CalibreCustomColumn(label: label, table: table))
        }
        return columns
    }

    /// The warning for a column whose values cannot be read.
    func unreadable(_ error: DatabaseError) -> RowWarning {
        RowWarning(
            line: 0, message: "the custom column #\(label) cannot be read (\(Self.reason(error))): left out")
    }

    private static func reason(_ error: DatabaseError) -> String {
        ImportValues.shown(error.message ?? "SQLite error \(error.resultCode.rawValue)")
    }
}
