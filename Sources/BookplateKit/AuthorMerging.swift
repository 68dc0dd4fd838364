import BookplateCore
import BookplateLibrary
import Foundation

/// Two records of one person made one (``Library/mergeAuthor(_:into:)``), with the photo of the
/// one who went: it is theirs now, unless they have one of their own.
public struct AuthorMerging: Sendable {
    public var library: Library
    /// The folder of the shelf's authors' photos.
    public var photos: URL

    public init(library: Library, paths: ShelfPaths) {
        self.library = library
        self.photos = paths.photos
    }

    /// What became of the photo of the author who went.
    public enum Photo: Sendable, Equatable {
        /// They had none.
        case none
        /// It is the kept author's now, under their slug.
        case moved(from: URL, to: URL)
        /// It stays where it is, named for no one on the shelf: the kept author has a photo of
        /// their own (`theirs`), or it could not be renamed (`reason`).
        case stays(URL, theirs: URL?, reason: String?)
    }

    /// Merges `source` into `target`; the library first, then the photo, which a build would
    /// name (a photo of no author) if a kill came between the two.
    public func merge(_ source: String, into target: String) throws -> (merge: AuthorMerge, photo: Photo) {
        let merge = try library.mergeAuthor(source, into: target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: photos.path)) ?? []
        let bySlug = ImageInfo.imageNamesBySlug(names)
        guard let goneName = bySlug[merge.gone.slug] else { return (merge, .none) }
        let from = photos.appendingPathComponent(goneName)
        if let keptName = bySlug[merge.kept.slug] {
            return (merge, .stays(from, theirs: photos.appendingPathComponent(keptName), reason: nil))
        }
        let to = photos.appendingPathComponent(merge.kept.slug + "." + URL(fileURLWithPath: goneName).pathExtension)
        // Never over a file that came meanwhile: a name taken is a photo of theirs.
        if link(from.path, to.path) == 0 {
            unlink(from.path)
            return (merge, .moved(from: from, to: to))
        }
        let code = errno
        if code == EEXIST { return (merge, .stays(from, theirs: to, reason: nil)) }
        // A disk that makes no hard links (FAT, some shares): renamed, the name being free.
        if !FileManager.default.fileExists(atPath: to.path), rename(from.path, to.path) == 0 {
            return (merge, .moved(from: from, to: to))
        }
        return (merge, .stays(from, theirs: nil, reason: String(cString: strerror(errno))))
    }
}
