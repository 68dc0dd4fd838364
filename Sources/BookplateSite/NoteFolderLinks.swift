import BookplateCore
import BookplateLibrary

/// Links from a note to a folder of the site that the build makes, written to that folder's
/// `index.html`: every link Bookplate writes ends so, because a site opened from `file://` shows
/// a folder's listing, not its page, and the README's own example of a note link,
/// `[Children of Dune](../children-of-dune/)`, led to one (found by an exploratory session).
///
/// Which folders are the build's is read from the address alone, never from the pages this build
/// makes, so a note renders the same whatever else is on the shelf (a book page's fingerprint
/// takes in its note's Markdown, not its HTML). The reader's own folders (`site/images/`) and the
/// build's folders of files (`covers/`, `assets/`) are left as written.
enum NoteFolderLinks {
    /// The folders at the top of the site whose folders below are pages the build makes.
    static let pageFolders: Set<String> = Set(
        [
            "books", "authors", "shelves", "series", "stats", Commonplace.folder, ExtraPage.folder,
        ] + ReadingStatus.allCases.map(\.rawValue))
    /// Those of them that are a page themselves (`authors/index.html`); `books/` and `pages/` are
    /// not.
    static let foldersWithAPage: Set<String> = pageFolders.subtracting(["books", ExtraPage.folder])

    /// `address`, written in a note on a page in `folder` (a path from the site's top,
    /// `books/dune/`), with `index.html` after it when it leads to a folder that is one of the
    /// build's pages: `../children-of-dune/` is `../children-of-dune/index.html`, `../..` is
    /// `../../index.html`; its query and fragment are kept.
    static func toIndexPage(_ address: String, from folder: String) -> String {
        guard RelativeAddress.isRelative(address) else { return address }
        let end = address.firstIndex { $0 == "?" || $0 == "#" } ?? address.endIndex
        let path = address[..<end]
        // `#top` and `?q` are this very page.
        guard let last = path.split(separator: "/", omittingEmptySubsequences: false).last, !path.isEmpty,
            last.isEmpty || last == "." || last == ".."
        else { return address }
        guard isPageFolder(RelativeAddress.fromSiteTop(String(path), from: folder)) else { return address }
        return path + (last.isEmpty ? "" : "/") + "index.html" + address[end...]
    }

    /// Whether `folder`, a path from the site's top ending in `/` (`""` is the top), is a page
    /// the build makes.
    private static func isPageFolder(_ folder: String) -> Bool {
        guard !folder.hasPrefix("../") else { return false }
        let names = folder.split(separator: "/")
        guard let first = names.first else { return true }
        guard pageFolders.contains(String(first)) else { return false }
        return names.count > 1 || foldersWithAPage.contains(String(first))
    }
}
