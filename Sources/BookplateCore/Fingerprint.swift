/// A fast, stable 64-bit hash of what an output is made from, to tell whether it changed since
/// the last build. Not for security: for that, see ``ContentHash``.
///
/// Bytes go in eight at a time, each run with its length, so that no run is a prefix of the next
/// ("ab" then "c" is not "a" then "bc"). Every page of a build is fingerprinted, most of them
/// twice over in a rebuild: a byte at a time, and through strings made of every number, this
/// was a tenth of a build.
package struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The fingerprint of nothing yet.
    package init() {}

    /// The fingerprint of `text` alone.
    package init(of text: String) {
        combine(text)
    }

    /// A fingerprint kept as its value (in the build state).
    package init(value: UInt64) {
        self.value = value
    }

    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var value = mixed(self.value, UInt64(bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            value = mixed(value, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < bytes.count {
            var last: UInt64 = 0
            for index in offset..<bytes.count { last = last << 8 | UInt64(bytes[index]) }
            value = mixed(value, last)
        }
        self.value = value
    }

    package mutating func combine(_ bytes: some Sequence<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ combine(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { combine($0) }
        }
    }

    package mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    package mutating func combine(_ number: Int) {
        combine(word: UInt64(bitPattern: Int64(number)))
    }

    /// Takes in another fingerprint: what it was made from, in one step.
    package mutating func combine(_ other: Fingerprint) {
        combine(word: other.value)
    }

    /// Eight bytes, as one.
    package mutating func combine(word: UInt64) {
        value = mixed(mixed(value, 8), word)
    }

    /// A marker that is no run of bytes (whose lengths come first): where a value begins.
    package mutating func mark(_ marker: FingerprintMarker) {
        value = mixed(value, marker.rawValue)
    }

    private func mixed(_ value: UInt64, _ word: UInt64) -> UInt64 {
        let product = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 29)
    }

    package var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// What a value of an encoded model is, taken in before it: lengths of runs of bytes are far
/// smaller, so no marker is ever read as one.
package enum FingerprintMarker: UInt64 {
    case keyed = 0xF1F1_0000_0000_0001
    case unkeyed = 0xF1F1_0000_0000_0002
    case key = 0xF1F1_0000_0000_0003
    case element = 0xF1F1_0000_0000_0004
    case none = 0xF1F1_0000_0000_0005
    case no = 0xF1F1_0000_0000_0006
    case yes = 0xF1F1_0000_0000_0007
    case number = 0xF1F1_0000_0000_0008
    case decimal = 0xF1F1_0000_0000_0009
}
