import BookplateCore
import Foundation

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
    /// Inside an indented partial, where each template and section body being rendered began in
    /// the output, and where the tag it renders for did (before a list's first element).
    private var levels: [(start: Int, sectionStart: Int)] = []
    private var blocks: [String: MustacheTemplate]?
    /// The partials, parents and blocks the template being rendered is inside, outermost first:
    /// at a limit, the one that includes itself is found among them.
    private var entered: [IncludedTemplate] = []
    /// Partials or blocks nested deeper than this include themselves, directly or not.
    static let depthLimit = 100
    /// The template, partial or block being rendered, to name in an error.
    private var templateName: String
    /// How many templates, partials, blocks and sections' bodies the renderer is inside.
    private var nesting = 0
    /// The template the page is rendered with, first of those ``UnknownName/templates`` lists.
    private let pageTemplate: String
    /// The names looked up that nothing around them has, in the order they were met.
    private var unknownNames: [UnknownName] = []
    /// Whether a partial named by the model (`{{>*name}}`) is being rendered.
    private var inDynamicPartial = false
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
        try renderData(name, of: templates, with: model, globals: globals, unescaped: unescaped).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Renders as ``render(_:of:with:globals:unescaped:)-swift.type.method`` does, into the bytes
    /// of a page; nil when there is no such template.
    package static func renderData(
        _ name: String, of templates: [String: MustacheTemplate], with model: TemplateValue,
        globals: (any TemplateObject)? = nil, unescaped: UnescapedOutput = .sanitizedHTMLOnly
    ) throws(MustacheRenderError) -> Data? {
        var unknown: [UnknownName] = []
        return try renderData(
            name, of: templates, with: model, globals: globals, unescaped: unescaped, unknownNames: &unknown)
    }

    /// Renders as ``renderData(_:of:with:globals:unescaped:)`` does, and adds to `unknownNames`
    /// each name of a tag that nothing around it had, once: a misspelt name renders as nothing,
    /// as Mustache has it, and a theme's author is told. A section's name is not among them:
    /// `{{#name}}` asks whether there is one.
    package static func renderData(
        _ name: String, of templates: [String: MustacheTemplate], with model: TemplateValue,
        globals: (any TemplateObject)?, unescaped: UnescapedOutput = .sanitizedHTMLOnly,
        unknownNames: inout [UnknownName]
    ) throws(MustacheRenderError) -> Data? {
        guard let template = templates[name] else { return nil }
        var renderer = MustacheRenderer(
            templates: templates, unescaped: unescaped, templateName: name,
            stack: (globals.map { [$0.templateValue] } ?? []) + [model])
        var output = RenderedBytes()
        try renderer.render(template.program, 0..<template.program.instructions.count, into: &output)
        for unknown in renderer.unknownNames where !unknownNames.contains(unknown) { unknownNames.append(unknown) }
        return output.data()
    }

    private init(
        templates: [String: MustacheTemplate], unescaped: UnescapedOutput, templateName: String,
        stack: [TemplateValue]
    ) {
        self.templates = templates
        self.unescaped = unescaped
        self.templateName = templateName
        self.pageTemplate = templateName
        self.stack = stack
    }

    /// Appends the output of `program`'s instructions in `range` (a template, or a section's
    /// body) to `output`. Everything is written into the one buffer of the page, not into a
    /// string per section, partial and block that its parent then copies: an index page of 50,000
    /// books was 38 MB held three times over.
    private mutating func render(
        _ program: MustacheProgram, _ range: Range<Int>, sectionStart: Int? = nil, into output: inout RenderedBytes
    ) throws(MustacheRenderError) {
        guard nesting < MustacheRenderer.nestingLimit else {
            throw MustacheRenderer.recursion(in: entered) ?? .sectionsNestedTooDeep(name: templateName)
        }
        nesting += 1
        defer { nesting -= 1 }
        if indentation != nil { levels.append((output.count, sectionStart ?? output.count)) }
        defer { if indentation != nil { levels.removeLast() } }
        var index = range.lowerBound
        while index < range.upperBound {
            let instruction = program.instructions[index]
            index += 1
            switch instruction {
            case .text(let start, let count):
                let text = UnsafeBufferPointer(rebasing: program.text[start..<start + count])
                if indentation == nil {
                    output.append(text)
                } else {
                    appendIndented(text, into: &output)
                }
            case .variable(let name, let escaped):
                guard let value = lookUp(name, in: program) else { continue }
                let text: String
                switch (escaped, value, unescaped) {
                case (false, .html, _), (false, _, .anyValue): text = value.text
                default: text = MarkupEscaping.html(value.text)
                }
                if !text.isEmpty, indentation != nil { indent(&output) }
                output.append(text)
            case .section(let name, let end):
                defer { index = end }
                // `{{#name}}` asks whether the page has it: a layout's `{{#isbn13}}` on the pages
                // that have none is no misspelling.
                switch lookUp(name, in: program, notingUnknown: false) {
                case .list(let list)?:
                    let count = list.count
                    let start = output.count
                    for element in 0..<count {
                        let at = ListPosition(index: element, isLast: element == count - 1)
                        try render(
                            program, index..<end, pushing: list.element(at: element), at: at, sectionStart: start,
                            into: &output)
                    }
                case .bool(let bool)?:
                    if bool { try render(program, index..<end, into: &output) }
                case .null?, nil:
                    break
                case let value?:
                    try render(program, index..<end, pushing: value, at: nil, into: &output)
                }
            case .invertedSection(let name, let end):
                defer { index = end }
                switch lookUp(name, in: program, notingUnknown: false) {
                case .list(let list)?:
                    guard list.count == 0 else { break }
                    try render(program, index..<end, pushing: .list(list), at: nil, into: &output)
                case .bool(let bool)?:
                    if !bool { try render(program, index..<end, into: &output) }
                case .null?, nil:
                    try render(program, index..<end, into: &output)
                case .some:
                    break
                }
            case .block(let block):
                let block = program.blocks[block]
                try renderNested(
                    blocks?[block.name] ?? block.body, as: IncludedTemplate(name: block.name, kind: .block),
                    indentedBy: block.indentation, blocks: blocks, into: &output)
            case .partial(let partial):
                let partial = program.partials[partial]
                guard let name = templateName(partial.target, in: program), let template = templates[name] else {
                    continue
                }
                var inherited = blocks
                if let overrides = partial.blocks {
                    // The outermost template's version of a block wins.
                    inherited = blocks.map { $0.merging(overrides) { outer, _ in outer } } ?? overrides
                }
                var included = IncludedTemplate(name: name, kind: partial.blocks == nil ? .partial : .parent)
                if case .dynamic = partial.target { included.byModel = true }
                guard case .dynamic(let nameIndex) = partial.target, !inDynamicPartial else {
                    try renderNested(
                        template, as: included, indentedBy: partial.indentation, blocks: inherited, into: &output)
                    continue
                }
                // Named by the data (a shelf an import named `layout`), a template that includes
                // itself without end shows nothing there and is noted, as a misspelt name is: no
                // value can stop a build. A template the data names that includes itself a few
                // times, as its data nests, is rendered (the Mustache spec's recursion).
                let start = output.count
                inDynamicPartial = true
                defer { inDynamicPartial = false }
                do {
                    try renderNested(
                        template, as: included, indentedBy: partial.indentation, blocks: inherited, into: &output)
                } catch .includesItself(let again, let through) where ([again] + through).contains(where: \.byModel) {
                    // Only a loop that goes through a name the data gives is the data's doing: a
                    // partial of the theme's that includes itself below the one the data names
                    // stops the build, as anywhere else (it was said as the named one including
                    // itself, and the build went on: found by a review).
                    output.removeAll(after: start)
                    let tag = program.names[nameIndex]
                    note(
                        UnknownName(
                            name: MustacheRenderer.written(tag, in: program), offset: tag.offset,
                            templates: templatesEntered, kind: .includingItself(template: name)))
                }
            }
        }
    }

    /// Inside an indented partial, the indentation goes before what is written at the start of a
    /// line, as swift-mustache had it: a template, or a section's body for one element, indents
    /// the lines it starts after its first; its first line is indented where the text around it
    /// would indent it there. So an element of a list after the first is not indented.
    private func indent(_ output: inout RenderedBytes) {
        guard let indentation else { return }
        let at = output.count
        for level in levels.reversed() {
            if at > level.start {
                if output.endsWithLineFeed(since: level.start) { output.append(indentation) }
                return
            }
            // Output of the same tag came before (an earlier element): it was placed as a whole.
            if at > level.sectionStart { return }
        }
    }

    /// Appends `text` a line at a time, each indented.
    private func appendIndented(_ text: UnsafeBufferPointer<UInt8>, into output: inout RenderedBytes) {
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != UInt8(ascii: "\n") { end += 1 }
            if end < text.count { end += 1 }
            indent(&output)
            output.append(UnsafeBufferPointer(rebasing: text[start..<end]))
            start = end
        }
    }

    /// Renders a section's body with `value` as the innermost value, at `position` in a list or
    /// outside any.
    private mutating func render(
        _ program: MustacheProgram, _ body: Range<Int>, pushing value: TemplateValue, at position: ListPosition?,
        sectionStart: Int? = nil, into output: inout RenderedBytes
    ) throws(MustacheRenderError) {
        let saved = self.position
        self.position = position
        stack.append(value)
        defer {
            stack.removeLast()
            self.position = saved
        }
        try render(program, body, sectionStart: sectionStart, into: &output)
    }

    /// Renders a partial, a parent or a block: further indented, with these blocks, outside any
    /// list's position.
    private mutating func renderNested(
        _ template: MustacheTemplate, as included: IncludedTemplate, indentedBy extra: String?,
        blocks inner: [String: MustacheTemplate]?, into output: inout RenderedBytes
    ) throws(MustacheRenderError) {
        guard entered.count < MustacheRenderer.depthLimit else {
            throw MustacheRenderer.recursion(in: entered) ?? .nestedTooDeep(name: included.name)
        }
        let saved = (indentation, blocks, position, templateName)
        defer { (indentation, blocks, position, templateName) = saved }
        if let extra, !extra.isEmpty { indentation = (indentation ?? "") + extra }
        blocks = inner
        position = nil
        entered.append(included)
        defer { entered.removeLast() }
        templateName = included.name
        try render(template.program, 0..<template.program.instructions.count, into: &output)
    }

    /// The partial, parent or block that includes itself, when the last of `entered` go round:
    /// the shortest run of them that ends the list and comes twice in a row. The error named the
    /// one rendered when a limit was reached, often another partial (`partials/cover`) or a
    /// parent's block (found by an exploratory session). Of the run, a partial is the one that
    /// includes itself, the parent and blocks it goes through between; of two partials, the one
    /// rendered first. Nil when nothing repeats: the nesting is deep but ends.
    static func recursion(in entered: [IncludedTemplate]) -> MustacheRenderError? {
        let count = entered.count
        guard count >= 2 else { return nil }
        for period in 1...(count / 2)
        where entered[(count - period)...].elementsEqual(entered[(count - 2 * period)..<(count - period)]) {
            let run = Array(entered[(count - period)...])
            func rank(_ index: Int) -> (Int, Int) {
                let kind = [IncludedTemplate.Kind.partial, .parent, .block].firstIndex(of: run[index].kind) ?? 0
                return (kind, entered.firstIndex(of: run[index]) ?? index)
            }
            guard let first = run.indices.min(by: { rank($0) < rank($1) }) else { return nil }
            return .includesItself(run[first], through: Array(run[(first + 1)...] + run[..<first]))
        }
        return nil
    }

    /// The template a partial or parent tag names: for `{{>*name}}`, the text `{{name}}` would show
    /// here; nil when that is nothing.
    private mutating func templateName(_ target: MustacheProgram.Partial.Target, in program: MustacheProgram)
        -> String?
    {
        switch target {
        case .fixed(let text):
            return text
        case .dynamic(let name):
            guard let text = lookUp(name, in: program)?.text, !text.isEmpty else { return nil }
            return text
        }
    }

    /// The value ``MustacheProgram/names``[`index`] stands for, its transforms applied. A name
    /// that nothing around it has (not a field with nothing in it: a model's empty optional is
    /// ``TemplateValue/null``) is noted in ``unknownNames`` when `notingUnknown`; a transform
    /// given a value it does not apply to always is: a section's name asks whether the page has
    /// it, but `{{#sorted(authors)}}` asks nothing, and showed nothing without a word (found by an
    /// audit of templates/README.md).
    private mutating func lookUp(_ index: Int, in program: MustacheProgram, notingUnknown: Bool = true)
        -> TemplateValue?
    {
        let name = program.names[index]
        let keys = program.keys
        var transforms = name.transforms
        var value: TemplateValue?
        switch name.lookup {
        case .current:
            value = stack.last
        case .position:
            guard let position, let first = transforms.popFirst() else { return nil }
            value = TemplateValue.position(position, keys[first])
        case .anchored:
            value = stack.last
            for part in name.parts {
                guard let inside = value else { break }
                value = inside.child(keys[part])
                if value == nil, notingUnknown { noteUnknown(name, in: program, after: inside) }
            }
        case .path:
            let first = keys[name.parts.lowerBound]
            value = stack.withUnsafeBufferPointer { stack in
                for entry in stack.indices.reversed() {
                    if let found = stack[entry].child(first) { return found }
                }
                return nil
            }
            if value == nil, notingUnknown { noteUnknown(name, in: program, after: nil) }
            for part in name.parts.dropFirst() {
                guard let inside = value else { break }
                value = inside.child(keys[part])
                if value == nil, notingUnknown { noteUnknown(name, in: program, after: inside) }
            }
        }
        for transform in transforms {
            guard let current = value else { break }
            value = current.transformed(by: keys[transform])
            if value == nil, let misfit = current.misfit(of: keys[transform]) {
                let (written, tag) = (
                    MustacheRenderer.written(name, in: program), MustacheRenderer.withTransforms(name, in: program)
                )
                note(
                    UnknownName(
                        name: written, offset: name.offset, templates: templatesEntered,
                        kind: .misfit(tag: tag, problem: misfit), transforms: tag.count - written.count))
            }
        }
        return value
    }

    /// `name` as its tag writes it, with its transforms: `uppercased(first(authors))`.
    private static func withTransforms(_ name: MustacheProgram.Name, in program: MustacheProgram) -> String {
        name.transforms.reduce(written(name, in: program)) { inner, transform in
            "\(program.keys[transform])(\(inner))"
        }
    }

    /// Notes `name` as unknown, unless the value it was looked for in, `inside`, holds nothing
    /// (`{{rating.stars}}` of a book with no rating).
    private mutating func noteUnknown(
        _ name: MustacheProgram.Name, in program: MustacheProgram, after inside: TemplateValue?
    ) {
        if case .null? = inside { return }
        let written = MustacheRenderer.written(name, in: program)
        note(
            UnknownName(
                name: written, offset: name.offset, templates: templatesEntered,
                transforms: MustacheRenderer.withTransforms(name, in: program).count - written.count))
    }

    /// `name` as its tag writes it, without its transforms: `book.title`, `.title`.
    private static func written(_ name: MustacheProgram.Name, in program: MustacheProgram) -> String {
        (name.lookup == .anchored ? "." : "") + name.parts.map { program.keys[$0] }.joined(separator: ".")
    }

    /// The templates a tag being rendered can be in, innermost first (``UnknownName/templates``).
    private var templatesEntered: [String] {
        entered.reversed().filter { $0.kind != .block }.map(\.name) + [pageTemplate]
    }

    private mutating func note(_ unknown: UnknownName) {
        if !unknownNames.contains(unknown) { unknownNames.append(unknown) }
    }
}

