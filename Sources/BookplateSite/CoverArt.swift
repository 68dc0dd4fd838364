import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// Cover images for the site: the reader's downloaded cover made into thumbnails (a grid image at
/// 1× and 2× and a page-size one, see ``CoverThumbnails``) when there is one, else a placeholder
/// the theme draws with CSS from the title, the author and a colour, so no page ever shows a
/// broken image. A cover that is not a usable image is a warning and the placeholder, never a
/// failed build. (Placeholders were SVG files until ten-thousand-book shelves showed that a file
/// per book was a third of the files a build creates.)
enum CoverArt {
    static let placeholderWidth = 400
    static let placeholderHeight = 600
    /// How many colours placeholders come in (the theme's `cover-hue-0` to `cover-hue-11`).
    static let placeholderHues = 12

    /// A book's cover, made ready to publish: its model (image paths from the top of the site) and
    /// the rendition files, or the placeholder and, when the reader's image could not be used, why.
    struct Cover: Sendable {
        /// Nil where the book shows its placeholder, which is made where it is shown: 50,000 of
        /// them made here and dropped were a tenth of planning a build.
        var model: CoverModel?
        var files: [PlannedOutput] = []
        /// The thumbnail cache entry the files come from, kept by the cache's pruning.
        var cacheKey: String?
        var warning: String?
    }

    /// The covers of `books`, thumbnails made on every core for those not in `cache` yet.
    /// `existing` stamps the files in the covers folder, so that absent ones are not looked for.
    static func covers(
        for books: [BookDetails], coversFolder: URL, existing: [String: FileStamps.Stamp], cache: ThumbnailCache
    ) -> [Cover] {
        // A shelf without covers has nothing to look for.
        guard !existing.isEmpty else { return books.map { _ in Cover(model: nil) } }
        let sources = books.map { imageFile(named: $0.book.slug, in: coversFolder, existing: existing) }
        let entries = Parallel.mapEach(sources) { url in
            url.map { url in Result { try cache.entry(forSourceAt: url) } }
        }
        return zip(books, entries).map { details, entry in
            switch entry {
            case nil:
                return Cover(model: nil)
            case .failure(let error)?:
                return Cover(model: nil, warning: "\(error)")
            case .success(let entry)?:
                return published(entry, slug: details.book.slug, title: details.book.title, cache: cache)
            }
        }
    }

