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

    /// What a look at each of Bookplate's folders in a site found.
    struct Look {
        /// The folders changed since the last build saved its state, or within a tick of the
        /// clock before it, and so perhaps holding something a build did not put there.
        var changed: [Substring] = []
        /// The folders that are symbolic links: their files, read through the link, looked as
        /// the last build left them, and a build that wrote beside them dropped the folder.
        var linked: [Substring] = []
    }

    /// Looks at each of `folders` (below `site`, open as `directory`) without following a link.
    /// A folder that is gone, or is a file, is in neither list: the build finds its files damaged.
    static func look(at folders: [Substring], in directory: Int32, since savedAt: Int64) -> Look {
        enum Found { case calm, changed, linked }
        let found = Parallel.map(folders) { folder -> Found in
            var info = stat()
            guard fstatat(directory, String(folder), &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .calm }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return FileStamps.Stamp(info).isRacy(at: savedAt) ? .changed : .calm
            case S_IFLNK: return .linked
            default: return .calm
            }
        }
        var look = Look()
        for (folder, found) in zip(folders, found) {
            switch found {
            case .calm: break
            case .changed: look.changed.append(folder)
            case .linked: look.linked.append(folder)
            }
        }
        return look
    }

    /// Removes from each of `listed` (folders below `site`) every entry that is neither a path of
    /// `files` nor one of `folders`, and from the top of the site every entry that has one of
    /// Bookplate's names (``SiteWriter/ownNames``) and is neither; returns the paths removed,
    /// sorted. A link is removed as a link, never followed.
    static func removeStrays(
        listing listed: [Substring], keeping files: [String: BuildState.Output], folders: Set<Substring>,
        in site: String
    ) -> [String] {
        var held: [String: [String]] = [:]
        return removeStrays(listing: listed, keeping: files, folders: folders, in: site, held: &held)
    }

    /// Like ``removeStrays(listing:keeping:folders:in:)``, and tells in `held` the files each path
    /// removed was or held (paths below the site; hidden ones left out), so that a build can tell
    /// the reader's files from those of a build on another machine, which it writes itself.
    static func removeStrays(
        listing listed: [Substring], keeping files: [String: BuildState.Output], folders: Set<Substring>,
        in site: String, held: inout [String: [String]]
    ) -> [String] {
        var removed: [String] = []
        var holding: [String: [String]] = [:]
        func sweep(_ folder: String, keeps: (String) -> Bool) {
            let prefix = folder.isEmpty ? "" : folder + "/"
            guard let listing = opendir(site + "/" + folder) else { return }
            defer { closedir(listing) }
            // Removed by the bytes of its name, which a file system need not make UTF-8: such a
            // name is none of Bookplate's (a stray named so was never removed).
            var strays: [(name: String, entry: [CChar])] = []
            while let entry = readdir(listing) {
                // Asked of a name that is no UTF-8 as it shows: never one of Bookplate's, so a
                // reader's own at the top of the site, and a stray in Bookplate's folders.
                let name = entry.exactName ?? entry.name
                if name == "." || name == ".." || keeps(prefix + name) { continue }
                strays.append((name, entry.nameBytes))
            }
            for stray in strays {
                var files: [String] = []
                var info = stat()
                if fstatat(dirfd(listing), stray.entry, &info, AT_SYMLINK_NOFOLLOW) == 0,
                    (info.st_mode & S_IFMT) == S_IFDIR
                {
                    FolderWalk.walk(site + "/" + prefix + stray.name) { relative, _, entry in
                        if case .folder = entry { return true }
                        files.append(prefix + stray.name + "/" + relative)
                        return false
                    }
                } else {
                    files.append(prefix + stray.name)
                }
                holding[prefix + stray.name] = files
                RawEntry.remove(stray.entry, in: dirfd(listing))
                if fstatat(dirfd(listing), stray.entry, &info, AT_SYMLINK_NOFOLLOW) != 0 {
                    removed.append(prefix + stray.name)
                }
            }
        }
        sweep("") { path in
            !SiteWriter.isOwn(path) || files[path] != nil || folders.contains(Substring(path))
        }
        for folder in listed {
            sweep(String(folder)) { files[$0] != nil || folders.contains(Substring($0)) }
        }
        for path in removed { held[path] = holding[path] }
        return removed.sorted()
    }
}
