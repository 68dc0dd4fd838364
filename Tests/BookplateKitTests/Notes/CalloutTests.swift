import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateLibrary

/// Obsidian's callouts (GitHub's alerts): a block quote whose first line is a type in brackets.
/// Read as CommonMark, `> [!tip] Before you start` was a quotation that began "[!tip] Before you
/// start", brackets and all.
@Suite struct CalloutTests {
    func render(_ markdown: String) -> String {
        NoteRenderer().render(markdown, links: { $0 == "Dune" ? "../dune/" : nil }).html
    }

    @Test func aCalloutIsABoxWithItsTitle() {
        #expect(
            render("> [!tip] Before *you* start\n> Read [[Dune|the first]].\n>\n> - one\n")
                == """
                <div class="callout" data-callout="tip">
                <p class="callout-title">Before <em>you</em> start</p>
                <p>Read <a href="../dune/">the first</a>.</p>
                <ul>
                <li>one</li>
                </ul>
                </div>

                """)
        // No title: the type, as Obsidian shows it; GitHub's alerts are written in capitals.
        #expect(
            render("> [!NOTE]\n> GitHub's alert.")
                == "<div class=\"callout\" data-callout=\"note\">\n<p class=\"callout-title\">Note</p>\n"
                + "<p>GitHub’s alert.</p>\n</div>\n")
        // A title alone.
        #expect(
            render("> [!warning] Spoilers below")
                == "<div class=\"callout\" data-callout=\"warning\">\n<p class=\"callout-title\">Spoilers below</p>\n</div>\n"
        )
    }

    /// One Obsidian folds is a `<details>`, folded (`-`) or open (`+`): it folds without a script.
    @Test func aCalloutThatFoldsIsDetails() {
        #expect(
            render("> [!faq]- The **ending**\n> She lives.")
                == "<details class=\"callout\" data-callout=\"faq\">\n<summary class=\"callout-title\">The "
                + "<strong>ending</strong></summary>\n<p>She lives.</p>\n</details>\n")
        #expect(
            render("> [!quote]+\n> Open.")
                == "<details class=\"callout\" data-callout=\"quote\" open>\n<summary class=\"callout-title\">Quote"
                + "</summary>\n<p>Open.</p>\n</details>\n")
    }

    @Test func calloutsNest() {
        #expect(
            render("> [!tip]\n> > [!info] Inner\n> > text")
                == "<div class=\"callout\" data-callout=\"tip\">\n<p class=\"callout-title\">Tip</p>\n"
                + "<div class=\"callout\" data-callout=\"info\">\n<p class=\"callout-title\">Inner</p>\n"
                + "<p>text</p>\n</div>\n</div>\n")
    }

    /// Anything else is the quotation it was: a type with a space, a marker not at the start,
    /// one in code, one not closed, one not in a quote.
    @Test func whatIsNoCalloutStaysAQuotation() {
        for text in ["> [!no te] x", "> Plain [!tip] quote.", "> `[!tip]` code", "> [!tip x", "> [!] x", "> [!tip]x"] {
            let html = render(text)
            #expect(html.hasPrefix("<blockquote>") && !html.contains("callout"), "\(text): \(html)")
        }
        #expect(render("[!tip] Not quoted") == "<p>[!tip] Not quoted</p>\n")
    }

    /// The title is the note's text like any other: its raw HTML is left out where the note is
    /// rendered safely, and its control characters go.
    @Test func aTitleIsSafeText() {
        let html = render("> [!x]<script>alert(1)</script> \u{1B}[31mred\n> body")
        #expect(!html.contains("<script") && !html.contains("\u{1B}"), "\(html)")
        #expect(html.hasPrefix("<div class=\"callout\" data-callout=\"x\">\n<p class=\"callout-title\">"))
        // The type goes into an attribute: only letters, digits, `-` and `_` make one.
        #expect(!render("> [!a\"b] x").contains("callout"))
    }

    /// In a highlight's note and on a page of the reader's too; a heading inside a callout keeps
    /// its anchor.
    @Test func calloutsAreEverywhereNotesAre() {
        let page = NoteRenderer().render(
            "> [!abstract] Summary\n> # Part one\n> text", topHeading: 2, anchorsHeadings: true)
        #expect(page.html.contains("<div class=\"callout\" data-callout=\"abstract\">"))
        #expect(page.html.contains("<h2 id=\"n-part-one\">Part one</h2>"), "\(page.html)")
    }
}
