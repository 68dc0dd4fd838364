import BookplateCore
import BookplateLibrary
import Foundation

/// A book's highlights as a Markdown file for note-taking apps (Obsidian, Logseq, Bear…): YAML
/// front matter naming the book; each passage as a block quote, escaped so that it renders as the
/// text it is; its place and day; the reader's note as the Markdown it is; and a block id
/// (`^h-…`, the anchor the site gives it) that other notes can link to.
package enum HighlightMarkdown {
    /// The file of `details`'s highlights, given in the book's order; hidden ones are kept and
    /// say so.
    package static func file(for details: BookDetails, highlights: [Highlight]) -> String {
        let book = details.book
        var text = "---\n"
        text += "title: \(yamlString(book.title))\n"
        if !details.authors.isEmpty {
            text += "authors:\n"
            for author in details.authors { text += "  - \(yamlString(author.name))\n" }
        }
        if let isbn = book.isbn13 { text += "isbn: \(yamlString(isbn))\n" }
        text += "bookplate: \(yamlString(book.slug))\n"
        text += "highlights: \(highlights.count)\n"
        text += "---\n\n"
        text += "# \(inline(book.title))\n"
        if !details.authors.isEmpty {
            text += "\n" + inline(details.authors.map(\.name).joined(separator: ", ")) + "\n"
        }
        for highlight in highlights {
            text += "\n" + quoted(highlight.text) + "\n"
            var about = [
                highlight.place.page.map { "p. " + inline($0) },
                highlight.shownLocation.map { "loc. " + inline($0) },
                highlight.place.chapter.map(inline),
                highlight.madeAt.map { String(LibraryExporter.timestamp($0).prefix(10)) },
            ].compactMap { $0 }
            if !highlight.published { about.append("not published") }
            text += "\n"
            if !about.isEmpty { text += "— " + about.joined(separator: " · ") + " " }
            text += "^h-\(highlight.id)\n"
            if let note = highlight.note { text += "\n" + note + "\n" }
        }
        return text
    }

    /// Whether `text` is a file this export wrote for the book `slug`: its front matter names it.
    package static func isExport(_ text: String, ofBook slug: String) -> Bool {
        guard text.hasPrefix("---\n"), let end = text.range(of: "\n---\n") else { return false }
        return text[..<end.lowerBound].split(separator: "\n").contains { $0 == "bookplate: \(yamlString(slug))" }
    }

    /// A passage as a block quote that keeps its lines: each escaped, ended by a backslash (a
    /// hard line break, which CommonMark and the apps render as one; a bare line break is a
    /// space), a blank line between stanzas a line of `>` alone.
    static func quoted(_ passage: String) -> String {
        let stanzas = passage.split(separator: "\n", omittingEmptySubsequences: false)
            .map { escaped($0) }
            .split(separator: "", omittingEmptySubsequences: true)
        guard !stanzas.isEmpty else { return ">" }
        return stanzas.map { "> " + $0.joined(separator: "\\\n> ") }.joined(separator: "\n>\n")
    }

    /// `text` on one line, escaped.
    static func inline(_ text: String) -> String {
        escaped(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    /// One line of text as Markdown that renders as that text: the characters CommonMark (and
    /// the tables, strikethrough, maths, highlights, comments and tags of the apps) give a meaning
    /// to are escaped with a backslash, and so is what would start a list or a code block at the
    /// start. Control characters are left out: a file a terminal shows must not carry escape codes.
    static func escaped<Line: StringProtocol>(_ line: Line) -> String {
        var result = ""
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        for character in trimmed {
            if let byte = character.asciiValue {
                if byte < 0x20 || byte == 0x7F { continue }
                if Self.escapedEverywhere.contains(byte) { result.append("\\") }
            } else if let value = character.unicodeScalars.first?.value, (0x80...0x9F).contains(value) {
                continue
            }
            result.append(character)
        }
        // A line starting "-" or "+" would be a list; "12." or "12)" an ordered one.
        if let first = result.first, "-+".contains(first) {
            result.insert("\\", at: result.startIndex)
        } else if let end = result.firstIndex(where: { !$0.isASCII || !$0.isNumber }), end != result.startIndex,
            result[end] == "." || result[end] == ")"
        {
            result.insert("\\", at: end)
        }
        return result
    }

    /// `#` (headings, and tags in the apps), `=` (setext underlines, `==highlights==`) and `%`
    /// (`%%comments%%`) among them.
    private static let escapedEverywhere = Set("\\`*_[]<>&~|$!#=%".utf8)

    /// A YAML double-quoted scalar: a backslash, a quote and every control or line-breaking
    /// character escaped, so a title can hold anything.
    static func yamlString(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
                    || value == 0xFEFF
                {
                    quoted += String(format: "\\u%04X", value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}

extension LibraryExporter {
    /// Every book with highlights, as its Markdown file (``HighlightMarkdown``), by slug.
    public func highlightsMarkdown() throws -> [(slug: String, markdown: String, highlights: Int)] {
        let byBook = Dictionary(grouping: try library.allHighlights(), by: \.slug)
        return try library.snapshot().books.compactMap { details in
            guard let highlights = byBook[details.book.slug], !highlights.isEmpty else { return nil }
            return (
                details.book.slug,
                HighlightMarkdown.file(
                    for: details, highlights: highlights.map(\.highlight).inBookOrder()),
                highlights.count
            )
        }
        .sorted { $0.slug < $1.slug }
    }
}
