import BookplateCore

/// A page model as templates read it, and its fingerprint, made in one pass through the model's
/// `Encodable` conformance.
///
/// A model's fields are written once, as its stored properties: the compiler's `Encodable`
/// conformance names them for templates and for the fingerprint alike, so no field can be
/// forgotten by one and not the other. Each nested model becomes a ``TemplateRecord``, each
/// array a list, `SanitizedHTML` stays markup, and an optional with nothing in it is
/// ``TemplateValue/null``: it is there, and stops the search for its name.
package struct EncodedModel: Sendable {
    /// What the model was made from: every key and value, in order.
    package let fingerprint: Fingerprint
    /// The model as a template value; nil when only the fingerprint was asked for.
    package let value: TemplateValue?

    /// `model` encoded: its fingerprint, and its value too when `values` is true (a page whose
    /// fingerprint is unchanged is never rendered, and its model is only hashed).
    /// A model whose encoding fails is an error: half a model would be published as a page.
    package init(_ model: some Encodable, values: Bool) throws {
        let encoder = TemplateEncoder(makesValues: values)
        let made = try encoder.made(by: model)
        fingerprint = encoder.fingerprint
        value = values ? made : nil
    }

    /// The fingerprint of `model`.
    package static func fingerprint(of model: some Encodable) throws -> Fingerprint {
        try EncodedModel(model, values: false).fingerprint
    }

    /// Gives the model's field `key` another value before it is rendered, after it was
    /// fingerprinted (a book's note, read only once its page is known to change).
    package func set(_ key: String, to value: TemplateValue) {
        guard case .object(let object)? = self.value, let record = object as? TemplateRecord else { return }
        record.set(key, to: value)
    }
}

/// A model's fields by name, in the order its type declares them: what `{{name}}` finds.
///
/// Filled by the encoder before anything else sees it, and never changed after, except by
/// ``set(_:to:)`` before the page is rendered.
package final class TemplateRecord: TemplateObjectReference, @unchecked Sendable {
    /// Unchecked for overlapping access, as the encoder fills it on one thread before anything
    /// else sees it: the checks were a twentieth of encoding.
    @exclusivity(unchecked) private var fields: [(key: String, value: TemplateValue)] = []

    override init() {
        // Most models have fewer fields: growing the array field by field was a tenth of encoding.
        fields.reserveCapacity(16)
    }

    override package func value(forKey key: String) -> TemplateValue? {
        // A model has a few dozen fields at most: a scan of short strings beats hashing the key.
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].key == key { return fields[index].value }
            return nil
        }
    }

    fileprivate func append(_ key: String, _ value: TemplateValue) {
        fields.append((key, value))
    }

    /// Gives the field `key` another value; does nothing to a field the model lacks.
    fileprivate func set(_ key: String, to value: TemplateValue) {
        if let index = fields.firstIndex(where: { $0.key == key }) { fields[index].value = value }
    }
}

/// An encoded array: filled by the encoder, never changed after.
private final class EncodedList: TemplateList, @unchecked Sendable {
    /// Unchecked for overlapping access, as ``TemplateRecord``'s fields.
    @exclusivity(unchecked) var elements: [TemplateValue] = []
    var count: Int { elements.count }
    func element(at index: Int) -> TemplateValue { elements[index] }

    /// A list of text or numbers can be sorted; a list of models cannot.
    var isSortable: Bool {
        elements.allSatisfy {
            switch $0 {
            case .string, .int: true
            default: false
            }
        }
    }
}

/// An `Encoder` that hashes every key and value, and, when asked, makes the template value.
/// One encoder takes in the whole model, its nested values included.
private final class TemplateEncoder: Encoder {
    /// Changed for every key and value: unchecked, as one encoder is only ever used by one
    /// thread at a time, and the checks of overlapping access were a sixth of fingerprinting.
    @exclusivity(unchecked) var fingerprint = Fingerprint()
    /// What the value being encoded made, when values are made: set by its container or by a
    /// single value.
    @exclusivity(unchecked) var made: TemplateValue = .null
    let makesValues: Bool
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(makesValues: Bool) {
        self.makesValues = makesValues
    }

