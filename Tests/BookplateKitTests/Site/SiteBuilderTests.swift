import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct SiteBuilderTests {
    /// A sync client's conflict copies of the library, the settings or a cover hold what another
    /// machine changed, and no build said a word of them (found by an exploratory session): every
    /// build names each, with what it is.
    @Test func everyBuildNamesTheConflictCopiesOfTheLibrarySettingsAndCovers() throws {
        let shelf = try FixtureShelf.make()
        let content = shelf.paths.content
        try Data("title: Theirs\n".utf8).write(to: content.appendingPathComponent("site.yaml"))
        let copies = [
            "library (Reader's conflicted copy 2026-11-27).sqlite", "library 2.sqlite",
            "library.sync-conflict-20261127-101112-ABCDEFG.sqlite", "site 2.yaml",
        ]
        for name in copies { try Data("x".utf8).write(to: content.appendingPathComponent(name)) }
        let cover = shelf.paths.covers.appendingPathComponent("fledgling 2.jpg")
        try FileManager.default.copyItem(at: shelf.paths.covers.appendingPathComponent("fledgling.jpg"), to: cover)
        for _ in 0..<2 {
            let report = try shelf.build()
            for name in copies.prefix(3) {
                #expect(
                    report.warnings.contains(
                        "\(content.appendingPathComponent(name).relativePathForDisplay) is not read: it looks like a sync "
                            + "conflict copy of library.sqlite, holding what another machine changed; see what it holds "
                            + "(put it as content/library.sqlite of a copy of the shelf, and run `bookplate list` there), "
                            + "make the same changes here, then remove it"), "\(name)")
            }
            #expect(
                report.warnings.contains(
                    "\(content.appendingPathComponent("site 2.yaml").relativePathForDisplay) is left out: it looks like a "
                        + "sync conflict copy of site.yaml: merge it into site.yaml by hand, then remove it"))
            #expect(
                report.warnings.contains(
                    "\(cover.relativePathForDisplay) is left out: it looks like a sync conflict copy of fledgling.jpg: "
                        + "merge it into fledgling.jpg by hand, then remove it"))
            // Never told to be renamed for a book, onto the cover it copies.
            #expect(!report.warnings.contains { $0.contains("rename it") }, "\(report.warnings)")
        }
    }

    @Test func buildsEveryPageKindWithRelativeLinks() throws {
        let shelf = try FixtureShelf.make()
        let report = try shelf.build()
        #expect(report.bookCount == 5)
        #expect(report.authorCount == 5)
        // index, authors, shelves, stats and 404; five books, five authors, three shelves; six
        // lists (reading, read in three years — Kindred in two —, to read, set aside); the three
        // years' statistics; one series and the series' index; the commonplace book and its three
        // years.
        #expect(report.pageCount == 5 + 5 + 5 + 3 + 6 + 3 + 2 + 4)
        #expect(report.orphanNotes.isEmpty)
        let index = try shelf.siteFile("index.html")
        #expect(index.contains("href=\"books/fledgling/index.html\""))
        #expect(index.contains("href=\"authors/octavia-e-butler/index.html\""))
        #expect(!index.contains("href=\"/"))
        let book = try shelf.siteFile("books/fledgling/index.html")
        #expect(book.contains("href=\"../../assets/style.css?v=\(AssetVersions.builtIn.style)\""))
        #expect(
            book.contains(
                "<img class=\"cover\" src=\"../../covers/fledgling-128.jpg\" srcset=\"../../covers/fledgling-128.jpg 128w\" sizes=\"(max-width: 40rem) 12rem, 16rem\" width=\"128\" height=\"194\""
            ))
        #expect(book.contains("<h3 id=\"n-first-thoughts\">First thoughts</h3>"))
        #expect(book.contains("Grand Central Publishing"))
        #expect(book.contains("2 January 2007"))
        let author = try shelf.siteFile("authors/octavia-e-butler/index.html")
        #expect(author.contains("href=\"../../books/kindred/index.html\""))
        #expect(author.contains("2 books on the shelf"))
        #expect(
            FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("assets/style.css").path))
        #expect(
            FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent(SiteWriter.markerName).path))
    }

    /// The README's own example of a note link, `[Children of Dune](../children-of-dune/)`, opened
    /// a folder's listing from `file://`, where every link Bookplate writes ends in `index.html`
    /// (found by an exploratory session). A relative link from a note, a highlight's note or a page
    /// of the reader's to a folder that is one of the build's pages now leads to its
    /// `index.html`, its query and fragment kept; a link to a folder of the reader's own, to a
    /// file, or out of the site is left as written.
    @Test func aNoteLinkToAFolderOfTheSiteLeadsToItsPage() throws {
        let shelf = try FixtureShelf.make()
        try shelf.writeNote(
            "[Fledgling](../fledgling/), [the author](../../authors/octavia-e-butler/#books), "
                + "[the shelf](../..), [read](../../read/?a=1), [2025](../../stats/2025/), [back](.), "
                + "[pictures](../../images/), ![map](../../images/map.png), [books](../), "
                + "[a page](../fledgling/index.html), [out](../../../elsewhere/) and [web](https://example.org/a/).",
            slug: "kindred")
        _ = try shelf.library.addHighlight(
            NewHighlight(text: "A passage.", note: "See [Fledgling](../fledgling/).", source: .reader),
            toBook: "kindred")
        try FileManager.default.createDirectory(at: shelf.paths.pages, withIntermediateDirectories: true)
        try Data("# About\n\nMy [sci-fi](../../shelves/sci-fi/) and [photos](../../images/).\n".utf8).write(
            to: shelf.paths.pages.appendingPathComponent("about.md"))
        try shelf.build(settings: FixtureShelf.settings)
        let book = try shelf.siteFile("books/kindred/index.html")
        for expected in [
            #"<a href="../fledgling/index.html">Fledgling</a>"#,
            #"<a href="../../authors/octavia-e-butler/index.html#books">the author</a>"#,
            #"<a href="../../index.html">the shelf</a>"#, #"<a href="../../read/index.html?a=1">read</a>"#,
            #"<a href="../../stats/2025/index.html">2025</a>"#, #"<a href="./index.html">back</a>"#,
            #"<a href="../../images/">pictures</a>"#, #"<img src="../../images/map.png" alt="map" />"#,
            #"<a href="../">books</a>"#, #"<a href="../fledgling/index.html">a page</a>"#,
            #"<a href="../../../elsewhere/">out</a>"#, #"<a href="https://example.org/a/">web</a>"#,
            #"<a href="../fledgling/index.html">Fledgling</a>."#,
        ] {
            #expect(book.contains(expected), "\(expected)")
        }
        #expect(
            try shelf.siteFile("highlights/index.html").contains(
                #"<a href="../books/fledgling/index.html">Fledgling</a>"#))
        let page = try shelf.siteFile("pages/about/index.html")
        #expect(page.contains(#"<a href="../../shelves/sci-fi/index.html">sci-fi</a>"#))
        #expect(page.contains(#"<a href="../../images/">photos</a>"#))
    }

    /// No page named its own address, so a search engine saw `/books/x/` and
    /// `/books/x/index.html` as two (found by an exploratory session). With a base URL each page
    /// has its canonical link; the 404 page, shown at any address, has none.
    @Test func eachPageNamesItsCanonicalAddressWhenTheSiteHasOne() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        #expect(
            try shelf.siteFile("books/kindred/index.html").contains(
                #"<link rel="canonical" href="https://books.example.org/shelf/books/kindred/">"#))
        #expect(
            try shelf.siteFile("index.html").contains(
                #"<link rel="canonical" href="https://books.example.org/shelf/">"#))
        #expect(try !shelf.siteFile("404.html").contains("canonical"))
        try shelf.build()
        #expect(try !shelf.siteFile("books/kindred/index.html").contains("canonical"))
    }

    /// A book's page opens with its cover, which was loaded lazily, after the layout, like the
    /// covers of a list below the fold. Found by an exploratory session.
    @Test func aBooksOwnCoverLoadsFirstAndCardsLoadLazily() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let page = try shelf.siteFile("books/fledgling/index.html")
        let cover = try #require(page.firstRange(of: #/<img class="cover"[^>]*>/#).map { String(page[$0]) })
        #expect(cover.contains(#"loading="eager""#), "\(cover)")
        let home = try shelf.siteFile("index.html")
        let card = home.firstRange(of: #/<img class="cover"[^>]*>/#).map { String(home[$0]) }
        #expect(card?.contains(#"loading="lazy""#) == true, "\(home)")
    }

    /// A long description's link preview is cut at a word and says it goes on.
    @Test func aLinkPreviewsDescriptionIsCutAtAWord() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let page = try shelf.siteFile("books/the-time-machine/index.html")
        #expect(page.contains(#"the far future. A long description paragraph…">"#), "\(page)")
    }

    /// Every page's `<meta name="description">` was the site's, book and author pages too, so a
    /// search result for a book did not describe it. A book's page describes the book (as its link
    /// preview does), an author's the author. Found by an exploratory session.
    @Test func aBookOrAuthorPageDescribesItsBookOrAuthor() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let cut = "the far future. A long description paragraph…"
        let machine = try shelf.siteFile("books/the-time-machine/index.html")
        #expect(
            machine.contains(#"paragraph…">"#)
                && machine.contains(#"<meta name="description" content="A long description paragraph about"#))
        #expect(
            machine.contains(#"<meta property="og:description" content="A long description paragraph about"#)
                && machine.contains(cut))
        let kindred = try shelf.siteFile("books/kindred/index.html")
        #expect(kindred.contains(#"<meta name="description" content="Kindred by Octavia E. Butler">"#))
        #expect(kindred.contains(#"<meta property="og:description" content="Kindred by Octavia E. Butler">"#))
        #expect(
            try shelf.siteFile("authors/octavia-e-butler/index.html").contains(
                #"<meta name="description" content="An American science fiction author.">"#))
        #expect(
            try shelf.siteFile("authors/terry-pratchett/index.html").contains(
                #"<meta name="description" content="1 book by Terry Pratchett on the shelf">"#))
        #expect(try shelf.siteFile("index.html").contains(#"content="A fixed shelf for golden files.">"#))
        var settings = FixtureShelf.settings
        settings.language = "fr"
        try shelf.build(settings: settings)
        #expect(
            try shelf.siteFile("authors/h-g-wells/index.html").contains(
                #"<meta name="description" content="1 livre de H. G. Wells sur l’étagère">"#))
    }

    /// A Japanese title on an English site was read with the English voice: nothing marked its
    /// language (found by an exploratory session). A book's title, subtitle, passages and card
    /// carry its language when it is not the site's, and only a language a page can name.
    @Test func aBookInAnotherLanguageSaysSo() throws {
        let shelf = try FixtureShelf.make()
        try shelf.library.addBook(
            NewBook(title: "ノルウェイの森", subtitle: "上", authors: ["村上春樹"], language: "ja", status: .toRead))
        try shelf.library.addBook(NewBook(title: "Plain", authors: ["A"], language: "English", status: .toRead))
        try shelf.build()
        let slug = try shelf.library.books().first { $0.book.title == "ノルウェイの森" }?.book.slug ?? ""
        let page = try shelf.siteFile("books/\(slug)/index.html")
        #expect(
            page.contains(#"<h1 dir="auto" lang="ja">ノルウェイの森</h1>"#)
                && page.contains(#"<p class="subtitle" dir="auto" lang="ja">上</p>"#))
        #expect(try shelf.siteFile("to-read/index.html").contains(#"<p class="book-card-title" dir="auto" lang="ja">"#))
        #expect(try shelf.siteFile("books/plain/index.html").contains(#"<h1 dir="auto">Plain</h1>"#))
    }

    /// A book in Ancient Greek (`grc`, a language with no code of two letters) had no `lang` on
    /// its title, and the placeholder cover of a Japanese book drew its title and author with the
    /// site's language (found by an exploratory session). Both carry the book's language, on its
    /// page, its card and in the search index.
    @Test func aLanguageOfThreeLettersAndAPlaceholderCoverSayTheBooksLanguage() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Ὀδύσσεια", authors: ["Ὅμηρος"], language: "grc", status: .toRead))
        try shelf.library.addBook(NewBook(title: "雪国", authors: ["川端 康成"], language: "ja", status: .toRead))
        try shelf.build()
        let books = try shelf.library.books()
        let odyssey = try #require(books.first { $0.book.language == "grc" }).book.slug
        let snowCountry = try #require(books.first { $0.book.language == "ja" }).book.slug
        #expect(try shelf.siteFile("books/\(odyssey)/index.html").contains(#"<h1 dir="auto" lang="grc">Ὀδύσσεια</h1>"#))
        #expect(try shelf.siteFile("search-index.js").contains(#""l":"grc""#))
        let placeholder =
            #"<span class="cover-title" dir="auto" lang="ja">雪国</span><span class="cover-author" dir="auto" lang="ja">川端 康成</span>"#
        #expect(try shelf.siteFile("books/\(snowCountry)/index.html").contains(placeholder))
        #expect(try shelf.siteFile("to-read/index.html").contains(placeholder))
    }

    /// An Arabic title, name, note or passage ran left to right on an English site: nothing let the
    /// browser find its direction, so "(مرحبا world)" came out in the wrong order. The reader's and
    /// the catalogs' text is `dir="auto"` wherever it stands as a block or a heading, and author
    /// links are isolated. Found by an exploratory session.
    @Test func rightToLeftTextFindsItsOwnDirection() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(title: "موسم الهجرة إلى الشمال", authors: ["الطيب صالح"], status: .read))
        let slug = try shelf.library.books()[0].book.slug
        try shelf.writeNote("قرأته في الصيف.", slug: slug)
        try shelf.library.addHighlight(
            NewHighlight(text: "عدت إلى أهلي", note: "جميل", source: .reader), toBook: slug)
        try shelf.build()
        let page = try shelf.siteFile("books/\(slug)/index.html")
        #expect(page.contains(#"<h1 dir="auto">موسم الهجرة إلى الشمال</h1>"#))
        // The byline's names are set apart by the style sheet (`unicode-bidi: plaintext`), as a card's.
        #expect(page.contains(#"<p class="byline">by <a href="../../authors/"#) && page.contains(#"">الطيب صالح</a>"#))
        #expect(page.contains("<div dir=\"auto\">\n<p>قرأته في الصيف.</p>"))
        #expect(page.contains(#"<blockquote dir="auto"><p>عدت إلى أهلي</p></blockquote>"#))
        #expect(page.contains(#"<div class="highlight-note" dir="auto">"#))
        #expect(try shelf.siteFile("index.html").contains(#"<p class="book-card-title" dir="auto"><a"#))
        let authorSlug = try shelf.library.books()[0].authors[0].slug
        #expect(try shelf.siteFile("authors/\(authorSlug)/index.html").contains(#"<h1 dir="auto">الطيب صالح</h1>"#))
        #expect(try shelf.siteFile("highlights/index.html").contains(#"<blockquote dir="auto"><p>عدت إلى أهلي"#))
        #expect(page.contains(#"<span class="cover-title" dir="auto">موسم الهجرة"#))
    }

    /// A highlight's note of only an Obsidian comment (a reminder) was an empty box under the
    /// passage, on its book's page and in the commonplace book (found by a review); a
    /// book's note of only a comment shows nothing already.
    @Test func aHighlightsNoteOfOnlyACommentShowsNoNote() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"], status: .read))
        try shelf.library.addHighlight(
            NewHighlight(text: "Fear is the mind-killer.", note: "%% ask Sam about this %%", source: .reader),
            toBook: "dune")
        try shelf.build()
        for file in ["books/dune/index.html", "highlights/index.html"] {
            let page = try shelf.siteFile(file)
            #expect(page.contains("Fear is the mind-killer.") && !page.contains("highlight-note"), "\(file)")
        }
    }

    /// The built-in book card wrote its own loop of authors for a change of direction, and a
    /// reader's own `partials/authors.mustache` reached the book's page and no card (found by a
    /// review): every card lists its authors through the partial, as it did.
    @Test func aReadersAuthorsPartialReachesEveryCard() throws {
        let shelf = try FixtureShelf.make()
        try Data(#"{{#authors}}<a class="mine" href="{{url}}">{{name}}</a>{{separator}}{{/authors}}"#.utf8)
            .write(to: shelf.paths.templates.appendingPathComponent("partials/authors.mustache"))
        try shelf.build(settings: FixtureShelf.settings)
        #expect(try shelf.siteFile("books/kindred/index.html").contains(#"<a class="mine""#))
        #expect(try shelf.siteFile("index.html").contains(#"<p class="book-card-authors" dir="auto"><a class="mine""#))
    }

    /// On an English site the commonplace book's caption drew an Arabic author left of the
    /// book's Arabic title, with the comma turned, and an author's "Other works" drew "(1992)
    /// الشطار": the names stood in running text, set apart by nothing (found by an exploratory
    /// session). The caption's title and each name, each other work, the footer's site title and
    /// the owner's name in it are isolated, as cards and book pages isolate them.
    @Test func namesInRunningTextAreIsolated() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(
            NewBook(
                title: "الخبز الحافي",
                authors: [
                    NewAuthor(name: "محمد شكري", works: [NewWork(key: "OL2W", title: "الشطار", year: 1992)]),
                    "ש״י עגנון",
                ], language: "ar", status: .read))
        let slug = try shelf.library.books()[0].book.slug
        try shelf.library.addHighlight(
            NewHighlight(text: "كنت أبكي", place: HighlightPlace(page: "42"), source: .kindle), toBook: slug)
        try shelf.build(settings: SiteSettings(title: "مكتبتي 2024", owner: "محمد"))
        let commonplace = try shelf.siteFile("highlights/index.html")
        #expect(
            commonplace.contains(
                #"<figcaption><cite dir="auto" lang="ar"><a href="../books/\#(slug)/index.html">الخبز الحافي</a></cite>, "#
                    + "<bdi>محمد شكري</bdi> and <bdi>ש״י עגנון</bdi> · "))
        let authorSlug = try shelf.library.books()[0].authors[0].slug
        let author = try shelf.siteFile("authors/\(authorSlug)/index.html")
        #expect(author.contains(#"<li><bdi>الشطار</bdi> <span class="count">(1992)</span></li>"#))
        #expect(author.contains("<footer class=\"site-footer\">\n  <p>\u{2068}محمد\u{2069}’s bookshelf · "))
        try shelf.build(settings: SiteSettings(title: "مكتبتي 2024"))
        #expect(try shelf.siteFile("index.html").contains("<p><bdi>مكتبتي 2024</bdi> · made with"))
    }

    /// A rating is a schema.org Review, which needs an author: the shelf's owner. A review with
    /// none was published, and checkers refuse it (found by an exploratory session).
    @Test func aRatingIsAReviewByTheShelfsOwnerOrNone() throws {
        var details = try FixtureShelf.make().library.findBook(matching: "fledgling")
        details.book.rating = try Rating(4)
        let byOwner = StructuredData.bookJSONLD(for: details, cover: nil, baseURL: nil, owner: "Ada Reader").html
        #expect(byOwner.contains(#""review":{"@type":"Review","author":{"@type":"Person","name":"Ada Reader"},"#))
        let noOwner = StructuredData.bookJSONLD(for: details, cover: nil, baseURL: nil, owner: nil).html
        #expect(!noOwner.contains("review"))
    }

    @Test func catalogTextIsEscapedAndNoteScriptsAreDropped() throws {
        let shelf = try FixtureShelf.make()
        try shelf.library.addBook(
            NewBook(
                title: "<script>alert(1)</script>\" onmouseover=\"x", authors: ["<b>Bold</b> & Co"],
                description: HTMLAllowList.sanitize(
                    "<p onclick=\"alert(0)\">Hi <img src=x onerror=alert(1)><a href=\"javascript:alert(2)\">there</a></p>"
                        + "<script>alert(3)</script>")))
        try shelf.build()
        let slug = Slug.make(from: "<script>alert(1)</script>\" onmouseover=\"x")
        let page = try shelf.siteFile("books/\(slug)/index.html")
        // The JSON-LD holds the title as JSON, with every < > & escaped so it cannot end its script.
        let parts = page.components(separatedBy: "<script type=\"application/ld+json\">")
        try #require(parts.count == 2)
        let jsonLD = parts[1].components(separatedBy: "</script>")[0]
        #expect(!jsonLD.contains("<") && !jsonLD.contains(">") && jsonLD.contains("\\u003cscript\\u003e"))
        let html = parts[0] + (parts[1].components(separatedBy: "</script>").dropFirst().joined(separator: "</script>"))
        #expect(!html.contains("<script>alert(1)"))
        #expect(!html.contains("\" onmouseover"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover=&quot;x"))
        #expect(page.contains("<p>Hi there</p>"))
        #expect(!page.contains("onerror") && !page.contains("javascript:") && !page.contains("alert(3)"))
        // The placeholder cover shows the title as text, escaped like the rest.
        #expect(
            page.contains(
                "<span class=\"cover-title\" dir=\"auto\">&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover"))
        let omens = try shelf.siteFile("books/good-omens/index.html")
        #expect(!omens.contains("<script>alert('x')"))
    }

    /// A quote or `<` followed by a combining mark is one Character: escaping must still see it.
    @Test func aCombiningMarkCannotHideAQuoteOrATag() throws {
        let shelf = try FixtureShelf.make()
        let title = "Mark\"\u{301} onmouseover=\"alert(1)\" x=\"\u{301} <\u{301}script>alert(2)</script>"
        try shelf.library.addBook(NewBook(title: title, authors: ["<\u{338}b>Bold"]))
        try shelf.build()
        let page = try shelf.siteFile("books/\(Slug.make(from: title))/index.html")
        // No raw quote or `<` before a mark (in the JSON-LD a quote is escaped with a backslash).
        let scalars = Array(page.unicodeScalars)
        #expect(
            !scalars.indices.dropFirst().dropLast().contains { index in
                (scalars[index] == "\"" || scalars[index] == "<") && scalars[index - 1] != "\\"
                    && scalars[index + 1].properties.generalCategory == .nonspacingMark
            })
        #expect(page.contains("&quot;\u{301} onmouseover=&quot;alert(1)&quot;"))
        #expect(page.contains("&lt;\u{301}script&gt;"))
    }

    @Test func booksWithoutACoverGetAPlaceholderThatShowsTheTitle() throws {
        let shelf = try FixtureShelf.make()
        let bells = try shelf.library.addBook(NewBook(title: "Bell\u{7}s & <tags>\u{1}", authors: ["A\u{1F}uthor"]))
        try shelf.build()
        let hue = CoverArt.placeholder(title: "Kindred", author: nil, slug: "kindred").hue
        let page = try shelf.siteFile("books/kindred/index.html")
        #expect(
            page.contains(
                "<span class=\"cover cover-placeholder cover-hue-\(hue)\" role=\"img\" aria-label=\"Cover of Kindred\">"
                    + "<span class=\"cover-title\" dir=\"auto\">Kindred</span><span class=\"cover-author\" dir=\"auto\">Octavia E. Butler</span></span>"
            ))
        // No image file is published for it, and none is linked.
        #expect(
            !FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("covers/kindred.svg").path))
        #expect(!page.contains("kindred.svg"))
        // Characters HTML cannot hold, which imports bring, are left out of its text.
        let bellsPage = try shelf.siteFile("books/\(bells.book.slug)/index.html")
        #expect(
            bellsPage.contains(
                "<span class=\"cover-title\" dir=\"auto\">Bells &amp; &lt;tags&gt;</span><span class=\"cover-author\" dir=\"auto\">Author</span>"
            )
        )
    }

    @Test func theSameShelfBuildsTheSameBytes() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build()
        let first = try TemporaryShelf.snapshot(of: shelf.paths.site)
        let report = try shelf.build()
        #expect(report.notesRendered == 0)
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == first)
    }

    /// A build reads the library and never writes to it: a note is rendered from its file when
    /// its page is made, and the library keeps no copy (copies made a library of 50,000 notes
    /// nine times its size).
    @Test func aBuildLeavesTheLibraryAsItWas() throws {
        let shelf = try FixtureShelf.make()
        let files = ["", "-wal"].map { shelf.paths.library.path + $0 }
        let before = files.map { FileManager.default.contents(atPath: $0) }
        try shelf.build()
        try shelf.writeNote("A *new* thought.\n", slug: "kindred")
        try shelf.build()
        #expect(files.map { FileManager.default.contents(atPath: $0) } == before)
        #expect(try shelf.library.database.read { try $0.tableExists("note") } == false)
        #expect(try shelf.siteFile("books/kindred/index.html").contains("A <em>new</em> thought."))
    }

    @Test func anOrphanNoteIsReportedNotDropped() throws {
        let shelf = try FixtureShelf.make()
        try shelf.writeNote("Lost thoughts", slug: "a-book-i-removed")
        let report = try shelf.build()
        #expect(report.orphanNotes == [shelf.paths.notes.appendingPathComponent("a-book-i-removed.md").path])
        #expect(
            FileManager.default.fileExists(atPath: shelf.paths.notes.appendingPathComponent("a-book-i-removed.md").path)
        )
    }

    /// `Kindred.MD` or `kindred.markdown` was left out without a word: the reader's note never
    /// appeared and nothing said why.
    @Test func aNoteFileNamedAlmostRightIsWarnedOfAtEveryBuild() throws {
        let shelf = try FixtureShelf.make()
        for name in ["Kindred.MD", "kindred.markdown", "Dawn Again.md.txt", "todo.txt", "kindred.md~"] {
            try Data("Thoughts".utf8).write(to: shelf.paths.notes.appendingPathComponent(name))
        }
        let expected = [
            ("Dawn Again.md.txt", "dawn-again.md"), ("Kindred.MD", "kindred.md"), ("kindred.markdown", "kindred.md"),
        ]
        .map { name, expected in
            "\(shelf.paths.notes.appendingPathComponent(name).path) is not read as a note: a note is named for"
                + " its book's slug, as \(expected)"
        }
        let first = try shelf.build()
        #expect(first.warnings.filter { $0.contains("is not read as a note") } == expected)
        #expect(try !shelf.siteFile("books/kindred/index.html").contains("Thoughts"))
        let again = try shelf.build()
        #expect(again.kind == .upToDate)
        #expect(again.warnings.filter { $0.contains("is not read as a note") } == expected)
    }

    /// A note whose file name is not UTF-8 (`caf\xE9.md`, saved by an old Latin-1 tool) was left
    /// out by every build without a word, where `export` named it (found by an exploratory
    /// session): every build, full or with nothing to do, says in one line that it is not read.
    @Test func aNoteWhoseNameIsNotUTF8IsWarnedOfAtEveryBuild() throws {
        let shelf = try FixtureShelf.make()
        let name =
            (Array(shelf.paths.notes.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".md".utf8))
            .map { CChar(bitPattern: $0) } + [0]
        let file = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(file >= 0)
        _ = "My thoughts".withCString { Glibc.write(file, $0, strlen($0)) }
        close(file)
        let expected = [
            "\(shelf.paths.notes.path)/caf\u{FFFD}.md is not read as a note: its name is not UTF-8; a note is named"
                + " for its book's slug (rename it)"
        ]
        let first = try shelf.build()
        #expect(first.warnings.filter { $0.contains("is not read as a note") } == expected)
        let again = try shelf.build()
        #expect(again.kind == .upToDate)
        #expect(again.warnings.filter { $0.contains("is not read as a note") } == expected)
        let full = try SiteBuilder(library: shelf.library, paths: shelf.paths, settings: SiteSettings()).build(.full)
        #expect(full.warnings.filter { $0.contains("is not read as a note") } == expected)
    }

    @Test func aFailedBuildLeavesThePreviousSiteIntact() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build()
        let before = try TemporaryShelf.snapshot(of: shelf.paths.site)
        try shelf.library.addBook(NewBook(title: "New"))
        try Data([0xFF, 0xFE, 0x00]).write(to: shelf.paths.notes.appendingPathComponent("new.md"))
        #expect(throws: BuildError.self) { try shelf.build() }
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: shelf.root.path).filter {
            $0.hasPrefix(".site")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func aNoteThatIsNotUTF8NamesTheStepAndTheFile() throws {
        let shelf = try FixtureShelf.make()
        try Data([0x63, 0x61, 0x66, 0xE9]).write(to: shelf.paths.notes.appendingPathComponent("kindred.md"))
        do {
            try shelf.build()
            Issue.record("the build should have failed")
        } catch let error as BuildError {
            #expect(error.step == .readNotes)
            #expect(
                "\(error)"
                    == "build failed to read notes: \(shelf.paths.notes.path)/kindred.md is not UTF-8 text: save it as UTF-8 in your editor and try again"
            )
        }
    }

    @Test func refusesToOverwriteAFolderItDidNotWrite() throws {
        let shelf = try FixtureShelf.make()
        try FileManager.default.createDirectory(at: shelf.paths.site, withIntermediateDirectories: true)
        let precious = shelf.paths.site.appendingPathComponent("thesis.tex")
        try Data("precious".utf8).write(to: precious)
        #expect(throws: BuildError.self) { try shelf.build() }
        #expect(try String(contentsOf: precious, encoding: .utf8) == "precious")

        var paths = shelf.paths
        paths.site = shelf.root
        #expect(throws: BuildError.self) { try SiteBuilder(library: shelf.library, paths: paths).build() }
    }

    @Test func anEmptyFolderIsAcceptedAsOutput() throws {
        let shelf = try FixtureShelf.make()
        try FileManager.default.createDirectory(at: shelf.paths.site, withIntermediateDirectories: true)
        try shelf.build()
        #expect(FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("index.html").path))
    }

    @Test func aCoverThatIsNotAnImageIsAWarningAndThePlaceholder() throws {
        let shelf = try FixtureShelf.make()
        try Data("<html>not found</html>".utf8).write(to: shelf.paths.covers.appendingPathComponent("kindred.jpg"))
        let report = try shelf.build()
        #expect(report.warnings.count == 1 && report.warnings[0].contains("kindred.jpg is not a JPEG"))
        #expect(try shelf.siteFile("books/kindred/index.html").contains("cover-placeholder"))
    }

    @Test func anEmptyShelfBuildsAnInvitingIndex() throws {
        let shelf = try TemporaryShelf()
        let report = try shelf.build()
        #expect(report.pageCount == 5)
        #expect(try shelf.siteFile("index.html").contains("The shelf is empty"))
    }
}

