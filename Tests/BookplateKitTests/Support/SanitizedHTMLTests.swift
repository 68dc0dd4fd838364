import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Markup reaches a page unescaped only as a `SanitizedHTML`, which only Core's sanitisers make.
@Suite struct SanitizedHTMLTests {
    @Test func jsonForAScriptElementCannotEndIt() {
        let json = #"{"name":"</script><script>alert(1)</script> & \#u{2028}"}"#
        let safe = SanitizedHTML.scriptJSON(json).html
        #expect(!safe.contains("<") && !safe.contains(">") && !safe.contains("&"))
        #expect(safe == #"{"name":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e \u0026 \u2028"}"#)
        // It is still the same JSON.
        let decoded = try? JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [String: String]
        #expect(decoded?["name"] == "</script><script>alert(1)</script> & \u{2028}")
    }

    /// Decoding is no way around the allow-list: a removed book's copy, or any JSON, comes back
    /// through it.
    @Test func decodingRunsTheAllowList() throws {
        let decoded = try JSONDecoder().decode(
            [SanitizedHTML].self, from: Data(#"["<p onclick=\"x\">Hi<script>alert(1)</script></p>"]"#.utf8))
        #expect(decoded.map(\.html) == ["<p>Hi</p>"])
        let encoded = try JSONEncoder().encode(decoded)
        #expect(String(decoding: encoded, as: UTF8.self) == #"["<p>Hi<\/p>"]"#)
    }

    /// A reader's theme that triple-braces a catalog's title still publishes it as text; the
    /// description, which the allow-list made, is written as markup.
    @Test func aThemeThatTripleBracesATitleCannotPublishItsMarkup() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(
                title: "<script>alert(1)</script>", authors: ["Someone"],
                description: HTMLAllowList.sanitize("<p>Kept <em>emphasis</em><script>alert(2)</script></p>")))
        let template = shelf.paths.templates.appendingPathComponent("book.mustache")
        try FileManager.default.createDirectory(at: shelf.paths.templates, withIntermediateDirectories: true)
        try Data("<h1>{{{title}}}</h1>{{&title}}\n{{{descriptionHTML}}}\n".utf8).write(to: template)
        try shelf.build()
        let slug = try #require(try shelf.library.books().first?.book.slug)
        #expect(
            try shelf.siteFile("books/\(slug)/index.html")
                == "<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>&lt;script&gt;alert(1)&lt;/script&gt;\n"
                + "<p>Kept <em>emphasis</em></p>\n")
    }
}
