/// A relative address in a note, read from the page it is written for (a highlight's note from
/// its book's page, as the book's own note is), and written again for another page or a feed.
///
/// A highlight's note is shown on its book's page, on the book's later pages of highlights, in
/// the commonplace book and in its feed: pasted unchanged, `[Children of Dune](../children-of-dune/)`
/// worked on the book's page and led nowhere from every other (found by an exploratory session).
package enum RelativeAddress {
    /// Whether `address` is relative to the page it is on: no scheme (`https:`, `mailto:`) and
    /// not from the top of the server (`/…`, `//host/…`).
    package static func isRelative(_ address: String) -> Bool {
        guard !address.hasPrefix("/") else { return false }
        guard let colon = address.firstIndex(of: ":") else { return true }
        let scheme = address[..<colon]
        // A colon after a slash, `?` or `#` is in the path, the query or the fragment.
        guard let first = scheme.first, first.isASCII, first.isLetter else { return true }
        return !scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }

    /// `address`, relative to the folder `from` (a path from the site's top, such as
    /// `books/dune/`), as a path from the site's top: `../children-of-dune/` from `books/dune/`
    /// is `books/children-of-dune/`. Dot segments are resolved as a browser resolves them; one
    /// that climbs above the site's top stays a `../` in front.
    package static func fromSiteTop(_ address: String, from folder: String) -> String {
        let end = address.firstIndex { $0 == "?" || $0 == "#" } ?? address.endIndex
        var folders = folder.split(separator: "/").map(String.init)
        var above = 0
        var segments = address[..<end].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var name = segments.removeLast()
        if name == "." || name == ".." {
            segments.append(name)
            name = ""
        }
        for segment in segments where segment != "." {
            if segment != ".." {
                folders.append(segment)
            } else if folders.isEmpty {
                above += 1
            } else {
                folders.removeLast()
            }
        }
        return String(repeating: "../", count: above) + folders.map { $0 + "/" }.joined() + name
            + address[end...]
    }
}
