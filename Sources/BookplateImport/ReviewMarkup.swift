import BookplateCore
import Foundation

/// A Goodreads review as Markdown. Goodreads writes a review as one line of the little HTML its
/// review box takes — `<br/>` for a line break, `<b>`, `<i>`, `<a href>`, `<blockquote>`, and
/// whatever a pasted text brought (`<p>`, `<div>`, lists) — and a note is Markdown, published
/// through cmark without raw HTML. Taken as it was, a line beginning with `<blockquote>` or
/// `<div>` was a block of raw HTML, left out of the page whole: quoted passages and paragraphs
/// went missing, with emphasis and links (found by an exploratory session). Each is written the
/// Markdown way instead; other tags go and their text stays, and what is dropped with its content
/// elsewhere (scripts, styles) goes here too.
enum ReviewMarkup {
    static func markdown(fromReview html: String) -> String {
        guard html.utf8.contains(UInt8(ascii: "<")) else { return html }
        var writer = Writer()
        // A `<` that never closes is the reader's text, not a tag.
        HTMLAllowList.read(html, unterminatedIsText: true) { piece in
            switch piece {
            case .text(let text): writer.text(text)
            case .start(let name, let tag): writer.open(name, attributes: tag)
            case .end(let name): writer.close(name)
            }
        }
        return writer.finish()
    }

    /// Writes Markdown as the tags open and close.
    struct Writer {
        private var output = ""
        /// How many block quotes the text is in: each line begins with as many `> `.
        private var quoteDepth = 0
        /// Quotes opened within the deepest one written, which are written as that one.
        private var quotesDeeper = 0
        static let deepestQuote = 8
        /// Emphasis opened and not yet written: written just before the next text that is not
        /// space, so that `<b> word</b>` is `**word**` and not `** word**`, which is no emphasis.
        private var pendingMarks = ""
        /// Emphasis open, innermost last, as written (`*` or `**`).
        private var openMarks: [String] = []
        /// How many of each emphasis are open within the same one (``openMark(_:)``).
        private var nestedMarks: [String: Int] = [:]
        /// The address of the link open, written after its text; nil when no link is open or the
        /// link goes nowhere a site may link to.
        private var openLink: String?
        private var linkDepth = 0
        /// Whether the output ends with a hard line break (`\` and a newline) and nothing since:
        /// one that a block or the end of the text follows is a plain newline again, since a `\`
        /// there would be text.
        private var hardBreakPending = false

        mutating func open(_ name: String, attributes: ArraySlice<UInt8>) {
            switch name {
            case "br": hardBreak()
            case "p", "div", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6": paragraphBreak()
            case "blockquote":
                paragraphBreak()
                // Each line is written with its quotes' marks: a thousand nested quotes would make
                // a review of a thousand lines a million characters.
                quoteDepth += 1
                quotesDeeper += quoteDepth > Self.deepestQuote ? 1 : 0
                quoteDepth = min(quoteDepth, Self.deepestQuote)
            case "li":
                lineBreak()
                output += linePrefix + "- "
            case "b", "strong": openMark("**")
            case "i", "em", "cite": openMark("*")
            case "a":
                linkDepth += 1
                guard linkDepth == 1, let address = HTMLAllowList.Tag.attribute("href", in: attributes) else { return }
                guard let url = URL(string: address), url.isWebAddress, !address.contains(where: \.isNewline) else {
                    return
                }
                openLink = address
                pendingMarks += "["
            case "img":
                guard let address = HTMLAllowList.Tag.attribute("src", in: attributes), let url = URL(string: address),
                    url.isWebAddress
                else { return }
                let alt = HTMLAllowList.Tag.attribute("alt", in: attributes).map(Self.linkText) ?? ""
                text("[\(alt.isEmpty ? "image" : alt)](\(Self.destination(address)))")
            default: break
            }
        }

        mutating func close(_ name: String) {
            switch name {
            case "p", "div", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6": paragraphBreak()
            case "blockquote":
                if quotesDeeper > 0 {
                    quotesDeeper -= 1
                } else if quoteDepth > 0 {
                    quoteDepth -= 1
                }
                paragraphBreak()
            case "b", "strong": endMark("**")
            case "i", "em", "cite": endMark("*")
            case "a":
                guard linkDepth > 0 else { return }
                linkDepth -= 1
                guard linkDepth == 0, let address = openLink else { return }
                openLink = nil
                if pendingMarks.hasSuffix("[") {
                    // A link around nothing: its address is all there is to keep.
                    pendingMarks.removeLast()
                    text(address)
                } else {
                    output += "](\(Self.destination(address)))"
                    hardBreakPending = false
                }
            default: break
            }
        }

