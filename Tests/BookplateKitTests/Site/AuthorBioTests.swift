import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Open Library writes bios in Markdown: they reach the page through cmark in safe mode and the
/// description's allow-list, never raw.
@Suite struct AuthorBioTests {
    @Test func aMarkdownBioIsRenderedAndNothingHostileSurvives() throws {
        let bio = """
            Wrote *The Dispossessed*. ([Source][1].)

            [1]: http://en.wikipedia.org/wiki/Ursula_K._Le_Guin

            <script>alert(1)</script> <img src=x onerror=alert(2)>

            Inline <img src=x onerror=alert(4)> [click](javascript:alert(3)) & more
            """
        let html = try #require(PageModelFactory.bioHTML(bio)?.html)
        #expect(html.contains("<em>The Dispossessed</em>"))
        #expect(
            !html.contains("[1]")
                && html.contains("<a href=\"http://en.wikipedia.org/wiki/Ursula_K._Le_Guin\">Source</a>"))
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("javascript:"))
        #expect(html.contains("click &amp; more"))
        #expect(PageModelFactory.bioHTML("   \n\n<!-- nothing -->") == nil)

        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(title: "The Dispossessed", authors: [NewAuthor(name: "Ursula K. Le Guin", bio: bio)]))
        try shelf.build()
        let page = try shelf.siteFile("authors/ursula-k-le-guin/index.html")
        #expect(page.contains("<em>The Dispossessed</em>") && !page.contains("<script>alert"))
    }

    /// `bioParagraphs` held the bio's Markdown as written (`*American*`, `[Wikipedia](…)`), though
    /// templates/README.md promises plain paragraphs and the page's description was already
    /// plain. Found by an exploratory session. Both are the text of the rendered bio.
    @Test func aBiosPlainParagraphsAreItsTextNotItsMarkdown() throws {
        let shelf = try TemporaryShelf()
        let bio =
            "Frank Herbert was an *American*\nauthor.\n\nSee [Wikipedia](https://en.wikipedia.org/wiki/Frank_Herbert)."
        try shelf.library.addBook(NewBook(title: "Dune", authors: [NewAuthor(name: "Frank Herbert", bio: bio)]))
        try FileManager.default.createDirectory(at: shelf.paths.templates, withIntermediateDirectories: true)
        try Data(
            ("{{<layout}}{{$description}}{{metaDescription}}{{/description}}"
                + "{{$content}}{{#bioParagraphs}}<p class=\"plain\">{{.}}</p>{{/bioParagraphs}}{{/content}}{{/layout}}")
                .utf8
        ).write(to: shelf.paths.templates.appendingPathComponent("author.mustache"))
        try shelf.build()
        let page = try shelf.siteFile("authors/frank-herbert/index.html")
        #expect(
            page.contains(
                #"<p class="plain">Frank Herbert was an American author.</p><p class="plain">See Wikipedia.</p>"#))
        #expect(page.contains(#"<meta name="description" content="Frank Herbert was an American author.">"#))
    }

    /// A bio's top heading is an h3, as a note's is below "My notes"; but the bio sat right under
    /// the author's h1, so the page's outline went from h1 to h3. The bio has its own h2,
    /// "Biography", in the site's words. Found by an exploratory session.
    @Test func aBiosHeadingsSitBelowAHeadingOfItsOwn() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(
                title: "Kindred",
                authors: [NewAuthor(name: "Octavia E. Butler", bio: "# Early life\n\nBorn in Pasadena.\n\n## School")]))
        try shelf.build()
        let page = try shelf.siteFile("authors/octavia-e-butler/index.html")
        #expect(page.contains(#"<h2 id="bio-heading">Biography</h2>"#))
        let levels = page.components(separatedBy: "<h").dropFirst().compactMap { $0.first?.wholeNumberValue }
        #expect(levels.first == 1)
        for (previous, next) in zip(levels, levels.dropFirst()) {
            #expect(next <= previous + 1, "the outline goes from h\(previous) to h\(next): \(levels)")
        }
        #expect(levels.contains(3) && levels.contains(4))
    }
}
