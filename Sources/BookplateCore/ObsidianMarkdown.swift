import CCMark
import Foundation

/// What Obsidian writes in a reader's Markdown beyond CommonMark, made into what CommonMark
/// publishes: its comments left out, and its links by name made links.
///
/// - Comments: text between two `%%` marks, on one line or across many, which Obsidian shows
///   only while the note is edited and Obsidian Publish leaves out. Read as CommonMark it was
///   text, and a reader's aside ("%% lend it to Sam? %%") was published on the book's page, in
///   the search index and in the feeds (found by an exploratory session). As Obsidian reads
///   them, a `%%` with no second one leaves out the rest of the text.
/// - Links by name (``WikiLink``): `[[Dune]]`, `[[dune|the book]]`, `[[Dune#Part one]]`, on one
///   line. Each becomes a CommonMark link to the page `links` gives for its name, or its words
///   without brackets where no page is the name's, as Obsidian Publish shows a link to a note it
///   has not published. An embed of an image (`![[map.png]]`) is that image of the reader's
///   `images/` folder (``WikiLink/imageMarkdown``); an embed of anything else is read as a link.
/// - And an HTML comment in a paragraph that cmark would publish as text
///   (``htmlComment(in:at:)``), as Obsidian and a browser read it: a comment.
///
/// Inside a code block or a code span both are code; `\%` and `\[` are the characters, as
/// CommonMark escapes them.
package enum ObsidianMarkdown {
    /// The address of the page a link by name leads to, written from a page two folders below
    /// the site's top (`books/<slug>/`, `pages/<name>/`), or nil where none is the name's.
    package typealias Links = (_ name: String) -> String?

    /// Whether `markdown` may hold a link by name: it has a `[[`. Cheap, and over-eager (a code
    /// span may hold one), so that nothing that depends on where its links lead is left out.
    package static func mayLink(_ markdown: String) -> Bool { markdown.contains("[[") }

    /// `markdown` without its comments, and with its links by name made links through `links`
    /// (left as written where `links` is nil: the words of a page's title are taken first).
    /// The line breaks inside a comment stay, so that what stood on other lines (a heading, a
    /// list) is still read as it was written. A pass over the text for each reading of cmark,
    /// two for most notes with a comment or a link: a note is up to 4 MB, and an import writes
    /// notes.
    package static func published(_ markdown: String, links: Links?) -> String {
        // Most notes have none of them: not parsed at all.
        guard markdown.contains("%%") || markdown.contains("<!--") || (links != nil && mayLink(markdown)) else {
            return markdown
        }
        return String(decoding: joined(settled(Array(markdown.utf8), links: links), links: links), as: UTF8.self)
    }

    /// What is kept of `bytes` once the code blocks are known.
    private static func settled(_ bytes: [UInt8], links: Links?) -> Kept {
        // The code blocks are those of the text without its comments: a fence inside a comment
        // opens none, and read in the whole text it made code of the lines after the comment, whose
        // own comments were published (found by a review). Each reading settles at least the next
        // block, and a note settles in two; one that does not after a few keeps as code only the
        // lines both of its last readings hold.
        var blocks = Blocks(of: bytes)
        var kept = removed(from: bytes, blocks: blocks, links: links)
        for _ in 0..<4 {
            let found = Blocks(of: kept.text)
            if found == blocks { return kept }
            blocks = found
            kept = removed(from: bytes, blocks: blocks, links: links)
        }
        blocks.code.formIntersection(Blocks(of: kept.text).code)
        return removed(from: bytes, blocks: blocks, links: links)
    }

    /// What ``removed(from:blocks:links:)`` keeps of a text: the text, and the lines of it that
    /// were a comment and nothing else (their line break included).
    private struct Kept {
        var text: [UInt8] = []
        var emptied: [Range<Int>] = []
    }

    /// The kept text without the lines that held only a comment and follow a line of text: such a
    /// line, left blank, split a paragraph in two where Obsidian shows one (noticed by a review).
    /// The lines are taken out only where that changes nothing but the paragraphs: where the
    /// code, the HTML and the code spans cmark reads are the same, and reading the joined text
    /// again leaves nothing more out (a line that was code, or an HTML block, and would be text
    /// once joined, keeps the text as it was). A comment's text is never in either.
    private static func joined(_ kept: Kept, links: Links?) -> [UInt8] {
        guard !kept.emptied.isEmpty else { return kept.text }
        var result: [UInt8] = []
        result.reserveCapacity(kept.text.count)
        var cursor = 0
        for line in kept.emptied where line.lowerBound >= cursor {
            result.append(contentsOf: kept.text[cursor..<line.lowerBound])
            cursor = endsWithLineOfText(result) ? line.upperBound : line.lowerBound
        }
        result.append(contentsOf: kept.text[cursor...])
        guard result != kept.text, CodeAndHTML(of: result) == CodeAndHTML(of: kept.text) else { return kept.text }
        guard settled(result, links: links).text == result else { return kept.text }
        return result
    }

    /// Whether `text`, which ends with a line break, has text on its last line.
    private static func endsWithLineOfText(_ text: [UInt8]) -> Bool {
        var end = text.count
        if end > 0, text[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > 0, text[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var index = end
        while index > 0, text[index - 1] != UInt8(ascii: "\n"), text[index - 1] != UInt8(ascii: "\r") { index -= 1 }
        return text[index..<end].contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    }

    /// `bytes` without their comments and with their links by name made links, `blocks` being
    /// where its code and its paragraphs are.
    private static func removed(from bytes: [UInt8], blocks: Blocks, links: Links?) -> Kept {
        // The lines, each a range of `bytes` and its line break: "\n", "\r\n" or a lone "\r", as
        // cmark counts lines.
        var lines: [(text: Range<Int>, end: Int)] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
            var next = end
            if next < bytes.count {
                next +=
                    bytes[next] == UInt8(ascii: "\r") && next + 1 < bytes.count && bytes[next + 1] == UInt8(ascii: "\n")
                    ? 2 : 1
            }
            lines.append((start..<end, next))
            start = next
        }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var emptied: [Range<Int>] = []
        var inComment = false
        var index = 0
        while index < lines.count {
            let line = index + 1
            if !inComment, blocks.code.contains(line) {
                // A line of a code block, as it is.
                kept.append(contentsOf: bytes[lines[index].text])
                kept.append(contentsOf: bytes[lines[index].text.upperBound..<lines[index].end])
                index += 1
                continue
            }
            // A paragraph's lines are read as one: a code span goes on over a line break, and its
            // `%%` on the next line closed a comment opened in the code (a hard-wrapped
            // `` `printf("%%d", n)` ``), which published the aside that followed (found by a review).
            let last = min(blocks.paragraphs[line].map { $0 - 1 } ?? index, lines.count - 1)
            let text = bytes[lines[index].text.lowerBound..<lines[last].text.upperBound]
            var tracker = LineTracker(start: kept.count, removed: inComment && !text.isEmpty)
            inComment = keep(
                text, inComment: inComment, inline: blocks.inline.contains(line), links: links, into: &kept,
                tracker: &tracker, emptied: &emptied)
            let end = kept.count
            kept.append(contentsOf: bytes[lines[last].text.upperBound..<lines[last].end])
            if tracker.emptied(kept[tracker.start..<end]), kept.count > end {
                emptied.append(tracker.start..<kept.count)
            }
            index = last + 1
        }
        return Kept(text: kept, emptied: emptied)
    }

    /// Where the line being kept began in the kept text, and whether a comment was taken out of it.
    private struct LineTracker {
        var start: Int
        var removed: Bool

        /// Whether the line, kept as `text`, was a comment and nothing else.
        func emptied(_ text: ArraySlice<UInt8>) -> Bool {
            removed && text.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }
    }

    /// Appends to `kept` what of `line` (a paragraph's lines, or one) stands outside comments,
    /// its links by name made links, given whether a comment is open at its start; returns
    /// whether one is open at its end. `inline`: the line is a paragraph's or a heading's, whose
    /// HTML comments cmark leaves as text where a browser does not (``htmlComment(in:at:)``).
    private static func keep(
        _ line: ArraySlice<UInt8>, inComment: Bool, inline: Bool, links: Links?, into kept: inout [UInt8],
        tracker: inout LineTracker, emptied: inout [Range<Int>]
    ) -> Bool {
        var inComment = inComment
        var lookForComments = inline
        var spans = CodeSpans(line)
        var index = line.startIndex
        // Where the last escape (`\!`) ended: a `!` it wrote opens no embed.
        var escapedUpTo = -1
        while index < line.endIndex {
            let byte = line[index]
            let isMark =
                byte == UInt8(ascii: "%") && index + 1 < line.endIndex && line[index + 1] == UInt8(ascii: "%")
            if inComment {
                if isMark { inComment = false }
                index += isMark ? 2 : 1
            } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                // A line break of a paragraph: the line it ends is looked at.
                let length =
                    byte == UInt8(ascii: "\r") && index + 1 < line.endIndex && line[index + 1] == UInt8(ascii: "\n")
                    ? 2 : 1
                let end = kept.count
                kept.append(contentsOf: line[index..<(index + length)])
                if tracker.emptied(kept[tracker.start..<end]) { emptied.append(tracker.start..<kept.count) }
                tracker = LineTracker(start: kept.count, removed: false)
                index += length
            } else if byte == UInt8(ascii: "\\"), index + 1 < line.endIndex, isPunctuation(line[index + 1]) {
                kept.append(contentsOf: line[index...(index + 1)])
                index += 2
                escapedUpTo = index
            } else if byte == UInt8(ascii: "`") {
                let through = spans.end(ofSpanAt: index)
                kept.append(contentsOf: line[index..<through])
                index = through
            } else if lookForComments, byte == UInt8(ascii: "<"), line[index...].starts(with: "<!--".utf8) {
                switch htmlComment(in: line, at: index) {
                case .some((let end, false)):
                    tracker.removed = true
                    index = end
                case .some((_, true)):
                    kept.append(byte)
                    index += 1
                // With no end in the paragraph, none that begins later has one: not looked for
                // again, so that a paragraph of `<!--` is read once.
                case .none: lookForComments = false
                }
            } else if isMark {
                inComment = true
                tracker.removed = true
                index += 2
            } else if byte == UInt8(ascii: "["), let links, let link = WikiLink(in: line, at: index) {
                // After a `!` that is no escaped one, an embed: an image's is the image. A page
                // cannot be put inside another, so an embed of a note (`![[Dune]]`) is a link to
                // it, as `[[Dune]]` is, and its words where it leads nowhere (a PDF's, a sound's):
                // written as it stood, `![[Dune]]` and all, it was published brackets and all.
                if kept.last == UInt8(ascii: "!"), escapedUpTo != index {
                    if let image = link.imageMarkdown {
                        kept.append(contentsOf: image.utf8)
                    } else {
                        kept.removeLast()
                        kept.append(contentsOf: link.markdown(leadingTo: links(link.name)).utf8)
                    }
                    index = link.end
                } else {
                    kept.append(contentsOf: link.markdown(leadingTo: links(link.name)).utf8)
                    index = link.end
                }
            } else {
                kept.append(byte)
                index += 1
            }
        }
        return inComment
    }

    /// The HTML comment that begins at `start` in a paragraph's `text` (at its `<!--`): where it
    /// ends, as a browser and Obsidian end it, and whether cmark 0.30 reads it as one too; nil
    /// where it has no end in the paragraph. cmark takes none with `--` inside (`<!-- but --
    /// honestly -->`), ending in `--->` or `--!>`, nor `<!-->` and `<!--->`: it published them
    /// as text, `&lt;!--` and all, with raw HTML allowed and without (found by a review). The
    /// comments cmark reads are left to it: safe mode omits them, and
    /// ``CMark/withoutHTMLComments(_:)`` takes them out of the reader's raw HTML.
    static func htmlComment(in text: ArraySlice<UInt8>, at start: Int) -> (end: Int, isCMarks: Bool)? {
        let body = start + "<!--".utf8.count
        if text[body...].starts(with: ">".utf8) { return (body + 1, false) }
        if text[body...].starts(with: "->".utf8) { return (body + 2, false) }
        var index = body
        while index + 2 < text.endIndex {
            if text[index] == UInt8(ascii: "-"), text[index + 1] == UInt8(ascii: "-") {
                if text[index + 2] == UInt8(ascii: ">") {
                    let inner = text[body..<index]
                    let hasDashes = zip(inner, inner.dropFirst()).contains { $0 == UInt8(ascii: "-") && $1 == $0 }
                    return (index + 3, !hasDashes && inner.last != UInt8(ascii: "-"))
                }
                if index + 3 < text.endIndex, text[index + 2] == UInt8(ascii: "!"),
                    text[index + 3] == UInt8(ascii: ">")
                {
                    return (index + 4, false)
                }
            }
            index += 1
        }
        return nil
    }

    /// Whether `byte` is ASCII punctuation, which a backslash before it escapes in CommonMark.
    static func isPunctuation(_ byte: UInt8) -> Bool {
        byte < 0x80 && (Character(UnicodeScalar(byte)).isPunctuation || Character(UnicodeScalar(byte)).isSymbol)
    }

    /// The code spans of a line: a run of backticks opens one that the next run as long closes.
    /// Each run's closer is found by a cursor per length that only moves on, so a line of many
    /// runs that close nothing is read once, not once a run.
    private struct CodeSpans {
        /// The runs of backticks, in order: where each begins and ends.
        var runs: [(start: Int, end: Int)] = []
        /// The runs of each length, by their place in `runs`.
        var byLength: [Int: [Int]] = [:]
        /// For each length, how far into `byLength` the runs before the place looked at go.
        var cursors: [Int: Int] = [:]
        /// The first run not yet passed.
        var current = 0

        init(_ line: ArraySlice<UInt8>) {
            var index = line.startIndex
            while index < line.endIndex {
                guard line[index] == UInt8(ascii: "`") else {
                    index += 1
                    continue
                }
                let start = index
                while index < line.endIndex, line[index] == UInt8(ascii: "`") { index += 1 }
                byLength[index - start, default: []].append(runs.count)
                runs.append((start, index))
            }
        }

        /// Where the text goes on after the run of backticks that begins at or around `index`:
        /// past the span it opens, or past the run itself when no run as long follows it.
        mutating func end(ofSpanAt index: Int) -> Int {
            while current < runs.count, runs[current].end <= index { current += 1 }
            guard current < runs.count else { return index + 1 }
            let run = runs[current]
            // A run entered after its first backtick (escaped: `\``) is as long as what is left.
            let length = run.end - max(run.start, index)
            let same = byLength[length] ?? []
            var cursor = cursors[length] ?? 0
            while cursor < same.count, same[cursor] <= current { cursor += 1 }
            cursors[length] = cursor
            guard cursor < same.count else {
                current += 1
                return run.end
            }
            let closer = runs[same[cursor]]
            current = same[cursor] + 1
            return closer.end
        }
    }

    /// Where cmark finds the code blocks and the paragraphs of a text, by its lines (from 1).
    /// The code (blocks and spans) and the HTML (blocks and inline) cmark reads in a text, in
    /// order: what joining lines must not change.
    private struct CodeAndHTML: Equatable {
        var parts: [String] = []

        init(of bytes: [UInt8]) {
            guard let document = CMark.parse(bytes, options: CMARK_OPT_DEFAULT) else { return }
            defer { cmark_node_free(document) }
            for node in CMark.nodes(
                in: document,
                ofType: [CMARK_NODE_CODE_BLOCK, CMARK_NODE_CODE, CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE])
            {
                parts.append(
                    "\(cmark_node_get_type(node).rawValue) "
                        + (cmark_node_get_literal(node).map { String(cString: $0) } ?? ""))
            }
        }
    }

    private struct Blocks: Equatable {
        /// The lines of code blocks, fenced or indented, their fences included: cmark alone knows
        /// an indented line in a list item from a code block.
        var code = IndexSet()
        /// The last line of each paragraph or heading of more than one line, by its first.
        var paragraphs: [Int: Int] = [:]
        /// The lines of paragraphs and headings.
        var inline = IndexSet()

        init(of bytes: [UInt8]) {
            guard let document = CMark.parse(bytes, options: CMARK_OPT_SOURCEPOS) else { return }
            defer { cmark_node_free(document) }
            for block in CMark.nodes(
                in: document, ofType: [CMARK_NODE_CODE_BLOCK, CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING])
            {
                let first = Int(cmark_node_get_start_line(block))
                let last = Int(cmark_node_get_end_line(block))
                guard first > 0, last >= first else { continue }
                if cmark_node_get_type(block) == CMARK_NODE_CODE_BLOCK {
                    code.insert(integersIn: first...last)
                } else {
                    inline.insert(integersIn: first...last)
                    if last > first { paragraphs[first] = last }
                }
            }
        }
    }
}
