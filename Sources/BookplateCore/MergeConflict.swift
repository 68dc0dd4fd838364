/// The marks git leaves in a file it could not merge (`<<<<<<< HEAD`, `=======`, `>>>>>>> other`):
/// a note of two machines' edits was published with them, both texts and the marks on the page
/// (found by an exploratory session).
package enum MergeConflict {
    /// The number of the line (from 1) that opens the first conflict in `text`, a line beginning
    /// `<<<<<<<` with a line beginning `>>>>>>>` after it; nil when there is none. A line of
    /// `=======` alone is a Markdown heading's underline, so it is not looked for.
    package static func markerLine(in text: String) -> Int? {
        var opened: Int?
        var number = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            if opened == nil, line.hasPrefix("<<<<<<<") {
                opened = number
            } else if let opened, line.hasPrefix(">>>>>>>") {
                return opened
            }
        }
        return nil
    }
}