@Suite struct ImageInfoTests {
    @Test func readsTheSizeOfTheFixtureJPEGs() throws {
        let fledgling = try Data(
            contentsOf: TestPaths.fixtures.appendingPathComponent("covers/google-books-thumbnail-fledgling.jpg"))
        #expect(ImageInfo(bytes: [UInt8](fledgling)) == ImageInfo(bytes: [UInt8](fledgling)))
        let info = try #require(ImageInfo(bytes: [UInt8](fledgling)))
        #expect((info.format, info.width, info.height) == (.jpeg, 128, 194))
        let maid = try Data(
            contentsOf: TestPaths.fixtures.appendingPathComponent("covers/google-books-thumbnail-the-maid.jpg"))
        #expect(ImageInfo(bytes: [UInt8](maid)).map { [$0.width, $0.height] } == [128, 197])
    }

    @Test func readsPNGAndGIFHeadersAndRejectsText() {
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 1, 44, 0, 0, 1, 194]
        #expect(ImageInfo(bytes: png).map { [$0.width, $0.height] } == [300, 450])
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x10, 0x00, 0x20, 0x00]
        #expect(ImageInfo(bytes: gif).map { [$0.width, $0.height] } == [16, 32])
        #expect(ImageInfo(bytes: Array("<html>".utf8)) == nil)
        #expect(ImageInfo(bytes: [0xFF, 0xD8, 0xFF]) == nil)
    }
}

@Suite struct CoverArtTests {
    @Test func aPlaceholderKeepsItsColourAndShowsTitleAndAuthor() {
        let first = CoverArt.placeholder(title: "Kindred", author: "Octavia E. Butler", slug: "kindred")
        #expect(first.isPlaceholder && first.src.isEmpty && first.alt == "Cover of Kindred")
        #expect(first.title == "Kindred" && first.author == "Octavia E. Butler")
        #expect((0..<CoverArt.placeholderHues).contains(first.hue))
        #expect(CoverArt.placeholder(title: "Other", author: nil, slug: "kindred").hue == first.hue)
        let hues = Set((0..<200).map { CoverArt.placeholder(title: "", author: nil, slug: "book-\($0)").hue })
        #expect(hues.count == CoverArt.placeholderHues)
    }
}
