import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// Builds the static site from the library, the notes and the theme.
///
/// A build is a list of named steps (``BuildStep/pipeline``) run one after another by
/// ``BuildRun``, and any error names the step and the path it was working on. Builds of one shelf
/// take turns (``BuildLock``); each reads its settings, templates, covers, notes and library
/// afresh once it has its turn. The site is always wholly the old one or wholly the new one (see
/// ``SiteWriter``), and whatever happened to the inputs or the output folder in between, an
/// incremental build leaves it byte for byte as a full build into an empty folder would.
public struct SiteBuilder: Sendable {
    /// The library, as far as a build may use it.
    package var library: any SiteLibrary
    public var paths: ShelfPaths
    /// The settings to build with; nil reads `content/site.yaml` afresh at every build.
    public var settings: SiteSettings?
    /// Where the site will be published, for this build only (`build --base-url`, a preview
    /// deploy); nil keeps the settings' `base_url`.
    public var baseURLOverride: URL?
    /// The most addresses one sitemap file holds (``FeedWriter/sitemapLimit``; smaller in tests).
    var sitemapLimit = FeedWriter.sitemapLimit
    /// The most names an index of series or shelves holds on one page
    /// (``PageModelFactory/namesOnOnePage``; smaller in tests).
    var namesOnOnePage = PageModelFactory.authorsOnOnePage
    /// Told when another build of the shelf runs, before this one waits for its turn.
    public var whileWaitingForAnotherBuild: (@Sendable () -> Void)?
    /// Told when this build has its turn after waiting for another: from then on it writes.
    public var afterWaitingForAnotherBuild: (@Sendable () -> Void)?
    /// Whether the site is written from inside its folder (``SiteWriter/writesInside``); nil
    /// decides by the folder, as every build does (set in tests, whose folders all allow both).
    var writesInsideOutput: Bool?
    /// Now, as this process's clock tells it, in nanoseconds (set in tests, to run it ahead).
    var now: @Sendable () -> Int64 = { FileStamps.now() }
    /// Told the slug of each note a build is about to read (set in tests, to move one away then).
    var beforeReadingNote: (@Sendable (String) -> Void)?
    /// Whether the templates folder must exist (the reader named it) rather than default to the
    /// built-in theme.
    public var requiresTemplatesFolder: Bool

    public init(
        library: Library, paths: ShelfPaths, settings: SiteSettings? = nil, requiresTemplatesFolder: Bool = false
    ) {
        self.library = library
        self.paths = paths
        self.settings = settings
        self.requiresTemplatesFolder = requiresTemplatesFolder
    }

    /// Where the build state and the build lock are kept.
    var stateFolder: URL { paths.stateFolder }

    /// The covers' thumbnails, kept by the hash of each cover image across builds.
    var thumbnails: ThumbnailCache {
        thumbnailCache ?? ThumbnailCache(folder: stateFolder.appendingPathComponent("thumbnails"))
    }
    /// The thumbnail cache to use instead of the shelf's (set in tests, to make covers without
    /// libvips).
    var thumbnailCache: ThumbnailCache?

