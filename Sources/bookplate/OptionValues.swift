import ArgumentParser
import BookplateKit
import Foundation

// The library's enums as option values: ArgumentParser checks them while parsing and lists them
// in `--help` and completions. The conformances live here so that the library needs no
// ArgumentParser.

extension ReadingStatus: ExpressibleByArgument {
    /// A status as the reader types it: `to-read`, `To Read` and `to_read` alike.
    public init?(argument: String) { try? self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ReadOutcome: ExpressibleByArgument {
    /// An outcome as the reader types it, with the library's other names (`dnf`, `done`).
    public init?(argument: String) { try? self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension BookOrder: ExpressibleByArgument {
    /// An order in any case: `Title` is `title`.
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension CatalogChoice: ExpressibleByArgument {
    /// A catalog in any case: `Google` is `google`.
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension BookFormat: ExpressibleByArgument {
    /// A format in any case: `Ebook` is `ebook`.
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// Whether the reader owns a copy, as `--owned` takes it.
enum Ownership: String, CaseIterable, ExpressibleByArgument {
    case yes, no

    init?(argument: String) {
        switch argument.lowercased() {
        case "yes", "true": self = .yes
        case "no", "false": self = .no
        default: return nil
        }
    }

    var owned: Bool { self == .yes }
}

/// What `export` writes.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case json, csv
    /// A Markdown file of highlights per book, into the folder `--output` names.
    case markdown

    init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

/// An option value that is one of `Value`'s, or `none` (or nothing) to clear the field.
enum Clearable<Value: ExpressibleByArgument>: ExpressibleByArgument {
    case clear
    case set(Value)

    init?(argument: String) {
        let trimmed = argument.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "none" {
            self = .clear
        } else if let value = Value(argument: trimmed) {
            self = .set(value)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { Value.allValueStrings + ["none"] }
    /// Completed as its values are (`--format <TAB>` offered nothing: found by an exploratory
    /// session).
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// The value to set, nil to clear it: what an edit takes.
    var value: Value? {
        guard case .set(let value) = self else { return nil }
        return value
    }
}
