import ArgumentParser
import BookplateKit
import Foundation

/// Where the shelf is: the current folder or the nearest one above it that holds a library, as
/// git finds its repository (so commands work from `content/notes/` too), with the library
/// overridable. Paths the reader types are read from the current folder.
struct ShelfOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The library file. Default: $BOOKPLATE_LIBRARY, else content/library.sqlite.", valueName: "path"),
        completion: .file(extensions: ["sqlite", "db"]))
    var library: String?

    /// The folder the command was run in, by its real path: paths the reader types are read from
    /// it, as every other program reads them.
    static var currentFolder: URL {
        get throws {
            try ShelfPaths.currentFolder(followingShell: false).mapError(ShelfLocationError.init).get()
        }
    }

    /// The folder the command was run in as the shell names it (through a link, the link's
    /// path): the shelf is looked for from it (``ShelfPaths/currentFolder(followingShell:)``).
    static var shellFolder: URL {
        get throws {
            try ShelfPaths.currentFolder().mapError(ShelfLocationError.init).get()
        }
    }

    /// The shelf the command was run in: the nearest above the folder as the shell names it, else
    /// above its real path (a link to `content/notes` from outside the shelf was "not inside a
    /// shelf": found by an exploratory session).
    static var enclosingShelf: URL? {
        get throws {
            try ShelfPaths.enclosingShelf(of: shellFolder) ?? ShelfPaths.enclosingShelf(of: currentFolder)
        }
    }

    /// `$BOOKPLATE_LIBRARY`, nil when unset or empty; a value that is no UTF-8 is refused, as it
    /// would name another file.
    static var libraryFromEnvironment: String? {
        get throws {
            switch EnvironmentText.value(of: "BOOKPLATE_LIBRARY") {
            case .success(let value): return value.flatMap { $0.isEmpty ? nil : $0 }
            case .failure(let problem):
                throw ShelfLocationError.environmentNotUTF8(name: "BOOKPLATE_LIBRARY", shown: problem.shown)
            }
        }
    }

    /// The shelf's parts. Outside any shelf, and without `--library`, this throws: nothing is
    /// created anywhere but by `init`.
    var paths: ShelfPaths {
        get throws {
            let current = try ShelfOptions.currentFolder
            // Named as it was given: `BOOKPLATE_LIBRARY=/tmp` was "--library /tmp is a folder"
            // (found by an exploratory session).
            let fromEnvironment = library == nil
            if let chosen = try library ?? ShelfOptions.libraryFromEnvironment {
                let url = URL(fileURLWithPath: chosen, relativeTo: current)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                    throw ShelfLocationError.libraryIsAFolder(
                        path: chosen, fromEnvironment: fromEnvironment,
                        suggested: Self.library(near: chosen, in: current))
                }
                // A library in a shelf's `content/` belongs to that shelf: its notes, covers and site.
                let root =
                    url.deletingLastPathComponent().lastPathComponent == "content"
                    ? url.deletingLastPathComponent().deletingLastPathComponent() : current
                return ShelfPaths(root: root, library: url)
            }
            guard let root = try ShelfOptions.enclosingShelf else {
                throw ShelfLocationError.notInsideShelf
            }
            return ShelfPaths(root: root)
        }
    }

    /// The library file a reader who passed the folder `chosen` most likely meant, as a path to
    /// type: the library of the shelf the folder is or is in (`content` and `content/notes` are
    /// in one), else a shelf's place for it below the folder.
    private static func library(near chosen: String, in current: URL) -> String {
        let folder = URL(fileURLWithPath: chosen, relativeTo: current).standardizedFileURL
        if let root = ShelfPaths.enclosingShelf(of: folder) {
            return ShelfPaths(root: root).library.relativePathForDisplay
        }
        return (chosen.hasSuffix("/") ? chosen : chosen + "/") + "content/library.sqlite"
    }

    /// The shelf's library, after finishing any removal or restore that was cut short (killed)
    /// between the library and the files, so that every command sees them agree.
    ///
    /// `readingOnly`: the command only reads the library (`list`, `show`, `export`), so a shelf
    /// it cannot write is opened read-only rather than refused.
    func openLibrary(readingOnly: Bool = false) throws -> Library {
        let paths = try paths
        // A change behind an import waited up to ten seconds without a word (found by an
        // exploratory session): it says it waits, as `remove` does behind another.
        let library: Library
        do {
            library =
                try readingOnly
                ? Library.open(forReadingAt: paths.library, telling: Terminal.error)
                : Library.open(
                    at: paths.library, telling: Terminal.error,
                    whileWaitingForAnImport: {
                        Terminal.error(
                            "Waiting for the library: an import under way keeps it until it is done (ten seconds at most)…"
                        )
                    })
        } catch let failure as LibraryError {
            // A file the variable named is named as it was given, as a folder is, with advice
            // to set or unset it: every such error but a missing file advised `--library`.
            guard self.library == nil, let named = try? ShelfOptions.libraryFromEnvironment,
                failure.problemWithTheFile != nil
            else { throw failure }
            throw ShelfLocationError.libraryInEnvironment(path: named, failure: failure)
        }
        if !library.isReadOnly { BookRemoval(library: library, paths: paths).finishInterrupted() }
        return library
    }

    /// The shelf's settings (defaults when there is no settings file).
    func settings() throws -> SiteSettings {
        try SiteSettings.load(from: try paths.settings)
    }

    /// The catalogs, asked with the shelf's contact and language (outside a shelf, with none).
    func finder() throws -> BookFinder {
        let settings = try (try? paths).map { try SiteSettings.load(from: $0.settings) } ?? SiteSettings()
        var configuration = CatalogConfiguration()
        if ProcessInfo.processInfo.environment["BOOKPLATE_CONTACT"] == nil, let contact = settings.contact {
            configuration.contact = contact
        }
        var finder = BookFinder.live(configuration: configuration)
        finder.language = settings.language
        return finder
    }
}

