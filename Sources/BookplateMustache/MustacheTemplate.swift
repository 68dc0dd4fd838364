import BookplateCore

/// A Mustache template, parsed once and rendered for every page.
///
/// Bookplate reads templates as swift-mustache 2 did when it rendered them (the theme's templates and
/// golden pages are byte for byte what they were): the Mustache spec's variables, sections,
/// inverted sections, comments, partials, set delimiters and standalone lines; template
/// inheritance (`{{<parent}}` … `{{$block}}` … `{{/parent}}`); and transforms such as
/// `{{^empty(authors)}}`; and the spec's dynamic partials (`{{>*name}}`, `{{<*name}}`), whose
/// partial is named by a value of the model. There are no lambdas (a model holds values only),
/// and a `{{% … }}` configuration tag is a syntax error. Where swift-mustache failed on a file
/// ending inside what could be a tag (`a {`), this reads text; `Fixtures/mustache/` holds random templates with what swift-mustache made of them.
package struct MustacheTemplate: Sendable {
    /// The tokens as read: what ``includedTemplates`` looks through, and what ``program`` is
    /// compiled from.
    let tokens: [Token]
    /// The same, as the renderer reads them.
    let program: MustacheProgram

    /// How deep sections, parents and blocks may nest in one template.
    package static let nestingLimit = 100

    indirect enum Token: Sendable {
        case text(String)
        case variable(MustacheName, escaped: Bool)
        /// A section's body is tokens, not a template: it is rendered from its template's program,
        /// where it lies inline after its tag.
        case section(MustacheName, [Token])
        case invertedSection(MustacheName, [Token])
        /// `{{$name}}…{{/name}}` in a template: the inheriting template's version, or this default.
        case block(String, default: MustacheTemplate, indentation: String)
        /// `{{> name}}`, or a parent `{{< name}}` with the blocks it overrides, and the names of
        /// those blocks with where each one's tag begins in the text (in characters), in order;
        /// `offset`, where the tag itself begins.
        case partial(
            PartialName, indentation: String?, blocks: [String: MustacheTemplate]?,
            blockTags: [(name: String, offset: Int)] = [], offset: Int)
        /// A block inside a parent tag, and where its tag begins: only found while parsing the
        /// parent's body.
        case blockDefinition(String, MustacheTemplate, offset: Int)
    }

    /// Parses `source`; a syntax error says what is wrong and where (as a character offset).
    package init(source: String) throws(MustacheSyntaxError) {
        var parser = MustacheParser(Array(source))
        self.init(tokens: try parser.parse(MustacheParser.State()))
    }

    /// The templates this one's partial and parent tags name, in its sections and blocks too, and
    /// whether a tag names one by a value of the model (`{{>*name}}`), which may be any. `parents`
    /// are those named by parent tags (`{{<layout}}`), which this template's output is made of.
    package var includedTemplates: (names: Set<String>, parents: Set<String>, anyByModel: Bool) {
        var names: Set<String> = []
        var parents: Set<String> = []
        var anyByModel = false
        forEachToken { token in
            guard case .partial(let name, _, let blocks, _, _) = token else { return }
            switch name {
            case .fixed(let text):
                names.insert(text)
                if blocks != nil { parents.insert(text) }
            case .dynamic: anyByModel = true
            }
        }
        return (names, parents, anyByModel)
    }

    /// The names of the blocks (`{{$name}}`) this template has for one built on it to fill,
    /// wherever they are in it.
    package var blockNames: Set<String> {
        var names: Set<String> = []
        forEachToken { token in
            if case .block(let name, _, _) = token { names.insert(name) }
        }
        return names
    }

    /// The parent tags naming a template (`{{<layout}}`, not `{{<*name}}`), each with the blocks
    /// it fills and where their tags begin in the text (in characters), and what it fills them
    /// with (rendered inside the parent, with its blocks).
    package var parentTags: [(parent: String, blocks: [(name: String, offset: Int)], bodies: [MustacheTemplate])] {
        var tags: [(String, [(name: String, offset: Int)], [MustacheTemplate])] = []
        forEachToken { token in
            if case .partial(.fixed(let parent), _, let bodies?, let blocks, _) = token {
                tags.append((parent, blocks, Array(bodies.values)))
            }
        }
        return tags
    }

    /// The partial and parent tags naming a template (`{{> card}}`, `{{<layout}}`, not
    /// `{{>*name}}`), with where each begins in the text (in characters) and whether it is outside
    /// every section, block and parent, in the text's order: where a tag is, whatever delimiters
    /// it was written with.
    package var partialTags: [(name: String, offset: Int, outermost: Bool)] {
        var outermost: Set<Int> = []
        for case .partial(.fixed, _, _, _, let offset) in tokens { outermost.insert(offset) }
        var tags: [(name: String, offset: Int, outermost: Bool)] = []
        forEachToken { token in
            if case .partial(.fixed(let name), _, _, _, let offset) = token {
                tags.append((name, offset, outermost.contains(offset)))
            }
        }
        return tags.sorted { $0.offset < $1.offset }
    }

    /// Calls `visit` with every token, those in sections, blocks and parents' blocks too.
    private func forEachToken(_ visit: (Token) -> Void) {
        var unread = [tokens]
        while let tokens = unread.popLast() {
            for token in tokens {
                visit(token)
                switch token {
                case .text, .variable:
                    break
                case .section(_, let body), .invertedSection(_, let body):
                    unread.append(body)
                case .blockDefinition(_, let body, _), .block(_, let body, _):
                    unread.append(body.tokens)
                case .partial(_, _, let blocks, _, _):
                    if let blocks { unread += blocks.values.map(\.tokens) }
                }
            }
        }
    }

    fileprivate init(tokens: [Token]) {
        self.tokens = tokens
        program = MustacheProgram(tokens)
    }
}

