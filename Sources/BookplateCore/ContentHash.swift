import Crypto

/// SHA-256 in lowercase hexadecimal: whether a note changed since it was last rendered, the
/// names of cached responses, the fallback slug of a title that leaves no letters. The hashes are
/// kept on disk, so they are plain SHA-256 of the bytes, whatever computes them.
///
/// swift-crypto computes them (BoringSSL on Linux, CryptoKit on Apple platforms): Foundation on
/// Linux has no CryptoKit, and a hand-written SHA-256 is one more thing to get right.
public enum ContentHash {
    /// The lowercase hexadecimal SHA-256 digest of the UTF-8 bytes of `text`.
    public static func sha256Hex(of text: String) -> String {
        hex(SHA256.hash(data: Array(text.utf8)))
    }

    /// The lowercase hexadecimal SHA-256 digest of `bytes`.
    public static func sha256Hex(of bytes: [UInt8]) -> String {
        hex(SHA256.hash(data: bytes))
    }

    /// The lowercase hexadecimal SHA-256 digest of `parts`, one after the other, none copied.
    public static func sha256Hex(ofParts parts: [[UInt8]]) -> String {
        var hasher = SHA256()
        for part in parts { hasher.update(data: part) }
        return hex(hasher.finalize())
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(2 * SHA256.Digest.byteCount)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
