import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// The home page stays small however large the shelf: lists are pages of their own, paged, and
/// every book is at most two clicks from home.
@Suite struct SplitIndexTests {
    /// 120 books read in 2024, 9 read with no date, 3 in 2023, 130 to read, 14 being read, one
    /// set aside, and 110 of them on one shelf: every list kind, two of them past a page.
    /// The shelf, built on a thread of its own: adding and building 277 books would hold one of
    /// the threads Swift's tasks share, which the stub catalog servers of other tests need.
    static func builtLargeShelf() async throws -> TemporaryShelf {
        try await OwnThread.run(throwing: {
            let shelf = try largeShelf()
            try shelf.build()
            return shelf
        })
    }

    static func largeShelf() throws -> TemporaryShelf {
        let shelf = try TemporaryShelf()
        var books: [NewBook] = []
        for number in 1...120 {
            books.append(
                NewBook(
                    title: "Read \(number)", authors: [NewAuthor(name: "Author \(number % 7)")], status: .read,
                    finishedDate: try PartialDate(
                        parsing: String(format: "2024-%02d-%02d", number % 12 + 1, number % 28 + 1)),
                    shelves: number <= 110 ? ["Big shelf"] : []))
        }
        for number in 1...9 { books.append(NewBook(title: "Undated \(number)", authors: ["Author 1"], status: .read)) }
        for number in 1...3 {
            books.append(
                NewBook(
                    title: "Older \(number)", authors: ["Author 2"], status: .read,
                    finishedDate: try PartialDate(parsing: "2023-05")))
        }
        for number in 1...130 { books.append(NewBook(title: "Wanted \(number)", authors: ["Author 3"])) }
        for number in 1...14 { books.append(NewBook(title: "Now \(number)", authors: ["Author 4"], status: .reading)) }
        books.append(NewBook(title: "Dropped", authors: ["Author 5"], status: .abandoned))
        for book in books { try shelf.library.addBook(book) }
        return shelf
    }

    @Test func everyBookIsAtMostTwoClicksFromTheHomePage() async throws {
        let shelf = try await SplitIndexTests.builtLargeShelf()
        let site = shelf.paths.site.standardizedFileURL
        var reached: [String: Int] = ["index.html": 0]
        var frontier = ["index.html"]
        for depth in 1...2 {
            var next: [String] = []
            for page in frontier {
                for target in try SplitIndexTests.links(from: page, in: site) where reached[target] == nil {
                    reached[target] = depth
                    next.append(target)
                }
            }
            frontier = next
        }
        let bookPages = try FileManager.default.contentsOfDirectory(
            atPath: site.appendingPathComponent("books").path
        ).map { "books/\($0)/index.html" }
        #expect(bookPages.count == 277)
        let unreached = bookPages.filter { reached[$0] == nil }
        #expect(unreached.isEmpty, "not within two clicks of home: \(unreached.prefix(5))")
    }

