import BookplateCore
import BookplateLibrary
import BookplateMustache
import CVips
import Foundation

/// Makes a cover image's renditions with libvips: JPEGs for the grid (1× and 2×) and for the
/// book's page, never enlarged, upright, in sRGB, without metadata, and the same bytes every time
/// for the same source, so that an incremental build equals a full one.
///
/// Safe to call from several threads at once. Bytes are checked before vips sees them: only the
/// four formats a browser shows everywhere, and no more pixels than a cover may have, so that a
/// small file claiming to be 30000×30000 is refused without decoding it.
public enum CoverThumbnails {
    /// The JPEG quality of every rendition.
    static let quality: Int32 = 80
    /// The largest picture a cover may be, in pixels, and the longest side.
    public static let maximumPixels = ImageInfo.maximumPixels
    public static let maximumSide = ImageInfo.maximumSide
    /// The largest file a cover may be, in bytes (``ImageInfo/maximumFileSize``).
    public static let maximumFileSize = ImageInfo.maximumFileSize
    /// The most a cover that is decoded whole (``ImageInfo/isDecodedWhole``: a PNG, a GIF, a
    /// progressive JPEG, a lossless WebP) may take to decode, in bytes: libvips shrinks a baseline
    /// JPEG or a lossy WebP while it decodes it, but holds about twice one of these (a 7000×7000
    /// PNG of 16-bit colour with transparency, 373 MB decoded from a 394 KB file, took a build to
    /// 249 MB, and four large PNGs to 763 MB: found by an exploratory session). The limit is
    /// ``ImageInfo/maximumDecodedBytes``, which a download keeps too.
    public static let maximumDecodedBytes = ImageInfo.maximumDecodedBytes
    /// Past this, such a cover is made while no other one of its kind is: two at once doubled
    /// the peak.
    static let heavyDecodedBytes = 16 << 20
    /// Held while a heavy cover is made.
    private static let heavy = NSLock()

    /// What makes the renditions, as text: any change to it, libvips' version included, must
    /// change the bytes of some rendition, so caches keyed by it make them again. Asked for each
    /// time: libvips may load in a later build of the process than the first that asked.
    public static var recipe: String {
        // 2, 3: covers too large to decode whole are refused (maximumDecodedBytes), progressive
        // JPEGs among them since 3; thumbnails cached before were made of them, and a shelf with
        // its cache would publish what a fresh one refuses.
        "bookplate-covers/3 vips \(Vips.version) jpeg q\(quality) widths \(widths) over white"
    }

    /// The renditions' widths, as the recipe names them.
    private static let widths = CoverSize.allCases.map { String($0.rawValue) }.joined(separator: ",")

