import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The commonplace book: every published highlight, newest first, its years paged, its feed and
/// the site's search; nothing in a highlight reaches a page, the feed or the index as markup.
@Suite struct CommonplaceTests {
    /// `count` highlights of "Emma" made a minute apart from 1 March 2025 on, the last the newest.
    static func shelfWithHighlights(_ count: Int, hidden: Int = 0) throws -> TemporaryShelf {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        let start = Date(timeIntervalSince1970: 1_740_787_200)
        for number in 0..<count {
            let highlight = try shelf.library.addHighlight(
                NewHighlight(
                    text: "Passage number \(number).", place: HighlightPlace(page: String(number + 1)),
                    madeAt: start.addingTimeInterval(Double(number) * 60), source: .kindle),
                toBook: "emma"
            ).highlight
            if number < hidden { try shelf.library.editHighlight(highlight.id, published: false) }
        }
        return shelf
    }

    /// The passages a page shows, in its order.
    static func passages(_ page: String) -> [String] {
        page.components(separatedBy: "<blockquote dir=\"auto\"><p>").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
    }

    @Test func theCommonplaceBookShowsEveryPublishedHighlightNewestFirstWithItsBook() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let home = try shelf.siteFile("highlights/index.html")
        // Newest first: Fledgling's two of March 2025, then Kindred's added on 1 January 2026…
        // except that the one added by hand is dated when it was added, the newest of all.
        #expect(
            Self.passages(home) == [
                "I lost an arm on my last trip home.", "Wright &amp; &lt;em&gt;Shori&lt;/em&gt;, &quot;together&quot;.",
                "I awoke to darkness.", "Kevin had been gone for five years.",
            ])
        #expect(!home.contains("A passage kept private."))
        #expect(home.contains("4 highlights from 2 books"))
        #expect(
            home.contains(
                #"<cite dir="auto"><a href="../books/fledgling/index.html">Fledgling</a></cite>, <bdi>Octavia E. Butler</bdi>"#
            ))
        #expect(home.contains(#"<time datetime="2025-03-02">2 March 2025</time>"#))
        #expect(home.contains(#"<span class="place">p. 1 · loc. 10–11</span>"#))
        #expect(home.contains(#"<span class="place">Prologue</span>"#))
        // A note's javascript: link is its text alone.
        #expect(home.contains("<p>The <em>first</em> line, and a link.</p>"))
        #expect(!home.contains("javascript:"))
        // Each links to its place on its book's page, which has the anchor.
        let fledgling = try shelf.siteFile("books/fledgling/index.html")
        for id in home.components(separatedBy: #"class="permalink" href="../books/"#).dropFirst().map({
            String($0.prefix { $0 != "\"" })
        }) {
            let anchor = String(id.split(separator: "#")[1])
            #expect(anchor.hasPrefix("h-"))
            let page = id.hasPrefix("fledgling") ? fledgling : try shelf.siteFile("books/kindred/index.html")
            #expect(page.contains("id=\"\(anchor)\""), "\(id)")
        }
        // A year per page, newest first, and the home links them and the commonplace book.
        #expect(
            home.contains(#"<a href="../highlights/2026/index.html">2026</a> <span class="count">1 highlight</span>"#))
        #expect(Self.passages(try shelf.siteFile("highlights/2025/index.html")).count == 2)
        #expect(
            Self.passages(try shelf.siteFile("highlights/2019/index.html")) == ["Kevin had been gone for five years."])
        #expect(try shelf.siteFile("index.html").contains(#"<a href="highlights/index.html">Commonplace book</a>"#))
        #expect(fledgling.contains(#"<a href="../../highlights/index.html">All highlights</a>"#))
    }

    @Test func aYearOfManyHighlightsIsPagedAndTheHomeShowsTheNewest() throws {
        let shelf = try Self.shelfWithHighlights(2 * Commonplace.pageSize + 5, hidden: 3)
        try shelf.build()
        let home = try shelf.siteFile("highlights/index.html")
        let published = 2 * Commonplace.pageSize + 2
        #expect(home.contains("\(published) highlights from 1 book"))
        #expect(
            Self.passages(home)
                == (0..<Commonplace.homeSize).map { "Passage number \(2 * Commonplace.pageSize + 4 - $0)." })
        let pages = try (1...3).map { number in
            try shelf.siteFile(number == 1 ? "highlights/2025/index.html" : "highlights/2025/page/\(number)/index.html")
        }
        // Every published highlight once, newest first, across the year's pages.
        #expect(
            pages.flatMap(Self.passages)
                == (3..<(2 * Commonplace.pageSize + 5)).reversed().map { "Passage number \($0)." })
        #expect(pages[1].contains(#"<a href="../../../../highlights/2025/index.html" rel="prev">"#))
        #expect(pages[1].contains(#"<a href="../../../../highlights/2025/page/3/index.html" rel="next">"#))
        #expect(pages[1].contains("<title>Highlights of 2025, page 2 — "))
        #expect(
            !FileManager.default.fileExists(
                atPath: shelf.paths.site.appendingPathComponent("highlights/2025/page/4").path))
    }

    /// A book's page showed every one of its highlights, 2.4 MB for 5,000 (found by an
    /// exploratory session): it shows the first hundred, the rest are a hundred a page at
    /// `books/<slug>/highlights/page/<n>/`, and every link to a highlight (the commonplace book's
    /// permalinks, the search's, the feed's) leads to the page that shows it.
    @Test func aBookOfManyHighlightsIsPagedAndEveryLinkFindsItsPage() throws {
        let shelf = try Self.shelfWithHighlights(2 * Commonplace.pageSize + 5, hidden: 3)
        try shelf.build(settings: FixtureShelf.settings)
        let paths = ["books/emma/index.html"] + (2...3).map { "books/emma/highlights/page/\($0)/index.html" }
        let pages = try paths.map(shelf.siteFile)
        #expect(
            !FileManager.default.fileExists(
                atPath: shelf.paths.site.appendingPathComponent("books/emma/highlights/page/4").path))
        // The 202 published, in the book's order, each once.
        #expect(pages.map { Self.passages($0).count } == [100, 100, 2])
        #expect(pages.flatMap(Self.passages) == (3..<(2 * Commonplace.pageSize + 5)).map { "Passage number \($0)." })
        #expect(pages[0].contains(#"<a href="../../books/emma/highlights/page/2/index.html" rel="next">"#))
        #expect(pages[1].contains(#"<a href="../../../../../books/emma/index.html" rel="prev">"#))
        #expect(pages[1].contains("<title>Highlights from Emma, page 2 — "))
        #expect(
            pages[1].contains(#"<p class="counts">202 highlights · <a href="../../../../../books/emma/index.html""#))
        // Where each highlight's anchor is.
        var anchors: [String: String] = [:]
        for (path, page) in zip(paths, pages) {
            for part in page.components(separatedBy: #"<figure class="highlight" id=""#).dropFirst() {
                anchors[String(part.prefix { $0 != "\"" })] = path
            }
        }
        #expect(anchors.count == 202)
        func expectFound(_ link: String, from page: String) {
            let parts = link.components(separatedBy: "#")
            let target = URL(
                fileURLWithPath: parts[0],
                relativeTo: shelf.paths.site.appendingPathComponent(page).deletingLastPathComponent()
            ).standardizedFileURL.path.dropFirst(shelf.paths.site.standardizedFileURL.path.count + 1)
            #expect(parts.count == 2 && anchors[parts[1]] == String(target), "\(link) from \(page)")
        }
        // The commonplace book's permalinks.
        var permalinks = 0
        for path in ["highlights/index.html"]
            + (1...3).map({ $0 == 1 ? "highlights/2025/index.html" : "highlights/2025/page/\($0)/index.html" })
        {
            for part in try shelf.siteFile(path).components(separatedBy: #"<a class="permalink" href=""#).dropFirst() {
                expectFound(String(part.prefix { $0 != "\"" }), from: path)
                permalinks += 1
            }
        }
        #expect(permalinks == Commonplace.homeSize + 202)
        // The search's links, from the top of the site.
        let search = try shelf.siteFile("search-index.js").components(separatedBy: #""u":""#).dropFirst()
            .map { String($0.prefix { $0 != "\"" }) }.filter { $0.contains("#h-") }
        #expect(search.count == 202)
        for link in search { expectFound(link, from: "index.html") }
        // The feed's links; each entry's id stays the highlight's place on its book's page.
        let feed = try shelf.siteFile("highlights/feed.xml")
        let base = "https://books.example.org/shelf/"
        let links = feed.components(separatedBy: #"<link rel="alternate" type="text/html" href=""#).dropFirst()
            .map { String($0.prefix { $0 != "\"" }) }.filter { $0.contains("#h-") }
        #expect(!links.isEmpty && links.allSatisfy { $0.hasPrefix(base) })
        // A feed names a folder's page by the folder, as a web server serves it.
        for link in links {
            expectFound(
                String(link.dropFirst(base.count)).replacingOccurrences(of: "/#", with: "/index.html#"),
                from: "index.html")
        }
        #expect(links.contains { $0.contains("/highlights/page/3/") })
        #expect(!feed.contains("<id>\(base)books/emma/highlights/"))
    }

    @Test func aShelfWithNoPublishedHighlightHasNoCommonplaceBook() throws {
        let shelf = try Self.shelfWithHighlights(2, hidden: 2)
        try shelf.build(settings: FixtureShelf.settings)
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("highlights").path))
        #expect(try !shelf.siteFile("index.html").contains("Commonplace book"))
        #expect(try !shelf.siteFile("search-index.js").contains("\"h\":"))
        #expect(try !shelf.siteFile("sitemap.xml").contains("highlights"))
    }

    /// A highlight's note is shown on its book's page, on the book's later pages of highlights, in
    /// the commonplace book and in its feed, and was pasted unchanged on each: a relative link or
    /// image written from the book's page led nowhere from every other (found by an exploratory
    /// session). Its relative addresses are read from its book's page, as the book's note's are,
    /// and lead there from every page that shows it; in the feed they are whole addresses. An
    /// address with a scheme or from the server's top stays as written, and a rebuild after the
    /// note changed equals a full build. A place on the book's page (`#h-1`) led from the other
    /// pages to the book's folder, where every other link names `index.html`, and a site opened
    /// from `file://` showed the folder's listing (found by an exploratory session); the feed
    /// writes it as it writes its entries' own links, the folder's address.
    @Test func aHighlightsNoteLinksWhereItDoesFromItsBooksPageOnEveryPageAndInTheFeed() throws {
        let shelf = try Self.shelfWithHighlights(Paging.pageSize)
        try shelf.library.addBook(NewBook(title: "Persuasion", authors: ["Jane Austen"]))
        let note =
            "Compare [Persuasion](../persuasion/), [the end](#h-1), ![a map](map.png), "
            + "[the author](https://example.org/austen), [home](/index.html) and [a folder](../../notes:2024/)."
        let noted = try shelf.library.addHighlight(
            NewHighlight(
                text: "Badly done, Emma!", note: note, place: HighlightPlace(page: "900"),
                madeAt: Date(timeIntervalSince1970: 1_750_000_000), source: .reader),
            toBook: "emma"
        ).highlight
        let settings = SiteSettings(baseURL: URL(string: "https://books.example.org/shelf/"))
        try shelf.build(settings: settings)
        let unchanged = [#"href="https://example.org/austen""#, #"href="/index.html""#]
        for (path, root) in [
            ("books/emma/highlights/page/2/index.html", "../../../../../"), ("highlights/index.html", "../"),
            ("highlights/2025/index.html", "../../"),
        ] {
            let page = try shelf.siteFile(path)
            for expected in [
                #"<a href="\#(root)books/persuasion/index.html">Persuasion</a>"#,
                #"<a href="\#(root)books/emma/index.html#h-1">the end</a>"#,
                #"<img src="\#(root)books/emma/map.png" alt="a map" />"#,
            ] + unchanged {
                #expect(page.contains(expected), "\(path): \(expected)")
            }
            // Each leads to a page of the site.
            let target = shelf.paths.site.appendingPathComponent(path).deletingLastPathComponent()
                .appendingPathComponent("\(root)books/persuasion/index.html").standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: target.path), "\(path)")
        }
        let feed = try shelf.siteFile("highlights/feed.xml")
        for expected in [
            "&lt;a href=&quot;https://books.example.org/shelf/books/persuasion/index.html&quot;&gt;Persuasion",
            "&lt;a href=&quot;https://books.example.org/shelf/books/emma/#h-1&quot;&gt;the end",
            "&lt;img src=&quot;https://books.example.org/shelf/books/emma/map.png&quot;",
            "&lt;a href=&quot;https://example.org/austen&quot;", "&lt;a href=&quot;/index.html&quot;",
            // A path whose first folder has a colon read as a scheme (`notes:2024/`): found by a review.
            "&lt;a href=&quot;https://books.example.org/shelf/notes:2024/&quot;&gt;a folder",
        ] {
            #expect(feed.contains(expected), "\(expected)")
        }
        try shelf.library.editHighlight(noted.id, note: "See [Persuasion](../persuasion/index.html) again.")
        try shelf.build(settings: settings)
        #expect(
            try shelf.siteFile("highlights/index.html").contains(
                #"<a href="../books/persuasion/index.html">Persuasion</a>"#))
        let built = try TemporaryShelf.snapshot(of: shelf.paths.site)
        #expect(built == (try IncrementalBuildTests().fullBuild(of: shelf, settings: settings)))
    }

    /// On the book's own page, a highlight's note is shown as written, but for a link to a folder
    /// of the build's pages, which leads to its `index.html` (see ``NoteFolderLinks``).
    @Test func aHighlightsNoteOnItsBooksPageIsAsWritten() throws {
        let shelf = try Self.shelfWithHighlights(1)
        try shelf.library.addBook(NewBook(title: "Persuasion", authors: ["Jane Austen"]))
        _ = try shelf.library.addHighlight(
            NewHighlight(text: "Badly done, Emma!", note: "Compare [Persuasion](../persuasion/).", source: .reader),
            toBook: "emma")
        try shelf.build()
        #expect(
            try shelf.siteFile("books/emma/index.html").contains(#"<a href="../persuasion/index.html">Persuasion</a>"#))
        #expect(RelativeAddress.fromSiteTop("../../../up.html?a=1#b", from: "books/emma/") == "../up.html?a=1#b")
        #expect(RelativeAddress.fromSiteTop("./a/./b/../c", from: "books/emma/") == "books/emma/a/c")
        #expect(RelativeAddress.fromSiteTop("..", from: "books/emma/") == "books/")
        #expect(RelativeAddress.fromSiteTop("", from: "books/emma/") == "books/emma/")
        for address in ["https://example.org", "mailto:a@example.org", "/top", "//host/x"] {
            #expect(!RelativeAddress.isRelative(address), "\(address)")
        }
        for address in ["a.html", "#x", "../b/", "a/b:c", "?q=1", "1:2"] {
            #expect(RelativeAddress.isRelative(address), "\(address)")
        }
    }

    /// A highlight's note with character references to control characters (`&#1;`, an escape
    /// sequence `&#x1b;[31m`) put them raw on its book's page and in the commonplace book, and
    /// its feed left them out (found by an exploratory session): every page and the feed now say
    /// the same, with nothing a page may not carry.
    @Test func aHighlightsNoteSaysTheSameOnItsPagesAndInItsFeed() throws {
        let shelf = try Self.shelfWithHighlights(1)
        _ = try shelf.library.addHighlight(
            NewHighlight(text: "A passage", note: "Note a&#1;b &#x1b;[31m red", source: .reader), toBook: "emma")
        try shelf.build(settings: SiteSettings(baseURL: URL(string: "https://books.example.org/shelf/")))
        for path in ["books/emma/index.html", "highlights/index.html"] {
            let page = try shelf.siteFile(path)
            #expect(page.contains("<p>Note ab  red</p>"), "\(path)")
            #expect(!page.unicodeScalars.contains { !PublishedText.isPublishable($0) }, "\(path)")
        }
        #expect(try shelf.siteFile("highlights/feed.xml").contains("&lt;p&gt;Note ab  red&lt;/p&gt;"))
    }

    @Test func theHighlightsFeedIsAtomWithEachPassageEscapedAndLinkedToItsPlace() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let data = try Data(contentsOf: shelf.paths.site.appendingPathComponent("highlights/feed.xml"))
        let feed = String(decoding: data, as: UTF8.self)
        let reader = FeedEntries()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(reader.titles.first == "Fixture Shelf: highlights")
        #expect(reader.contents.count == 4)
        // The passage is text in the entry's HTML: escaped once for HTML, once more for XML.
        #expect(
            reader.contents[1]
                == "<blockquote><p>Wright &amp; &lt;em&gt;Shori&lt;/em&gt;, &quot;together&quot;.</p></blockquote>")
        #expect(reader.contents[2].contains("<p>The <em>first</em> line, and a link.</p>"))
        #expect(
            feed.contains(
                #"<link rel="self" type="application/atom+xml" href="https://books.example.org/shelf/highlights/feed.xml"/>"#
            ))
        #expect(feed.contains("<id>https://books.example.org/shelf/books/fledgling/#h-"))
        #expect(
            try shelf.siteFile("highlights/index.html").contains(
                #"<link rel="alternate" type="application/atom+xml" title="Highlights (Atom feed)" href="../highlights/feed.xml">"#
            ))
        #expect(try shelf.siteFile("sitemap.xml").contains("https://books.example.org/shelf/highlights/2025/"))
    }

    /// A shelf built in New York with a passage of Emma made at each of `made` (times on the
    /// reader's clock) and one whose source gave no time, dated by the moment it came in
    /// (2026-01-01T00:00:00Z).
    func newYorkShelf(passagesMadeAt made: [Double]) throws -> TemporaryShelf {
        let york = try #require(TimeZone(identifier: "America/New_York"))
        let shelf = try TemporaryShelf(clock: .fixed(TemporaryShelf.fixedDate, in: york))
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        for time in made {
            _ = try shelf.library.addHighlight(
                NewHighlight(text: "Passage \(time).", madeAt: Date(timeIntervalSince1970: time), source: .kindle),
                toBook: "emma")
        }
        let undated = ImportedHighlight(
            line: 2, bookTitle: "Emma", bookAuthor: "Jane Austen",
            highlight: NewHighlight(text: "Undated passage.", source: .readwise))
        _ = try shelf.library.importHighlights(HighlightFile(source: .readwise, highlights: [undated]))
        var settings = SiteSettings()
        settings.baseURL = URL(string: "https://books.example.org/")
        try shelf.build(settings: settings)
        return shelf
    }

    /// The highlights feed was dated by its first entry, the newest by the dates the library keeps;
    /// but a time on the reader's clock sorts among moments hours off, and the feed was dated an
    /// hour before the newest passage it held (found by an exploratory session).
    @Test func theHighlightsFeedIsDatedByItsNewestMoment() throws {
        // 20:00 on New Year's Eve in New York, 01:00 UTC: after the undated passage came in.
        let shelf = try newYorkShelf(passagesMadeAt: [1_767_211_200])
        let feed = try shelf.siteFile("highlights/feed.xml")
        let head = try #require(feed.components(separatedBy: "<entry>").first)
        #expect(head.contains("<updated>2025-12-31T20:00:00-05:00</updated>"), "\(feed)")
        #expect(feed.contains("<updated>2026-01-01T00:00:00Z</updated>"), "\(feed)")
    }

    /// The highlights feed held the first thirty passages in the commonplace book's order, where
    /// a time on the reader's clock sorts among moments hours off: thirty passages made after
    /// 20:30 on New Year's Eve in New York (01:30 UTC and later) came after the one that came in
    /// at midnight UTC (19:00 there), and the feed held that one in place of the thirtieth
    /// (found by a review). It holds the thirty newest by the moment each was made, newest first.
    @Test func theHighlightsFeedHoldsTheNewestPassagesByTheirMoments() throws {
        let made = (0..<30).map { 1_767_213_000 + Double($0) * 60 }
        let shelf = try newYorkShelf(passagesMadeAt: made)
        let feed = try shelf.siteFile("highlights/feed.xml")
        let entries = feed.components(separatedBy: "<entry>").dropFirst()
        #expect(entries.count == 30)
        #expect(!feed.contains("Undated passage."), "\(feed)")
        #expect(entries.first?.contains("Passage \(made[29]).") == true)
        #expect(entries.last?.contains("Passage \(made[0]).") == true)
        let head = try #require(feed.components(separatedBy: "<entry>").first)
        #expect(head.contains("<updated>2025-12-31T20:59:00-05:00</updated>"), "\(head)")
    }

    /// The highlights feed wrote each highlight's time, the reader's wall-clock time as a Kindle
    /// writes it, as UTC (`Z`): a feed reader outside UTC showed it shifted by the reader's offset
    /// (found by an exploratory session). It is now written with the offset the reader's zone had
    /// then, summer time included. A highlight whose source gave no time is dated by the moment it
    /// came in, which is no time on the reader's clock: it was written with New York's offset,
    /// five hours early (found by a review).
    @Test func theHighlightsFeedWritesWallClockTimesWithTheirOffset() throws {
        // 10:22 on the reader's clock, in winter and in summer.
        let shelf = try newYorkShelf(passagesMadeAt: [1_705_314_120.0, 1_720_952_520.0])
        let feed = try shelf.siteFile("highlights/feed.xml")
        #expect(feed.contains("<updated>2026-01-01T00:00:00Z</updated>"), "\(feed)")
        #expect(!feed.contains("2026-01-01T00:00:00-05:00"), "\(feed)")
        #expect(feed.contains("<updated>2024-07-14T10:22:00-04:00</updated>"), "\(feed)")
        #expect(feed.contains("<updated>2024-01-15T10:22:00-05:00</updated>"))
        #expect(!feed.contains("10:22:00Z"))
        #expect(
            FeedWriter.wallClockTimestamp(Date(timeIntervalSince1970: 1_705_314_120), in: .gmt)
                == "2024-01-15T10:22:00Z")
        let india = try #require(TimeZone(identifier: "Asia/Kolkata"))
        #expect(
            FeedWriter.wallClockTimestamp(Date(timeIntervalSince1970: 1_705_314_120), in: india)
                == "2024-01-15T10:22:00+05:30")
    }

    /// "subtitle" found no book whose subtitle it was (found by an exploratory session).
    @Test func theSearchIndexHoldsEachBooksSubtitle() throws {
        let shelf = try FixtureShelf.make()
        try shelf.library.addBook(NewBook(title: "Long", subtitle: "Being a Subtitle", authors: ["X"]))
        try shelf.build(settings: FixtureShelf.settings)
        #expect(try shelf.siteFile("search-index.js").contains(#"{"a":"X","s":"Being a Subtitle","t":"Long""#))
    }

    /// A title or author in another script is found by its Latin spelling too, as its slug
    /// spells it: "bulgakov" found nothing (found by an exploratory session). Latin names, and
    /// Latin names with accents, add nothing.
    @Test func theSearchIndexSpellsOtherScriptsInLatinLetters() throws {
        let shelf = try FixtureShelf.make()
        try shelf.library.addBook(NewBook(title: "Мастер и Маргарита", authors: ["Михаил Булгаков", "Ødegaard"]))
        try shelf.library.addBook(NewBook(title: "Cien años de soledad", authors: ["Gabriel García Márquez"]))
        try shelf.build(settings: FixtureShelf.settings)
        let index = try shelf.siteFile("search-index.js")
        #expect(index.contains(#""s":"master i margarita, mihail bulgakov","t":"Мастер и Маргарита""#), "\(index)")
        #expect(index.contains(#"{"a":"Gabriel García Márquez","s":"","t":"Cien años de soledad""#))
    }

    /// "lucja" did not find "Łucja": the search took off accents, and ł has none. The index gives
    /// search.js the letters slugs spell out in ASCII, from the slugs' own table.
    @Test func theSearchFoldsLettersAsSlugsDo() throws {
        let shelf = try FixtureShelf.make()
        try shelf.library.addBook(NewBook(title: "Łucja", authors: ["Ødegaard"]))
        try shelf.build(settings: FixtureShelf.settings)
        let index = try shelf.siteFile("search-index.js")
        let folds = try #require(index.split(separator: "\n").first)
        #expect(folds.hasPrefix("window.BOOKPLATE_SEARCH_FOLDS = {") && folds.hasSuffix("};"))
        for spelling in [#""ß":"ss""#, #""æ":"ae""#, #""Ø":"o""#, #""ø":"o""#, #""ł":"l""#, #""þ":"th""#] {
            #expect(folds.contains(spelling))
        }
        for (letter, ascii) in TextFolding.asciiSpecials {
            #expect(folds.contains(ScriptSafeJSON.quoted(String(letter)) + ":" + ScriptSafeJSON.quoted(ascii)))
        }
        #expect(try shelf.siteFile("assets/search.js").contains("folds = window.BOOKPLATE_SEARCH_FOLDS"))
        #expect(TextFolding.fold("Łucja Ødegaard", to: .ascii) == "lucja odegaard")
    }

    @Test func theSearchIndexHoldsEachPublishedPassageAsText() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let index = try shelf.siteFile("search-index.js")
        #expect(
            index.contains(
                #"{"a":"Octavia E. Butler","h":"I awoke to darkness.","s":"","t":"Fledgling","u":"books/fledgling/index.html#h-"#
            ))
        // As script-safe JSON: no tag can close the script it is in.
        #expect(index.contains(#""h":"Wright \u0026 \u003cem\u003eShori\u003c/em\u003e, \"together\".""#))
        #expect(!index.contains("kept private"))
    }

    @Test func aLongPassageIsFoundByItsFirstThousandCharacters() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        try shelf.library.addHighlight(
            NewHighlight(text: String(repeating: "é", count: 5_000), source: .reader), toBook: "emma")
        try shelf.build()
        let index = try shelf.siteFile("search-index.js")
        #expect(index.contains("\"h\":\"" + String(repeating: "é", count: SearchIndex.highlightCharacters) + "\""))
    }

    @Test func theCommonplaceBookSpeaksTheSiteLanguage() throws {
        let shelf = try FixtureShelf.make()
        var settings = FixtureShelf.settings
        settings.language = "fr"
        try shelf.build(settings: settings)
        let home = try shelf.siteFile("highlights/index.html")
        #expect(home.contains("<h1 id=\"page-heading\">Carnet de citations</h1>"))
        #expect(home.contains("4 passages de 2 livres"))
        #expect(home.contains("2 mars 2025"))
        // The feeds speak it too: their titles, a book's authors listed the French way.
        let highlights = try shelf.siteFile("highlights/feed.xml")
        #expect(highlights.contains("<title>Fixture Shelf : passages surlignés</title>"))
        #expect(highlights.contains("<title>Extrait de Fledgling d’Octavia E. Butler</title>"))
        let books = try shelf.siteFile("feed.xml")
        #expect(books.contains("<title>Ajouté : Good Omens de Terry Pratchett et Neil Gaiman</title>"))
        #expect(books.contains("Noté 4,5 sur 5."))
    }
}

/// The titles and the entries' contents of an Atom feed, as text.
private final class FeedEntries: NSObject, XMLParserDelegate {
    var titles: [String] = []
    var contents: [String] = []
    private var text: String?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "title" || name == "content" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let value = text else { return }
        if name == "title" { titles.append(value) } else if name == "content" { contents.append(value) }
        text = nil
    }
}