    @Test func theHomePageShowsWhatIsBeingReadAndTheLatestFinishedAndLinksEveryPage() async throws {
        let shelf = try await SplitIndexTests.builtLargeShelf()
        let home = try shelf.siteFile("index.html")
        let cards = home.components(separatedBy: "class=\"book-card\"").count - 1
        #expect(cards == 2 * PageModelFactory.homeShelfSize)
        #expect(home.contains("<a href=\"reading/index.html\">All 14 books being read</a>"))
        for link in [
            "read/2024/index.html", "read/2024/page/2/index.html", "read/2023/index.html", "read/undated/index.html",
            "to-read/index.html", "to-read/page/2/index.html", "abandoned/index.html",
        ] {
            #expect(home.contains("href=\"\(link)\""), "home does not link \(link)")
        }
        #expect(!home.contains("read/2024/page/3"))
        // The newest year first, undated last.
        let order = ["read/2024/index.html", "read/2023/index.html", "read/undated/index.html"].map {
            home.range(of: "href=\"\($0)\"")?.lowerBound
        }
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted() && order.allSatisfy { $0 != nil })
        // The search index is not loaded with the page, only named for the script to load on use.
        #expect(!home.contains("<script src=\"search-index.js\""))
        #expect(home.contains("data-index=\"search-index.js\""))
    }

    @Test func longListsArePagedWithLinksBetweenPages() async throws {
        let shelf = try await SplitIndexTests.builtLargeShelf()
        let first = try shelf.siteFile("to-read/index.html")
        let second = try shelf.siteFile("to-read/page/2/index.html")
        #expect(first.components(separatedBy: "class=\"book-card\"").count - 1 == BookList.pageSize)
        #expect(second.components(separatedBy: "class=\"book-card\"").count - 1 == 30)
        #expect(first.contains("Page 1 of 2"))
        #expect(first.contains("<a href=\"../to-read/page/2/index.html\" rel=\"next\">"))
        #expect(!first.contains("rel=\"prev\""))
        // Where the page is, and the next one, at the top too: on a phone the pager of a page of a
        // hundred books was 19,000 pixels down (found by an exploratory session).
        #expect(
            first.contains(
                "<p class=\"counts\">130 books · <a href=\"../index.html#browse\">The whole shelf</a> · Page 1 of 2 · "
                    + "<a href=\"../to-read/page/2/index.html\" rel=\"next\">Next →</a></p>"))
        #expect(second.contains("<a href=\"../../../to-read/index.html\" rel=\"prev\">"))
        #expect(second.contains("<a href=\"../../../to-read/page/2/index.html\" aria-current=\"page\">2</a>"))
        #expect(second.contains("href=\"../../../books/"))
        #expect(second.contains("<title>To read, page 2 — "))
        // Every book of a list is on exactly one of its pages.
        let slugs = try [first, second].flatMap(SplitIndexTests.bookSlugs)
        #expect(slugs.count == 130 && Set(slugs).count == 130)
        // A shelf is paged the same way.
        let shelfSecond = try shelf.siteFile("shelves/big-shelf/page/2/index.html")
        #expect(shelfSecond.components(separatedBy: "class=\"book-card\"").count - 1 == 10)
        #expect(shelfSecond.contains("Page 2 of 2"))
        // So is an author's: who they are on the first page, their books on every page.
        let author = try shelf.siteFile("authors/author-3/index.html")
        let authorSecond = try shelf.siteFile("authors/author-3/page/2/index.html")
        #expect(author.contains("<a href=\"../../authors/author-3/page/2/index.html\" rel=\"next\">"))
        #expect(author.components(separatedBy: "class=\"book-card\"").count - 1 == BookList.pageSize)
        // 130 to read and 17 read.
        #expect(authorSecond.components(separatedBy: "class=\"book-card\"").count - 1 == 47)
        #expect(authorSecond.contains("<title>Author 3, page 2 — "))
        #expect(authorSecond.contains("147 books on the shelf"))
        // A year's list holds its own year only, newest first.
        let older = try shelf.siteFile("read/2023/index.html")
        #expect(try SplitIndexTests.bookSlugs(older) == ["older-1", "older-2", "older-3"])
        #expect(older.contains("<h1>Read in 2023</h1>"))
    }

    @Test func aListThatShrinksLosesItsLastPageAndTheBuildStillEqualsAFullOne() async throws {
        let shelf = try await SplitIndexTests.builtLargeShelf()
        let incremental = try await OwnThread.run(throwing: {
            for number in 101...130 { try shelf.library.removeBook(slug: "wanted-\(number)") }
            try shelf.build()
            return try TemporaryShelf.snapshot(of: shelf.paths.site)
        })
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("to-read/page").path))
        #expect(try !shelf.siteFile("to-read/index.html").contains("Page 1 of"))
        let full = try await OwnThread.run(throwing: {
            try SiteBuilder(library: shelf.library, paths: shelf.paths, settings: SiteSettings()).build(.full)
            return try TemporaryShelf.snapshot(of: shelf.paths.site)
        })
        #expect(full == incremental)
    }

    /// The site pages `page` links to, as paths from the site's top.
    static func links(from page: String, in site: URL) throws -> [String] {
        let url = site.appendingPathComponent(page)
        let html = try String(contentsOf: url, encoding: .utf8)
        var targets: [String] = []
        for part in html.components(separatedBy: "href=\"").dropFirst() {
            guard let end = part.firstIndex(of: "\"") else { continue }
            let href = String(part[..<end]).components(separatedBy: "#")[0]
            guard !href.isEmpty, !href.contains(":"), href.hasSuffix(".html") else { continue }
            let target = URL(fileURLWithPath: href, relativeTo: url.deletingLastPathComponent()).standardizedFileURL
            guard target.path.hasPrefix(site.path + "/") else { continue }
            targets.append(String(target.path.dropFirst(site.path.count + 1)))
        }
        return targets
    }

    /// The slugs of the book cards of a page, in order.
    static func bookSlugs(_ html: String) throws -> [String] {
        html.components(separatedBy: "<p class=\"book-card-title\" dir=\"auto\"><a href=\"").dropFirst().compactMap {
            part in
            part.split(separator: "\"").first.map { $0.split(separator: "/").dropLast().last.map(String.init) ?? "" }
        }
    }
}

