import Foundation
import Synchronization
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct NoteRendererTests {
    @Test func rendersMarkdownWithHeadingsBelowThePageTitle() {
        let html = NoteRenderer().render("# Big\n\nSome *emphasis* and \"quotes\".\n\n###### Tiny\n").html
        #expect(html == "<h3>Big</h3>\n<p>Some <em>emphasis</em> and “quotes”.</p>\n<h6>Tiny</h6>\n")
    }

    /// The note sits under the page's "My notes" h2: its top-most heading is an h3 whatever its
    /// level, and the others keep their distance below it, up to h6.
    @Test func aNotesTopHeadingIsTheLevelBelowMyNotes() {
        let renderer = NoteRenderer()
        #expect(renderer.render("## Part\n\n### Detail\n").html == "<h3>Part</h3>\n<h4>Detail</h4>\n")
        #expect(renderer.render("#### Only\n").html == "<h3>Only</h3>\n")
        #expect(
            renderer.render("### Low\n\n## Top\n\n###### Deep\n").html
                == "<h4>Low</h4>\n<h3>Top</h3>\n<h6>Deep</h6>\n")
        #expect(renderer.render("Top\n---\n\n##### Five\n").html == "<h3>Top</h3>\n<h6>Five</h6>\n")
    }

    @Test func safeModeDropsRawHTMLAndDangerousLinks() {
        let html = NoteRenderer().render(
            "Hi <script>alert(1)</script> <img src=x onerror=alert(2)>\n\n[a](javascript:alert(3)) [b](https://example.org)\n\n<div onclick=\"x()\">block</div>\n"
        ).html
        #expect(!html.contains("<script"))
        #expect(!html.contains("onerror"))
        #expect(!html.contains("onclick"))
        #expect(!html.contains("javascript:"))
        #expect(html.contains("<a href=\"https://example.org\">b</a>"))
        #expect(html.contains("<!-- raw HTML omitted -->"))
    }

    /// cmark's safe mode empties the address of a link or image it finds dangerous, and left
    /// `<a href="">x</a>` and `<img src="" alt="img">`: the link goes and keeps its text, the
    /// image shows its description. Found by an exploratory session.
    @Test func aDangerousLinkBecomesItsTextAndADangerousImageItsDescription() {
        let renderer = NoteRenderer()
        #expect(renderer.render("[x](javascript:alert(1))\n").html == "<p>x</p>\n")
        #expect(renderer.render("![an *image*](javascript:alert(1))\n").html == "<p>an <em>image</em></p>\n")
        #expect(
            renderer.render("[f](FILE:///etc/passwd) [v](VBScript:x) [d](data:text/html,x)\n").html == "<p>f v d</p>\n")
        #expect(renderer.render("[![img](javascript:a)](javascript:b)\n").html == "<p>img</p>\n")
        // What cmark keeps stays: web and relative links, mail, and images as data of a few kinds.
        #expect(
            renderer.render("[a](https://example.org) [b](../x/) [c](mailto:a@example.org)\n").html
                == "<p><a href=\"https://example.org\">a</a> <a href=\"../x/\">b</a> <a href=\"mailto:a@example.org\">c</a></p>\n"
        )
        #expect(
            renderer.render("![p](data:image/png;base64,AAAA)\n").html
                == "<p><img src=\"data:image/png;base64,AAAA\" alt=\"p\" /></p>\n")
        // The reader's own notes, when they allow it, are published as written.
        #expect(
            NoteRenderer(allowsRawHTML: true).render("[x](javascript:go())\n").html
                == "<p><a href=\"javascript:go()\">x</a></p>\n")
    }

    /// Front matter of an Obsidian, Jekyll or Hugo note was a rule and a heading of its keys in
    /// the page's outline (found by an exploratory session): it is no part of the page.
    @Test func frontMatterIsNotRendered() {
        let renderer = NoteRenderer()
        for note in [
            "---\ntitle: Dune\ntags: [sf, favourite]\n---\n\nSpice.\n",
            "---\r\ntitle: Dune\r\ntags:\r\n  - sf\r\n...\r\nSpice.\r\n",
        ] {
            #expect(renderer.render(note).html == "<p>Spice.</p>\n", "\(note.debugDescription)")
        }
        // A rule at the start, or text between two rules, is the note's own.
        #expect(renderer.render("---\n\nA thought.\n\n---\n").html.contains("A thought."))
        #expect(renderer.render("---\nNot front matter\n---\n").html.contains("Not front matter"))
    }

    /// Front matter whose keys have spaces (Obsidian's `date read`), are quoted, dotted or end in
    /// `?`, or that ran past 200 lines, was published as a rule and a heading of its keys (found
    /// by an exploratory session). Its lines are read as YAML's block mapping is written: a key,
    /// a colon, and a space or the line's end. What Markdown reads as a rule above a heading of
    /// prose is still the note's own: lines without a key's shape, or one line of words on both
    /// sides of its colon.
    @Test func frontMatterIsReadAsYAMLWritesItsKeysAndProseStaysTheNotes() {
        let renderer = NoteRenderer()
        for front in [
            "title: Dune\ndate read: 2024-05-01", "\"title\": Dune", "'it''s': yes", "dc.title: Dune", "read?: yes",
            "読了日: 2024", "tags:\n- a\n- b", "# a comment\ntitle: X", "title: X\ndate read: 2024-05-01",
            "description: |\n  line one\n  line two: more", "tags: [a,\n  b]", "up: [[Dune]]",
            "source:\n  https://example.org",
            "Rating: five stars", "", "\"my thoughts\": a slow start, but worth it",
            (0..<250).map { "k\($0): v" }.joined(separator: "\n"),
        ] {
            let note = "---\n\(front)\n---\n\nBody.\n"
            #expect(renderer.render(note).html == "<p>Body.</p>\n", "\(note.debugDescription)")
        }
        #expect(renderer.render("---\n---\n\nBody.\n").html == "<p>Body.</p>\n")
        for prose in [
            "Note to self: finish the review", "A thought", "Chapter one: the start\nand how it went on",
            "see https://example.org for more", "- a list\nThen prose: of a kind", "[link](x): y",
            // A review found these taken off the page by a first draft: no key of them is YAML's alone.
            "My verdict: brilliant", "# Part one", "Chapter one: the arrival\nChapter two: the departure",
            "Why I loved it: the world.\nRead again: yes", "date read: 2024-05-01",
        ] {
            let note = "---\n\(prose)\n---\n\nBody.\n"
            #expect(renderer.render(note).html.hasPrefix("<hr />"), "\(note.debugDescription)")
        }
    }

    /// cmark decodes a character reference into the character it names: `&#1;` and `&#x85;` were
    /// raw control characters in the page, and `&#x1b;[31m` a whole escape sequence, where the
    /// note's feed, which escapes its text, left them out (found by an exploratory session). The
    /// note's text now has what no site may publish taken out as every other text has, escape
    /// sequences whole, with raw HTML allowed or not; the reader's raw HTML stays as written.
    @Test func aNotesCharacterReferencesToControlCharactersAreLeftOutAsEverywhereElse() {
        let markdown = "Entities: a&#1;b c&#x85;d &#x1b;[31m end `x&#1;` [t](u \"a&#1;b\")\n"
        for renderer in [NoteRenderer(), NoteRenderer(allowsRawHTML: true)] {
            let html = renderer.render(markdown).html
            #expect(html == "<p>Entities: ab cd  end <code>x&amp;#1;</code> <a href=\"u\" title=\"ab\">t</a></p>\n")
            #expect(!html.unicodeScalars.contains { !PublishedText.isPublishable($0) })
        }
        // The highlight feed's text and the page's are the same.
        let note = "Note a&#1;b &#x1b;[31m red"
        #expect(NoteRenderer().render(note).html == "<p>Note ab  red</p>\n")
        #expect(NoteRenderer(allowsRawHTML: true).render("<b>x</b>\n").html == "<p><b>x</b></p>\n")
    }

    /// A code block scrolls its long lines inside it, and could not be scrolled from the keyboard
    /// nor reached in Safari (axe's `scrollable-region-focusable`: found by an exploratory
    /// session). It takes the keyboard's focus now, its code as cmark writes it, in safe mode and
    /// with raw HTML, inside a list and in a note's cached options.
    @Test func aCodeBlockTakesTheKeyboardsFocus() {
        let markdown = "```swift extra\nlet tag = \"<a href='x'>\" & 1\n```\n\n- item\n\n      indented\n"
        for renderer in [NoteRenderer(), NoteRenderer(allowsRawHTML: true)] {
            #expect(
                renderer.render(markdown).html
                    == "<pre tabindex=\"0\"><code class=\"language-swift\">let tag = &quot;&lt;a href='x'&gt;&quot; &amp; 1\n"
                    + "</code></pre>\n<ul>\n<li>\n<p>item</p>\n<pre tabindex=\"0\"><code>indented\n</code></pre>\n</li>\n</ul>\n"
            )
            #expect(renderer.optionsTag.contains("/focusable-code"))
        }
    }

    /// Obsidian's comments (`%%`) were published as text: a reader's aside in a note was on the
    /// book's page (found by an exploratory session). They are left out, on one line or many, and
    /// with no second mark the rest of the note is, as Obsidian shows it; in code they are code.
    @Test func obsidiansCommentsAreLeftOutAndCodeKeepsItsPercentSigns() {
        let renderer = NoteRenderer()
        #expect(renderer.render("Loved it %%lend to Sam?%% truly.\n").html == "<p>Loved it  truly.</p>\n")
        #expect(
            renderer.render("# Verdict\n\n%%\nPRIVATE one\n\n- PRIVATE two\n%%\nGood.\n").html
                == "<h3>Verdict</h3>\n<p>Good.</p>\n")
        #expect(
            renderer.render("Start %% PRIVATE *still*\n\nPRIVATE %%end.\n").html == "<p>Start</p>\n<p>end.</p>\n")
        #expect(renderer.render("Shown.\n\n%% PRIVATE to the end\n\nPRIVATE\n").html == "<p>Shown.</p>\n")
        #expect(
            renderer.render("Use `printf(\"%%d\")` or ``a %% b``.\n").html
                == "<p>Use <code>printf(&quot;%%d&quot;)</code> or <code>a %% b</code>.</p>\n")
        #expect(renderer.render("A \\%% sign, and \\%%.\n").html == "<p>A %% sign, and %%.</p>\n")
        let code = renderer.render("```\nx %% y\n```\n\n    indented %% code\n").html
        #expect(code.contains("x %% y") && code.contains("indented %% code"))
        // Indented below a list item, a paragraph of it, not code: its comment goes.
        #expect(!renderer.render("- item\n\n    more %%PRIVATE%%\n").html.contains("PRIVATE"))
        // Lines ended as Windows and old Macs end them are lines too.
        #expect(renderer.render("```\r\na %% b\r\n```\r\nc %%PRIVATE%%\r").html.contains("a %% b"))
        #expect(!renderer.render("```\r\na %% b\r\n```\r\nc %%PRIVATE%%\r").html.contains("PRIVATE"))
        #expect(!renderer.render("```\ra %% b\r```\rc %%PRIVATE%%\r").html.contains("PRIVATE"))
        #expect(renderer.render("Not a comment: 50% of 100%.\n").html == "<p>Not a comment: 50% of 100%.</p>\n")
        #expect(SiteNotes.showsNothing(renderer.render("%% to write after the book club %%\n").html))
        #expect(NoteRenderer(allowsRawHTML: true).render("<i>x</i> %%<b>PRIVATE</b>%%\n").html == "<p><i>x</i></p>\n")
    }

    /// A comment that is a whole line in the middle of a paragraph left that line blank, and the
    /// page showed two paragraphs where Obsidian shows one (noticed by a review). The line goes
    /// with its comment; where that would make text of code or of HTML, the blank line stays.
    @Test func aCommentThatIsAWholeLineOfAParagraphLeavesItOneParagraph() {
        let renderer = NoteRenderer()
        #expect(
            renderer.render("First line,\n%% PRIVATE aside %%\nthird line.\n").html
                == "<p>First line,\nthird line.</p>\n")
        #expect(
            renderer.render("First,\n  %% PRIVATE %%  \n%% PRIVATE\nPRIVATE %%\r\nlast.\r\n").html
                == "<p>First,\nlast.</p>\n")
        #expect(renderer.render("# Title\n%% PRIVATE %%\nText.\n").html == "<h3>Title</h3>\n<p>Text.</p>\n")
        // Between paragraphs, before the first line and after the last, nothing changes.
        #expect(renderer.render("One.\n\n%% PRIVATE %%\n\nTwo.\n").html == "<p>One.</p>\n<p>Two.</p>\n")
        #expect(renderer.render("%% PRIVATE %%\nOne.\n").html == "<p>One.</p>\n")
        #expect(renderer.render("One.\n%% PRIVATE %%\n").html == "<p>One.</p>\n")
        // An indented line after the comment's line was code; joined, it would be text, and the
        // `%%` in it a comment's start: it stays code, and nothing of the comment is shown.
        let code = renderer.render("Text.\n%% PRIVATE %%\n    let rate = 50 %% 7\n").html
        #expect(code == "<p>Text.</p>\n<pre tabindex=\"0\"><code>let rate = 50 %% 7\n</code></pre>\n", "\(code)")
        // HTML after the comment's line stays a block of HTML, its comment left out as ever.
        let raw = NoteRenderer(allowsRawHTML: true).render(
            "Text.\n%% PRIVATE %%\n<span>kept <!-- PRIVATE -- too --></span>\n"
        ).html
        #expect(!raw.contains("PRIVATE"), "\(raw)")
        #expect(raw.contains("<span>kept"), "\(raw)")
    }

    /// The code blocks were those of the whole text, comments and all: a fence inside a comment
    /// made code of the lines after the comment, and their own comments were published (found by
    /// a review). A fence in a comment opens nothing; the code after it is still code.
    @Test func aFenceInsideACommentOpensNoCodeBlock() {
        let renderer = NoteRenderer()
        let html = renderer.render(
            "Good.\n\n%% draft:\n```\nold snippet\n%%\n\nShown %%PRIVATE aside%% end.\n\n```\nx %% y\n```\n"
        ).html
        #expect(
            html == "<p>Good.</p>\n<p>Shown  end.</p>\n<pre tabindex=\"0\"><code>x %% y\n</code></pre>\n", "\(html)")
        // A code span goes on over a line break, its `%%` code on both lines.
        let wrapped = renderer.render("I used `printf(\"%%d\",\nn)` to print. %%PRIVATE%%\n\nLast.\n").html
        #expect(
            wrapped == "<p>I used <code>printf(&quot;%%d&quot;, n)</code> to print.</p>\n<p>Last.</p>\n", "\(wrapped)")
        // A tilde fence and an indented one alike.
        #expect(!renderer.render("%%\n~~~\n%%\nA %%PRIVATE%%\n~~~\n").html.contains("PRIVATE"))
    }

    /// A run of backticks that closes nothing looked for its closer to the end of its line: a
    /// note of one long line of such runs (an import writes notes; 4 MB are published) took
    /// minutes with a comment in it. Each run's closer is now found in one pass over the line.
    /// An escaped backtick leaves the rest of its run to open a span.
    @Test func commentsAreFoundInOnePassOverALongLine() {
        var line = "Before %%PRIVATE%% "
        for length in 1...2_000 { line += String(repeating: "`", count: length) + "x" }
        line += " %%PRIVATE%% after"
        let started = ContinuousClock.now
        let kept = ObsidianMarkdown.published(line + "\n", links: nil)
        #expect(ContinuousClock.now - started < .seconds(10), "linear work takes 0.1 s; quadratic, minutes")
        #expect(!kept.contains("PRIVATE") && kept.hasPrefix("Before  `x``x") && kept.hasSuffix("x  after\n"))
        #expect(kept.utf8.count == line.utf8.count + 1 - 2 * "%%PRIVATE%%".utf8.count)
        #expect(ObsidianMarkdown.published("\\``a %% b` c %%PRIVATE%%\n", links: nil) == "\\``a %% b` c \n")
    }

    /// An HTML comment in a paragraph that cmark 0.30 does not take for one — `--` inside it, an
    /// end of `--->` or `--!>`, `<!-->` — is a comment to a browser and to Obsidian, but cmark
    /// published it as text ("&lt;!-- but – honestly – …"), with raw HTML allowed and without
    /// (found by a review). It is left out; in code it is code, and the comments cmark reads are
    /// left to it.
    @Test func aParagraphsCommentThatCMarkReadsAsTextIsLeftOut() {
        for renderer in [NoteRenderer(), NoteRenderer(allowsRawHTML: true)] {
            let html = renderer.render(
                "Loved it <!-- but -- honestly -- PRIVATE --> mostly.\n\n# Ending <!-- PRIVATE --->\n\n"
                    + "- one <!-- PRIVATE --!> two\n- three <!--> four\n\nA <!-- PRIVATE -- across\nlines --> B\n"
            ).html
            #expect(!html.contains("PRIVATE") && !html.contains("&lt;!--"), "\(html)")
            for shown in ["Loved it  mostly.", "Ending", "one  two", "three  four", "A  B"] {
                #expect(html.contains(shown), "\(shown) in \(html)")
            }
            let code = renderer.render("`<!-- a -- b -->` and\n\n    <!-- c -- d -->\n").html
            #expect(code.contains("<code>&lt;!-- a -- b --&gt;</code> and"), "\(code)")
            #expect(code.contains("<code>&lt;!-- c -- d --&gt;\n</code>"), "\(code)")
        }
        #expect(
            NoteRenderer().render("Text <!-- cmark's own --> here.\n").html
                == "<p>Text <!-- raw HTML omitted --> here.</p>\n")
        // A paragraph of comments with no end is read once, not once a comment.
        let started = ContinuousClock.now
        let endless = NoteRenderer().render("Text " + String(repeating: "<!--x", count: 100_000) + "\n").html
        #expect(ContinuousClock.now - started < .seconds(10), "linear work takes 0.1 s; quadratic, minutes")
        let isText = endless.hasPrefix("<p>Text &lt;!") && endless.contains("x</p>")
        #expect(isText, "\(endless.prefix(80))")
    }

    /// Where the reader allows raw HTML, its comments were published in the page's source: a
    /// reader's `<!-- ask Sam first -->` was on the site for anyone to read (found by a privacy
    /// audit). They are left out, whole blocks of them leaving nothing; the rest passes.
    @Test func rawHTMLsCommentsAreLeftOut() {
        let renderer = NoteRenderer(allowsRawHTML: true)
        let html = renderer.render(
            "<!-- PRIVATE block\nover lines -->\n\nText <!-- PRIVATE inline --> here.\n\n<div>a<!-- PRIVATE -->b</div>\n\n"
                + "<p>c</p><!-- PRIVATE with no end\n"
        ).html
        #expect(!html.contains("PRIVATE") && !html.contains("<!--"), "\(html)")
        #expect(html == "<p>Text  here.</p>\n<div>ab</div>\n<p>c</p>\n", "\(html)")
        #expect(SiteNotes.showsNothing(renderer.render("<!-- to write after the book club -->\n").html))
        #expect(renderer.render("<kbd>Ctrl</kbd> <!-- x -->\n").html == "<p><kbd>Ctrl</kbd> </p>\n")
    }

    /// Comments were taken out of each piece of raw HTML as if it were a page of its own: a
    /// `<script>`'s `<!-- … //-->` took its code with it, a `<textarea>`'s text went, `--!>` (which
    /// ends a comment in a browser) took the rest of its block and its end tag, and a comment
    /// that ran on past its block's end left what followed it, hidden in a browser, shown (found
    /// by a review). They go now as a browser reads them, and nothing else does.
    @Test func rawHTMLsCommentsGoAsABrowserReadsThem() {
        let renderer = NoteRenderer(allowsRawHTML: true)
        let script = "<script>\n<!--\ndocument.write(\"hi\");\n//-->\n</script>\n"
        #expect(renderer.render(script).html == script)
        #expect(
            renderer.render("<textarea><!-- typed --></textarea>\n").html == "<textarea><!-- typed --></textarea>\n")
        #expect(renderer.render("<div>a <!-- x --!> SHOWN</div>\n").html == "<div>a  SHOWN</div>\n")
        #expect(renderer.render("<div>a <!--> SHOWN <!---> TOO</div>\n").html == "<div>a  SHOWN  TOO</div>\n")
        #expect(renderer.render("<div title=\"<!--\">x</div>\n").html == "<div title=\"<!--\">x</div>\n")
        let html = renderer.render("<div>\n<!-- PRIVATE one\n\nPRIVATE two -->\n</div>\n\nShown.\n").html
        #expect(!html.contains("PRIVATE") && !html.contains("<!--"), "\(html)")
    }

    /// Inside `<svg>` a `<style>`'s text is markup, and a comment there is a comment, which stayed
    /// in the page's source; and a tag whose quote is never closed kept the rest of the note as it
    /// was, comments and all, where a browser shows none of it (noticed by a review). Each case is
    /// as Chromium's DOM has it: a comment there goes, raw text and CDATA stay.
    @Test func rawHTMLsCommentsGoInSVGAndAfterATagLeftOpen() {
        let renderer = NoteRenderer(allowsRawHTML: true)
        func block(_ html: String) -> String { renderer.render("<div>\n\(html)\n</div>\n").html }
        #expect(
            block("<svg><style>a{} <!-- PRIVATE --> b{}</style></svg>")
                == "<div>\n<svg><style>a{}  b{}</style></svg>\n</div>\n")
        #expect(
            block("<math><annotation-xml><style>u <!-- PRIVATE --></style></annotation-xml></math>")
                == "<div>\n<math><annotation-xml><style>u </style></annotation-xml></math>\n</div>\n")
        #expect(
            block("<svg><g><script>go() <!-- PRIVATE --></script></g><rect/></svg><p>x <!-- PRIVATE --></p>")
                == "<div>\n<svg><g><script>go() </script></g><rect/></svg><p>x </p>\n</div>\n")
        // HTML's own rules again: raw text, in an integration point, after an element that breaks
        // out of SVG, after the SVG, and text in a CDATA section.
        for kept in [
            "<svg><foreignObject><style>x <!-- kept --></style></foreignObject></svg>",
            "<svg><title><style>w <!-- kept --></style></title></svg>",
            "<svg><desc><b>q</b><style>v <!-- kept --></style></desc></svg>",
            "<math><mi><style>z <!-- kept --></style></mi></math>",
            "<svg><p>out</p><style>y <!-- kept --></style></svg>",
            "<svg><circle/></svg><style>y <!-- kept --></style>",
            "<svg/><style>y <!-- kept --></style>",
            "<svg><text>t<![CDATA[ <b> <!-- shown --> ]]></text></svg>",
        ] {
            #expect(block(kept) == "<div>\n\(kept)\n</div>\n")
        }
        // A quote left open: the rest of the note is in the tag, and its comments go.
        let open = renderer.render("<div>\n<span title=\"x>tail <!-- PRIVATE --> end\n</div>\n").html
        #expect(!open.contains("PRIVATE"), "\(open)")
        #expect(open.contains("<span title=\"x>tail  end"), "\(open)")
    }

    @Test func rawHTMLPassesOnlyWhenTheReaderAllowsIt() {
        let renderer = NoteRenderer(allowsRawHTML: true)
        #expect(renderer.render("<kbd>Ctrl</kbd>\n").html.contains("<kbd>Ctrl</kbd>"))
        #expect(renderer.contentHash(of: "x") != NoteRenderer().contentHash(of: "x"))
    }
}

