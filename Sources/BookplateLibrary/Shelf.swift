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
}