/// A series' page stays a page's size however long the series: its places are paged as lists are.
@Suite struct SeriesPagesTests {
    /// One page of a series of 3,000 books listed every one of them, 2.5 MB of HTML (found by an
    /// exploratory session): a series is paged a hundred places a page (its books and the gaps
    /// between them alike, each where it falls), at `series/<slug>/page/<n>/`, with its count on
    /// every page.
    @Test func aLongSeriesIsPagedWithItsGapsInTheirPlaces() async throws {
        let shelf = try await OwnThread.run(throwing: {
            let shelf = try TemporaryShelf()
            // #1–#4, then #10–#210: 205 books and one gap, 206 places.
            for place in Array(1...4) + Array(10...210) {
                try shelf.library.addBook(
                    NewBook(
                        title: "Saga \(place)", authors: ["Ann Author"],
                        series: [SeriesPlace(name: "Saga", position: SeriesPosition(parsing: String(place)))]))
            }
            try shelf.build()
            return shelf
        })
        let pages = try (1...3).map { number in
            try shelf.siteFile(number == 1 ? "series/saga/index.html" : "series/saga/page/\(number)/index.html")
        }
        #expect(
            !FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("series/saga/page/4").path))
        let slugs = try pages.map(SplitIndexTests.bookSlugs)
        #expect(slugs.map(\.count) == [99, 100, 6])
        #expect(slugs.flatMap { $0 } == (Array(1...4) + Array(10...210)).map { "saga-\($0)" })
        // The gap is where it falls, after #4, once.
        let gap = "<li class=\"series-gap\"><p>#5–#9 are not on your shelf</p></li>"
        #expect(pages[0].components(separatedBy: gap).count == 2)
        #expect(try #require(pages[0].range(of: "saga-4/")).upperBound < #require(pages[0].range(of: gap)).lowerBound)
        #expect(try #require(pages[0].range(of: gap)).upperBound < #require(pages[0].range(of: "saga-10/")).lowerBound)
        #expect(!pages[1].contains("series-gap") && !pages[2].contains("series-gap"))
        for (offset, page) in pages.enumerated() {
            #expect(
                page.contains(
                    "<p class=\"counts\">205 books · 0 of 205 read · <a href=\"\(offset == 0 ? "../../" : "../../../../")"
                        + "series/index.html\">all series</a> · Page \(offset + 1) of 3"))
        }
        #expect(pages[0].contains("<a href=\"../../series/saga/page/2/index.html\" rel=\"next\">"))
        #expect(pages[1].contains("<a href=\"../../../../series/saga/index.html\" rel=\"prev\">"))
        #expect(pages[1].contains("href=\"../../../../books/saga-105/index.html\""))
        #expect(pages[2].contains("<title>Saga (series), page 3 — "))
    }
}

