import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateSite

/// The anchors of a note's headings: a link by name to a heading (`[[Dune#Part one]]`) led to
/// the top of the book's page, since no heading of a note had an id to lead to.
@Suite struct NoteHeadingsTests {
    /// `markdown` rendered as a book's note with anchored headings, its links by name leading to
    /// `books/<name>/` for every name.
    func render(_ markdown: String, allowsRawHTML: Bool = false, anchors: Bool = true) -> String {
        NoteRenderer(allowsRawHTML: allowsRawHTML).render(
            markdown, links: { "../../books/\($0)/index.html" }, anchorsHeadings: anchors
        ).html
    }

    @Test func aNotesHeadingsHaveAnchorsOfTheirWords() {
        #expect(
            render("# Part one\n\n## Part *two*\n\ntext\n\n## Part two\n")
                == """
                <h3 id="n-part-one">Part one</h3>
                <h4 id="n-part-two">Part <em>two</em></h4>
                <p>text</p>
                <h4 id="n-part-two-2">Part two</h4>

                """)
        // Code, character references and a hard break are words; other scripts are
        // transliterated as slugs are; a heading of no letters at all still has one of its own.
        #expect(render("# `Dune` &amp; Caf&eacute;") == "<h3 id=\"n-dune-cafe\"><code>Dune</code> &amp; Café</h3>\n")
        #expect(render("# 三体").hasPrefix("<h3 id=\"n-san-ti\">"))
        let emoji = render("# 🎉\n\n# 🎈")
        #expect(emoji.hasPrefix("<h3 id=\"n-heading-") && emoji.contains("</h3>\n<h3 id=\"n-heading-"))
        let ids = emoji.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        #expect(Set(ids).count == 2, "two headings of other words, two ids: \(ids)")
        // Setext headings too, and the placed levels stay.
        #expect(render("Part one\n========\n") == "<h3 id=\"n-part-one\">Part one</h3>\n")
        // A note shown off its page (a highlight's) has none.
        #expect(render("# Part one", anchors: false) == "<h3>Part one</h3>\n")
        // Notes kept from before are rendered again.
        #expect(NoteRenderer().optionsTag.contains("/anchors"))
    }

    /// What a heading holds is published as the rest of a note is: raw HTML only where the reader
    /// allows it, control characters never.
    @Test func aHeadingsMarkupIsTheNotesMarkup() {
        #expect(
            render("# <em>Hi</em> there")
                == "<h3 id=\"n-hi-there\"><!-- raw HTML omitted -->Hi<!-- raw HTML omitted --> there</h3>\n")
        #expect(render("# <em>Hi</em> there", allowsRawHTML: true) == "<h3 id=\"n-hi-there\"><em>Hi</em> there</h3>\n")
        let cleaned = render("# Red\u{1B}[31m &#x1b;[0m alert\u{7}")
        #expect(!cleaned.contains("\u{1B}") && !cleaned.contains("\u{7}") && cleaned.hasPrefix("<h3 id=\"n-red"))
        // A link in a heading is rewritten as a note's links are, and a dangerous one unwrapped.
        #expect(
            render("# [See](javascript:alert(1)) [[dune]]")
                == "<h3 id=\"n-see-dune\">See <a href=\"../../books/dune/index.html\">dune</a></h3>\n")
    }

    /// A link to a heading leads to the anchor that heading has, written as a reader writes it:
    /// its emphasis and code left out, another case, a straight apostrophe for a curly one.
    @Test(arguments: [
        ("Part *one*", "Part one"), ("Paul's *journey*", "Paul’s journey"), ("The Preacher", "the PREACHER"),
        ("`Arrakis` & Caladan", "Arrakis & Caladan"), ("Première partie", "Premiere partie"),
    ])
    func aLinkToAHeadingLeadsToItsAnchor(heading: String, written: String) throws {
        let target = render("# \(heading)\n")
        let id = try #require(target.split(separator: "\"").dropFirst().first)
        let link = render("[[dune#\(written)]]")
        #expect(link.contains("href=\"../../books/dune/index.html#\(id)\""), "\(link) for \(target)")
    }

    /// Obsidian's other ways of naming a heading: one under another, a block, one of the same note.
    @Test func headingsUnderHeadingsBlocksAndTheSameNote() {
        #expect(render("[[dune#Part one#Arrakis]]").contains("href=\"../../books/dune/index.html#n-arrakis\""))
        #expect(render("[[dune#^a1b2c3]]").contains("href=\"../../books/dune/index.html\""))
        #expect(
            render("See [[#Part two]]. And [[#Part two|below]].")
                == "<p>See <a href=\"#n-part-two\">Part two</a>. And <a href=\"#n-part-two\">below</a>.</p>\n")
        // Where the note has no anchors, and for a block of the same note, the words.
        #expect(render("See [[#Part two]].", anchors: false) == "<p>See Part two.</p>\n")
        #expect(render("See [[#^a1b2c3|this]].") == "<p>See this.</p>\n")
    }

    /// On a built site, every link by name to a heading leads to an element of that id on its
    /// page, the reader's pages have anchors, and a highlight's note, one of many on a page, none.
    @Test func aSitesLinksToHeadingsLeadToThem() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        try shelf.library.addBook(NewBook(title: "Children of Dune", authors: ["Frank Herbert"]))
        try shelf.writeNote("# The Preacher\n\nHe walks.\n\n## Leto’s *choice*\n", slug: "children-of-dune")
        try shelf.writeNote(
            "# Part one\n\nSee [[Children of Dune#The Preacher]], [[children-of-dune#Leto's choice]], [[#Part two]]"
                + " and [[about#Who I am]].\n\n# Part two\n", slug: "dune")
        _ = try shelf.library.addHighlight(
            NewHighlight(text: "Fear is the mind-killer.", note: "# Fear\n\nAs in [[Dune#Part two]].", source: .reader),
            toBook: "dune")
        try ExtraPagesTests.writePage("# About\n\n## Who I am\n\nA reader.\n", named: "about.md", in: shelf)
        try shelf.build()
        let dune = try shelf.siteFile("books/dune/index.html")
        let targets = [
            ("../../books/children-of-dune/index.html#n-the-preacher", "books/children-of-dune/index.html"),
            ("../../books/children-of-dune/index.html#n-letos-choice", "books/children-of-dune/index.html"),
            ("#n-part-two", "books/dune/index.html"),
            ("../../pages/about/index.html#n-who-i-am", "pages/about/index.html"),
        ]
        for (href, page) in targets {
            #expect(dune.contains("href=\"\(href)\""), "\(href)")
            let id = href.split(separator: "#").last.map(String.init) ?? ""
            #expect(try shelf.siteFile(page).contains("id=\"\(id)\""), "\(page) has \(id)")
        }
        let highlights = try shelf.siteFile("highlights/index.html")
        #expect(highlights.contains("../books/dune/index.html#n-part-two\">Dune &gt; Part two</a>"))
        #expect(!highlights.contains("id=\"n-") && !dune.contains("id=\"n-fear\""))
    }
}