/// The name in a partial or parent tag.
enum PartialName: Sendable {
    /// `{{> partials/card}}`: the template of that name.
    case fixed(String)
    /// `{{>*name}}`: the template named by the value of `name`, looked up as `{{name}}` would be.
    case dynamic(MustacheName)

    /// Whether the tag names nothing (`{{>}}`, `{{>*}}`).
    var isEmpty: Bool {
        switch self {
        case .fixed(let text): text.isEmpty
        case .dynamic(let name): name.text.isEmpty && name.transforms.isEmpty
        }
    }
}

/// What a syntax error is and the offset (in characters) of the tag it is in.
package struct MustacheSyntaxError: Error, Equatable {
    var offset: Int
    package var problem: String
    /// For a section closed with another name, the section left open, and the offset of its
    /// opening tag.
    var unclosed: (name: String, offset: Int)?

    init(offset: Int, problem: String, unclosed: (name: String, offset: Int)? = nil) {
        self.offset = offset
        self.problem = problem
        self.unclosed = unclosed
    }

    package static func == (left: MustacheSyntaxError, right: MustacheSyntaxError) -> Bool {
        left.offset == right.offset && left.problem == right.problem && left.unclosed?.name == right.unclosed?.name
            && left.unclosed?.offset == right.unclosed?.offset
    }

    /// The problem, and where the section it leaves open was opened in `source`: the error is
    /// placed at a closing tag further on, often an outer section's (`content` closes
    /// `rating`), and a reader had to hunt for the tag left open (found by an exploratory session).
    package func problem(in source: String) -> String {
        guard let unclosed else { return problem }
        let (line, column) = MustacheTemplate.position(ofCharacter: unclosed.offset, in: source)
        return "\(problem); '\(unclosed.name)' was opened at line \(line), column \(column)"
    }

    /// The 1-based line and column of the error in `source`.
    package func position(in source: String) -> (line: Int, column: Int) {
        MustacheTemplate.position(ofCharacter: offset, in: source)
    }
}

