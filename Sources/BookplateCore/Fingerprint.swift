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
    fileprivate mutating func mark(_ marker: Marker) {
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

    /// The fingerprint of any `Encodable` value: every key and value fed in, in order.
    package static func of(_ value: some Encodable) -> Fingerprint {
        let encoder = FingerprintEncoder()
        try? value.encode(to: encoder)
        return encoder.fingerprint
    }
}

/// What a value of an encoded model is, taken in before it: lengths of runs of bytes are far
/// smaller, so no marker is ever read as one.
private enum Marker: UInt64 {
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

/// An `Encoder` that hashes instead of writing: page models need no hand-written fingerprints.
/// One encoder takes in the whole model, its nested values included.
private final class FingerprintEncoder: Encoder {
    /// Changed for every key and value: unchecked, as one encoder is only ever used by one
    /// thread at a time, and the checks of overlapping access were a sixth of fingerprinting.
    @exclusivity(unchecked) var fingerprint = Fingerprint()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        fingerprint.mark(.keyed)
        return KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        fingerprint.mark(.unkeyed)
        return Unkeyed(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(encoder: self)
    }

    func encodeNil() { fingerprint.mark(.none) }
    func encode(_ value: Bool) { fingerprint.mark(value ? .yes : .no) }
    func encode(_ value: String) { fingerprint.combine(value) }

    func encode(_ value: Int64) {
        fingerprint.mark(.number)
        fingerprint.combine(word: UInt64(bitPattern: value))
    }

    func encode(_ value: UInt64) {
        fingerprint.mark(.number)
        fingerprint.combine(word: value)
    }

    func encode(_ value: Double) {
        fingerprint.mark(.decimal)
        fingerprint.combine(word: value.bitPattern)
    }

    func encode(_ value: some Encodable) throws { try value.encode(to: self) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: FingerprintEncoder
        var codingPath: [any CodingKey] { [] }

        private func key(_ key: Key) {
            encoder.fingerprint.mark(.key)
            encoder.fingerprint.combine(key.stringValue)
        }

        mutating func encodeNil(forKey key: Key) {
            self.key(key)
            encoder.encodeNil()
        }
        mutating func encode(_ value: Bool, forKey key: Key) {
            self.key(key)
            encoder.encode(value)
        }
        mutating func encode(_ value: String, forKey key: Key) {
            self.key(key)
            encoder.encode(value)
        }
        mutating func encode(_ value: Double, forKey key: Key) {
            self.key(key)
            encoder.encode(value)
        }
        mutating func encode(_ value: Float, forKey key: Key) { encode(Double(value), forKey: key) }
        mutating func encode(_ value: Int, forKey key: Key) { encode(Int64(value), forKey: key) }
        mutating func encode(_ value: Int8, forKey key: Key) { encode(Int64(value), forKey: key) }
        mutating func encode(_ value: Int16, forKey key: Key) { encode(Int64(value), forKey: key) }
        mutating func encode(_ value: Int32, forKey key: Key) { encode(Int64(value), forKey: key) }
        mutating func encode(_ value: Int64, forKey key: Key) {
            self.key(key)
            encoder.encode(value)
        }
        mutating func encode(_ value: UInt, forKey key: Key) { encode(UInt64(value), forKey: key) }
        mutating func encode(_ value: UInt8, forKey key: Key) { encode(UInt64(value), forKey: key) }
        mutating func encode(_ value: UInt16, forKey key: Key) { encode(UInt64(value), forKey: key) }
        mutating func encode(_ value: UInt32, forKey key: Key) { encode(UInt64(value), forKey: key) }
        mutating func encode(_ value: UInt64, forKey key: Key) {
            self.key(key)
            encoder.encode(value)
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            self.key(key)
            try encoder.encode(value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            self.key(key)
            return encoder.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            self.key(key)
            return encoder.unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            self.key(key)
            return encoder
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: FingerprintEncoder
        var codingPath: [any CodingKey] { [] }
        private(set) var count = 0

        init(encoder: FingerprintEncoder) {
            self.encoder = encoder
        }

        /// Marks the next element, so that the elements of a list are never read as a key.
        private mutating func next() {
            count += 1
            encoder.fingerprint.mark(.element)
        }

        mutating func encodeNil() {
            next()
            encoder.encodeNil()
        }
        mutating func encode(_ value: Bool) {
            next()
            encoder.encode(value)
        }
        mutating func encode(_ value: String) {
            next()
            encoder.encode(value)
        }
        mutating func encode(_ value: Double) {
            next()
            encoder.encode(value)
        }
        mutating func encode(_ value: Float) { encode(Double(value)) }
        mutating func encode(_ value: Int) { encode(Int64(value)) }
        mutating func encode(_ value: Int8) { encode(Int64(value)) }
        mutating func encode(_ value: Int16) { encode(Int64(value)) }
        mutating func encode(_ value: Int32) { encode(Int64(value)) }
        mutating func encode(_ value: Int64) {
            next()
            encoder.encode(value)
        }
        mutating func encode(_ value: UInt) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt8) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt16) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt32) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt64) {
            next()
            encoder.encode(value)
        }
        mutating func encode<T: Encodable>(_ value: T) throws {
            next()
            try encoder.encode(value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            next()
            return encoder.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            next()
            return encoder.unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder {
            next()
            return encoder
        }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: FingerprintEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { encoder.encodeNil() }
        mutating func encode(_ value: Bool) { encoder.encode(value) }
        mutating func encode(_ value: String) { encoder.encode(value) }
        mutating func encode(_ value: Double) { encoder.encode(value) }
        mutating func encode(_ value: Float) { encoder.encode(Double(value)) }
        mutating func encode(_ value: Int) { encoder.encode(Int64(value)) }
        mutating func encode(_ value: Int8) { encoder.encode(Int64(value)) }
        mutating func encode(_ value: Int16) { encoder.encode(Int64(value)) }
        mutating func encode(_ value: Int32) { encoder.encode(Int64(value)) }
        mutating func encode(_ value: Int64) { encoder.encode(value) }
        mutating func encode(_ value: UInt) { encoder.encode(UInt64(value)) }
        mutating func encode(_ value: UInt8) { encoder.encode(UInt64(value)) }
        mutating func encode(_ value: UInt16) { encoder.encode(UInt64(value)) }
        mutating func encode(_ value: UInt32) { encoder.encode(UInt64(value)) }
        mutating func encode(_ value: UInt64) { encoder.encode(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encode(value) }
    }
}
