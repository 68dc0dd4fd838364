/// The little HTML a book description may keep on the site: paragraphs, line breaks, emphasis,
/// lists and block quotes, with every attribute dropped. Everything else becomes text.
///
/// Catalog descriptions (Google's especially) carry HTML; a description is made a
/// ``SanitizedHTML`` by ``sanitize(_:)`` where it comes in (a catalog's answer, an import, what the
/// reader types), kept so in the library, and published as it is. The output is always
/// well-formed: tags balanced, lists holding only list items, paragraphs holding only text and
/// emphasis. Sanitizing twice gives the same as sanitizing once.
public enum HTMLAllowList {
    /// Elements kept, by the name written out (`i` and `b` become `em` and `strong`).
    static let kept: [String: String] = [
        "p": "p", "br": "br", "em": "em", "i": "em", "strong": "strong", "b": "strong", "ul": "ul", "ol": "ol",
        "li": "li", "blockquote": "blockquote",
    ]
    /// Elements whose content is not text for a reader, dropped whole.
    package static let droppedWithContent: Set<String> = [
        "script", "style", "iframe", "object", "embed", "template", "noscript", "noembed", "noframes", "textarea",
        "title", "head", "svg", "math", "select", "xmp", "plaintext",
    ]

    /// `html` with only the allow-listed elements kept, every attribute dropped.
    public static func sanitize(_ html: String) -> SanitizedHTML {
        var writer = Writer()
        read(html, unterminatedIsText: false) { piece in
            switch piece {
            case .text(let text): writer.text(text)
            case .start(let name, _): if let kept = kept[name] { writer.open(kept) }
            case .end(let name): if let kept = kept[name] { writer.close(kept) }
            }
        }
        return SanitizedHTML(sanitized: writer.finish())
    }

    /// A run of text, or a tag, of HTML as ``read(_:unterminatedIsText:_:)`` gives them.
    package enum Piece {
        case text(String)
        /// A start tag by its name (lowercased), with the tag's whole text for its attributes.
        case start(String, tag: ArraySlice<UInt8>)
        case end(String)
    }

    /// Gives `each` the text and the tags of `html` in order, as a browser reads them: comments,
    /// doctypes and processing instructions are no part of it, and what is dropped with its
    /// content (``droppedWithContent``) is left out whole. A tag that never closes swallows the
    /// rest, as in a browser, unless `unterminatedIsText` (where the text is a reader's, who meant
    /// a `<` of their own).
    package static func read(_ html: String, unterminatedIsText: Bool, _ each: (Piece) -> Void) {
        let bytes = Array(html.utf8)
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { each(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let tag = Tag.read(bytes, at: index) else {
                text.append(bytes[index])
                index += 1
                continue
            }
            switch tag.kind {
            case .ignorable:
                flushText()
                index = tag.end
            case .start(let name) where droppedWithContent.contains(name):
                flushText()
                index = Tag.endOfElement(named: name, in: bytes, after: tag.end)
            case .start(let name):
                flushText()
                each(.start(name, tag: bytes[index..<tag.end]))
                index = tag.end
            case .end(let name):
                flushText()
                each(.end(name))
                index = tag.end
            case .unterminated:
                if unterminatedIsText { text.append(contentsOf: bytes[index...]) }
                index = bytes.count
            }
        }
        flushText()
    }

    /// Plain text as allow-listed HTML: escaped, a paragraph for each run of lines between
    /// blank lines, the lines within one joined by line breaks. Open Library's descriptions and
    /// what a reader types are plain text.
    ///
    /// Every line break Unicode has ends a line: `\r\n` and `\r`, NEL (U+0085), the line separator
    /// (U+2028) and, ending a paragraph, the paragraph separator (U+2029). NEL was dropped as a
    /// control character, and the words either side ran together (found by an exploratory
    /// session).
    public static func html(fromText text: String) -> SanitizedHTML {
        let html = lineBreaksAsNewlines(text)
            .components(separatedBy: "\n\n")
            .map { paragraph in
                paragraph.split(separator: "\n").map { $0.trimmed }.filter { !$0.isEmpty }
                    .map { MarkupEscaping.text(stripControls($0)) }.joined(separator: "<br>")
            }
            .filter { !$0.isEmpty }
            .map { "<p>\($0)</p>" }
            .joined(separator: "\n")
        return SanitizedHTML(sanitized: html)
    }

    /// `text` with each of Unicode's line breaks written `\n`, and its paragraph separator as a
    /// blank line.
    private static func lineBreaksAsNewlines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { "\r\u{85}\u{2028}\u{2029}".unicodeScalars.contains($0) }) else {
            return text
        }
        var lines = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterCarriageReturn: continue
            case "\r", "\u{85}", "\u{2028}": lines.append("\n")
            case "\u{2029}": lines.append(contentsOf: "\n\n".unicodeScalars)
            default: lines.append(scalar)
            }
        }
        return String(lines)
    }

    /// Plain text whose lines are its own (a highlighted poem): escaped as a template escapes
    /// text, each line break a `<br>`, for a `<p>` of the theme's. A passage on one line is the
    /// text `{{text}}` writes.
    public static func html(fromLines text: String) -> SanitizedHTML {
        SanitizedHTML(
            sanitized: MarkupEscaping.html(text).split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "<br>\n"))
    }

    /// C0 controls other than tab, line feed and carriage return are not text: a page must not carry them.
    /// NEL (U+0085) is a line break, and becomes a space, as in a title: dropped, it ran the words
    /// either side together (found by an exploratory session).
    static func stripControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        // An escape sequence goes whole: "\u{1B}[2J" left "[2J" on the page (found by an
        // exploratory session).
        let text = ControlSequences.withoutEscapeSequences(text)
        var kept = String.UnicodeScalarView()
        kept.append(
            contentsOf: text.unicodeScalars.lazy.compactMap { $0 == "\u{85}" ? " " : isControl($0) ? nil : $0 })
        return String(kept)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0x7F
            || (0x80...0x9F).contains(scalar.value)
    }
}