extension MustacheTemplate {
    /// The 1-based line and column of the character at `offset` in `source`, as the parser
    /// counts characters (a syntax error's, a tag's ``MustacheName/offset``).
    package static func position(ofCharacter offset: Int, in source: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for character in source.prefix(offset) {
            if isLineEnd(character) {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}

/// Whether `character` ends a line of text: LF or CRLF. (After a tag any line break counts,
/// `Character.isNewline`: swift-mustache's reading.)
private func isLineEnd(_ character: Character) -> Bool { character == "\n" || character == "\r\n" }

/// A name in a tag: dotted (`site.title`), the current value (`.`), and the transforms applied to
/// it, innermost first (`empty(authors)` is `authors` with `empty`).
struct MustacheName: Sendable, Equatable {
    /// The name as written without its transforms, which a section's closing tag must repeat.
    let text: String
    let transforms: [String]
    /// Where its tag begins in the template's text, in characters; -1 where no text was read.
    /// No part of what the name is: a closing tag repeats the name, not its place.
    var offset = -1

    static func == (left: MustacheName, right: MustacheName) -> Bool {
        left.text == right.text && left.transforms == right.transforms
    }

    enum Lookup: Sendable, Equatable {
        /// `.`, or an empty name: the current value.
        case current
        /// `a.b`: `a` looked for from the innermost value outwards, then `b` inside it.
        case path([String])
        /// `.a.b`: `a` looked for in the current value only.
        case anchored([String])
        /// `first()`, `index()`…: the position in the list being rendered.
        case position
    }
    let lookup: Lookup

    init(text: String, transforms: [String]) {
        self.text = text
        self.transforms = transforms
        let parts = text.split(separator: ".").map(String.init)
        if text == "." {
            lookup = .current
        } else if text.isEmpty {
            lookup = transforms.isEmpty ? .current : .position
        } else if text.hasPrefix(".") {
            lookup = .anchored(parts)
        } else {
            lookup = parts.isEmpty ? .current : .path(parts)
        }
    }
}

private struct MustacheParser {
    let characters: [Character]
    var position = 0

    init(_ characters: [Character]) {
        self.characters = characters
    }

    /// Where the parser is: inside which section, at the start of a line or not, with which
    /// delimiters, inside a parent's body or not.
    struct State {
        var section: MustacheName?
        var sectionOffset = 0
        /// How many sections, parents and blocks the parser is inside.
        var depth = 0
        var atLineStart = true
        var inParent = false
        /// Directly in a parent's body, where only blocks may be (and text, which is dropped).
        var inParentBody = false
        /// Where a block overrides the parent's: in its body, before any set-delimiter tag.
        var atParentTopLevel = false
        var blockIndentation: [Character]?
        var open: [Character] = ["{", "{"]
        var close: [Character] = ["}", "}"]

        func entering(_ name: MustacheName, at offset: Int, standalone: Bool) -> State {
            var state = self
            state.section = name
            state.sectionOffset = offset
            state.depth += 1
            state.inParentBody = false
            state.atParentTopLevel = false
            if !standalone { state.atLineStart = false }
            return state
        }

        /// Inside a parent's body, which ends at a closing tag named `closing`.
        func enteringParent(_ closing: MustacheName, at offset: Int) -> State {
            var state = self
            state.section = closing
            state.sectionOffset = offset
            state.depth += 1
            state.atLineStart = true
            state.inParent = true
            state.inParentBody = true
            state.atParentTopLevel = true
            return state
        }
    }

    private var atEnd: Bool { position >= characters.count }
    private var current: Character? { atEnd ? nil : characters[position] }

    /// Parses tokens up to the end, or up to the closing tag of the section `state` is in.
    mutating func parse(_ initial: State) throws(MustacheSyntaxError) -> [MustacheTemplate.Token] {
        // Each section's body is read by a call of its own: past the limit a template would run
        // the reader out of stack.
        guard initial.depth <= MustacheTemplate.nestingLimit else {
            throw MustacheSyntaxError(
                offset: initial.sectionOffset,
                problem: "sections, parents and blocks are nested more than \(MustacheTemplate.nestingLimit) deep")
        }
        var tokens: [MustacheTemplate.Token] = []
        var state = initial
        var whitespace = ""
        while !atEnd {
            if state.atLineStart {
                let leading = read { $0 == " " || $0 == "\t" }
                if state.inParent, !state.atParentTopLevel {
                    // A block's lines lose the indentation of its first line.
                    if let indentation = state.blockIndentation {
                        whitespace = String(leading.dropFirst(indentation.count))
                    } else {
                        state.blockIndentation = leading
                    }
                } else {
                    whitespace = String(leading)
                }
            }
            let text = readText(until: state.open)
            // Text stops only at LF or CRLF, but after a tag's opening delimiter any line break
            // ends the line, the delimiter dropped: swift-mustache's reading.
            if let lineBreak = current, lineBreak.isNewline {
                tokens.append(.text(whitespace + text + String(lineBreak)))
                state.atLineStart = true
                position += 1
                continue
            }
            if !text.isEmpty {
                tokens.append(.text(whitespace + text))
                whitespace = ""
                state.atLineStart = false
            }
            guard let sigil = current else { break }
            let tagOffset = position - state.open.count
            // Placed here, at the tag, rather than at its parent once the parent's body is read.
            if state.inParentBody, !MustacheParser.allowedInParent(sigil, overriding: state.atParentTopLevel) {
                throw MustacheSyntaxError(
                    offset: tagOffset, problem: "only blocks ({{$name}}) may appear inside a parent tag")
            }
            var standalone = false
            func flushWhitespace() {
                if !whitespace.isEmpty {
                    tokens.append(.text(whitespace))
                    whitespace = ""
                }
            }
            switch sigil {
            case "#", "^":
                position += 1
                let name = try readName(state, tag: tagOffset)
                if takesRestOfLine(state) { standalone = true } else { flushWhitespace() }
                let body = try parse(state.entering(name, at: tagOffset, standalone: standalone))
                tokens.append(sigil == "#" ? .section(name, body) : .invertedSection(name, body))

            case "/":
                position += 1
                let name = try readName(state, tag: tagOffset, closing: true)
                guard let section = state.section else {
                    throw MustacheSyntaxError(
                        offset: tagOffset, problem: "'\(name.text)' is closed but was never opened")
                }
                guard name == section else {
                    throw MustacheSyntaxError(
                        offset: tagOffset,
                        problem: "a section is closed with a different name than it was opened with "
                            + "('\(MustacheParser.written(name))' closes '\(MustacheParser.written(section))')",
                        unclosed: (MustacheParser.written(section), state.sectionOffset))
                }
                if !takesRestOfLine(state) { flushWhitespace() }
                return tokens

            case "!":
                position += 1
                guard skip(past: state.close) else {
                    throw MustacheSyntaxError(
                        offset: tagOffset, problem: "a comment is not closed with \(String(state.close))")
                }
                standalone = takesRestOfLine(state)

            case "{", "&":
                flushWhitespace()
                position += 1
                let name = try readName(state, tag: tagOffset)
                if sigil == "{" {
                    guard current == "}" else {
                        throw MustacheSyntaxError(offset: tagOffset, problem: "a tag is not closed with }}}")
                    }
                    position += 1
                }
                tokens.append(.variable(name, escaped: false))

            case ">":
                position += 1
                let name = try readPartialName(state, tag: tagOffset)
                guard !name.isEmpty else {
                    throw MustacheSyntaxError(offset: tagOffset, problem: "a partial tag needs a name")
                }
                let indentation = whitespace
                flushWhitespace()
                if takesRestOfLine(state) {
                    standalone = true
                    tokens.append(.partial(name, indentation: indentation, blocks: nil, offset: tagOffset))
                } else {
                    tokens.append(.partial(name, indentation: nil, blocks: nil, offset: tagOffset))
                }

            case "<":
                position += 1
                let name = try readPartialName(state, tag: tagOffset)
                guard !name.isEmpty else {
                    throw MustacheSyntaxError(offset: tagOffset, problem: "a parent tag needs a name")
                }
                let indentation = whitespace
                flushWhitespace()
                standalone = takesRestOfLine(state)
                let body = try parse(state.enteringParent(MustacheParser.closingName(of: name), at: tagOffset))
                var blocks: [String: MustacheTemplate] = [:]
                var blockTags: [(name: String, offset: Int)] = []
                for case .blockDefinition(let name, let template, let offset) in body {
                    blocks[name] = template
                    blockTags.append((name, offset))
                }
                tokens.append(
                    .partial(name, indentation: indentation, blocks: blocks, blockTags: blockTags, offset: tagOffset))

            case "$":
                position += 1
                let name = try readName(state, tag: tagOffset)
                guard name.transforms.isEmpty else {
                    throw MustacheSyntaxError(offset: tagOffset, problem: "a transform is applied to a block")
                }
                guard !name.text.isEmpty else {
                    throw MustacheSyntaxError(offset: tagOffset, problem: "a block needs a name")
                }
                // Directly inside a parent, a block overrides the parent's; elsewhere it is one.
                let overrides = state.atParentTopLevel
                let indentation = whitespace
                if !overrides { flushWhitespace() }
                standalone = takesRestOfLine(state)
                let body = MustacheTemplate(
                    tokens: try parse(state.entering(name, at: tagOffset, standalone: standalone)))
                if overrides {
                    tokens.append(.blockDefinition(name.text, body, offset: tagOffset))
                } else {
                    tokens.append(.block(name.text, default: body, indentation: indentation))
                }

            case "=":
                position += 1
                state = try readDelimiters(state, tag: tagOffset)
                standalone = takesRestOfLine(state)

            case "%":
                throw MustacheSyntaxError(offset: tagOffset, problem: "configuration tags ({{% … }}) are not supported")

            default:
                flushWhitespace()
                tokens.append(.variable(try readName(state, tag: tagOffset), escaped: true))
            }
            // After a section, whether the next line starts fresh follows its opening tag, not
            // its closing one: swift-mustache's reading, kept so that themes render as they did.
            state.atLineStart = standalone
        }
        if let section = state.section {
            throw MustacheSyntaxError(
                offset: state.sectionOffset,
                problem: "a section is opened but never closed ('\(MustacheParser.written(section))')")
        }
        return tokens
    }

    /// Whether a tag starting with `sigil` may be directly in a parent's body: a block, where it
    /// overrides the parent's, or a tag that makes nothing (closing, comment, set delimiters,
    /// configuration, which is refused anyway).
    private static func allowedInParent(_ sigil: Character, overriding: Bool) -> Bool {
        sigil == "$" ? overriding : "/!=%".contains(sigil)
    }

    /// `name` as a tag writes it: `uppercased(first(authors))`, its transforms innermost first; a
    /// dynamic parent's closing name with its `*` first (`*lowercased(name)`).
    private static func written(_ name: MustacheName) -> String {
        let dynamic = name.text.hasPrefix("*")
        let written = name.transforms.reduce(String(name.text.dropFirst(dynamic ? 1 : 0))) { inner, transform in
            "\(transform)(\(inner))"
        }
        return (dynamic ? "*" : "") + written
    }

    /// The name a parent's closing tag must have: the opening tag's, `*` included for a dynamic
    /// one (`{{<*layout}}` … `{{/*layout}}`), read as a closing tag reads it.
    private static func closingName(of name: PartialName) -> MustacheName {
        switch name {
        case .fixed(let text): MustacheName(text: text, transforms: [])
        case .dynamic(let name): MustacheName(text: "*" + name.text, transforms: name.transforms)
        }
    }

    /// Reads text up to a line break (not consumed) or up to and past the next opening delimiter.
    private mutating func readText(until open: [Character]) -> String {
        var text = ""
        while let character = current {
            if isLineEnd(character) { break }
            if character == open[0], matches(open) {
                position += open.count
                break
            }
            text.append(character)
            position += 1
        }
        return text
    }

    private func matches(_ delimiter: [Character], at index: Int? = nil) -> Bool {
        let start = index ?? position
        guard start + delimiter.count <= characters.count else { return false }
        return characters[start..<start + delimiter.count].elementsEqual(delimiter)
    }

    @discardableResult
    private mutating func read(while accept: (Character) -> Bool) -> [Character] {
        let start = position
        while let character = current, accept(character) { position += 1 }
        return Array(characters[start..<position])
    }

    /// Skips past `delimiter`; false when it never comes.
    private mutating func skip(past delimiter: [Character]) -> Bool {
        while !atEnd {
            if matches(delimiter) {
                position += delimiter.count
                return true
            }
            position += 1
        }
        return false
    }

    /// Whether the tag just read stands alone on its line; if so, the rest of the line (spaces,
    /// tabs and the line break) is consumed with it.
    private mutating func takesRestOfLine(_ state: State) -> Bool {
        guard state.atLineStart else { return false }
        // At the very end the tag is standalone; with only spaces after it and no line break, not.
        if atEnd { return true }
        var ahead = position
        while ahead < characters.count, characters[ahead] == " " || characters[ahead] == "\t" { ahead += 1 }
        // Any line break counts here (a lone CR, U+2028…), as it did for swift-mustache.
        guard ahead < characters.count, characters[ahead].isNewline else { return false }
        position = ahead + 1
        return true
    }

    private static let nameCharacters = Set<Character>(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*()")

    /// A tag's name and its transforms, and the closing delimiter after it.
    private mutating func readName(_ state: State, tag: Int, closing: Bool = false) throws(MustacheSyntaxError)
        -> MustacheName
    {
        // A closing tag may end a parent in a folder (`{{/partials/base}}`).
        let text = try readTagText(
            state, tag: tag,
            characters: closing ? MustacheParser.partialNameCharacters : MustacheParser.nameCharacters)
        // A dynamic parent's (`{{/*layout}}`) is its name and transforms, `*` before the name.
        let dynamic = closing && text.hasPrefix("*")
        guard var name = MustacheParser.parsedName(dynamic ? String(text.dropFirst()) : text) else {
            throw MustacheSyntaxError(offset: tag, problem: "'\(text)' is not a name or a transform of one")
        }
        if let problem = MustacheParser.unknownTransform(in: name) {
            throw MustacheSyntaxError(offset: tag, problem: problem)
        }
        if dynamic { name = MustacheName(text: "*" + name.text, transforms: name.transforms) }
        name.offset = tag
        return name
    }

    /// What is wrong with `name`'s transforms, or nil when each is one there is: they are a fixed
    /// set, and `{{uppercase(title)}}` (for `uppercased`) rendered nothing on every page, without
    /// a word (found by a QA of theme authoring).
    private static func unknownTransform(in name: MustacheName) -> String? {
        // Only for the message: every tag's name is checked as it is parsed.
        var positionsListed: String { TemplateValue.positionTransforms.sorted().map { $0 + "()" }.joinedAsList }
        for (index, transform) in name.transforms.enumerated() {
            // `first()`: the innermost transform of no name is one of the position in a list.
            let ofPosition = index == 0 && name.text.isEmpty
            if ofPosition
                ? TemplateValue.positionTransforms.contains(transform)
                : TemplateValue.transforms.contains(transform)
            {
                continue
            }
            if transform.isEmpty {
                return "'(\(name.text))' has a transform with no name"
            }
            if ofPosition, TemplateValue.transforms.contains(transform) {
                return "'\(transform)()' is no transform of a list's position: those are \(positionsListed)"
            }
            if !ofPosition, TemplateValue.positionTransforms.contains(transform) {
                return "'\(transform)' is a transform of a list's position only, written \(transform)()"
            }
            let known = TemplateValue.transforms.union(TemplateValue.positionTransforms).sorted()
            let meant = Suggestions.nearest(to: transform, in: known, limit: 1).first.map { " (did you mean \($0)?)" }
            let values = TemplateValue.transforms.sorted()
            return "'\(transform)' is not a transform\(meant ?? ""): the transforms are \(values.joinedAsList), and "
                + "\(positionsListed) inside a list's section"
        }
        return nil
    }

    /// `text` as a name and its transforms; nil when its parentheses do not nest as transforms'.
    private static func parsedName(_ text: String) -> MustacheName? {
        guard text.contains("(") || text.contains(")") else { return MustacheName(text: text, transforms: []) }
        // `a(b(name))`: transforms a and b, b applied first.
        let parts = text.split(separator: "(", omittingEmptySubsequences: false)
        let functions = parts.dropLast()
        let last = parts[parts.count - 1]
        let name = last.prefix { $0 != ")" }
        let closers = last.dropFirst(name.count)
        guard closers.count == functions.count, closers.allSatisfy({ $0 == ")" }),
            functions.allSatisfy({ !$0.contains(")") })
        else { return nil }
        return MustacheName(text: String(name), transforms: functions.reversed().map(String.init))
    }

    private static let partialNameCharacters = nameCharacters.union(["/"])

    /// A partial's or parent's name: a template's name, or after `*` a name as `{{name}}` reads it.
    private mutating func readPartialName(_ state: State, tag: Int) throws(MustacheSyntaxError) -> PartialName {
        read { $0.isWhitespace }
        guard current == "*" else {
            return .fixed(try readTagText(state, tag: tag, characters: MustacheParser.partialNameCharacters))
        }
        position += 1
        return .dynamic(try readName(state, tag: tag))
    }

    /// The text of a tag made of `characters`, spaces around it, up to and past the closing
    /// delimiter.
    private mutating func readTagText(_ state: State, tag: Int, characters: Set<Character>)
        throws(MustacheSyntaxError) -> String
    {
        read { $0.isWhitespace }
        let start = position
        let text = String(read { characters.contains($0) })
        read { $0.isWhitespace }
        guard matches(state.close) else { throw misread(state, tag: tag, from: start, characters: characters) }
        position += state.close.count
        return text
    }

    /// What is wrong with a tag whose text, read from `start`, stopped short of the closing
    /// delimiter: when the tag closes further on its line, its text holds what no name has (a
    /// space, mostly); otherwise it is not closed.
    private func misread(_ state: State, tag: Int, from start: Int, characters allowed: Set<Character>)
        -> MustacheSyntaxError
    {
        var end = position
        while end < characters.count, !isLineEnd(characters[end]), !matches(state.open, at: end) {
            guard matches(state.close, at: end) else {
                end += 1
                continue
            }
            while end > start, characters[end - 1].isWhitespace { end -= 1 }
            let text = String(characters[start..<end])
            let compact = text.filter { !$0.isWhitespace }
            if compact.allSatisfy(allowed.contains), let name = MustacheParser.parsedName(compact),
                !name.transforms.isEmpty
            {
                return MustacheSyntaxError(offset: tag, problem: "a transform is written without spaces: '\(compact)'")
            }
            let spaced = text.contains(where: \.isWhitespace)
            return MustacheSyntaxError(
                offset: tag, problem: "'\(text)' is not a name" + (spaced ? ": a name has no spaces" : ""))
        }
        return MustacheSyntaxError(offset: tag, problem: "a tag is not closed with \(String(state.close))")
    }

    /// `{{=<% %>=}}`: the delimiters from here on.
    private mutating func readDelimiters(_ state: State, tag: Int) throws(MustacheSyntaxError) -> State {
        let malformed = MustacheSyntaxError(offset: tag, problem: "a set-delimiter tag is malformed")
        read { $0.isWhitespace }
        let open = read { !$0.isWhitespace }
        read { $0.isWhitespace }
        let close = read { $0 != "=" && !$0.isWhitespace }
        read { $0.isWhitespace }
        guard current == "=" else { throw malformed }
        position += 1
        guard matches(state.close) else { throw malformed }
        position += state.close.count
        guard !open.isEmpty, !close.isEmpty else { throw malformed }
        var state = state
        state.open = open
        state.close = close
        state.atParentTopLevel = false
        return state
    }
}
