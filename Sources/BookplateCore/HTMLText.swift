/// Turns the HTML some catalog descriptions carry into plain text: paragraphs and line breaks
/// become blank lines, every tag goes, character references are decoded (``HTMLEntities``) and
/// control characters dropped. The site escapes the result again.
public enum HTMLText {
    public static func plainText(fromHTML html: String) -> String {
        var text = ""
        // Text between tags is decoded a run at a time: a reference never holds a "<".
        var run = ""
        func flushRun() {
            if !run.isEmpty { text += HTMLAllowList.stripControls(HTMLEntities.decode(run)) }
            run = ""
        }
        var index = html.startIndex
        // A "<" after the last ">" opens no tag: knowing where that is keeps hostile text linear.
        let lastClose = html.lastIndex(of: ">")
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let lastClose, index < lastClose, let close = html[index...].firstIndex(of: ">") {
                flushRun()
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
                if ["p", "br", "div", "li", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol"]
                    .contains(String(name))
                {
                    text += "\n\n"
                }
                index = html.index(after: close)
            } else {
                run.append(character)
                index = html.index(after: index)
            }
        }
        flushRun()
        return
            text
            .replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n\n")
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }
            .joined(separator: "\n\n")
    }
}
