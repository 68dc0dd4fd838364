import Foundation

/// Cover images for the site: the reader's downloaded cover when there is one, else a
/// placeholder the theme draws with CSS from the title, the author and a colour, so no page ever
/// shows a broken image. (Placeholders were SVG files until ten-thousand-book shelves showed that
/// a file per book was a third of the files a build creates.)
enum CoverArt {
    static let placeholderWidth = 400
    static let placeholderHeight = 600
    static let imageExtensions = ["jpg", "jpeg", "png", "gif", "webp"]
    /// How many colours placeholders come in (the theme's `cover-hue-0` to `cover-hue-11`).
    static let placeholderHues = 12

    /// The cover for `details` and, for a downloaded image, the file to publish at
    /// `covers/<slug>.<ext>`. `existing` stamps the files in the covers folder, when known, so that
    /// absent ones are not looked for one by one and a file's fingerprint is its stamp.
    static func cover(
        for details: BookDetails, coversFolder: URL, existing: [String: FileStamps.Stamp]? = nil
    ) throws
        -> (model: CoverModel, file: PlannedOutput?)
    {
        let slug = details.book.slug
        let alt = "Cover of \(details.book.title)"
        if let image = try publishedImage(named: slug, in: coversFolder, under: "covers", alt: alt, existing: existing)
        {
            return (image.model, image.file)
        }
        return (placeholder(title: details.book.title, author: details.authors.first?.name, slug: slug), nil)
    }

    /// The placeholder cover of a book.
    static func placeholder(title: String, author: String?, slug: String) -> CoverModel {
        var fold = Fingerprint()
        fold.combine(slug)
        return CoverModel(
            src: "", width: placeholderWidth, height: placeholderHeight, alt: "Cover of \(title)", isPlaceholder: true,
            title: title, author: author, hue: Int(fold.value % UInt64(placeholderHues)))
    }

    /// The author's downloaded photo, published at `photos/<slug>.<ext>`, or nil when there is none.
    static func photo(for author: Author, photosFolder: URL, existing: [String: FileStamps.Stamp]? = nil) throws
        -> (model: CoverModel, file: PlannedOutput)?
    {
        try publishedImage(
            named: author.slug, in: photosFolder, under: "photos", alt: "Photo of \(author.name)", existing: existing)
    }

    /// The image `folder/<name>.<ext>` as a file to publish at `<prefix>/<name>.<ext>`, with its
    /// size read from its header; nil when there is none, an error when it is not an image.
    private static func publishedImage(
        named name: String, in folder: URL, under prefix: String, alt: String, existing: [String: FileStamps.Stamp]?
    ) throws -> (model: CoverModel, file: PlannedOutput)? {
        for ext in imageExtensions {
            if let existing, existing["\(name).\(ext)"] == nil { continue }
            let url = folder.appendingPathComponent("\(name).\(ext)")
            guard let handle = FileHandle(forReadingAtPath: url.path) else { continue }
            let header = (try? handle.read(upToCount: 256 * 1024)) ?? Data()
            try? handle.close()
            guard let info = ImageInfo(bytes: [UInt8](header)) else {
                throw CoverError.notAnImage(path: url.relativePathForDisplay)
            }
            let path = "\(prefix)/\(name).\(info.format.rawValue)"
            var print = Fingerprint()
            print.combine(url.path)
            // The stamp tells a replaced image (one replaced within the same tick of the clock is
            // found by the build's comparison of its sources, which then writes it anyway).
            let stamp = existing?["\(name).\(ext)"] ?? FileStamps.stamp(ofFileAt: url.path, stampedAt: .max)
            if let stamp { print.combine(stamp.withoutDigest) }
            return (
                CoverModel(src: path, width: info.width, height: info.height, alt: alt, isPlaceholder: false),
                PlannedOutput(path: path, fingerprint: print.description) {
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

/// A cover file in the shelf that cannot be published.
public enum CoverError: Error, Equatable, CustomStringConvertible {
    case notAnImage(path: String)

    public var description: String {
        switch self {
        case .notAnImage(let path):
            "\(path) is not a JPEG, PNG, GIF or WebP image: replace it or delete it to use a placeholder"
        }
    }
}
