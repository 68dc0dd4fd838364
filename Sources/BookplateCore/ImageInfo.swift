/// The format and pixel size of an image, read from its header.
public struct ImageInfo: Equatable, Sendable {
    package enum Format: String, Sendable {
        case jpeg = "jpg"
        case png
        case gif
        case webp
    }

    /// The file extensions a cover or photo may have, in the order they are looked for.
    public static let fileExtensions = ["jpg", "jpeg", "png", "gif", "webp"]

    /// The largest picture a cover or photo may be, in pixels, and the longest side: a build
    /// refuses a larger one before decoding it, and so does a download.
    public static let maximumPixels = 50_000_000
    public static let maximumSide = 20_000
    /// The largest file a cover or photo may be, in bytes: a build reads it whole before its
    /// header is looked at. A 50-megapixel photo saved as a JPEG at the highest quality is about
    /// 25 MB.
    public static let maximumFileSize = 32 << 20
    /// The most a picture that is decoded whole (``isDecodedWhole``) may take to decode, in bytes
    /// (``decodedBytes``): a build holds about twice that, and a download of a larger one is
    /// refused as the build would refuse it. 48 MB is a 3000×4000 photo with transparency, or
    /// 4000×4000 without.
    public static let maximumDecodedBytes = 48 << 20

    /// The image file of each slug among the file `names` of a folder: `dune.jpg`, or `dune.JPG` as
    /// a camera names it; where there are several (`dune.jpg` and `dune.png`), the first in
    /// ``fileExtensions``' order, and of one extension in two cases, the name that sorts first.
    /// The one rule the build and every command find a cover or photo by.
    package static func imageNamesBySlug(_ names: some Sequence<String>) -> [String: String] {
        var bySlug: [String: (name: String, rank: Int)] = [:]
        for name in names where !name.contains("/") {
            guard let dot = name.lastIndex(of: "."), dot > name.startIndex,
                let rank = fileExtensions.firstIndex(of: name[name.index(after: dot)...].lowercased())
            else { continue }
            let slug = String(name[..<dot])
            if let kept = bySlug[slug], (kept.rank, kept.name) < (rank, name) { continue }
            bySlug[slug] = (name, rank)
        }
        return bySlug.mapValues(\.name)
    }

    /// Whether a build may publish an image of this size (a download, which the build would
    /// refuse for ever, is refused as none: found by an exploratory session). The one rule both
    /// keep: a 7000×7000 PNG, under the pixels allowed but 141 MB to decode, was downloaded and
    /// then refused by every build (found by an exploratory session).
    package var isWithinCoverLimits: Bool {
        width > 0 && height > 0 && width <= ImageInfo.maximumSide && height <= ImageInfo.maximumSide
            && width * height <= ImageInfo.maximumPixels && decodedBytes <= ImageInfo.maximumDecodedBytes
    }

    /// What a decoder holds of the picture at once, in bytes, as libvips loads it: the whole of
    /// one ``isDecodedWhole``, else nothing to speak of (it is shrunk as it is read).
    package var decodedBytes: Int { isDecodedWhole ? width * height * bytesPerPixel : 0 }

    package var format: Format
    package var width: Int
    package var height: Int
    /// Whether a decoder holds the whole image at once, whatever size it is asked for: a PNG, a
    /// GIF, a progressive JPEG, a lossless WebP. A baseline JPEG is shrunk as it is decoded, and
    /// so is a lossy WebP.
    package var isDecodedWhole = true
    /// The bytes of one decoded pixel: its bands (an alpha band where the image has
    /// transparency) times the bytes of a sample, as libvips loads the format.
    package var bytesPerPixel = 4

    /// Reads the header of `bytes`; nil when they are not a JPEG, PNG, GIF or WebP image whose
    /// size can be found, or, unless `allowingZeroSize`, when that size is 0 either way.
    package init?(bytes: [UInt8], allowingZeroSize: Bool = false) {
        switch ImageInfo.format(of: bytes) {
        case .png where bytes.count >= 24:
            self.init(format: .png, width: bytes.bigEndian(16, 4), height: bytes.bigEndian(20, 4))
            bytesPerPixel = ImageInfo.pngBytesPerPixel(bytes)
        case .gif where bytes.count >= 10:
            // libvips loads every GIF as RGBA.
            self.init(format: .gif, width: bytes.littleEndian(6, 2), height: bytes.littleEndian(8, 2))
        case .jpeg:
            guard let size = ImageInfo.jpegSize(bytes) else { return nil }
            self.init(format: .jpeg, width: size.width, height: size.height)
            isDecodedWhole = size.progressive
            bytesPerPixel = size.components
        case .webp where bytes.count >= 30:
            guard let size = ImageInfo.webpSize(bytes) else { return nil }
            self.init(format: .webp, width: size.width, height: size.height)
            isDecodedWhole = ImageInfo.isLossless(webp: bytes)
        default:
            return nil
        }
        guard allowingZeroSize || (width > 0 && height > 0) else { return nil }
    }

