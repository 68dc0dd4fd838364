import BookplateCore
import BookplateSite
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What of a shelf its export does not hold: the export is the library and the notes, and the
/// settings, theme, images and pages are files beside it, to be copied into the shelf it is
/// imported into. An export imported into a fresh shelf came back without them, and neither
/// command said so; then the note named the covers but not `site.yaml` (the goal, title and
/// owner were lost in a move), nor a removed book's cover when it was the only one (found by
/// exploratory sessions).
public enum ExportLeftOut {
    /// The line `export` prints of what to copy beside it; nil when the shelf has nothing of its
    /// own outside the library and notes.
    public static func note(for paths: ShelfPaths) -> String? {
        let parts = files(of: paths)
        guard let last = parts.last else { return nil }
        return "note: the export holds the library and notes alone: copy "
            + (parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " : "")
            + "\(last) beside it to keep them"
    }

    /// Each file or folder the export leaves out, as the note names it: `content/site.yaml` when
    /// it is not as `init` wrote it, the covers (removed books' in `.removed/` too, which
    /// `restore` brings back), photos and pages with how many files each holds, and the reader's
    /// own theme files in `templates/`.
    static func files(of paths: ShelfPaths) -> [String] {
        var parts: [String] = []
        if let settings = FileManager.default.contents(atPath: paths.settings.path),
            settings != Data(SiteSettings.template.utf8)
        {
            parts.append(paths.settings.relativePathForDisplay)
        }
        let covers = regularFiles(in: paths.covers)
        let removedCovers = regularFiles(in: paths.covers.appendingPathComponent(".removed", isDirectory: true))
        if covers + removedCovers > 0 {
            // The removed books' are named: `cp content/covers/*` leaves out the hidden folder.
            let removed = removedCovers == 0 ? "" : ", .removed/ included"
            parts.append("\(paths.covers.relativePathForDisplay)/ (\(counted(covers + removedCovers))\(removed))")
        }
        for folder in [paths.photos, paths.pages] {
            let count = regularFiles(in: folder)
            if count > 0 { parts.append("\(folder.relativePathForDisplay)/ (\(counted(count)))") }
        }
        // The theme's README, which `init` writes, is no file of the reader's.
        let theme = regularFiles(in: paths.templates, recursively: true, except: ["README.md"])
        if theme > 0 { parts.append("\(paths.templates.relativePathForDisplay)/ (\(counted(theme)))") }
        return parts
    }

    private static func counted(_ count: Int) -> String {
        "\(count) \(count == 1 ? "file" : "files")"
    }

    /// How many regular files `folder` holds (in its folders too, `recursively`): not links, nor
    /// hidden files, nor editors' backups, nor the top-level names of `except`.
    private static func regularFiles(in folder: URL, recursively: Bool = false, except: Set<String> = []) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var count = 0
        for name in names where !name.hasPrefix(".") && !name.hasSuffix("~") && !except.contains(name) {
            let url = folder.appendingPathComponent(name)
            var info = stat()
            guard lstat(url.path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG: count += 1
            case S_IFDIR where recursively: count += regularFiles(in: url, recursively: true)
            default: break
            }
        }
        return count
    }
}
