import Foundation

/// Reads the links of a file the reader wrote for the site (a page of theirs, a style sheet of
/// their theme) against the site as it will be published, to find the ones to files it lacks.
struct SiteLinks {
    /// The path the site is published at (the base URL's, `/shelf/`), ending in a slash.
    let sitePath: String

    private static let base = URL(string: "https://site.invalid/")

    init(sitePath: String) {
        self.sitePath = sitePath.hasSuffix("/") ? sitePath : sitePath + "/"
    }

    /// Of `links`, written in the file at `folder` of the site (`pages/about/`), each to a file of
    /// the site that is not in the output folder, once, with that file's path there: a link to a
    /// folder means its `index.html`, unless the folder is there (one of the reader's, listed as
    /// the web server lists one). Links elsewhere, to a place on the same page, or leaving the
    /// site's path are not the site's to check. `exists` says whether a file or folder is in the
    /// output folder, by its path there.
    func missing(_ links: [String], from folder: String, exists: (String) -> Bool) -> [(link: String, path: String)] {
        guard let base = SiteLinks.base, let inSite = URL(string: folder, relativeTo: base),
            let here = URL(string: String(sitePath.dropFirst()) + inSite.relativeString, relativeTo: base)
        else { return [] }
        var said = Set<String>()
        var missing: [(link: String, path: String)] = []
        for link in links where !link.hasPrefix("#") && !link.hasPrefix("//") && URL(string: link)?.scheme == nil {
            guard let url = URL(string: link, relativeTo: here), url.host == base.host else { continue }
            let whole = url.path(percentEncoded: false)
            guard (whole + "/").hasPrefix(sitePath) else { continue }
            var path = String(whole.dropFirst(min(sitePath.count, whole.count)))
            if path.isEmpty || path.hasSuffix("/") {
                if !path.isEmpty, exists(String(path.dropLast())) { continue }
                path += "index.html"
            }
            guard !exists(path), said.insert(path).inserted else { continue }
            missing.append((link, path))
        }
        return missing
    }
}
