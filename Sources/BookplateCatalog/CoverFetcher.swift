import BookplateCore
import BookplateLibrary
import Foundation
import Synchronization

/// What became of an image found for a job: saved (with the address it came from; none when it
/// was there already), found and not saved, or not found because a server that might have had
/// it could not be asked.
public enum SavedImage: Sendable, Equatable {
    case saved(file: URL, source: URL?)
    case unwritable(path: String, reason: String)
    /// No candidate gave an image, and one of them could not be asked (not reached, no answer in
    /// time, refusing for now): why. The image may be there; another try may find it.
    case unreachable(CatalogError)

    /// The saved file and where it came from; nil when it could not be saved.
    public var file: (file: URL, source: URL?)? {
        guard case .saved(let file, let source) = self else { return nil }
        return (file, source)
    }
}

/// Finds and downloads covers and author photos, once, into the shelf's content folder.
///
/// Order of preference for a book: Open Library's cover id (`/b/id/{id}-L.jpg`), then Open
/// Library by ISBN (`?default=false`, where 404 means none), then Google's image rewritten to
/// https without the page curl. Only real images are kept: an image content type, JPEG, PNG, GIF
/// or WebP bytes, at most 5 MiB, and larger than Open Library's 1×1 "no cover" pixel.
public struct CoverFetcher: Sendable {
    public var http: HTTPClient
    public var coversBaseURL: String
    public static let maximumImageSize = 5 * 1_048_576

    public init(http: HTTPClient, coversBaseURL: String) {
        self.http = http
        self.coversBaseURL = coversBaseURL
    }

    /// Where to look for a book's cover, best first.
    public func coverCandidates(coverIDs: [Int], isbn13: String?, googleImages: [URL]) -> [URL] {
        var urls = coverIDs.prefix(2).compactMap { URL(string: "\(coversBaseURL)/b/id/\($0)-L.jpg") }
        if let isbn13, let url = URL(string: "\(coversBaseURL)/b/isbn/\(isbn13)-L.jpg?default=false") {
            urls.append(url)
        }
        // An edition and its work often have the same cover id: each address is asked once.
        var seen: Set<URL> = []
        return (urls + googleImages.prefix(2)).filter { seen.insert($0).inserted }
    }

    /// Where an author's photo is.
    public func photoURL(photoID: Int) -> URL? {
        URL(string: "\(coversBaseURL)/a/id/\(photoID)-M.jpg")
    }

    /// Downloads the first candidate that is a real image and saves it as `folder/<name>.<ext>`,
    /// unless an image for `name` is there already. Returns the file and the candidate that gave
    /// it (nil when the image was already there), or nil when none was found.
    func saveImage(_ job: ImageJob) async -> SavedImage? {
        if let existing = CoverFetcher.existingImage(named: job.name, in: job.folder) {
            return .saved(file: existing, source: nil)
        }
        // A host that did not answer (after its retries) is not asked again for this image: each
        // candidate on a silent covers server waited its time-outs over, 95 s for one book
        // (found by an exploratory session).
        var silentHosts: Set<String> = []
        var unasked: CatalogError?
        for url in job.candidates where !silentHosts.contains(url.host ?? "") {
            let fetched: (Data, ImageInfo)?
            do {
                fetched = try await image(at: url)
            } catch {
                if error.stopsAPass {
                    silentHosts.insert(url.host ?? "")
                    unasked = unasked ?? error
                }
                continue
            }
            guard let (data, info) = fetched else { continue }
            let file = job.folder.appendingPathComponent("\(job.name).\(info.format.rawValue)")
            do {
                try FileManager.default.createDirectory(at: job.folder, withIntermediateDirectories: true)
                try WorkingFiles.write(data, to: file)
                return .saved(file: file, source: url)
            } catch {
                // Found and not saved (a full disk) is no "no cover found" (found by an
                // exploratory session).
                return .unwritable(path: file.relativePathForDisplay, reason: FileFailure.reason(error))
            }
        }
        // A server that did not answer is no "no image": a covers host that never answered
        // had every book said to have no cover to find, 30 s each (found by an exploratory
        // session).
        return unasked.map(SavedImage.unreachable)
    }