/// The home page links a bounded number of series, and an index lists them all, split by letter
/// as the authors' index is.
@Suite struct SeriesIndexTests {
    /// A series is filed as a title is, its leading article aside: "The Expanse" stood under T,
    /// after "Tolkien's Middle-earth", while the shelf's titles file "The Hobbit" under H.
    @Test func aSeriesIsFiledWithoutItsLeadingArticle() async throws {
        let shelf = try await OwnThread.run(throwing: {
            let shelf = try TemporaryShelf()
            for (title, series) in [
                ("Leviathan Wakes", "The Expanse"), ("Dune", "Dune Chronicles"), ("Hobbit", "Tolkien's Middle-earth"),
            ] {
                try shelf.library.addBook(
                    NewBook(
                        title: title, authors: ["Ann Author"],
                        series: [SeriesPlace(name: series, position: SeriesPosition(parsing: "1"))]))
            }
            try shelf.build()
            return shelf
        })
        let index = try shelf.siteFile("series/index.html")
        let order = ["Dune Chronicles", "The Expanse", "Tolkien&#39;s Middle-earth"].map {
            index.range(of: "dir=\"auto\">\($0)</a>")?.lowerBound
        }
        #expect(!order.contains(nil) && order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "\(index)")
        #expect(index.contains("<a href=\"#letter-e\" title=\"1 series\">E</a>"), "\(index)")
        let home = try shelf.siteFile("index.html")
        let homeOrder = ["series/dune-chronicles/", "series/the-expanse/", "series/tolkiens-middle-earth/"].map {
            home.range(of: $0)?.lowerBound
        }
        #expect(!homeOrder.contains(nil) && homeOrder.compactMap { $0 } == homeOrder.compactMap { $0 }.sorted())
    }

    /// The home page linked every series, 1.6 MB of links with 10,000 of them (found by an
    /// exploratory session): it links the first ``PageModelFactory/homeSeriesCount`` by name and
    /// "All 25 series", `series/index.html`, which lists every series by letter, and past the
    /// count of names one page holds is a page per letter (`series/g.html`).
    @Test func theHomeLinksTheFirstSeriesAndAnIndexListsThemAll() async throws {
        let names = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]
        let shelf = try await OwnThread.run(throwing: {
            let shelf = try TemporaryShelf()
            for name in names {
                for number in 0..<5 {
                    try shelf.library.addBook(
                        NewBook(
                            title: "\(name) book \(number)", authors: ["Ann Author"],
                            series: [SeriesPlace(name: "\(name) \(number)", position: SeriesPosition(parsing: "1"))]))
                }
            }
            try shelf.build()
            return shelf
        })
        let home = try shelf.siteFile("index.html")
        #expect(PageModelFactory.homeSeriesCount == 20)
        #expect(home.components(separatedBy: "<li id=\"list-series-").count - 1 == 20)
        #expect(!home.contains("series/gamma-0/"))
        #expect(
            home.contains(
                "<li id=\"list-all-series\"><a href=\"series/index.html\" dir=\"auto\">All 25 series</a></li>"))
        let index = try shelf.siteFile("series/index.html")
        #expect(index.contains("<h1>Series</h1>") && index.contains("<p class=\"counts\">25 series</p>"))
        #expect(index.components(separatedBy: "<a href=\"../series/").count - 1 == 25)
        #expect(index.contains("<a href=\"#letter-g\" title=\"5 series\">G</a>"))
        #expect(
            index.contains(
                "<a href=\"../series/gamma-4/index.html\" dir=\"auto\">Gamma 4</a> <span class=\"count\">1 book</span>")
        )
        #expect(
            try shelf.siteFile("series/beta-0/index.html").contains(
                "<a href=\"../../series/index.html\">all series</a>"))

        // Past the names one page holds, a page per letter; and a build after a change makes what
        // a full build makes.
        let split = try await OwnThread.run(throwing: {
            var builder = SiteBuilder(library: shelf.library, paths: shelf.paths, settings: SiteSettings())
            builder.namesOnOnePage = 10
            try builder.build(.full)
            let split = try TemporaryShelf.snapshot(of: shelf.paths.site)
            try shelf.library.addBook(
                NewBook(
                    title: "Omega book", authors: ["Ann Author"],
                    series: [SeriesPlace(name: "Omega", position: SeriesPosition(parsing: "1"))]))
            try builder.build()
            let incremental = try TemporaryShelf.snapshot(of: shelf.paths.site)
            try builder.build(.full)
            #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == incremental)
            #expect(incremental["series/o.html"] != nil)
            return split
        })
        let splitIndex = try #require(split["series/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(!splitIndex.contains("<a href=\"../series/"))
        #expect(splitIndex.contains("<a href=\"g.html\" title=\"5 series\">G</a>"))
        let g = try #require(split["series/g.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(g.contains("<h1>Series: G</h1>") && g.contains("<p class=\"counts\">5 series</p>"))
        #expect(g.components(separatedBy: "<a href=\"../series/gamma-").count - 1 == 5)
        #expect(g.contains("<a href=\"g.html\" aria-current=\"page\">G</a>"))
        #expect(
            Set(split.keys.filter { $0.hasPrefix("series/") && !$0.contains("/index") && $0.hasSuffix(".html") })
                == ["series/a.html", "series/b.html", "series/d.html", "series/e.html", "series/g.html"])
    }
}

