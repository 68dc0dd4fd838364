import CCMark
import Foundation

/// The calls into cmark that notes and bios share.
enum CMark {
    /// `markdown` parsed with cmark's `options`, changed by `edit`, and rendered as HTML.
    static func html(_ markdown: String, options: Int32, edit: (OpaquePointer) -> Void = { _ in }) -> String {
        // cmark passes control characters through: an author's bio from a catalog published its
        // ESC and BEL bytes, half an escape sequence and a parse error in the page.
        guard let document = parse(Array(ControlSequences.cleanedForStorage(lines: markdown).utf8), options: options)
        else { return "" }
        defer { cmark_node_free(document) }
        edit(document)
        cleanText(in: document)
        guard let html = cmark_render_html(document, options) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    /// The document cmark parses from the UTF-8 `bytes` with `options`, for the caller to free
    /// (`cmark_node_free`); nil when cmark makes none.
    static func parse(_ bytes: [UInt8], options: Int32) -> OpaquePointer? {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parse_document($0, buffer.count, options)
                }
            }
        }
    }

    /// Takes out of the text of `document` what no site may publish (``PublishedText``): cmark
    /// decodes a character reference into the character it names, so `&#1;` or `&#x1b;[31m` in a
    /// note was a control character or a whole escape sequence in the page, where the feed, which
    /// escapes its text, left them out (found by an exploratory session). Only text is touched:
    /// the reader's raw HTML, where they allow it, is markup, and passes as written.
    static func cleanText(in document: OpaquePointer) {
        for node in nodes(in: document, ofType: [CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK]) {
            let isText = cmark_node_get_type(node) == CMARK_NODE_TEXT
            // cmark gives a reference and a `[` text nodes of their own: a run of them is one text,
            // so that an escape sequence goes whole. The first of a run takes in the others, which
            // are left empty (freed, they would still be in the list this goes through).
            if isText, let previous = cmark_node_previous(node), cmark_node_get_type(previous) == CMARK_NODE_TEXT {
                continue
            }
            var literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            var following: [OpaquePointer] = []
            var next = isText ? cmark_node_next(node) : nil
            while let sibling = next, cmark_node_get_type(sibling) == CMARK_NODE_TEXT {
                literal += cmark_node_get_literal(sibling).map { String(cString: $0) } ?? ""
                following.append(sibling)
                next = cmark_node_next(sibling)
            }
            let cleaned = PublishedText.cleaned(literal)
            guard cleaned != literal else { continue }
            cmark_node_set_literal(node, cleaned)
            for sibling in following { cmark_node_set_literal(sibling, "") }
        }
        // A link's or image's title is an attribute's text.
        for node in nodes(in: document, ofType: [CMARK_NODE_LINK, CMARK_NODE_IMAGE]) {
            let title = cmark_node_get_title(node).map { String(cString: $0) } ?? ""
            let cleaned = PublishedText.cleaned(title)
            if cleaned != title { cmark_node_set_title(node, cleaned) }
        }
    }

    /// Every node of `document` of one of `types`, in document order.
    static func nodes(in document: OpaquePointer, ofType types: [cmark_node_type]) -> [OpaquePointer] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [OpaquePointer] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                types.contains(cmark_node_get_type(node))
            else { continue }
            found.append(node)
        }
        return found
    }

    /// Moves the headings so that the top-most one is `level` and the others keep their distance
    /// below it (up to h6): a text that starts at `##` must not skip a level under the page's own
    /// headings, as adding two to every level made it do.
    static func placeHeadings(in document: OpaquePointer, topAt level: Int32) {
        let headings = nodes(in: document, ofType: [CMARK_NODE_HEADING])
        guard let top = headings.map(cmark_node_get_heading_level).min() else { return }
        for heading in headings {
            cmark_node_set_heading_level(heading, min(cmark_node_get_heading_level(heading) - top + level, 6))
        }
    }

    /// Makes each code block of `document` reachable from the keyboard (`<pre tabindex="0">`):
    /// a long line scrolls inside its block, which a reader who does not use a mouse could not
    /// scroll, and Safari could not reach at all (axe's `scrollable-region-focusable`, found by an
    /// exploratory session). A block is rendered by cmark as ever and put in the document as
    /// markup in its place, its text cleaned first as ``cleanText(in:)`` cleans the rest.
    static func makeCodeBlocksFocusable(in document: OpaquePointer) {
        for node in nodes(in: document, ofType: [CMARK_NODE_CODE_BLOCK]) {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            let cleaned = PublishedText.cleaned(literal)
            if cleaned != literal { cmark_node_set_literal(node, cleaned) }
            guard let rendered = cmark_render_html(node, CMARK_OPT_DEFAULT) else { continue }
            let html = String(cString: rendered)
            free(rendered)
            // cmark writes every code block as `<pre><code…` (no source positions are asked for).
            guard html.hasPrefix("<pre>"), let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            cmark_node_set_on_enter(block, #"<pre tabindex="0">"# + html.dropFirst("<pre>".count))
            _ = cmark_node_insert_before(node, block)
            cmark_node_free(node)
        }
    }

    /// `html`, as cmark wrote it from a note with raw HTML, without the comments (`<!-- … -->`)
    /// of that raw HTML, where the reader allows it: a comment is no part of the page a browser
    /// shows, and a reader's `<!-- ask Sam first -->` was published in its source (found by a
    /// privacy audit).
    ///
    /// Read in the HTML cmark wrote, as a browser reads it, and not in each piece of raw HTML as
    /// if it were a page of its own: every `<` of the note's text and code is escaped there, so a
    /// `<!--` is the reader's. The text of a `<script>`, `<style>` or `<textarea>` is no markup
    /// and keeps its `<!-- //-->`; a comment ends at `-->`, at `--!>`, and at once as `<!-->` or
    /// `<!--->`; one with no end runs to the note's end, as it ran on past its block in a
    /// browser (the first reading, of pieces, took a script's code, a textarea's text and the
    /// end tag after a `--!>`, and showed what a comment hid past its block's end: found by a
    /// review). Inside `<svg>` and `<math>` a `<style>` or `<script>` is markup like any element,
    /// and its comments comments, but for their HTML integration points (``ForeignContent``); a
    /// `<![CDATA[…]]>` there is text, its `<!--` too (the first reading took every `<style>` for
    /// raw text: noticed by a review). A comment alone on its line goes with its line.
    static func withoutHTMLComments(_ html: String) -> String {
        guard html.contains("<!--") else { return html }
        let bytes = Array(html.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var foreign = ForeignContent()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                kept.append(bytes[index])
                index += 1
                continue
            }
            if bytes[index...].starts(with: "<!--".utf8) {
                var end = commentEnd(in: bytes, from: index + 4)
                if index == 0 || bytes[index - 1] == UInt8(ascii: "\n"), end < bytes.count,
                    bytes[end] == UInt8(ascii: "\n")
                {
                    end += 1
                }
                index = end
                continue
            }
            if !foreign.followsHTMLRules, bytes[index...].starts(with: "<![CDATA[".utf8) {
                // Text in SVG and MathML, a `<!--` in it too, up to its `]]>`.
                let through = HTMLAllowList.Tag.find(Array("]]>".utf8), in: bytes, from: index + 9).map { $0 + 3 }
                kept.append(contentsOf: bytes[index..<(through ?? bytes.count)])
                index = through ?? bytes.count
                continue
            }
            // A tag that never ends (a quote left open) takes the rest of the note into it, where
            // a browser shows none of it: a comment there is looked for as anywhere else, where it
            // was kept with the rest (noticed by a review).
            guard let tag = HTMLAllowList.Tag.read(bytes, at: index), tag.isTerminated else {
                kept.append(bytes[index])
                index += 1
                continue
            }
            var through = tag.end
            switch tag.kind {
            case .start(let name):
                let selfClosing = tag.end >= 2 && bytes[tag.end - 2] == UInt8(ascii: "/")
                let attributes = bytes[index..<tag.end]
                let rawText = rawTextElements.contains(name)
                if foreign.start(name, selfClosing: selfClosing, attributes: attributes, rawText: rawText), rawText {
                    through = HTMLAllowList.Tag.endOfElement(named: name, in: bytes, after: tag.end)
                }
            case .end(let name): foreign.end(name)
            default: break
            }
            kept.append(contentsOf: bytes[index..<through])
            index = through
        }
        // A comment with no end leaves the note's last line break.
        if bytes.last == UInt8(ascii: "\n"), let last = kept.last, last != UInt8(ascii: "\n") {
            kept.append(UInt8(ascii: "\n"))
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// The elements whose content a browser reads as text, not markup: a `<!--` there is theirs.
    private static let rawTextElements: Set<String> = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext",
    ]

    /// Where the comment whose text begins at `start` (past its `<!--`) ends, as HTML's tokenizer
    /// ends one: past `-->` or `--!>`, past `>` or `->` right at its start, or at the input's end.
    private static func commentEnd(in bytes: [UInt8], from start: Int) -> Int {
        if bytes[start...].starts(with: ">".utf8) { return start + 1 }
        if bytes[start...].starts(with: "->".utf8) { return start + 2 }
        var index = start
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-") {
                if bytes[index + 2] == UInt8(ascii: ">") { return index + 3 }
                if bytes[(index + 2)...].starts(with: "!>".utf8) { return index + 4 }
            }
            index += 1
        }
        return bytes.count
    }

    /// Puts in their text's place the links and images of `document` whose address cmark's safe
    /// mode would empty: it leaves `<a href="">x</a>` and `<img src="" alt="x">`, a link that goes
    /// nowhere and a broken image, where the reader wrote words.
    static func unwrapDangerousLinks(in document: OpaquePointer) {
        for node in nodes(in: document, ofType: [CMARK_NODE_LINK, CMARK_NODE_IMAGE]) {
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if isDangerous(url) { replaceWithChildren(node) }
        }
    }

    /// Gives each link and image of `document` the address `rewrite` makes of its own.
    static func rewriteAddresses(in document: OpaquePointer, _ rewrite: (String) -> String) {
        for node in nodes(in: document, ofType: [CMARK_NODE_LINK, CMARK_NODE_IMAGE]) {
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let rewritten = rewrite(url)
            if rewritten != url { cmark_node_set_url(node, rewritten) }
        }
    }

    /// Whether cmark's safe mode drops `url` (its `_scan_dangerous_url`): `javascript:`,
    /// `vbscript:`, `file:` and `data:` in any case, but for `data:` images of four kinds.
    static func isDangerous(_ url: String) -> Bool {
        let lowered = url.lowercased()
        if ["png", "gif", "jpeg", "webp"].contains(where: { lowered.hasPrefix("data:image/" + $0) }) { return false }
        return ["javascript:", "vbscript:", "file:", "data:"].contains { lowered.hasPrefix($0) }
    }

    /// Puts `node`'s children in its place, and frees it: a link becomes its text.
    static func replaceWithChildren(_ node: OpaquePointer) {
        while let child = cmark_node_first_child(node) {
            _ = cmark_node_insert_before(node, child)
        }
        cmark_node_free(node)
    }
}
