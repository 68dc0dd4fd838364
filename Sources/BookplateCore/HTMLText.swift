/// Turns the HTML some catalog descriptions carry into plain text: paragraphs and line breaks
/// become blank lines, every tag goes, entities are decoded. The site escapes the result again.
public enum HTMLText {
    public static func plainText(fromHTML html: String) -> String {
        var text = ""
        var index = html.startIndex
        // A "<" after the last ">" opens no tag: knowing where that is keeps hostile text linear.
        let lastClose = html.lastIndex(of: ">")
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let lastClose, index < lastClose, let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
                if ["p", "br", "div", "li", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol"]
                    .contains(String(name))
                {
                    text += "\n\n"
                }
                index = html.index(after: close)
            } else if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";"),
                let decoded = decodeEntity(String(html[html.index(after: index)..<semicolon]))
            {
                text += decoded
                index = html.index(after: semicolon)
            } else {
                text.append(character)
                index = html.index(after: index)
            }
        }
        return
            text
            .replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n\n")
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }
            .joined(separator: "\n\n")
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "mdash": "—",
        "ndash": "–", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "eacute": "é",
        "copy": "©",
    ]

    /// The character an entity's name (`amp`, `#233`, `#xE9`) stands for; "" for a control character.
    static func decodeEntity(_ name: String) -> String? {
        let code: UInt32?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            code = UInt32(name.dropFirst(2), radix: 16)
        } else if name.hasPrefix("#") {
            code = UInt32(name.dropFirst())
        } else {
            return named[name]
        }
        // Control characters (NUL and the like) are not text; drop them.
        guard let code, code >= 0x20 || code == 0x09 || code == 0x0A, let scalar = Unicode.Scalar(code) else {
            return code == nil ? nil : ""
        }
        return String(Character(scalar))
    }
}
