import BookplateCore

/// What `{{{name}}}` and `{{&name}}` write without escaping.
package enum UnescapedOutput: Sendable {
    /// Only ``SanitizedHTML``; any other value is escaped as `{{name}}` escapes it, so a theme
    /// that triple-braces a title cannot publish a catalog's markup. How the site renders.
    case sanitizedHTMLOnly
    /// Any value, as the Mustache spec has it.
    case anyValue
}

/// Renders parsed templates with a page model.
///
/// A name is looked for from the innermost value outwards (the section being rendered, the
/// sections around it, the page); `{{ }}` escapes with `MarkupEscaping.html`. Indentation of a
/// standalone partial is added where a line of its output begins, as swift-mustache added it.
package struct MustacheRenderer {
    private let templates: [String: MustacheTemplate]
    private let unescaped: UnescapedOutput
    private var stack: [TemplateValue]
    private var position: ListPosition?
    private var indentation: String?
    private var blocks: [String: MustacheTemplate]?
    /// How many partials, parents and blocks the template being rendered is inside.
    private var depth = 0
    /// Partials or blocks nested deeper than this include themselves, directly or not.
    static let depthLimit = 100
    /// The template, partial or block being rendered, to name in an error.
    private var templateName: String
    /// How many templates, partials, blocks and sections' bodies the renderer is inside.
    private var nesting = 0
    /// Each template nests at most ``MustacheTemplate/nestingLimit`` deep, but partials stack
    /// them. Past this, rendering could run out of stack: a level takes some 1 KB in a release build
    /// (4 KB in a debug one), and a thread of Dispatch on macOS has 512 KB.
    static let nestingLimit = 300

    /// Renders the template `name` of `templates` with `model`; nil when there is no such template.
    /// `globals` answers for names no part of the model has (the site's words, `t`). A partial or
    /// block that includes itself without end is an error, not a crash.
    package static func render(
        _ name: String, of templates: [String: MustacheTemplate], with model: some TemplateObject,
        globals: (any TemplateObject)? = nil, unescaped: UnescapedOutput = .sanitizedHTMLOnly
    ) throws(MustacheRenderError) -> String? {
        try render(name, of: templates, with: model.templateValue, globals: globals, unescaped: unescaped)
    }

    /// Renders the template `name` of `templates` with `model`, a model as ``EncodedModel`` made
    /// it; nil when there is no such template.
    package static func render(
        _ name: String, of templates: [String: MustacheTemplate], with model: TemplateValue,
        globals: (any TemplateObject)? = nil, unescaped: UnescapedOutput = .sanitizedHTMLOnly
    ) throws(MustacheRenderError) -> String? {
        guard let template = templates[name] else { return nil }
        var renderer = MustacheRenderer(
            templates: templates, unescaped: unescaped, templateName: name,
            stack: (globals.map { [$0.templateValue] } ?? []) + [model])
        var output = ""
        try renderer.render(template, into: &output)
        return output
    }

    private init(
        templates: [String: MustacheTemplate], unescaped: UnescapedOutput, templateName: String,
        stack: [TemplateValue]
    ) {
        self.templates = templates
        self.unescaped = unescaped
        self.templateName = templateName
        self.stack = stack
    }

    /// Appends the template's output to `output`. Everything is written into the one string of
    /// the page, not into a string per section, partial and block that its parent then copies: an
    /// index page of 50,000 books was 38 MB held three times over.
    private mutating func render(_ template: MustacheTemplate, into output: inout String) throws(MustacheRenderError) {
        guard nesting < MustacheRenderer.nestingLimit else {
            throw MustacheRenderError.sectionsNestedTooDeep(name: templateName)
        }
        nesting += 1
        defer { nesting -= 1 }
        guard let indentation, !indentation.isEmpty else {
            for token in template.joinedTokens { try render(token, into: &output) }
            return
        }
        // Indented (a standalone partial's output): each line this template starts is indented,
        // so its output is made on its own.
        var own = ""
        for token in template.tokens {
            var rendered = ""
            try render(token, into: &rendered)
            if !rendered.isEmpty, own.last == "\n" { own += indentation }
            own += rendered
        }
        output += own
    }

    private mutating func render(_ token: MustacheTemplate.Token, into output: inout String)
        throws(MustacheRenderError)
    {
        switch token {
        case .text(let text):
            output += text
        case .variable(let name, let escaped):
            guard let value = lookUp(name) else { return }
            switch (escaped, value, unescaped) {
            case (false, .html, _), (false, _, .anyValue): output += value.text
            default: output += MarkupEscaping.html(value.text)
            }
        case .section(let name, let body):
            switch lookUp(name) {
            case .list(let list)?:
                let count = list.count
                for index in 0..<count {
                    let at = ListPosition(index: index, isLast: index == count - 1)
                    try render(body, pushing: list.element(at: index), at: at, into: &output)
                }
            case .bool(let bool)?:
                if bool { try render(body, into: &output) }
            case .null?:
                return
            case let value?:
                try render(body, pushing: value, at: nil, into: &output)
            case nil:
                return
            }
        case .invertedSection(let name, let body):
            switch lookUp(name) {
            case .list(let list)?:
                guard list.count == 0 else { return }
                try render(body, pushing: .list(list), at: nil, into: &output)
            case .bool(let bool)?:
                if !bool { try render(body, into: &output) }
            case .null?, nil:
                try render(body, into: &output)
            case .some:
                return
            }
        case .block(let name, let defaultBody, let blockIndentation):
            try renderNested(
                blocks?[name] ?? defaultBody, named: name, indentedBy: blockIndentation, blocks: blocks, into: &output)
        case .partial(let partialName, let partialIndentation, let overrides):
            guard let name = templateName(partialName), let template = templates[name] else { return }
            var inherited = blocks
            if let overrides {
                // The outermost template's version of a block wins.
                inherited = blocks.map { $0.merging(overrides) { outer, _ in outer } } ?? overrides
            }
            try renderNested(template, named: name, indentedBy: partialIndentation, blocks: inherited, into: &output)
        case .blockDefinition:
            preconditionFailure("a block definition is only ever one of its parent's overrides")
        }
    }

    /// Renders a section's body with `value` as the innermost value, at `position` in a list or
    /// outside any.
    private mutating func render(
        _ template: MustacheTemplate, pushing value: TemplateValue, at position: ListPosition?,
        into output: inout String
    ) throws(MustacheRenderError) {
        let saved = self.position
        self.position = position
        stack.append(value)
        defer {
            stack.removeLast()
            self.position = saved
        }
        try render(template, into: &output)
    }

    /// Renders a partial, a parent or a block: further indented, with these blocks, outside any
    /// list's position.
    private mutating func renderNested(
        _ template: MustacheTemplate, named name: String, indentedBy extra: String?,
        blocks inner: [String: MustacheTemplate]?, into output: inout String
    ) throws(MustacheRenderError) {
        guard depth < MustacheRenderer.depthLimit else { throw MustacheRenderError.nestedTooDeep(name: name) }
        let saved = (indentation, blocks, position, depth, templateName)
        defer { (indentation, blocks, position, depth, templateName) = saved }
        if let extra { indentation = (indentation ?? "") + extra }
        blocks = inner
        position = nil
        depth += 1
        templateName = name
        try render(template, into: &output)
    }

    /// The template a partial or parent tag names: for `{{>*name}}`, the text `{{name}}` would show
    /// here; nil when that is nothing.
    private func templateName(_ name: PartialName) -> String? {
        switch name {
        case .fixed(let text):
            return text
        case .dynamic(let name):
            guard let text = lookUp(name)?.text, !text.isEmpty else { return nil }
            return text
        }
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
package enum MustacheRenderError: Error, Equatable, CustomStringConvertible {
    case nestedTooDeep(name: String)
    /// Sections inside partials inside sections…, nested past ``MustacheRenderer/nestingLimit``.
    case sectionsNestedTooDeep(name: String)

    package var description: String {
        switch self {
        case .nestedTooDeep(let name):
            "partials and blocks are nested more than \(MustacheRenderer.depthLimit) deep at '\(name)': "
                + "does a partial or block include itself?"
        case .sectionsNestedTooDeep(let name):
            "sections, partials and blocks are nested more than \(MustacheRenderer.nestingLimit) deep at "
                + "'\(name)': does a partial include itself inside a section?"
        }
    }
}