    /// Encodes `value`, and returns the template value it made (``TemplateValue/null`` when
    /// values are not made).
    func made<T: Encodable>(by value: T) throws -> TemplateValue {
        if T.self == SanitizedHTML.self, let html = value as? SanitizedHTML {
            fingerprint.combine(html.html)
            return makesValues ? .html(html) : .null
        }
        let outer = made
        made = .null
        defer { made = outer }
        try value.encode(to: self)
        return made
    }

    /// A container nested in the one being filled, and the value it fills; what the outer value
    /// made stays as it was.
    func nested<Container>(_ make: () -> Container) -> (Container, TemplateValue) {
        let outer = made
        defer { made = outer }
        let container = make()
        return (container, made)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        fingerprint.mark(.keyed)
        var record: TemplateRecord?
        if makesValues {
            // A second container of the same value (an `encode(to:)` that encodes another value's
            // fields into its own, or a super encoder) adds to the record the first began.
            if case .object(let object) = made, let begun = object as? TemplateRecord {
                record = begun
            } else {
                record = TemplateRecord()
                made = .object(record.unsafelyUnwrapped)
            }
        }
        return KeyedEncodingContainer(Keyed<Key>(encoder: self, record: record))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        fingerprint.mark(.unkeyed)
        var list: EncodedList?
        if makesValues {
            list = EncodedList()
            made = .list(TemplateListReference(list.unsafelyUnwrapped))
        }
        return Unkeyed(encoder: self, list: list)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(encoder: self)
    }

    /// Each kind of value: hashed, and what it makes.
    func encodeNil() -> TemplateValue {
        fingerprint.mark(.none)
        return .null
    }

    func encode(_ value: Bool) -> TemplateValue {
        fingerprint.mark(value ? .yes : .no)
        return .bool(value)
    }

    func encode(_ value: String) -> TemplateValue {
        fingerprint.combine(value)
        return makesValues ? .string(value) : .null
    }

    func encode(_ value: Int64) -> TemplateValue {
        fingerprint.mark(.number)
        fingerprint.combine(word: UInt64(bitPattern: value))
        return .int(Int(value))
    }

    func encode(_ value: UInt64) -> TemplateValue {
        fingerprint.mark(.number)
        fingerprint.combine(word: value)
        return .int(Int(truncatingIfNeeded: value))
    }

