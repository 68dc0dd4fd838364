import BookplateCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders Bookplate makes in a site hold only the files it writes, as a full build leaves
/// them: a file or folder put there by hand goes at the next build, whatever kind of build it is.
///
/// Every build leaves its folders so (a build that lists them takes out what it finds, and a full
/// build makes new ones). A folder's change time moves on whenever an entry comes into it, goes,
/// or is renamed, and whenever its times are set by hand; so a folder whose change time is earlier
/// than when the last build saved its state (by more than a tick of the file system's clock, see
/// ``FileStamps/Stamp/isRacy(at:)``) still holds just what that build left there, and is not
/// listed. A build with nothing to do then looks at 67,000 folders at 50,000 books, and lists
/// none of them. The top of the site, where the reader's own files stay, is listed every time.
enum SiteFolders {
    /// The folders the files at `paths` (relative to the site) sit in, and every folder above
    /// them; not the site itself.
    static func folders(of paths: [String]) -> Set<Substring> {
        var folders = Set<Substring>()
        folders.reserveCapacity(paths.count)
        for path in paths {
            // By bytes: a search by characters, which finds their boundaries, took four times as long.
            var end = path.utf8.endIndex
            while let slash = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
                guard folders.insert(path[..<slash]).inserted else { break }
                end = slash
            }
        }
        return folders
    }

    /// Those of `folders` (below `site`, open as `directory`) changed since `savedAt`, or within a
    /// tick of the clock before it, and so perhaps holding something a build did not put there.
    /// A folder that is gone, or is no folder, is none of them: the build finds its files damaged.
    static func changed(_ folders: [Substring], in directory: Int32, since savedAt: Int64) -> [Substring] {
        let changed = Parallel.map(folders) { folder -> Bool in
            var info = stat()
            guard fstatat(directory, String(folder), &info, AT_SYMLINK_NOFOLLOW) == 0,
                (info.st_mode & S_IFMT) == S_IFDIR
            else { return false }
            return FileStamps.Stamp(info).isRacy(at: savedAt)
        }
        return zip(folders, changed).filter(\.1).map(\.0)
    }

    /// Removes from each of `listed` (folders below `site`) every entry that is neither a path of
    /// `files` nor one of `folders`, and from the top of the site every entry that has one of
    /// Bookplate's names (``SiteWriter/ownNames``) and is neither; returns the paths removed,
    /// sorted. A link is removed as a link, never followed.
    static func removeStrays(
        listing listed: [Substring], keeping files: [String: BuildState.Output], folders: Set<Substring>,
        in site: String
    ) -> [String] {
        var removed: [String] = []
        func sweep(_ folder: String, keeps: (String) -> Bool) {
            let prefix = folder.isEmpty ? "" : folder + "/"
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: site + "/" + folder) else { return }
            for name in names where !keeps(prefix + name) {
                if (try? FileManager.default.removeItem(atPath: site + "/" + prefix + name)) != nil {
                    removed.append(prefix + name)
                }
            }
        }
        sweep("") { path in
            !SiteWriter.ownNames.contains(path) || files[path] != nil || folders.contains(Substring(path))
        }
        for folder in listed {
            sweep(String(folder)) { files[$0] != nil || folders.contains(Substring($0)) }
        }
        return removed.sorted()
    }
}
