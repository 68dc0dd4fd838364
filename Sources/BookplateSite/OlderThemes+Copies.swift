import BookplateCore
import Foundation

extension OlderThemes {
    /// The digest a version of a theme file is known by: the first 16 hex digits of the SHA-256
    /// of its text as the repository holds it (``asCommitted(_:)``).
    static func digest(of data: Data) -> String {
        String(ContentHash.sha256Hex(of: asCommitted(data)).prefix(16))
    }

    /// `data` with the marks a checkout or an editor adds to a theme file taken away: a leading
    /// UTF-8 byte-order mark, and CRLF or CR line ends made LF. A copy of the theme checked out by
    /// git with `core.autocrlf=true` (Windows) differs from the repository's file in nothing
    /// else, and was taken for the reader's own: the shelf stayed on the older theme without a
    /// word (found by a QA of theme authoring). The table of digests is made of the repository's
    /// files read the same way (Tests/tools/generate_older_themes.py), which hold neither.
    package static func asCommitted(_ data: Data) -> [UInt8] {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard bytes.contains(0x0D) else { return bytes }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                text.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else {
                text.append(bytes[index])
            }
            index += 1
        }
        return text
    }

    /// The theme's README below templates/, the names every template receives, which `init`
    /// writes: no file a build reads, but an older Bookplate's copy left unchanged is known as
    /// the theme's files are, so that `theme copy` brings it up to date unasked (it was "yours
    /// already", and an old shelf kept the manual of an older theme: found by a QA of theme
    /// authoring).
    package static let readme = "README.md"

    /// Whether `data`, the shelf's file at `path` below templates/, is an earlier version of the
    /// built-in theme's file, as an older Bookplate's `init` copied it and the reader left it
    /// (its line ends and byte-order mark aside, ``asCommitted(_:)``). Such a copy holds nothing
    /// of the reader's, and a build uses this version's file in its place: used, it kept the
    /// shelf on that theme for good (a shelf started before highlights and series linked
    /// neither), and an older book page said "Finished Finished 20 January 2024" once the page's
    /// dates came with their words (both found by exploratory sessions).
    package static func isUnchangedOlderCopy(_ data: Data, of path: String) -> Bool {
        guard let older = digests[path] else { return false }
        return older.contains(digest(of: data))
    }

    /// Whether `data`, the shelf's file at `path` below templates/, is this version's file of the
    /// built-in theme, its line ends and byte-order mark aside (``asCommitted(_:)``).
    package static func isCurrentCopy(_ data: Data, of path: String) -> Bool {
        guard let current = currentText(of: path) else { return false }
        return asCommitted(data) == Array(current.utf8)
    }

    /// This version's text of the theme file at `path` below templates/, its README included;
    /// nil for a path the theme has no file at.
    package static func currentText(of path: String) -> String? {
        path == readme ? DefaultTheme.readme : DefaultTheme.files[path]
    }
}
