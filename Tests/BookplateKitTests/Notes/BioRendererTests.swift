import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Authors' bios, which Open Library writes in Markdown, on the author's page.
@Suite(.ownThreadPerTest) struct BioRendererTests {
    /// cmark passes control characters through: a bio from a catalog published its ESC and BEL
    /// bytes (found by an exploratory session). Notes go the same way.
    @Test func controlCharactersAndEscapeSequencesNeverReachThePage() throws {
        let bio = try #require(BioRenderer.render("Born.\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31m Wrote.\u{07}\r\nMore."))
        #expect(bio.html == "<p>Born. Wrote.\nMore.</p>\n")
        #expect(NoteRenderer().render("*a*\u{1B}[31m\u{0}b").html == "<p><em>a</em>b</p>\n")
    }

    @Test func markdownBecomesParagraphsEmphasisAndWebLinks() {
        #expect(BioRenderer.render(nil)?.html == nil)
        #expect(BioRenderer.render("")?.html == nil)
        #expect(BioRenderer.render("\n\n")?.html == nil)
        #expect(BioRenderer.render("[1]: http://example.org")?.html == nil)
        #expect(
            BioRenderer.render("One line\nand the next.\n\nTwo & *three*.")?.html
                == "<p>One line\nand the next.</p>\n<p>Two &amp; <em>three</em>.</p>\n")
        #expect(
            BioRenderer.render("Born in Wales. ([Source][1].)\n\n\n  [1]: http://en.wikipedia.org/wiki/Roald_Dahl")?
                .html
                == "<p>Born in Wales. (<a href=\"http://en.wikipedia.org/wiki/Roald_Dahl\">Source</a>.)</p>\n")
        #expect(BioRenderer.render("# Life")?.html == "<h3>Life</h3>\n")
    }

    @Test func onlyLinksToTheWebStayAndNoImageOrMarkupComesThrough() throws {
        let html = try #require(
            BioRenderer.render(
                """
                [web](https://ok.example/a?b=1&c=2) [script](javascript:alert(1)) [mail](mailto:a@b.example)
                [here](/etc/passwd) [there](../x.html) [data](data:text/html;base64,PHNjcmlwdD4=) <http://auto.example>
                ![a picture](http://tracker.example/p.png) [![nested](http://tracker.example/q.png)](https://ok.example/n)

                <script>alert(1)</script>

                <img src=x onerror=alert(1)> <a href="javascript:alert(2)">raw</a> <iframe src="http://x"></iframe>
                """)?.html)
        #expect(
            html.contains("<a href=\"https://ok.example/a?b=1&amp;c=2\">web</a>")
                && html.contains("<a href=\"http://auto.example\">http://auto.example</a>")
                && html.contains("<a href=\"https://ok.example/n\">nested</a>"))
        #expect(html.contains("script mail") && html.contains("here there data") && html.contains("a picture"))
        #expect(html.components(separatedBy: "<a ").count == 4)
        for forbidden in [
            "<script", "<img", "<iframe", "javascript:", "onerror", "mailto:", "/etc/passwd", "data:", "tracker",
        ] {
            #expect(!html.contains(forbidden), "\(forbidden) in \(html)")
        }
    }

    /// The recorded Open Library record of Roald Dahl: its bio's reference link is a link on the page.
    @Test func aRecordedOpenLibraryBioIsAParagraphWithARealLink() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/openlibrary/authors/OL34184A.json",
            .json("recorded/open-library/author-OL34184A-bio-string-photos-links.json"))
        let dahl = try await server.finder(retries: 0).openLibrary.author(key: "OL34184A", workLimit: 0)
        await server.stop()
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(
                title: "Matilda",
                authors: [NewAuthor(name: dahl.name, openLibraryKey: dahl.key, bio: dahl.bio, links: dahl.links)]))
        try await shelf.buildOffPool()
        let page = try shelf.siteFile("authors/roald-dahl/index.html")
        let bio = try #require(Self.bioSection(of: page))
        #expect(bio.contains("<p>Roald Dahl was a British novelist, short story writer, and screenwriter.</p>"))
        #expect(bio.contains("(<a href=\"http://en.wikipedia.org/wiki/Roald_Dahl\">Source</a>.)</p>"))
        #expect(!page.contains("[1]") && !page.contains("[Source]"))
    }

    @Test func aHostileBioPutsNoScriptOrMarkupOnThePage() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(
                title: "Trouble",
                authors: [
                    NewAuthor(
                        name: "A. Writer",
                        bio: """
                            Hello <script>alert(1)</script> <b onmouseover="alert(2)">bold</b>

                            <div><iframe srcdoc="<script>alert(3)</script>"></iframe></div>

                            [click](javascript:alert(4)) [also](JaVaScRiPt:alert(5)) [entity](&#106;avascript:alert(6))
                            <img src=x onerror=alert(7)> {{{site.title}}}
                            """)
                ]))
        try shelf.build()
        let page = try shelf.siteFile("authors/a-writer/index.html")
        let bio = try #require(Self.bioSection(of: page))
        for forbidden in ["<script", "<iframe", "<div", "<b ", "<img", "onmouseover", "onerror", "href", "alert(4)"] {
            #expect(!bio.contains(forbidden), "\(forbidden) in \(bio)")
        }
        #expect(!page.lowercased().contains("javascript:"))
        #expect(bio.contains("click also entity") && bio.contains("{{{site.title}}}"))
    }

    /// A bio from a Bookplate export is read as Markdown too, and plain text reads as it did.
    @Test func aBioFromAnImportIsRendered() throws {
        let shelf = try TemporaryShelf()
        let json = #"""
            {"bookplate": 2, "authors": [{"slug": "jane-austen", "name": "Jane Austen", "sortName": "Austen, Jane",
             "bio": "Wrote *Emma*; see [her page](https://example.org/austen).\n\nBorn in Steventon, 1775."}],
             "books": [{"slug": "emma", "title": "Emma", "authors": ["Jane Austen"], "subjects": [], "status": "read",
             "shelves": [], "added": "2024-01-01T00:00:00Z"}]}
            """#
        let file = try TestPaths.temporaryFolder("bio-import").appendingPathComponent("export.json")
        try Data(json.utf8).write(to: file)
        let report = try shelf.importer
            .run(file: file, as: .bookplate)
        #expect(report.summary.added == ["emma"])
        try shelf.build()
        let bio = try #require(Self.bioSection(of: try shelf.siteFile("authors/jane-austen/index.html")))
        #expect(
            bio.contains(
                "<p>Wrote <em>Emma</em>; see <a href=\"https://example.org/austen\">her page</a>.</p>\n"
                    + "<p>Born in Steventon, 1775.</p>"))
    }

    /// The author page's bio section, from its opening tag to its end, without the theme's own
    /// `<div dir="auto">` around the bio, so that a `<div` in it is the bio's.
    static func bioSection(of page: String) -> String? {
        guard let start = page.range(of: "<section class=\"bio\""),
            let end = page.range(of: "</section>", range: start.upperBound..<page.endIndex)
        else { return nil }
        var section = String(page[start.lowerBound..<end.upperBound])
        if let wrapper = section.range(of: "<div dir=\"auto\">") { section.removeSubrange(wrapper) }
        return section
    }
}
