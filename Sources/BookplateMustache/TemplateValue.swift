import BookplateCore
import Foundation

/// A value a template can show, test or iterate over.
///
/// Page models answer for their fields by name (`TemplateObject`) with these values; rendering
/// never casts or reflects. A field the model does not have is `nil`, and its name is looked for
/// further out; a field it has with nothing in it is ``null``, and stops the search there, so that
/// a highlight without a note inside a book's page does not show the book's note.
package enum TemplateValue: Sendable {
    case string(String)
    /// Markup made safe to publish: the one value `{{{ }}}` writes unescaped on a site page.
    case html(SanitizedHTML)
    case int(Int)
    case bool(Bool)
    case list(TemplateListReference)
    case object(TemplateObjectReference)
    /// A field with nothing in it: shows nothing, and a section over it is skipped.
    case null

    /// The value's field `key`, if it has fields.
    func child(_ key: String) -> TemplateValue? {
        guard case .object(let object) = self else { return nil }
        return object.value(forKey: key)
    }

    /// How `{{name}}` shows the value before escaping. A list or an object shows nothing.
    var text: String {
        switch self {
        case .string(let string): string
        case .html(let html): html.html
        case .int(let int): String(int)
        case .bool(let bool): bool ? "true" : "false"
        case .list, .object, .null: ""
        }
    }
}

/// A page model, or a part of one, that templates read field by field.
package protocol TemplateObject: TemplateRepresentable, Sendable {
    /// The field named `key`; nil when there is no such field or it holds nothing.
    func value(forKey key: String) -> TemplateValue?
}

extension TemplateObject {
    package var templateValue: TemplateValue { .object(self) }
}

/// An object as a template value holds it: by one reference, so that copying a value as the
/// renderer passes it around is a word and a retain, not an existential's five words. Not
/// generic: a generic box's type was looked up at run time for every field a page read.
///
/// A page model encoded for its page is a ``TemplateRecord``; an object made by hand (the site's
/// words, a test's values) is held as it is.
package class TemplateObjectReference: @unchecked Sendable {
    /// The field named `key`; nil when there is no such field.
    package func value(forKey key: String) -> TemplateValue? { nil }
}

/// A ``TemplateObject`` held by reference.
private final class HeldTemplateObject: TemplateObjectReference, @unchecked Sendable {
    let object: any TemplateObject
    init(_ object: any TemplateObject) { self.object = object }
    override func value(forKey key: String) -> TemplateValue? { object.value(forKey: key) }
}

/// A list as a template value holds it, by one reference.
package final class TemplateListReference: Sendable {
    let list: any TemplateList
    init(_ list: any TemplateList) { self.list = list }
    var count: Int { list.count }
    func element(at index: Int) -> TemplateValue { list.element(at: index) }
    var isSortable: Bool { list.isSortable }
}

/// A list a section repeats for, read an element at a time.
package protocol TemplateList: Sendable {
    var count: Int { get }
    func element(at index: Int) -> TemplateValue
    /// Whether the `sorted` transform applies: a list of text or numbers, even an empty one, but
    /// never a list of page models.
    var isSortable: Bool { get }
}

/// Anything that has a template value: the field types of page models.
package protocol TemplateRepresentable: Sendable {
    var templateValue: TemplateValue { get }
}

extension SanitizedHTML: TemplateRepresentable {
    package var templateValue: TemplateValue { .html(self) }
}

extension String: TemplateRepresentable {
    package var templateValue: TemplateValue { .string(self) }
}

extension Int: TemplateRepresentable {
    package var templateValue: TemplateValue { .int(self) }
}

extension Bool: TemplateRepresentable {
    package var templateValue: TemplateValue { .bool(self) }
}

extension TemplateValue: TemplateRepresentable {
    package var templateValue: TemplateValue { self }
}

extension Array: TemplateList where Element: TemplateRepresentable {
    package func element(at index: Int) -> TemplateValue { self[index].templateValue }

    /// Lists of `TemplateValue` (made by hand, in tests) are sortable when their elements are.
    package var isSortable: Bool {
        Element.self == String.self || Element.self == Int.self || Element.self == TemplateValue.self
    }
}

extension Array: TemplateRepresentable where Element: TemplateRepresentable {
    package var templateValue: TemplateValue { .list(self) }
}

extension Optional where Wrapped: TemplateRepresentable {
    /// ``TemplateValue/null`` when there is nothing: the field is there, empty.
    package var templateValue: TemplateValue { self?.templateValue ?? .null }
}

extension TemplateValue {
    /// `object` as a value.
    package static func object(_ object: some TemplateObject) -> TemplateValue {
        .object(HeldTemplateObject(object))
    }

