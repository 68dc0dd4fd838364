import BookplateCatalog
import BookplateCore
import BookplateImport
import BookplateLibrary
import BookplateSite
import Foundation

/// Makes a new, empty shelf: settings, an empty library, the folders for notes, covers and photos,
/// and a `templates/` that holds only the README of the theme's variables — the theme itself is
/// built into Bookplate, so its improvements reach every shelf that did not change a file.
public enum ShelfCreator {
    /// Creates the shelf at `folder`, which must be missing or empty, and returns its paths. With
    /// `githubPages`, it also writes a GitHub Actions workflow that publishes `site/`.
    @discardableResult
    public static func createShelf(at folder: URL, githubPages: Bool = false, clock: WallClock = .system) throws
        -> ShelfPaths
    {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            // A repository just cloned or made with `git init` holds only `.git`: it is where a
            // shelf published with GitHub Pages starts (it was "not an empty folder": found by an
            // exploratory session).
            // So does a folder a sync client or the system has just marked as its own (found by an
            // exploratory session).
            let entries = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                !ShelfCreator.isFolderMarker($0)
            }.sorted()
            guard isDirectory.boolValue else { throw ShelfError.notAFolder(path: folder.relativePathForDisplay) }
            guard entries.isEmpty else {
                // A shelf made before was "not an empty folder", as if it were anything else.
                if manager.fileExists(atPath: ShelfPaths(root: folder).library.path) {
                    throw ShelfError.alreadyAShelf(path: folder.relativePathForDisplay)
                }
                throw ShelfError.notEmpty(path: folder.relativePathForDisplay, holding: entries)
            }
        }
        let paths = ShelfPaths(root: folder)
        // Before anything is made: SQLite cannot open the library at such a path.
        try Library.refusePathTooLong(paths.library)
        // What this makes, taken away again if the shelf cannot be made whole: a failed `init`
        // left a shelf with an empty library, which every later command called "empty" (found
        // by an exploratory session). The folder itself goes only if this made it (and the
        // folders above it), and only empty: two `init`s of one new folder at once both took it
        // for theirs, and the one that failed took away the other's shelf (found by a review).
        // The shelf is the one whose `content/` this process makes: the other makes nothing.
        let foldersMade = try makeFolders(downTo: folder)
        if mkdir(paths.content.path, 0o777) != 0 {
            let failure = errno
            removeIfEmpty(foldersMade)
            guard failure == EEXIST else {
                throw ShelfError.unwritable(
                    path: paths.content.relativePathForDisplay, reason: String(cString: strerror(failure)))
            }
            throw manager.fileExists(atPath: paths.library.path)
                ? ShelfError.alreadyAShelf(path: folder.relativePathForDisplay)
                : ShelfError.beingMade(path: folder.relativePathForDisplay)
        }
        let made =
            [paths.content, paths.templates, folder.appendingPathComponent(".gitignore")]
            + (githubPages ? [folder.appendingPathComponent(".github")] : [])
        do {
            do {
                for created in [paths.notes, paths.covers, paths.photos, paths.templates] {
                    try manager.createDirectory(at: created, withIntermediateDirectories: true)
                }
                try Data(SiteSettings.template.utf8).write(to: paths.settings, options: .withoutOverwriting)
                try Data(DefaultTheme.readme.utf8).write(
                    to: paths.templates.appendingPathComponent("README.md"), options: .withoutOverwriting)
                if githubPages { try writeGitHubPagesWorkflow(in: folder) }
                try Data(gitignore.utf8).write(
                    to: folder.appendingPathComponent(".gitignore"), options: .withoutOverwriting)
            } catch {
                throw ShelfError.unwritable(path: folder.relativePathForDisplay, reason: error.localizedDescription)
            }
            // A new library: nothing to upgrade, nor to tell.
            _ = try Library.open(at: paths.library, create: true, clock: clock, telling: { _ in })
        } catch {
            for url in made { try? manager.removeItem(at: url) }
            removeIfEmpty(foldersMade)
            throw error
        }
        return paths
    }

    /// Makes `folder` and the folders above it that are missing, one at a time, and returns those
    /// this process made, topmost first: one another process made meanwhile is not this one's.
    private static func makeFolders(downTo folder: URL) throws -> [URL] {
        var missing: [URL] = []
        var candidate = folder.standardizedFileURL
        var info = stat()
        while lstat(candidate.path, &info) != 0, errno == ENOENT, candidate.path != "/" {
            missing.insert(candidate, at: 0)
            candidate = candidate.deletingLastPathComponent()
        }
        var made: [URL] = []
        for url in missing {
            if mkdir(url.path, 0o777) == 0 {
                made.append(url)
            } else if errno != EEXIST {
                let failure = errno
                removeIfEmpty(made)
                throw ShelfError.unwritable(
                    path: url.relativePathForDisplay, reason: String(cString: strerror(failure)))
            }
        }
        return made
    }

    /// Removes `folders` (topmost first), the deepest first, each only when empty: what another
    /// process put in one meanwhile stays.
    private static func removeIfEmpty(_ folders: [URL]) {
        for url in folders.reversed() { rmdir(url.path) }
    }

    /// Adds the GitHub Pages workflow to the shelf at `folder`; false when it has one already
    /// (which is never replaced).
    @discardableResult
    public static func addGitHubPagesWorkflow(toShelfAt folder: URL) throws -> Bool {
        let workflow = folder.appendingPathComponent(Publishing.gitHubPagesWorkflowPath)
        guard !FileManager.default.fileExists(atPath: workflow.path) else { return false }
        do {
            try writeGitHubPagesWorkflow(in: folder)
        } catch {
            throw ShelfError.unwritable(path: workflow.relativePathForDisplay, reason: error.localizedDescription)
        }
        return true
    }

    private static func writeGitHubPagesWorkflow(in folder: URL) throws {
        let workflow = folder.appendingPathComponent(Publishing.gitHubPagesWorkflowPath)
        try FileManager.default.createDirectory(
            at: workflow.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Publishing.gitHubPagesWorkflow.utf8).write(to: workflow, options: .withoutOverwriting)
    }

    /// What a new shelf keeps out of version control: Bookplate's own working files.
    /// Whether `name` is a file or folder that marks a folder as git's, a sync client's or the
    /// system's, and that a shelf can be made beside: `.git`, Syncthing's `.stfolder`, Dropbox's
    /// `.dropbox`, `.DS_Store`, `desktop.ini`.
    static func isFolderMarker(_ name: String) -> Bool {
        let markers: Set<String> = [
            ".git", ".stfolder", ".stignore", ".stversions", ".dropbox", ".dropbox.attr", ".dropbox.cache",
            ".sync", ".owncloudsync.log", ".nextcloudsync.log", ".DS_Store", ".localized",
        ]
        return markers.contains(name) || (name.hasPrefix(".sync_") && name.hasSuffix(".db"))
            || StrayFile.recognise(name, exists: { _ in false }) == .systemFile
    }

    static let gitignore = """
        # Bookplate's working files: the last search, the last build's state and the covers'
        # thumbnails, all made again when they are missing.
        /content/.bookplate/
        # SQLite's files beside the library while a command has it open, and who holds them:
        # committed alone they would be replayed onto another copy of the library.
        /content/library.sqlite-wal
        /content/library.sqlite-shm
        /content/library.sqlite-journal
        /content/library.sqlite-owner

        """
}

