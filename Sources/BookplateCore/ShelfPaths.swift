import Foundation

/// Where a shelf keeps its parts: the library and notes under `content/`, the theme in
/// `templates/`, the generated site in `site/`.
public struct ShelfPaths: Sendable, Equatable {
    public var root: URL
    public var library: URL
    public var templates: URL
    public var site: URL

    /// The paths of the shelf at `root`; each part may be placed elsewhere.
    public init(root: URL, library: URL? = nil, templates: URL? = nil, site: URL? = nil) {
        self.root = root
        self.library = library ?? root.appendingPathComponent("content/library.sqlite")
        self.templates = templates ?? root.appendingPathComponent("templates")
        self.site = site ?? root.appendingPathComponent("site")
    }

    /// The shelf `folder` is in, as git finds its repository: the nearest of `folder` and the
    /// folders above it that holds `content/library.sqlite`; nil when none does.
    public static func enclosingShelf(of folder: URL) -> URL? {
        var candidate = folder.standardizedFileURL
        while true {
            let library = candidate.appendingPathComponent("content/library.sqlite").path
            if FileManager.default.fileExists(atPath: library) { return candidate }
            let parent = candidate.deletingLastPathComponent().standardizedFileURL
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
    }

    /// The folder that holds the library, its notes and its covers. (Folders are named as such:
    /// Foundation otherwise asks the file system, and a build asks for these thousands of times.)
    public var content: URL { library.deletingLastPathComponent() }
    public var notes: URL { content.appendingPathComponent("notes", isDirectory: true) }
    public var covers: URL { content.appendingPathComponent("covers", isDirectory: true) }
    /// The site settings, `site.yaml`.
    public var settings: URL { content.appendingPathComponent(Self.settingsFileName) }
    /// The name of the site settings file in `content/`.
    public static let settingsFileName = "site.yaml"
    /// Author photos, `photos/<author-slug>.jpg`.
    public var photos: URL { content.appendingPathComponent("photos", isDirectory: true) }

    /// Whether `url` is, or is inside, one of the shelf's own folders (`content/`, `templates/`,
    /// `site/`) or is the library file: where nothing but Bookplate's commands may write. Links
    /// are followed, so a path reaching them another way is theirs too.
    public func isShelfOwn(_ url: URL) -> Bool {
        let path = ShelfPaths.resolved(url)
        if path == ShelfPaths.resolved(library) { return true }
        return [content, templates, site].map(ShelfPaths.resolved).contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// `url` with every link in it followed, standardised, as far as it exists.
    private static func resolved(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