/// A tag that showed nothing when a page was rendered: a name that nothing around it had
/// (misspelt, most likely), a partial the model named that would include itself, or a transform
/// given a value it does not apply to.
package struct UnknownName: Sendable, Hashable {
    /// The name as the tag has it, without its transforms: `titel`, `book.titel`, `t.titel`.
    package var name: String
    /// Where the tag begins in its template's text, in characters.
    package var offset: Int
    /// The templates the tag can be in, innermost first: the partials and parents the renderer
    /// was inside, then the page's template (a block's tag is in one of them).
    package var templates: [String]
    /// Why the tag showed nothing.
    package var kind = Kind.nothingHasIt
    /// How many characters the tag's transforms add to its name (`uppercased()`: 12), which
    /// come before the name in the tag.
    package var transforms = 0

    package enum Kind: Sendable, Hashable {
        /// Nothing around the tag had its name.
        case nothingHasIt
        /// A partial named by the model (`{{>*name}}`, ``UnknownName/name`` without its `>*`):
        /// the template it named, which included itself without end.
        case includingItself(template: String)
        /// A transform that does not apply to the value it was given: the name with its
        /// transforms as the tag writes them (`uppercased(rating)`), and why ("uppercased
        /// applies to text, not to a number").
        case misfit(tag: String, problem: String)
    }
}