    /// Builds the site into `paths.site` and reports what was made.
    ///
    /// Incrementally, when nothing the site is made from changed and every file in the output
    /// folder is as the last build left it, nothing is read beyond stamps of the inputs and the
    /// outputs, and nothing is written. Otherwise only the files whose fingerprint changed, and
    /// those found changed or missing on disk, are made.
    ///
    /// A note moved or removed while the build reads it (an editor's save renames it away for a
    /// moment; `remove` sets it aside) is a change like any other: the build looks again, up to
    /// ``attemptsWhileNotesChange`` times, where it failed with an error and left the next build
    /// to make the whole site (found by an exploratory session).
    @discardableResult
    public func build(_ mode: BuildMode = .incremental) throws -> BuildReport {
        // What kept libvips from loading for the last build may be gone (`serve` builds again and
        // again in one process).
        Vips.retryLoadingIfItFailed()
        var mode = mode
        var attempt = 0
        // The passes before this one, as one report, and the pages the last of them marked to be
        // made again.
        var earlier: (report: BuildReport, marked: Int)?
        while true {
            attempt += 1
            let last = attempt == SiteBuilder.attemptsWhileNotesChange
            var run = BuildRun(builder: self, mode: mode)
            do {
                for step in BuildStep.pipeline where !run.isFinished {
                    do {
                        try run.run(step)
                    } catch let error as BuildError {
                        throw error
                    } catch {
                        throw BuildError(step: step, path: nil, underlying: error)
                    }
                }
            } catch let error as BuildError where !last && SiteNotes.isGone(error) {
                // Read before anything was written: the state is as the last build left it.
                continue
            }
            var report = run.report()
            if let earlier { report.follow(earlier.report, remaking: earlier.marked) }
            guard run.notesVanished else { return report }
            earlier = (report, run.pagesMadeWithoutTheirNotes)
            // The state saved marks the pages made without their notes: the next build makes
            // just them.
            mode = .incremental
            if last {
                report.warnings.append("notes changed while the build ran: build again to publish them as they are")
                return report
            }
        }
    }

    /// How many times a build looks again at notes moved or removed while it read them.
    static let attemptsWhileNotesChange = 3

