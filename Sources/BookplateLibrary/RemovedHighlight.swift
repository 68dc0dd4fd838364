import Foundation

/// A highlight the reader removed (`quote remove`), known by its id, and since v26 by its book,
/// text and place too: importing the file it came from again leaves it out, and so does a file
/// with a longer version of the passage (``PassageVersions``). Bookplate's JSON export carries
/// these, so that it stays removed in a shelf the export is imported into.
public struct RemovedHighlight: Sendable, Equatable {
    /// The id the highlight had (``Highlight/id(slug:text:)``).
    public var id: String
    /// When the reader removed it; nil when a file did not say (it is then the import's time).
    public var removedAt: Date?
    /// The passage, when the library knows it: removed since v26, or brought by an export that
    /// carried it.
    public var passage: Passage?

    /// A removed highlight's book (its slug: on the shelf when exported, in the export when
    /// imported), text and place.
    public struct Passage: Sendable, Equatable {
        public var book: String
        public var text: String
        public var page: String?
        public var location: String?

        public init(book: String, text: String, page: String? = nil, location: String? = nil) {
            self.book = book
            self.text = text
            self.page = page
            self.location = location
        }
    }

    public init(id: String, removedAt: Date?, passage: Passage? = nil) {
        self.id = id
        self.removedAt = removedAt
        self.passage = passage
    }

    /// Whether `text` has the shape of the ids ``Highlight/id(slug:text:)`` makes: twelve
    /// lowercase hexadecimal digits.
    public static func isID(_ text: String) -> Bool {
        text.utf8.count == 12 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
