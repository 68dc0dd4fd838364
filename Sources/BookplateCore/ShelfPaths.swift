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
    ///
    /// The library is whatever stands at that name, looked at, not followed: a link to a disk
    /// that is not mounted, or to itself, was taken for no library, and a command in a shelf
    /// inside another shelf's folder used the outer shelf's library and site (found by an
    /// exploratory session). So is a `content/` that is a link to nothing. Opening the library
    /// then says what it is.
    ///
    /// Only an absolute path is climbed, and no further than it has folders: a relative one (a
    /// current folder that was deleted comes back empty) climbed `../../..` for ever at full CPU
    /// (found by an exploratory session).
    public static func enclosingShelf(of folder: URL) -> URL? {
        var candidate = folder.standardizedFileURL
        guard candidate.path.hasPrefix("/") else { return nil }
        for _ in 0...candidate.pathComponents.count {
            let content = candidate.appendingPathComponent("content").path
            // A library iCloud Drive evicted leaves its placeholder: the shelf is still here, and
            // opening it says where its library is.
            let evicted = content + "/" + ICloudPlaceholder.name(of: "library.sqlite")
            var info = stat()
            if lstat(content + "/library.sqlite", &info) == 0 || FileManager.default.fileExists(atPath: evicted)
                || LinkedFiles.brokenLink(at: content) != nil
            {
                return candidate
            }
            let parent = candidate.deletingLastPathComponent().standardizedFileURL
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
        return nil
    }

    /// The folder a command was run in, as the shell names it: `$PWD` when that is the same
    /// folder as the process's own current folder, else that folder's real path.
    ///
    /// The shell's name comes first because it is the reader's: with `content/` a link into a
    /// synced folder, `cd ~/shelf/content/notes` is in `~/shelf` to them, and a command that
    /// climbed the real path built a second site inside the synced folder (found by an
    /// exploratory session).
    ///
    /// `followingShell`: false for the real path alone, whatever `$PWD` says.
    public static func currentFolder(followingShell: Bool = true) -> Result<URL, CurrentFolderProblem> {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return .failure(.gone) }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        // A path that is no UTF-8 has no `String`: decoded with U+FFFD for its bytes it names
        // another folder, one `init .` then created and wrote to (found by an exploratory session).
        guard let physical = String(validating: bytes, as: UTF8.self) else {
            return .failure(.notUTF8(shown: String(decoding: bytes, as: UTF8.self)))
        }
        guard physical.hasPrefix("/") else { return .failure(.gone) }
        guard followingShell, let here = FileIdentity(at: physical) else {
            return .success(URL(fileURLWithPath: physical, isDirectory: true))
        }
        switch EnvironmentText.value(of: "PWD") {
        case .success(let logical?) where logical.hasPrefix("/") && FileIdentity(at: logical) == here:
            return .success(URL(fileURLWithPath: logical, isDirectory: true).standardizedFileURL)
        case .failure(let problem) where FileIdentity(bytesOf: "PWD") == here:
            // The shell names this folder through a link whose name is no UTF-8.
            return .failure(.notUTF8(shown: problem.shown))
        default:
            return .success(URL(fileURLWithPath: physical, isDirectory: true))
        }
    }

    /// The folder that holds the library, its notes and its covers. (Folders are named as such:
    /// Foundation otherwise asks the file system, and a build asks for these thousands of times.)
    public var content: URL { library.deletingLastPathComponent() }
    public var notes: URL { content.appendingPathComponent("notes", isDirectory: true) }
    /// Where builds keep their state, lock and thumbnails, and commands what they remember.
    public var stateFolder: URL { ShelfPaths.stateFolder(besideLibraryIn: content) }

    /// The folder of Bookplate's own state beside a library kept in `folder` (a shelf's `content/`).
    package static func stateFolder(besideLibraryIn folder: URL) -> URL {
        folder.appendingPathComponent(".bookplate", isDirectory: true)
    }
    /// The name of the build state in the state folder (an SQLite file, with its `-wal` and `-shm`).
    package static let buildStateFileName = "build-state.sqlite"
    public var covers: URL { content.appendingPathComponent("covers", isDirectory: true) }
    /// The site settings, `site.yaml`.
    public var settings: URL { content.appendingPathComponent(Self.settingsFileName) }
    /// The name of the site settings file in `content/`.
    public static let settingsFileName = "site.yaml"
    /// Author photos, `photos/<author-slug>.jpg`.
    public var photos: URL { content.appendingPathComponent("photos", isDirectory: true) }
    /// The reader's own pages, `pages/<name>.md`, published as `pages/<name>/`.
    public var pages: URL { content.appendingPathComponent("pages", isDirectory: true) }

    /// Whether the library is a shelf's `content/library.sqlite`, in a folder that is the shelf's
    /// alone. A library kept elsewhere (`--library ~/books.sqlite`) shares its folder with
    /// whatever else is there.
    public var isInContentFolder: Bool {
        ShelfPaths.realPath(content) == ShelfPaths.realPath(root.appendingPathComponent("content"))
    }

    /// The folders of the library's that are Bookplate's: a shelf's whole `content/`; beside a
    /// library kept elsewhere, the notes, covers, photos, pages and state it keeps there. That
    /// whole folder was taken for a shelf's `content/`, and `build` and `export` refused the
    /// current folder beside the library, or below it, where the README says the site is written
    /// (found by an audit of the README).
    public var contentFolders: [URL] {
        isInContentFolder ? [content] : [notes, covers, photos, pages, stateFolder]
    }

    /// Whether `url` is, or is inside, one of the shelf's own folders (``contentFolders``,
    /// `templates/`, `site/`) or is the library file, the settings or, beside a library kept
    /// elsewhere, one of the library's own side files (`books.sqlite-wal`): where nothing but
    /// Bookplate's commands may write. Folders are told by what they are on disk (device and
    /// inode), not by how they are named, so a path through a link (`ln -s content/notes n`,
    /// then `n/kindred.md`), or one spelled in another case on a file system that ignores case,
    /// is theirs too, even for a file that does not exist yet.
    public func isShelfOwn(_ url: URL) -> Bool {
        if let library = FileIdentity(at: library.path),
            FileIdentity(at: url.standardizedFileURL.path) == library
        {
            return true
        }
        if isLibraryFileBeside(url) { return true }
        return ShelfPaths.isWithin(url, anyOf: contentFolders + [templates, site])
    }

    /// Whether `url`, beside a library kept elsewhere, is by its name one of the library's files
    /// there: the library, a side file of its (`books.sqlite-wal`, `-shm`, `-journal`, `-owner`)
    /// or the settings, whether it exists yet or not.
    package func isLibraryFileBeside(_ url: URL) -> Bool {
        guard !isInContentFolder,
            ShelfPaths.realPath(url.deletingLastPathComponent()) == ShelfPaths.realPath(content)
        else { return false }
        let name = url.lastPathComponent
        return name == library.lastPathComponent || name.hasPrefix(library.lastPathComponent + "-")
            || name == Self.settingsFileName
    }

    /// The shelves `url` is in, found from its folder as written and from where that really is
    /// (a link to a shelf's `content/notes`): another shelf than the library's may be beside or
    /// around the place a command writes to. With the library kept elsewhere, its folder no
    /// longer covers a shelf inside it, and `build --output shelf/content/out` or `export
    /// --format markdown --output shelf/content/notes` wrote into that shelf's own folders, the
    /// export's files becoming its published notes (found by a review).
    package static func shelves(around url: URL) -> [ShelfPaths] {
        // The folder as written, where it really is, and where `url` itself leads (a link to a
        // shelf's `content/notes` given as the folder to write into).
        let folder = url.deletingLastPathComponent()
        let roots = [folder, URL(fileURLWithPath: realPath(folder)), URL(fileURLWithPath: realPath(url))]
            .compactMap(enclosingShelf(of:))
        return Set(roots.map(\.standardizedFileURL.path)).sorted().map { ShelfPaths(root: URL(fileURLWithPath: $0)) }
    }

    /// Whether `url` is one of `folders` or inside one, whether either exists yet or not (see
    /// ``isShelfOwn(_:)``): by what the folders are on disk where they exist, and by their real
    /// paths (links followed as far as the path exists) where they do not.
    package static func isWithin(_ url: URL, anyOf folders: [URL]) -> Bool {
        let target = realPath(url)
        let own = Set(folders.compactMap { FileIdentity(at: $0.path) })
        for folder in folders.map(realPath) where target == folder || target.hasPrefix(folder + "/") { return true }
        var folder = URL(fileURLWithPath: target)
        // Never more steps than the path has folders, whatever the path (see enclosingShelf).
        for _ in 0...folder.pathComponents.count {
            if let identity = FileIdentity(at: folder.path), own.contains(identity) { return true }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return false }
            folder = parent
        }
        return false
    }

    /// `url`'s path with every link followed as far as the path exists, and the rest as written:
    /// the folders above it are the ones it is really inside (above a link, the link's own folder
    /// is not).
    package static func realPath(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        for _ in 0...existing.pathComponents.count where FileIdentity(at: existing.path) == nil {
            let parent = existing.deletingLastPathComponent().standardizedFileURL
            if parent.path == existing.path { break }
            rest.insert(existing.lastPathComponent, at: 0)
            existing = parent
        }
        return rest.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }.path
    }
}

/// Why a command has no current folder to work from.
public enum CurrentFolderProblem: Error, Sendable, Equatable {
    /// The folder was deleted, or replaced by a new one of its name, while the shell stayed in it.
    case gone
    /// Its path holds bytes that are not UTF-8 (`shown` with U+FFFD for them).
    case notUTF8(shown: String)
}
