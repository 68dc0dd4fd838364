import Foundation

/// Where a book stands for the reader.
public enum ReadingStatus: String, CaseIterable, Codable, Sendable, Comparable {
    case toRead = "to-read"
    case reading
    case read
    case abandoned

    /// Parses a status as the reader types it (`to-read`, `reading`, `read`, `abandoned`).
    public init(parsing text: String) throws(LibraryError) {
        let normalised = text.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        guard let status = ReadingStatus(rawValue: normalised) else { throw .unknownStatus(text) }
        self = status
    }

    /// How the shelf names the status in headings.
    public var title: String {
        switch self {
        case .reading: "Reading now"
        case .read: "Read"
        case .toRead: "To read"
        case .abandoned: "Set aside"
        }
    }

    /// The order in which the shelf shows its sections.
    public static func < (lhs: ReadingStatus, rhs: ReadingStatus) -> Bool {
        lhs.shelfOrder < rhs.shelfOrder
    }

    private var shelfOrder: Int {
        switch self {
        case .reading: 0
        case .read: 1
        case .toRead: 2
        case .abandoned: 3
        }
    }
}

/// The reader's rating of a book, one to five stars.
public struct Rating: Hashable, Sendable, Codable, Comparable {
    public let stars: Int

    public init(_ stars: Int) throws(LibraryError) {
        guard (1...5).contains(stars) else { throw .invalidRating(String(stars)) }
        self.stars = stars
    }

    /// Parses `1`…`5`; `none` (or an empty string) means no rating and gives nil.
    public static func parse(_ text: String) throws(LibraryError) -> Rating? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "none" { return nil }
        guard let stars = Int(trimmed) else { throw .invalidRating(text) }
        do {
            return try Rating(stars)
        } catch {
            throw .invalidRating(text)
        }
    }

    public init(from decoder: any Decoder) throws {
        let stars = try decoder.singleValueContainer().decode(Int.self)
        guard (1...5).contains(stars) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "rating \(stars)"))
        }
        self.stars = stars
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stars)
    }

    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.stars < rhs.stars }
}
