import BookplateCore
import Foundation

/// The form of an edition: what the reader holds, reads on a screen or listens to.
public enum BookFormat: String, CaseIterable, Codable, Sendable {
    case paperback
    case hardcover
    case ebook
    case audiobook
    case other

    /// Reads a format as the reader types it or an export names it: `Mass Market Paperback`,
    /// `Kindle Edition`, `Audible Audio`, StoryGraph's `digital` and `audio`. Nil for what names
    /// no format.
    public init?(naming text: String) {
        let name = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !name.isEmpty else { return nil }
        if let exact = BookFormat(rawValue: name) {
            self = exact
        } else if name.contains("audio") || name == "mp3 cd" || name.contains("audible") {
            self = .audiobook
        } else if name.contains("kindle") || name.contains("ebook") || name.contains("e-book") || name == "digital"
            || name.contains("nook")
        {
            self = .ebook
        } else if name.contains("hardcover") || name.contains("hardback") || name == "library binding" {
            self = .hardcover
        } else if name.contains("paperback") || name.contains("softcover") || name == "trade paper" {
            self = .paperback
        } else {
            self = .other
        }
    }
}

/// How long an audiobook runs, in minutes: typed as `11:30`, `11h30m`, `11h` or `690`.
public enum AudioLength {
    /// The longest a recording may run: a thousand hours is a mistake.
    public static let minutes = 1...60_000

    public static func minutes(parsing text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "")
        var total: Int?
        if trimmed.allSatisfy(\.isASCIIDigit) {
            total = Int(trimmed)
        } else if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<60).contains(minutes),
                parts[1].count == 2
            {
                total = hours * 60 + minutes
            }
        } else if let h = trimmed.firstIndex(of: "h") {
            let hours = Int(trimmed[..<h])
            let rest = trimmed[trimmed.index(after: h)...].replacingOccurrences(of: "min", with: "")
                .replacingOccurrences(of: "m", with: "")
            let minutes = rest.isEmpty ? 0 : Int(rest)
            if let hours, let minutes, (0..<60).contains(minutes) { total = hours * 60 + minutes }
        }
        return total.flatMap { AudioLength.minutes.contains($0) ? $0 : nil }
    }
}