@Suite struct NoteStoreTests {
    @Test func readsUTF8AndRefusesAnythingElse() throws {
        let folder = try TestPaths.temporaryFolder("notes")
        let store = NoteStore(folder: folder)
        try Data([0xEF, 0xBB, 0xBF] + Array("café".utf8)).write(to: store.url(forSlug: "bom"))
        #expect(try store.note(forSlug: "bom") == "café")
        try Data([0x63, 0x61, 0x66, 0xE9]).write(to: store.url(forSlug: "latin1"))
        #expect(throws: NoteError.notUTF8(path: store.url(forSlug: "latin1").path)) {
            try store.note(forSlug: "latin1")
        }
        #expect(try store.note(forSlug: "absent") == nil)
        // Notepad's "Unicode" is UTF-16 with a byte-order mark: read as text.
        try Data([0xFF, 0xFE, 0x63, 0, 0x61, 0, 0x66, 0, 0xE9, 0]).write(to: store.url(forSlug: "utf16"))
        #expect(try store.note(forSlug: "utf16") == "café")
    }

    /// A note that begins with a UTF-16 byte-order mark but is cut off (an odd number of bytes)
    /// or holds half a character was "not UTF-8 text: save it as UTF-8", to a writer whose editor
    /// said it was saved as Unicode (found by an exploratory session). The error names the real
    /// problem; a backup still takes the note, with U+FFFD where it could not be read.
    @Test func aBrokenUTF16NoteIsNamedAsSuch() throws {
        let folder = try TestPaths.temporaryFolder("notes")
        let store = NoteStore(folder: folder)
        try Data([0xFF, 0xFE, 0x63, 0, 0x61, 0, 0x66]).write(to: store.url(forSlug: "odd"))
        #expect(
            throws: NoteError.brokenUTF16(
                path: store.url(forSlug: "odd").path,
                reason: "it has an odd number of bytes, as if cut off in the middle of a character")
        ) {
            try store.note(forSlug: "odd")
        }
        try Data([0xFE, 0xFF, 0, 0x63, 0xDC, 0x00, 0, 0x61]).write(to: store.url(forSlug: "surrogate"))
        #expect(
            throws: NoteError.brokenUTF16(
                path: store.url(forSlug: "surrogate").path,
                reason: "it holds half a character (a lone surrogate) at byte 4")
        ) {
            try store.note(forSlug: "surrogate")
        }
        #expect(
            NoteError.brokenUTF16(path: "notes/odd.md", reason: "it has an odd number of bytes").description
                == "notes/odd.md is UTF-16 text, but it has an odd number of bytes: save it again (as UTF-8, or "
                + "UTF-16) in your editor and try again")
        var warnings: [String] = []
        #expect(try store.noteForBackup(forSlug: "odd") { warnings.append($0) } == "ca\u{FFFD}")
        #expect(try store.noteForBackup(forSlug: "surrogate") { warnings.append($0) } == "c\u{FFFD}a")
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.contains("is UTF-16 text, but") })
    }

    /// A note of one HTML comment published "My notes" over nothing; `serve` never said a note
    /// belonged to no book or was too long to publish. Found by an exploratory session.
    @Test func aNoteThatShowsNothingHasNoSectionAndServeHearsOfEveryNote() throws {
        #expect(SiteNotes.showsNothing("<!-- raw HTML omitted -->\n<!-- raw HTML omitted -->\n"))
        #expect(SiteNotes.showsNothing("  \n") && !SiteNotes.showsNothing("<!-- x --><p>Yes</p>"))
        let shelf = try FixtureShelf.make()
        try shelf.writeNote("<!-- TODO: write this up after book club -->\n", slug: "kindred")
        try shelf.writeNote("Which book?", slug: "kindered")
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(try !shelf.siteFile("books/kindred/index.html").contains("raw HTML omitted"))
        #expect(
            report.everyWarning.contains {
                $0.hasSuffix("kindered.md belongs to no book on the shelf: rename it to a book's slug or move it away")
            })
    }

    /// A note saved unchanged, or only touched, was said to be among "the notes that changed",
    /// which no page showed (found by an exploratory session): the build says it is as it was. A
    /// note of no book that changed is still said so.
    @Test func aNoteSavedUnchangedIsSaidToBeAsItWas() throws {
        let shelf = try FixtureShelf.make()
        try shelf.writeNote("Kept.\n", slug: "kindred")
        try shelf.build(settings: FixtureShelf.settings)
        let note = shelf.paths.notes.appendingPathComponent("kindred.md")
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: note.path)
        let touched = try shelf.build(settings: FixtureShelf.settings)
        #expect(touched.kind == .notesOnly && touched.filesWritten == 0)
        #expect(
            touched.summary(site: "site").hasPrefix(
                "The notes saved since the last build are as they were: site/ is up to date ("),
            "\(touched.summary(site: "site"))")
        try shelf.writeNote("Which book?", slug: "kindered")
        let orphan = try shelf.build(settings: FixtureShelf.settings)
        #expect(orphan.summary(site: "site").hasPrefix("No page shows the notes that changed: site/ is up to date ("))
    }

    /// `Dune.md`, its name's case aside a book's note, was told to be renamed "to a book's slug"
    /// without the name, where `Dune.MD` was told it (found by an exploratory session). Every
    /// build, up to date or not, names it.
    @Test func aNoteNamedForItsBookInAnotherCaseIsToldItsName() throws {
        let shelf = try FixtureShelf.make()
        try FileManager.default.createDirectory(at: shelf.paths.notes, withIntermediateDirectories: true)
        try Data("Mine.\n".utf8).write(to: shelf.paths.notes.appendingPathComponent("Kindred.md"))
        try shelf.writeNote("Which book?", slug: "kindered")
        for build in ["first", "up to date"] {
            let report = try shelf.build(settings: FixtureShelf.settings)
            #expect(
                report.everyWarning.contains {
                    $0.hasSuffix(
                        "Kindred.md belongs to no book on the shelf: a note is named for its book's slug, as kindred.md"
                    )
                }, "\(build): \(report.everyWarning)")
            #expect(
                report.everyWarning.contains {
                    $0.hasSuffix(
                        "kindered.md belongs to no book on the shelf: rename it to a book's slug or move it away")
                }, "\(build): \(report.everyWarning)")
        }
    }

    /// An image beside the notes, linked from one as `![](cover.png)`, was neither published nor
    /// said, and the note's image broke (found by an exploratory session). Every build names it
    /// with where a note's images go, as it does an image among the reader's pages.
    @Test func anImageAmongTheNotesIsSaidWithWhereANotesImagesGo() throws {
        let shelf = try FixtureShelf.make()
        try shelf.writeNote("My copy: ![my copy](cover.png)\n", slug: "kindred")
        let attachments = shelf.paths.notes.appendingPathComponent("attachments")
        try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
        for image in [
            shelf.paths.notes.appendingPathComponent("cover.png"), attachments.appendingPathComponent("map.JPG"),
        ] {
            try Data([0x89, 0x50, 0x4E, 0x47]).write(to: image)
        }
        try Data("a list\n".utf8).write(to: shelf.paths.notes.appendingPathComponent("todo.txt"))
        for build in ["first", "up to date"] {
            let said = try shelf.build(settings: FixtureShelf.settings).everyWarning.filter {
                $0.contains("is not published: ")
                    && $0.hasSuffix(
                        " holds notes (Markdown files); keep a note's images in a folder of yours at the top of the "
                            + "site (site/images/, linked from a note as ../../images/)")
            }
            #expect(said.count == 2, "\(build): \(said)")
            #expect(said.contains { $0.contains("notes/attachments/map.JPG is not published") }, "\(build)")
            #expect(said.contains { $0.contains("notes/cover.png is not published") }, "\(build)")
        }
    }

    /// A sync client's conflict copy of a note was told it belonged to no book and to be renamed
    /// to a book's slug, which could overwrite the note it copies (found by an exploratory
    /// session): it is named for what it is, at every build, and never offered a new name.
    @Test func aNotesSyncConflictCopyIsNamedForWhatItIs() throws {
        let shelf = try FixtureShelf.make()
        try shelf.writeNote("Mine.\n", slug: "kindred")
        let copies = [
            "kindred 2.md", "kindred (Reader's conflicted copy 2026-11-27).md",
            "kindred.sync-conflict-20261127-101112-ABCDEFG.md", "kindred-DESKTOP-1.md",
        ]
        for name in copies {
            try Data("Theirs.\n".utf8).write(to: shelf.paths.notes.appendingPathComponent(name))
        }
        for _ in 0..<2 {
            let report = try shelf.build(settings: FixtureShelf.settings)
            #expect(report.orphanNotes.isEmpty, "\(report.orphanNotes)")
            #expect(!report.everyWarning.contains { $0.contains("rename") }, "\(report.everyWarning)")
            for name in copies {
                #expect(
                    report.everyWarning.contains(
                        "\(shelf.paths.notes.appendingPathComponent(name).relativePathForDisplay) is left out: it looks "
                            + "like a sync conflict copy of kindred.md: merge it into kindred.md by hand, then remove it"
                    ),
                    "\(name)")
            }
        }
        #expect(try shelf.siteFile("books/kindred/index.html").contains("Mine."))
    }

    /// A note git could not merge was published with both texts and git's marks on the page
    /// (found by an exploratory session): the build stops, naming the note and the line, and the
    /// site stays as it was.
    @Test func aNoteWithAMergeConflictStopsTheBuild() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let before = try TemporaryShelf.snapshot(of: shelf.paths.site)
        try shelf.writeNote(
            "Mine.\n<<<<<<< HEAD\nWritten here.\n=======\nWritten there.\n>>>>>>> abc123\n", slug: "kindred")
        let note = shelf.paths.notes.appendingPathComponent("kindred.md").relativePathForDisplay
        #expect {
            try shelf.build(settings: FixtureShelf.settings)
        } throws: { error in
            "\(error)".contains(
                "\(note) holds a merge conflict git left unresolved (its marks <<<<<<<, ======= and "
                    + ">>>>>>> from line 2)")
        }
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == before)
        // A heading underlined with = signs is no conflict.
        try shelf.writeNote("Mine\n=======\n\nText.\n", slug: "kindred")
        try shelf.build(settings: FixtureShelf.settings)
        #expect(MergeConflict.markerLine(in: "a\r\n<<<<<<< HEAD\r\nb\r\n=======\r\nc\r\n>>>>>>> x\r\n") == 2)
    }

    /// iCloud Drive evicts a file to a hidden placeholder (`.kindred.md.icloud`): the build made
    /// the site as if the note, template, page or cover were gone, and an export left the note
    /// out (found by an exploratory session). Both stop, naming each file, and the site stays.
    @Test func filesICloudEvictedStopTheBuildAndTheExport() throws {
        let shelf = try FixtureShelf.make()
        try shelf.writeNote("Mine.\n", slug: "kindred")
        try shelf.build(settings: FixtureShelf.settings)
        let before = try TemporaryShelf.snapshot(of: shelf.paths.site)
        let evicted = [
            shelf.paths.notes.appendingPathComponent("kindred.md"),
            shelf.paths.templates.appendingPathComponent("partials/footer.mustache"),
        ]
        for url in evicted {
            try FileManager.default.removeItem(at: url)
            try Data("bplist00".utf8).write(
                to: url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).icloud"))
        }
        #expect {
            try shelf.build(settings: FixtureShelf.settings)
        } throws: { error in
            "\(error)".contains(
                "\(evicted[0].relativePathForDisplay), \(evicted[1].relativePathForDisplay) are in iCloud and not "
                    + "downloaded")
        }
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == before)
        #expect(throws: NoteError.evicted(path: evicted[0].relativePathForDisplay)) {
            try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes)).json()
        }
        // A placeholder beside its file is iCloud's leftover, and changes nothing.
        try shelf.writeNote("Mine.\n", slug: "kindred")
        try FileManager.default.removeItem(
            at: shelf.paths.templates.appendingPathComponent("partials/.footer.mustache.icloud"))
        try shelf.build(settings: FixtureShelf.settings)
    }

    @Test func aBuildNamesEveryNoteThatIsNoUTF8() throws {
        let shelf = try FixtureShelf.make()
        for slug in ["kindred", "fledgling"] {
            try Data([0x63, 0x61, 0x66, 0xE9]).write(to: shelf.paths.notes.appendingPathComponent("\(slug).md"))
        }
        #expect {
            try shelf.build(settings: FixtureShelf.settings)
        } throws: { error in
            let said = "\(error)"
            return said.contains("fledgling.md and ") && said.contains("kindred.md are not UTF-8 text")
        }
    }

    /// A folder or a named pipe where a note goes stopped an export at "cannot be read: check that
    /// it exists", where a backup never stops at a note and a build passes it over with a warning
    /// (found by a review): the export says so, and goes on without it (a pipe is never opened).
    @Test func aFolderOrAPipeWhereANoteGoesIsPassedOverByABackup() throws {
        let folder = try TestPaths.temporaryFolder("notes")
        let store = NoteStore(folder: folder)
        try FileManager.default.createDirectory(at: store.url(forSlug: "dune"), withIntermediateDirectories: false)
        #expect(mkfifo(store.url(forSlug: "emma").path, 0o600) == 0)
        for (slug, kind) in [("dune", "a folder"), ("emma", "a named pipe")] {
            let said = Mutex<[String]>([])
            #expect(try store.noteForBackup(forSlug: slug, warn: { line in said.withLock { $0.append(line) } }) == nil)
            #expect(
                said.withLock { $0 } == [
                    "\(store.url(forSlug: slug).relativePathForDisplay) is \(kind), not a note, and is not exported: "
                        + "put the note's Markdown file there in its place"
                ])
        }
    }

    /// One note saved as Latin-1 stopped every export (the backup) and `show`, and a build named
    /// one such note at a time. Found by an exploratory session. A backup reads it as
    /// Windows-1252 and says so; a build names every such note at once.
    @Test func aNoteThatIsNoUTF8IsBackedUpAndEveryOneIsNamed() throws {
        let folder = try TestPaths.temporaryFolder("notes")
        let store = NoteStore(folder: folder)
        try Data([0x63, 0x61, 0x66, 0xE9, 0x20, 0x93, 0x71, 0x94]).write(to: store.url(forSlug: "latin1"))
        try Data([0x6E, 0x61, 0xEF, 0x76, 0x65]).write(to: store.url(forSlug: "naive"))
        try Data("fine".utf8).write(to: store.url(forSlug: "fine"))
        let said = Mutex<[String]>([])
        #expect(
            try store.noteForBackup(forSlug: "latin1", warn: { message in said.withLock { $0.append(message) } })
                == "café \u{201C}q\u{201D}")
        #expect(try store.noteForBackup(forSlug: "fine", warn: { _ in Issue.record("warned of UTF-8") }) == "fine")
        #expect(
            said.withLock { $0 } == [
                "\(store.url(forSlug: "latin1").path) is not UTF-8 text: exported as read in Windows-1252 (Latin-1); save it as UTF-8"
            ])
        #expect(try store.notesNotUTF8() == [store.url(forSlug: "latin1").path, store.url(forSlug: "naive").path])
        // A broken UTF-16 note is one of them; a folder where a note goes (a warning of its own)
        // stopped the list, and a build named one note (found by a review).
        try Data([0xFF, 0xFE, 0x68, 0x00, 0x69]).write(to: store.url(forSlug: "broken"))
        try FileManager.default.createDirectory(at: store.url(forSlug: "afolder"), withIntermediateDirectories: false)
        #expect(
            try store.notesNotUTF8() == ["broken", "latin1", "naive"].map { store.url(forSlug: $0).path })
        #expect(
            "\(NoteError.severalNotUTF8(paths: ["a.md", "b.md", "c.md"]))"
                == "a.md, b.md and c.md are not UTF-8 text: save them as UTF-8 in your editor and try again")
    }

    /// Out of file descriptors (`ulimit -n`), a build said of a note that it "cannot be read:
    /// check that it exists and that you may read it" (found by an exploratory session): what
    /// is neither a missing file nor a permission is said in the system's words. A name longer
    /// than the file system allows fails the same way, every time.
    @Test func aNoteThatCannotBeReadForAnotherReasonSaysIt() throws {
        let folder = try TestPaths.temporaryFolder("notes")
        let path = folder.appendingPathComponent(String(repeating: "n", count: 300) + ".md").path
        #expect(throws: NoteError.failedToRead(path: path, reason: "File name too long")) {
            try NoteStore.readNote(atPath: path)
        }
        #expect(
            NoteError.failedToRead(path: "content/notes/iron-mirror.md", reason: "Too many open files").description
                == "content/notes/iron-mirror.md could not be read: Too many open files")
    }

    /// A note is read with plain system calls: whole, whatever its size; never through a link;
    /// and a pipe where a note goes is refused at once, not waited on for ever.
    @Test func readsAWholeRegularFileOnly() throws {
        let folder = try TestPaths.temporaryFolder("notes")
        let store = NoteStore(folder: folder)
        let long = String(repeating: "Une note longue, à lire en entier. ", count: 20_000)
        try Data(long.utf8).write(to: store.url(forSlug: "long"))
        #expect(try store.note(forSlug: "long") == long)
        try Data().write(to: store.url(forSlug: "empty"))
        #expect(try store.note(forSlug: "empty") == "")
        try FileManager.default.createSymbolicLink(
            at: store.url(forSlug: "linked"), withDestinationURL: store.url(forSlug: "long"))
        #expect(throws: NoteError.linked(path: store.url(forSlug: "linked").path)) {
            try store.note(forSlug: "linked")
        }
        #expect(mkfifo(store.url(forSlug: "pipe").path, 0o644) == 0)
        #expect(throws: NoteError.unreadable(path: store.url(forSlug: "pipe").path)) {
            try store.note(forSlug: "pipe")
        }
        try FileManager.default.createDirectory(at: store.url(forSlug: "folder"), withIntermediateDirectories: true)
        #expect(throws: NoteError.unreadable(path: store.url(forSlug: "folder").path)) {
            try NoteStore.readNote(atPath: store.path(forSlug: "folder"))
        }
        // A note a build listed and `remove` set aside before it was read: said as gone, not as
        // one to check the permissions of (found by an exploratory session).
        let gone = store.path(forSlug: "set-aside")
        #expect {
            try NoteStore.readNote(atPath: gone)
        } throws: { error in
            (error as? NoteError) == .gone(path: gone)
                && "\(error)"
                    == "\(gone) was moved or removed as it was about to be read (by another command?): try again"
        }
    }

    @Test func manyNotesAreWrittenWholeWithNoWorkingFileLeft() throws {
        let folder = try TestPaths.temporaryFolder("notes")
        let store = NoteStore(folder: folder)
        try store.writeNote("old\n", forSlug: "note-0")
        let notes = (0..<300).map {
            (slug: "note-\($0)", markdown: "Note \($0): \(String(repeating: "é", count: $0))\n")
        }
        try store.writeNotes(notes)
        for note in notes { #expect(try store.note(forSlug: note.slug) == note.markdown) }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 300 && names.allSatisfy { $0.hasSuffix(".md") && !$0.hasPrefix(".") })
        // A folder that cannot be written to is one clear error, and nothing is left behind.
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path) }
        if access(locked.path, W_OK) != 0 {
            #expect(throws: NoteError.unwritable(path: locked.path, code: EACCES)) {
                try NoteStore(folder: locked).writeNotes(notes)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path).isEmpty)
        }
    }

    @Test func listsOnlyMarkdownFilesAndSetsRemovedNotesAside() throws {
        let folder = try TestPaths.temporaryFolder("notes")
        let store = NoteStore(folder: folder)
        for name in ["b.md", "a.md", ".hidden.md", "readme.txt"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        #expect(try store.noteFiles().map(\.slug) == ["a", "b"])
        let kept = try SetAside.move(store.url(forSlug: "a"), into: folder, named: "a", at: TemporaryShelf.fixedDate)
        #expect(try String(contentsOf: kept, encoding: .utf8) == "x")
        #expect(try store.noteFiles().map(\.slug) == ["b"])
    }
}

