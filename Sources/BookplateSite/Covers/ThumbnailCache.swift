import BookplateCore
import BookplateLibrary
import BookplateMustache
import CVips
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Cover renditions kept on disk by the hash of the source image's bytes and of the recipe that
/// made them, so that each cover goes through libvips once, however many builds follow.
///
/// An entry is the folder `<folder>/<key>/`, holding one `<width>.jpg` per rendition and
/// `renditions.json` (sizes and colour). It is written under a temporary name and renamed into
/// place whole, so a build killed midway leaves no entry that looks finished. Files are not
/// flushed one by one (a thousand covers would wait on four thousand flushes): an entry that a
/// power cut left with short or empty files, or a file damaged in place, no longer matches its
/// description (each file's length and digest) and is made again, never published. Safe to use from several threads at once.
public struct ThumbnailCache: Sendable {
    /// Renditions and the key they are kept under, to tell `removeEntries(keeping:)` which are in use.
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var renditions: CoverRenditions
        /// Whether libvips made the renditions for this call (false: they were read from the cache).
        public var wasMade: Bool
    }

    public let folder: URL
    /// What the renditions are made by, asked for only when a cover needs it: `CoverThumbnails`'
    /// recipe names libvips' version, and asking for it loads libvips.
    private let recipeText: @Sendable () -> String
    let make: @Sendable ([UInt8]) throws -> CoverRenditions

    var recipe: String { recipeText() }

    /// A cache in `folder` (created when first written) of renditions made by `CoverThumbnails`.
    public init(folder: URL) {
        self.folder = folder
        recipeText = { CoverThumbnails.recipe }
        make = CoverThumbnails.make(from:)
    }

    /// A cache whose renditions `make` makes, keyed with `recipe` (for tests).
    init(folder: URL, recipe: String, make: @escaping @Sendable ([UInt8]) throws -> CoverRenditions) {
        self.folder = folder
        self.recipeText = { recipe }
        self.make = make
    }

    /// The renditions of the image file at `url`, from the cache or made and then kept.
    public func entry(forSourceAt url: URL) throws -> Entry {
        let source = try Self.contents(of: url)
        do {
            return try entry(for: source)
        } catch var error as ThumbnailError where error.path == nil {
            error.path = url.relativePathForDisplay
            throw error
        }
    }

    /// The renditions of the image `source`, from the cache or made and then kept.
    public func entry(for source: [UInt8]) throws -> Entry {
        let key = key(for: source)
        let entryFolder = folder.appendingPathComponent(key)
        if let renditions = cachedRenditions(in: entryFolder) {
            return Entry(key: key, renditions: renditions, wasMade: false)
        }
        let renditions = try make(source)
        try store(renditions, in: entryFolder)
        return Entry(key: key, renditions: renditions, wasMade: true)
    }

    /// The entry kept under `key` when it is whole, without reading the source again: for a build
    /// that remembers each source's key by its file stamp, so that an unchanged shelf costs no
    /// hashing. Nil when there is none (make it with `entry(forSourceAt:)`).
    public func cachedEntry(forKey key: String) -> Entry? {
        guard Self.isKey(key) else { return nil }
        return cachedRenditions(in: folder.appendingPathComponent(key)).map {
            Entry(key: key, renditions: $0, wasMade: false)
        }
    }

    /// Where the image `width` pixels wide of the entry `key` is kept.
    public func fileURL(key: String, width: Int) -> URL {
        folder.appendingPathComponent(key).appendingPathComponent(Self.fileName(width: width))
    }

    /// The key of `source`: the SHA-256 of the recipe, a zero byte and the bytes, in hexadecimal
    /// (the parts one after the other, so a 3 MB cover is not copied to be hashed).
    func key(for source: [UInt8]) -> String {
        ContentHash.sha256Hex(ofParts: [Array(recipe.utf8) + [0], source])
    }

    /// Removes every entry whose key is not in `keys`, and whatever a killed build left half
    /// written; returns how many were removed. Call it when no other build uses the cache.
    @discardableResult
    public func removeEntries(keeping keys: Set<String>) throws -> Int {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch CocoaError.fileReadNoSuchFile {
            return 0
        } catch {
            throw ThumbnailError(path: folder.relativePathForDisplay, problem: .cacheUnwritable(Self.reason(error)))
        }
        var removed = 0
        for name in names where !keys.contains(name) && (Self.isKey(name) || name.hasPrefix(Self.partialPrefix)) {
            let url = folder.appendingPathComponent(name)
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw ThumbnailError(path: url.relativePathForDisplay, problem: .cacheUnwritable(Self.reason(error)))
            }
            removed += 1
        }
        return removed
    }

    /// What `renditions.json` says: enough to check the images and to rebuild `CoverRenditions`.
    private struct Description: Codable {
        struct Image: Codable {
            var width: Int
            var height: Int
            var bytes: Int
            /// ``ContentDigest`` of the file, in hexadecimal: a file damaged in place, at its
            /// length, is made again instead of published.
            var digest: String

            init(_ rendition: Rendition) {
                width = rendition.width
                height = rendition.height
                bytes = rendition.data.count
                digest = String(ContentDigest.of(rendition.data), radix: 16)
            }

            func describes(_ data: Data) -> Bool {
                data.count == bytes && String(ContentDigest.of(data), radix: 16) == digest
            }
        }

        var recipe: String
        var sourceWidth: Int
        var sourceHeight: Int
        var dominantColor: String
        var images: [Image]
    }

    private static let descriptionName = "renditions.json"
    private static let partialPrefix = ".partial-"

    private static func fileName(width: Int) -> String { "\(width).jpg" }

    private static func isKey(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The entry in `entryFolder` when it is whole and made by this recipe; nil otherwise, and an
    /// entry that is there but not whole is removed so that it can be written again.
    private func cachedRenditions(in entryFolder: URL) -> CoverRenditions? {
        let descriptionURL = entryFolder.appendingPathComponent(Self.descriptionName)
        guard let descriptionData = FileManager.default.contents(atPath: descriptionURL.path) else {
            if FileManager.default.fileExists(atPath: entryFolder.path) {
                try? FileManager.default.removeItem(at: entryFolder)
            }
            return nil
        }
        if let renditions = Self.renditions(described: descriptionData, in: entryFolder, recipe: recipe) {
            return renditions
        }
        try? FileManager.default.removeItem(at: entryFolder)
        return nil
    }

    /// The renditions `descriptionData` describes, read from `entryFolder`; nil unless every image
    /// is there with the length and digest written down.
    private static func renditions(described descriptionData: Data, in entryFolder: URL, recipe: String)
        -> CoverRenditions?
    {
        guard let description = try? JSONDecoder().decode(Description.self, from: descriptionData),
            description.recipe == recipe, !description.images.isEmpty
        else { return nil }
        var images: [Rendition] = []
        for image in description.images {
            let url = entryFolder.appendingPathComponent(fileName(width: image.width))
            guard let data = FileManager.default.contents(atPath: url.path), image.describes(data) else { return nil }
            images.append(Rendition(width: image.width, height: image.height, data: data))
        }
        return CoverRenditions(
            sourceWidth: description.sourceWidth, sourceHeight: description.sourceHeight,
            dominantColor: description.dominantColor, images: images)
    }

    /// Writes `renditions` to a folder of its own and renames it to `entryFolder`. When another
    /// thread or process got there first, its entry (the same bytes: renditions are
    /// deterministic) is kept and this one dropped.
    private func store(_ renditions: CoverRenditions, in entryFolder: URL) throws {
        let partial = folder.appendingPathComponent("\(Self.partialPrefix)\(UUID().uuidString)")
        var renamed = false
        defer { if !renamed { try? FileManager.default.removeItem(at: partial) } }
        do {
            try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
            for image in renditions.images {
                try FileOutput.write(
                    image.data, toPath: partial.appendingPathComponent(Self.fileName(width: image.width)).path,
                    flush: false)
            }
            let description = Description(
                recipe: recipe, sourceWidth: renditions.sourceWidth, sourceHeight: renditions.sourceHeight,
                dominantColor: renditions.dominantColor,
                images: renditions.images.map(Description.Image.init))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try FileOutput.write(
                try encoder.encode(description), toPath: partial.appendingPathComponent(Self.descriptionName).path,
                flush: false)
        } catch {
            throw ThumbnailError(path: partial.relativePathForDisplay, problem: .cacheUnwritable(Self.reason(error)))
        }
        guard rename(partial.path, entryFolder.path) != 0 else {
            renamed = true
            return
        }
        let code = errno
        guard code == ENOTEMPTY || code == EEXIST else {
            throw ThumbnailError(
                path: entryFolder.relativePathForDisplay, problem: .cacheUnwritable(String(cString: strerror(code))))
        }
    }

    /// The bytes of the file at `url`, read straight into one array: when both cores make covers,
    /// every megabyte-sized copy shows in the build's peak memory.
    private static func contents(of url: URL) throws -> [UInt8] {
        // A video or a scan named `.jpg` took its own size in memory, on each core, before
        // anything looked at it (found by an exploratory session).
        var info = stat()
        if stat(url.path, &info) == 0, Int(info.st_size) > CoverThumbnails.maximumFileSize {
            throw ThumbnailError(
                path: url.relativePathForDisplay, problem: .fileTooLarge(megabytes: Int(info.st_size) >> 20))
        }
        do {
            return try FileInput.bytes(atPath: url.path)
        } catch {
            throw ThumbnailError(path: url.relativePathForDisplay, problem: .unreadable(error.description))
        }
    }

    private static func reason(_ error: Error) -> String {
        error.localizedDescription
    }
}
