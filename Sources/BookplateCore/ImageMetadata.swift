/// Takes out of an image file what a camera, a phone or an editor wrote about it, keeping its
/// pixels byte for byte: a file the build publishes as it is (the theme's `assets/`) carried the
/// GPS position, the camera owner's name and a thumbnail of the uncropped original of a reader's
/// photo to the web (found by a privacy audit). Covers and photos need none of this: libvips
/// makes their renditions anew, without metadata.
///
/// Kept: what draws the picture (a JPEG's tables, frames and scans, its JFIF header without a
/// thumbnail, an Adobe colour transform; a PNG's critical chunks, transparency, colour and
/// animation chunks; a WebP's frames, alpha and animation), the colour profile, and a JPEG's or
/// PNG's orientation, which browsers turn the picture upright by. Left out: the rest of EXIF, XMP, IPTC and Photoshop blocks, comments, text chunks, embedded previews, and anything
/// after the image's end (a motion photo's video, a camera's second picture).
package enum ImageMetadata {
    /// `bytes` without their metadata; nil when they are not a JPEG, PNG, GIF or WebP whose
    /// structure can be followed to its end (a file cut short, or no such image).
    package static func stripped(_ bytes: [UInt8]) -> [UInt8]? {
        switch ImageInfo.format(of: bytes) {
        case .jpeg: jpeg(bytes)
        case .png: png(bytes)
        case .gif: gif(bytes)
        case .webp: webp(bytes)
        case nil: nil
        }
    }

    private static func bigEndian16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }

    private static func startsWith(_ bytes: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        bytes.starts(with: Array(prefix.utf8))
    }

    private static func jpeg(_ bytes: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = [0xFF, 0xD8]
        output.reserveCapacity(bytes.count)
        var position = 2
        while true {
            // Bytes between two segments are none of the image's, and a decoder passes over them to
            // the next marker ("extraneous bytes before marker"), as a browser does: a JPEG with
            // them showed in the browser and was left out of the site (found by a review).
            while position < bytes.count, bytes[position] != 0xFF { position += 1 }
            guard position + 1 < bytes.count else { return nil }
            let marker = bytes[position + 1]
            switch marker {
            case 0xFF:
                // A fill byte before a marker.
                position += 1
                continue
            case 0xD9:
                // The end of the image: whatever follows is none of it.
                return output + [0xFF, 0xD9]
            case 0x01, 0xD0...0xD7:
                output += [0xFF, marker]
                position += 2
                continue
            default:
                break
            }
            guard position + 3 < bytes.count else { return nil }
            let end = position + 2 + bigEndian16(bytes, position + 2)
            guard end > position + 3, end <= bytes.count else { return nil }
            let payload = bytes[(position + 4)..<end]
            switch marker {
            case 0xE0 where startsWith(payload, "JFIF\0") && payload.count >= 14:
                // The header without its thumbnail: version, units and density, no pixels.
                output += [0xFF, 0xE0, 0x00, 0x10] + payload.prefix(12) + [0, 0]
            case 0xE2 where startsWith(payload, "ICC_PROFILE\0"), 0xEE where startsWith(payload, "Adobe"):
                output += bytes[position..<end]
            case 0xE1 where startsWith(payload, "Exif\0\0"):
                // Of EXIF, the orientation alone: a browser turns the picture upright by it.
                if let orientation = orientation(ofTIFF: Array(payload.dropFirst(6))) { output += exif(orientation) }
            case 0xE0...0xEF, 0xFE:
                break
            default:
                output += bytes[position..<end]
            }
            position = end
            guard marker == 0xDA else { continue }
            // The scan's entropy-coded data runs to the next marker that is no stuffed byte
            // (FF 00), restart marker or fill.
            let start = position
            while position < bytes.count {
                if bytes[position] == 0xFF, position + 1 < bytes.count {
                    let next = bytes[position + 1]
                    if next == 0x00 || (0xD0...0xD7).contains(next) {
                        position += 2
                        continue
                    }
                    if next != 0xFF { break }
                }
                position += 1
            }
            output += bytes[start..<position]
        }
    }

    /// The orientation (1–8) that the TIFF structure of an EXIF block gives in its first IFD;
    /// nil for none, or for 1, the picture as stored.
    private static func orientation(ofTIFF tiff: [UInt8]) -> UInt8? {
        guard tiff.count >= 8, tiff[0] == tiff[1], tiff[0] == 0x49 || tiff[0] == 0x4D else { return nil }
        let little = tiff[0] == 0x49
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= tiff.count else { return nil }
            return (0..<count).reduce(0) { $0 << 8 | Int(tiff[little ? at + count - 1 - $1 : at + $1]) }
        }
        guard let first = number(4, 4), let entries = number(first, 2) else { return nil }
        for index in 0..<min(entries, 1000) {
            let entry = first + 2 + 12 * index
            guard let tag = number(entry, 2) else { return nil }
            guard tag == 0x0112 else { continue }
            guard number(entry + 2, 2) == 3, let value = number(entry + 8, 2), (2...8).contains(value) else {
                return nil
            }
            return UInt8(value)
        }
        return nil
    }

    /// A TIFF structure holding the orientation alone (big-endian, one IFD of one entry).
    private static func tiff(_ orientation: UInt8) -> [UInt8] {
        [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0] + [0, 0, 0, 0]
    }

    /// An APP1 segment of EXIF holding the orientation alone.
    private static func exif(_ orientation: UInt8) -> [UInt8] {
        let payload = Array("Exif\0\0".utf8) + tiff(orientation)
        return [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload
    }

    /// A PNG's `eXIf` chunk holding the orientation alone: browsers turn a PNG upright by it too.
    private static func exifChunk(_ orientation: UInt8) -> [UInt8] {
        let typeAndData = Array("eXIf".utf8) + tiff(orientation)
        return bigEndian32(typeAndData.count - 4) + typeAndData + bigEndian32(Int(crc32(typeAndData)))
    }

    private static func bigEndian32(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// The CRC-32 a PNG chunk ends with (ISO 3309, of its type and data).
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The ancillary chunks that say how to draw a PNG (colour, transparency, animation); every
    /// other ancillary chunk (text, EXIF, time, private ones) is left out.
    private static let drawingChunks: Set<String> = [
        "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCv", "cLLi", "bKGD", "pHYs", "sPLT", "hIST",
        "acTL", "fcTL", "fdAT",
    ]

    private static func png(_ bytes: [UInt8]) -> [UInt8]? {
        var output = Array(bytes.prefix(8))
        var position = 8
        while position + 12 <= bytes.count {
            let length = Int(bigEndian16(bytes, position)) << 16 | bigEndian16(bytes, position + 2)
            let end = position + 12 + length
            guard end <= bytes.count else { return nil }
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            // A chunk whose type begins with a capital is critical: the image is none without it.
            let isCritical = bytes[position + 4] & 0x20 == 0
            if isCritical || drawingChunks.contains(type) {
                output += bytes[position..<end]
            } else if type == "eXIf", let orientation = orientation(ofTIFF: Array(bytes[(position + 8)..<(end - 4)])) {
                // Of EXIF, the orientation alone, as a JPEG keeps it.
                output += exifChunk(orientation)
            }
            position = end
            if type == "IEND" { return output }
        }
        return nil
    }

    private static func gif(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 13 else { return nil }
        var position = 13
        if bytes[10] & 0x80 != 0 { position += 3 << (Int(bytes[10] & 0x07) + 1) }
        guard position <= bytes.count else { return nil }
        var output = Array(bytes[0..<position])
        /// The end of the data sub-blocks starting at `start`, past their empty terminator.
        func subBlocksEnd(from start: Int) -> Int? {
            var at = start
            while at < bytes.count {
                let size = Int(bytes[at])
                at += 1 + size
                if size == 0 { return at <= bytes.count ? at : nil }
            }
            return nil
        }
        while position < bytes.count {
            switch bytes[position] {
            case 0x3B:
                return output + [0x3B]
            case 0x2C:
                guard position + 10 <= bytes.count else { return nil }
                var start = position + 10
                if bytes[position + 9] & 0x80 != 0 { start += 3 << (Int(bytes[position + 9] & 0x07) + 1) }
                // The LZW code size, then the data.
                guard start < bytes.count, let end = subBlocksEnd(from: start + 1) else { return nil }
                output += bytes[position..<end]
                position = end
            case 0x21:
                guard position + 2 < bytes.count, let end = subBlocksEnd(from: position + 2) else { return nil }
                let label = bytes[position + 1]
                // Graphic control and plain text draw; of the application extensions only the
                // loop count of an animation does. Comments and XMP are left out.
                let application = bytes[(position + 3)..<min(position + 14, bytes.count)]
                if label == 0xF9 || label == 0x01
                    || (label == 0xFF && bytes[position + 2] == 11
                        && (startsWith(application, "NETSCAPE2.0") || startsWith(application, "ANIMEXTS1.0")))
                {
                    output += bytes[position..<end]
                }
                position = end
            default:
                return nil
            }
        }
        return nil
    }

    private static func webp(_ bytes: [UInt8]) -> [UInt8]? {
        func littleEndian32(_ at: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        guard bytes.count >= 12 else { return nil }
        let riffEnd = 8 + littleEndian32(4)
        guard riffEnd <= bytes.count else { return nil }
        var chunks: [UInt8] = []
        var position = 12
        while position + 8 <= riffEnd {
            let fourCC = String(decoding: bytes[position..<(position + 4)], as: UTF8.self)
            let size = littleEndian32(position + 4)
            let end = position + 8 + size + (size & 1)
            guard end <= riffEnd || (end == riffEnd + 1 && size & 1 == 1) else { return nil }
            let chunkEnd = min(end, riffEnd)
            switch fourCC {
            case "VP8X" where size >= 10:
                var header = Array(bytes[position..<chunkEnd])
                // The flags no longer say there is EXIF (0x08) or XMP (0x04).
                header[8] &= ~0x0C
                chunks += header
            case "VP8 ", "VP8L", "ALPH", "ANIM", "ANMF", "ICCP":
                chunks += bytes[position..<chunkEnd]
            default:
                break
            }
            if chunkEnd < end { chunks.append(0) }
            position = end
        }
        guard position >= riffEnd else { return nil }
        let size = UInt32(4 + chunks.count)
        return Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) } + Array("WEBP".utf8)
            + chunks
    }
}
