import CCMark
import Foundation

/// Obsidian's callouts, which GitHub writes as alerts: a block quote whose first line is a type
/// in brackets (`> [!tip] Before you start`, `> [!NOTE]`). Read as CommonMark it was a quotation
/// that began "[!tip] Before you start", brackets and all.
///
/// A callout is a `<div class="callout" data-callout="tip">` whose first paragraph is its title
/// (`<p class="callout-title">`): the words after the type, or the type itself as Obsidian shows
/// it ("Tip") where there are none. One Obsidian folds (`[!tip]-`, or `[!tip]+` open) is a
/// `<details>` whose `<summary>` is the title, so that it folds without a script. The type is kept
/// lowercased in `data-callout` for a theme to colour by; only letters, digits, `-` and `_` make
/// one, so it is safe in the attribute, and anything else is the quotation it was.
enum Callouts {
    /// Makes each callout of `document` one, rendering its title with cmark's `options` (its text
    /// cleaned first, as the rest of the note is) and putting the callout in the document as
    /// markup around its blocks, as ``NoteHeadings`` puts a heading.
    static func make(in document: OpaquePointer, options: Int32) {
        for quote in CMark.nodes(in: document, ofType: [CMARK_NODE_BLOCK_QUOTE]) {
            guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                let marker = marker(atStartOf: paragraph)
            else { continue }
            dropLeadingText(count: marker.length, of: paragraph)
            let title = title(takenFrom: paragraph, options: options)
            if cmark_node_first_child(paragraph) == nil { cmark_node_free(paragraph) }
            let shown = title.isEmpty ? marker.type.prefix(1).uppercased() + marker.type.dropFirst() : title
            guard let callout = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            let attributes = "class=\"callout\" data-callout=\"\(marker.type)\""
            switch marker.fold {
            case nil:
                cmark_node_set_on_enter(callout, "<div \(attributes)>\n<p class=\"callout-title\">\(shown)</p>\n")
                cmark_node_set_on_exit(callout, "</div>\n")
            case let open?:
                let summary = "<summary class=\"callout-title\">\(shown)</summary>\n"
                cmark_node_set_on_enter(callout, "<details \(attributes)\(open ? " open" : "")>\n" + summary)
                cmark_node_set_on_exit(callout, "</details>\n")
            }
            _ = cmark_node_insert_before(quote, callout)
            while let child = cmark_node_first_child(quote) {
                _ = cmark_node_append_child(callout, child)
            }
            cmark_node_free(quote)
        }
    }

    /// The callout's type, lowercased, whether it folds (and if so whether it is open), and how
    /// many bytes of the paragraph's leading text the marker and the spaces after it take; nil
    /// where the paragraph's first line does not begin with one.
    private static func marker(atStartOf paragraph: OpaquePointer) -> (type: String, fold: Bool?, length: Int)? {
        // cmark gives `[` and `!` text nodes of their own: the leading run of text nodes is read as one.
        var text = ""
        var node = cmark_node_first_child(paragraph)
        while let current = node, cmark_node_get_type(current) == CMARK_NODE_TEXT {
            text += cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
            node = cmark_node_next(current)
        }
        let bytes = Array(text.utf8)
        guard bytes.starts(with: Array("[!".utf8)) else { return nil }
        var index = 2
        while index < bytes.count, isTypeByte(bytes[index]) { index += 1 }
        guard index > 2, index < bytes.count, bytes[index] == UInt8(ascii: "]") else { return nil }
        let type = String(decoding: bytes[2..<index], as: UTF8.self).lowercased()
        index += 1
        var fold: Bool?
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            fold = bytes[index] == UInt8(ascii: "+")
            index += 1
        }
        // The type ends at a space, at the line's end, or where the text does (`[!tip]*bold*`).
        guard index == bytes.count || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") else {
            return nil
        }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        return (type, fold, index)
    }

    private static func isTypeByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
    }

    /// Takes `count` bytes off the start of the leading text nodes of `paragraph`.
    private static func dropLeadingText(count: Int, of paragraph: OpaquePointer) {
        var left = count
        while left > 0, let node = cmark_node_first_child(paragraph), cmark_node_get_type(node) == CMARK_NODE_TEXT {
            let literal = Array((cmark_node_get_literal(node).map { String(cString: $0) } ?? "").utf8)
            if literal.count <= left {
                left -= literal.count
                cmark_node_free(node)
            } else {
                cmark_node_set_literal(node, String(decoding: literal[left...], as: UTF8.self))
                left = 0
            }
        }
    }

    /// The HTML of the rest of `paragraph`'s first line, which is taken out of it with the line
    /// break after it: the callout's title, without its `<p>`; empty where it shows nothing.
    private static func title(takenFrom paragraph: OpaquePointer, options: Int32) -> String {
        guard let holder = cmark_node_new(CMARK_NODE_PARAGRAPH) else { return "" }
        defer { cmark_node_free(holder) }
        while let node = cmark_node_first_child(paragraph) {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                cmark_node_free(node)
                break
            }
            _ = cmark_node_append_child(holder, node)
        }
        CMark.cleanText(in: holder)
        guard let rendered = cmark_render_html(holder, options) else { return "" }
        let html = String(cString: rendered)
        free(rendered)
        // cmark writes a paragraph as `<p>…</p>\n`.
        guard html.hasPrefix("<p>"), html.hasSuffix("</p>\n") else { return "" }
        let inner = html.dropFirst("<p>".count).dropLast("</p>\n".count)
        return inner.allSatisfy(\.isWhitespace) ? "" : String(inner)
    }
}
