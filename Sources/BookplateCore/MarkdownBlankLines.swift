import CCMark
import Foundation

/// The blank lines of a Markdown text, as CommonMark reads them.
package enum MarkdownBlankLines {
    /// `markdown` with each run of blank lines between blocks made one, as CommonMark reads them
    /// (a comment of many lines taken out leaves as many blank lines in its place). The blank
    /// lines inside a code block, fenced or indented, and inside raw HTML that CommonMark ends at
    /// its end tag rather than at a blank line (`<pre>`, `<script>`, `<style>`, `<textarea>`)
    /// are the text's own, and stay: cmark says which lines those blocks take.
    package static func collapsed(_ markdown: String) -> String {
        let bytes = Array(markdown.utf8)
        var own = IndexSet()
        if let document = CMark.parse(bytes, options: CMARK_OPT_SOURCEPOS) {
            defer { cmark_node_free(document) }
            for block in CMark.nodes(in: document, ofType: [CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK]) {
                let first = Int(cmark_node_get_start_line(block))
                let last = Int(cmark_node_get_end_line(block))
                if first > 0, last >= first { own.insert(integersIn: first...last) }
            }
        }
        var lines: [Substring] = []
        var blanks = 0
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // cmark numbers lines from 1.
            if !own.contains(index + 1), line.allSatisfy(\.isWhitespace) {
                blanks += 1
                continue
            }
            lines += repeatElement("", count: min(blanks, 1))
            blanks = 0
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