    func encode(_ value: Double) -> TemplateValue {
        fingerprint.mark(.decimal)
        fingerprint.combine(word: value.bitPattern)
        return makesValues ? .string(String(value)) : .null
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: TemplateEncoder
        let record: TemplateRecord?
        var codingPath: [any CodingKey] { [] }

        private func key(_ key: Key) {
            encoder.fingerprint.mark(.key)
            encoder.fingerprint.combine(key.stringValue)
        }

        private func add(_ key: Key, _ value: TemplateValue) {
            record?.append(key.stringValue, value)
        }

        mutating func encodeNil(forKey key: Key) {
            self.key(key)
            add(key, encoder.encodeNil())
        }
        mutating func encode(_ value: Bool, forKey key: Key) {
            self.key(key)
            add(key, encoder.encode(value))
        }
        mutating func encode(_ value: String, forKey key: Key) {
            self.key(key)
            add(key, encoder.encode(value))
        }
        mutating func encode(_ value: Double, forKey key: Key) {
            self.key(key)
            add(key, encoder.encode(value))
        }
        mutating func encode(_ value: Float, forKey key: Key) { encode(Double(value), forKey: key) }
        mutating func encode(_ value: Int, forKey key: Key) { encode(Int64(value), forKey: key) }
        mutating func encode(_ value: Int8, forKey key: Key) { encode(Int64(value), forKey: key) }
        mutating func encode(_ value: Int16, forKey key: Key) { encode(Int64(value), forKey: key) }
        mutating func encode(_ value: Int32, forKey key: Key) { encode(Int64(value), forKey: key) }
        mutating func encode(_ value: Int64, forKey key: Key) {
            self.key(key)
            add(key, encoder.encode(value))
        }
        mutating func encode(_ value: UInt, forKey key: Key) { encode(UInt64(value), forKey: key) }
        mutating func encode(_ value: UInt8, forKey key: Key) { encode(UInt64(value), forKey: key) }
        mutating func encode(_ value: UInt16, forKey key: Key) { encode(UInt64(value), forKey: key) }
        mutating func encode(_ value: UInt32, forKey key: Key) { encode(UInt64(value), forKey: key) }
        mutating func encode(_ value: UInt64, forKey key: Key) {
            self.key(key)
            add(key, encoder.encode(value))
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            self.key(key)
            add(key, try encoder.made(by: value))
        }

        // An optional with nothing in it is a field with nothing in it, not a field the model
        // lacks: a highlight without a note must not show its book's note.
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) {
            if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) {
            if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) {
            if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) {
            encodeIfPresent(value.map(Double.init), forKey: key)
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) {
            encodeIfPresent(value.map(Int64.init), forKey: key)
        }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) {
            encodeIfPresent(value.map(Int64.init), forKey: key)
        }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) {
            encodeIfPresent(value.map(Int64.init), forKey: key)
        }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) {
            encodeIfPresent(value.map(Int64.init), forKey: key)
        }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) {
            if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) {
            encodeIfPresent(value.map(UInt64.init), forKey: key)
        }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) {
            encodeIfPresent(value.map(UInt64.init), forKey: key)
        }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) {
            encodeIfPresent(value.map(UInt64.init), forKey: key)
        }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) {
            encodeIfPresent(value.map(UInt64.init), forKey: key)
        }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) {
            if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { encodeNil(forKey: key) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            self.key(key)
            let (container, made) = encoder.nested { encoder.container(keyedBy: keyType) }
            add(key, made)
            return container
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            self.key(key)
            let (container, made) = encoder.nested { encoder.unkeyedContainer() }
            add(key, made)
            return container
        }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            self.key(key)
            return encoder
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: TemplateEncoder
        let list: EncodedList?
        var codingPath: [any CodingKey] { [] }
        private(set) var count = 0

        init(encoder: TemplateEncoder, list: EncodedList?) {
            self.encoder = encoder
            self.list = list
        }

        /// Marks the next element, so that the elements of a list are never read as a key.
        private mutating func next() {
            count += 1
            encoder.fingerprint.mark(.element)
        }

        private func add(_ value: TemplateValue) {
            list?.elements.append(value)
        }

        mutating func encodeNil() {
            next()
            add(encoder.encodeNil())
        }
        mutating func encode(_ value: Bool) {
            next()
            add(encoder.encode(value))
        }
        mutating func encode(_ value: String) {
            next()
            add(encoder.encode(value))
        }
        mutating func encode(_ value: Double) {
            next()
            add(encoder.encode(value))
        }
        mutating func encode(_ value: Float) { encode(Double(value)) }
        mutating func encode(_ value: Int) { encode(Int64(value)) }
        mutating func encode(_ value: Int8) { encode(Int64(value)) }
        mutating func encode(_ value: Int16) { encode(Int64(value)) }
        mutating func encode(_ value: Int32) { encode(Int64(value)) }
        mutating func encode(_ value: Int64) {
            next()
            add(encoder.encode(value))
        }
        mutating func encode(_ value: UInt) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt8) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt16) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt32) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt64) {
            next()
            add(encoder.encode(value))
        }
        mutating func encode<T: Encodable>(_ value: T) throws {
            next()
            add(try encoder.made(by: value))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            next()
            let (container, made) = encoder.nested { encoder.container(keyedBy: keyType) }
            add(made)
            return container
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            next()
            let (container, made) = encoder.nested { encoder.unkeyedContainer() }
            add(made)
            return container
        }
        mutating func superEncoder() -> any Encoder {
            next()
            return encoder
        }
    }

    /// One value: what it makes is what its encoding made.
    struct Single: SingleValueEncodingContainer {
        let encoder: TemplateEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { encoder.made = encoder.encodeNil() }
        mutating func encode(_ value: Bool) { encoder.made = encoder.encode(value) }
        mutating func encode(_ value: String) { encoder.made = encoder.encode(value) }
        mutating func encode(_ value: Double) { encoder.made = encoder.encode(value) }
        mutating func encode(_ value: Float) { encode(Double(value)) }
        mutating func encode(_ value: Int) { encode(Int64(value)) }
        mutating func encode(_ value: Int8) { encode(Int64(value)) }
        mutating func encode(_ value: Int16) { encode(Int64(value)) }
        mutating func encode(_ value: Int32) { encode(Int64(value)) }
        mutating func encode(_ value: Int64) { encoder.made = encoder.encode(value) }
        mutating func encode(_ value: UInt) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt8) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt16) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt32) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt64) { encoder.made = encoder.encode(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.made = try encoder.made(by: value) }
    }
}