    /// Every page, planned: its model is made when the page's fingerprint or contents are needed,
    /// and a book's or an author's page is planned only when it is asked for.
    private func pagePlan(
        factory: PageModelFactory, snapshot: LibrarySnapshot, notes: SiteNotes, extraPages: ExtraPages,
        renderer: NoteRenderer, theme: Fingerprint, templates: TemplateSet
    ) -> SitePlan {
        // Every page's closure holds this one box, not a copy of the factory and the builder (half
        // a kilobyte each: 26 MB for 50,000 book pages).
        let shared = SharedPlan(factory: factory, notes: notes)
        @Sendable func page<Model: Sendable & Encodable>(
            _ path: String, _ template: String, _ model: @escaping @Sendable () throws -> Page<Model>
        ) -> PlannedOutput {
            SiteBuilder.plannedPage(path, template, theme: theme, templates: templates, model: model)
        }
        var plan = SitePlan([
            page("index.html", "index") { shared.factory.indexPage() },
            page("authors/index.html", "authors") { shared.factory.authorsPage() },
            page("shelves/index.html", "shelves") { shared.factory.shelvesPage() },
            page("stats/index.html", "stats") { shared.factory.statisticsPage() },
            page("404.html", "404") { shared.factory.notFoundPage() },
        ])
        plan.append(count: snapshot.books.count) { position in
            SiteBuilder.plannedBookPage(
                slug: shared.factory.snapshot.books[position].book.slug, factory: shared.factory, notes: shared.notes,
                theme: theme, templates: templates
            ) { shared.factory.snapshot.books[position] }
        }
        // The pages of highlights of the books with more than their own page shows, as (book,
        // page number).
        var highlightPageList: [(book: Int, page: Int)] = []
        for position in snapshot.books.indices where snapshot.books[position].highlights.count > Paging.pageSize {
            let count = PageModelFactory.highlightPageCount(snapshot.books[position].highlights.count)
            highlightPageList += (2...count).map { (book: position, page: $0) }
        }
        let highlightPages = highlightPageList
        plan.append(count: highlightPages.count) { offset in
            let (position, number) = highlightPages[offset]
            let slug = shared.factory.snapshot.books[position].book.slug
            return page(PageModelFactory.bookHighlightsPath(slug, page: number), "book-highlights") {
                shared.factory.bookHighlightsPage(shared.factory.snapshot.books[position], page: number)
            }
        }
        // Each author's pages as (author, page number), 16 bytes apiece.
        let authors = snapshot.authors
        let authorPages = authors.indices.flatMap { index in
            let books = factory.index.booksByAuthor[authors[index].slug]?.count ?? 0
            return (1...BookList.pageCount(of: books)).map { (author: index, page: $0) }
        }
        plan.append(count: authorPages.count) { offset in
            let (author, number) = (authors[authorPages[offset].author], authorPages[offset].page)
            let path =
                number == 1
                ? PageModelFactory.authorURL(author.slug) : "authors/\(author.slug)/page/\(number)/index.html"
            return page(path, "author") { shared.factory.authorPage(author, page: number) }
        }
        var pages = factory.statisticsYears.map { year in
            page(PageModelFactory.yearStatisticsURL(year), "year") { shared.factory.yearPage(year) }
        }
        pages += factory.lists.statusLists.flatMap { list in
            (1...list.pageCount).map { number in
                page(list.path(page: number), "list") { shared.factory.listPage(list, page: number) }
            }
        }
        pages += factory.seriesLists.indices.flatMap { index in
            let paging = factory.seriesLists[index].paging
            return (1...paging.pageCount).map { number in
                page(paging.path(page: number), "series") {
                    shared.factory.seriesPage(shared.factory.seriesLists[index], page: number)
                }
            }
        }
        pages += zip(factory.shelves, factory.lists.shelfLists).flatMap { shelf, list in
            (1...list.pageCount).map { number in
                page(list.path(page: number), "shelf") {
                    shared.factory.shelfPage(list, shelf: shelf, page: number)
                }
            }
        }
        // The pages of an index split by letter: `shelves/b.html`, then `b-2.html`.
        func letterPages<Model: Sendable & Encodable>(
            _ sections: [LetterSection<Int>], in folder: String, _ template: String,
            _ model: @escaping @Sendable (_ letter: String, _ page: Int) -> Page<Model>
        ) -> [PlannedOutput] {
            sections.flatMap { section in
                (1...section.pageCount(perPage: factory.namesOnOnePage)).map { number in
                    page(folder + section.fileName(page: number), template) { model(section.letter, number) }
                }
            }
        }
        if factory.splits(factory.authorLetters) {
            pages += letterPages(factory.authorLetters, in: "authors/", "authors") {
                shared.factory.authorsPage(letter: $0, page: $1)
            }
        }
        if factory.splits(factory.shelfLetters) {
            pages += letterPages(factory.shelfLetters, in: "shelves/", "shelves") {
                shared.factory.shelvesPage(letter: $0, page: $1)
            }
        }
        if !factory.seriesLists.isEmpty {
            pages.append(page(PageModelFactory.seriesIndexURL, "series-index") { shared.factory.seriesIndexPage() })
            if factory.splits(factory.seriesLetters) {
                pages += letterPages(factory.seriesLetters, in: "series/", "series-index") {
                    shared.factory.seriesIndexPage(letter: $0, page: $1)
                }
            }
        }
        if !factory.commonplace.isEmpty {
            pages.append(page(Commonplace.homeURL, "commonplace") { shared.factory.commonplaceHome() })
            pages += factory.commonplace.years.indices.flatMap { index in
                (1...factory.commonplace.years[index].pageCount).map { number in
                    page(factory.commonplace.years[index].path(page: number), "commonplace") {
                        shared.factory.commonplaceYearPage(shared.factory.commonplace.years[index], page: number)
                    }
                }
            }
        }
        // The reader's own pages, rendered when their fingerprints are asked for: they are few.
        pages += extraPages.pages.map { extra in
            page(extra.path, "page") { shared.factory.extraPage(extra, renderer: renderer) }
        }
        if extraPages.hasIndex {
            pages.append(page(ExtraPages.indexPath, "page") { shared.factory.pagesIndex(extraPages) })
        }
        plan.append(contentsOf: pages)
        return plan
    }

    /// A page whose model `model` makes when its fingerprint or contents are asked for.
    private static func plannedPage<Model: Sendable & Encodable>(
        _ path: String, _ template: String, theme: Fingerprint, templates: TemplateSet,
        model: @escaping @Sendable () throws -> Page<Model>
    ) -> PlannedOutput {
        PlannedOutput(path: path) { contents in
            let model = try EncodedModel(try model(), values: contents)
            let fingerprint = pageFingerprint(theme: theme, template: template, model: model.fingerprint)
            guard let value = model.value else { return (fingerprint, nil) }
            return (fingerprint, try render(value, with: template, templates: templates, path: path))
        }
    }

