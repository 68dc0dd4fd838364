import CVips
import Foundation

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Cover images made for tests: pixels computed here, encoded by libvips in any format it
/// writes, or bytes laid out by hand where an image must lie about itself.
enum SampleImages {
    /// An image `width`×`height` whose pixel at (x, y) is `pixel(x, y)` (3 or 4 bytes: RGB or
    /// RGBA), encoded as vips names by `suffix` (".jpg[Q=90]", ".png", ".gif", ".webp").
    /// `orientation` is written as the EXIF orientation tag (JPEG only).
    static func encoded(
        width: Int, height: Int, bands: Int = 3, as suffix: String = ".jpg[Q=90]", orientation: Int? = nil,
        pixel: (Int, Int) -> [UInt8]
    ) throws -> [UInt8] {
        try Vips.start()
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * bands)
        for y in 0..<height {
            for x in 0..<width { pixels += pixel(x, y) }
        }
        let image = try Vips.image { output in
            pixels.withUnsafeBytes { buffer in
                bp_from_pixels(buffer.baseAddress, buffer.count, Int32(width), Int32(height), Int32(bands), output)
            }
        }
        if let orientation { bp_set_int(image.pointer, "orientation", Int32(orientation)) }
        let data = try Vips.bytes { bp_save_buffer(image.pointer, suffix, $0, $1) }
        return [UInt8](data)
    }

    /// A flat colour.
    static func solid(width: Int, height: Int, _ color: [UInt8], as suffix: String = ".jpg[Q=90]") throws -> [UInt8] {
        try encoded(width: width, height: height, bands: color.count, as: suffix) { _, _ in color }
    }

    /// A diagonal gradient with a little seeded noise, which gives a JPEG encoder real work.
    static func gradient(width: Int, height: Int, seed: UInt64 = 1, as suffix: String = ".jpg[Q=90]") throws
        -> [UInt8]
    {
        var random = SeededRandom(seed: seed)
        return try encoded(width: width, height: height, as: suffix) { x, y in
            let noise = UInt8(random.next() % 32)
            return [
                UInt8(x * 255 / max(width - 1, 1)) &+ noise, UInt8(y * 255 / max(height - 1, 1)),
                UInt8((x + y) * 127 / max(width + height - 2, 1)) &+ noise,
            ]
        }
    }

    /// The pixels of `bytes` as vips decodes them (bands interleaved), with the image's size.
    static func decoded(_ bytes: Data) throws -> (width: Int, height: Int, bands: Int, pixels: [UInt8]) {
        try Vips.start()
        return try [UInt8](bytes).withUnsafeBytes { buffer in
            let image = try Vips.image { bp_load(buffer.baseAddress, buffer.count, $0) }
            return (image.width, image.height, image.bands, try image.pixels())
        }
    }

    /// A PNG signature and header chunk claiming `width`×`height`, then a tiny data chunk: what
    /// a decompression bomb looks like before it is inflated.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            bigEndian(UInt32(body.count)) + Array(type.utf8) + body + [0, 0, 0, 0]
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]) + chunk("IEND", [])
    }

    /// A lossy WebP whose key frame header gives `width`×`height` and has nothing after it.
    static func webpHeader(width: UInt16, height: UInt16) -> [UInt8] {
        func littleEndian(_ value: UInt32, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        let frame: [UInt8] =
            [0x10, 0x02, 0x00] + [0x9D, 0x01, 0x2A] + littleEndian(UInt32(width), 2)
            + littleEndian(UInt32(height), 2) + [UInt8](repeating: 0, count: 16)
        let chunk = Array("VP8 ".utf8) + littleEndian(UInt32(frame.count), 4) + frame
        return Array("RIFF".utf8) + littleEndian(UInt32(4 + chunk.count), 4) + Array("WEBP".utf8) + chunk
    }
}
