/// A fast, stable 64-bit hash (FNV-1a) of what an output is made from, to tell whether it
/// changed since the last build. Not for security: for that, see ``ContentHash``.
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

    package mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    package mutating func combine(_ text: String) {
        combine(text.utf8)
        combine(CollectionOfOne(0xFF))  // no string is a prefix of the next
    }

    /// Takes in another fingerprint: what it was made from, in one step.
    package mutating func combine(_ other: Fingerprint) {
        combine(withUnsafeBytes(of: other.value.littleEndian) { Array($0) })
    }

    package mutating func combine(_ number: Int) {
        combine(String(number))
    }

    package var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The fingerprint of any `Encodable` value: every key and value fed in, in order.
    package static func of(_ value: some Encodable) -> Fingerprint {
        let encoder = FingerprintEncoder()
        try? value.encode(to: encoder)
        return encoder.state.fingerprint
    }
}

/// An `Encoder` that hashes instead of writing: page models need no hand-written fingerprints.
private final class FingerprintEncoder: Encoder {
    final class State {
        var fingerprint = Fingerprint()
    }

    let state: State
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(state: State = State()) {
        self.state = state
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        state.fingerprint.combine("{")
        return KeyedEncodingContainer(Keyed<Key>(state: state))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        state.fingerprint.combine("[")
        return Unkeyed(state: state)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(state: state)
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let state: State
        var codingPath: [any CodingKey] = []

        mutating func encodeNil(forKey key: Key) { state.fingerprint.combine(key.stringValue + "=nil") }
        mutating func encode(_ value: Bool, forKey key: Key) {
            state.fingerprint.combine("\(key.stringValue)=\(value)")
        }
        mutating func encode(_ value: String, forKey key: Key) {
            state.fingerprint.combine(key.stringValue)
            state.fingerprint.combine(value)
        }
        mutating func encode(_ value: Double, forKey key: Key) {
            state.fingerprint.combine("\(key.stringValue)=\(value)")
        }
        mutating func encode(_ value: Float, forKey key: Key) {
            state.fingerprint.combine("\(key.stringValue)=\(value)")
        }
        mutating func encode(_ value: Int, forKey key: Key) { state.fingerprint.combine("\(key.stringValue)=\(value)") }
        mutating func encode(_ value: Int8, forKey key: Key) { encode(Int(value), forKey: key) }
        mutating func encode(_ value: Int16, forKey key: Key) { encode(Int(value), forKey: key) }
        mutating func encode(_ value: Int32, forKey key: Key) { encode(Int(value), forKey: key) }
        mutating func encode(_ value: Int64, forKey key: Key) { encode(Int(value), forKey: key) }
        mutating func encode(_ value: UInt, forKey key: Key) {
            state.fingerprint.combine("\(key.stringValue)=\(value)")
        }
        mutating func encode(_ value: UInt8, forKey key: Key) { encode(UInt(value), forKey: key) }
        mutating func encode(_ value: UInt16, forKey key: Key) { encode(UInt(value), forKey: key) }
        mutating func encode(_ value: UInt32, forKey key: Key) { encode(UInt(value), forKey: key) }
        mutating func encode(_ value: UInt64, forKey key: Key) { encode(UInt(value), forKey: key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            state.fingerprint.combine(key.stringValue)
            try value.encode(to: FingerprintEncoder(state: state))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            state.fingerprint.combine(key.stringValue + "{")
            return KeyedEncodingContainer(Keyed<NestedKey>(state: state))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            state.fingerprint.combine(key.stringValue + "[")
            return Unkeyed(state: state)
        }
        mutating func superEncoder() -> any Encoder { FingerprintEncoder(state: state) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { FingerprintEncoder(state: state) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let state: State
        var codingPath: [any CodingKey] = []
        var count = 0

        mutating func encodeNil() { bump("nil") }
        mutating func encode(_ value: Bool) { bump("\(value)") }
        mutating func encode(_ value: String) { bump(value) }
        mutating func encode(_ value: Double) { bump("\(value)") }
        mutating func encode(_ value: Float) { bump("\(value)") }
        mutating func encode(_ value: Int) { bump("\(value)") }
        mutating func encode(_ value: Int8) { bump("\(value)") }
        mutating func encode(_ value: Int16) { bump("\(value)") }
        mutating func encode(_ value: Int32) { bump("\(value)") }
        mutating func encode(_ value: Int64) { bump("\(value)") }
        mutating func encode(_ value: UInt) { bump("\(value)") }
        mutating func encode(_ value: UInt8) { bump("\(value)") }
        mutating func encode(_ value: UInt16) { bump("\(value)") }
        mutating func encode(_ value: UInt32) { bump("\(value)") }
        mutating func encode(_ value: UInt64) { bump("\(value)") }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            try value.encode(to: FingerprintEncoder(state: state))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            bump("{")
            return KeyedEncodingContainer(Keyed<NestedKey>(state: state))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            bump("[")
            return Unkeyed(state: state)
        }
        mutating func superEncoder() -> any Encoder { FingerprintEncoder(state: state) }

        private mutating func bump(_ text: String) {
            count += 1
            state.fingerprint.combine(text)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let state: State
        var codingPath: [any CodingKey] = []

        mutating func encodeNil() { state.fingerprint.combine("nil") }
        mutating func encode(_ value: Bool) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: String) { state.fingerprint.combine(value) }
        mutating func encode(_ value: Double) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: Float) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: Int) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: Int8) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: Int16) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: Int32) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: Int64) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: UInt) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: UInt8) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: UInt16) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: UInt32) { state.fingerprint.combine("\(value)") }
        mutating func encode(_ value: UInt64) { state.fingerprint.combine("\(value)") }
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: FingerprintEncoder(state: state)) }
    }
}
