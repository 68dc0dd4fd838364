import BookplateCore
import Foundation

/// The library's copy of a note: its Markdown, the HTML cmark made of it, and a hash of the
/// Markdown so that an unchanged note is not rendered again.
public struct NoteRecord: Hashable, Sendable, Codable {
    public var bookId: Int64
    public var markdown: String
    public var html: String
    /// SHA-256 of the Markdown and the rendering options.
    public var contentHash: String
}