/// A partial, parent or block as the renderer enters it, to name in an error.
package struct IncludedTemplate: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// `{{> name}}`.
        case partial
        /// `{{< name}}`, whose blocks the including template fills.
        case parent
        /// `{{$name}}`.
        case block
    }
    package var name: String
    package var kind: Kind
    /// Whether a partial tag named it by a value of the model (`{{>*name}}`). Not part of what
    /// makes two the same: a template entered again is the same however it was named.
    package var byModel = false

    package init(name: String, kind: Kind, byModel: Bool = false) {
        self.name = name
        self.kind = kind
        self.byModel = byModel
    }

    package static func == (one: IncludedTemplate, other: IncludedTemplate) -> Bool {
        one.name == other.name && one.kind == other.kind
    }

    /// "the partial 'partials/card'", "the block 'content'".
    var described: String {
        switch kind {
        case .partial: "the partial '\(name)'"
        case .parent: "the parent '\(name)'"
        case .block: "the block '\(name)'"
        }
    }
}

/// A template that cannot be rendered whatever the model.
package enum MustacheRenderError: Error, Equatable, CustomStringConvertible {
    /// Partials, parents and blocks nested past ``MustacheRenderer/depthLimit``, none repeating.
    case nestedTooDeep(name: String)
    /// Sections inside partials inside sections…, nested past ``MustacheRenderer/nestingLimit``.
    case sectionsNestedTooDeep(name: String)
    /// A partial, parent or block that includes itself until a limit is reached: directly, or
    /// through the others named, in the order they are rendered in.
    case includesItself(IncludedTemplate, through: [IncludedTemplate])

    package var description: String {
        switch self {
        case .includesItself(let included, let through):
            let chain = through.map(\.described)
            let joined = chain.isEmpty ? "" : " through \(chain.joinedAsList)"
            return "\(included.described) includes itself\(joined) without end: "
                + "remove that tag, or put it in a section whose data ends"
        case .nestedTooDeep(let name):
            return "partials and blocks are nested more than \(MustacheRenderer.depthLimit) deep at '\(name)': "
                + "include fewer of them inside one another"
        case .sectionsNestedTooDeep(let name):
            return "sections, partials and blocks are nested more than \(MustacheRenderer.nestingLimit) deep at "
                + "'\(name)': include fewer of them inside one another"
        }
    }
}
