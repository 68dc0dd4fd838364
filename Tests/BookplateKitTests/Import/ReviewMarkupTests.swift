import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary

/// A Goodreads review is one line of HTML. Kept as it was in the note, a line beginning with
/// `<blockquote>` or `<div>` was a block of raw HTML that cmark's safe mode left out of the page
/// whole, and emphasis and links went too, without a word (found by an exploratory session).
struct ReviewMarkupTests {
    @Test(arguments: [
        // A `<br/>` is a hard line break (`\` at the line's end), two of them a paragraph.
        ("One<br/>two<br /><br>three", "One\\\ntwo\n\nthree"),
        ("a line<br/><br/><br/>and another<br/>", "a line\n\nand another"),
        (
            "The line:<br/><br/><blockquote>It was a bright cold day.</blockquote><br/><br/><div>Still the best.</div>",
            "The line:\n\n> It was a bright cold day.\n\nStill the best."
        ),
        (
            "A <b>bold</b> and <i>slanted</i> word, <strong>strong</strong> <em>em</em>",
            "A **bold** and *slanted* word, **strong** *em*"
        ),
        // Spaces inside the tags go outside the marks, which would otherwise be no emphasis.
        ("a<b> spaced </b>word", "a **spaced** word"),
        ("<i></i>nothing<b> </b>here", "nothing here"),
        (
            "See <a href=\"https://www.goodreads.com/book/show/5470\">the <i>Goodreads</i> page</a>.",
            "See [the *Goodreads* page](https://www.goodreads.com/book/show/5470)."
        ),
        // An address with a space or parenthesis in brackets; `&amp;` in an attribute is `&`.
        ("<a href='https://example.org/a (b)?x=1&amp;y=2'>there</a>", "[there](<https://example.org/a (b)?x=1&y=2>)"),
        // A link nowhere a site may link to keeps its text; a link around nothing, its address.
        (
            "<a href=\"javascript:alert(1)\">click</a> <a href=\"https://example.org/\"></a>",
            "click https://example.org/"
        ),
        ("<a href=\"https://example.org/\">[1] note</a>", "[\\[1\\] note](https://example.org/)"),
        ("<ul><li>one</li><li>two</li></ul>after", "- one\n- two\n\nafter"),
        (
            "<blockquote>first<br/>second<blockquote>inner</blockquote></blockquote>end",
            "> first\\\n> second\n\n> > inner\n\nend"
        ),
        ("<b>across<br/>lines</b>", "**across**\\\n**lines**"),
        ("<ul><li>one<br/></li><li>two</li></ul>", "- one\n\n- two"),
        (
            "<img src=\"https://images.example.org/x.jpg\" alt=\"A map\"> <img src=\"data:x\">",
            "[A map](https://images.example.org/x.jpg)"
        ),
        (
            "Safe <script>alert(1)</script><style>p{}</style>text <span class=\"x\">kept</span> <3",
            "Safe text kept <3"
        ),
        ("<spoiler>He dies.</spoiler> Unclosed <b>bold", "He dies. Unclosed **bold**"),
        ("no tags at all, * and _ as written", "no tags at all, * and _ as written"),
        ("a <x", "a <x"),
    ])
    func goodreadsMarkupBecomesMarkdown(review: String, markdown: String) {
        #expect(ReviewMarkup.markdown(fromReview: review) == markdown)
    }

    /// Quotes nest eight deep at the most: each line is written with its quotes' marks.
    @Test func deeplyNestedQuotesStayASmallNote() {
        let review =
            String(repeating: "<blockquote>", count: 2000) + String(repeating: "line<br/>", count: 2000)
            + String(repeating: "</blockquote>", count: 2000) + "after"
        let markdown = ReviewMarkup.markdown(fromReview: review)
        #expect(markdown.hasPrefix(String(repeating: "> ", count: 8) + "line\\\n"))
        #expect(markdown.hasSuffix("line\n\nafter"))
        #expect(markdown.utf8.count < 25 * 2000)
    }

