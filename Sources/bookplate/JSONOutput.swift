import BookplateKit
import Foundation

/// Bookplate's one JSON voice: every `--json` prints an object with `version` (of this schema)
/// and one named payload; fields are named alike in every command (a book's fields are those of
/// `show --json` wherever a book appears), and an empty field is `null`, never left out. The
/// schema is in the README.
enum JSONOutput {
    /// The schema's version: it goes up when a field changes meaning or goes away. 2: a book's
    /// `provenance` names the book's fields (`pages`, not `pageCount`).
    static let version = 2

    /// Prints `{"version": 2, name: payload}`.
    static func print(_ name: String, _ payload: JSONValue) throws {
        let document = JSONValue.object(["version": .int(version), name: payload])
        Terminal.output(try BookplateJSON.encode(document), as: .json)
    }

    /// When the command line asked for `--json`, prints the error that ends the command as
    /// `{"version": 2, "error": {"message", "status"}}` (the message is on standard error too): a
    /// script reading the output had nothing to read on failure (found by an exploratory session).
    ///
    /// `whole`: the message is one error's whole text, whatever line breaks the values it quotes
    /// hold; else it is ArgumentParser's, whose lines after the first are usage.
    static func failure(_ message: String, status: Int32, whole: Bool = false) {
        guard asked(in: CommandLine.arguments), status != 0 else { return }
        var text =
            whole
            ? message : message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        guard !text.isEmpty else { return }
        try? print("error", .object(["message": .string(text), "status": .int(Int(status))]))
    }

    /// Whether `arguments` (the program's name first) ask for `--json`: an option, before any
    /// `--` (`quote add dune -- --json` adds the text "--json", and its errors were printed as
    /// JSON: found by an exploratory session).
    static func asked(in arguments: [String]) -> Bool {
        arguments.dropFirst().prefix { $0 != "--" }.contains("--json")
    }

    static func book(_ book: BookJSON) -> JSONValue {
        .object([
            "slug": .string(book.slug), "title": .string(book.title), "subtitle": .optional(book.subtitle),
            "authors": .strings(book.authors), "publisher": .optional(book.publisher),
            "published": .optional(book.published), "firstPublished": .optional(book.firstPublished),
            "format": .optional(book.format), "audioMinutes": .optional(book.audioMinutes),
            "owned": book.owned.map(JSONValue.bool) ?? .null, "pages": .optional(book.pages),
            "language": .optional(book.language), "description": .optional(book.description),
            "isbn13": .optional(book.isbn13), "isbn10": .optional(book.isbn10), "status": .string(book.status),
            "rating": .optional(book.rating), "started": .optional(book.started),
            "finished": .optional(book.finished), "readCount": .int(book.readCount),
            "reads": .array(book.reads.map(read)),
            "series": .array(
                book.series.map {
                    .object(["name": .string($0.name), "slug": .string($0.slug), "position": .optional($0.position)])
                }),
            "shelves": .strings(book.shelves), "added": .string(book.added),
            "googleVolumeID": .optional(book.googleVolumeID), "openLibraryWork": .optional(book.openLibraryWork),
            "openLibraryEdition": .optional(book.openLibraryEdition),
            "provenance": book.provenance.map { provenance in
                .object(provenance.mapValues { .string($0.rawValue) })
            } ?? .null,
        ])
    }

    static func read(_ read: ReadJSON) -> JSONValue {
        .object([
            "started": .optional(read.started), "finished": .optional(read.finished), "outcome": .string(read.outcome),
        ])
    }

    /// The rows an import could not use, with why.
    static func skipped(_ rows: [SkippedRow]) -> JSONValue {
        .array(rows.map { .object(["line": .int($0.line), "reason": .string($0.reason)]) })
    }

    /// What `import --enrich` looked up, and how that ended: `error` is what stopped it early
    /// (the catalogs out of reach), null when it went on to the last book.
    static func enrichment(_ counts: MissingDetails.Counts) -> JSONValue {
        .object([
            "lookedUp": .int(counts.lookedUp), "updated": .int(counts.updated), "matched": .int(counts.matched),
            "upToDate": .int(counts.upToDate), "notMatched": .int(counts.notMatched), "skipped": .int(counts.skipped),
            "failed": .int(counts.failed), "error": .optional(counts.stopped),
        ])
    }

    /// A search result, with the number `add` takes.
    static func candidate(_ candidate: BookCandidate, number: Int) -> JSONValue {
        .object([
            "number": .int(number), "sources": .strings(candidate.sources.map(\.rawValue)),
            "title": .string(candidate.title), "subtitle": .optional(candidate.subtitle),
            "authors": .strings(candidate.authors), "published": .optional(candidate.year.map(String.init)),
            "isbn13": .optional(candidate.isbn13), "publisher": .optional(candidate.publisher),
            "language": .optional(candidate.language), "googleVolumeID": .optional(candidate.googleVolumeID),
            "openLibraryWork": .optional(candidate.openLibraryWorkKey),
        ])
    }
}

/// A JSON value that says `null` out loud: Swift's encoders leave a nil optional out.
enum JSONValue: Encodable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    static func optional(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }
    static func optional(_ number: Double?) -> JSONValue { number.map(JSONValue.double) ?? .null }
    static func strings(_ texts: [String]) -> JSONValue { .array(texts.map(JSONValue.string)) }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let fields):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in fields { try container.encode(value, forKey: Key(stringValue: key)) }
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value): try Self.encode(single: value, to: encoder)
        case .int(let value): try Self.encode(single: value, to: encoder)
        case .double(let value): try Self.encode(single: value, to: encoder)
        case .string(let value): try Self.encode(single: value, to: encoder)
        }
    }

    private static func encode(single value: some Encodable, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