/// A letter of an index split by letter holds no more names a page than the index would.
@Suite struct LetterPagesTests {
    /// Every shelf of a LibraryThing-style shelf is named "tag …", and every series of an import
    /// may begin "Saga of the": all under one letter, its page was as large as the whole index
    /// (shelves/t.html 421 KB for 3,811 tags, found by measuring the fix of the index). A letter's
    /// names are paged as many a page as the index holds before it splits: `t.html`, `t-2.html`.
    /// The authors' index too: its letter "p" was one page of 482 KB at 10,000 authors.
    @Test func aLetterOfMoreNamesThanAPageHoldsIsPaged() async throws {
        let site = try await OwnThread.run(throwing: {
            let shelf = try TemporaryShelf()
            for number in 0..<5 {
                try shelf.library.addBook(
                    NewBook(
                        title: "Book \(number)",
                        authors: [NewAuthor(name: "Ann Abel" + ["a", "b", "c", "d", "e"][number])],
                        shelves: ["Tag \(number)"],
                        series: [SeriesPlace(name: "Gamma \(number)", position: SeriesPosition(parsing: "1"))]))
            }
            var builder = SiteBuilder(library: shelf.library, paths: shelf.paths, settings: SiteSettings())
            builder.namesOnOnePage = 2
            try builder.build()
            let built = try TemporaryShelf.snapshot(of: shelf.paths.site)
            try builder.build(.full)
            #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == built)
            return built
        })
        let text = { (path: String) in site[path].map { String(decoding: $0, as: UTF8.self) } ?? "" }
        for (folder, letter, slug, word) in [
            ("series", "g", "gamma", "series"), ("shelves", "t", "tag", "shelves"), ("authors", "a", "ann", "authors"),
        ] {
            let pages = ["\(folder)/\(letter).html", "\(folder)/\(letter)-2.html", "\(folder)/\(letter)-3.html"]
            #expect(site["\(folder)/\(letter)-4.html"] == nil)
            let names = pages.map { text($0).components(separatedBy: "<a href=\"../\(folder)/\(slug)-").count - 1 }
            #expect(names == [2, 2, 1], "\(folder)")
            for (offset, page) in pages.enumerated() {
                #expect(text(page).contains("<p class=\"counts\">5 \(word)</p>"), "\(page)")
                #expect(text(page).contains("Page \(offset + 1) of 3"), "\(page)")
            }
            #expect(text(pages[0]).contains("<a href=\"../\(folder)/\(letter)-2.html\" rel=\"next\">"))
            #expect(text(pages[1]).contains(", page 2 — "))
            #expect(text(pages[2]).contains("<a href=\"\(letter).html\" aria-current=\"page\">"))
        }
    }
}

