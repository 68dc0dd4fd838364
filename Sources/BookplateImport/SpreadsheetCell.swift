import BookplateCore
import BookplateLibrary

/// Text cells of a CSV as a spreadsheet reads them: a cell that starts with `=`, `+`, `-`, `@`, a
/// tab or a carriage return is a formula there, and `=HYPERLINK("…?"&A1, …)` sends the next cell
/// to a stranger. OWASP's rule neutralises it with a leading `'`, which the reading side takes off.
enum SpreadsheetCell {
    /// Unicode scalars, not characters: `=` followed by a combining mark is one character that is
    /// not `=`, and a spreadsheet still reads a formula (found by the FuzzExport fuzzer).
    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// `text` safe to open in a spreadsheet: a quote before a formula's first character, and no NUL.
    /// A text that already begins with quotes before one (`'=x`) gets one more, so that reading it
    /// back (``restored(_:)``) gives the text, not the text less its own quote.
    static func neutralised(_ text: String) -> String {
        let clean = text.contains("\u{0}") ? text.replacingOccurrences(of: "\u{0}", with: "") : text
        return startsLikeAFormula(clean.unicodeScalars) ? "'" + clean : clean
    }

    /// A cell as it was before ``neutralised(_:)``: one of the quotes before a formula's first
    /// character taken off.
    static func restored(_ cell: String) -> String {
        let scalars = cell.unicodeScalars
        guard scalars.first == "'", startsLikeAFormula(scalars) else { return cell }
        return String(String.UnicodeScalarView(scalars.dropFirst()))
    }

    /// Whether a formula's first character comes first, or after nothing but quotes.
    private static func startsLikeAFormula(_ scalars: String.UnicodeScalarView) -> Bool {
        scalars.first { $0 != "'" }.map(formulaStarts.contains) ?? false
    }
}
