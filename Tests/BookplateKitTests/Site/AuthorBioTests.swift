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
}
