/// A template's tokens laid out for rendering: instructions that hold only numbers, in one
/// buffer, with a section's body inline after it, and the text in one buffer of bytes.
///
/// The renderer walked the parsed tokens, an indirect enum: every token it went through, and
/// every name and text it took out of one, was a reference counted in and out, on the same
/// counts from both cores at once. That was a fifth of a build's time at 50,000 books. Here the
/// instructions, the text and the names' keys are read in place; nothing is counted until a
/// value of the model is found.
///
/// Unchecked Sendable: the buffers are filled in `init` and only read after, by every thread that
/// renders.
final class MustacheProgram: @unchecked Sendable {
    /// Only numbers: ``deinit`` frees the buffer without deinitializing each one.
    enum Instruction {
        /// Bytes `start..<start + count` of ``text``.
        case text(start: Int, count: Int)
        /// The name ``names``[`name`].
        case variable(name: Int, escaped: Bool)
        /// The body is the instructions after this one up to `end`.
        case section(name: Int, end: Int)
        case invertedSection(name: Int, end: Int)
        /// ``blocks``[index].
        case block(Int)
        /// ``partials``[index].
        case partial(Int)
    }

    /// A name in a tag, compiled: how it is looked up, its parts and transforms in ``keys``.
    struct Name {
        enum Lookup { case current, path, anchored, position }
        var lookup: Lookup
        var parts: Range<Int>
        var transforms: Range<Int>
        /// Where the tag begins in its template's text, in characters (``MustacheName/offset``).
        var offset: Int
    }

    struct Block {
        var name: String
        var body: MustacheTemplate
        var indentation: String
    }

    struct Partial {
        enum Target {
            /// `{{> partials/card}}`: the template of that name.
            case fixed(String)
            /// `{{>*name}}`: the template named by the value of ``names``[index].
            case dynamic(Int)
        }
        var target: Target
        var indentation: String?
        var blocks: [String: MustacheTemplate]?
    }

    let instructions: UnsafeBufferPointer<Instruction>
    let text: UnsafeBufferPointer<UInt8>
    let names: UnsafeBufferPointer<Name>
    /// The parts and transforms of every name, in order.
    let keys: UnsafeBufferPointer<String>
    let blocks: [Block]
    let partials: [Partial]

    /// Compiles `tokens`.
    init(_ tokens: [MustacheTemplate.Token]) {
        var compiler = Compiler()
        compiler.compile(tokens)
        instructions = MustacheProgram.copy(compiler.instructions)
        text = MustacheProgram.copy(compiler.text)
        names = MustacheProgram.copy(compiler.names)
        keys = MustacheProgram.copy(compiler.keys)
        blocks = compiler.blocks
        partials = compiler.partials
    }

    deinit {
        instructions.deallocate()
        text.deallocate()
        names.deallocate()
        UnsafeMutableBufferPointer(mutating: keys).deinitialize()
        keys.deallocate()
    }

    /// `elements` in a buffer of their own, for the life of the program.
    private static func copy<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(buffer)
    }

    private struct Compiler {
        var instructions: [Instruction] = []
        var text: [UInt8] = []
        var names: [Name] = []
        var keys: [String] = []
        var blocks: [Block] = []
        var partials: [Partial] = []

        mutating func compile(_ tokens: [MustacheTemplate.Token]) {
            // Runs of text are one instruction: a page's templates are mostly lines of text.
            var afterText = false
            for token in tokens {
                defer {
                    if case .text = token { afterText = true } else { afterText = false }
                }
                switch token {
                case .text(let string):
                    let start = text.count
                    text += string.utf8
                    if afterText, case .text(let previous, let count)? = instructions.last {
                        instructions[instructions.count - 1] = .text(start: previous, count: count + string.utf8.count)
                    } else {
                        instructions.append(.text(start: start, count: string.utf8.count))
                    }
                case .variable(let name, let escaped):
                    instructions.append(.variable(name: add(name), escaped: escaped))
                case .section(let name, let body), .invertedSection(let name, let body):
                    let index = instructions.count
                    let compiled = add(name)
                    instructions.append(.section(name: compiled, end: 0))
                    compile(body)
                    let end = instructions.count
                    if case .section = token {
                        instructions[index] = .section(name: compiled, end: end)
                    } else {
                        instructions[index] = .invertedSection(name: compiled, end: end)
                    }
                case .block(let name, let body, let indentation):
                    blocks.append(Block(name: name, body: body, indentation: indentation))
                    instructions.append(.block(blocks.count - 1))
                case .partial(let name, let indentation, let overrides, _, _):
                    let target: Partial.Target =
                        switch name {
                        case .fixed(let text): .fixed(text)
                        case .dynamic(let dynamic): .dynamic(add(dynamic))
                        }
                    partials.append(Partial(target: target, indentation: indentation, blocks: overrides))
                    instructions.append(.partial(partials.count - 1))
                case .blockDefinition:
                    preconditionFailure("a block definition is only ever one of its parent's overrides")
                }
            }
        }

        /// Adds `name`'s parts and transforms to the keys; its index in ``names``.
        private mutating func add(_ name: MustacheName) -> Int {
            let lookup: Name.Lookup
            var parts: [String] = []
            switch name.lookup {
            case .current: lookup = .current
            case .position: lookup = .position
            case .path(let named):
                lookup = .path
                parts = named
            case .anchored(let named):
                lookup = .anchored
                parts = named
            }
            let partsStart = keys.count
            keys += parts
            let transformsStart = keys.count
            keys += name.transforms
            names.append(
                Name(
                    lookup: lookup, parts: partsStart..<transformsStart, transforms: transformsStart..<keys.count,
                    offset: name.offset))
            return names.count - 1
        }
    }
}
