import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct HTMLAllowListTests {
    @Test(arguments: [
        // Kept, with every attribute dropped; i and b are written as em and strong.
        (
            "<p class=\"x\" onclick=\"alert(1)\">One <i>two</i> <b>three</b></p>",
            "<p>One <em>two</em> <strong>three</strong></p>"
        ),
        ("<ul><li>a<li>b</ul>", "<ul><li>a</li><li>b</li></ul>"),
        ("<blockquote>Said<br/>twice</blockquote>", "<blockquote>Said<br>twice</blockquote>"),
        // Everything else becomes text, or goes with its content when it is not text at all.
        ("<a href=\"javascript:alert(1)\">link</a>", "link"),
        ("<img src=x onerror=alert(1)>after", "after"),
        ("before<script>alert('</p>')</script>after", "beforeafter"),
        ("<SCRIPT>alert(1)</SCRIPT >x", "x"),
        ("<style>p{}</style><iframe src=//evil></iframe>ok", "ok"),
        ("<svg onload=alert(1)><circle/></svg>ok", "ok"),
        ("<!-- <script>alert(1)</script> -->ok", "ok"),
        ("<p title=\"a>b\" onmouseover=alert(1)>t</p>", "<p>t</p>"),
        // Text stays text: escaped, entities decoded once and escaped again.
        ("1 < 2 && 3 > 2", "1 &lt; 2 &amp;&amp; 3 &gt; 2"),
        ("&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("caf&eacute; &#233; &#xE9; &bogus;", "café é é &amp;bogus;"),
        ("<3 and </ 3>", "&lt;3 and "),
        // Broken markup still gives well-formed output.
        ("<p>open <em>never closed", "<p>open <em>never closed</em></p>"),
        ("<em>a<p>b</em>c</p>", "<em>a</em><p>bc</p>"),
        ("</p></ul>stray<li>item", "strayitem"),
        ("<ul>loose text<ul><li>x</li></ul></ul>", "<ul><li>loose text<ul><li>x</li></ul></li></ul>"),
        ("<p>a<p>b", "<p>a</p><p>b</p>"),
        ("<p>tail <a href=\"x", "<p>tail </p>"),
        ("nul\u{0}and\u{1B}escape", "nulandescape"),
    ])
    func keepsTheAllowListAndTurnsTheRestIntoText(input: String, expected: String) {
        #expect(HTMLAllowList.sanitize(input).html == expected)
    }

    /// Issue 13: the old decoder knew 15 names, so this description was published as the literal
    /// text "Gr&ouml;&szlig;e &mdash; caf&eacute;". From Google's JSON to the page, every name of
    /// the HTML table is decoded once and what must be escaped is escaped again.
    @Test(.ownThreadPerTest) func aCatalogDescriptionWithAnyNamedEntityIsPublishedAsItsCharacters() async throws {
        let server = try await StubCatalogServer.start()
        let volume =
            #"{"id": "grosse", "volumeInfo": {"title": "Größe", "description": "<p>Gr&ouml;&szlig;e &mdash; caf&eacute; &lt;b&gt; &amp;c</p>"}}"#
        await server.on("/google/books/v1/volumes/grosse", .text(volume))
        let book = try await server.finder().google.volume(id: "grosse")
        await server.stop()
        let stored = try #require(book.description?.html)
        #expect(stored == "<p>Größe — café &lt;b&gt; &amp;c</p>")
        #expect(HTMLAllowList.sanitize(stored).html == stored)
        #expect(HTMLText.plainText(fromHTML: stored) == "Größe — café <b> &c")
    }

    /// A reference that decodes to markup stays text: decoded once, escaped again on the way out.
    @Test func decodedMarkupIsEscapedAgain() {
        #expect(
            HTMLAllowList.sanitize("&lt;script&gt;&#60;img src=x&#x3E;&LT;/p&GT;&amp;lt;&AMP").html
                == "&lt;script&gt;&lt;img src=x&gt;&lt;/p&gt;&amp;lt;&amp;")
        #expect(HTMLAllowList.sanitize("&quot;&apos;&lt&gt").html == "\"'&lt;&gt;")
        #expect(HTMLAllowList.sanitize("<p>&lt;p&gt;&NewLine;x</p>").html == "<p>&lt;p&gt;\nx</p>")
    }

    /// "\u{1B}[2J clear" in a catalog's description left "[2J clear" on the page: the escape
    /// character went, the rest of its sequence stayed. Found by an exploratory session.
    @Test func anEscapeSequenceGoesWhole() {
        #expect(HTMLAllowList.sanitize("<p>\u{1B}[2J clear \u{1B}]0;title\u{07}now</p>").html == "<p> clear now</p>")
        #expect(HTMLAllowList.html(fromText: "A \u{1B}[31mred\u{1B}[0m word").html == "<p>A red word</p>")
    }

    @Test func sanitizingTwiceIsSanitizingOnce() {
        let samples = [
            "<ul>x<li>y</ul><p>&amp;lt;</p>", "<em><ul><li>a</ul></em>", "&#60;p&#62;", "<p>a<br>b</p>",
            "<ol><br>t</ol>", " \u{0B}<ul> <li>x</li> </ul>",
        ]
        for sample in samples {
            let once = HTMLAllowList.sanitize(sample).html
            #expect(HTMLAllowList.sanitize(once).html == once, "\(sample)")
        }
    }

    @Test func longRunsOfHalfTagsEndAsTheBrowserWouldEndThem() {
        // Each is a way to make a naive tag scanner quadratic; these take one pass.
        let count = 50_000
        #expect(HTMLAllowList.sanitize("x" + String(repeating: "<a ", count: count)).html == "x")
        #expect(HTMLAllowList.sanitize("x" + String(repeating: "<!--", count: count)).html == "x")
        #expect(HTMLAllowList.sanitize("x" + String(repeating: "<p title=\"", count: count)).html == "x")
        #expect(HTMLAllowList.sanitize("x" + String(repeating: "<script>", count: count)).html == "x")
        #expect(HTMLAllowList.sanitize(String(repeating: "</", count: count)).html.isEmpty)
        #expect(
            HTMLAllowList.sanitize(String(repeating: "&#", count: count)).html
                == String(repeating: "&amp;#", count: count))
    }

    /// Found by FuzzHTML: `<` and a combining mark make one Character, which is not `<`, so
    /// escaping by Character left the `<` raw in the output.
    @Test func aLessThanSignWithACombiningMarkIsEscaped() {
        #expect(HTMLAllowList.sanitize("x<\u{301}b>y").html == "x&lt;\u{301}b&gt;y")
        #expect(HTMLAllowList.sanitize("a<\u{36C}br/>b").html == "a&lt;\u{36C}br/&gt;b")
        #expect(HTMLAllowList.html(fromText: "a <\u{301}b> & c").html == "<p>a &lt;\u{301}b&gt; &amp; c</p>")
        // Found next: "&lt;" then a combining mark was not decoded, so a second sanitize escaped its "&".
        #expect(HTMLAllowList.sanitize("&lt;\u{36C}br").html == "&lt;\u{36C}br")
        #expect(HTMLAllowList.sanitize("&amp;\u{301}").html == "&amp;\u{301}")
    }

    @Test func plainTextBecomesEscapedParagraphs() {
        #expect(
            HTMLAllowList.html(fromText: "First <b>line</b>\nsecond & more\r\n\r\nNext\n\n\n").html
                == "<p>First &lt;b&gt;line&lt;/b&gt;<br>second &amp; more</p>\n<p>Next</p>")
        #expect(HTMLAllowList.html(fromText: "  \n\n ").html.isEmpty)
    }

    @Test func storedDescriptionsAreSanitizedAndEmptyOnesAreNone() {
        #expect(Book.storedDescription(HTMLAllowList.sanitize("<p onclick=x>Hi</p>"))?.html == "<p>Hi</p>")
        #expect(Book.storedDescription(HTMLAllowList.sanitize("<p> </p><script>alert(1)</script>")) == nil)
        #expect(Book.storedDescription(nil) == nil)
    }
}