/// The default theme's files, for a reader who wants to change one.
public enum ThemeFiles {
    /// Every file of the built-in theme, by path below `templates/`, sorted.
    public static var paths: [String] { DefaultTheme.files.keys.sorted() }

    /// Where a theme file a build reads comes from.
    public enum Source: Equatable, Sendable {
        /// The theme built into Bookplate: templates/ has no such file.
        case builtIn
        /// The shelf's own copy, as the built-in theme has it: it changes nothing, and a later
        /// Bookplate uses its own file in its place (``olderCopy``).
        case unchangedCopy
        /// An older Bookplate's copy of the file, unchanged: this version's is used in its place.
        case olderCopy
        /// The shelf's own file, which differs from the built-in one.
        case changed
    }

    /// Each theme file, sorted by path, with where `folder` (a shelf's templates) leaves it. A
    /// file is compared by its contents: a copy made by `copy` and left alone is not a change.
    /// The theme's README is listed where templates/ has it, as `init` writes it.
    public static func sources(in folder: URL) -> [(path: String, source: Source)] {
        let readme = FileManager.default.fileExists(atPath: folder.appendingPathComponent(readmePath).path)
        return ((readme ? [readmePath] : []) + paths).map { path in
            let url = folder.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path) else { return (path, .builtIn) }
            guard let own = try? Data(contentsOf: url) else { return (path, .changed) }
            // By its text: a copy checked out with CRLF line ends (Windows) changes nothing either.
            if OlderThemes.isCurrentCopy(own, of: path) { return (path, .unchangedCopy) }
            return (path, OlderThemes.isUnchangedOlderCopy(own, of: path) ? .olderCopy : .changed)
        }
    }

    /// What `copy` did with each file asked for.
    public enum Outcome: Equatable, Sendable {
        case copied(String)
        /// The reader's changed copy, replaced by the theme's file as asked.
        case replaced(String)
        /// An older Bookplate's copy left unchanged, replaced by this version's file unasked.
        case updated(String)
        case kept(String)
    }

    /// Copies the named files of the default theme (all of them when `names` is empty) into
    /// `folder`. A file the reader already has is kept unless `replacing`, which needs the files
    /// named: with none, it would put the theme over every change the reader made, unasked (an
    /// older Bookplate's copy left unchanged is no change, and is replaced). A
    /// name that is no theme file is an error, before anything is written. A name may be a
    /// folder (`partials`) or leave out `.mustache`.
    public static func copy(_ names: [String], to folder: URL, replacing: Bool = false) throws -> [Outcome] {
        if replacing && names.isEmpty { throw ShelfError.replacingUnnamed }
        let chosen = try names.isEmpty ? paths : names.flatMap(resolve)
        var outcomes: [Outcome] = []
        for path in chosen {
            let url = folder.appendingPathComponent(path)
            let theme = Data((OlderThemes.currentText(of: path) ?? "").utf8)
            var outcome = Outcome.copied(path)
            if FileManager.default.fileExists(atPath: url.path) {
                // An older Bookplate's copy left unchanged holds nothing of the reader's: it is
                // brought up to date unasked (it was "yours already").
                let own = try? Data(contentsOf: url)
                let older = own.map { OlderThemes.isUnchangedOlderCopy($0, of: path) } ?? false
                guard replacing || older else {
                    outcomes.append(.kept(path))
                    continue
                }
                if older {
                    outcome = .updated(path)
                } else if !(own.map { OlderThemes.isCurrentCopy($0, of: path) } ?? false) {
                    outcome = .replaced(path)
                }
            }
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                // Under a working name of its own, so that a copy killed halfway leaves nothing
                // the next one does not recognise and remove.
                WorkingFiles.removeAbandoned(in: url.deletingLastPathComponent(), madeFor: url.lastPathComponent)
                try WorkingFiles.write(theme, to: url, keepingMode: true)
            } catch {
                throw ShelfError.unwritable(path: url.relativePathForDisplay, reason: error.localizedDescription)
            }
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// The theme files `name` stands for.
    /// The README of the theme's variables `init` puts in templates/, which `copy README.md`
    /// puts back (it was "no file 'README.md'": found by an exploratory session).
    static let readmePath = OlderThemes.readme

    static func resolve(_ name: String) throws -> [String] {
        var trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        if trimmed.hasPrefix("templates/") { trimmed.removeFirst("templates/".count) }
        if trimmed.lowercased() == readmePath.lowercased() || trimmed.lowercased() == "readme" { return [readmePath] }
        if DefaultTheme.files[trimmed] != nil { return [trimmed] }
        if DefaultTheme.files[trimmed + ".mustache"] != nil { return [trimmed + ".mustache"] }
        let inFolder = paths.filter { $0.hasPrefix(trimmed + "/") }
        if !trimmed.isEmpty, !inFolder.isEmpty { return inFolder }
        // Names are compared without their folder and extension too: `boook` means book.mustache.
        func stem(_ path: String) -> String {
            String(path.split(separator: "/").last ?? "").split(separator: ".").first.map(String.init) ?? path
        }
        let stems = Dictionary(grouping: paths, by: stem)
        let near =
            Suggestions.nearest(to: trimmed, in: paths)
            + Suggestions.nearest(to: stem(trimmed), in: stems.keys.sorted())
        let suggested = near.flatMap { stems[$0] ?? [$0] }.reduce(into: [String]()) { list, path in
            if !list.contains(path) { list.append(path) }
        }
        throw ShelfError.noThemeFile(name, suggestions: Array(suggested.prefix(3)))
    }
}

