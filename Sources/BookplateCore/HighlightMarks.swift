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
            let pairs = self.pairs(of: delimiters)
            guard !pairs.isEmpty else { continue }
            let (before, after) = cut(at: pairs.flatMap { [delimiters[$0.0], delimiters[$0.1]] })
            for (open, close) in pairs {
                guard let first = after[delimiters[open].place], let last = before[delimiters[close].place] else {
                    continue
                }
                mark(from: first, to: last)
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

        /// The delimiter's place, to look up the text nodes on either side of it once cut.
        var place: Place { Place(node: node, offset: offset) }
    }

    private struct Place: Hashable {
        var node: OpaquePointer
        var offset: Int
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

    /// Each opening `==` with the next that closes it, as places in `delimiters`.
    private static func pairs(of delimiters: [Delimiter]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var open: Int?
        for (index, delimiter) in delimiters.enumerated() {
            if let opened = open, delimiter.closes {
                pairs.append((opened, index))
                open = nil
            } else if open == nil, delimiter.opens {
                open = index
            }
        }
        return pairs
    }

    /// Cuts each text node at each of `delimiters` (in order) once, leaving their `==` out: the
    /// text node before each delimiter and the one after it. Cut a pair at a time, a text of many
    /// `==` was copied whole for each of them, and a note of 100,000 took seconds (found by a
    /// review).
    private static func cut(at delimiters: [Delimiter]) -> (
        before: [Place: OpaquePointer], after: [Place: OpaquePointer]
    ) {
        var before: [Place: OpaquePointer] = [:]
        var after: [Place: OpaquePointer] = [:]
        var index = 0
        while index < delimiters.count {
            let node = delimiters[index].node
            var end = index
            while end < delimiters.count, delimiters[end].node == node { end += 1 }
            let bytes = Array(literal(of: node).utf8)
            cmark_node_set_literal(node, String(decoding: bytes[..<delimiters[index].offset], as: UTF8.self))
            var previous = node
            for at in index..<end {
                let from = delimiters[at].offset + 2
                let upTo = at + 1 < end ? delimiters[at + 1].offset : bytes.count
                guard let rest = cmark_node_new(CMARK_NODE_TEXT) else { break }
                cmark_node_set_literal(rest, String(decoding: bytes[from..<upTo], as: UTF8.self))
                _ = cmark_node_insert_after(previous, rest)
                before[delimiters[at].place] = previous
                after[delimiters[at].place] = rest
                previous = rest
            }
            index = end
        }
        return (before, after)
    }

    /// Puts the nodes from `first` to `last`, siblings in that order, in a `<mark>`.
    private static func mark(from first: OpaquePointer, to last: OpaquePointer) {
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
