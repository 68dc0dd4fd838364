import Foundation

/// Cover images for the site: the reader's downloaded cover when there is one, else a generated
/// placeholder showing the title and author, so no page ever shows a broken image.
enum CoverArt {
    static let placeholderWidth = 400
    static let placeholderHeight = 600
    static let imageExtensions = ["jpg", "jpeg", "png", "gif", "webp"]

    /// The cover for `details` and the file to publish for it, at `covers/<slug>.<ext>`.
    /// `existing` names the files in the covers folder, when known, so that absent ones are not
    /// looked for one by one.
    static func cover(for details: BookDetails, coversFolder: URL, existing: Set<String>? = nil) throws
        -> (model: CoverModel, file: PlannedOutput)
    {
        let slug = details.book.slug
        let alt = "Cover of \(details.book.title)"
        if let image = try publishedImage(named: slug, in: coversFolder, under: "covers", alt: alt, existing: existing)
        {
            return image
        }
        let path = "covers/\(slug).svg"
        let title = details.book.title
        let author = details.authors.first?.name
        var print = Fingerprint()
        for part in ["placeholder", title, author ?? "", slug] { print.combine(part) }
        return (
            CoverModel(
                src: path, width: placeholderWidth, height: placeholderHeight, alt: alt, isPlaceholder: true),
            PlannedOutput(path: path, fingerprint: print.description) {
                Data(placeholderSVG(title: title, author: author, seed: slug).utf8)
            }
        )
    }

    /// The author's downloaded photo, published at `photos/<slug>.<ext>`, or nil when there is none.
    static func photo(for author: Author, photosFolder: URL, existing: Set<String>? = nil) throws
        -> (model: CoverModel, file: PlannedOutput)?
    {
        try publishedImage(
            named: author.slug, in: photosFolder, under: "photos", alt: "Photo of \(author.name)", existing: existing)
    }

    /// The image `folder/<name>.<ext>` as a file to publish at `<prefix>/<name>.<ext>`, with its
    /// size read from its header; nil when there is none, an error when it is not an image.
    private static func publishedImage(
        named name: String, in folder: URL, under prefix: String, alt: String, existing: Set<String>?
    ) throws -> (model: CoverModel, file: PlannedOutput)? {
        for ext in imageExtensions {
            if let existing, !existing.contains("\(name).\(ext)") { continue }
            let url = folder.appendingPathComponent("\(name).\(ext)")
            guard let handle = FileHandle(forReadingAtPath: url.path) else { continue }
            let header = (try? handle.read(upToCount: 256 * 1024)) ?? Data()
            try? handle.close()
            guard let info = ImageInfo(bytes: [UInt8](header)) else {
                throw CoverError.notAnImage(path: url.relativePathForDisplay)
            }
            let path = "\(prefix)/\(name).\(info.format.rawValue)"
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            var print = Fingerprint()
            print.combine(url.path)
            print.combine((attributes?[.size] as? NSNumber)?.intValue ?? 0)
            print.combine(String((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0))
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

    /// An SVG cover: the title in large type over a colour chosen from `seed`, the author below.
    static func placeholderSVG(title: String, author: String?, seed: String) -> String {
        let hue = Int(ContentHash.sha256Hex(of: seed).prefix(4), radix: 16).map { $0 % 360 } ?? 200
        let titleLines = wrap(title, width: 14, maxLines: 6)
        let fontSize = titleLines.count > 4 ? 30 : 36
        let lineHeight = fontSize + 8
        let titleTop = 200 - (titleLines.count - 1) * lineHeight / 2
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(placeholderWidth)" height="\(placeholderHeight)" \
            viewBox="0 0 \(placeholderWidth) \(placeholderHeight)">
            <rect width="400" height="600" fill="hsl(\(hue), 32%, 28%)"/>
            <rect x="18" y="18" width="364" height="564" fill="none" stroke="hsl(\(hue), 40%, 72%)" stroke-width="2"/>

            """
        for (index, line) in titleLines.enumerated() {
            svg += """
                <text x="200" y="\(titleTop + index * lineHeight)" text-anchor="middle" \
                font-family="Georgia, 'Times New Roman', serif" font-size="\(fontSize)" fill="#fdfaf3">\
                \(MarkupEscaping.xml(line))</text>

                """
        }
        for (index, line) in wrap(author ?? "", width: 22, maxLines: 2).enumerated() {
            svg += """
                <text x="200" y="\(480 + index * 30)" text-anchor="middle" \
                font-family="Helvetica, Arial, sans-serif" font-size="22" fill="hsl(\(hue), 40%, 85%)">\
                \(MarkupEscaping.xml(line))</text>

                """
        }
        return svg + "</svg>\n"
    }

    /// Breaks `text` into lines of about `width` columns (wide characters count two), at spaces
    /// where there are any, ending with an ellipsis when it does not fit in `maxLines`.
    static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        let columns = DisplayWidth.columns(of:) as (Character) -> Int
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in text.split(separator: " ") {
            let wordWidth = DisplayWidth.columns(of: word)
            if currentWidth > 0 && currentWidth + 1 + wordWidth <= width {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if currentWidth > 0 { lines.append(current) }
            current = ""
            currentWidth = 0
            for character in word {
                if currentWidth + columns(character) > width {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                current.append(character)
                currentWidth += columns(character)
            }
        }
        if !current.isEmpty { lines.append(current) }
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] += "…"
        }
        return lines
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
