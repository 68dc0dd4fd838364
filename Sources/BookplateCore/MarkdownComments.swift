import CCMark
import Foundation

/// Obsidian's comments in a reader's Markdown: text between two `%%` marks, on one line or across
/// many, which Obsidian shows only while the note is edited and Obsidian Publish leaves out. Read
/// as CommonMark it was text, and a reader's aside ("%% lend it to Sam? %%") was published on the
/// book's page, in the search index and in the feeds (found by an exploratory session).
///
/// As Obsidian reads them: a `%%` with no second one leaves out the rest of the text; inside a
/// code block or a code span `%%` is code; `\%` is a percent sign, as CommonMark escapes it.
package enum MarkdownComments {
    /// `markdown` without its comments. The line breaks inside a comment stay, so that what
    /// stood on other lines (a heading, a list) is still read as it was written.
    package static func removed(from markdown: String) -> String {
        // Most notes have none: not parsed at all.
        guard markdown.contains("%%") else { return markdown }
        let bytes = Array(markdown.utf8)
        let code = codeBlockLines(of: bytes)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var inComment = false
        var line = 1
        var index = 0
        var lineStart = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                // A line ends at "\n", "\r\n" or a lone "\r", as cmark counts lines.
                kept.append(byte)
                if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    kept.append(bytes[index + 1])
                    index += 1
                }
                index += 1
                line += 1
                lineStart = true
                continue
            }
            if lineStart, !inComment, code.contains(line) {
                // A line of a code block, as it is.
                let end = bytes[index...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
                kept.append(contentsOf: bytes[index..<(end ?? bytes.count)])
                index = end ?? bytes.count
                continue
            }
            lineStart = false
            if inComment {
                if isMark(bytes, at: index) {
                    inComment = false
                    index += 2
                } else {
                    index += 1
                }
            } else if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, isPunctuation(bytes[index + 1]) {
                kept.append(contentsOf: bytes[index...(index + 1)])
                index += 2
            } else if byte == UInt8(ascii: "`") {
                let span = codeSpan(in: bytes, at: index)
                kept.append(contentsOf: bytes[index..<span])
                index = span
            } else if isMark(bytes, at: index) {
                inComment = true
                index += 2
            } else {
                kept.append(byte)
                index += 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    private static func isMark(_ bytes: [UInt8], at index: Int) -> Bool {
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: "%") && bytes[index + 1] == UInt8(ascii: "%")
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        byte < 0x80 && (Character(UnicodeScalar(byte)).isPunctuation || Character(UnicodeScalar(byte)).isSymbol)
    }

    /// Where the text that begins with the run of backticks at `start` goes on from: past the
    /// code span the run opens (a run as long closes it, on the same line), or past the run itself
    /// when none does.
    private static func codeSpan(in bytes: [UInt8], at start: Int) -> Int {
        let tick = UInt8(ascii: "`")
        var runEnd = start
        while runEnd < bytes.count, bytes[runEnd] == tick { runEnd += 1 }
        let length = runEnd - start
        var index = runEnd
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
            guard bytes[index] == tick else {
                index += 1
                continue
            }
            var closing = index
            while closing < bytes.count, bytes[closing] == tick { closing += 1 }
            if closing - index == length { return closing }
            index = closing
        }
        return runEnd
    }

    /// The lines (from 1) of the code blocks cmark finds in `bytes`, fenced or indented, their
    /// fences included: cmark alone knows an indented line in a list item from a code block.
    private static func codeBlockLines(of bytes: [UInt8]) -> IndexSet {
        var lines = IndexSet()
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parse_document($0, buffer.count, CMARK_OPT_SOURCEPOS)
                }
            }
        }
        guard let document else { return lines }
        defer { cmark_node_free(document) }
        for block in CMark.nodes(in: document, ofType: [CMARK_NODE_CODE_BLOCK]) {
            let first = Int(cmark_node_get_start_line(block))
            let last = Int(cmark_node_get_end_line(block))
            if first > 0, last >= first { lines.insert(integersIn: first...last) }
        }
        return lines
    }
}
