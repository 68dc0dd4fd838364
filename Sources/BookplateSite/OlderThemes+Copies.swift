import BookplateCore
import Foundation

extension OlderThemes {
    /// The digest a version of a theme file is known by: the first 16 hex digits of its SHA-256.
    static func digest(of data: Data) -> String {
        String(ContentHash.sha256Hex(of: [UInt8](data)).prefix(16))
    }

    /// Whether `data`, the shelf's file at `path` below templates/, is an earlier version of the
    /// built-in theme's file, as an older Bookplate's `init` copied it and the reader left it.
    /// Such a copy holds nothing of the reader's, and a build uses this version's file in its
    /// place: used, it kept the shelf on that theme for good (a shelf started before highlights
    /// and series linked neither), and an older book page said "Finished Finished 20 January
    /// 2024" once the page's dates came with their words (both found by exploratory sessions).
    package static func isUnchangedOlderCopy(_ data: Data, of path: String) -> Bool {
        guard let older = digests[path] else { return false }
        return older.contains(digest(of: data))
    }
}
