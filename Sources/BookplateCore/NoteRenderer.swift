import CCMark
import Foundation

/// Renders a reader's Markdown note to HTML through cmark.
///
/// By default cmark runs in its safe mode: raw HTML is replaced by a comment, and a link to a
/// `javascript:`, `vbscript:`, `file:` or most `data:` address becomes its text (an image, its
/// description). A note's top-most heading becomes an h3, below the book page's "My notes", and
/// the others follow it.
public struct NoteRenderer: Sendable, Hashable {
    /// Whether raw HTML in notes passes through untouched. Only for the reader's own notes.
    public var allowsRawHTML: Bool

    public init(allowsRawHTML: Bool = false) {
        self.allowsRawHTML = allowsRawHTML
    }

    /// A short name for these options, mixed into a note's content hash so that changing them
    /// renders every note again.
    package var optionsTag: String {
        // "/plain": control characters are taken out before cmark reads a note.
        allowsRawHTML ? "cmark-0.30/smart/unsafe/plain" : "cmark-0.30/smart/safe/plain"
    }

    /// The HTML for `markdown`.
    /// (Raw HTML in a note passes only when the reader allowed it for their own notes, which are
    /// theirs to publish.)
    /// `topHeading`: the level of the note's top-most heading (3 under a book page's "My notes",
    /// 2 on a page of its own under its title).
    /// `addresses`: what each link's and image's address becomes, for a note shown elsewhere than
    /// on the page its relative addresses are written from (see ``RelativeAddress``).
    public func render(_ markdown: String, topHeading: Int32 = 3, addresses: ((String) -> String)? = nil)
        -> SanitizedHTML
    {
        var options = CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8
        if allowsRawHTML { options |= CMARK_OPT_UNSAFE }
        let html = CMark.html(NoteRenderer.withoutFrontMatter(markdown), options: options) { document in
            CMark.placeHeadings(in: document, topAt: topHeading)
            if !allowsRawHTML { CMark.unwrapDangerousLinks(in: document) }
            if let addresses { CMark.rewriteAddresses(in: document, addresses) }
        }
        return SanitizedHTML(sanitized: html)
    }

    /// `markdown` without the YAML front matter Obsidian, Jekyll and Hugo notes begin with
    /// (`---`, lines of `key: value`, `---`): rendered, it was a rule and a heading of its keys
    /// in the page's outline (found by an exploratory session). The file keeps it.
    package static func withoutFrontMatter(_ markdown: String) -> String {
        guard markdown.hasPrefix("---") else { return markdown }
        let utf8 = markdown.utf8
        var start = utf8.startIndex
        var hasKey = false
        for number in 0..<200 {
            guard start < utf8.endIndex else { return markdown }
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let line = Substring(markdown.utf8[start..<end])
            let next = end < utf8.endIndex ? utf8.index(after: end) : end
            let trimmed = line.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            if number == 0 {
                guard trimmed == "---" else { return markdown }
            } else if trimmed == "---" || trimmed == "..." {
                return hasKey ? String(markdown[next...]) : markdown
            } else if let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex,
                trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            {
                hasKey = true
            } else if !trimmed.isEmpty, !trimmed.hasPrefix("-"), !trimmed.hasPrefix("#"), !line.hasPrefix(" ") {
                return markdown
            }
            start = next
        }
        return markdown
    }

    /// The hash under which the library caches the HTML for `markdown`.
    public func contentHash(of markdown: String) -> String {
        ContentHash.sha256Hex(of: optionsTag + "\n" + markdown)
    }
}
