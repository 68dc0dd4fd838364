import GRDB

/// The values of a build state's columns, read only as ``BuildStateStore`` writes them.
///
/// GRDB's typed reads stop the program on a NULL where a value was asked for, and turn text in a
/// boolean column into false: a state file edited by hand or damaged crashed the build, or was
/// trusted with a value no build wrote (found by a review). Any other value is an error naming
/// the column, and the state is not used.
extension Row {
    /// A whole number, as every number of the state is written.
    func stateInteger(_ index: Int, _ column: String) throws -> Int64 {
        guard case .int64(let value) = (self[index] as DatabaseValue).storage else {
            throw BuildStateValueError(column: column)
        }
        return value
    }

    /// A whole number or NULL.
    func stateOptionalInteger(_ index: Int, _ column: String) throws -> Int64? {
        if (self[index] as DatabaseValue).isNull { return nil }
        return try stateInteger(index, column)
    }

    /// A text.
    func stateText(_ index: Int, _ column: String) throws -> String {
        guard case .string(let value) = (self[index] as DatabaseValue).storage else {
            throw BuildStateValueError(column: column)
        }
        return value
    }

    /// A boolean: 0 or 1, as SQLite keeps one.
    func stateBoolean(_ index: Int, _ column: String) throws -> Bool {
        switch (self[index] as DatabaseValue).storage {
        case .int64(0): false
        case .int64(1): true
        default: throw BuildStateValueError(column: column)
        }
    }
}

/// A column of a build state holding what no build writes there.
struct BuildStateValueError: Error, CustomStringConvertible {
    /// The table and column, as `note.links`.
    var column: String

    var description: String { "its \(column) column holds a value no build wrote" }
}
