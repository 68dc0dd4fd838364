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
    /// The words after `|`, as written; empty where there are none.
    private let label: String

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
        self.label = label
        self.end = index + 2
    }

    /// The CommonMark for this link: a link to `address` and its heading's anchor, or its words
    /// alone where it leads nowhere. Its words are escaped, so that they are text whatever they
    /// hold (`*`, `<b>`).
    func markdown(leadingTo address: String?) -> String {
        let text = WikiLink.escaped(words)
        // A link to the page it is on leads to a heading of it, or is its words.
        guard let address, !address.isEmpty || anchor != nil else { return text }
        // The anchor is a slug's letters, digits and hyphens.
        return "[\(text)](<\(WikiLink.encoded(address))\(anchor.map { "#" + $0 } ?? "")>)"
    }

    /// The extensions of the images an embed shows (`![[map.png]]`), as browsers show them.
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif", "svg"]

    /// The CommonMark that follows the `!` of this link as an embed, where it embeds an image
    /// (`![[map.png]]`, `![[attachments/map.png|A map of Arrakis]]`): the image of that file name
    /// in the reader's own folder at the site's top, `images/`, where every image of a note goes
    /// (``ObsidianMarkdown/Links`` are written from a page two folders below the top). Its
    /// description is the words after `|`, or the file's name without its extension where none
    /// are given or they are Obsidian's size (`|300`, `|300x200`), which CommonMark has no place
    /// for. Nil for an embed of anything else (a note, which the site cannot put inside another).
    var imageMarkdown: String? {
        let dot = name.lastIndex(of: ".")
        guard let dot, dot > name.startIndex,
            WikiLink.imageExtensions.contains(name[name.index(after: dot)...].lowercased())
        else { return nil }
        let isSize =
            !label.isEmpty && label.split(separator: "x", omittingEmptySubsequences: false).count <= 2
            && label.allSatisfy { $0.isASCIIDigit || $0 == "x" } && label.first?.isASCIIDigit == true
        let description = label.isEmpty || isSize ? String(name[..<dot]) : label
        return "[\(WikiLink.escaped(description))](<\(WikiLink.encoded("../../images/" + name))>)"
    }

    /// `text` with CommonMark's punctuation escaped, so that it is text whatever it holds.
    private static func escaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, ObsidianMarkdown.isPunctuation(UInt8(scalar.value)) { escaped += "\\" }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    /// `address` as a link destination between `<` and `>`.
    private static func encoded(_ address: String) -> String {
        address.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["<", ">"])) ?? address
    }

    /// `text` before and after the first `separator`, nil after it where there is none.
    private static func split(_ text: some StringProtocol, at separator: Character) -> (String, String?) {
        guard let at = text.firstIndex(of: separator) else { return (String(text), nil) }
        return (String(text[..<at]), String(text[text.index(after: at)...]))
    }
}
