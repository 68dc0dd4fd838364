import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Rebuilds write only what changed, and always give the same site a full build would.
@Suite struct IncrementalBuildTests {
    func modificationDates(_ folder: URL) throws -> [String: Date] {
        var dates: [String: Date] = [:]
        for path in try TemporaryShelf.snapshot(of: folder).keys {
            dates[path] =
                try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)[
                    .modificationDate] as? Date
        }
        return dates
    }

    /// The site a full build makes of the same shelf, in a folder of its own.
    func fullBuild(of shelf: TemporaryShelf, settings: SiteSettings = FixtureShelf.settings) throws -> [String: Data] {
        var paths = shelf.paths
        paths.site = try TestPaths.temporaryFolder("full").appendingPathComponent("site")
        try SiteBuilder(library: shelf.library, paths: paths, settings: settings).build()
        return try TemporaryShelf.snapshot(of: paths.site)
    }

    /// A theme's own asset saved as a file, then made a folder of the same name: the rebuild
    /// removed the file after it wrote the folder's file, so the folder went too, and the site
    /// lacked it until the next build. Found by an exploratory session. And back again.
    @Test func anAssetThatBecomesAFolderIsPublishedAsAFullBuildWouldBe() throws {
        let shelf = try FixtureShelf.make()
        let assets = shelf.paths.templates.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        let extra = assets.appendingPathComponent("extra")
        try Data("h1 { color: red }".utf8).write(to: extra)
        try shelf.build(settings: FixtureShelf.settings)
        try FileManager.default.removeItem(at: extra)
        try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
        try Data("h1 { color: blue }".utf8).write(to: extra.appendingPathComponent("site.css"))
        try shelf.build(settings: FixtureShelf.settings)
        #expect(try shelf.siteFile("assets/extra/site.css") == "h1 { color: blue }")
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf)))
        try FileManager.default.removeItem(at: extra)
        try Data("h1 { color: green }".utf8).write(to: extra)
        try shelf.build(settings: FixtureShelf.settings)
        #expect(try shelf.siteFile("assets/extra") == "h1 { color: green }")
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf)))
    }

    /// The style sheet, the search script and the icon kept one address whatever they held: after
    /// a change to templates/assets/style.css, a browser or a CDN holding the old sheet (GitHub
    /// Pages lets them keep it ten minutes) showed the new pages with it, and the pages were not
    /// even written again (found by an exploratory session). Every page now links each by an
    /// address with a digest of its content (`assets/style.css?v=…`), and a changed sheet rewrites
    /// the pages as a full build makes them. A layout of the reader's that writes no digest still
    /// renders, linking the sheet as before.
    @Test func aChangedStyleSheetIsLinkedByANewAddress() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let sheet = shelf.paths.templates.appendingPathComponent("assets/style.css")
        let version = { (css: Data) in String(ContentHash.sha256Hex(of: [UInt8](css)).prefix(10)) }
        let original = try Data(contentsOf: sheet)
        #expect(
            try shelf.siteFile("books/kindred/index.html").contains(
                "href=\"../../assets/style.css?v=\(version(original))\""))
        let changed = original + Data(".book-card { border: 2px solid red }\n".utf8)
        try changed.write(to: sheet)
        try shelf.build(settings: FixtureShelf.settings)
        #expect(
            try shelf.siteFile("books/kindred/index.html").contains(
                "href=\"../../assets/style.css?v=\(version(changed))\""))
        let index = try shelf.siteFile("index.html")
        #expect(index.contains("href=\"assets/style.css?v=\(version(changed))\""))
        #expect(index.contains("<script src=\"assets/search.js?v="))
        #expect(index.contains("href=\"assets/favicon.svg?v="))
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf)))
        let layout = shelf.paths.templates.appendingPathComponent("layout.mustache")
        let older = try String(contentsOf: layout, encoding: .utf8).replacingOccurrences(
            of: "?v={{assetVersions.style}}", with: "")
        try Data(older.utf8).write(to: layout)
        try shelf.build(settings: FixtureShelf.settings)
        #expect(try shelf.siteFile("books/kindred/index.html").contains("href=\"../../assets/style.css\""))
    }

    /// A sitemap holds at most 50,000 addresses; one file listed every page, and a shelf of 50,000
    /// books has 67,000 (found by an exploratory session). Past the limit, sitemap.xml lists its
    /// parts; back under it, the parts go, as a full build has none.
    @Test func aSitemapPastTheLimitIsAnIndexOfParts() throws {
        let shelf = try FixtureShelf.make()
        var builder = SiteBuilder(library: shelf.library, paths: shelf.paths, settings: FixtureShelf.settings)
        builder.sitemapLimit = 10
        try builder.build()
        let index = try shelf.siteFile("sitemap.xml")
        #expect(index.contains("<sitemapindex") && index.contains("https://books.example.org/shelf/sitemap-1.xml"))
        let pages = try TemporaryShelf.snapshot(of: shelf.paths.site).keys.filter {
            $0.hasSuffix(".html") && $0 != "404.html" && !$0.hasPrefix("assets/")
        }
        var listed: [String] = []
        for part in 1... {
            guard let text = try? shelf.siteFile("sitemap-\(part).xml") else { break }
            #expect(text.components(separatedBy: "<loc>").count - 1 <= 10)
            listed += text.components(separatedBy: "<loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        }
        #expect(
            listed.count == pages.count
                && index.components(separatedBy: "<sitemap>").count - 1 == (pages.count + 9) / 10)
        // (The limit is no input of a build: a book added makes the next one look again.)
        try shelf.library.addBook(NewBook(title: "One More", authors: ["A. Reader"]))
        try shelf.build(settings: FixtureShelf.settings)
        #expect(try !shelf.siteFile("sitemap.xml").contains("<sitemapindex"))
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf)))
        #expect(FeedWriter.isSitemapPart("sitemap-12.xml") && !FeedWriter.isSitemapPart("sitemap-x.xml"))
    }

    @Test func anUnchangedShelfWritesNothing() throws {
        let shelf = try FixtureShelf.make()
        let first = try shelf.build(settings: FixtureShelf.settings)
        #expect(first.filesWritten == first.fileCount)
        let before = try modificationDates(shelf.paths.site)
        let second = try shelf.build(settings: FixtureShelf.settings)
        // The library is not loaded, but counted (its counts were nil, and `build --json` said null).
        #expect(second.filesWritten == 0 && second.kind == .upToDate && second.bookCount == first.bookCount)
        #expect(second.authorCount == first.authorCount)
        #expect(try modificationDates(shelf.paths.site) == before)
    }

    /// A build said "19 files changed" of files rewritten the same, and "0 files changed" when
    /// two left the site (found by an exploratory session): it says what it rewrote, and what it
    /// removed, whether it rewrote a few files or the whole site.
    @Test func theSummarySaysWhatWasRewrittenAndRemoved() throws {
        let shelf = try FixtureShelf.make()
        let first = try shelf.build(settings: FixtureShelf.settings)
        #expect(first.filesRemoved == 0)
        // A note of no book changed no page: it said "rewrote 0 of 41 pages".
        try shelf.writeNote("Which book?", slug: "kindered")
        let orphan = try shelf.build(settings: FixtureShelf.settings)
        #expect(orphan.summary(site: "site").hasPrefix("No page shows the notes that changed: site/ is up to date ("))
        try FileManager.default.removeItem(at: shelf.paths.notes.appendingPathComponent("kindered.md"))
        try shelf.build(settings: FixtureShelf.settings)
        let before = try TemporaryShelf.snapshot(of: shelf.paths.site)
        try shelf.library.removeBook(slug: "the-time-machine")
        let few = try shelf.build(settings: FixtureShelf.settings)
        let gone = Set(before.keys).subtracting(try TemporaryShelf.snapshot(of: shelf.paths.site).keys)
        #expect(!gone.isEmpty && few.filesRemoved == gone.count, "\(gone.sorted())")
        #expect(few.summary(site: "site").contains("; rewrote \(few.filesWritten) files, removed \(gone.count))"))
        // A whole new site (most pages rewritten, for another language) counts what it left out too.
        try shelf.library.removeBook(slug: "kindred")
        let kept = try TemporaryShelf.snapshot(of: shelf.paths.site)
        var french = FixtureShelf.settings
        french.language = "fr"
        let whole = try shelf.build(settings: french)
        let left = Set(kept.keys).subtracting(try TemporaryShelf.snapshot(of: shelf.paths.site).keys)
        #expect(!left.isEmpty && whole.filesRemoved == left.count && whole.filesWritten * 2 > whole.fileCount)
        #expect(whole.summary(site: "site").contains(" files, removed \(left.count))"))
        // A file put by hand in a book's folder is taken out and named: not "Nothing changed".
        Thread.sleep(forTimeInterval: 0.01)
        try Data("by hand".utf8).write(to: shelf.paths.site.appendingPathComponent("books/fledgling/mine.txt"))
        let strays = try shelf.build(settings: french)
        #expect(strays.kind == .upToDate && strays.filesRemoved == 1 && strays.warnings.count == 1)
        #expect(strays.summary(site: "site").hasPrefix("Nothing else changed: site/ is up to date"))
    }

    /// A build whose clock ran ahead of the file system's (a network share whose server lags, a
    /// clock set back after) saved the moment by its own clock, and the files put in the site's
    /// folders after it, whose change times the file system sets, looked older than the build:
    /// never removed, never named, while `build --full` had none of them (found by an
    /// exploratory session with faketime). The moment is the earlier of the two clocks'.
    @Test func filesPutThereAfterABuildWhoseClockRanAheadAreFound() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        try shelf.library.editBook(slug: "kindred", BookEdit(rating: .some(try Rating(4))))
        var ahead = SiteBuilder(library: shelf.library, paths: shelf.paths, settings: FixtureShelf.settings)
        ahead.now = { FileStamps.now() + 86_400 * 1_000_000_000 }
        try ahead.build()
        Thread.sleep(forTimeInterval: 0.2)
        try Data("stray".utf8).write(to: shelf.paths.site.appendingPathComponent("books/stray.html"))
        let old = shelf.paths.site.appendingPathComponent("authors/old-author")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: old.appendingPathComponent("index.html"))
        let next = try shelf.build(settings: FixtureShelf.settings)
        #expect(next.filesRemoved == 2, "\(next.everyWarning)")
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf)))
    }

    /// A file gone when a build stamped it (the site deleted while the build ran) was dropped
    /// from the state, and never made again: `build` called the site up to date without it
    /// (found by an exploratory session racing `rm -rf site` against rebuilds). It is kept with
    /// a stamp no file has, and the next build makes it again.
    @Test func aFileRecordedAsGoneIsMadeAgain() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let expected = try TemporaryShelf.snapshot(of: shelf.paths.site)
        let store = BuildStateStore(folder: shelf.paths.content.appendingPathComponent(".bookplate"))
        let site = shelf.paths.site.standardizedFileURL.path
        guard case .state(let state) = store.load(site: site) else {
            Issue.record("no state saved for \(site)")
            return
        }
        var gone = state
        gone.files["books/kindred/index.html"]?.stamp = .gone
        try store.save(gone, replacing: state)
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(report.kind != .upToDate && report.filesRepaired == 1, "\(report.kind)")
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == expected)
        #expect(try shelf.build(settings: FixtureShelf.settings).kind == .upToDate)
    }

    @Test func anEditedNoteRewritesOnlyItsBookPage() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let before = try modificationDates(shelf.paths.site)
        Thread.sleep(forTimeInterval: 0.01)
        try shelf.writeNote("A *new* thought.\n", slug: "kindred")
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(report.filesWritten == 1)
        #expect(report.notesRendered == 1)
        let after = try modificationDates(shelf.paths.site)
        #expect(after.filter { before[$0.key] != $0.value }.keys.sorted() == ["books/kindred/index.html"])
        #expect(try shelf.siteFile("books/kindred/index.html").contains("A <em>new</em> thought."))
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf)))
    }

    /// Seventy edited notes and one: many pages are flushed together and go into a copy of the
    /// site, one is flushed and renamed into place; both give the site a full build gives, and
    /// both name a note with no book.
    @Test func manyOrFewEditedNotesGiveTheSameSite() throws {
        let shelf = try TemporaryShelf()
        for number in 1...100 {
            try shelf.library.addBook(
                NewBook(title: "Book \(number)", authors: [NewAuthor(name: "Author \(number % 7)")]))
            try shelf.writeNote("First thought on *\(number)*.\n", slug: "book-\(number)")
        }
        try shelf.writeNote("Nobody's book.\n", slug: "no-such-book")
        #expect(try shelf.build().orphanNotes.count == 1)
        for edited in [1...70, 5...5] {
            Thread.sleep(forTimeInterval: 0.01)
            for number in edited {
                try shelf.writeNote("Thought \(edited.count) on \(number).\n", slug: "book-\(number)")
            }
            try shelf.writeNote("Nobody's book, again \(edited.count).\n", slug: "no-such-book")
            let report = try shelf.build()
            #expect(report.filesWritten == edited.count && report.notesRendered == edited.count, "\(report)")
            #expect(report.orphanNotes.map { $0.hasSuffix("no-such-book.md") } == [true])
            #expect(try shelf.siteFile("books/book-5/index.html").contains("Thought \(edited.count) on 5."))
            #expect(try shelf.siteFile("books/book-71/index.html").contains("First thought on <em>71</em>."))
            // The full build elsewhere keeps a state of its own: the next edit is built against this one's.
            var paths = shelf.paths
            paths.site = try TestPaths.temporaryFolder("full").appendingPathComponent("site")
            try SiteBuilder(library: shelf.library, paths: paths).build()
            #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try TemporaryShelf.snapshot(of: paths.site)))
        }
    }

    @Test func aChangedRatingRewritesThePagesThatShowIt() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        try shelf.library.editBook(slug: "kindred", BookEdit(rating: .some(try Rating(2))))
        let report = try shelf.build(settings: FixtureShelf.settings)
        // Its page, its author's, the index, the two years' lists it is read in, the stats and
        // those two years' pages, its series' page and the feed: not the sixty files of the site.
        #expect(report.filesWritten > 1 && report.filesWritten < 15, "\(report.filesWritten) files written")
        #expect(try shelf.siteFile("books/kindred/index.html").contains("Rated 2 out of 5"))
        #expect(try shelf.siteFile("series/time-slips/index.html").contains("Rated 2 out of 5"))
        #expect(try shelf.siteFile("authors/octavia-e-butler/index.html").contains("Rated 2 out of 5"))
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf)))
    }

    /// Its book's page, the commonplace book's home and its year's page, the highlights' feed
    /// and the search index: nothing else shows a highlight.
    @Test func anAddedHighlightRewritesOnlyThePagesThatShowIt() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let before = try modificationDates(shelf.paths.site)
        Thread.sleep(forTimeInterval: 0.01)
        try shelf.library.addHighlight(
            NewHighlight(
                text: "We all have our time machines.", madeAt: Date(timeIntervalSince1970: 1_748_736_000),
                source: .kindle),
            toBook: "the-time-machine")
        let report = try shelf.build(settings: FixtureShelf.settings)
        let after = try modificationDates(shelf.paths.site)
        let rewritten = after.filter { before[$0.key] != $0.value }.keys.sorted()
        #expect(
            rewritten == [
                "books/the-time-machine/index.html", "highlights/2025/index.html", "highlights/feed.xml",
                "highlights/index.html", "search-index.js",
            ])
        #expect(report.filesWritten == rewritten.count)
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf)))
    }

    /// The highlights feed writes its times with the offsets of the reader's time zone, but after
    /// the zone changed (`TZ=…`) a build with nothing else to do kept the old offsets, which a full
    /// build replaced: the build's state did not know the feed depends on the zone (found by an
    /// exploratory session). The zone's identifier is now one of the build's inputs, and of the
    /// whole site only the feed is written again.
    @Test func aNewTimeZoneRewritesTheHighlightsFeedAlone() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        #expect(try shelf.siteFile("highlights/feed.xml").contains(":00Z</updated>"))
        let before = try modificationDates(shelf.paths.site)
        Thread.sleep(forTimeInterval: 0.01)
        let york = try #require(TimeZone(identifier: "America/New_York"))
        let movedLibrary = try Library.open(
            at: shelf.paths.library, clock: .fixed(TemporaryShelf.fixedDate, in: york))
        let report = try SiteBuilder(library: movedLibrary, paths: shelf.paths, settings: FixtureShelf.settings).build()
        let after = try modificationDates(shelf.paths.site)
        #expect(after.filter { before[$0.key] != $0.value }.keys.sorted() == ["highlights/feed.xml"])
        #expect(report.filesWritten == 1)
        #expect(try shelf.siteFile("highlights/feed.xml").contains("-05:00</updated>"))
        var full = shelf.paths
        full.site = try TestPaths.temporaryFolder("full").appendingPathComponent("site")
        try SiteBuilder(library: movedLibrary, paths: full, settings: FixtureShelf.settings).build()
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try TemporaryShelf.snapshot(of: full.site)))
    }

    /// A zone of the same offsets (`TZ=Etc/GMT` after UTC) is a new input that changes no file:
    /// the build said "Built 41 pages (…; rewrote 0 files)" (found by an exploratory session).
    @Test func aNewTimeZoneThatChangesNoFileSaysSo() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let same = try #require(TimeZone(identifier: "Etc/GMT"))
        let movedLibrary = try Library.open(at: shelf.paths.library, clock: .fixed(TemporaryShelf.fixedDate, in: same))
        let report = try SiteBuilder(library: movedLibrary, paths: shelf.paths, settings: FixtureShelf.settings).build()
        #expect(report.kind == .partial && report.filesWritten == 0)
        #expect(
            report.summary(site: "site").hasPrefix("No file of site/ changed: it is up to date ("),
            "\(report.summary(site: "site"))")
    }

    @Test func aRemovedBookTakesItsPagesAlong() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        try shelf.library.removeBook(slug: "the-time-machine")
        try shelf.build(settings: FixtureShelf.settings)
        let site = try TemporaryShelf.snapshot(of: shelf.paths.site)
        #expect(site["books/the-time-machine/index.html"] == nil && site["authors/h-g-wells/index.html"] == nil)
        #expect(
            !FileManager.default.fileExists(
                atPath: shelf.paths.site.appendingPathComponent("books/the-time-machine").path))
        #expect(site == (try fullBuild(of: shelf)))
    }

    /// Two builds of one shelf at once (`serve`'s and a `build`, say) take turns, and each reads
    /// its inputs only on its turn: the later one never writes a site older than what it read.
    @Test func buildsOfOneShelfTakeTurnsAndReadTheirInputsOnTheirTurn() throws {
        let shelf = try FixtureShelf.make()
        try Data("title: Before\n".utf8).write(to: shelf.paths.settings)
        let builder = SiteBuilder(library: shelf.library, paths: shelf.paths)
        try builder.build()
        let done = DispatchGroup()
        do {
            let held = try BuildLock(folder: builder.stateFolder)
            done.enter()
            DispatchQueue.global().async {
                _ = try? builder.build()
                done.leave()
            }
            #expect(done.wait(timeout: .now() + 0.5) == .timedOut, "the second build did not wait its turn")
            try Data("title: After\n".utf8).write(to: shelf.paths.settings)
            withExtendedLifetime(held) {}  // let go here: the waiting build takes its turn
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(try shelf.siteFile("index.html").contains("After"))
    }

    /// A note too long to publish (a 50 MB note made a 92 MB page) is left off its page with a
    /// warning, and published again once it is short enough.
    @Test func aNoteTooLongToPublishIsLeftOffItsPageWithAWarning() throws {
        let shelf = try FixtureShelf.make()
        try shelf.writeNote("Short and *kept*.\n", slug: "kindred")
        try shelf.build(settings: FixtureShelf.settings)
        let long = String(repeating: "word ", count: NoteStore.largestPublished / 5 + 1)
        try shelf.writeNote(long, slug: "kindred")
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(report.oversizedNotes.map { $0.hasSuffix("notes/kindred.md") } == [true])
        let page = try shelf.siteFile("books/kindred/index.html")
        #expect(!page.contains("word word") && !page.contains("Short and"))
        #expect(page.utf8.count < 100_000)
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf)))
        try shelf.writeNote("Short again.\n", slug: "kindred")
        let again = try shelf.build(settings: FixtureShelf.settings)
        #expect(again.oversizedNotes.isEmpty && again.filesWritten == 1)
        #expect(try shelf.siteFile("books/kindred/index.html").contains("Short again."))
    }

    @Test func aChangedTemplateRebuildsEveryPage() throws {
        let shelf = try FixtureShelf.make()
        let first = try shelf.build(settings: FixtureShelf.settings)
        try Data("<footer>Mine</footer>\n".utf8).write(
            to: shelf.paths.templates.appendingPathComponent("partials/footer.mustache"))
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(report.filesWritten == first.pageCount)
        #expect(try shelf.siteFile("index.html").contains("<footer>Mine</footer>"))
    }

    /// site/ kept in git on two machines (the README's GitHub Pages flow): a pull brought the pages
    /// the other machine's build wrote for a new book, and the next build took them out saying
    /// the reader had put files in Bookplate's folders (found by an exploratory session). What
    /// this build writes at the same place is Bookplate's: taken out and made again, unsaid; the
    /// site is still what a full build makes.
    @Test func pagesAnotherMachinesBuildWroteAreNotBlamedOnTheReader() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        Thread.sleep(forTimeInterval: 0.3)
        _ = try shelf.library.addBook(NewBook(title: "Laptop Book", authors: ["New Author"]))
        let laptop = try fullBuild(of: shelf)
        for (path, data) in laptop {
            let url = shelf.paths.site.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(!report.warnings.contains { $0.hasPrefix("removed ") }, "\(report.warnings)")
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == laptop)
        // A file of the reader's among them is still said.
        Thread.sleep(forTimeInterval: 0.3)
        let mine = shelf.paths.site.appendingPathComponent("books/laptop-book/mine.html")
        try Data("mine".utf8).write(to: mine)
        let again = try shelf.build(settings: FixtureShelf.settings)
        #expect(
            again.warnings.contains { $0.hasPrefix("removed \(mine.relativePathForDisplay):") }, "\(again.warnings)")
    }

    /// templates/ kept elsewhere (a theme shared through a synced folder) and linked in: the
    /// build's stamps followed the link and the theme's walk did not, so an incremental build kept
    /// the reader's template, a full build published the built-in one and an edit through the
    /// link changed nothing (found by an exploratory session). The link is followed, as the
    /// folders of notes and covers are, and both builds agree.
    @Test func aTemplatesFolderThatIsALinkIsTheTheme() throws {
        let shelf = try FixtureShelf.make()
        let footer = "partials/footer.mustache"
        try Data("<footer>Mine</footer>\n".utf8).write(to: shelf.paths.templates.appendingPathComponent(footer))
        try shelf.build(settings: FixtureShelf.settings)
        let kept = try TestPaths.temporaryFolder("theme").appendingPathComponent("templates")
        try FileManager.default.moveItem(at: shelf.paths.templates, to: kept)
        try FileManager.default.createSymbolicLink(at: shelf.paths.templates, withDestinationURL: kept)
        try shelf.build(settings: FixtureShelf.settings)
        #expect(try shelf.siteFile("index.html").contains("<footer>Mine</footer>"))
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf)))
        try Data("<footer>Mine, edited</footer>\n".utf8).write(to: kept.appendingPathComponent(footer))
        try shelf.build(settings: FixtureShelf.settings)
        #expect(try shelf.siteFile("index.html").contains("<footer>Mine, edited</footer>"))
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf)))
    }

    /// Every page but the 404 names its own address from the base URL: a new base URL, in the
    /// settings or for one build (`build --base-url`), makes each of them again.
    @Test func aNewBaseURLRewritesEveryPageThatNamesItsAddress() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        var moved = FixtureShelf.settings
        moved.baseURL = URL(string: "https://moved.example.net/")
        try shelf.build(settings: moved)
        #expect(try shelf.siteFile("index.html").contains(#"<link rel="canonical" href="https://moved.example.net/">"#))
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf, settings: moved)))
        var builder = SiteBuilder(library: shelf.library, paths: shelf.paths, settings: moved)
        builder.baseURLOverride = URL(string: "https://preview.example.com/shelf/")
        try builder.build()
        #expect(try shelf.siteFile("authors/index.html").contains("https://preview.example.com/shelf/authors/"))
        try shelf.build(settings: moved)
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try fullBuild(of: shelf, settings: moved)))
    }
}

