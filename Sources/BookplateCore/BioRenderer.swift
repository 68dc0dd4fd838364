import CCMark
import Foundation

/// Renders an author's bio to HTML through cmark, as notes are rendered: Open Library writes bios
/// in Markdown (`([Source][1].)` and `[1]: http://…` below), and plain text reads the same.
///
/// A bio comes from a catalog or an import, never from the reader, so cmark always runs in its
/// safe mode (raw HTML becomes a comment, `javascript:` and the like lose their address), and
/// more goes: a link is kept only to an http or https address, and an image becomes its
/// description, since the site shows no picture it did not download. The top-most heading
/// becomes an h3, as in notes.
package enum BioRenderer {
    /// The HTML for `markdown`; nil when it shows no text.
    package static func render(_ markdown: String?) -> SanitizedHTML? {
        guard let markdown, !markdown.isEmpty else { return nil }
        let html = CMark.html(markdown, options: CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8) { document in
            CMark.placeHeadings(in: document, topAt: 3)
            for node in CMark.nodes(in: document, ofType: [CMARK_NODE_LINK, CMARK_NODE_IMAGE]) {
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                if cmark_node_get_type(node) == CMARK_NODE_IMAGE || URL(string: url)?.isWebAddress != true {
                    CMark.replaceWithChildren(node)
                }
            }
        }
        let bio = SanitizedHTML(sanitized: html)
        return bio.showsText ? bio : nil
    }
}
