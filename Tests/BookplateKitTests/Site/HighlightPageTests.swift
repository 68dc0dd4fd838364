import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// A book's page shows the highlights the reader publishes, each with its note and a permalink;
/// nothing in a highlight reaches the page as markup.
@Suite struct HighlightPageTests {
    /// A highlight's note is Markdown: its paragraphs and lists were run into one line when kept
    /// (found by an exploratory session). Its line breaks stay, `\r\n` as `\n`; escape codes go.
    @Test func aHighlightsNoteKeepsItsLines() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        let highlight = try shelf.library.addHighlight(
            NewHighlight(
                text: "Badly done, Emma!", note: "  First para.\r\n\r\n- item one\n- item \u{1B}[31mtwo\n\n",
                source: .reader),
            toBook: "emma"
        ).highlight
        #expect(highlight.note == "First para.\n\n- item one\n- item two")
        try shelf.build()
        let page = try shelf.siteFile("books/emma/index.html")
        #expect(page.contains("<p>First para.</p>\n<ul>\n<li>item one</li>\n<li>item two</li>\n</ul>"))
        let edited = try shelf.library.editHighlight(highlight.id, note: "One\rTwo")
        #expect(edited.note == "One\nTwo")
    }

    @Test func aBookPageShowsItsPublishedHighlightsEscapedWithTheirNotes() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        let shown = try shelf.library.addHighlight(
            NewHighlight(
                text: "Badly done, Emma! <script>alert(1)</script>",
                note: "Box *Hill*. <img src=x onerror=alert(2)> [x](javascript:alert(3))",
                place: HighlightPlace(page: "368", location: "5610-5612"), source: .kindle),
            toBook: "emma"
        ).highlight
        let hidden = try shelf.library.addHighlight(
            NewHighlight(text: "A private passage", source: .reader), toBook: "emma"
        ).highlight
        try shelf.library.editHighlight(hidden.id, published: false)
        try shelf.build()
        let page = try shelf.siteFile("books/emma/index.html")
        #expect(page.contains(#"<figure class="highlight" id="h-\#(shown.id)">"#))
        #expect(
            page.contains("<blockquote><p>Badly done, Emma! &lt;script&gt;alert(1)&lt;/script&gt;</p></blockquote>"))
        #expect(page.contains(#"<span class="place">p. 368 · loc. 5610-5612</span>"#))
        #expect(page.contains("<a class=\"permalink\" href=\"#h-\(shown.id)\""))
        #expect(page.contains("<p>Box <em>Hill</em>."))
        #expect(!page.contains("<script>alert") && !page.contains("<img src=x") && !page.contains("javascript:"))
        #expect(!page.contains("A private passage"))

        // Hiding the other one too takes the section away on the next build.
        try shelf.library.editHighlight(shown.id, published: false)
        try shelf.build()
        #expect(try !shelf.siteFile("books/emma/index.html").contains("class=\"highlights\""))
    }
}
