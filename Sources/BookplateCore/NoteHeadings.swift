import CCMark
import Foundation

/// The anchors of a note's headings, so that a link by name to one (`[[Dune#Part one]]`)
/// leads to it, and a reader can link to a part of a long note.
///
/// A heading's anchor is `n-` and the slug of its words, as ``Slug`` makes them (`# Part one` →
/// `n-part-one`; its emphasis, code and character references are read as text): the prefix keeps
/// a note's ids apart from those a theme gives its own parts (`main`, `note-heading`) and from
/// the highlights' `h-<id>`, since a page with two elements of one id is no valid page and a
/// link to it leads to the first. A second heading of the same words is `n-part-one-2`, and so on.
/// Only a note that is its page's text has anchors: the notes of highlights, many on one
/// commonplace page, would share them.
package enum NoteHeadings {
    /// The anchor of a heading of `words`, without its `#`.
    package static func anchor(of words: String) -> String {
        "n-" + Slug.make(from: words, fallbackPrefix: "heading")
    }

    /// Gives each heading of `document` its anchor, rendering it with cmark's `options` and
    /// putting it in the document as markup in its place, as ``CMark/makeCodeBlocksFocusable(in:)``
    /// does a code block (cmark writes no attributes of its own). Its text is cleaned first as
    /// the rest of the note is.
    static func anchor(in document: OpaquePointer, options: Int32) {
        var taken: Set<String> = []
        for heading in CMark.nodes(in: document, ofType: [CMARK_NODE_HEADING]) {
            CMark.cleanText(in: heading)
            let level = cmark_node_get_heading_level(heading)
            let base = anchor(of: words(of: heading))
            var id = base
            var count = 1
            while !taken.insert(id).inserted {
                count += 1
                id = "\(base)-\(count)"
            }
            guard let rendered = cmark_render_html(heading, options) else { continue }
            let html = String(cString: rendered)
            free(rendered)
            // cmark writes every heading as `<hN>` (no source positions are asked for); the anchor
            // is the slug's letters, digits and hyphens.
            let open = "<h\(level)>"
            guard html.hasPrefix(open), let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            cmark_node_set_on_enter(block, "<h\(level) id=\"\(id)\">" + html.dropFirst(open.count))
            _ = cmark_node_insert_before(heading, block)
            cmark_node_free(heading)
        }
    }

    /// The words of `heading` as a reader sees them: its text and code, a line break a space.
    private static func words(of heading: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(heading) else { return "" }
        defer { cmark_iter_free(iterator) }
        var words = ""
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                words += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                words += " "
            default:
                break
            }
        }
        return words
    }
}