@Suite struct NoteSessionTests {
    func session(_ shelf: TemporaryShelf, editor: EditorLauncher) -> NoteSession {
        NoteSession(store: NoteStore(folder: shelf.paths.notes), editor: editor)
    }

    @Test func createsTheNoteAndRunsTheEditor() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune"))
        let editor = EditorLauncher { url in
            #expect(FileManager.default.fileExists(atPath: url.path))
            try Data("Fear is the *mind-killer*.\n".utf8).write(to: url)
        }
        let outcome = try session(shelf, editor: editor).edit(slug: "dune")
        #expect(outcome == .saved(shelf.paths.notes.appendingPathComponent("dune.md")))
        #expect(
            try NoteStore(folder: shelf.paths.notes).note(forSlug: "dune") == "Fear is the *mind-killer*.\n")
    }

    @Test func aNewNoteLeftEmptyIsNotKept() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune"))
        let outcome = try session(shelf, editor: EditorLauncher { _ in }).edit(slug: "dune")
        #expect(outcome == .leftEmpty)
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.notes.appendingPathComponent("dune.md").path))
    }

    /// A note the reader emptied was answered "Saved the note". Found by an exploratory session.
    @Test func aNoteEmptiedIsSaidToBeEmpty() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune"))
        try shelf.writeNote("Fear.\n", slug: "dune")
        let outcome = try session(shelf, editor: EditorLauncher { url in try Data("\n\n".utf8).write(to: url) })
            .edit(slug: "dune")
        #expect(outcome == .emptied(shelf.paths.notes.appendingPathComponent("dune.md")))
    }

    /// An editor that deleted the note it was given was answered "moved or removed as it was
    /// about to be read (by another command?): try again" (found by an exploratory session): the
    /// note is said to be removed while it was open, and whether the book had one.
    @Test func aNoteRemovedWhileInTheEditorIsSaidToBeRemoved() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune"))
        let removing = EditorLauncher { url in try FileManager.default.removeItem(at: url) }
        let url = shelf.paths.notes.appendingPathComponent("dune.md")
        #expect(try session(shelf, editor: removing).edit(slug: "dune") == .removed(url, existed: false))
        try shelf.writeNote("Fear.\n", slug: "dune")
        #expect(try session(shelf, editor: removing).edit(slug: "dune") == .removed(url, existed: true))
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    /// A note that is a link (here to a file outside the shelf) is refused before the editor
    /// opens anything: the editor was run on the link's target, and `note` refused it after.
    @Test func aLinkedNoteIsRefusedBeforeTheEditorOpens() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune"))
        let outside = try TestPaths.temporaryFolder("outside").appendingPathComponent("system-file")
        try Data("not a note\n".utf8).write(to: outside)
        let note = shelf.paths.notes.appendingPathComponent("dune.md")
        try FileManager.default.createDirectory(at: shelf.paths.notes, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: note, withDestinationURL: outside)
        let editor = EditorLauncher { url in
            Issue.record("the editor opened \(url.path)")
            try Data("appended\n".utf8).write(to: url)
        }
        #expect(throws: NoteError.linked(path: note.path)) { try session(shelf, editor: editor).edit(slug: "dune") }
        #expect(try String(contentsOf: outside, encoding: .utf8) == "not a note\n")
    }

    @Test func noEditorIsAClearErrorAndLeavesNoEmptyFile() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune"))
        let note = shelf.paths.notes.appendingPathComponent("dune.md")
        #expect(throws: NoteError.noEditor(path: note.path)) {
            try session(shelf, editor: .system(environment: [:])).edit(slug: "dune")
        }
        #expect(!FileManager.default.fileExists(atPath: note.path))
    }

    @Test func aNoteSavedAsLatin1IsRefusedAndKept() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune"))
        let editor = EditorLauncher { url in try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: url) }
        let note = shelf.paths.notes.appendingPathComponent("dune.md")
        #expect(throws: NoteError.notUTF8(path: note.path)) { try session(shelf, editor: editor).edit(slug: "dune") }
        #expect(try Data(contentsOf: note) == Data([0x63, 0x61, 0x66, 0xE9, 0x0A]))
    }

    @Test func theSystemEditorRunsThroughTheShellAndReportsFailure() throws {
        let folder = try TestPaths.temporaryFolder("editor")
        let file = folder.appendingPathComponent("note.md")
        try Data().write(to: file)
        try EditorLauncher.system(environment: ["EDITOR": "printf 'hello' >"]).edit(file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "hello")
        #expect(throws: NoteError.editorFailed(editor: "false", status: 1)) {
            try EditorLauncher.system(environment: ["VISUAL": "false", "EDITOR": "true"]).edit(file)
        }
    }
}
