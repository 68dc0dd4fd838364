import CCMark
import Foundation

/// Renders a reader's Markdown note to HTML through cmark.
///
/// Front matter and Obsidian's `%%` comments are no part of the page, and Obsidian's links by
/// name (`[[Dune]]`) are links (``ObsidianMarkdown``).
/// By default cmark runs in its safe mode: raw HTML is replaced by a comment, and a link to a
/// `javascript:`, `vbscript:`, `file:` or most `data:` address becomes its text (an image, its
/// description). A note's top-most heading becomes an h3, below the book page's "My notes", and
/// the others follow it. A code block takes the keyboard's focus, so that a long line can be
/// scrolled to without a mouse. An Obsidian callout (`> [!tip] Title`) is a callout, and its
/// `==highlighted==` text a `<mark>`.
public struct NoteRenderer: Sendable, Hashable {
    /// Whether raw HTML in notes passes through untouched. Only for the reader's own notes.
    public var allowsRawHTML: Bool

    public init(allowsRawHTML: Bool = false) {
        self.allowsRawHTML = allowsRawHTML
    }

    /// A short name for these options, mixed into a note's content hash so that changing them
    /// renders every note again.
    package var optionsTag: String {
        // "/plain": control characters are taken out before cmark reads a note; "/published": and
        // out of the text it makes of character references.
        // "/comments-4": Obsidian's `%%` comments are left out (``ObsidianMarkdown``), the code
        // blocks being those of the text without them, a line of a paragraph that was only one
        // going with it, and a paragraph's HTML comments that cmark reads as text; and
        // "/no-html-comments-3" those of raw HTML, as a browser reads them (in SVG and MathML too);
        // "/wikilinks-3": its `[[…]]` are links or words, its `![[map.png]]` images, and its
        // `![[Dune]]` links as `[[Dune]]` is.
        // "/focusable-code": code blocks take the keyboard's focus; "/anchors": headings have ids,
        // and links by name lead to them; "/callouts": Obsidian's callouts (`> [!tip]`) are
        // callouts (``Callouts``); "/marks": its `==highlights==` marks (``HighlightMarks``).
        allowsRawHTML
            ? "cmark-0.30/smart/unsafe/plain/published/comments-4/no-html-comments-3/wikilinks-3/focusable-code/anchors/callouts/marks"
            : "cmark-0.30/smart/safe/plain/published/comments-4/wikilinks-3/focusable-code/anchors/callouts/marks"
    }

    /// The HTML for `markdown`.
    /// (Raw HTML in a note passes only when the reader allowed it for their own notes, which are
    /// theirs to publish.)
    /// `topHeading`: the level of the note's top-most heading (3 under a book page's "My notes",
    /// 2 on a page of its own under its title).
    /// `addresses`: what each link's and image's address becomes, for a note shown elsewhere than
    /// on the page its relative addresses are written from (see ``RelativeAddress``).
    /// `links`: where each link by name (`[[Dune]]`) leads, from the page the note is written
    /// from; one that leads nowhere is its words.
    /// `anchorsHeadings`: whether the note's headings have anchors (``NoteHeadings``), for a note
    /// that is its page's text; a link to a heading of its own (`[[#Part two]]`) then leads there,
    /// and is its words elsewhere.
    public func render(
        _ markdown: String, topHeading: Int32 = 3, links: (_ name: String) -> String? = { _ in nil },
        anchorsHeadings: Bool = false, addresses: ((String) -> String)? = nil
    ) -> SanitizedHTML {
        var options = CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8
        if allowsRawHTML { options |= CMARK_OPT_UNSAFE }
        let text = withoutActuallyEscaping(links) { links in
            ObsidianMarkdown.published(NoteRenderer.withoutFrontMatter(markdown)) { name in
                name.isEmpty ? (anchorsHeadings ? "" : nil) : links(name)
            }
        }
        let html = CMark.html(text, options: options) { document in
            CMark.placeHeadings(in: document, topAt: topHeading)
            if !allowsRawHTML { CMark.unwrapDangerousLinks(in: document) }
            if let addresses { CMark.rewriteAddresses(in: document, addresses) }
            HighlightMarks.make(in: document)
            CMark.makeCodeBlocksFocusable(in: document)
            Callouts.make(in: document, options: options)
            if anchorsHeadings { NoteHeadings.anchor(in: document, options: options) }
        }
        return SanitizedHTML(sanitized: allowsRawHTML ? CMark.withoutHTMLComments(html) : html)
    }

