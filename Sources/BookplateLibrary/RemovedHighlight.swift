import Foundation

/// A highlight the reader removed (`quote remove`), known by its id alone: the library keeps no
/// more of it, so that importing the file it came from again leaves it out. Bookplate's JSON
/// export carries these, so that it stays removed in a shelf the export is imported into.
public struct RemovedHighlight: Sendable, Equatable {
    /// The id the highlight had (``Highlight/id(slug:text:)``).
    public var id: String
    /// When the reader removed it; nil when a file did not say (it is then the import's time).
    public var removedAt: Date?

    public init(id: String, removedAt: Date?) {
        self.id = id
        self.removedAt = removedAt
    }

    /// Whether `text` has the shape of the ids ``Highlight/id(slug:text:)`` makes: twelve
    /// lowercase hexadecimal digits.
    public static func isID(_ text: String) -> Bool {
        text.utf8.count == 12 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