/// What stops a shelf from being created.
public enum ShelfError: Error, Equatable, CustomStringConvertible {
    /// A folder holding `holding` (the names, in order), which are not the marks of git, a sync
    /// client or the system.
    case notEmpty(path: String, holding: [String])
    /// A folder that holds a shelf already.
    case alreadyAShelf(path: String)
    /// A folder another `init` is making a shelf in, as this one began.
    case beingMade(path: String)
    /// A file, not a folder, where the shelf was to be made.
    case notAFolder(path: String)
    case unwritable(path: String, reason: String)
    case noThemeFile(String, suggestions: [String])
    /// `theme copy --replace` with no file named.
    case replacingUnnamed

    public var description: String {
        switch self {
        case .notEmpty(let path, let holding):
            "\(path) is not an empty folder (it holds \(holding.listed(showing: 3))): choose a new folder for the shelf"
        case .alreadyAShelf(let path):
            "\(path) is a shelf already: run Bookplate's commands in it, or choose a new folder for another"
        case .beingMade(let path):
            "\(path) is being made a shelf by another command: use it once that is done, or choose a new folder for another"
        case .notAFolder(let path):
            "\(path) is a file, not a folder: choose a new folder for the shelf"
        case .unwritable(let path, let reason):
            "could not write \(path): \(reason)"
        case .noThemeFile(let name, let suggestions):
            "the default theme has no file '\(name)'"
                + (suggestions.isEmpty
                    ? "" : ": did you mean \(suggestions.joined(separator: ", "))?")
                + " (`bookplate theme list` shows them all)"
        case .replacingUnnamed:
            "name the files to replace (such as book.mustache or partials): --replace alone would put the"
                + " built-in theme over every file you changed (`bookplate theme list` marks them '*')"
        }
    }
}
