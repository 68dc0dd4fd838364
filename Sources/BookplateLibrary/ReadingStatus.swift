import BookplateCore
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

    /// The status a book to read takes when the reader gives it dates and no status: finished
    /// is read, started alone is being read; nil without a date. (`add --started 2025-01` made a
    /// book to read with a start, and a read set aside: found by an exploratory session.)
    public static func impliedBy(started: PartialDate?, finished: PartialDate?) -> ReadingStatus? {
        finished != nil ? .read : started != nil ? .reading : nil
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

/// The reader's rating of a book, from a quarter of a star to five stars, in quarter steps: a
/// whole number of stars as Goodreads gives them, 4.5 or 3.75 as StoryGraph does.
public struct Rating: Hashable, Sendable, Codable, Comparable {
    /// Quarters of a star: 1 is a quarter, 20 five stars.
    public let quarters: Int
    public static let quarterRange = 1...20

    /// A whole number of stars, 1 to 5.
    public init(_ stars: Int) throws(LibraryError) {
        guard (1...5).contains(stars) else { throw .invalidRating(String(stars)) }
        quarters = stars * 4
    }

    public init(quarters: Int) throws(LibraryError) {
        guard Rating.quarterRange.contains(quarters) else { throw .invalidRating(String(Double(quarters) / 4)) }
        self.quarters = quarters
    }

    /// Exactly `stars`, which must be a whole number of quarters from 0.25 to 5.
    public init(stars: Double) throws(LibraryError) {
        let quarters = stars * 4
        guard quarters.isFinite, abs(quarters - quarters.rounded()) < 1e-9, quarters.rounded() >= 1,
            quarters.rounded() <= 20
        else { throw .invalidRating(String(stars)) }
        self.quarters = Int(quarters.rounded())
    }

    /// The stars as a number: 4, 4.5, 3.75.
    public var stars: Double { Double(quarters) / 4 }

    /// Whole stars, the quarters left off.
    public var wholeStars: Int { quarters / 4 }

    public var isWhole: Bool { quarters % 4 == 0 }

    /// "4", "4.5", "3.75", "0.25": as few decimals as the stars need.
    public var text: String {
        let whole = String(wholeStars)
        switch quarters % 4 {
        case 1: return whole + ".25"
        case 2: return whole + ".5"
        case 3: return whole + ".75"
        default: return whole
        }
    }

    /// Parses `0.25`…`5` in quarter steps (`4.5`, `3.75`, `4,5`); `none` (or an empty string) means
    /// no rating and gives nil.
    public static func parse(_ text: String) throws(LibraryError) -> Rating? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "none" { return nil }
        let number = trimmed.replacingOccurrences(of: ",", with: ".")
        guard number.allSatisfy({ $0.isASCIIDigit || $0 == "." }), let stars = Double(number) else {
            throw .invalidRating(text)
        }
        do {
            return try Rating(stars: stars)
        } catch {
            throw .invalidRating(text)
        }
    }

    public init(from decoder: any Decoder) throws {
        let stars = try decoder.singleValueContainer().decode(Double.self)
        do {
            try self.init(stars: stars)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "rating \(stars)"))
        }
    }

    /// Whole stars as a whole number, so that a rating reads as it always did.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if isWhole { try container.encode(wholeStars) } else { try container.encode(stars) }
    }

    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.quarters < rhs.quarters }
}
