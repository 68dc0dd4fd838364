import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateSite

/// Obsidian's links by name (`[[Dune]]`, `[[dune|the book]]`) in notes, highlights' notes and
/// the reader's pages. Read as CommonMark they were text, brackets and all: a reader who keeps
/// notes in Obsidian published "[[Children of Dune]]" where Obsidian showed a link.
@Suite struct WikiLinkTests {
    /// Renders `markdown` as a note whose links by name lead to `books/<name>/` for the names
    /// `known` holds.
    func render(_ markdown: String, known: Set<String> = ["dune"]) -> String {
        NoteRenderer().render(markdown, links: { known.contains($0) ? "../../books/\($0)/index.html" : nil }).html
    }

    @Test func aLinkByNameIsALinkOrItsWords() {
        #expect(render("See [[dune]].") == "<p>See <a href=\"../../books/dune/index.html\">dune</a>.</p>\n")
        #expect(
            render("[[notes/dune.md|the *first* <b>one</b>]]")
                == "<p><a href=\"../../books/dune/index.html\">the *first* &lt;b&gt;one&lt;/b&gt;</a></p>\n")
        #expect(
            render("[[dune#Part One]]")
                == "<p><a href=\"../../books/dune/index.html#n-part-one\">dune &gt; Part One</a></p>\n")
        // A name that is nothing on the site is its words, as Obsidian Publish shows it.
        #expect(render("[[Nowhere|elsewhere]] and [[Nowhere]]") == "<p>elsewhere and Nowhere</p>\n")
    }

    /// What is code, escaped or no link at all stays as written.
    @Test func codeAndEscapesAreLeftAsWritten() {
        #expect(render("`[[dune]]`") == "<p><code>[[dune]]</code></p>\n")
        #expect(render("```\n[[dune]]\n```\n") == "<pre tabindex=\"0\"><code>[[dune]]\n</code></pre>\n")
        #expect(render("    [[dune]]\n") == "<pre tabindex=\"0\"><code>[[dune]]\n</code></pre>\n")
        #expect(render("\\[[dune]]") == "<p>[[dune]]</p>\n")
        #expect(render("[[ ]] and [[dune") == "<p>[[ ]] and [[dune</p>\n")
        // On one line: a paragraph's next line is no part of it.
        #expect(render("[[du\nne]] [[dune]]") == "<p>[[du\nne]] <a href=\"../../books/dune/index.html\">dune</a></p>\n")
        // The inner one of two opened on a line.
        #expect(render("[[a [[dune]]") == "<p>[[a <a href=\"../../books/dune/index.html\">dune</a></p>\n")
        // In a comment it is no more published than the rest of the comment.
        #expect(render("Seen %%[[dune]]%%") == "<p>Seen</p>\n")
    }

    /// Obsidian's embed of an image (`![[map.png]]`) was published as written, brackets and all:
    /// it is the image of that file name in the reader's own `images/` folder at the site's top,
    /// described by the words after `|` or by its name (Obsidian's `|300` is a size, which
    /// CommonMark has no place for). An escaped `!` and code stay as they were.
    @Test func anEmbeddedImageIsTheReadersImage() {
        #expect(render("![[map.png]]") == "<p><img src=\"../../images/map.png\" alt=\"map\" /></p>\n")
        #expect(
            render("![[attachments/My Map.JPG|The *desert*]] ![[map.webp|300]] ![[map.gif|300x200]]")
                == "<p><img src=\"../../images/My%20Map.JPG\" alt=\"The *desert*\" /> "
                + "<img src=\"../../images/map.webp\" alt=\"map\" /> <img src=\"../../images/map.gif\" alt=\"map\" /></p>\n"
        )
        // Its folders are the reader's vault's: only the file's name is kept, so none leads out.
        #expect(render("![[../../etc/x.svg]]") == "<p><img src=\"../../images/x.svg\" alt=\"x\" /></p>\n")
        #expect(
            render("![[a?b%c.png|\"><script>]]").contains(
                "src=\"../../images/a%3Fb%25c.png\" alt=\"&quot;&gt;&lt;script&gt;\""))
        #expect(render("`![[map.png]]` \\![[map.png]]") == "<p><code>![[map.png]]</code> !map.png</p>\n")
        #expect(render("Seen %%![[map.png]]%%") == "<p>Seen</p>\n")
        // A highlight's note, shown on other pages than its book's, leads to the same image.
        let elsewhere = NoteRenderer().render(
            "![[map.png]]", links: { _ in nil },
            addresses: Highlight.noteAddresses(ofBook: "dune", root: "../")
        ).html
        #expect(elsewhere == "<p><img src=\"../images/map.png\" alt=\"map\" /></p>\n", "\(elsewhere)")
    }

    /// An embed of a note (`![[Dune]]`) was published as written, `!`, brackets and all: no page
    /// can be put inside another, so it is a link to the page, as `[[Dune]]` is, and its words
    /// where it leads nowhere (an embed of a PDF, a sound, a note not on the shelf).
    @Test func anEmbeddedNoteIsALinkToIt() {
        #expect(render("![[dune]]") == "<p><a href=\"../../books/dune/index.html\">dune</a></p>\n")
        #expect(
            render("Read ![[notes/dune.md#Part one|the start]].")
                == "<p>Read <a href=\"../../books/dune/index.html#n-part-one\">the start</a>.</p>\n")
        #expect(render("![[paper.pdf]] ![[talk.mp3|the talk]] ![[Nowhere]]") == "<p>paper.pdf the talk Nowhere</p>\n")
        // A heading of the same note, on the note's own page.
        let ownPage = NoteRenderer().render("# Part one\n\n![[#Part one]]", links: { _ in nil }, anchorsHeadings: true)
        #expect(ownPage.html.contains("<a href=\"#n-part-one\">Part one</a>"), "\(ownPage.html)")
        // An escaped `!` is text before a link; in code and comments an embed is as written.
        #expect(render("\\![[dune]]") == "<p>!<a href=\"../../books/dune/index.html\">dune</a></p>\n")
        #expect(render("`![[dune]]` %%![[dune]]%%") == "<p><code>![[dune]]</code></p>\n")
    }

    /// A name from a note can hold anything: its words are text, and the address is the site's.
    @Test func aLinksWordsAreTextWhateverTheyHold() {
        let html = render("[[dune|\"><script>alert(1)</script>]] [[x|javascript:alert(1)]] [[a|b|c]]")
        #expect(!html.contains("<script") && !html.contains("href=\"javascript"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;</a>"))
        #expect(html.contains(" javascript:alert(1) b|c</p>"))
    }

    /// A line of many `[[` that close nothing is read once, not once each.
    @Test func manyOpenedLinksOnALineAreReadOnce() {
        let line = String(repeating: "[[a ", count: 200_000) + "\n"
        let started = ContinuousClock.now
        let html = render(line)
        #expect(ContinuousClock.now - started < .seconds(10), "linear work takes well under a second")
        #expect(html.hasPrefix("<p>[[a [[a "))
    }

    /// A shelf whose notes, highlights' notes and pages link by name: each link leads to the book,
    /// author, series, shelf or page of that name, a name two books share to neither; and as the
    /// library changes, an incremental build makes the links a full build makes.
    @Test func linksLeadToTheShelfsPagesAndFollowItsChanges() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(
                title: "Dune", authors: ["Frank Herbert"], shelves: ["Desert Books"],
                series: [SeriesPlace(name: "Dune Chronicles")]))
        try shelf.library.addBook(NewBook(title: "Home", authors: ["Toni Morrison"]))
        try shelf.library.addBook(NewBook(title: "Home", authors: ["Marilynne Robinson"]))
        try shelf.library.addBook(NewBook(title: "Kindred", subtitle: "A Novel", authors: ["Octavia E. Butler"]))
        try shelf.writeNote(
            """
            [[kindred: a novel|Her best]], by [[Octavia E. Butler]]; [[dune chronicles]], [[Desert Books]],
            [[about]], [[home]], [[Homes]], [[Parable of the Sower]].

            """, slug: "dune")
        _ = try shelf.library.addHighlight(
            NewHighlight(text: "Fear is the mind-killer.", note: "As in [[Kindred]].", source: .reader),
            toBook: "dune")
        try ExtraPagesTests.writePage("# About\n\nMostly [[Dune]].\n", named: "about.md", in: shelf)
        try shelf.build()
        let book = try shelf.siteFile("books/dune/index.html")
        for (words, address) in [
            ("Her best", "../../books/kindred/index.html"),
            ("Octavia E. Butler", "../../authors/octavia-e-butler/index.html"),
            ("dune chronicles", "../../series/dune-chronicles/index.html"),
            ("Desert Books", "../../shelves/desert-books/index.html"),
            ("about", "../../pages/about/index.html"),
            // The page of the note named so (`home.md`), as Obsidian links it.
            ("home", "../../books/home/index.html"),
            ("Kindred", "../../books/kindred/index.html"),
        ] {
            #expect(book.contains("<a href=\"\(address)\">\(words)</a>"), "\(words)")
        }
        #expect(book.contains(", Homes, Parable of the Sower.</p>"))
        #expect(
            try shelf.siteFile("pages/about/index.html").contains(
                "Mostly <a href=\"../../books/dune/index.html\">Dune</a>."))
        #expect(
            try shelf.siteFile("highlights/index.html").contains("<a href=\"../books/kindred/index.html\">Kindred</a>"))

        // The library changes under the notes: a book added under a name they link, one renamed.
        try shelf.library.addBook(NewBook(title: "Parable of the Sower", authors: ["Octavia E. Butler"]))
        _ = try shelf.library.editBook(slug: "kindred", BookEdit(title: "Kindred Spirits"))
        try shelf.build()
        let rebuilt = try shelf.siteFile("books/dune/index.html")
        #expect(rebuilt.contains("<a href=\"../../books/parable-of-the-sower/index.html\">Parable of the Sower</a>"))
        #expect(!rebuilt.contains(">Her best</a>") && rebuilt.contains("Her best, by"))
        #expect(
            try TemporaryShelf.snapshot(of: shelf.paths.site)
                == (try IncrementalBuildTests().fullBuild(of: shelf, settings: SiteSettings())))
    }

    /// A build of notes alone, where a note comes to link by name, makes the links a full build
    /// makes: where a name leads is known only from the whole library, whose names it reads.
    /// It stays a build of those notes' pages (it was one of the whole site, which planned every
    /// page: 4.6 s of CPU at 50,000 books against 0.8 s), and the page it makes is the one a
    /// build of the whole site would plan, fingerprint and all.
    @Test func aNoteThatComesToLinkIsBuiltAsAFullBuildWould() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(title: "Dune", authors: ["Frank Herbert"], shelves: ["Desert"], series: [SeriesPlace(name: "Dune")])
        )
        try shelf.library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"]))
        try shelf.writeNote("Nothing yet.\n", slug: "dune")
        _ = try shelf.library.addHighlight(
            NewHighlight(text: "Fear is the mind-killer.", note: "Not yet.", source: .reader), toBook: "kindred")
        try shelf.build()
        try shelf.writeNote("Unlike [[Kindred]], [[Octavia E. Butler]], [[Desert]].\n", slug: "dune")
        let linking = try shelf.build()
        #expect(linking.kind == .notesOnly && linking.filesWritten == 1, "\(linking)")
        #expect(
            try shelf.siteFile("books/dune/index.html").contains(
                "Unlike <a href=\"../../books/kindred/index.html\">Kindred</a>, <a href=\"../../authors/octavia-e-butler/"
                    + "index.html\">Octavia E. Butler</a>, <a href=\"../../shelves/desert/index.html\">Desert</a>."))
        #expect(
            try TemporaryShelf.snapshot(of: shelf.paths.site)
                == (try IncrementalBuildTests().fullBuild(of: shelf, settings: SiteSettings())))
        // The page's fingerprint is the one a build of the whole site gives it.
        let page = "books/dune/index.html"
        let kept = try #require(try WikiLinkTests.state(of: shelf).files[page]?.fingerprint)
        #expect(try SiteBuilder(library: shelf.library, paths: shelf.paths).build(.full).kind != .notesOnly)
        #expect(try WikiLinkTests.state(of: shelf).files[page]?.fingerprint == kept)
        try shelf.writeNote("Nothing again.\n", slug: "dune")
        #expect(try shelf.build().kind == .notesOnly)
    }

    /// The state the last build of `shelf`'s site saved.
    static func state(of shelf: TemporaryShelf) throws -> BuildState {
        let store = BuildStateStore(folder: shelf.paths.stateFolder)
        guard case .state(let state) = store.load(site: shelf.paths.site.standardizedFileURL.path) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return state
    }

    /// A name that passes from an author to a series (the author's one book given to another
    /// author, and put in a series of that name) leads to the series after an incremental build
    /// too. The fingerprint of where names lead ran the names of every kind together, and the run
    /// was the same before and after: the page kept its link to an author page the build removed
    /// (found by a review).
    @Test func aNameThatPassesFromAnAuthorToASeriesIsFollowed() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Bar"]))
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Foo"]))
        try shelf.writeNote("See [[Foo]].\n", slug: "dune")
        try shelf.build()
        #expect(
            try shelf.siteFile("books/dune/index.html").contains(
                "See <a href=\"../../authors/foo/index.html\">Foo</a>."))
        _ = try shelf.library.editBook(slug: "emma", BookEdit(authors: ["Bar"], series: [SeriesPlace(name: "Foo")]))
        try shelf.build()
        #expect(
            try shelf.siteFile("books/dune/index.html").contains("See <a href=\"../../series/foo/index.html\">Foo</a>.")
        )
        #expect(
            try TemporaryShelf.snapshot(of: shelf.paths.site)
                == (try IncrementalBuildTests().fullBuild(of: shelf, settings: SiteSettings())))
    }

    /// Over random sequences of what changes where a name leads — books of the names linked
    /// added, removed and renamed, notes, highlights' notes and pages that link and stop linking
    /// — an incremental build after each step equals a full build. (``BuildInvariantTests`` tries
    /// links by name among everything else a reader does; here every step bears on them.)
    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func anIncrementalBuildFollowsWhereNamesLead(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let titles = ["Dune", "Emma", "Home", "Kindred"]
        let authors = ["Frank Herbert", "Jane Austen", "Toni Morrison"]
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Notebook", authors: ["A. Reader"]))
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        var log: [String] = []
        for _ in 0..<10 {
            let slugs = try shelf.library.snapshot().books.map(\.book.slug)
            let name = titles.randomElement(using: &random)!
            let other = titles.randomElement(using: &random)!
            let link = "[[\(Bool.random(using: &random) ? name : name.lowercased())]] and [[\(other)]]"
            switch Int.random(in: 0..<7, using: &random) {
            case 0:
                log.append("add \(name)")
                _ = try? shelf.library.addBook(
                    NewBook(title: name, authors: [NewAuthor(name: authors.randomElement(using: &random)!)]))
            case 1:
                let slug = slugs.randomElement(using: &random)!
                guard slug != "notebook" else { continue }
                log.append("remove \(slug)")
                try shelf.library.removeBook(slug: slug)
            case 2:
                let slug = slugs.randomElement(using: &random)!
                log.append("rename \(slug) \(name)")
                _ = try shelf.library.editBook(slug: slug, BookEdit(title: name))
            case 3:
                let slug = slugs.randomElement(using: &random)!
                let author = authors.randomElement(using: &random)!
                log.append("note \(slug) \(link) [[\(author)]]")
                try shelf.writeNote("Compare \(link), by [[\(author)]], and [[about]].\n", slug: slug)
            case 4:
                let slug = slugs.randomElement(using: &random)!
                log.append("plain note \(slug)")
                try shelf.writeNote("Nothing linked.\n", slug: slug)
            case 5:
                log.append("highlight \(link)")
                _ = try shelf.library.addHighlight(
                    NewHighlight(text: "A passage.", note: "As in \(link).", source: .reader), toBook: "notebook")
            default:
                log.append("page \(link)")
                try ExtraPagesTests.writePage(
                    "# About\n\nSee \(link) and [[notebook]].\n",
                    named: Bool.random(using: &random) ? "about.md" : "now.md",
                    in: shelf)
            }
            try shelf.build()
            let full = try IncrementalBuildTests().fullBuild(of: shelf, settings: SiteSettings())
            #expect(
                try TemporaryShelf.snapshot(of: shelf.paths.site) == full,
                "seed \(seed) after: \(log.joined(separator: ", "))")
            guard try TemporaryShelf.snapshot(of: shelf.paths.site) == full else { return }
        }
    }
}
