import BookplateCore
import Foundation

/// A tag the reader puts on books ("sci-fi", "book club").
public struct Shelf: Hashable, Sendable, Codable {
    public var id: Int64?
    public var slug: String
    public var name: String
}

extension Shelf {
    /// The shelves `names` stand for, trimmed for storage. A comma separates shelves, as in the
    /// shelf column of every reading-log export: a name holding one would come back from a CSV
    /// export as two shelves (found by the FuzzExport fuzzer).
    static func names(_ names: [String]) -> [String] {
        names.flatMap { $0.split(separator: ",") }.map { String($0).trimmedForStorage }.filter { !$0.isEmpty }
    }

    /// The shelves of `shelves` that `typed` names as a reader types a shelf: its name with case
    /// and accents ignored ("SÉANCE" is Séance), or its slug. SQLite's NOCASE folds only ASCII,
    /// so the names are compared here. `list --shelf` and `edit --remove-shelf` find them alike.
    static func named(_ typed: String, in shelves: [Shelf]) -> [Shelf] {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        let wanted = TextFolding.searchKey(trimmed)
        let slug = trimmed.lowercased()
        return shelves.filter { TextFolding.searchKey($0.name) == wanted || $0.slug == slug }
    }

    /// The names of `shelves` in the order an error lists them.
    static func namesInOrder(_ shelves: [Shelf]) -> [String] {
        shelves.map(\.name).sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }
}
