import BookplateCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entries of a folder named as a file the build reads (`dune.jpg` in covers/, `kindred.md`
/// in notes/) that are a folder, a named pipe or anything else but a file: none is read or
/// published, and each is said at every build. Each is only looked at, never opened: a named
/// pipe would keep the build waiting for a writer. Links are refused before this.
enum EntriesThatAreNoFiles {
    /// The path (as messages show it) and kind ("a folder", "a named pipe", "no file") of each
    /// entry directly in `folder` whose name `named` accepts, sorted by name.
    static func list(in folder: URL, named: (String) -> Bool) -> [(path: String, kind: String)] {
        guard let directory = opendir(folder.path) else { return [] }
        defer { closedir(directory) }
        var found: [(path: String, kind: String)] = []
        while let entry = readdir(directory) {
            let name = entry.name
            guard !name.hasPrefix("."), named(name) else { continue }
            var info = stat()
            guard fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                let kind = EntryKind.notAFile(mode: info.st_mode)
            else { continue }
            found.append((folder.appendingPathComponent(name).relativePathForDisplay, kind))
        }
        return found.sorted { $0.path < $1.path }
    }

    /// A line for each entry of the notes folder and the pages folder named as a note or a page
    /// (`kindred.md`) that is no file: the note or page was dropped from the site without a word
    /// (found by an exploratory session).
    static func lines(notes: URL, pages: URL) -> [String] {
        let markdown = { (name: String) in name.hasSuffix(".md") && name.count > 3 }
        return list(in: notes, named: markdown).map {
            "\($0.path) is \($0.kind), not a note, and is not read: put the note's Markdown file there in its place"
        }
            + list(in: pages, named: markdown).map {
                "\($0.path) is \($0.kind), not a page, and is not published: put the page's Markdown file there in "
                    + "its place"
            }
    }
}