    /// The page of the book `details` gives. Its fingerprint takes in its note's fingerprint, not
    /// its note: the note is read and rendered only when the page is made. A note that may link
    /// by name brings in where every name leads too.
    private static func plannedBookPage(
        slug: String, factory: PageModelFactory, notes: SiteNotes, theme: Fingerprint, templates: TemplateSet,
        details: @escaping @Sendable () -> BookDetails
    ) -> PlannedOutput {
        let path = PageModelFactory.bookURL(slug)
        return PlannedOutput(path: path) { contents in
            let model = try EncodedModel(factory.bookPage(details(), noteHTML: nil), values: contents)
            var fingerprint = pageFingerprint(theme: theme, template: "book", model: model.fingerprint)
            let note = notes.fingerprints[slug]
            if let note { fingerprint.combine(note) }
            if notes.linking.contains(slug) { fingerprint.combine(notes.wikiLinks.fingerprint) }
            guard let page = model.value else { return (fingerprint, nil) }
            if note != nil, let html = try notes.html(forSlug: slug) { model.set("noteHTML", to: .html(html)) }
            return (fingerprint, try render(page, with: "book", templates: templates, path: path))
        }
    }

    /// `model` through `template`, as the bytes of the page at `path`. The 404 page, shown at
    /// any address, has no canonical one.
    private static func render(
        _ model: TemplateValue, with template: String, templates: TemplateSet, path: String
    ) throws -> Data {
        do {
            return try templates.render(model, with: template, path: template == "404" ? nil : path, page: path)
        } catch {
            throw BuildError(step: .renderTemplates, path: path, underlying: error)
        }
    }

    /// A fingerprint of what a build reads besides its files (notes, templates, covers and photos
    /// are stamped one by one): the library's identity, the settings, the built-in theme, where
    /// the templates are, the reader's time zone where a page writes local times, and this build
    /// of Bookplate. `revision` is the library's, read before the build reads anything from it (a
    /// change made meanwhile is then seen by the next build).
    func inputFingerprint(settings: SiteSettings, revision: String) -> String {
        var fingerprint = Fingerprint()
        fingerprint.combine(Bookplate.programIdentity)
        // The library as a whole path: `library.path` is as the command was given it, relative to
        // the folder it ran in, and a build from content/notes after one from the shelf's root
        // made every page again (found by an exploratory session).
        fingerprint.combine(paths.library.standardizedFileURL.path)
        fingerprint.combine(revision)
        fingerprint.combine(String(describing: settings))
        fingerprint.combine(requiresTemplatesFolder ? "required" : "optional")
        // A goal's pace changes with the day: the first build of each day makes the pages again.
        if settings.goal != nil { fingerprint.combine(library.clock.today.description) }
        // The highlights feed, made only with a base URL, writes its times with the offsets of the
        // reader's time zone: after `TZ=` changed, a build with nothing else to do kept the old
        // offsets, which a full build replaced (found by an exploratory session). Its fingerprint
        // is its text, so of every page only the feed is then written again.
        if settings.baseURL != nil { fingerprint.combine(library.clock.timeZone.identifier) }
        for (path, text) in DefaultTheme.files.sorted(by: { $0.key < $1.key }) {
            fingerprint.combine(path)
            fingerprint.combine(text)
        }
        fingerprint.combine(paths.templates.path)
        return fingerprint.description
    }