    /// Emphasis within the same emphasis adds nothing: two thousand `<b>` and twenty thousand
    /// line breaks made 160 million characters, 1.3 GB to import, and the text was cut away
    /// (found by a review). Now the note is about as long as the review.
    @Test func nestedEmphasisAddsNothingAndKeepsTheNoteSmall() {
        #expect(ReviewMarkup.markdown(fromReview: "<b><b>bold</b> still</b> not") == "**bold still** not")
        #expect(ReviewMarkup.markdown(fromReview: "<i><b><i>x</i></b></i>") == "***x***")
        let review = String(repeating: "<b>", count: 2000) + String(repeating: "<br/>x", count: 20000)
        let markdown = ReviewMarkup.markdown(fromReview: review)
        #expect(markdown.utf8.count < 8 * 20000, "\(markdown.utf8.count)")
        #expect(markdown.components(separatedBy: "x").count == 20001)
    }

    /// The repro: a Goodreads row whose review quotes a passage in a block quote, through the
    /// import and cmark, keeps every sentence, the emphasis and the link.
    @Test func aGoodreadsReviewKeepsItsQuoteParagraphsAndLinkOnThePage() throws {
        let shelf = try TemporaryShelf()
        let file = try TestPaths.temporaryFolder("review-markup").appendingPathComponent("goodreads.csv")
        let review =
            #"The opening line:<br/><br/><blockquote>It was a bright cold day in April.</blockquote><br/><br/>"#
            + #"<div>Still the best first line I know.</div><br/><br/>See <a href=""https://www.goodreads.com/book/show/5470"">the <i>Goodreads</i> page</a>."#
        try Data(
            ("Book Id,Title,Author,Exclusive Shelf,My Review\r\n"
                + "1,Nineteen Eighty-Four,George Orwell,read,\"\(review)\"\r\n").utf8
        ).write(to: file)
        _ = try shelf.importer.run(
            file: file, as: .goodreads)
        let note = try #require(try NoteStore(folder: shelf.paths.notes).note(forSlug: "nineteen-eighty-four"))
        let html = NoteRenderer().render(note).html
        #expect(!html.contains("raw HTML omitted"), "\(html)")
        for kept in [
            "<blockquote>\n<p>It was a bright cold day in April.</p>\n</blockquote>",
            "<p>Still the best first line I know.</p>",
            #"<a href="https://www.goodreads.com/book/show/5470">the <em>Goodreads</em> page</a>"#,
        ] {
            #expect(html.contains(kept), "\(html)")
        }
    }

    /// The README says Goodreads' `<br/>` is written as a line break, and the note had a newline
    /// alone there, Markdown's soft break, which cmark joins: a review's lines, a poem quoted in
    /// it, ran together on the page (found by an audit of the README).
    @Test func aReviewsLineBreakIsOneOnThePage() throws {
        let shelf = try TemporaryShelf()
        let file = try TestPaths.temporaryFolder("review-markup").appendingPathComponent("goodreads.csv")
        let review = #"So much depends<br/>upon<br/><br/><blockquote>a red wheel<br/>barrow</blockquote>"#
        try Data(
            ("Book Id,Title,Author,Exclusive Shelf,My Review\r\n"
                + "1,Spring and All,William Carlos Williams,read,\"\(review)\"\r\n").utf8
        ).write(to: file)
        _ = try shelf.importer.run(file: file, as: .goodreads)
        let note = try #require(try NoteStore(folder: shelf.paths.notes).note(forSlug: "spring-and-all"))
        let html = NoteRenderer().render(note).html
        #expect(html.contains("<p>So much depends<br />\nupon</p>"), "\(html)")
        #expect(html.contains("<blockquote>\n<p>a red wheel<br />\nbarrow</p>\n</blockquote>"), "\(html)")
        #expect(!html.contains("\\"), "\(html)")
    }

    /// A one-line note that speaks of a tag goes out in the CSV with its newline, so that the
    /// import reads it as Markdown, as written, and not as Goodreads' HTML.
    @Test func aOneLineNoteThatSpeaksOfATagComesBackAsWritten() throws {
        let note = "Use <b> for bold, as HTML does.\n"
        #expect(LibraryExporter.reviewCell(note) == note)
        #expect(ImportValues.review(LibraryExporter.reviewCell(note)) == note)
        #expect(LibraryExporter.reviewCell("Nothing of tags, 3 < 4.\n") == "Nothing of tags, 3 < 4.")
    }
}