    /// `markdown` without the YAML front matter Obsidian, Jekyll and Hugo notes begin with
    /// (`---`, lines of `key: value`, `---`): rendered, it was a rule and a heading of its keys
    /// in the page's outline (found by an exploratory session). The file keeps it.
    ///
    /// Its lines are read as YAML's block mapping is written: a key (words with spaces, dots or
    /// `?` among them, as Obsidian's properties have, or quoted), a colon, and a space or the
    /// line's end; comments, list items and indented lines of a value between them. A key with a
    /// space was read as prose, and a block of more than 200 lines too: both were published
    /// (found by an exploratory session). But what Markdown reads as a rule above a heading may be
    /// the reader's prose ("My verdict: brilliant", "# Part one"), and a first draft of this rule
    /// took it off the page (found by a review): a block is front matter when one of its keys at
    /// least is a word with no space in it or is quoted, as no sentence's start is, or when it
    /// holds nothing at all.
    package static func withoutFrontMatter(_ markdown: String) -> String {
        guard markdown.hasPrefix("---") else { return markdown }
        let utf8 = markdown.utf8
        var start = utf8.startIndex
        // Keys no sentence could begin with (`title`, `"my thoughts"`), and lines that are not blank.
        var yamlOnlyKeys = 0
        var written = 0
        var isFirst = true
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let line = Substring(markdown.utf8[start..<end])
            let next = end < utf8.endIndex ? utf8.index(after: end) : end
            let trimmed = line.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            if isFirst {
                guard trimmed == "---" else { return markdown }
                isFirst = false
            } else if trimmed == "---" || trimmed == "..." {
                // An empty block (Obsidian's properties, all removed) is front matter too: two rules
                // at a note's top are no one's writing.
                guard yamlOnlyKeys > 0 || written == 0 else { return markdown }
                return String(markdown[next...])
            } else if !line.hasPrefix(" "), !line.hasPrefix("\t"), let key = yamlKey(trimmed) {
                written += 1
                if "\"'".contains(key.first ?? " ") || !key.contains(" ") { yamlOnlyKeys += 1 }
            } else if trimmed.isEmpty {
                // A blank line.
            } else if trimmed.hasPrefix("#") {
                // A comment, or a heading of the reader's.
                written += 1
            } else if written > 0, trimmed.hasPrefix("-") || line.first?.isWhitespace == true {
                // The value of the key above: a list item, or an indented line.
            } else {
                return markdown
            }
            start = next
        }
        return markdown
    }

    /// The key of `line` when it is a line of a YAML mapping, `key: value` or `key:`: a plain key
    /// (words, with spaces, dots or `?` among them) or one in quotes, then a colon and a space or
    /// the line's end.
    private static func yamlKey(_ line: String) -> Substring? {
        guard let first = line.first else { return nil }
        var keyEnd: String.Index
        if first == "\"" || first == "'" {
            // Quoted: to the closing quote (`\"` inside double quotes, `''` inside single ones).
            var index = line.index(after: line.startIndex)
            while true {
                guard let quote = line[index...].firstIndex(of: first) else { return nil }
                if first == "\"", line[..<quote].reversed().prefix(while: { $0 == "\\" }).count % 2 == 1 {
                    index = line.index(after: quote)
                } else if first == "'", line[line.index(after: quote)...].first == "'" {
                    index = line.index(quote, offsetBy: 2)
                } else {
                    keyEnd = line.index(after: quote)
                    break
                }
            }
            let rest = line[keyEnd...].drop { $0 == " " }
            guard rest.first == ":" else { return nil }
            keyEnd = rest.startIndex
        } else {
            // YAML's indicators cannot begin a plain key; `-`, `?` and `:` can when a letter follows.
            guard !"[]{}#&*!|>%@`,".contains(first), !["- ", "? ", ": "].contains(where: line.hasPrefix)
            else { return nil }
            var search = line.startIndex
            while true {
                guard let colon = line[search...].firstIndex(of: ":") else { return nil }
                let after = line.index(after: colon)
                if after == line.endIndex || line[after] == " " || line[after] == "\t" {
                    keyEnd = colon
                    break
                }
                search = after
            }
        }
        let key = line[..<keyEnd].trimmingCharacters(in: .whitespaces)
        // A `#` after a space begins a comment: no key is in one.
        guard !key.isEmpty, !key.contains(" #") else { return nil }
        return Substring(key)
    }

    /// The hash under which the library caches the HTML for `markdown`.
    public func contentHash(of markdown: String) -> String {
        ContentHash.sha256Hex(of: optionsTag + "\n" + markdown)
    }
}
