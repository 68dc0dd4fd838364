import Foundation
import Testing

@testable import BookplateCore

/// Obsidian's `==highlighted==` text. Read as CommonMark it was text, `==` and all.
@Suite struct HighlightMarksTests {
    func render(_ markdown: String) -> String {
        NoteRenderer().render(markdown).html
    }

    @Test func highlightedTextIsMarked() {
        #expect(render("It was ==the best== of times.") == "<p>It was <mark>the best</mark> of times.</p>\n")
        #expect(render("==one== and ==two==") == "<p><mark>one</mark> and <mark>two</mark></p>\n")
        // Emphasis, links and code inside; a mark may run over the lines of a paragraph.
        #expect(
            render("==*so* [true](https://example.org/) `x`== yes")
                == "<p><mark><em>so</em> <a href=\"https://example.org/\">true</a> <code>x</code></mark> yes</p>\n")
        #expect(render("==over\ntwo lines==") == "<p><mark>over\ntwo lines</mark></p>\n")
        // Inside emphasis, a heading, a list and a quote; punctuation beside it.
        #expect(render("*an ==inner== one*") == "<p><em>an <mark>inner</mark> one</em></p>\n")
        #expect(render("# A ==marked== heading") == "<h3>A <mark>marked</mark> heading</h3>\n")
        #expect(render("- ==wow!==, she said") == "<ul>\n<li><mark>wow!</mark>, she said</li>\n</ul>\n")
    }

    /// What Obsidian leaves as written stays so: `==` with space inside it, three `=` or more, one
    /// that is never closed, one opened in an emphasis and closed outside it, and code.
    @Test func whatIsNoMarkStaysAsWritten() {
        for text in [
            "a == b == c", "x === y ===", "====", "==never closed", "*a ==b* c==", "`==code==`",
        ] {
            #expect(!render(text).contains("<mark>"), "\(text): \(render(text))")
        }
        #expect(render("a == b == c") == "<p>a == b == c</p>\n")
        #expect(render("==never closed") == "<p>==never closed</p>\n")
    }

    /// A heading's anchor is made of its words, marked or not; a callout's title may be marked.
    @Test func marksAreTextToAnchorsAndTitles() {
        let page = NoteRenderer().render("# Part ==one==\n\n> [!tip] A ==marked== title\n> body", anchorsHeadings: true)
        #expect(page.html.contains("<h3 id=\"n-part-one\">Part <mark>one</mark></h3>"), "\(page.html)")
        #expect(page.html.contains("<p class=\"callout-title\">A <mark>marked</mark> title</p>"), "\(page.html)")
    }

    /// The text inside is cleaned as any other: no escape code reaches the page.
    @Test func markedTextIsCleaned() {
        let html = render("==red \u{1B}[31mtext==")
        #expect(html == "<p><mark>red text</mark></p>\n", "\(html)")
    }

    /// A note of 200,000 `==` takes about as long as one of 200,000 `--` (under a second in a
    /// debug build). Cut a pair at a time, each cut copied the text before it, and such a note
    /// took 12 seconds (found by a review). The bound leaves room for a busy machine.
    @Test func twoHundredThousandMarksRenderInLinearTime() {
        let note = String(repeating: "==ab", count: 200_000)
        let clock = ContinuousClock()
        var html = ""
        let took = clock.measure { html = render(note) }
        #expect(html.components(separatedBy: "<mark>ab</mark>").count - 1 == 100_000)
        #expect(took < .seconds(5), "\(took)")
    }
}