/// The index of shelves stays one page while its shelves fit, and is a page per letter past that.
@Suite struct ShelvesIndexTests {
    /// `shelves/index.html` listed every shelf, 412 KB for the 3,811 tags of a LibraryThing shelf
    /// (found by an exploratory session): past the names one page holds it links a page per
    /// letter, `shelves/b.html`, as the authors' index does, and says no "No shelves yet".
    @Test func manyShelvesAreAPagePerLetter() async throws {
        let names = ["Apple", "Banana", "Cherry"]
        let shelf = try await OwnThread.run(throwing: {
            let shelf = try TemporaryShelf()
            for name in names {
                for number in 0..<4 {
                    try shelf.library.addBook(
                        NewBook(
                            title: "\(name) book \(number)", authors: ["Ann Author"], shelves: ["\(name) \(number)"]))
                }
            }
            try shelf.build()
            return shelf
        })
        // Twelve shelves fit on one page, as before.
        let one = try shelf.siteFile("shelves/index.html")
        #expect(one.components(separatedBy: "<span class=\"count\">").count - 1 == 12)
        #expect(!one.contains("letter-links"))
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("shelves/b.html").path))

        let site = try await OwnThread.run(throwing: {
            var builder = SiteBuilder(library: shelf.library, paths: shelf.paths, settings: SiteSettings())
            builder.namesOnOnePage = 10
            try builder.build(.full)
            let split = try TemporaryShelf.snapshot(of: shelf.paths.site)
            try shelf.library.addBook(NewBook(title: "Date book", authors: ["Ann Author"], shelves: ["Date"]))
            try builder.build()
            let incremental = try TemporaryShelf.snapshot(of: shelf.paths.site)
            try builder.build(.full)
            #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == incremental)
            #expect(incremental["shelves/d.html"] != nil)
            return split
        })
        let text = { (path: String) in site[path].map { String(decoding: $0, as: UTF8.self) } ?? "" }
        let index = text("shelves/index.html")
        #expect(index.contains("<p class=\"counts\">12 shelves</p>"))
        #expect(!index.contains("<span class=\"count\">") && !index.contains("No shelves yet"))
        #expect(index.contains("<a href=\"b.html\" title=\"4 shelves\">B</a>"))
        let b = text("shelves/b.html")
        #expect(b.contains("<h1>Shelves: B</h1>") && b.contains("<p class=\"counts\">4 shelves</p>"))
        #expect(b.contains("<title>Shelves: B — "))
        #expect(b.components(separatedBy: "<a href=\"../shelves/banana-").count - 1 == 4)
        #expect(b.contains("<a href=\"b.html\" aria-current=\"page\">B</a>"))
        #expect(
            Set(site.keys.filter { $0.hasPrefix("shelves/") && !$0.contains("/index") && $0.hasSuffix(".html") })
                == ["shelves/a.html", "shelves/b.html", "shelves/c.html"])
    }
}

/// The authors' index stays one page up to ``PageModelFactory/authorsOnOnePage`` authors, with
/// links to each letter's section; past that, a page per letter.
@Suite struct AuthorsIndexTests {
    static func factory(authors count: Int) -> PageModelFactory {
        let letters = ["Adams", "Brontë", "Čapek", "Булгаков", "2 Chainz", "Zola"]
        let books = (0..<count).map { number in
            let surname = letters[number % letters.count]
            let name = "\(surname) \(number)"
            return BookDetails(
                book: Book(slug: "book-\(number)", title: "Book \(number)", addedAt: TemporaryShelf.fixedDate),
                authors: [Author(slug: "author-\(number)", name: name, sortName: name)], shelves: [])
        }
        return PageModelFactory(
            site: SiteModel(title: "T", language: "en", description: "D", owner: nil, hasFeed: false), baseURL: nil,
            snapshot: LibrarySnapshot(books: books), coversBySlug: [:])
    }

    @Test func aFewAuthorsAreOnePageWithLinksToEachLetter() {
        let factory = AuthorsIndexTests.factory(authors: 12)
        let letters = factory.authorLetters
        #expect(letters.map(\.letter) == ["#", "A", "B", "C", "Z"])
        #expect(letters.map(\.anchor) == ["other", "a", "b", "c", "z"])
        #expect(!factory.splits(letters))
        let page = factory.authorsPage()
        #expect(page.letters.count == 5)
        #expect(page.letterLinks.map(\.url) == ["#letter-other", "#letter-a", "#letter-b", "#letter-c", "#letter-z"])
        #expect(page.countLabel == "12 authors")
    }

