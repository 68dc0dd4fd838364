/// String helpers that stay in the standard library: on Linux, Foundation's versions bridge
/// through NSString and dominate the time of a ten-thousand-row import.
extension StringProtocol {
    /// The text without white space or line breaks at either end.
    package var trimmed: String {
        let scalars = unicodeScalars
        // Most cells need no trimming: no copy then (an import reads a hundred thousand of them).
        if let first = scalars.first, let last = scalars.last, !first.properties.isWhitespace,
            !last.properties.isWhitespace
        {
            return String(self)
        }
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}

extension String {
    /// The text as a block of Markdown: without blank lines before it or white space after it, its
    /// first line's indentation kept (a note that begins with an indented code block lost its
    /// indentation, and became a paragraph, when trimmed at both ends: found by an exploratory
    /// session).
    package var trimmedAsBlock: String {
        let scalars = unicodeScalars
        guard let firstSeen = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        // The line the text begins on, from its start: after the last line break before it.
        let start =
            scalars[..<firstSeen].lastIndex(where: { $0 == "\n" || $0 == "\r" }).map(scalars.index(after:))
            ?? scalars.startIndex
        return String(String.UnicodeScalarView(scalars[start...end]))
    }

    /// The text in at most `limit` characters, cut after a word when it is longer, with "…" unless
    /// it was cut after a sentence: a link preview cut mid-word, with a space at its end, did not
    /// say that it went on. With no space in the second half to cut at (one long word, a script
    /// written without spaces), the text is cut at the limit.
    package func shortened(to limit: Int) -> String {
        guard count > limit, limit > 1 else { return self }
        let head = prefix(limit - 1)
        var cut = head[...]
        if !(dropFirst(limit - 1).first?.isWhitespace ?? false),
            let space = head.lastIndex(where: \.isWhitespace),
            head.distance(from: head.startIndex, to: space) >= limit / 2
        {
            cut = head[..<space]
        }
        // No space or comma before the ellipsis.
        while let last = cut.last, last.isWhitespace || ",;:".contains(last) { cut = cut.dropLast() }
        return String(cut) + (cut.last.map { ".!?。！？".contains($0) } == true ? "" : "…")
    }

    /// The text's words joined by single spaces: each run of white space (Unicode's White_Space,
    /// line breaks included) one space, none at either end.
    ///
    /// It reads the UTF-8 bytes and knows White_Space's 25 code points by their bytes: splitting
    /// on `Character.isWhitespace` took a fifth of a 40,000-highlight import, and appending
    /// scalars one at a time a quarter.
    package var collapsingWhitespace: String {
        var copy = self
        return copy.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var changed = false
            var spaceBefore = false
            var index = 0
            while index < bytes.count {
                let width = String.whiteSpaceWidth(bytes, at: index)
                if width > 0 {
                    // A single space between words stays as it is; anything else changes the text.
                    if output.isEmpty || spaceBefore || width > 1 || bytes[index] != 0x20 { changed = true }
                    spaceBefore = !output.isEmpty
                    index += width
                    // A mark that joins the space's character goes with it, as it always did
                    // (highlights' ids were made so).
                    while index < bytes.count, bytes[index] >= 0x80, let joined = String.joiningScalar(bytes, at: index)
                    {
                        changed = true
                        index += joined
                    }
                    continue
                }
                if spaceBefore { output.append(0x20) }
                spaceBefore = false
                output.append(bytes[index])
                index += 1
            }
            if spaceBefore { changed = true }
            return changed ? String(decoding: output, as: UTF8.self) : self
        }
    }

