import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateSite

/// The reader's own pages: `content/pages/<name>.md`, published as `pages/<name>/index.html` and
/// linked from every page's header.
@Suite struct ExtraPagesTests {
    static func writePage(_ markdown: String, named name: String, in shelf: TemporaryShelf) throws {
        try FileManager.default.createDirectory(at: shelf.paths.pages, withIntermediateDirectories: true)
        try Data(markdown.utf8).write(to: shelf.paths.pages.appendingPathComponent(name))
    }

    /// Titles, names, shelves and pages named as Windows keeps names for devices (`con`, `nul`,
    /// `aux`, `prn`, `com1`, `lpt1`) made folders of the site a copy to Windows, a FAT or exFAT
    /// stick or git there cannot hold: 13 folders of a 161-book site were lost by such a copy
    /// without a word (found by an exploratory session). New slugs avoid them; a page so named
    /// is not published, with a line saying what to name it; a slug stored before is kept (its
    /// address is published) and named by one line of the build.
    @Test func noNewFolderOfTheSiteIsANameWindowsKeepsForADevice() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Con", authors: ["Nul"], shelves: ["aux"]))
        try shelf.library.addBook(NewBook(title: "PRN", authors: ["Com1"], shelves: ["LPT1"]))
        try shelf.library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"]))
        try Self.writePage("# Con\nA page.\n", named: "con.md", in: shelf)
        let report = try shelf.build()
        let site = shelf.paths.site.path
        let made = try #require(FileManager.default.subpaths(atPath: site))
        let reserved = made.filter { $0.split(separator: "/").contains { Slug.isWindowsDeviceName(String($0)) } }
        #expect(reserved.isEmpty, "\(reserved)")
        for folder in ["books/con-book", "books/prn-book", "authors/nul-author", "authors/com1-author"] {
            #expect(made.contains(folder), "\(folder)")
        }
        #expect(
            made.contains { $0.hasPrefix("shelves/aux-shelf") } && made.contains { $0.hasPrefix("shelves/lpt1-shelf") })
        let page = shelf.paths.pages.appendingPathComponent("con.md").relativePathForDisplay
        #expect(
            report.everyWarning.contains(
                "\(page) is not published: Windows keeps the name con for a device, and a copy of the site there "
                    + "would lose the page: name it con-page.md"), "\(report.everyWarning)")
        // A slug stored before: kept, and said.
        try shelf.library.write { db in try db.execute(sql: "UPDATE book SET slug = 'nul' WHERE slug = 'kindred'") }
        let again = try shelf.build()
        #expect(FileManager.default.fileExists(atPath: site + "/books/nul/index.html"))
        let shown = shelf.paths.site.relativePathForDisplay
        #expect(
            again.everyWarning.contains(
                "\(shown)/books/nul cannot be copied to Windows, a FAT or exFAT drive or a git checkout there "
                    + "(Windows keeps the name for devices): such a copy of the site lacks it"),
            "\(again.everyWarning)")
    }

    /// A note or page marked as a draft in its front matter, as the tools notes come from mark
    /// one — Hugo's `draft: true`, Jekyll's `published: false`, Obsidian Publish's `publish:
    /// false` — was published (found by a privacy audit). Neither is: the book's page shows no
    /// note, the page is not made nor linked, and the next build after the mark is taken off
    /// publishes them, as a full build does.
    @Test func aNoteOrPageMarkedAsADraftIsNotPublished() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"]))
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        try shelf.writeNote("---\ndraft: true\n---\nSECRET-NOTE about my therapist.\n", slug: "kindred")
        try shelf.writeNote("---\ntags: [sf]\npublish: false\n---\nSECRET-OBSIDIAN\n", slug: "dune")
        try Self.writePage("---\ntitle: Plans\npublished: false\n---\nSECRET-PAGE\n", named: "plans.md", in: shelf)
        try Self.writePage("# About\nPublic.\n", named: "about.md", in: shelf)
        try shelf.build()
        let site = try TemporaryShelf.snapshot(of: shelf.paths.site)
        for (path, data) in site {
            #expect(data.firstRange(of: Data("SECRET".utf8)) == nil, "\(path)")
            #expect(data.firstRange(of: Data("pages/plans".utf8)) == nil, "\(path)")
        }
        #expect(site["pages/about/index.html"] != nil && site["pages/plans/index.html"] == nil)
        #expect(try !shelf.siteFile("books/kindred/index.html").contains("note-heading"))

        try shelf.writeNote("---\ndraft: false\n---\nNow public.\n", slug: "kindred")
        try Self.writePage("---\ntitle: Plans\n---\nPublic plans.\n", named: "plans.md", in: shelf)
        try shelf.build()
        #expect(try shelf.siteFile("books/kindred/index.html").contains("Now public."))
        #expect(try shelf.siteFile("pages/plans/index.html").contains("Public plans."))
        #expect(
            try TemporaryShelf.snapshot(of: shelf.paths.site)
                == (try IncrementalBuildTests().fullBuild(of: shelf, settings: SiteSettings())))
    }

    /// An Obsidian comment (`%% … %%`) in a note, a page or a highlight's note was published as
    /// text, on the pages, in the search index and the feeds (found by an exploratory session).
    /// None of it is now; a comment begun in a page's heading does not make the rest of it its
    /// body; and taking the marks off publishes the text, as a full build does.
    @Test func obsidiansCommentsAreNotPublished() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"]))
        try shelf.writeNote("Gripping. %%SECRET lend it to Sam?%%\n\n%%\nSECRET\n%%\nRead it twice.\n", slug: "kindred")
        _ = try shelf.library.addHighlight(
            NewHighlight(
                text: "I lost an arm on my last trip home.", note: "Opening. %%SECRET-HIGHLIGHT%%", source: .reader),
            toBook: "kindred")
        try Self.writePage("# About %%SECRET\nSECRET-PAGE%%\nPublic.\n", named: "about.md", in: shelf)
        try shelf.build()
        let site = try TemporaryShelf.snapshot(of: shelf.paths.site)
        for (path, data) in site {
            #expect(data.firstRange(of: Data("SECRET".utf8)) == nil, "\(path)")
        }
        let book = try shelf.siteFile("books/kindred/index.html")
        #expect(book.contains("Gripping.") && book.contains("Read it twice.") && book.contains("Opening."))
        #expect(try shelf.siteFile("pages/about/index.html").contains("Public."))

        try shelf.writeNote("Gripping. Lend it to Sam?\n", slug: "kindred")
        try shelf.build()
        #expect(try shelf.siteFile("books/kindred/index.html").contains("Lend it to Sam?"))
        #expect(
            try TemporaryShelf.snapshot(of: shelf.paths.site)
                == (try IncrementalBuildTests().fullBuild(of: shelf, settings: SiteSettings())))
    }

    /// Hugo reads its front matter's keys in any case: a note of `Draft: true` or `DRAFT: yes`,
    /// and a page of `Publish: false`, were published whole (found by a review). Marked so after
    /// a build, the next build leaves them out as a full build does.
    @Test func aDraftsMarkIsReadInAnyCase() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"]))
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        try shelf.writeNote("Public at first.\n", slug: "kindred")
        try shelf.writeNote("---\nDRAFT: yes\n---\nSECRET-SHOUTED\n", slug: "dune")
        try Self.writePage("---\ntitle: Plans\n---\nPublic plans.\n", named: "plans.md", in: shelf)
        try shelf.build()
        #expect(try shelf.siteFile("books/kindred/index.html").contains("Public at first."))

        try shelf.writeNote("---\nDraft: True\n---\nSECRET-CAPITALISED\n", slug: "kindred")
        try Self.writePage("---\ntitle: Plans\nPublish: false\n---\nSECRET-PAGE\n", named: "plans.md", in: shelf)
        try shelf.build()
        let site = try TemporaryShelf.snapshot(of: shelf.paths.site)
        for (path, data) in site {
            #expect(data.firstRange(of: Data("SECRET".utf8)) == nil, "\(path)")
            #expect(data.firstRange(of: Data("pages/plans".utf8)) == nil, "\(path)")
        }
        #expect(site == (try IncrementalBuildTests().fullBuild(of: shelf, settings: SiteSettings())))
    }

    /// A page's image kept in `site/images/` was missing from a preview built into another
    /// folder, without a word (found by an exploratory session). A link to a file the output folder
    /// lacks and the build does not make is said; links to the build's own pages, elsewhere or
    /// on the page are not.
    @Test func aPageLinkingAFileTheOutputFolderLacksIsSaid() throws {
        let shelf = try FixtureShelf.make()
        try Self.writePage(
            "# About\n\n![Me](../../images/me%20now.png) [Kindred](../../books/kindred/) [feed](../../feed.xml)\n"
                + "[home](../../) [top](#top) [out](https://example.org/x.png) [mail](mailto:a@b.c)\n",
            named: "about.md", in: shelf)
        let images = shelf.paths.site.appendingPathComponent("images")
        try shelf.build(settings: FixtureShelf.settings)
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data("png".utf8).write(to: images.appendingPathComponent("me now.png"))
        let kept = try shelf.build(settings: FixtureShelf.settings)
        #expect(!kept.everyWarning.contains { $0.contains("links ") }, "\(kept.everyWarning)")

        // Published in a folder of the host: a link from the host's root is read against it, and
        // one that leaves the site is not the site's to check (found by a review).
        try Self.writePage(
            "[a](/shelf/books/kindred/) [b](/books/kindred/) [c](../../../../x.pdf) [d](../../images/)\n",
            named: "links.md", in: shelf)
        var settings = FixtureShelf.settings
        settings.baseURL = URL(string: "https://example.org/shelf/")
        let published = try shelf.build(settings: settings).everyWarning.filter { $0.contains(" links ") }
        // a is the book's page; b and c leave the site, the host's to answer; d is a folder of the reader's.
        #expect(published.isEmpty, "\(published)")
        try FileManager.default.removeItem(at: shelf.paths.pages.appendingPathComponent("links.md"))

        var preview = shelf.paths
        preview.site = try TestPaths.temporaryFolder("preview").appendingPathComponent("site")
        let report = try SiteBuilder(library: shelf.library, paths: preview, settings: FixtureShelf.settings).build()
        let said = report.everyWarning.filter { $0.contains(" links ") }
        #expect(said.count == 1, "\(said)")
        #expect(
            said.first?.hasSuffix(
                "about.md links ../../images/me%20now.png, which is not in \(preview.site.relativePathForDisplay): put "
                    + "the file at \(preview.site.relativePathForDisplay)/images/me now.png (what you keep there is "
                    + "published as it is) or mend the link") == true, "\(said)")
    }

    /// A page named by a file longer than any slug Bookplate makes was left out, saying its
    /// name was not small letters, digits and hyphens (found by a review). It is published.
    @Test func aPageOfALongNameIsPublished() throws {
        let shelf = try FixtureShelf.make()
        let name = Array(repeating: "notes-on-reading", count: 6).joined(separator: "-")
        try Self.writePage("# Notes\n\nHi.\n", named: name + ".md", in: shelf)
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(!report.everyWarning.contains { $0.contains("not published") }, "\(report.everyWarning)")
        #expect(try shelf.siteFile("pages/\(name)/index.html").contains("<p>Hi.</p>"))
    }

    @Test func aPageIsPublishedWithItsTitleAndLinkedFromEveryPage() throws {
        let shelf = try FixtureShelf.make()
        try Self.writePage(
            "---\ntitle: About this shelf\ndescription: Who keeps it\n---\n# About this shelf\n\nI read *slowly*.\n\n"
                + "## Rules\n\n<script>alert(1)</script>\n[x](javascript:alert(1))\n",
            named: "about.md", in: shelf)
        try Self.writePage("# Now\n\nReading Dune.\n", named: "now.md", in: shelf)
        try Self.writePage("Plain text.\n", named: "reading-challenge.md", in: shelf)
        let report = try shelf.build()
        #expect(report.warnings.isEmpty)

        let about = try shelf.siteFile("pages/about/index.html")
        #expect(about.contains("<title>About this shelf — "))
        #expect(about.contains(#"<meta name="description" content="Who keeps it">"#))
        // The heading that repeats the title is the page's <h1>, once; the next is an <h2>.
        #expect(about.components(separatedBy: #"<h1 dir="auto">About this shelf</h1>"#).count == 2)
        #expect(!about.contains("About this shelf</h2>"))
        #expect(about.contains("<p>I read <em>slowly</em>.</p>"))
        #expect(about.contains("<h2 id=\"n-rules\">Rules</h2>"))
        #expect(!about.contains("<script>alert"))
        #expect(!about.contains("javascript:"))
        #expect(try shelf.siteFile("pages/now/index.html").contains(#"<h1 dir="auto">Now</h1>"#))
        // A page with no title of its own is called by its name, in words.
        #expect(
            try shelf.siteFile("pages/reading-challenge/index.html").contains(#"<h1 dir="auto">Reading challenge</h1>"#)
        )

        // Every page links to each, by title, from where it stands.
        let links = [
            #"<a href="pages/about/index.html">About this shelf</a>"#, #"<a href="pages/now/index.html">Now</a>"#,
            #"<a href="pages/reading-challenge/index.html">Reading challenge</a>"#,
        ]
        let home = try shelf.siteFile("index.html")
        #expect(links.allSatisfy(home.contains))
        let book = try shelf.siteFile("books/kindred/index.html")
        #expect(book.contains(#"<a href="../../pages/now/index.html">Now</a>"#))
        #expect(about.contains(#"<a href="../../pages/reading-challenge/index.html">Reading challenge</a>"#))
    }

    /// Every page's header linked every page of the reader's, so the site grew with the square of
    /// their number: 2,000 pages made 282 MB (found by an exploratory session). Past ten, the
    /// header links the first ten by title and "All pages", an index that lists them all, so each
    /// page adds a page's worth; ten or fewer are linked as ever.
    @Test func pastTenPagesTheHeaderLinksTheFirstTenAndAnIndexOfAll() throws {
        let shelf = try FixtureShelf.make()
        for number in 1...10 {
            try Self.writePage("# Page \(number)\n\nText.\n", named: "p\(number).md", in: shelf)
        }
        #expect(try shelf.build().warnings.isEmpty)
        var home = try shelf.siteFile("index.html")
        #expect(home.contains(#"<a href="pages/p9/index.html">Page 9</a>"#))
        #expect(!home.contains("All pages"))
        #expect(
            !FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("pages/index.html").path))

        for number in 11...40 {
            try Self.writePage("# Page \(number)\n\nText.\n", named: "p\(number).md", in: shelf)
        }
        try Self.writePage("---\ntitle: \"Zed *x* [1](y) & <b>\"\n---\nText.\n", named: "zed.md", in: shelf)
        #expect(try shelf.build().warnings.isEmpty)
        home = try shelf.siteFile("index.html")
        let book = try shelf.siteFile("books/kindred/index.html")
        for page in [home, book, try shelf.siteFile("pages/p33/index.html")] {
            #expect(page.components(separatedBy: #"/index.html">Page "#).count - 1 == 10)
        }
        // By title: "Page 1", "Page 10" … "Page 18".
        #expect(home.contains(#"<li><a href="pages/p1/index.html">Page 1</a></li>"#))
        #expect(home.contains(#"<li><a href="pages/index.html">All pages</a></li>"#))
        #expect(book.contains(#"<li><a href="../../pages/index.html">All pages</a></li>"#))
        #expect(!home.contains("pages/p2/index.html") && !home.contains("pages/zed/index.html"))
        let index = try shelf.siteFile("pages/index.html")
        #expect(index.contains(#"<h1 dir="auto">All pages</h1>"#))
        #expect(index.contains("<title>All pages — "))
        for number in 1...40 {
            #expect(index.contains(#"<a href="p\#(number)/index.html">Page \#(number)</a>"#), "\(number)")
        }
        // A title is shown as it is, whatever Markdown or markup it looks like.
        #expect(index.contains(#"<a href="zed/index.html">Zed *x* [1](y) &amp; &lt;b&gt;</a>"#))
        // The index is the site's own: its header, with the site's root one folder up.
        #expect(index.contains(#"<li><a href="../pages/p1/index.html">Page 1</a></li>"#))

        // Back to ten or fewer, the index goes.
        for number in 10...40 {
            try FileManager.default.removeItem(at: shelf.paths.pages.appendingPathComponent("p\(number).md"))
        }
        #expect(try shelf.build().warnings.isEmpty)
        #expect(
            !FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("pages/index.html").path))
        #expect(try shelf.siteFile("index.html").contains(#"<a href="pages/zed/index.html">"#))
    }

    /// A title in the index of pages is shown as it is even where a mark follows a punctuation
    /// mark: the keycap "*️⃣" (`*`, U+FE0F, U+20E3) is one `Character` that is not ASCII, and its
    /// `*` went unescaped: two made the words between them emphasis (found by a review).
    @Test func aTitleInTheIndexOfPagesKeepsAPunctuationMarkUnderAMark() {
        let title = "A *\u{FE0F}\u{20E3}star*\u{FE0F}\u{20E3} [x\u{301}](y) _z\u{301}_"
        let html = NoteRenderer().render(ExtraPages.markdownText(title)).html
        #expect(html == "<p>\(title)</p>\n", "\(html)")
        #expect(!html.contains("<em>") && !html.contains("<a "))
    }

    /// A page saved with Windows' line ends was all title, on its page and in every header; its
    /// front matter's title was lost (found by a review).
    @Test func aPageWithWindowsLineEndsIsReadAsAnyOther() throws {
        let shelf = try FixtureShelf.make()
        try Self.writePage("# Now\r\n\r\nReading Dune.\r\n", named: "now.md", in: shelf)
        try Self.writePage(
            "---\r\ntitle: About me\r\ndescription: Mine\r\n---\r\nText.\r\n", named: "about.md", in: shelf)
        try shelf.build()
        let now = try shelf.siteFile("pages/now/index.html")
        #expect(now.contains(#"<h1 dir="auto">Now</h1>"#) && now.contains("<p>Reading Dune.</p>"))
        let about = try shelf.siteFile("pages/about/index.html")
        #expect(about.contains(#"<h1 dir="auto">About me</h1>"#) && about.contains(#"content="Mine""#))
        #expect(try shelf.siteFile("index.html").contains(#"<a href="pages/now/index.html">Now</a>"#))
    }

    /// A page's front matter with a key of two words (`last updated`) was published as a rule and
    /// a heading, and its `title:` lost with it (found by an exploratory session): it is read as
    /// YAML, the title from it.
    @Test func aPagesFrontMatterWithAKeyOfTwoWordsGivesItsTitle() throws {
        let shelf = try FixtureShelf.make()
        try Self.writePage(
            "---\ntitle: About me\nlast updated: 2024-05-01\n---\n\nHello.\n", named: "about.md", in: shelf)
        try Self.writePage("---\n\"title\": Now\n---\n\nReading.\n", named: "now.md", in: shelf)
        try shelf.build()
        let about = try shelf.siteFile("pages/about/index.html")
        #expect(about.contains(#"<h1 dir="auto">About me</h1>"#) && about.contains("<p>Hello.</p>"))
        #expect(!about.contains("<hr") && !about.contains("last updated"))
        let now = try shelf.siteFile("pages/now/index.html")
        #expect(now.contains(#"<h1 dir="auto">Now</h1>"#) && !now.contains("<hr"))
    }

    /// A heading's Markdown was the title as typed: `About *me*` showed its asterisks, `Q&amp;A`
    /// its entity (found by an exploratory session). The title is the heading's text.
    @Test func aTitleFromAHeadingIsItsTextNotItsMarkdown() throws {
        let shelf = try FixtureShelf.make()
        try Self.writePage("# About *me*\n\nText.\n", named: "about.md", in: shelf)
        try Self.writePage("# Q&amp;A &mdash; questions\n\nText.\n", named: "qa.md", in: shelf)
        try Self.writePage("# 2025\\. The year of `Dune`\n\nText.\n", named: "year.md", in: shelf)
        try shelf.build()
        #expect(try shelf.siteFile("pages/about/index.html").contains(#"<h1 dir="auto">About me</h1>"#))
        #expect(try shelf.siteFile("pages/qa/index.html").contains(#"<h1 dir="auto">Q&amp;A — questions</h1>"#))
        #expect(try shelf.siteFile("pages/year/index.html").contains(#"<h1 dir="auto">2025. The year of Dune</h1>"#))
    }

    /// `pages/` at the top of a site was the reader's to keep before it was Bookplate's: the
    /// first build after took it out as a stray (found by a review). It is moved aside, and said.
    @Test func aFolderOfTheReadersCalledPagesIsMovedAsideNotRemoved() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build()
        // A site an older Bookplate made, whose marker has one line.
        try Data(SiteWriter.markerContentsBeforePages.utf8).write(
            to: shelf.paths.site.appendingPathComponent(SiteWriter.markerName))
        let mine = shelf.paths.site.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data("my cv".utf8).write(to: mine.appendingPathComponent("cv.html"))
        let report = try shelf.build()
        let site = shelf.paths.site.path
        #expect(
            report.warnings.contains(
                "moved \(site)/pages to \(site)/pages-yours: pages/ is where your pages of content/pages/ are published"
            ),
            "\(report.warnings)")
        #expect(try shelf.siteFile("pages-yours/cv.html") == "my cv")
        try Self.writePage("# Now\n\nReading.\n", named: "now.md", in: shelf)
        try shelf.build()
        try shelf.build(settings: SiteSettings())
        #expect(try shelf.siteFile("pages/now/index.html").contains(#"<h1 dir="auto">Now</h1>"#))
        #expect(try shelf.siteFile("pages-yours/cv.html") == "my cv")
        // Bookplate's own pages/ stays where it is, build after build, full ones too.
        try SiteBuilder(library: shelf.library, paths: shelf.paths).build(.full)
        #expect(try shelf.siteFile("pages/now/index.html").contains(#"<h1 dir="auto">Now</h1>"#))
        #expect(!FileManager.default.fileExists(atPath: site + "/pages-yours-2"))
    }

    /// A sync client's conflict copy of a page was told to be renamed (`about 2.md` as
    /// `about-2.md`), which publishes the page twice, and a page with git's conflict marks was
    /// published with them (found by an exploratory session): the copy is named for what it is and
    /// left out, and the build stops at the marks.
    @Test func aPagesConflictCopyIsNamedAndLeftOut() throws {
        let shelf = try FixtureShelf.make()
        try Self.writePage("# About\n\nMine.\n", named: "about.md", in: shelf)
        let copies = [
            "about 2.md", "about (Reader's conflicted copy 2026-11-27).md",
            "about.sync-conflict-20261127-101112-ABCDEFG.md", "about-DESKTOP-1.md",
        ]
        for name in copies { try Self.writePage("# About\n\nTheirs.\n", named: name, in: shelf) }
        try Self.writePage("", named: "about.md~", in: shelf)
        let report = try shelf.build()
        let folder = shelf.paths.pages.path
        #expect(
            report.warnings == [
                "\(folder)/about (Reader's conflicted copy 2026-11-27).md is left out: it looks like a sync conflict copy "
                    + "of about.md: merge it into about.md by hand, then remove it",
                "\(folder)/about 2.md is left out: it looks like a sync conflict copy of about.md: merge it into about.md "
                    + "by hand, then remove it",
                "\(folder)/about-DESKTOP-1.md is left out: it looks like a sync conflict copy of about.md: merge it into "
                    + "about.md by hand, then remove it",
                "\(folder)/about.md~ is left out: it is an editor's backup or working file",
                "\(folder)/about.sync-conflict-20261127-101112-ABCDEFG.md is left out: it looks like a sync conflict "
                    + "copy of about.md: merge it into about.md by hand, then remove it",
            ])
        let pages = try FileManager.default.contentsOfDirectory(
            atPath: shelf.paths.site.appendingPathComponent("pages").path)
        #expect(pages == ["about"])
        try Self.writePage(
            "# About\n\n<<<<<<< HEAD\nMine.\n=======\nTheirs.\n>>>>>>> abc\n", named: "about.md", in: shelf)
        #expect {
            try shelf.build()
        } throws: { error in
            "\(error)".contains("\(folder)/about.md holds a merge conflict git left unresolved")
        }
    }

    @Test func aFileThatCannotBeAPageIsWarnedOfAndLeftOut() throws {
        let shelf = try FixtureShelf.make()
        try Self.writePage("Mine.\n", named: "About Me.md", in: shelf)
        try Self.writePage("Mine.\n", named: "now.markdown", in: shelf)
        try Self.writePage("Mine.\n", named: "notes.txt", in: shelf)
        try Self.writePage("Mine.\n", named: "broken.markdown", in: shelf)
        try FileManager.default.createDirectory(
            at: shelf.paths.pages.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Self.writePage("not really a picture", named: "images/me.jpg", in: shelf)
        try FileManager.default.createDirectory(
            at: shelf.paths.pages.appendingPathComponent("more"), withIntermediateDirectories: true)
        try Self.writePage("Deeper.\n", named: "more/deeper.md", in: shelf)
        try Self.writePage("---\ntitle: [unclosed\n---\nText.\n", named: "broken.md", in: shelf)
        let folder = shelf.paths.pages.path
        let report = try shelf.build()
        #expect(
            report.warnings == [
                "\(folder)/About Me.md is not published: a page's file name is its address, in small letters, digits"
                    + " and hyphens, as about-me.md",
                "\(folder)/broken.markdown is not published: broken.md is the page of that address (delete one)",
                "\(folder)/broken.md: its front matter is no YAML, and was left out",
                "\(folder)/images/me.jpg is not published: \(folder) holds pages (Markdown files); keep a page's "
                    + "images in a folder of yours at the top of the site (site/images/, linked from a page as "
                    + "../../images/)",
                "\(folder)/more/deeper.md is not published: pages are the files directly in \(folder)",
                "\(folder)/notes.txt is not published: \(folder) holds pages (Markdown files); keep a page's images in "
                    + "a folder of yours at the top of the site (site/images/, linked from a page as ../../images/)",
                "\(folder)/now.markdown is not published: a page is a Markdown file named as its address, as now.md",
            ])
        let pages = try FileManager.default.contentsOfDirectory(
            atPath: shelf.paths.site.appendingPathComponent("pages").path)
        #expect(pages == ["broken"])
        #expect(try shelf.siteFile("pages/broken/index.html").contains(#"<h1 dir="auto">Broken</h1>"#))
        // As every warning of a build, said again by a build that finds nothing changed.
        let again = try shelf.build()
        #expect(again.kind == .upToDate)
        #expect(again.warnings == report.warnings)
    }

    /// A folder or a named pipe where a note (`content/notes/kindred.md`) or a page
    /// (`content/pages/about.md`) goes, as a sync client or an unzip may leave one, was dropped from
    /// the site without a word and the build exited 0 (found by an exploratory session). Each is
    /// one line of every build, incremental or full, as a cover's is; a pipe is never opened.
    @Test func aFolderOrAPipeWhereANoteOrAPageGoesIsAWarning() throws {
        let shelf = try FixtureShelf.make()
        let note = shelf.paths.notes.appendingPathComponent("kindred.md")
        let page = shelf.paths.pages.appendingPathComponent("about.md")
        try shelf.writeNote("My note on Kindred.\n", slug: "kindred")
        try Self.writePage("# About\n\nMe.\n", named: "about.md", in: shelf)
        let before = try shelf.build()
        #expect(try shelf.siteFile("books/kindred/index.html").contains("My note on Kindred."))
        for (kind, make) in [
            (
                "a folder",
                { (url: URL) in try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) }
            ),
            ("a named pipe", { (url: URL) in #expect(mkfifo(url.path, 0o600) == 0) }),
        ] {
            try FileManager.default.removeItem(at: note)
            try FileManager.default.removeItem(at: page)
            try make(note)
            try make(page)
            let expected = [
                "\(note.path) is \(kind), not a note, and is not read: put the note's Markdown file there in its place",
                "\(page.path) is \(kind), not a page, and is not published: put the page's Markdown file there in its place",
            ]
            for mode in [BuildMode.incremental, .full] {
                let report = try SiteBuilder(library: shelf.library, paths: shelf.paths, settings: SiteSettings())
                    .build(mode)
                #expect(report.warnings.filter { !before.warnings.contains($0) } == expected, "\(kind), \(mode)")
                #expect(try !shelf.siteFile("books/kindred/index.html").contains("My note on Kindred."))
                #expect(
                    !FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("pages/about").path)
                )
            }
        }
    }

    /// A page too long to publish is said, and not read (it was read whole first: found by a
    /// review).
    @Test func aPageTooLongToPublishIsSaid() throws {
        let shelf = try FixtureShelf.make()
        // Bytes that are no UTF-8: read, it would stop the build instead.
        try Self.writePage(
            String(decoding: [UInt8](repeating: 0x41, count: 1), as: UTF8.self), named: "long.md", in: shelf)
        let path = shelf.paths.pages.appendingPathComponent("long.md").path
        try Data(repeating: 0xFF, count: NoteStore.largestPublished + 1).write(to: URL(fileURLWithPath: path))
        let report = try shelf.build()
        #expect(
            report.warnings == [
                "\(path) is over \(NoteStore.largestPublished / 1024 / 1024) MB and was not published: shorten it or split it"
            ])
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("pages").path))
    }

    @Test func aPageThatIsNoTextStopsTheBuildNamingIt() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build()
        let before = try TemporaryShelf.snapshot(of: shelf.paths.site)
        try FileManager.default.createDirectory(at: shelf.paths.pages, withIntermediateDirectories: true)
        try Data([0x63, 0x61, 0x66, 0xE9]).write(to: shelf.paths.pages.appendingPathComponent("about.md"))
        #expect {
            try shelf.build()
        } throws: { error in
            "\(error)".contains("\(shelf.paths.pages.path)/about.md is not UTF-8 text")
        }
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == before)
    }

    @Test func aChangedTitleRewritesEveryPageAndARemovedPageGoes() throws {
        let shelf = try FixtureShelf.make()
        try Self.writePage("# Now\n\nReading.\n", named: "now.md", in: shelf)
        try shelf.build()
        try Self.writePage("# Now, in November\n\nReading.\n", named: "now.md", in: shelf)
        let changed = try shelf.build()
        #expect(changed.filesWritten == changed.pageCount)
        #expect(try shelf.siteFile("books/kindred/index.html").contains(">Now, in November</a>"))
        try FileManager.default.removeItem(at: shelf.paths.pages.appendingPathComponent("now.md"))
        let removed = try shelf.build()
        #expect(removed.filesRemoved == 1)
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("pages").path))
        #expect(try !shelf.siteFile("index.html").contains("pages/now"))
    }
}
