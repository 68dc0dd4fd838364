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

    /// A German passage in the commonplace book was on an English page with no `lang`, so a
    /// screen reader read it with an English voice (found by an exploratory session); its book
    /// page said `lang="de"`. Both do now, the passage and its book's title.
    @Test func aPassageInTheCommonplaceBookSaysItsBooksLanguage() throws {
        let shelf = try TemporaryShelf()
        var book = NewBook(title: "Der Zauberberg", authors: ["Thomas Mann"])
        book.language = "de"
        try shelf.library.addBook(book)
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        _ = try shelf.library.addHighlight(
            NewHighlight(text: "Man hat Zeit, so viel man will.", source: .reader), toBook: "der-zauberberg")
        _ = try shelf.library.addHighlight(NewHighlight(text: "Badly done, Emma!", source: .reader), toBook: "emma")
        try shelf.build()
        let page = try shelf.siteFile("highlights/index.html")
        #expect(page.contains("<blockquote dir=\"auto\" lang=\"de\"><p>Man hat Zeit, so viel man will.</p>"))
        #expect(
            page.contains(
                "<cite dir=\"auto\" lang=\"de\"><a href=\"../books/der-zauberberg/index.html\">Der Zauberberg</a>"))
        #expect(page.contains("<blockquote dir=\"auto\"><p>Badly done, Emma!</p>"))
        // The search says it too, of the book and of its passage, so its results carry it.
        let index = try shelf.siteFile("search-index.js")
        #expect(index.contains("\"t\":\"Der Zauberberg\",\"u\":\"books/der-zauberberg/index.html\",\"l\":\"de\"}"))
        #expect(
            index.contains("\"u\":\"books/der-zauberberg/index.html#h-")
                && index.components(separatedBy: "\"l\":\"de\"").count == 3)
        #expect(!index.contains("\"u\":\"books/emma/index.html\",\"l\""))
    }

    /// The heading of a book's later page of highlights gave its title no `lang`, where the book's
    /// page, its cards and the commonplace book's captions did, so an Arabic title was read in
    /// the site's language (found by an exploratory session). The title is in an element of its
    /// own with the book's `lang` now; the page's `<title>` is as it was.
    @Test func aLaterPageOfHighlightsHeadsWithTheTitleInItsBooksLanguage() throws {
        let shelf = try TemporaryShelf()
        var book = NewBook(title: "بين القصرين", authors: ["نجيب محفوظ"])
        book.language = "ar"
        let slug = try shelf.library.addBook(book).book.slug
        for number in 0...Paging.pageSize {
            _ = try shelf.library.addHighlight(
                NewHighlight(text: "مقطع \(number)", place: HighlightPlace(page: String(number + 1)), source: .kindle),
                toBook: slug)
        }
        try shelf.build()
        let page = try shelf.siteFile("books/\(slug)/highlights/page/2/index.html")
        #expect(page.contains(#"<h1 dir="auto">Highlights from <span dir="auto" lang="ar">بين القصرين</span></h1>"#))
        #expect(page.contains("<title>Highlights from \u{2068}بين القصرين\u{2069}, page 2 — "))
    }

    /// A heading in a highlight's note is an h3 under the h2 over the highlights on its book's page
    /// and the commonplace book's home; on the book's later pages of highlights and a year's
    /// pages of the commonplace book, which have no h2, it was an h3 right under the h1 (found by
    /// an exploratory session). There it is an h2 now, and the note's other headings follow it.
    @Test func aHeadingInAHighlightsNoteIsOneLevelBelowThePagesOwn() throws {
        let shelf = try CommonplaceTests.shelfWithHighlights(Paging.pageSize)
        _ = try shelf.library.addHighlight(
            NewHighlight(
                text: "Badly done, Emma!", note: "# My thoughts\n\nThis matters.\n\n## Why\n\nBecause.",
                place: HighlightPlace(page: "900"), madeAt: Date(timeIntervalSince1970: 1_750_000_000),
                source: .reader),
            toBook: "emma")
        try shelf.build()
        for (path, top) in [
            ("books/emma/highlights/page/2/index.html", 2), ("highlights/2025/index.html", 2),
            ("highlights/index.html", 3),
        ] {
            let page = try shelf.siteFile(path)
            #expect(page.contains("<h\(top)>My thoughts</h\(top)>"), "\(path)")
            #expect(page.contains("<h\(top + 1)>Why</h\(top + 1)>"), "\(path)")
        }
    }

    /// A passage's lines were folded into one when kept: a poem typed with `quote add` or taken
    /// from a device read as prose everywhere (found by an exploratory session). Its lines stay,
    /// on both pages, in the feed and through both exports; its id is the one-line text's, as before.
    @Test func aPassageKeepsItsLinesAndItsId() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        let poem = "  line  one\r\nline <two>\n\n\n---\nend \n"
        let highlight = try shelf.library.addHighlight(
            NewHighlight(text: poem, source: .reader), toBook: "emma"
        ).highlight
        #expect(highlight.text == "line one\nline <two>\n\n---\nend")
        #expect(highlight.id == Highlight.id(slug: "emma", text: "line one line <two> --- end"))
        // However the lines fold, the id is the one-line text's (a mark after a line break folds
        // away with it).
        let marked = try shelf.library.addHighlight(
            NewHighlight(text: "a\n\u{301}b", source: .reader), toBook: "emma"
        ).highlight
        #expect(marked.id == Highlight.id(slug: "emma", text: "a b"))

        try shelf.build(settings: SiteSettings(baseURL: URL(string: "https://example.org/")))
        let lines = "<p>line one<br>\nline &lt;two&gt;<br>\n<br>\n---<br>\nend</p>"
        #expect(try shelf.siteFile("books/emma/index.html").contains(lines))
        #expect(try shelf.siteFile("highlights/index.html").contains(lines))
        #expect(try shelf.siteFile("highlights/feed.xml").contains("line one&lt;br&gt;\nline"))

        let exporter = LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
        let markdown = try #require(try exporter.highlightsMarkdown().first?.markdown)
        #expect(markdown.contains("> line one\\\n> line \\<two\\>\n>\n> \\---\\\n> end\n"))
        let rendered = NoteRenderer().render(markdown).html
        #expect(
            rendered.contains("<p>line one<br />\nline &lt;two&gt;</p>\n<p>") && rendered.contains("<br />\nend</p>"))

        let copy = try TemporaryShelf()
        let file = copy.root.appendingPathComponent("export.json")
        try exporter.json().write(to: file)
        _ = try copy.importer.run(
            file: file, as: .bookplate)
        #expect(
            try copy.library.highlights(ofBook: "emma").map(\.text).sorted()
                == (try shelf.library.highlights(ofBook: "emma")).map(\.text).sorted())
        #expect(try copy.library.highlights(ofBook: "emma").contains(highlight))
    }

    /// A passage kept on one line by an older Bookplate takes its lines when given again with them,
    /// and keeps them against a source that runs them together.
    @Test func aPassageKeptOnOneLineTakesItsLinesOnce() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        let one = try shelf.library.addHighlight(
            NewHighlight(text: "line one line two", source: .reader), toBook: "emma")
        #expect(one.highlight.text == "line one line two")
        func imported(_ text: String) -> HighlightFile {
            HighlightFile(
                source: .koreader,
                highlights: [
                    ImportedHighlight(
                        line: 1, bookTitle: "Emma", bookAuthor: "Jane Austen",
                        highlight: NewHighlight(text: text, source: .koreader))
                ])
        }
        #expect(try shelf.library.importHighlights(imported("line one\nline two")).updated == 1)
        #expect(try shelf.library.highlights(ofBook: "emma").map(\.text) == ["line one\nline two"])
        #expect(try shelf.library.importHighlights(imported("line one line two")).unchanged == 1)
        #expect(try shelf.library.highlights(ofBook: "emma").map(\.id) == [one.highlight.id])
    }

    /// The theme's README shows a highlight's place as "p. 42 · loc. 170–172", and pages showed
    /// the device's hyphen, "loc. 170-172" (found by an exploratory session). A range of numbers
    /// is shown with an en dash; a label with a hyphen between letters stays as written.
    @Test func aPlaceShowsARangeWithAnEnDash() throws {
        #expect(PageModelFactory.enDashed("170-172") == "170–172")
        #expect(PageModelFactory.enDashed("12") == "12")
        #expect(PageModelFactory.enDashed("ix-x") == "ix-x")
        #expect(PageModelFactory.enDashed("A-1") == "A-1")
        #expect(PageModelFactory.enDashed("-3") == "-3")
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
            page.contains(
                "<blockquote dir=\"auto\"><p>Badly done, Emma! &lt;script&gt;alert(1)&lt;/script&gt;</p></blockquote>"))
        #expect(page.contains(#"<span class="place">p. 368 · loc. 5610–5612</span>"#))
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