    /// How many bytes the scalar at `index` takes when it joins a white space character before it
    /// (a combining mark, a joiner, an emoji modifier: what splitting by Character dropped with the
    /// space); nil when it starts a character of its own.
    private static func joiningScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard index + width <= bytes.count else { return nil }
        let scalarText = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + width)]), as: UTF8.self)
        return (" " + scalarText).count == 1 ? width : nil
    }

    /// How many bytes the White_Space code point at `index` takes; 0 when there is none there.
    /// U+0009–000D, U+0020, U+0085, U+00A0, U+1680, U+2000–200A, U+2028, U+2029, U+202F, U+205F
    /// and U+3000: Unicode's list, unchanged since 6.3 (the test compares it with the standard
    /// library's).
    private static func whiteSpaceWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) ? 1 : 0 }
        let rest = bytes.count - index
        switch byte {
        case 0xC2:
            return rest >= 2 && (bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0) ? 2 : 0
        case 0xE1:
            return rest >= 3 && bytes[index + 1] == 0x9A && bytes[index + 2] == 0x80 ? 3 : 0
        case 0xE2:
            guard rest >= 3 else { return 0 }
            let (second, third) = (bytes[index + 1], bytes[index + 2])
            if second == 0x80, (0x80...0x8A).contains(third) || third == 0xA8 || third == 0xA9 || third == 0xAF {
                return 3
            }
            return second == 0x81 && third == 0x9F ? 3 : 0
        case 0xE3:
            return rest >= 3 && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }

    /// The text without NUL bytes: SQLite ends text at the first one, so a bio or a title with one
    /// in it would lose the rest.
    package var withoutNULs: String {
        utf8.contains(0) ? String(decoding: utf8.filter { $0 != 0 }, as: UTF8.self) : self
    }

    /// Every `<br>`, `<br/>` or `<br />` (any case) and every CRLF made a plain line break, in one
    /// pass over the bytes.
    package var withLineBreakTagsAsNewlines: String {
        let bytes = Array(utf8)
        guard bytes.contains(UInt8(ascii: "<")) || bytes.contains(UInt8(ascii: "\r")) else { return self }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + 3 < bytes.count,
                bytes[index + 1] | 0x20 == UInt8(ascii: "b"), bytes[index + 2] | 0x20 == UInt8(ascii: "r")
            {
                var end = index + 3
                while end < bytes.count, bytes[end] == UInt8(ascii: " ") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "/") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: ">") {
                    output.append(UInt8(ascii: "\n"))
                    index = end + 1
                    continue
                }
            }
            if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                index += 1
                continue
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// JSON written by hand for the two places a build writes it ten thousand times (schema.org data
/// and the search index): a quoted string with `<`, `>` and `&` escaped too, so that no value can
/// end the script element that holds it.
package enum ScriptSafeJSON {
    package static func quoted(_ text: String) -> String {
        var json: [UInt8] = []
        json.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &json)
        return String(decoding: json, as: UTF8.self)
    }

    /// Appends `text` quoted to the bytes of `json`. (Appending to a `String` piece by piece was
    /// half of a book page's schema.org data.)
    /// The text is what a site may publish (``PublishedText``): the search index and the
    /// schema.org data kept a noncharacter or a highlight's U+0001 that the page left out (found
    /// by an exploratory session).
    private static func appendQuoted(_ text: String, to json: inout [UInt8]) {
        var text = PublishedText.cleaned(text)
        json.append(UInt8(ascii: "\""))
        text.withUTF8 { bytes in
            // Most text has nothing to escape: copied whole.
            let plain = !bytes.contains { byte in
                byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E || byte == 0x26
                    || byte == 0xE2
            }
            if plain { return json.append(contentsOf: bytes) }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): json.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): json.append(contentsOf: "\\\\".utf8)
                case UInt8(ascii: "\n"): json.append(contentsOf: "\\n".utf8)
                case UInt8(ascii: "\r"): json.append(contentsOf: "\\r".utf8)
                case UInt8(ascii: "\t"): json.append(contentsOf: "\\t".utf8)
                case UInt8(ascii: "<"): json.append(contentsOf: "\\u003c".utf8)
                case UInt8(ascii: ">"): json.append(contentsOf: "\\u003e".utf8)
                case UInt8(ascii: "&"): json.append(contentsOf: "\\u0026".utf8)
                case 0x00..<0x20:
                    let hex = String(byte, radix: 16)
                    json.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                // U+2028 and U+2029 (0xE2 0x80 0xA8 and 0xA9) end a line in JavaScript.
                case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] & 0xFE) == 0xA8:
                    json.append(contentsOf: (bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 2
                default: json.append(byte)
                }
            }
        }
        json.append(UInt8(ascii: "\""))
    }

    /// An object from key–value pairs whose values are already JSON, nil values left out.
    package static func object(_ pairs: [(String, String?)]) -> String {
        var json: [UInt8] = [UInt8(ascii: "{")]
        json.reserveCapacity(pairs.reduce(2) { $0 + $1.0.utf8.count + ($1.1?.utf8.count ?? 0) + 4 })
        for (key, value) in pairs {
            guard let value else { continue }
            if json.count > 1 { json.append(UInt8(ascii: ",")) }
            appendQuoted(key, to: &json)
            json.append(UInt8(ascii: ":"))
            json.append(contentsOf: value.utf8)
        }
        json.append(UInt8(ascii: "}"))
        return String(decoding: json, as: UTF8.self)
    }

    package static func array(_ values: [String]) -> String {
        "[" + values.joined(separator: ",") + "]"
    }
}

extension Collection where Element == String {
    /// The first `shown` names joined by commas, then how many more there are: "a, b, c and 2
    /// more", for a message that names what it is about without running on.
    package func listed(showing shown: Int) -> String {
        prefix(shown).joined(separator: ", ") + (count > shown ? " and \(count - shown) more" : "")
    }
}

extension BidirectionalCollection where Element == String {
    /// The names as a sentence lists them: "a", "a and b", "a, b and c"; "" for none.
    package var joinedAsList: String {
        guard count > 1, let last else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " and " + last
    }
}
