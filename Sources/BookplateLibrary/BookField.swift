/// A field of a book whose origin the library keeps (``Book/provenance``): a catalog's, or the
/// reader's. The raw values are the keys stored in the library and written in exports, so they
/// never change.
public enum BookField: String, Sendable, Codable, CodingKeyRepresentable, CaseIterable, Comparable {
    case title
    case subtitle
    case authors
    case isbn
    case publisher
    case publishedDate
    case pageCount
    case language
    case description
    case subjects
    case format
    case audioMinutes
    case firstPublished
    /// The edition the book's facts describe: `.reader` once the reader chose it.
    case edition

    public static func < (lhs: BookField, rhs: BookField) -> Bool { lhs.rawValue < rhs.rawValue }
}
