/// A validated ISBN, kept in its 13-digit form with the 10-digit form where one exists.
///
/// Accepts either length, with or without hyphens and spaces; the check digit must match.
public struct ISBN: Hashable, Sendable, CustomStringConvertible {
    /// The 13-digit form, digits only.
    public let isbn13: String

    /// The 10-digit form (last digit may be `X`), for ISBNs that begin with 978.
    public var isbn10: String? {
        guard isbn13.hasPrefix("978") else { return nil }
        let body = String(isbn13.dropFirst(3).dropLast())
        return body + ISBN.isbn10CheckDigit(body)
    }

    public var description: String { isbn13 }

    /// Parses `text` as an ISBN-10 or ISBN-13, throwing ``ISBNError`` when it is not one.
    public init(_ text: String) throws(ISBNError) {
        let compact = text.filter { $0 != "-" && $0 != " " }.uppercased()
        switch compact.count {
        case 13:
            guard compact.allSatisfy(\.isASCIIDigit) else { throw .malformed(text) }
            guard compact.hasPrefix("978") || compact.hasPrefix("979") else { throw .malformed(text) }
            let body = String(compact.prefix(12))
            guard ISBN.isbn13CheckDigit(body) == String(compact.suffix(1)) else { throw .badChecksum(text) }
            isbn13 = compact
        case 10:
            let body = compact.prefix(9)
            guard body.allSatisfy(\.isASCIIDigit), let last = compact.last,
                last.isASCIIDigit || last == "X"
            else { throw .malformed(text) }
            guard ISBN.isbn10CheckDigit(String(body)) == String(last) else { throw .badChecksum(text) }
            let body13 = "978" + body
            isbn13 = body13 + ISBN.isbn13CheckDigit(body13)
        default:
            throw .malformed(text)
        }
    }

    /// Returns the ISBN in `text`, or nil when `text` is not a valid ISBN.
    public static func parse(_ text: String) -> ISBN? {
        try? ISBN(text)
    }

    static func isbn13CheckDigit(_ body: String) -> String {
        let sum = body.compactMap(\.wholeNumberValue).enumerated().reduce(0) { total, item in
            total + item.element * (item.offset.isMultiple(of: 2) ? 1 : 3)
        }
        return String((10 - sum % 10) % 10)
    }

    static func isbn10CheckDigit(_ body: String) -> String {
        let sum = body.compactMap(\.wholeNumberValue).enumerated().reduce(0) { total, item in
            total + item.element * (10 - item.offset)
        }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : String(check)
    }
}

/// Why a piece of text is not an ISBN.
public enum ISBNError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case badChecksum(String)

    public var description: String {
        switch self {
        case .malformed(let text):
            "'\(text)' is not an ISBN: give the 10 or 13 digits printed on the book (hyphens allowed)"
        case .badChecksum(let text):
            "'\(text)' is not a valid ISBN: its check digit does not match; check the number for a typo"
        }
    }
}

extension Character {
    package var isASCIIDigit: Bool { isASCII && isNumber }
}