    @Test func manyAuthorsAreAPagePerLetter() {
        let factory = AuthorsIndexTests.factory(authors: PageModelFactory.authorsOnOnePage + 1)
        let letters = factory.authorLetters
        #expect(factory.splits(letters))
        let index = factory.authorsPage()
        #expect(index.letters.isEmpty)
        #expect(index.letterLinks.map(\.url) == ["other.html", "a.html", "b.html", "c.html", "z.html"])
        #expect(index.title == "Authors")
        let b = factory.authorsPage(letter: "B")
        #expect(b.title == "Authors: B")
        #expect(b.pageTitle == "Authors: B — T")
        #expect(b.letters.map(\.letter) == ["B"])
        // Brontë and Булгаков, a third of the authors each … and the count says so.
        #expect(b.countLabel == "\(b.letters[0].entries.count) authors")
        #expect(b.letterLinks.filter(\.isCurrent).map(\.letter) == ["B"])
        #expect(b.letters[0].entries.allSatisfy { $0.url.hasPrefix("../authors/author-") })
    }
}

/// What a book's page says of its reads: the end of a read set aside, the years it was read.
@Suite struct ReadingLinesTests {
    /// A book set aside said "Finished 10 June 2023" on its page, where its last read was set
    /// aside (found by an exploratory session): the end of that read is said as what it was.
    @Test(arguments: [("en", "Set aside 10 June 2023"), ("fr", "Mis de côté le 10 juin 2023")])
    func theEndOfASetAsideReadIsNotAFinish(language: String, expected: String) throws {
        var book = Book(slug: "kindred", title: "Kindred", addedAt: TemporaryShelf.fixedDate)
        book.status = .abandoned
        book.finishedDate = try PartialDate(parsing: "2023-06-10")
        let factory = PageModelFactory(
            site: SiteModel(title: "T", language: language, description: "D", owner: nil, hasFeed: false),
            baseURL: nil, snapshot: LibrarySnapshot(books: []), coversBySlug: [:],
            words: try Words.load(theme: .builtIn, language: language))
        let details = BookDetails(book: book, authors: [], shelves: [])
        #expect(factory.bookPage(details, noteHTML: nil).finished == expected)
        book.status = .read
        #expect(
            factory.bookPage(BookDetails(book: book, authors: [], shelves: []), noteHTML: nil).finished
                == (language == "en" ? "Finished 10 June 2023" : "Terminé le 10 juin 2023"))
    }

    /// A book to read again said "To read", "Started 10 June 2023", "Finished 24 June 2023", as
    /// if that read were now: its page says when it was last read, or set aside, and not when
    /// that read began.
    @Test(arguments: [
        ("en", "Last read 24 June 2023", "Set aside 24 June 2023"),
        ("fr", "Dernière lecture le 24 juin 2023", "Mis de côté le 24 juin 2023"),
    ])
    func aBookToReadAgainSaysWhenItWasLastRead(language: String, lastRead: String, setAside: String) throws {
        var book = Book(slug: "kindred", title: "Kindred", addedAt: TemporaryShelf.fixedDate)
        book.status = .toRead
        book.startedDate = try PartialDate(parsing: "2023-06-10")
        book.finishedDate = try PartialDate(parsing: "2023-06-24")
        let factory = PageModelFactory(
            site: SiteModel(title: "T", language: language, description: "D", owner: nil, hasFeed: false),
            baseURL: nil, snapshot: LibrarySnapshot(books: []), coversBySlug: [:],
            words: try Words.load(theme: .builtIn, language: language))
        var read = ReadRecord(started: book.startedDate, finished: book.finishedDate)
        let page = factory.bookPage(BookDetails(book: book, authors: [], shelves: [], reads: [read]), noteHTML: nil)
        #expect(page.started == nil && page.finished == lastRead)
        read.outcome = .setAside
        #expect(
            factory.bookPage(BookDetails(book: book, authors: [], shelves: [], reads: [read]), noteHTML: nil).finished
                == setAside)
    }

    /// The books being read are listed latest begun first, and the books set aside latest set
    /// aside first, undated ones last by title: they were in title order, and the newest of 500
    /// books "currently reading" from an old export was last (found by an exploratory session).
    @Test func theLatestBegunAreListedFirst() throws {
        func book(_ title: String, _ status: ReadingStatus, started: String? = nil, ended: String? = nil) throws
            -> BookDetails
        {
            var book = Book(slug: Slug.make(from: title), title: title, addedAt: TemporaryShelf.fixedDate)
            book.status = status
            book.startedDate = try started.map { try PartialDate(parsing: $0) }
            book.finishedDate = try ended.map { try PartialDate(parsing: $0) }
            return BookDetails(book: book, authors: [], shelves: [])
        }
        let snapshot = LibrarySnapshot(books: [
            try book("Alpha", .reading, started: "2025-01-01"), try book("Beta", .reading),
            try book("Gamma", .reading, started: "2025-06-01"), try book("Delta", .reading, started: "2025"),
            try book("Epsilon", .abandoned, started: "2024-01-01", ended: "2024-01-20"),
            try book("Zeta", .abandoned, started: "2024-03-01", ended: "2024-05-02"),
        ])
        let index = SnapshotIndex(snapshot)
        let lists = BookLists(snapshot, shelves: [], index: index).statusLists
        let titles = { (status: ReadingStatus) in
            lists.first { $0.kind == .status(status) }?.positions.map { snapshot.books[$0].book.title }
        }
        #expect(titles(.reading) == ["Gamma", "Alpha", "Delta", "Beta"])
        #expect(titles(.abandoned) == ["Zeta", "Epsilon"])
    }

    /// A gap runs up to the place of the next book and no further: with #1, #2.5 and #4 on the
    /// shelf, one box before #2.5 said "#2–#3 are not on your shelf" (found by an exploratory
    /// session).
    @Test func aGapAroundAPlaceBetweenNumbersIsSplitAroundIt() throws {
        let saga = Series(id: 1, slug: "saga", name: "Saga")
        let books = try [("One", "1"), ("Half", "2.5"), ("Four", "4")].map { title, place in
            BookDetails(
                book: Book(slug: Slug.make(from: title), title: title, addedAt: TemporaryShelf.fixedDate), authors: [],
                shelves: [],
                series: [SeriesMembership(series: saga, position: try #require(SeriesPosition(parsing: place)))])
        }
        let snapshot = LibrarySnapshot(books: books)
        let factory = PageModelFactory(
            site: SiteModel(title: "T", language: "en", description: "D", owner: nil, hasFeed: false),
            baseURL: nil, snapshot: snapshot, coversBySlug: [:])
        let list = try #require(SeriesList.all(in: snapshot).first)
        let entries = factory.seriesPage(list).entries.map { $0.book?.title ?? $0.gap ?? "" }
        #expect(entries == ["One", "#2 is not on your shelf", "Half", "#3 is not on your shelf", "Four"])
    }

    /// A book read twice in one year said "Read 2 times: 2026, 2026" (found by an exploratory
    /// session): each year is named once.
    @Test func aYearOfTwoReadsIsNamedOnce() throws {
        let book = Book(slug: "kindred", title: "Kindred", addedAt: TemporaryShelf.fixedDate)
        let reads = try ["2019-03-01", "2026-01-10", "2026-08-02"].map {
            ReadRecord(finished: try PartialDate(parsing: $0))
        }
        let factory = PageModelFactory(
            site: SiteModel(title: "T", language: "en", description: "D", owner: nil, hasFeed: false),
            baseURL: nil, snapshot: LibrarySnapshot(books: []), coversBySlug: [:])
        #expect(
            factory.readsLine(BookDetails(book: book, authors: [], shelves: [], reads: reads))
                == "Read 3 times: 2019, 2026")
    }
}
