/// Renders parsed templates with a page model.
///
/// A name is looked for from the innermost value outwards (the section being rendered, the
/// sections around it, the page); `{{ }}` escapes with `MarkupEscaping.html`. Indentation of a
/// standalone partial is added where a line of its output begins, as swift-mustache added it.
struct MustacheRenderer {
    private let templates: [String: MustacheTemplate]
    private var stack: [TemplateValue]
    private var position: ListPosition?
    private var indentation: String?
    private var blocks: [String: MustacheTemplate]?
    /// How many partials and parents the template being rendered is inside.
    private var depth = 0
    /// A partial nested deeper than this includes itself, directly or not.
    static let depthLimit = 100
    private var tooDeep: String?

    /// Renders the template `name` of `templates` with `model`; nil when there is no such template.
    static func render(_ name: String, of templates: [String: MustacheTemplate], with model: some TemplateObject)
        throws(MustacheRenderError) -> String?
    {
        guard let template = templates[name] else { return nil }
        var renderer = MustacheRenderer(templates: templates, stack: [model.templateValue])
        let output = renderer.render(template)
        if let partial = renderer.tooDeep { throw MustacheRenderError.partialsTooDeep(partial: partial) }
        return output
    }

    private init(templates: [String: MustacheTemplate], stack: [TemplateValue]) {
        self.templates = templates
        self.stack = stack
    }

    private mutating func render(_ template: MustacheTemplate) -> String {
        var output = ""
        if let indentation, !indentation.isEmpty {
            for token in template.tokens {
                let rendered = render(token)
                if !rendered.isEmpty, output.last == "\n" { output += indentation }
                output += rendered
            }
        } else {
            for token in template.tokens { output += render(token) }
        }
        return output
    }

    private mutating func render(_ token: MustacheTemplate.Token) -> String {
        switch token {
        case .text(let text):
            return text
        case .variable(let name, let escaped):
            guard let value = lookUp(name) else { return "" }
            return escaped ? MarkupEscaping.html(value.text) : value.text
        case .section(let name, let body):
            switch lookUp(name) {
            case .list(let list)?:
                let saved = position
                defer { position = saved }
                var output = ""
                let count = list.count
                for index in 0..<count {
                    position = ListPosition(index: index, isLast: index == count - 1)
                    output += rendering(body, inside: list.element(at: index))
                }
                return output
            case .bool(let bool)?:
                return bool ? render(body) : ""
            case let value?:
                let saved = position
                defer { position = saved }
                position = nil
                return rendering(body, inside: value)
            case nil:
                return ""
            }
        case .invertedSection(let name, let body):
            switch lookUp(name) {
            case .list(let list)?:
                guard list.count == 0 else { return "" }
                let saved = position
                defer { position = saved }
                position = nil
                return rendering(body, inside: .list(list))
            case .bool(let bool)?:
                return bool ? "" : render(body)
            case .some:
                return ""
            case nil:
                return render(body)
            }
        case .block(let name, let defaultBody, let blockIndentation):
            return rendering(blocks?[name] ?? defaultBody, indentedBy: blockIndentation, blocks: blocks)
        case .partial(let name, let partialIndentation, let overrides):
            guard let template = templates[name] else { return "" }
            guard depth < MustacheRenderer.depthLimit else {
                tooDeep = name
                return ""
            }
            depth += 1
            defer { depth -= 1 }
            var inherited = blocks
            if let overrides {
                // The outermost template's version of a block wins.
                inherited = blocks.map { $0.merging(overrides) { outer, _ in outer } } ?? overrides
            }
            return rendering(template, indentedBy: partialIndentation, blocks: inherited)
        case .blockDefinition:
            return ""
        }
    }

    /// Renders `template` with `value` as the innermost value.
    private mutating func rendering(_ template: MustacheTemplate, inside value: TemplateValue) -> String {
        stack.append(value)
        defer { stack.removeLast() }
        return render(template)
    }

    /// Renders a partial or a block: further indented, with these blocks, outside any list.
    private mutating func rendering(
        _ template: MustacheTemplate, indentedBy extra: String?, blocks inner: [String: MustacheTemplate]?
    ) -> String {
        let saved = (indentation, blocks, position)
        defer { (indentation, blocks, position) = saved }
        if let extra { indentation = (indentation ?? "") + extra }
        blocks = inner
        position = nil
        return render(template)
    }

    /// The value `name` stands for, its transforms applied.
    private func lookUp(_ name: MustacheName) -> TemplateValue? {
        var transforms = name.transforms[...]
        var value: TemplateValue?
        switch name.lookup {
        case .current:
            value = stack.last
        case .position:
            guard let position, let first = transforms.popFirst() else { return nil }
            value = TemplateValue.position(position, first)
        case .anchored(let parts):
            value = stack.last
            for part in parts { value = value?.child(part) }
        case .path(let parts):
            for entry in stack.reversed() {
                if let found = entry.child(parts[0]) {
                    value = found
                    break
                }
            }
            for part in parts.dropFirst() { value = value?.child(part) }
        }
        for transform in transforms {
            value = value?.transformed(by: transform)
        }
        return value
    }
}

/// A template that cannot be rendered whatever the model.
enum MustacheRenderError: Error, Equatable, CustomStringConvertible {
    case partialsTooDeep(partial: String)

    var description: String {
        switch self {
        case .partialsTooDeep(let partial):
            "partials are nested more than \(MustacheRenderer.depthLimit) deep at '\(partial)': "
                + "does a partial include itself?"
        }
    }
}