extension HTMLAllowList {
    /// One `<…>` in the input, read the way a browser reads it, as far as this allow-list cares.
    package struct Tag {
        package enum Kind {
            case start(String)
            case end(String)
            /// A comment, a doctype, a processing instruction: dropped.
            case ignorable
            /// A tag that never closes: the browser would swallow the rest, and so do we.
            case unterminated
        }

        package var kind: Kind
        /// The index just past the tag.
        package var end: Int

        /// Whether the tag ends in the input (it is no ``Kind/unterminated``).
        package var isTerminated: Bool {
            if case .unterminated = kind { return false }
            return true
        }

        /// The tag starting at `start` (a `<`), or nil when that `<` is just text.
        package static func read(_ bytes: [UInt8], at start: Int) -> Tag? {
            var index = start + 1
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "!") {
                if bytes[index...].starts(with: Array("!--".utf8)) {
                    let close = find(Array("-->".utf8), in: bytes, from: index + 3)
                    return Tag(kind: .ignorable, end: close.map { $0 + 3 } ?? bytes.count)
                }
                return Tag(kind: .ignorable, end: past(">", in: bytes, from: index))
            }
            if bytes[index] == UInt8(ascii: "?") {
                return Tag(kind: .ignorable, end: past(">", in: bytes, from: index))
            }
            let closing = bytes[index] == UInt8(ascii: "/")
            if closing { index += 1 }
            guard index < bytes.count, isLetter(bytes[index]) else {
                // `</>` and `</ x>` are dropped by browsers; `< x` and `<3` are text.
                if closing { return Tag(kind: .ignorable, end: past(">", in: bytes, from: index)) }
                return nil
            }
            let nameStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"),
                bytes[index] != UInt8(ascii: ">")
            {
                index += 1
            }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            // Attributes: skipped, but a `>` inside a quoted value does not end the tag.
            var afterEquals = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ">") {
                    return Tag(kind: closing ? .end(name) : .start(name), end: index + 1)
                } else if afterEquals, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    guard let close = bytes[(index + 1)...].firstIndex(of: byte) else { break }
                    index = close + 1
                    afterEquals = false
                } else {
                    if byte == UInt8(ascii: "=") {
                        afterEquals = true
                    } else if !isSpace(byte) {
                        afterEquals = false
                    }
                    index += 1
                }
            }
            return Tag(kind: .unterminated, end: bytes.count)
        }

        /// The value of the attribute `name` in a tag's text, its character references decoded.
        package static func attribute(_ name: String, in tag: ArraySlice<UInt8>) -> String? {
            let bytes = Array(tag)
            let wanted = Array(name.utf8)
            var index = 1
            while index < bytes.count {
                // An attribute's name begins after a space.
                guard bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 || bytes[index - 1] == 0x0A,
                    index + wanted.count <= bytes.count,
                    zip(bytes[index..<(index + wanted.count)], wanted).allSatisfy({ $0 | 0x20 == $1 })
                else {
                    index += 1
                    continue
                }
                var at = index + wanted.count
                while at < bytes.count, bytes[at] == 0x20 { at += 1 }
                guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else {
                    index += 1
                    continue
                }
                at += 1
                while at < bytes.count, bytes[at] == 0x20 { at += 1 }
                guard at < bytes.count else { return nil }
                let value: ArraySlice<UInt8>
                if bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") {
                    guard let close = bytes[(at + 1)...].firstIndex(of: bytes[at]) else { return nil }
                    value = bytes[(at + 1)..<close]
                } else {
                    let end =
                        bytes[at...].firstIndex { $0 == 0x20 || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") }
                        ?? bytes.count
                    value = bytes[at..<end]
                }
                let decoded = HTMLEntities.decode(String(decoding: value, as: UTF8.self))
                    .trimmingCharacters(in: .whitespaces)
                return decoded.isEmpty ? nil : decoded
            }
            return nil
        }

        /// Where the content of a dropped element ends: past its end tag, or the end of the input.
        package static func endOfElement(named name: String, in bytes: [UInt8], after start: Int) -> Int {
            let closer = Array("</\(name)".utf8)
            var from = start
            while let found = find(closer, in: bytes, from: from, caseInsensitive: true) {
                let after = found + closer.count
                if after >= bytes.count || isSpace(bytes[after]) || bytes[after] == UInt8(ascii: ">")
                    || bytes[after] == UInt8(ascii: "/")
                {
                    return past(">", in: bytes, from: after)
                }
                from = after
            }
            return bytes.count
        }

        /// The index just past the next `character` from `start`, or the end of the input.
        static func past(_ character: Unicode.Scalar, in bytes: [UInt8], from start: Int) -> Int {
            guard start < bytes.count, let found = bytes[start...].firstIndex(of: UInt8(ascii: character)) else {
                return bytes.count
            }
            return found + 1
        }

        /// Where `needle` (lowercase when `caseInsensitive`) next occurs from `start`.
        static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, caseInsensitive: Bool = false) -> Int? {
            guard start >= 0, needle.count <= bytes.count - start, !needle.isEmpty else { return nil }
            var index = start
            while index + needle.count <= bytes.count {
                if (caseInsensitive ? lower(bytes[index]) : bytes[index]) == needle[0] {
                    var matched = true
                    for offset in 1..<needle.count
                    where (caseInsensitive ? lower(bytes[index + offset]) : bytes[index + offset]) != needle[offset] {
                        matched = false
                        break
                    }
                    if matched { return index }
                }
                index += 1
            }
            return nil
        }

        private static func lower(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }
    }

    /// Writes kept elements so that the result is always valid HTML.
    struct Writer {
        private var output = ""
        private var open: [String] = []

        private static let inline: Set = ["em", "strong"]
        private static let lists: Set = ["ul", "ol"]

        mutating func open(_ name: String) {
            switch name {
            case "br":
                enterFlow()
                output += "<br>"
                return
            case "li":
                // A list item belongs in a list; one outside any list is left out (its text stays).
                guard let list = open.lastIndex(where: { Self.lists.contains($0) }) else { return }
                closeAll(above: list)
            case "p", "ul", "ol", "blockquote":
                // Blocks never sit inside a paragraph or emphasis: those end here, as in a browser.
                while let last = open.last, last == "p" || Self.inline.contains(last) { closeLast() }
                if let last = open.last, Self.lists.contains(last) { openElement("li") }
            default:
                enterFlow()
            }
            openElement(name)
        }

        mutating func close(_ name: String) {
            guard name != "br", let index = open.lastIndex(of: name) else { return }
            closeAll(above: index)
            closeLast()
        }

        mutating func text(_ raw: String) {
            let decoded = HTMLAllowList.stripControls(HTMLEntities.decode(raw))
            if decoded.allSatisfy(\.isWhitespace) {
                // Whitespace between list items is fine where text is not.
                output += decoded
                return
            }
            enterFlow()
            output += MarkupEscaping.text(decoded)
        }

        mutating func finish() -> String {
            while !open.isEmpty { closeLast() }
            return output
        }

        /// Text and inline elements go in a list item when a list is what is open.
        private mutating func enterFlow() {
            if let last = open.last, Self.lists.contains(last) { openElement("li") }
        }

        private mutating func openElement(_ name: String) {
            output += "<\(name)>"
            open.append(name)
        }

        private mutating func closeLast() {
            output += "</\(open.removeLast())>"
        }

        private mutating func closeAll(above index: Int) {
            while open.count > index + 1 { closeLast() }
        }
    }
}