/// The shelf and the book on it that a command acts on.
struct BookOnShelf: ParsableArguments {
    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "A slug, an ISBN or an unambiguous part of the title.", completion: .books) var book: String

    /// The shelf's library, and the book the argument names in it.
    func open(readingOnly: Bool = false) throws -> (library: Library, details: BookDetails) {
        let library = try shelf.openLibrary(readingOnly: readingOnly)
        return (library, try library.findBook(matching: book))
    }
}

/// Why a command found no shelf to work in. These are the reader's mistakes of place, and exit
/// with status 2, as a usage error does.
enum ShelfLocationError: Error, CustomStringConvertible {
    case notInsideShelf
    /// The folder the command was run in was deleted, or replaced by a new one of its name (a
    /// restore from a backup, a sync client), while the shell stayed in it.
    case currentFolderGone
    /// The current folder's path holds bytes that are not UTF-8 (`shown` with U+FFFD for them):
    /// no `String` names it, and the one Swift would make names another folder.
    case currentFolderNotUTF8(shown: String)
    /// An environment variable that names a path is no UTF-8.
    case environmentNotUTF8(name: String, shown: String)
    /// `fromEnvironment`: named by `$BOOKPLATE_LIBRARY`, not `--library`; `suggested`: the
    /// library file in or beside the folder, as the reader would type it.
    case libraryIsAFolder(path: String, fromEnvironment: Bool, suggested: String)
    /// `$BOOKPLATE_LIBRARY` names no library: `failure`, one of ``LibraryError/problemWithTheFile``'s,
    /// exits as it would.
    case libraryInEnvironment(path: String, failure: LibraryError)

    var description: String {
        switch self {
        case .notInsideShelf:
            "not inside a shelf: run `bookplate init DIR`, or pass `--library`"
        case .currentFolderGone:
            "the current folder no longer exists (it was deleted or replaced): cd into the shelf again"
        case .currentFolderNotUTF8(let shown):
            "the current folder's path is not UTF-8 (\(Terminal.safe(shown, as: .line))): rename it in UTF-8, then cd into it again"
        case .environmentNotUTF8(let name, let shown):
            "$\(name) is not UTF-8 (\(Terminal.safe(shown, as: .line))): set it to a path in UTF-8"
        case .libraryIsAFolder(let path, let fromEnvironment, let suggested):
            fromEnvironment
                ? "BOOKPLATE_LIBRARY=\(path) is a folder: set it to the library file, such as \(suggested)"
                : "--library \(path) is a folder: pass the library file, such as \(suggested)"
        case .libraryInEnvironment(let path, let failure):
            "BOOKPLATE_LIBRARY=\(path) \(failure.problemWithTheFile ?? "names no library"): set it to a library file, or "
                + "unset it to use the shelf you are in"
        }
    }
}

extension ShelfLocationError {
    init(_ problem: CurrentFolderProblem) {
        switch problem {
        case .gone: self = .currentFolderGone
        case .notUTF8(let shown): self = .currentFolderNotUTF8(shown: shown)
        }
    }
}

/// Reads option values the reader typed, with the library's own parsers and messages.
enum Parse {
    /// Runs `check`, a command's `validate()` reading its option values, with what it refuses as
    /// a usage error (status 64) in the parser's words. A value that is not of its option's form
    /// or range is the command line's mistake, whatever the shelf holds: `--pages abc` exited 1
    /// where `--position abc` exited 64 (found by an exploratory session).
    static func asUsage<T>(_ check: () throws -> T) throws -> T {
        do {
            return try check()
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError(Terminal.safe(String(describing: error), as: .line))
        }
    }

    /// Checks a start and an end, each a date or `none`, and that the end comes no earlier, as a
    /// usage error: `--started 2024-05 --finished 2024-01` exited 1 from the library's own check.
    /// Returns the dates read (nil for `none`).
    @discardableResult
    static func checkReadingDates(started: String?, finished: String?) throws -> (PartialDate?, PartialDate?) {
        try asUsage {
            let started = try clearable(started, date) ?? nil
            let finished = try clearable(finished, date) ?? nil
            try Library.checkDates(started: started, finished: finished)
            return (started, finished)
        }
    }

    static func isbn(_ text: String) throws -> ISBN { try ISBN(text) }
    static func date(_ text: String) throws -> PartialDate { try PartialDate(parsing: text) }

    /// A day of reading: a date after today is kept, with a warning, as a typo (2205 for 2025)
    /// would otherwise be published unseen as a year of its own (found by an exploratory session).
    static func readingDate(_ text: String) throws -> PartialDate {
        let date = try PartialDate(parsing: text)
        // The reader's today, where they are: UTC's tomorrow let a date two days ahead pass
        // without a word west of Greenwich (found by an exploratory session).
        if date > WallClock.system.today {
            Terminal.warning("\(date) is after today: the site will show it as it is")
        }
        return date
    }
    static func rating(_ text: String) throws -> Rating? { try Rating.parse(text) }

    static func pages(_ text: String) throws -> Int { try Book.pageCount(parsing: text) }
    static func language(_ text: String) throws -> String { try Book.language(parsing: text) }

    /// `none` (or an empty value) clears an optional field; anything else is parsed.
    static func clearable<T>(_ text: String?, _ parse: (String) throws -> T) throws -> T?? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "none" { return .some(nil) }
        return .some(try parse(trimmed))
    }
}