    /// The book pages of `books` alone, for a build in which only their notes changed; what is
    /// wrong with their covers is added to `warnings`, once each. `links`: where their notes' and
    /// highlights' links by name lead, from the whole library, when one of them may link.
    func bookPages(
        _ books: [BookDetails], notes: SiteNotes, links: WikiLinkTargets = .none, settings: SiteSettings,
        coverFiles: [String: FileStamps.Stamp], extraPages: ExtraPages, theme: Theme, templates: TemplateSet,
        warnings: inout [String]
    ) throws -> SitePlan {
        var notes = notes
        notes.wikiLinks = links
        let themePrint = themeFingerprint(theme, templates: templates)
        let site = try siteModel(settings, words: templates.words, extraPages: extraPages)
        let versions = AssetVersions(assets: theme.assets)
        // Their covers are as the last build left them (a changed cover is not a notes-only
        // build): their thumbnails are in the cache.
        let covers = CoverArt.covers(
            for: books, coversFolder: paths.covers, images: ImageFiles(coverFiles), cache: thumbnails)
        var plan = SitePlan(
            zip(books, covers).map { details, cover in
                var factory = makeFactory(
                    site: site, settings: settings, snapshot: LibrarySnapshot(books: [details]),
                    coversBySlug: cover.model.map { [details.book.slug: $0] } ?? [:], assetVersions: versions,
                    words: templates.words)
                factory.wikiLinks = links
                return SiteBuilder.plannedBookPage(
                    slug: details.book.slug, factory: factory, notes: notes, theme: themePrint, templates: templates
                ) { details }
            })
        plan.leavesOutCovers = covers.contains(where: \.isLeftOutByLibvips)
        var said = Set<String>()
        warnings += covers.compactMap(\.warning).filter { said.insert($0).inserted }
        return plan
    }

    /// Every file of the site: covers, photos, pages, the theme's assets, the search index and
    /// discovery files, and the marker that makes the folder Bookplate's.
    func sitePlan(
        snapshot: LibrarySnapshot, settings: SiteSettings, notes: SiteNotes,
        coverFiles: [String: FileStamps.Stamp], photoFiles: [String: FileStamps.Stamp], extraPages: ExtraPages,
        theme: Theme, templates: TemplateSet, warnings: inout [String]
    ) throws -> SitePlan {
        var outputs = SitePlan()
        let cache = thumbnails
        let (coverImages, photoImages) = (ImageFiles(coverFiles), ImageFiles(photoFiles))
        let covers = CoverArt.covers(
            for: snapshot.books, coversFolder: paths.covers, images: coverImages, cache: cache)
        let photos = CoverArt.photos(
            for: snapshot.authors, photosFolder: paths.photos, images: photoImages, cache: cache)
        outputs.append(contentsOf: covers.flatMap(\.files))
        outputs.leavesOutCovers =
            covers.contains(where: \.isLeftOutByLibvips) || photos.contains(where: \.isLeftOutByLibvips)
        // libvips' failure is the same for every cover and photo: said once, not once each.
        var said = Set<String>()
        warnings += covers.compactMap(\.warning).filter { said.insert($0).inserted }
        // The cover of a book a remove, restore or purge is moving at this moment is no stray:
        // the build told the reader to rename it for a book (found by an exploratory session).
        let moving = RemovalUnderWay.slugBeingMoved(in: stateFolder)
        warnings += CoverArt.unusedFiles(
            in: paths.covers, images: coverImages, slugs: Set(snapshot.books.map(\.book.slug)), naming: "book",
            kept: moving.map { [$0] } ?? [])
        warnings += photos.compactMap(\.warning).filter { said.insert($0).inserted }
        warnings += CoverArt.unusedFiles(
            in: paths.photos, images: photoImages, slugs: Set(snapshot.authors.map(\.slug)), naming: "author",
            kept: Set(snapshot.keptAuthors.map(\.slug)))
        outputs.append(contentsOf: photos.compactMap(\.file))
        warnings += CoverArt.entriesThatAreNoFiles(in: paths.covers) + CoverArt.entriesThatAreNoFiles(in: paths.photos)
        // Thumbnails of covers and photos no page shows any more are dropped (a cache that cannot
        // be tidied only costs disk space); not when libvips could not start, which left every
        // cover out of this build alone: one build under a memory limit emptied the cache.
        if !outputs.leavesOutCovers {
            _ = try? cache.removeEntries(keeping: Set(covers.compactMap(\.cacheKey) + photos.compactMap(\.cacheKey)))
        }
        var factory = makeFactory(
            site: try siteModel(settings, words: templates.words, extraPages: extraPages), settings: settings,
            snapshot: snapshot,
            // Placeholders are made where they are shown: a dictionary of 50,000 of them took 22 MB.
            coversBySlug: Dictionary(
                uniqueKeysWithValues: zip(snapshot.books, covers).compactMap { details, cover in
                    cover.model.map { (details.book.slug, $0) }
                }),
            photosByAuthorSlug: Dictionary(
                uniqueKeysWithValues: zip(snapshot.authors, photos).compactMap { author, photo in
                    photo.model.map { (author.slug, $0) }
                }),
            assetVersions: AssetVersions(assets: theme.assets), words: templates.words)
        factory.wikiLinks = WikiLinkTargets(
            snapshot: snapshot, series: factory.seriesLists.map(\.series), shelves: factory.shelves,
            pages: extraPages.pages)
        var notes = notes
        notes.wikiLinks = factory.wikiLinks
        let pages = pagePlan(
            factory: factory, snapshot: snapshot, notes: notes, extraPages: extraPages,
            renderer: noteRenderer(settings), theme: themeFingerprint(theme, templates: templates),
            templates: templates)
        outputs.append(contentsOf: pages)
        outputs.append(
            contentsOf: theme.assets.sorted { $0.key < $1.key }.map { path, data in
                var fingerprint = Fingerprint()
                fingerprint.combine(data)
                return PlannedOutput(path: "assets/\(path)", fingerprint: fingerprint) { data }
            })
        outputs.append(
            contentsOf: discoveryFiles(
                snapshot: snapshot, titleOrder: factory.index.byTitle, commonplace: factory.commonplace,
                settings: settings, words: templates.words, links: factory.wikiLinks, pages: pages))
        let marker = Data(SiteWriter.markerContents.utf8)
        outputs.append(
            PlannedOutput(path: SiteWriter.markerName, fingerprint: Fingerprint(of: SiteWriter.markerContents)) {
                marker
            })
        return outputs
    }