@Suite struct AtomicSwapTests {
    @Test func foldersTradePlacesInOneStep() throws {
        let root = try TestPaths.temporaryFolder("swap")
        let old = root.appendingPathComponent("site")
        let new = root.appendingPathComponent("staging")
        for (folder, name) in [(old, "old.html"), (new, "new.html")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(name.utf8).write(to: folder.appendingPathComponent(name))
        }
        #if os(Linux)
            #expect(AtomicSwap.exchange(new, old))
            #expect(try FileManager.default.contentsOfDirectory(atPath: old.path) == ["new.html"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: new.path) == ["old.html"])
        #endif
    }

    @Test func aFullRebuildReplacesTheWholeSite() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        // Every page shows the footer: most files change, so the site is written anew and swapped in.
        try Data("<footer><p>changed</p></footer>\n".utf8)
            .write(to: shelf.paths.templates.appendingPathComponent("partials/footer.mustache"))
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(report.filesWritten * 2 >= report.fileCount)
        #expect(try shelf.siteFile("index.html").contains("<p>changed</p>"))
        #expect(try shelf.siteFile("books/kindred/index.html").contains("<p>changed</p>"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: shelf.root.path).filter {
            $0.hasPrefix(".site")
        }
        #expect(leftovers.isEmpty)
    }

    /// A build killed after it changed a page but before it saved its state: the next build says
    /// so, builds in full and puts the page back, and the build after it trusts its state again.
    @Test func aBuildKilledBeforeSavingItsStateIsRepairedByTheNext() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let builder = SiteBuilder(library: shelf.library, paths: shelf.paths, settings: FixtureShelf.settings)
        let page = shelf.paths.site.appendingPathComponent("books/kindred/index.html")
        let original = try Data(contentsOf: page)
        // What the killed build did: it noted that it began, then replaced the page, then died.
        try BuildStateStore(folder: builder.stateFolder).markUnfinished(
            site: shelf.paths.site.standardizedFileURL.path)
        try Data("<p>half a rebuild</p>".utf8).write(to: page)
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(
            report.kind
                == .full(.unusableState("the last build stopped before it was done (an error, or it was ended)")))
        #expect(try Data(contentsOf: page) == original)
        #expect(try shelf.build(settings: FixtureShelf.settings).kind == .upToDate)
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == (try IncrementalBuildTests().fullBuild(of: shelf)))
    }

    /// A killed build leaves its working folder beside the site; the next build clears it away,
    /// and a rebuild never leaves a temporary file inside the site.
    @Test func workingFoldersOfDeadBuildsAreClearedAndNoneIsLeftInside() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        // Left by process 2147483646 (beyond any pid) and by a process that is alive: this one's parent.
        let dead = shelf.root.appendingPathComponent(".site.pending-2147483646-7")
        let alive = shelf.root.appendingPathComponent(".site.new-\(getppid())-7")
        for folder in [dead, alive] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try shelf.writeNote("Changed.\n", slug: "kindred")
        #expect(try shelf.build(settings: FixtureShelf.settings).filesWritten == 1)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: alive.path))
        let stray = try TemporaryShelf.snapshot(of: shelf.paths.site).keys.filter {
            $0.split(separator: "/").contains { $0.hasPrefix(".") && $0 != Substring(SiteWriter.markerName) }
        }
        #expect(stray.isEmpty)
    }
}

