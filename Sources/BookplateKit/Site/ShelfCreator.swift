import Foundation

/// Makes a new, empty shelf: settings, an empty library, the default theme and the folders for
/// notes, covers and photos.
public enum ShelfCreator {
    /// Creates the shelf at `folder`, which must be missing or empty, and returns its paths.
    @discardableResult
    public static func createShelf(at folder: URL, clock: Clock = .system) throws -> ShelfPaths {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            let entries = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            guard isDirectory.boolValue, entries.isEmpty else {
                throw ShelfError.notEmpty(path: folder.relativePathForDisplay)
            }
        }
        let paths = ShelfPaths(root: folder)
        do {
            for created in [paths.notes, paths.covers, paths.photos, paths.templates] {
                try manager.createDirectory(at: created, withIntermediateDirectories: true)
            }
            try Data(SiteSettings.template.utf8).write(to: paths.settings, options: .withoutOverwriting)
            for (path, text) in DefaultTheme.files.sorted(by: { $0.key < $1.key }) {
                let url = paths.templates.appendingPathComponent(path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            }
            try Data(gitignore.utf8).write(
                to: folder.appendingPathComponent(".gitignore"), options: .withoutOverwriting)
        } catch {
            throw ShelfError.unwritable(path: folder.relativePathForDisplay, reason: error.localizedDescription)
        }
        _ = try Library.open(at: paths.library, create: true, clock: clock)
        return paths
    }

    /// What a new shelf keeps out of version control: the remembered search.
    static let gitignore = """
        # Bookplate: the last search's results are not worth keeping.
        /content/.bookplate/

        """
}

/// What stops a shelf from being created.
public enum ShelfError: Error, Equatable, CustomStringConvertible {
    case notEmpty(path: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .notEmpty(let path):
            "\(path) is not an empty folder: choose a new folder for the shelf"
        case .unwritable(let path, let reason):
            "could not create the shelf in \(path): \(reason)"
        }
    }
}
