import CCMark
import Foundation

/// Renders a reader's Markdown note to HTML through cmark.
///
/// By default cmark runs in its safe mode: raw HTML is replaced by a comment and links to
/// `javascript:`, `vbscript:`, `file:` and most `data:` URLs are dropped. Headings move down
/// two levels so that a note's `#` sits below the book page's own title.
public struct NoteRenderer: Sendable, Hashable {
    /// Whether raw HTML in notes passes through untouched. Only for the reader's own notes.
    public var allowsRawHTML: Bool

    public init(allowsRawHTML: Bool = false) {
        self.allowsRawHTML = allowsRawHTML
    }

    /// A short name for these options, mixed into a note's content hash so that changing them
    /// renders every note again.
    var optionsTag: String { allowsRawHTML ? "cmark-0.30/smart/unsafe" : "cmark-0.30/smart/safe" }

    /// The HTML for `markdown`.
    public func render(_ markdown: String) -> String {
        var options = CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8
        if allowsRawHTML { options |= CMARK_OPT_UNSAFE }
        let bytes = Array(markdown.utf8)
        guard
            let document = bytes.withUnsafeBufferPointer({ buffer in
                buffer.baseAddress.flatMap { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        cmark_parse_document($0, buffer.count, options)
                    }
                }
            })
        else { return "" }
        defer { cmark_node_free(document) }
        lowerHeadings(in: document)
        guard let html = cmark_render_html(document, options) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    /// The hash under which the library caches the HTML for `markdown`.
    public func contentHash(of markdown: String) -> String {
        ContentHash.sha256Hex(of: optionsTag + "\n" + markdown)
    }

    private func lowerHeadings(in document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == CMARK_NODE_HEADING
            else { continue }
            cmark_node_set_heading_level(node, min(cmark_node_get_heading_level(node) + 2, 6))
        }
    }
}
