import BookplateCore
import Foundation

/// Which catalog set a field of a book — or the reader.
public enum FieldSource: String, Sendable, Codable, Hashable {
    case google
    case openLibrary = "openlibrary"
    case reader

    /// How search results name the source, short.
    public var shortName: String {
        switch self {
        case .google: "google"
        case .openLibrary: "ol"
        case .reader: "you"
        }
    }
}