    /// The format whose signature `bytes` start with, whether or not a size follows it.
    package static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: Array("GIF8".utf8)) { return .gif }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    /// Whether an image of `format`, `size` bytes long, runs to the end its format marks: a JPEG's
    /// end of image, a PNG's `IEND`, a GIF's trailer, a WebP's RIFF length. A download cut short
    /// (with a Content-Length to match) has a header that reads well and no end. Only the image's
    /// first 12 bytes (`head`) and last 64 (`tail`) are read: a few bytes after the end (padding
    /// some writers add) are allowed.
    package static func isWhole(
        head: some Collection<UInt8>, tail: some Collection<UInt8>, size: Int, as format: Format
    )
        -> Bool
    {
        let tail = Array(tail.suffix(64))
        switch format {
        case .jpeg:
            return zip(tail, tail.dropFirst()).contains { $0 == 0xFF && $1 == 0xD9 }
        case .png:
            return Array(tail.suffix(12)).starts(with: [0, 0, 0, 0] + Array("IEND".utf8))
        case .gif:
            return tail.contains(0x3B)
        case .webp:
            let head = Array(head.prefix(12))
            return head.count >= 8 && head.littleEndian(4, 4) + 8 <= size
        }
    }

    /// ``isWhole(head:tail:size:as:)`` of the whole image `bytes`.
    package static func isWhole(_ bytes: some Collection<UInt8>, as format: Format) -> Bool {
        isWhole(head: bytes.prefix(12), tail: bytes.suffix(64), size: bytes.count, as: format)
    }

    private init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// A PNG's bands as libvips loads them (a palette as RGB; an alpha band more where a `tRNS`
    /// chunk comes before the image data) times its sample size (2 bytes at 16 bits, else 1).
    private static func pngBytesPerPixel(_ bytes: [UInt8]) -> Int {
        let depth = bytes.count > 24 ? Int(bytes[24]) : 8
        let colourType = bytes.count > 25 ? bytes[25] : 6
        var bands =
            switch colourType {
            case 0: 1
            case 4: 2
            case 2, 3: 3
            default: 4
            }
        if [0, 2, 3].contains(colourType) {
            var index = 8
            while index + 8 <= bytes.count {
                let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
                if type == "IDAT" { break }
                if type == "tRNS" {
                    bands += 1
                    break
                }
                index += 12 + bytes.bigEndian(index, 4)
            }
        }
        return bands * (depth == 16 ? 2 : 1)
    }

    /// Walks the JPEG segments to the first start-of-frame marker, which holds the size and the
    /// number of components, and says whether it is progressive (SOF2, SOF6, SOF10, SOF14).
    private static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int, components: Int, progressive: Bool)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            let length = bytes.bigEndian(index + 2, 2)
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                return (
                    bytes.bigEndian(index + 7, 2), bytes.bigEndian(index + 5, 2), max(1, bytes.bigEndian(index + 9, 1)),
                    [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                )
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    /// Whether a WebP's image is lossless (`VP8L`), alone or after the extended header's chunks.
    private static func isLossless(webp bytes: [UInt8]) -> Bool {
        var index = 12
        while index + 8 <= bytes.count {
            let chunk = String(decoding: bytes[index..<index + 4], as: UTF8.self)
            if chunk == "VP8L" { return true }
            if chunk == "VP8 " { return false }
            let length = bytes.littleEndian(index + 4, 4)
            index += 8 + length + (length & 1)
        }
        return false
    }

    private static func webpSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            return (bytes.littleEndian(26, 2) & 0x3FFF, bytes.littleEndian(28, 2) & 0x3FFF)
        case "VP8L":
            let bits = bytes.littleEndian(21, 4)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (bytes.littleEndian(24, 3) + 1, bytes.littleEndian(27, 3) + 1)
        default:
            return nil
        }
    }
}

extension [UInt8] {
    fileprivate func bigEndian(_ offset: Int, _ count: Int) -> Int {
        guard offset + count <= self.count else { return 0 }
        return self[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    fileprivate func littleEndian(_ offset: Int, _ count: Int) -> Int {
        guard offset + count <= self.count else { return 0 }
        return self[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