    /// Runs `jobs` with at most `maximumConcurrent` downloads at once, reporting each finished
    /// job to `progress` (done, total). Returns the saved file of each job (nil for none), in order.
    public func saveImages(
        _ jobs: [ImageJob], maximumConcurrent: Int = 8,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async -> [SavedImage?] {
        var results = [SavedImage?](repeating: nil, count: jobs.count)
        await withTaskGroup(of: (Int, SavedImage?).self) { group in
            var next = 0
            var done = 0
            func startNext() {
                guard next < jobs.count else { return }
                let index = next
                let job = jobs[index]
                next += 1
                group.addTask { (index, await saveImage(job)) }
            }
            for _ in 0..<min(maximumConcurrent, jobs.count) { startNext() }
            for await (index, file) in group {
                results[index] = file
                done += 1
                progress(done, jobs.count)
                startNext()
            }
        }
        return results
    }

    /// The image at `url` when it is a real one, else nil (missing, not an image, too big, 1×1);
    /// an error when the server could not be asked.
    func image(at url: URL) async throws(CatalogError) -> (Data, ImageInfo)? {
        let reply: HTTPReply
        do {
            reply = try await http.reply(url, from: .covers, what: "image")
        } catch .notFound {
            return nil
        }
        let type = reply.headers["content-type"]?.lowercased() ?? ""
        // The whole body is read for the header (a JPEG with 300 KB of metadata before its frame
        // was refused), and a size the build would refuse for ever is no cover (a 20000×20000 PNG
        // was kept, warned of at every build, and never replaced: found by an exploratory session).
        guard type.isEmpty || type.hasPrefix("image/"), reply.body.count <= CoverFetcher.maximumImageSize,
            let info = try? ImageInfo.cover([UInt8](reply.body))
        else { return nil }
        return (reply.body, info)
    }

    /// Moves the image for `name` into the folder's `.removed/`, so that a later book given the
    /// same slug does not inherit it, and a cover the reader chose is not lost.
    @discardableResult
    public static func setAsideImage(named name: String, in folder: URL, at date: Date) -> URL? {
        guard let image = existingImage(named: name, in: folder) else { return nil }
        return try? SetAside.move(image, into: folder, named: name, at: date)
    }

    /// Brings back an image `setAsideImage` moved, as `name`'s image; false when it is gone or
    /// `name` has an image again.
    public static func bringBackImage(_ setAside: String, named name: String, in folder: URL) -> Bool {
        guard existingImage(named: name, in: folder) == nil else { return false }
        let ext = (setAside as NSString).pathExtension
        return SetAside.bringBack(setAside, from: folder, to: folder.appendingPathComponent("\(name).\(ext)"))
    }

    /// The image for `name` in `folder` when it is whole (see ``ImageInfo/isWhole(head:tail:size:as:)``)
    /// and of a size a build publishes: one cut short, or too large, is none, for the commands
    /// that fill in what a book lacks. Its header and its last bytes are read, not the whole file:
    /// `refresh --missing` asks it of every cover (the header is looked for further only when the
    /// first 256 KB do not hold it: a photo's metadata may come first).
    public static func wholeImage(named name: String, in folder: URL) -> URL? {
        guard let url = existingImage(named: name, in: folder), let handle = FileHandle(forReadingAtPath: url.path)
        else { return nil }
        defer { try? handle.close() }
        guard var head = try? handle.read(upToCount: 256 * 1024) else { return nil }
        if ImageInfo(bytes: [UInt8](head)) == nil, head.count == 256 * 1024,
            let rest = try? handle.read(upToCount: ImageInfo.maximumFileSize - head.count)
        {
            head += rest
        }
        guard let info = ImageInfo(bytes: [UInt8](head)), info.isWithinCoverLimits, let size = try? handle.seekToEnd(),
            size <= UInt64(ImageInfo.maximumFileSize)
        else { return nil }
        try? handle.seek(toOffset: size > 64 ? size - 64 : 0)
        let tail = (try? handle.readToEnd()) ?? Data()
        return ImageInfo.isWhole(head: head, tail: tail, size: Int(size), as: info.format) ? url : nil
    }

    /// The image for `name` in `folder`, as a build finds it (``ImageInfo/imageNamesBySlug(_:)``):
    /// `refresh`, `remove` and `edit --edition` saw only `.jpg`, and a reader's `dune.JPG` was left
    /// behind or outranked (found by an exploratory session). The folder is listed once while it
    /// does not change.
    public static func existingImage(named name: String, in folder: URL) -> URL? {
        imageNames(in: folder)[name].map { folder.appendingPathComponent($0) }
    }

    /// The image file of each slug among the regular files of `folder`; kept while the folder's
    /// stamp holds.
    private static func imageNames(in folder: URL) -> [String: String] {
        let path = folder.path
        // The time before the folder is looked at: a change in the same tick is then racy.
        let looked = FileStamps.now()
        var info = stat()
        guard stat(path, &info) == 0 else { return [:] }
        let stamp = FileStamps.Stamp(info)
        if let kept = listings.withLock({ $0[path] }), kept.stamp == stamp { return kept.names }
        var files: [String] = []
        if let directory = opendir(path) {
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let file = entry.name
                guard fstatat(dirfd(directory), file, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG
                else { continue }
                files.append(file)
            }
        }
        let names = ImageInfo.imageNamesBySlug(files)
        // A folder changed within its clock's tick may change again unseen: not kept.
        if !stamp.isRacy(at: looked) { listings.withLock { $0[path] = (stamp, names) } }
        return names
    }

    private static let listings = Mutex<[String: (stamp: FileStamps.Stamp, names: [String: String])]>([:])
}

/// One image to fetch: where to look and under which name to keep it.
public struct ImageJob: Sendable {
    public var name: String
    public var candidates: [URL]
    public var folder: URL

    public init(name: String, candidates: [URL], folder: URL) {
        self.name = name
        self.candidates = candidates
        self.folder = folder
    }
}

extension CoverFetcher {
    /// Deletes an image `setAsideImage` moved, for `remove --purge`.
    public static func deleteSetAsideImage(_ name: String, in folder: URL) { SetAside.delete(name, from: folder) }
}