    /// The rendition files of a cache entry, published at `covers/<slug>-<width>.jpg`; each file's
    /// bytes are read from the cache when it is written, not held in memory from here.
    private static func published(
        _ entry: ThumbnailCache.Entry, slug: String, title: String, cache: ThumbnailCache
    ) -> Cover {
        let images = entry.renditions.images.map {
            CoverImageModel(path: "covers/\(slug)-\($0.width).jpg", width: $0.width, height: $0.height)
        }
        guard let grid = images.first else { return Cover(model: nil) }
        let files = images.map { image in
            let url = cache.fileURL(key: entry.key, width: image.width)
            return PlannedOutput(path: image.path, fingerprint: Fingerprint(of: "\(entry.key)/\(image.width)")) {
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    throw ThumbnailError(path: url.relativePathForDisplay, problem: .unreadable("it is gone"))
                }
                return data
            }
        }
        var model = CoverModel(
            src: grid.path, width: grid.width, height: grid.height, alt: "Cover of \(title)", isPlaceholder: false)
        model.images = images
        // Only a colour as the cache writes them reaches a style attribute.
        let color = entry.renditions.dominantColor
        if color.utf8.count == 7, color.hasPrefix("#"), color.dropFirst().allSatisfy(\.isHexDigit) {
            model.color = color
        }
        return Cover(model: model, files: files, cacheKey: entry.key)
    }

    /// The reader's image for `name` in `folder`, whichever of the image extensions it has.
    private static func imageFile(named name: String, in folder: URL, existing: [String: FileStamps.Stamp]) -> URL? {
        ImageInfo.fileExtensions.first { existing["\(name).\($0)"] != nil }.map {
            folder.appendingPathComponent("\(name).\($0)")
        }
    }

    /// Files in the covers folder named for a book but in no format a cover may have (an SVG,
    /// which could carry script): never published, and said so.
    static func refusedFiles(for books: [BookDetails], existing: [String: FileStamps.Stamp], coversFolder: URL)
        -> [String]
    {
        let slugs = Set(books.map(\.book.slug))
        return existing.keys.sorted().compactMap { name in
            guard let dot = name.lastIndex(of: "."), slugs.contains(String(name[..<dot])) else { return nil }
            let ext = name[name.index(after: dot)...].lowercased()
            guard !ImageInfo.fileExtensions.contains(ext) else { return nil }
            return
                "\(coversFolder.appendingPathComponent(name).relativePathForDisplay) is not a JPEG, PNG, GIF or WebP "
                + "image and is not published: convert it, or delete it to use a placeholder"
        }
    }

    /// The placeholder cover of a book.
    static func placeholder(title: String, author: String?, slug: String) -> CoverModel {
        CoverModel(
            src: "", width: placeholderWidth, height: placeholderHeight, alt: "Cover of \(title)", isPlaceholder: true,
            title: title, author: author, hue: placeholderHue(slug: slug))
    }

    /// The colour of a book's placeholder, from its slug alone: FNV-1a of the slug's bytes and
    /// 0xFF, as builds have always worked it out, so that no placeholder changes colour.
    static func placeholderHue(slug: String) -> Int {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in slug.utf8 + [0xFF] { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int(value % UInt64(placeholderHues))
    }

    /// The author's downloaded photo, published at `photos/<slug>.<ext>` as it is (photos are
    /// small, and shown on one page each); nil when there is none. A file that is not an image is
    /// a warning, and the author's page goes without a photo.
    static func photo(
        for author: Author, photosFolder: URL, existing: [String: FileStamps.Stamp]? = nil,
        warnings: inout [String]
    ) -> (model: CoverModel, file: PlannedOutput)? {
        for ext in ImageInfo.fileExtensions {
            if let existing, existing["\(author.slug).\(ext)"] == nil { continue }
            let url = photosFolder.appendingPathComponent("\(author.slug).\(ext)")
            guard let handle = FileHandle(forReadingAtPath: url.path) else { continue }
            let header = (try? handle.read(upToCount: 256 * 1024)) ?? Data()
            try? handle.close()
            guard let info = ImageInfo(bytes: [UInt8](header)) else {
                warnings.append(
                    "\(url.relativePathForDisplay) is not a JPEG, PNG, GIF or WebP image: replace it or delete it")
                return nil
            }
            let path = "photos/\(author.slug).\(info.format.rawValue)"
            var fingerprint = Fingerprint()
            fingerprint.combine(url.path)
            // The stamp tells a replaced image (one replaced within the same tick of the clock is
            // found by the build's comparison of its sources, which then writes it anyway).
            let stamp = existing?["\(author.slug).\(ext)"] ?? FileStamps.stamp(ofFileAt: url.path, stampedAt: .max)
            if let stamp { fingerprint.combine(stamp.withoutDigest) }
            return (
                CoverModel(
                    src: path, width: info.width, height: info.height, alt: "Photo of \(author.name)",
                    isPlaceholder: false),
                PlannedOutput(path: path, fingerprint: fingerprint) {
                    guard let data = FileManager.default.contents(atPath: url.path) else {
                        throw CoverError.notAnImage(path: url.relativePathForDisplay)
                    }
                    return data
                }
            )
        }
        return nil
    }
}

/// An image file in the shelf that cannot be published.
public enum CoverError: Error, Equatable, CustomStringConvertible {
    case notAnImage(path: String)

    public var description: String {
        switch self {
        case .notAnImage(let path):
            "\(path) is not a JPEG, PNG, GIF or WebP image: replace it or delete it"
        }
    }
}
