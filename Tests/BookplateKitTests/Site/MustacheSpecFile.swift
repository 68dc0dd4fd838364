import Foundation

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// One file of the official Mustache spec (`Fixtures/mustache-spec/*.json`): its test cases.
struct MustacheSpecFile: Decodable {
    let tests: [MustacheSpecCase]

    /// A case: `template` rendered with `data` and `partials` must give `expected`.
    struct MustacheSpecCase: Decodable {
        let name: String
        let desc: String
        let data: MustacheSpecJSON
        let template: String
        let partials: [String: String]?
        let expected: String
    }
}

/// The spec's `data` as the renderer sees a page model: objects answer for their fields by name,
/// arrays are lists, and a `null` field is a field with nothing in it (`TemplateValue.null`).
enum MustacheSpecJSON: Decodable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case decimal(Double)
    case string(String)
    case array([MustacheSpecJSON])
    case object([String: MustacheSpecJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Bool before numbers and Int before Double, so that `true` stays a boolean and `85` renders
        // "85", not "85.0".
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let decimal = try? container.decode(Double.self) {
            self = .decimal(decimal)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([MustacheSpecJSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: MustacheSpecJSON].self))
        }
    }

    /// The renderer's value.
    ///
    /// Page models hand templates numbers already written out, so the renderer has no decimals: a
    /// decimal is the text it renders as (`1.5` as "1.5"), which is also how a section treats it.
    func templateValue() -> TemplateValue {
        switch self {
        case .null: return .null
        case .bool(let bool): return .bool(bool)
        case .int(let int): return .int(int)
        case .decimal(let decimal): return .string(String(decimal))
        case .string(let string): return .string(string)
        case .array(let elements):
            return .list(elements.map { $0.templateValue() })
        case .object(let fields):
            return .object(MustacheTests.Fields(fields.mapValues { $0.templateValue() }))
        }
    }
}

/// The spec's `data` at the top of the context stack, whatever its kind: cases render a string or
/// a list as the whole context (`{{.}}`), which no page model is.
struct MustacheSpecContext: TemplateObject {
    let root: TemplateValue?

    var templateValue: TemplateValue { root ?? .object(MustacheTests.Fields()) }

    func value(forKey key: String) -> TemplateValue? { templateValue.child(key) }
}
