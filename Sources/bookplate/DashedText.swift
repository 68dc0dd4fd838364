/// Text that begins with `-` (a title "-1 Is a Number", a passage "- a dash line") is read by
/// ArgumentParser as options: `add --title "-1 Is a Number"` failed with "Missing value for
/// '--title <title>'", and `quote add BOOK "- a dash line"` printed the help its `h` asked for
/// (found by an exploratory tester). Neither said what to do; this says it.
enum DashedText {
    /// The arguments before any `--` that can only be text: a `-` and then white space somewhere,
    /// or a digit (no option of Bookplate's is either), with where each is.
    static func all(in arguments: [String]) -> [(index: Int, text: String)] {
        var found: [(index: Int, text: String)] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            guard argument.hasPrefix("-"), argument.count > 1 else { continue }
            // `--title=- a dash` is an option with its value already.
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "="),
                !argument[..<equals].contains(where: \.isWhitespace)
            {
                continue
            }
            if argument.contains(where: \.isWhitespace) || argument.dropFirst().first?.isNumber == true {
                found.append((index, argument))
            }
        }
        return found
    }

    /// How to write `found` of `arguments` so that it is read as text: an option's value joined
    /// to it with `=`, anything else after `--`.
    static func hint(for arguments: [String], found: (index: Int, text: String)) -> String {
        let shown = "\"" + Terminal.safe(found.text, as: .line) + "\""
        if found.index > 0 {
            let option = arguments[found.index - 1]
            if option.hasPrefix("--"), option != "--", !option.contains("=") {
                return "a value that begins with '-' is written \(Terminal.safe(option, as: .line))=\(shown)"
            }
        }
        return "a text that begins with '-' goes after --, as in `-- \(shown)`"
    }

    /// The error for a parse of `arguments` that failed with `message`, or (nil) succeeded,
    /// when the arguments hold such a text: the parser's message with the hint after its first
    /// line, or a line of its own. Nil when they hold none.
    static func message(_ message: String?, arguments: [String]) -> String? {
        var found = all(in: arguments)
        // "Missing value for '--title <title>'" with a word after --title that begins with '-'
        // (`--title -Ism`): that word is the value (it had no hint, having no space or digit:
        // found by an exploratory session).
        if let message, message.contains("Missing value for '"),
            let index = arguments.indices.first(where: { index in
                index + 1 < arguments.count && arguments[index].hasPrefix("--")
                    && message.contains("'\(arguments[index]) ") && arguments[index + 1].hasPrefix("-")
                    && arguments[index + 1] != "--" && !arguments[index + 1].hasPrefix("--")
            }), !found.contains(where: { $0.index == index + 1 })
        {
            found.insert((index + 1, arguments[index + 1]), at: 0)
        }
        guard let first = found.first else { return nil }
        // "Missing value for '--note <note>'": the text after --note, whatever came before it.
        let named = found.first { text in
            text.index > 0 && message?.contains("'\(arguments[text.index - 1]) ") == true
        }
        let hint = hint(for: arguments, found: named ?? first)
        guard let message, !message.isEmpty else {
            return "Error: \"\(Terminal.safe(first.text, as: .line))\" begins with '-' and was read as options: \(hint)"
        }
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[0] += " (\(hint))"
        return lines.joined(separator: "\n")
    }
}