    /// The page models' factory of a build, in the site's words, with its goal and today's date.
    private func makeFactory(
        site: SiteModel, settings: SiteSettings, snapshot: LibrarySnapshot, coversBySlug: [String: CoverModel],
        photosByAuthorSlug: [String: CoverModel] = [:], assetVersions: AssetVersions, words: Words
    ) -> PageModelFactory {
        var factory = PageModelFactory(
            site: site, baseURL: settings.baseURL, snapshot: snapshot, coversBySlug: coversBySlug,
            photosByAuthorSlug: photosByAuthorSlug, words: words)
        factory.goal = settings.goal
        factory.namesOnOnePage = namesOnOnePage
        factory.assetVersions = assetVersions
        factory.today = settings.goal == nil ? nil : library.clock.today
        return factory
    }

    /// What every page knows of the site; the catalogs credited are read from the library, in
    /// a full plan and in a plan of book pages alike. Its language is the words': English when
    /// the settings' language has no table.
    private func siteModel(_ settings: SiteSettings, words: Words, extraPages: ExtraPages) throws -> SiteModel {
        let credits = Credits.siteCredits(try library.catalogSources(), words: words)
        let description = settings.description(in: words)
        return SiteModel(
            title: settings.title(in: words), language: words.language, dir: words.direction,
            description: description.isEmpty ? nil : description,
            owner: settings.owner, hasFeed: settings.baseURL != nil,
            // The owner's name stands among the key's words, where no markup can set it apart.
            ownerLabel: settings.owner.map { words("footerOwner", ["owner": BidiIsolation.isolated($0)]) },
            credits: credits.links, creditsLead: credits.lead, pages: extraPages.links(allPages: words("navAllPages")))
    }