    /// The renditions of the cover image in `bytes`, or a `ThumbnailError` saying why there are
    /// none.
    public static func make(from bytes: [UInt8]) throws -> CoverRenditions {
        try Vips.start()
        let (format, isDecodedWhole) = try checkedFormat(of: bytes)
        return try bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { throw ThumbnailError(problem: .notAnImage) }
            try checkLoader(for: start, count: buffer.count, expecting: format)
            let header = try Vips.image { bp_load(start, buffer.count, $0) }
            try checkSize(width: header.width, height: header.height)
            // libwebp holds a lossless image at 4 bytes a pixel, whatever its bands.
            let bytesPerPixel = format == .webp ? 4 : header.bands * Int(bp_sample_bytes(header.pointer))
            let decoded = isDecodedWhole ? header.width * header.height * bytesPerPixel : 0
            guard decoded <= maximumDecodedBytes else {
                // Rounded up: 48.2 MB is not "48 MB, more than 48 MB".
                throw ThumbnailError(
                    problem: .tooLargeToDecode(
                        width: header.width, height: header.height, megabytes: (decoded + (1 << 20) - 1) >> 20))
            }
            let isHeavy = decoded > heavyDecodedBytes
            if isHeavy { heavy.lock() }
            defer { if isHeavy { heavy.unlock() } }
            let upright = bp_orientation_swaps(header.pointer) != 0
            let sourceWidth = upright ? header.height : header.width
            let loaded = try load(start, count: buffer.count, format: format, uprightWidth: sourceWidth)
            let page = try Vips.image {
                bp_thumbnail_image(loaded.pointer, $0, Int32(CoverSize.page.rawValue), bp_has_profile(header.pointer))
            }
            let largest = try Vips.image { bp_flatten_to_memory(page.pointer, $0) }
            let (images, smallestPixels) = try renditions(of: largest)
            return CoverRenditions(
                sourceWidth: sourceWidth, sourceHeight: upright ? header.width : header.height,
                dominantColor: dominantColor(ofPixels: smallestPixels), images: images)
        }
    }

    /// The format `bytes` start like, and whether it is decoded whole
    /// (``ImageInfo/isDecodedWhole``), once their header shows a size a cover may have.
    private static func checkedFormat(of bytes: [UInt8]) throws -> (ImageInfo.Format, isDecodedWhole: Bool) {
        guard !bytes.isEmpty else { throw ThumbnailError(problem: .empty) }
        guard let format = ImageInfo.format(of: bytes) else { throw ThumbnailError(problem: .notAnImage) }
        guard let info = ImageInfo(bytes: bytes, allowingZeroSize: true) else {
            throw ThumbnailError(problem: .damaged("its header gives no size"))
        }
        try checkSize(width: info.width, height: info.height)
        // The rule a download keeps (``ImageInfo/isWithinCoverLimits``), from the header; libvips'
        // own header is held to the same limit below.
        guard info.decodedBytes <= maximumDecodedBytes else {
            throw ThumbnailError(
                problem: .tooLargeToDecode(
                    width: info.width, height: info.height, megabytes: (info.decodedBytes + (1 << 20) - 1) >> 20))
        }
        return (format, info.isDecodedWhole)
    }

    private static func checkSize(width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw ThumbnailError(problem: .noPixels(width: width, height: height)) }
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            throw ThumbnailError(problem: .tooLarge(width: width, height: height))
        }
    }

    /// Makes sure vips would read the bytes with the loader of the format they were sniffed as (the
    /// others are blocked anyway, see `bp_start`).
    private static func checkLoader(for start: UnsafeRawPointer, count: Int, expecting format: ImageInfo.Format)
        throws
    {
        let (prefix, name) =
            switch format {
            case .jpeg: ("VipsForeignLoadJpeg", "JPEG")
            case .png: ("VipsForeignLoadPng", "PNG")
            case .gif: ("VipsForeignLoadNsgif", "GIF")
            case .webp: ("VipsForeignLoadWebp", "WebP")
            }
        guard let loader = bp_loader_name(start, count), String(cString: loader).hasPrefix(prefix) else {
            _ = Vips.takeError()
            throw ThumbnailError(problem: .damaged("libvips does not read it as the \(name) image it starts like"))
        }
    }

    /// The image as it is read, shrunk while it is decoded as far as the page width allows: a
    /// JPEG by 2, 4 or 8 in its DCT, a WebP by libwebp's scaling, so a 4000×3000 photo is never
    /// held whole. (vips_thumbnail would leave a factor of 2 more to its own resampling, for a
    /// sharpness no one sees at these sizes; going as far as the width allows, as sharp does by
    /// default, halves the time of a typical cover.)
    private static func load(_ start: UnsafeRawPointer, count: Int, format: ImageInfo.Format, uprightWidth: Int)
        throws -> VipsImageHandle
    {
        let factor = max(1, uprightWidth / CoverSize.page.rawValue)
        switch format {
        case .jpeg:
            let shrink = [8, 4, 2, 1].first { $0 <= factor } ?? 1
            return try Vips.image { bp_load_jpeg(start, count, $0, Int32(shrink)) }
        case .webp where factor > 1:
            return try Vips.image { bp_load_webp(start, count, $0, 1 / Double(factor)) }
        case .png, .gif, .webp:
            return try Vips.image { bp_load(start, count, $0) }
        }
    }

    /// A JPEG for each distinct width of `CoverSize`, capped at the width of `largest`, each made
    /// from the next wider one (so 200 from 400, a plain halving), and the pixels of the narrowest.
    private static func renditions(of largest: borrowing VipsImageHandle) throws -> ([Rendition], [UInt8]) {
        let widths = Set(CoverSize.allCases.map { min($0.rawValue, largest.width) }).sorted(by: >)
        var images = [try jpeg(of: largest)]
        var wider = try Vips.image { bp_copy(largest.pointer, $0) }
        for width in widths.dropFirst() {
            let narrower = try Vips.image { bp_thumbnail_image(wider.pointer, $0, Int32(width), 0) }
            let decoded = try Vips.image { bp_copy_memory(narrower.pointer, $0) }
            images.append(try jpeg(of: decoded))
            wider = decoded
        }
        return (images.reversed(), try wider.pixels())
    }

    private static func jpeg(of image: borrowing VipsImageHandle) throws -> Rendition {
        let data = try Vips.bytes { bp_jpegsave_buffer(image.pointer, $0, $1, quality) }
        return Rendition(width: image.width, height: image.height, data: data)
    }

    /// The cover's most common colour, from the pixels (RGB) of its narrowest rendition: the mean
    /// of the pixels in the fullest of 512 colour boxes (8 steps of each of red, green and blue).
    /// An average of the whole cover would give a colour it does not have (grey from red and blue
    /// halves); the fullest box gives the background of most covers. Ties go to the box that
    /// comes first, so the result is the same every time.
    private static func dominantColor(ofPixels pixels: [UInt8]) -> String {
        var counts = [Int](repeating: 0, count: 512)
        var sums = [Int](repeating: 0, count: 512 * 3)
        var index = 0
        while index + 2 < pixels.count {
            let red = Int(pixels[index])
            let green = Int(pixels[index + 1])
            let blue = Int(pixels[index + 2])
            let box = (red >> 5) << 6 | (green >> 5) << 3 | blue >> 5
            counts[box] += 1
            sums[box * 3] += red
            sums[box * 3 + 1] += green
            sums[box * 3 + 2] += blue
            index += 3
        }
        var fullest = 0
        for box in counts.indices where counts[box] > counts[fullest] { fullest = box }
        let count = max(counts[fullest], 1)
        let channels = (0..<3).map { (sums[fullest * 3 + $0] + count / 2) / count }
        return "#" + channels.map { hex($0) }.joined()
    }

    private static func hex(_ value: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[value >> 4], digits[value & 15]])
    }
}
