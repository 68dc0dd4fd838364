/// Text saved as UTF-16 with a byte-order mark (Notepad's "Unicode", spreadsheets on Windows,
/// LibraryThing's export), read one way by every reader that takes such a file: notes, reading
/// logs and highlights alike.
package enum UTF16Text {
    /// What is wrong with bytes that begin with a UTF-16 byte-order mark but are no UTF-16 text.
    package enum Problem: Error, Equatable, Sendable {
        /// An odd number of bytes: the file was cut off in the middle of a character.
        case oddLength
        /// A surrogate without its other half, at this byte (counted from 0, the mark included).
        case loneSurrogate(byte: Int)

        /// The problem in words, to follow "is UTF-16 text" in a message.
        package var description: String {
            switch self {
            case .oddLength: "it has an odd number of bytes, as if cut off in the middle of a character"
            case .loneSurrogate(let byte): "it holds half a character (a lone surrogate) at byte \(byte)"
            }
        }
    }

    /// Whether `bytes` begin with a UTF-16 byte-order mark, little- or big-endian.
    package static func hasByteOrderMark<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var start = bytes.makeIterator()
        guard let first = start.next(), let second = start.next() else { return false }
        return (first == 0xFF && second == 0xFE) || (first == 0xFE && second == 0xFF)
    }

    /// `bytes`, which begin with a byte-order mark, as text without the mark; the problem when
    /// they are not UTF-16 (Foundation's decoder says only "nil", and readers said "not UTF-8").
    package static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Result<String, Problem> {
        let bytes = Array(bytes)
        guard bytes.count % 2 == 0 else { return .failure(.oddLength) }
        return scalars(of: bytes, replacing: false)
    }

    /// `bytes` as ``decode(_:)`` reads them, with U+FFFD for what cannot be read, for a backup
    /// that must never refuse the shelf.
    package static func decodeReplacing<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let bytes = Array(bytes)
        let whole = (try? scalars(of: Array(bytes.prefix(bytes.count & ~1)), replacing: true).get()) ?? ""
        return bytes.count % 2 == 0 ? whole : whole + "\u{FFFD}"
    }

    private static func scalars(of bytes: [UInt8], replacing: Bool) -> Result<String, Problem> {
        let littleEndian = bytes.starts(with: [0xFF, 0xFE])
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        var text = String.UnicodeScalarView()
        var decoder = UTF16()
        var iterator = units.makeIterator()
        var unit = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                text.append(scalar)
                unit += scalar.utf16.count
            case .emptyInput:
                return .success(String(text))
            case .error:
                guard replacing else { return .failure(.loneSurrogate(byte: 2 + 2 * unit)) }
                text.append("\u{FFFD}")
                unit += 1
            }
        }
    }
}
