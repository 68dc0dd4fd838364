import BookplateCore
import Foundation

extension OlderThemes {
    /// The digest a version of a theme file is known by: the first 16 hex digits of its SHA-256.
    static func digest(of data: Data) -> String {
        String(ContentHash.sha256Hex(of: [UInt8](data)).prefix(16))
    }

    /// Whether `data`, the shelf's file at `path` below templates/, is an earlier version of the
    /// built-in theme's file, as an older Bookplate's `init` copied it and the reader left it: it
    /// keeps the shelf on that theme for good (a shelf started before highlights and series
    /// linked neither: found by an exploratory session).
    static func isUnchangedOlderCopy(_ data: Data, of path: String) -> Bool {
        guard let older = digests[path] else { return false }
        return older.contains(digest(of: data))
    }
}
