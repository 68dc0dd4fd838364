import CCMark
import Foundation

/// Obsidian's highlighted text, `==like this==`: a `<mark>`. Read as CommonMark it was text,
/// its `==` and all.
///
/// As Obsidian reads it, a `==` opens a mark where text follows it and closes one where text is
/// before it; what lies between may be emphasised or linked (`==*so* true==`), and marks do not
/// nest. The two must be in the same run of text (a paragraph, a heading, an emphasis, a
/// link's words): one opened inside an emphasis and closed outside it stays as written, and so
/// does a run of three `=` or more. Code is code.
enum HighlightMarks {
    /// Makes each `==…==` of `document` a mark.
    static func make(in document: OpaquePointer) {
        for container in CMark.nodes(in: document, ofType: containers) {
            let delimiters = self.delimiters(amongChildrenOf: container)
            guard delimiters.count >= 2 else { continue }
            // The last pair first: cutting a text node at a later place leaves its earlier places where they were.
            for (open, close) in pairs(of: delimiters).reversed() {
                mark(from: open, to: close)
            }
        }
    }

    /// The nodes whose children are inline: a run of text a mark may span.
    private static let containers: [cmark_node_type] = [
        CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK,
    ]

    /// A `==` in a text node: the node, its place in the text in UTF-8 bytes, and whether it may
    /// open or close a mark.
    private struct Delimiter {
        var node: OpaquePointer
        var offset: Int
        var opens: Bool
        var closes: Bool
    }

    /// Each `==` (two, not three or more) in the text children of `container`, in order.
    private static func delimiters(amongChildrenOf container: OpaquePointer) -> [Delimiter] {
        var found: [Delimiter] = []
        var child = cmark_node_first_child(container)
        while let node = child {
            child = cmark_node_next(node)
            guard cmark_node_get_type(node) == CMARK_NODE_TEXT else { continue }
            let bytes = Array(literal(of: node).utf8)
            var index = 0
            while index < bytes.count {
                guard bytes[index] == equals else {
                    index += 1
                    continue
                }
                var end = index
                while end < bytes.count, bytes[end] == equals { end += 1 }
                if end - index == 2 {
                    // Text before and after: in this node, or a node beside it on the same line.
                    let after = end < bytes.count ? !isSpace(bytes[end]) : isInline(cmark_node_next(node))
                    let before = index > 0 ? !isSpace(bytes[index - 1]) : isInline(cmark_node_previous(node))
                    found.append(Delimiter(node: node, offset: index, opens: after, closes: before))
                }
                index = end
            }
        }
        return found
    }

    /// Each opening `==` with the next that closes it.
    private static func pairs(of delimiters: [Delimiter]) -> [(Delimiter, Delimiter)] {
        var pairs: [(Delimiter, Delimiter)] = []
        var open: Delimiter?
        for delimiter in delimiters {
            if let opened = open, delimiter.closes {
                pairs.append((opened, delimiter))
                open = nil
            } else if open == nil, delimiter.opens {
                open = delimiter
            }
        }
        return pairs
    }

    /// Takes the two `==` out and puts what lies between them in a `<mark>`.
    private static func mark(from open: Delimiter, to close: Delimiter) {
        // The text after the closing `==` goes to a node of its own, then the text after the
        // opening one: the mark's first node, and its last where the two are in one text.
        split(close.node, at: close.offset)
        guard let first = split(open.node, at: open.offset) else { return }
        let last = open.node == close.node ? first : close.node
        guard let mark = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { return }
        cmark_node_set_on_enter(mark, "<mark>")
        cmark_node_set_on_exit(mark, "</mark>")
        _ = cmark_node_insert_before(first, mark)
        var moving: OpaquePointer? = first
        while let node = moving {
            moving = node == last ? nil : cmark_node_next(node)
            _ = cmark_node_append_child(mark, node)
        }
    }

    /// Cuts `node`'s text before byte `at`, leaves out the `==` there, and puts the rest in a new
    /// text node after it, which it returns.
    @discardableResult
    private static func split(_ node: OpaquePointer, at offset: Int) -> OpaquePointer? {
        let bytes = Array(literal(of: node).utf8)
        guard let rest = cmark_node_new(CMARK_NODE_TEXT) else { return nil }
        cmark_node_set_literal(rest, String(decoding: bytes[(offset + 2)...], as: UTF8.self))
        cmark_node_set_literal(node, String(decoding: bytes[..<offset], as: UTF8.self))
        _ = cmark_node_insert_after(node, rest)
        return rest
    }

    private static func literal(of node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Whether `node` is there and is no line break: text of some kind beside a `==`.
    private static func isInline(_ node: OpaquePointer?) -> Bool {
        guard let node else { return false }
        let type = cmark_node_get_type(node)
        return type != CMARK_NODE_SOFTBREAK && type != CMARK_NODE_LINEBREAK
    }

    private static let equals = UInt8(ascii: "=")
}