        mutating func text(_ raw: String) {
            // The review's own line breaks are spaces, as in HTML; its text is Markdown already.
            let flat = raw.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            guard let first = flat.firstIndex(where: { $0 != " " && $0 != "\t" }) else {
                // Spaces alone go before any emphasis still to be written.
                if !atLineStart { output += flat }
                return
            }
            if atLineStart { output += linePrefix } else { output += flat[..<first] }
            hardBreakPending = false
            output += pendingMarks
            pendingMarks = ""
            output += openLink != nil ? Self.linkText(String(flat[first...])) : String(flat[first...])
        }

        mutating func finish() -> String {
            endHardBreak()
            for mark in openMarks.reversed() { closeMark(mark) }
            if openLink != nil {
                linkDepth = 1
                close("a")
            }
            // Trailing spaces would be line breaks of their own, and a quote's empty lines end it.
            return output.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in
                    var line = Substring(line)
                    while line.last == " " { line.removeLast() }
                    return line.allSatisfy { $0 == ">" || $0 == " " } ? "" : String(line)
                }
                .joined(separator: "\n")
                .collapsingBlankLines
                .trimmingCharacters(in: .newlines)
        }

        /// Whether the next text begins a line, which then begins with the quotes' `> `.
        private var atLineStart: Bool { output.isEmpty || output.hasSuffix("\n") }

        private var linePrefix: String { String(repeating: "> ", count: quoteDepth) }

        private mutating func lineBreak() {
            endHardBreak()
            closeMarksForBlock()
            output += "\n"
        }

        /// `<br/>`: a line break on the page too, as the README promises. A newline alone is
        /// Markdown's soft break, which cmark joins into one line, and a review's lines ran
        /// together on the site (found by an audit of the README). Two in a row are Goodreads'
        /// way of starting a paragraph.
        private mutating func hardBreak() {
            closeMarksForBlock()
            if hardBreakPending {
                paragraphBreak()
            } else if atLineStart {
                output += "\n"
            } else {
                output += "\\\n"
                hardBreakPending = true
            }
        }

        /// Takes back the `\` of a hard line break that nothing follows in its paragraph.
        private mutating func endHardBreak() {
            guard hardBreakPending else { return }
            hardBreakPending = false
            if output.hasSuffix("\\\n") { output.remove(at: output.index(output.endIndex, offsetBy: -2)) }
        }

        /// A blank line: within a quote too, which makes its paragraphs quotes of their own.
        private mutating func paragraphBreak() {
            endHardBreak()
            closeMarksForBlock()
            if !output.isEmpty { output += "\n\n" }
        }

        /// Emphasis does not run across a line: it is closed before the break and opened after.
        private mutating func closeMarksForBlock() {
            guard !openMarks.isEmpty else { return }
            let marks = openMarks
            for mark in marks.reversed() { closeMark(mark) }
            pendingMarks += marks.joined()
            openMarks = marks
        }

        /// Emphasis opened within the same emphasis adds nothing: neither it nor its close is
        /// written. (Each line break closes and opens again every emphasis open: two thousand
        /// `<b>` and twenty thousand `<br>` made a review of 160 million characters, 1.3 GB to
        /// import: found by a review.)
        private mutating func openMark(_ mark: String) {
            guard !openMarks.contains(mark) else {
                nestedMarks[mark, default: 0] += 1
                return
            }
            pendingMarks += mark
            openMarks.append(mark)
        }

        private mutating func endMark(_ mark: String) {
            if let nested = nestedMarks[mark], nested > 0 {
                nestedMarks[mark] = nested - 1
            } else {
                closeMark(mark)
            }
        }

        private mutating func closeMark(_ mark: String) {
            guard let position = openMarks.lastIndex(of: mark) else { return }
            openMarks.remove(at: position)
            if let pending = pendingMarks.range(of: mark, options: .backwards) {
                // Opened around nothing: neither is written.
                pendingMarks.removeSubrange(pending)
                return
            }
            // Spaces before the close go after it: `**word **` is no emphasis.
            var spaces = ""
            while output.last == " " {
                output.removeLast()
                spaces += " "
            }
            output += mark + spaces
        }

        /// Text inside a link's brackets: a bracket of its own would end it.
        static func linkText(_ text: String) -> String {
            text.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
        }

        /// A link's address as Markdown takes it: in angle brackets when it holds a space or a
        /// parenthesis.
        static func destination(_ address: String) -> String {
            address.contains(where: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" })
                ? "<\(address.replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E"))>"
                : address
        }
    }
}

extension String {
    /// Runs of blank lines made one.
    fileprivate var collapsingBlankLines: String {
        var text = self
        while text.contains("\n\n\n") { text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
        return text
    }
}