    /// The part of every page's fingerprint that is the theme (a page may include any template),
    /// the program that renders it (another build of Bookplate may render the same model and
    /// templates differently), and what the templates are given beside each page's model: the
    /// base URL its canonical address is made of, which no page model holds.
    private func themeFingerprint(_ theme: Theme, templates: TemplateSet) -> Fingerprint {
        var fingerprint = Fingerprint()
        fingerprint.combine(Bookplate.programIdentity)
        fingerprint.combine(templates.baseURL?.absoluteString ?? "")
        for (name, entry) in theme.templates.sorted(by: { $0.key < $1.key }) {
            fingerprint.combine(name)
            fingerprint.combine(entry.source)
        }
        for (language, files) in theme.translations.sorted(by: { $0.key < $1.key }) {
            for file in files {
                fingerprint.combine(language)
                fingerprint.combine(file.source)
            }
        }
        return fingerprint
    }

    /// A page's fingerprint: the theme's, its template, and its model.
    private static func pageFingerprint(theme: Fingerprint, template: String, model: Fingerprint) -> Fingerprint {
        var fingerprint = theme
        fingerprint.combine(template)
        fingerprint.combine(model)
        return fingerprint
    }

    func noteRenderer(_ settings: SiteSettings) -> NoteRenderer {
        NoteRenderer(allowsRawHTML: settings.allowsRawHTMLInNotes)
    }

    /// The search index, robots.txt and, where there is a base URL, the Atom feeds (of books, and
    /// of highlights when any is published) and the sitemap.
    private func discoveryFiles(
        snapshot: LibrarySnapshot, titleOrder: [Int], commonplace: Commonplace, settings: SiteSettings, words: Words,
        links: WikiLinkTargets, pages: SitePlan
    ) -> [PlannedOutput] {
        var files: [(String, @Sendable () -> Data)] = [
            (
                "search-index.js",
                {
                    SearchIndex.script(
                        snapshot: snapshot, order: titleOrder, commonplace: commonplace, language: words.language)
                }
            ),
            ("robots.txt", { Data(FeedWriter.robots(baseURL: settings.baseURL).utf8) }),
        ]
        let timeZone = library.clock.timeZone
        if let baseURL = settings.baseURL {
            files.append(
                (
                    "feed.xml",
                    {
                        Data(
                            FeedWriter.atomFeed(snapshot: snapshot, settings: settings, baseURL: baseURL, words: words)
                                .utf8)
                    }
                ))
            if !commonplace.isEmpty {
                files.append(
                    (
                        Commonplace.feedPath,
                        {
                            Data(
                                FeedWriter.highlightsFeed(
                                    snapshot: snapshot, commonplace: commonplace, settings: settings, baseURL: baseURL,
                                    words: words, timeZone: timeZone, links: links
                                ).utf8)
                        }
                    ))
            }
            // The pages' paths are listed when the sitemap is made, not held until then (4 MB).
            let sorted: @Sendable () -> [String] = { pages.lazy.map(\.path).filter { $0 != "404.html" }.sorted() }
            // Every plan has one 404 page (above), which no sitemap lists.
            let listed = pages.count - 1
            let limit = sitemapLimit
            let parts = (listed + limit - 1) / limit
            if parts <= 1 {
                files.append(("sitemap.xml", { Data(FeedWriter.sitemap(paths: sorted(), baseURL: baseURL).utf8) }))
            } else {
                files.append(("sitemap.xml", { Data(FeedWriter.sitemapIndex(parts: parts, baseURL: baseURL).utf8) }))
                for part in 1...parts {
                    files.append(
                        (
                            FeedWriter.sitemapPart(part),
                            {
                                let start = (part - 1) * limit
                                let paths = sorted()
                                let slice = paths[start..<min(start + limit, paths.count)]
                                return Data(FeedWriter.sitemap(paths: slice, baseURL: baseURL).utf8)
                            }
                        ))
                }
            }
        }
        // Made like pages, on every core with them, rather than before them.
        return files.map { path, make in
            PlannedOutput(path: path) { contents in
                let data = make()
                var fingerprint = Fingerprint()
                fingerprint.combine(data)
                return (fingerprint, contents ? data : nil)
            }
        }
    }
}

/// What every page of a plan is made from, held once for all their closures.
private final class SharedPlan: Sendable {
    let factory: PageModelFactory
    let notes: SiteNotes

    init(factory: PageModelFactory, notes: SiteNotes) {
        self.factory = factory
        self.notes = notes
    }
}
