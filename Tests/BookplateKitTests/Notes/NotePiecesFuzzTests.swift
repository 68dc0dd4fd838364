import Foundation
import Testing

@testable import BookplateCore

/// Random notes made of the pieces the callout and mark passes over cmark's tree work on
/// (quotes nested and in lists, `[!type]` markers folded or not, `==` next to emphasis, links,
/// code and line breaks, text of several bytes a character), rendered in both modes. The debug
/// build traps on a bad index, and a node freed while still listed crashes; what is published
/// must stay well formed and safe.
@Suite struct NotePiecesFuzzTests {
    static let pieces = [
        "==", "==", "=", "> ", "> ", ">", "[!tip]", "[!NOTE]-", "[!faq]+ ", "[!x_1] ", " ", " ", "\n", "\n", "\n\n",
        "- ", "1. ", "  ", "    ", "*", "**", "_", "`", "```\n", "[a](javascript:alert(1))", "[b](https://x.org/)",
        "![i](x.png)", "[[Dune]]", "![[Dune]]", "[[#Part]]", "é", "😀", "<script>x</script>", "&lt;", "&#x1b;", "# ",
        "## ", "\\", "%%", "<!-- c -->", "[", "]", "!", "\"", "<mark>", "title", "a", "word ", "---\n", "\r\n",
    ]

    /// A generator of the same notes on every run (a linear congruential one).
    struct Numbers {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    func count(_ needle: String, in html: String) -> Int {
        html.components(separatedBy: needle).count - 1
    }

    @Test func randomNotesRenderWellFormedAndSafe() {
        var numbers = Numbers(state: 54)
        let safe = NoteRenderer()
        let raw = NoteRenderer(allowsRawHTML: true)
        for _ in 0..<4000 {
            let length = numbers.next(below: 40) + 1
            let note = (0..<length).map { _ in Self.pieces[numbers.next(below: Self.pieces.count)] }.joined()
            let html = safe.render(note, links: { $0 == "Dune" ? "../dune/" : nil }, anchorsHeadings: true).html
            _ = raw.render(note, links: { $0 == "Dune" ? "../dune/" : nil }, anchorsHeadings: true)
            #expect(!html.contains("<script"), "\(note.debugDescription): \(html)")
            #expect(!html.contains("=\"javascript:"), "\(note.debugDescription): \(html)")
            for (open, close) in [("<mark>", "</mark>"), ("<details", "</details>"), ("<summary", "</summary>")]
            where count(open, in: html) != count(close, in: html) {
                Issue.record("\(open) unbalanced in \(note.debugDescription): \(html)")
            }
            // In safe mode only a callout is a <div>.
            #expect(count("<div", in: html) == count("</div>", in: html), "\(note.debugDescription): \(html)")
            #expect(!html.contains("\u{1b}"), "\(note.debugDescription)")
        }
    }
}