@Suite struct WorkingFilesTests {
    @Test func onlyTheWorkOfProcessesThatAreGoneIsRemoved() throws {
        let folder = try TestPaths.temporaryFolder("working")
        let names = [
            "abandoned": ".kindred.md.tmp-2147483646-12", "running": ".kindred.md.tmp-\(getppid())-12",
            "mine": WorkingFiles.name(for: "kindred.md", kind: "tmp"), "note": "kindred.md",
            "hidden": ".kindred.md.backup", "odd": ".x.tmp-12",
        ]
        for name in names.values { try Data().write(to: folder.appendingPathComponent(name)) }
        WorkingFiles.removeAbandoned(in: folder)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(left == Set(names.values).subtracting([names["abandoned"]!]))
    }

    /// Beside a site only the site's own leftovers go: a build deleted the reader's
    /// `.diary.old-4000000-1`, and any other hidden work of that shape, in the folder above it
    /// (found by an exploratory session).
    @Test func besideASiteOnlyItsOwnLeftoversGo() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let above = shelf.paths.site.deletingLastPathComponent()
        let readers = [".diary.old-2147483646-1", ".site.backup.old-2147483646-1", ".sites.new-2147483646-1"]
        for name in readers { try Data("mine".utf8).write(to: above.appendingPathComponent(name)) }
        let leftover = above.appendingPathComponent(".site.new-2147483646-7")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        try shelf.library.editBook(slug: "kindred", BookEdit(rating: .some(try Rating(4))))
        try shelf.library.editBook(slug: "fledgling", BookEdit(rating: .some(try Rating(2))))
        try shelf.build(settings: FixtureShelf.settings)
        for name in readers { #expect(FileManager.default.fileExists(atPath: above.appendingPathComponent(name).path)) }
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test func aWriteReplacesTheFileWhole() throws {
        let file = try TestPaths.temporaryFolder("working").appendingPathComponent("state.json")
        try WorkingFiles.write(Data("old".utf8), to: file)
        try WorkingFiles.write(Data("new".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["state.json"]
        )
    }
}
