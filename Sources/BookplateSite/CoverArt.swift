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
        /// Whether libvips could not be loaded or started: the cover is left out of this build
        /// alone, not for anything wrong with it.
        var isLeftOutByLibvips = false
    }

    /// Whether `error` is libvips' own failure, which leaves out every cover of the build.
    static func isLibvipsFailure(_ error: any Error) -> Bool {
        (error as? ThumbnailError)?.problem.isLibvips == true
    }

    /// The covers of `books`, thumbnails made on every core for those not in `cache` yet.
    /// `existing` stamps the files in the covers folder, so that absent ones are not looked for.
    static func covers(
        for books: [BookDetails], coversFolder: URL, images: ImageFiles, cache: ThumbnailCache
    ) -> [Cover] {
        // A shelf without covers has nothing to look for.
        guard !images.files.isEmpty else { return books.map { _ in Cover(model: nil) } }
        let sources = books.map { images.name(for: $0.book.slug).map(coversFolder.appendingPathComponent) }
        let entries = Parallel.mapEach(sources) { url in
            url.map { url in Result { try cache.entry(forSourceAt: url) } }
        }
        return zip(books, entries).map { details, entry in
            switch entry {
            case nil:
                return Cover(model: nil)
            case .failure(let error)?:
                return Cover(model: nil, warning: "\(error)", isLeftOutByLibvips: isLibvipsFailure(error))
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
                try cachedFile(at: url)
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

    /// The bytes of a thumbnail in the cache, or why they cannot be read in the system's words
    /// ("Too many open files" was "it is gone").
    private static func cachedFile(at url: URL) throws -> Data {
        do {
            return Data(try FileInput.bytes(atPath: url.path))
        } catch .system(ENOENT) {
            throw ThumbnailError(path: url.relativePathForDisplay, problem: .unreadable("it is gone"))
        } catch {
            throw ThumbnailError(path: url.relativePathForDisplay, problem: .unreadable(error.description))
        }
    }

    /// What is wrong with the files of an image folder (`existing`, by name) whose images are
    /// named for `slugs` (books' or authors'), one line each: a file in no format an image may
    /// have (an SVG, which could carry script), a second image for the same book, and an image
    /// named for nothing on the shelf. None of them is published. An image named for one of
    /// `kept` (an author the library keeps with no book, a book a remove or restore is moving) is
    /// theirs still, and said nothing of.
    /// (Every photo was left unsaid, and one of no author at all was never named, where a cover
    /// of no book was: found by an exploratory session.)
    static func unusedFiles(
        in folder: URL, images: ImageFiles, slugs: Set<String>, naming: String, kept: Set<String> = []
    ) -> [String] {
        images.files.keys.sorted().compactMap { name in
            guard !name.contains("/"), let dot = name.lastIndex(of: "."), dot > name.startIndex else { return nil }
            // A conflict copy was told to be renamed for a book, onto the image it copies (found
            // by an exploratory session): the build names it for what it is. An editor's backup
            // or a system file is no image of the shelf's.
            guard StrayFile.recognise(name, exists: { images.files[$0] != nil }) == nil else { return nil }
            let slug = String(name[..<dot])
            let shown = folder.appendingPathComponent(name).relativePathForDisplay
            guard ImageInfo.fileExtensions.contains(name[name.index(after: dot)...].lowercased()) else {
                guard slugs.contains(slug) else { return nil }
                // An author's page goes without a photo: only a book has a placeholder.
                return "\(shown) is not a JPEG, PNG, GIF or WebP image and is not published: convert it, or delete it"
                    + (naming == "book" ? " to use a placeholder" : "")
            }
            guard slugs.contains(slug) else {
                guard !kept.contains(slug) else { return nil }
                return "\(shown) names no \(naming) on the shelf and is not published: rename it for one (its slug)"
            }
            guard let used = images.name(for: slug), used != name else { return nil }
            return "\(shown) is not published: \(folder.appendingPathComponent(used).relativePathForDisplay) is the "
                + "\(naming)'s image (delete one)"
        }
    }

    /// A line for each entry of an image folder named as an image (`dune.jpg`) that is a folder,
    /// a named pipe or anything else but a file: none is published, and none was said (found by
    /// an exploratory session). Links are refused before this.
    static func entriesThatAreNoFiles(in folder: URL) -> [String] {
        EntriesThatAreNoFiles.list(in: folder) { name in
            guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return false }
            return ImageInfo.fileExtensions.contains(name[name.index(after: dot)...].lowercased())
        }.map { "\($0.path) is \($0.kind), not an image, and is not published: put the image there in its place" }
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

    /// An author's photo, made ready to publish like a cover (checked and made smaller by the
    /// thumbnail cache, see ``CoverThumbnails``): its model and its one file, or why there is none.
    struct Photo: Sendable {
        var model: CoverModel?
        var file: PlannedOutput?
        var cacheKey: String?
        var warning: String?
        /// As ``Cover/isLeftOutByLibvips``.
        var isLeftOutByLibvips = false
    }

    /// How wide a photo is published: twice the width the theme shows it at, or the image's own
    /// width when it is narrower.
    static let photoWidth = CoverSize.gridDoubleDensity.rawValue

    /// The photos of `authors` in `photosFolder`, made on every core for those not in `cache` yet.
    /// A photo that is not a usable image (damaged, too large, not an image) is a warning, and the
    /// author's page goes without one; the file the reader gave is never published as it is.
    static func photos(
        for authors: [Author], photosFolder: URL, images: ImageFiles, cache: ThumbnailCache
    ) -> [Photo] {
        guard !images.files.isEmpty else { return authors.map { _ in Photo() } }
        let sources = authors.map { images.name(for: $0.slug).map(photosFolder.appendingPathComponent) }
        let entries = Parallel.mapEach(sources) { url in
            url.map { url in Result { try cache.entry(forSourceAt: url) } }
        }
        return zip(authors, entries).map { author, entry in
            switch entry {
            case nil:
                return Photo()
            case .failure(let error)?:
                return Photo(warning: "\(error)", isLeftOutByLibvips: isLibvipsFailure(error))
            case .success(let entry)?:
                let images = entry.renditions.images
                guard
                    let image = images.filter({ $0.width <= photoWidth }).max(by: { $0.width < $1.width })
                        ?? images.min(by: { $0.width < $1.width })
                else { return Photo() }
                let path = "photos/\(author.slug)-\(image.width).jpg"
                let url = cache.fileURL(key: entry.key, width: image.width)
                let file = PlannedOutput(path: path, fingerprint: Fingerprint(of: "\(entry.key)/\(image.width)")) {
                    try cachedFile(at: url)
                }
                let model = CoverModel(
                    src: path, width: image.width, height: image.height, alt: "Photo of \(author.name)",
                    isPlaceholder: false)
                return Photo(model: model, file: file, cacheKey: entry.key)
            }
        }
    }
}

/// The image files of a folder by the slug they are named for: `dune.jpg`, or `dune.JPG` as a
/// camera names it; where there are several (`dune.jpg` and `dune.png`), the first in
/// ``ImageInfo/fileExtensions``' order.
struct ImageFiles {
    /// Every file of the folder, by name, with its stamp.
    let files: [String: FileStamps.Stamp]
    private let bySlug: [String: String]

    init(_ files: [String: FileStamps.Stamp]) {
        self.files = files
        bySlug = ImageInfo.imageNamesBySlug(files.keys)
    }

    /// The file named for `slug`, if any.
    func name(for slug: String) -> String? { bySlug[slug] }
}
