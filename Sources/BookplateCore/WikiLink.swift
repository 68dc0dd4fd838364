import Foundation

/// A link by name as Obsidian writes one, on one line: `[[name]]`, `[[name|words]]`,
/// `[[name#heading]]` or `[[name#heading|words]]`. The name is a note's file name as Obsidian
/// knows it (`dune`, `notes/dune.md`) or whatever a reader calls a page (`Dune`, `Frank Herbert`);
/// which page it leads to is the site's to say (see ``ObsidianMarkdown/Links``), and its
/// heading's anchor where on that page (``NoteHeadings``).
struct WikiLink {
    /// The name, without a folder, `.md` or heading: `dune` for `[[notes/dune.md#Part one]]`;
    /// empty for a heading of the same note (`[[#Part one]]`).
    let name: String
    /// The anchor of the heading named, without its `#`: `n-part-one` for `[[Dune#Part one]]`,
    /// and of the last for a heading under a heading (`[[Dune#Part one#Arrakis]]`, as Obsidian
    /// writes one); nil for none, and for a block (`[[Dune#^a1b2]]`), which has no anchor here.
    let anchor: String?
    /// The words shown: those after `|`, else the name as written with its heading as Obsidian
    /// shows it ("Dune > Part one").
    let words: String
    /// Where the text goes on after the link's `]]`.
    let end: Int

    /// The link that begins at `start` in `line` (at its `[[`), or nil where none does: no `]]`
    /// on the line before another `[[` or the line's end, or nothing but spaces between them.
    init?(in line: ArraySlice<UInt8>, at start: Int) {
        let open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        guard start + 1 < line.endIndex, line[start] == open, line[start + 1] == open else { return nil }
        var index = start + 2
        // Up to the next `[[` at most, so that a line of many is read once.
        while index + 1 < line.endIndex {
            // On one line: the text given may be a paragraph's lines.
            if line[index] == UInt8(ascii: "\n") || line[index] == UInt8(ascii: "\r") { return nil }
            if line[index] == close, line[index + 1] == close { break }
            if line[index] == open, line[index + 1] == open { return nil }
            index += 1
        }
        guard index + 1 < line.endIndex else { return nil }
        let inside = String(decoding: line[(start + 2)..<index], as: UTF8.self)
        let (target, shown) = WikiLink.split(inside, at: "|")
        let (path, heading) = WikiLink.split(target, at: "#")
        var name = Substring(path.split(separator: "/").last ?? "")
        if name.lowercased().hasSuffix(".md") { name = name.dropLast(3) }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty || !(heading ?? "").isEmpty else { return nil }
        self.name = trimmed
        let lastHeading = (heading?.split(separator: "#").last).map { $0.trimmingCharacters(in: .whitespaces) }
        if let lastHeading, !lastHeading.isEmpty, !lastHeading.hasPrefix("^") {
            anchor = NoteHeadings.anchor(of: lastHeading)
        } else {
            anchor = nil
        }
        let written = path.trimmingCharacters(in: .whitespaces)
        let headingWords = heading.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let named = [written, headingWords].filter { !$0.isEmpty }.joined(separator: " > ")
        let label = shown.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        self.words = label.isEmpty ? named : label
        self.end = index + 2
    }

    /// The CommonMark for this link: a link to `address` and its heading's anchor, or its words
    /// alone where it leads nowhere. Its words are escaped, so that they are text whatever they
    /// hold (`*`, `<b>`).
    func markdown(leadingTo address: String?) -> String {
        var text = ""
        for scalar in words.unicodeScalars {
            if scalar.isASCII, ObsidianMarkdown.isPunctuation(UInt8(scalar.value)) { text += "\\" }
            text.unicodeScalars.append(scalar)
        }
        // A link to the page it is on leads to a heading of it, or is its words.
        guard let address, !address.isEmpty || anchor != nil else { return text }
        let destination =
            address.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["<", ">"])) ?? address
        // The anchor is a slug's letters, digits and hyphens.
        return "[\(text)](<\(destination)\(anchor.map { "#" + $0 } ?? "")>)"
    }

    /// `text` before and after the first `separator`, nil after it where there is none.
    private static func split(_ text: some StringProtocol, at separator: Character) -> (String, String?) {
        guard let at = text.firstIndex(of: separator) else { return (String(text), nil) }
        return (String(text[..<at]), String(text[text.index(after: at)...]))
    }
}
