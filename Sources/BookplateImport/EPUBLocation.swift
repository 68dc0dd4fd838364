import Foundation

/// Where in an EPUB a passage starts, as an order: the steps of its EPUB CFI (W3C's "EPUB
/// Canonical Fragment Identifier") as numbers, which Apple Books keeps for each highlight.
///
/// A CFI compared as text puts `/6/10` before `/6/8`; its steps compared as numbers give the
/// order of the book. `epubcfi(/6/14[chap05]!/4/10/2,/1:5,/1:40)` starts at the spine's item
/// 14 (even steps are elements), its body's 10th child, …, 5 characters into the text, and is
/// kept as `14.4.10.2.1.5`: the spine step first, so that the number before the first dot is
/// the chapter's place in the book. Assertions in brackets, spatial and temporal offsets and
/// the end of a range say nothing of where the passage starts, and are left out.
package enum EPUBLocation {
    /// Steps beyond this many are no book's: a hostile store could give a CFI of a megabyte.
    static let stepLimit = 64

    /// The order of `cfi`, or nil when it is no EPUB CFI.
    package static func order(of cfi: String) -> String? {
        let trimmed = cfi.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("epubcfi("), trimmed.hasSuffix(")"), trimmed.count > 9 else { return nil }
        let inner = trimmed.dropFirst("epubcfi(".count).dropLast()
        // Assertions ("[chap05]", "[pre,post]") are left out first: they may hold commas and
        // slashes, and `^` escapes a bracket inside one.
        var path = ""
        var depth = 0
        var escaped = false
        for character in inner {
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "^": escaped = true
            case "[": depth += 1
            case "]": depth = max(depth - 1, 0)
            default: if depth == 0 { path.append(character) }
            }
        }
        // A range is "parent,start,end": the passage starts at the parent's path and the start's.
        let parts = path.split(separator: ",", omittingEmptySubsequences: false)
        let start = parts.count == 3 ? parts[0] + parts[1] : parts.count == 1 ? parts[0] : nil
        guard let start, start.first == "/" else { return nil }
        var numbers: [Int] = []
        var scanner = start[...]
        while let first = scanner.first {
            switch first {
            case "/", ":":
                scanner = scanner.dropFirst()
                let digits = scanner.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, digits.count <= 9, let number = Int(digits) else { return nil }
                numbers.append(number)
                scanner = scanner.dropFirst(digits.count)
                if first == ":" { scanner = scanner.drop { $0 != "/" && $0 != "!" } }
            case "!":
                scanner = scanner.dropFirst()
            default:
                // A spatial (`@x:y`) or temporal (`~s`) offset, or a vendor's extension: up to the
                // next step.
                scanner = scanner.drop { $0 != "/" && $0 != "!" }
            }
            guard numbers.count <= stepLimit else { return nil }
        }
        // The first step is the package's spine, the same in every CFI of a book.
        guard numbers.count >= 2 else { return nil }
        return numbers.dropFirst().map(String.init).joined(separator: ".")
    }
}