    /// `list` as a value.
    package static func list(_ list: some TemplateList) -> TemplateValue { .list(TemplateListReference(list)) }
}

/// A list's elements from last to first (the `reversed` transform).
private struct ReversedTemplateList: TemplateList {
    let base: TemplateListReference
    var count: Int { base.count }
    func element(at index: Int) -> TemplateValue { base.element(at: base.count - 1 - index) }
    var isSortable: Bool { base.isSortable }
}

/// Where the element being rendered stands in its list, for `first()`, `last()`, `index()`,
/// `even()` and `odd()`.
struct ListPosition: Sendable {
    var index: Int
    var isLast: Bool
}

extension TemplateValue {
    /// The value `transform` makes of this one: swift-mustache's transforms, by the kind of value
    /// they apply to. Nil when the transform does not apply.
    func transformed(by transform: String) -> TemplateValue? {
        switch self {
        case .string(let string):
            switch transform {
            case "empty": .bool(string.isEmpty)
            case "capitalized": .string(string.capitalized)
            case "lowercased": .string(string.lowercased())
            case "uppercased": .string(string.uppercased())
            case "reversed": .string(String(string.reversed()))
            default: nil
            }
        case .int(let int):
            switch transform {
            case "equalzero": .bool(int == 0)
            case "plusone": .int(int &+ 1)
            case "minusone": .int(int &- 1)
            case "even": .bool(int & 1 == 0)
            case "odd": .bool(int & 1 == 1)
            default: nil
            }
        case .list(let list):
            switch transform {
            case "first": list.count > 0 ? list.element(at: 0) : nil
            case "last": list.count > 0 ? list.element(at: list.count - 1) : nil
            case "reversed": .list(TemplateListReference(ReversedTemplateList(base: list)))
            case "count": .int(list.count)
            case "empty": .bool(list.count == 0)
            case "sorted": TemplateValue.sorted(list)
            default: nil
            }
        case .bool, .object, .html, .null:
            nil
        }
    }

    /// Why `transform` gave nothing of this value, as a warning says it ("uppercased applies to
    /// text, not to a number"); nil when there is nothing to say: the value holds nothing (a
    /// model's empty optional), or it is a list too short for `first` or `last`.
    func misfit(of transform: String) -> String? {
        let kind: String
        switch self {
        case .null: return nil
        case .list(let list) where list.isSortable || transform != "sorted":
            if transform == "first" || transform == "last" { return nil }
            kind = "a list"
        case .list: kind = "a list of other values"
        case .string: kind = "text"
        case .html: kind = "HTML"
        case .int: kind = "a number"
        case .bool: kind = "true or false"
        case .object: kind = "a group of fields"
        }
        let takes =
            switch transform {
            case "capitalized", "lowercased", "uppercased": "text"
            case "empty", "reversed": "text and lists"
            case "equalzero", "plusone", "minusone", "even", "odd": "numbers"
            case "sorted": "lists of text or of numbers"
            default: "lists"
            }
        return "\(transform) applies to \(takes), not to \(kind)"
    }

    /// A list of strings or of numbers in order; other lists cannot be sorted.
    private static func sorted(_ list: TemplateListReference) -> TemplateValue? {
        guard list.isSortable else { return nil }
        let elements = (0..<list.count).map { list.element(at: $0) }
        let strings = elements.compactMap { if case .string(let string) = $0 { string } else { nil } }
        if strings.count == elements.count { return strings.sorted().templateValue }
        let ints = elements.compactMap { if case .int(let int) = $0 { int } else { nil } }
        if ints.count == elements.count { return ints.sorted().templateValue }
        return nil
    }

    /// The transforms of a value, each one ``transformed(by:)`` applies to some kind of value: a
    /// tag naming any other is a syntax error.
    package static let transforms: Set<String> = [
        "capitalized", "count", "empty", "equalzero", "even", "first", "last", "lowercased", "minusone", "odd",
        "plusone", "reversed", "sorted", "uppercased",
    ]

    /// The transforms of the position in a list (`first()`), each one ``position(_:_:)`` knows.
    package static let positionTransforms: Set<String> = ["even", "first", "index", "last", "odd"]

    /// A position transform (`first()`, `index()`…) of the element being rendered.
    static func position(_ position: ListPosition, _ transform: String) -> TemplateValue? {
        switch transform {
        case "first": .bool(position.index == 0)
        case "last": .bool(position.isLast)
        case "index": .int(position.index)
        case "even": .bool(position.index & 1 == 0)
        case "odd": .bool(position.index & 1 == 1)
        default: nil
        }
    }
}
