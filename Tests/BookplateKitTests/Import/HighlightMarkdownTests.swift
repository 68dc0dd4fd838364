import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// The Markdown export of highlights: a file per book for a note-taking app, whose passages render
/// as the text they are and whose front matter holds any title.
@Suite struct HighlightMarkdownTests {
    @Test func aBookFileHasFrontMatterEachPassageItsPlaceAndItsNote() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(title: "Emma", authors: ["Jane Austen"], isbn: try ISBN("9780141439587")))
        try shelf.library.addHighlight(
            NewHighlight(
                text: "Badly done, Emma!\nBadly done.", note: "Box *Hill*.",
                place: HighlightPlace(page: "368", location: "5610-5612"),
                madeAt: Date(timeIntervalSince1970: 1_740_902_400), source: .kindle),
            toBook: "emma")
        let hidden = try shelf.library.addHighlight(
            NewHighlight(text: "A private passage", place: HighlightPlace(chapter: "Volume III"), source: .reader),
            toBook: "emma"
        ).highlight
        try shelf.library.editHighlight(hidden.id, published: false)
        try shelf.library.addBook(NewBook(title: "Persuasion", authors: ["Jane Austen"]))

        let files = try LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
            .highlightsMarkdown()
        #expect(files.map(\.slug) == ["emma"])
        #expect(files.map(\.highlights) == [2])
        // The passage keeps its lines, each ended by a hard line break; its id is the folded text's.
        // A passage typed is dated by the reader's clock when it was typed.
        let shown = Highlight.id(slug: "emma", text: "Badly done, Emma! Badly done.")
        #expect(
            files[0].markdown == """
                ---
                title: "Emma"
                authors:
                  - "Jane Austen"
                isbn: "9780141439587"
                bookplate: "emma"
                highlights: 2
                ---

                # Emma

                Jane Austen

                > Badly done, Emma\\!\\
                > Badly done.

                — p. 368 · loc. 5610-5612 · 2025-03-02 ^h-\(shown)

                Box *Hill*.

                > A private passage

                — Volume III · 2026-01-01 · not published ^h-\(hidden.id)

                """)
    }

    /// Passages are text: whatever they hold, cmark renders the quote as that text, no more.
    @Test(arguments: [
        "*not emphasis* and _neither_ and **this**",
        "<script>alert(1)</script> & &amp; <b>bold</b>",
        "[a link](javascript:alert(1)) and ![an image](x.png)",
        "# not a heading",
        "- not a list",
        "+ nor this",
        "12. not an ordered list",
        "3) nor this",
        "=== not an underline",
        "| a | table |",
        "~~struck~~ `code` $x^2$ back\\slash",
        "    four spaces are not code",
        "a title ending in #", "==marked== and %%hidden%% and #tag",
    ])
    func aPassageRendersAsTheTextItIs(_ text: String) throws {
        let markdown = "> " + HighlightMarkdown.escaped(text)
        let html = CMark.html(markdown, options: 0)
        let expected = MarkupEscaping.html(text.trimmingCharacters(in: .whitespaces))
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
        #expect(html == "<blockquote>\n<p>\(expected)</p>\n</blockquote>\n", "\(markdown)")
    }

    /// A title that ends in "#" keeps it in the heading; escape codes never reach the file.
    @Test func headingsKeepTheirTextAndControlCharactersAreLeftOut() {
        #expect(
            CMark.html("# " + HighlightMarkdown.inline("We Are Number #"), options: 0) == "<h1>We Are Number #</h1>\n")
        #expect(HighlightMarkdown.inline("red\u{1B}[31m text\u{7}\u{9B}") == "red\\[31m text")
    }

    @Test func frontMatterHoldsAnyTitle() {
        #expect(HighlightMarkdown.yamlString(#"A "quoted" \ title"#) == #""A \"quoted\" \\ title""#)
        #expect(HighlightMarkdown.yamlString("two\nlines\u{2028}and\u{7}") == #""two\u000Alines\u2028and\u0007""#)
        #expect(HighlightMarkdown.yamlString("Größe — 三体") == "\"Größe — 三体\"")
    }

    /// The command writes a file per book into the folder, keeps what else is there, and refuses a
    /// file or a missing --output with one line.
    @Test func theCommandWritesIntoAFolderAndTouchesNothingElse() async throws {
        let root = try TestPaths.newShelf("markdown-export")
        let bookplate = CommandRunner(folder: root)
        try await bookplate.expecting(
            0, ["add", "--title", "Emma", "--author", "Jane Austen"], sourceLocation: #_sourceLocation)
        try await bookplate.expecting(
            0, ["quote", "add", "emma", "Badly done, Emma!", "--page", "368"], sourceLocation: #_sourceLocation)
        let vault = root.appendingPathComponent("vault")
        try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: vault.appendingPathComponent("my-own-note.md"))

        let written = try await bookplate.expecting(
            0, ["export", "--format", "markdown", "--output", "vault"], sourceLocation: #_sourceLocation)
        #expect(written.stdout == "Wrote 1 file of 1 highlight to vault\n")
        #expect(
            try String(contentsOf: vault.appendingPathComponent("emma.md"), encoding: .utf8).contains(
                "> Badly done, Emma\\!"))
        #expect(try String(contentsOf: vault.appendingPathComponent("my-own-note.md"), encoding: .utf8) == "mine\n")

        // Again: its own file is replaced; a file of a book's name it did not write is kept.
        try await bookplate.expecting(
            0, ["add", "--title", "Persuasion", "--author", "Jane Austen"], sourceLocation: #_sourceLocation)
        try await bookplate.expecting(
            0, ["quote", "add", "persuasion", "Anne Elliot", "--page", "1"], sourceLocation: #_sourceLocation)
        try Data("my own persuasion notes\n".utf8).write(to: vault.appendingPathComponent("persuasion.md"))
        let again = try await bookplate.expecting(
            0, ["export", "--format", "markdown", "--output", "vault"], sourceLocation: #_sourceLocation)
        #expect(again.stdout == "Wrote 1 file of 1 highlight to vault\n")
        #expect(again.stderr == "warning: vault/persuasion.md is not a file this export wrote: left as it is\n")
        #expect(
            try String(contentsOf: vault.appendingPathComponent("persuasion.md"), encoding: .utf8)
                == "my own persuasion notes\n")

        // The shelf's notes are <slug>.md too: the export never writes among them.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("content/notes"), withIntermediateDirectories: true)
        try Data("My note.\n".utf8).write(to: root.appendingPathComponent("content/notes/emma.md"))
        for folder in ["content/notes", "content", "site", "templates/x"] {
            let refused = try await bookplate.expecting(
                1, ["export", "--format", "markdown", "--output", folder], sourceLocation: #_sourceLocation)
            #expect(refused.stderr.hasPrefix("Error: \(folder) is the shelf's own"), "\(folder)")
        }
        #expect(
            try String(contentsOf: root.appendingPathComponent("content/notes/emma.md"), encoding: .utf8)
                .contains("My note."))

        let missing = try await bookplate.expecting(
            64, ["export", "--format", "markdown"], sourceLocation: #_sourceLocation)
        #expect(
            missing.stderr.hasPrefix("Error: --format markdown writes a file per book: name a folder with --output"))
        // A misspelt --output is named as such (it was answered as if no folder had been given).
        let misspelt = try await bookplate.expecting(
            64, ["export", "--format", "markdown", "--ouput", "vault"], sourceLocation: #_sourceLocation)
        #expect(misspelt.stderr.hasPrefix("Error: Unknown option '--ouput'"), "\(misspelt.stderr)")
        let file = try await bookplate.expecting(
            1, ["export", "--format", "markdown", "--output", "vault/emma.md"], sourceLocation: #_sourceLocation)
        #expect(
            file.stderr == "Error: vault/emma.md is a file: a Markdown export writes a file per book into a folder\n")
    }
}
