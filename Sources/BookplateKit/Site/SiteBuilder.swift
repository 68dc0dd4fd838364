import Foundation

/// Builds the static site from the library, the notes and the theme.
///
/// A build is a list of named steps — load library, render notes, load templates, collect covers
/// and photos, render templates, write files — and any error names the step and the path it was
/// working on. Pages are made into a folder beside the site, which takes the old site's place only
/// when every page has rendered.
public struct SiteBuilder: Sendable {
    public var library: Library
    public var paths: ShelfPaths
    public var settings: SiteSettings
    /// Whether the templates folder must exist (the reader named it) rather than default to the
    /// built-in theme.
    public var requiresTemplatesFolder: Bool

    public init(
        library: Library, paths: ShelfPaths, settings: SiteSettings = SiteSettings(),
        requiresTemplatesFolder: Bool = false
    ) {
        self.library = library
        self.paths = paths
        self.settings = settings
        self.requiresTemplatesFolder = requiresTemplatesFolder
    }

    /// Where the last build's state is kept.
    var statePath: URL { paths.content.appendingPathComponent(".bookplate/build-state.txt") }

    /// Builds the site into `paths.site` and reports what was made.
    ///
    /// When nothing the site is made from changed, nothing is read beyond a fingerprint of the
    /// inputs and nothing is written. Otherwise every page's model is fingerprinted and only the
    /// files whose fingerprint changed are made; a first build, or one that changes most files,
    /// writes a whole new site and swaps it into place.
    @discardableResult
    public func build() throws -> BuildReport {
        let started = ContinuousClock.now
        let writer = SiteWriter(target: paths.site)
        try step(.checkOutput) { try writer.checkTarget(shelfRoot: paths.root) }
        // Half-written notes, covers and state of commands that were killed.
        for folder in [paths.notes, paths.covers, paths.photos, statePath.deletingLastPathComponent()] {
            WorkingFiles.removeAbandoned(in: folder)
        }
        let previous = writer.hasPreviousSite ? BuildState.load(from: statePath) : nil
        let coverFiles = FileStamps.scan(paths.covers)
        let photoFiles = FileStamps.scan(paths.photos)
        let inputs = try step(.loadLibrary) { try inputFingerprint(covers: coverFiles, photos: photoFiles) }
        let noteStamps = Dictionary(
            uniqueKeysWithValues: FileStamps.scan(paths.notes, suffix: ".md").filter { !$0.key.contains("/") }.map {
                (String($0.key.dropLast(3)), $0.value)
            })
        if let previous, previous.inputs == inputs, previous.site == paths.site.standardizedFileURL.path {
            if previous.notes == noteStamps {
                return BuildReport(
                    pageCount: previous.files.keys.filter { $0.hasSuffix(".html") }.count, bookCount: nil,
                    authorCount: nil, fileCount: previous.files.count, filesWritten: 0, notesRendered: 0,
                    orphanNotes: [], duration: ContinuousClock.now - started)
            }
            return try rebuildNotePages(
                previous: previous, inputs: inputs, noteStamps: noteStamps, coverFiles: coverFiles, writer: writer,
                started: started)
        }

        let catalogue = try step(.loadLibrary) { try library.catalogue() }
        // Notes are brought up to date in the library, and each page reads its own note from
        // there as it is made: ten thousand notes' HTML is not held at once.
        let notes = try step(.renderNotes) { try renderNotes(noteStamps, previous: previous, keepHTML: false) }
        let theme = try step(.loadTemplates) {
            try Theme.load(overrides: paths.templates, requireFolder: requiresTemplatesFolder)
        }
        let templates = try step(.loadTemplates) { try TemplateSet(theme: theme) }

        var outputs: [PlannedOutput] = []
        let coverNames = Set(coverFiles.keys)
        let photoNames = Set(photoFiles.keys)
        let covers = try step(.collectCovers) {
            try catalogue.books.map { details in
                try CoverArt.cover(for: details, coversFolder: paths.covers, existing: coverNames)
            }
        }
        outputs += covers.compactMap(\.file)
        let photos = try step(.collectCovers) {
            try catalogue.authors.compactMap { author in
                try CoverArt.photo(for: author, photosFolder: paths.photos, existing: photoNames)
                    .map { (author.slug, $0) }
            }
        }
        outputs += photos.map(\.1.file)
        let factory = PageModelFactory(
            site: siteModel, baseURL: settings.baseURL, catalogue: catalogue,
            coversBySlug: Dictionary(uniqueKeysWithValues: zip(catalogue.books.map(\.book.slug), covers.map(\.model))),
            photosByAuthorSlug: Dictionary(uniqueKeysWithValues: photos.map { ($0.0, $0.1.model) }))

        let pages = pagePlan(
            factory: factory, catalogue: catalogue, noteSlugs: Set(noteStamps.keys), theme: themeFingerprint(theme),
            templates: templates)
        outputs += pages
        outputs += theme.assets.sorted { $0.key < $1.key }.map { path, data in
            var print = Fingerprint()
            print.combine(data)
            return PlannedOutput(path: "assets/\(path)", fingerprint: print.description) { data }
        }
        outputs += discoveryFiles(catalogue: catalogue, pagePaths: pages.map(\.path).filter { $0 != "404.html" })

        // With the last build's state for this site, every file is fingerprinted first (a page's
        // model made and dropped) and only the changed ones are made again; without it, each file
        // is fingerprinted as it is made.
        let planned: [String: String]
        let written: Int
        let sameSite = previous.flatMap { $0.site == paths.site.standardizedFileURL.path ? $0 : nil }
        if let previous = sameSite {
            let fingerprints = try Parallel.map(outputs) { output in Result { try output.fingerprint() } }
                .map { try $0.get() }
            planned = Dictionary(zip(outputs.map(\.path), fingerprints)) { first, _ in first }
            let changed = zip(outputs, fingerprints).filter { previous.files[$0.0.path] != $0.1 }.map(\.0)
            let removed = Set(previous.files.keys).subtracting(planned.keys).sorted()
            try step(.writeFiles, path: paths.site.relativePathForDisplay) {
                if changed.count * 2 < outputs.count {
                    BuildState.markChanging(changed.map(\.path) + removed, stateAt: statePath)
                    try writer.update(changed: changed, removed: removed)
                } else {
                    BuildState.markChanging(nil, stateAt: statePath)
                    try writer.writeAll(outputs)
                }
            }
            written = changed.count
        } else {
            let fingerprints = try step(.writeFiles, path: paths.site.relativePathForDisplay) {
                BuildState.markChanging(nil, stateAt: statePath)
                return try writer.writeAll(outputs)
            }
            planned = Dictionary(zip(outputs.map(\.path), fingerprints)) { first, _ in first }
            written = outputs.count
        }
        BuildState(
            site: paths.site.standardizedFileURL.path, inputs: inputs, notes: noteStamps,
            noteOptions: NoteRenderer(allowsRawHTML: settings.allowsRawHTMLInNotes).optionsTag, files: planned
        ).save(to: statePath)

        return BuildReport(
            pageCount: pages.count, bookCount: catalogue.books.count, authorCount: catalogue.authors.count,
            fileCount: outputs.count, filesWritten: written, notesRendered: notes.renderedCount,
            orphanNotes: notes.orphans.map { paths.notes.appendingPathComponent("\($0).md").relativePathForDisplay },
            duration: ContinuousClock.now - started)
    }

    /// Every page, planned: its model is made when the page's fingerprint or contents are needed.
    private func pagePlan(
        factory: PageModelFactory, catalogue: Catalogue, noteSlugs: Set<String>, theme: Fingerprint,
        templates: TemplateSet
    ) -> [PlannedOutput] {
        func page<Model: Encodable & TemplateObject>(
            _ path: String, _ template: String, _ model: @escaping @Sendable () throws -> Model
        ) -> PlannedOutput {
            SiteBuilder.plannedPage(path, template, theme: theme, templates: templates, model: model)
        }
        return [
            page("index.html", "index") { factory.indexPage() },
            page("authors/index.html", "authors") { factory.authorsPage() },
            page("shelves/index.html", "shelves") { factory.shelvesPage() },
            page("stats/index.html", "stats") { factory.statisticsPage() },
            page("404.html", "404") { factory.notFoundPage() },
        ]
            + catalogue.books.map { details in
                page(PageModelFactory.bookURL(details.book.slug), "book") {
                    // A note row whose file is gone is not the book's note any more.
                    let slug = details.book.slug
                    let note = try noteSlugs.contains(slug) ? library.noteHTML(forSlug: slug) : nil
                    return factory.bookPage(details, noteHTML: note)
                }
            }
            + catalogue.authors.map { author in
                page(PageModelFactory.authorURL(author.slug), "author") { factory.authorPage(author) }
            }
            + factory.shelves.map { shelf in
                page(PageModelFactory.shelfURL(shelf.slug), "shelf") { factory.shelfPage(shelf) }
            }
    }

    /// A page whose model `model` makes when its fingerprint or contents are asked for.
    private static func plannedPage<Model: Encodable & TemplateObject>(
        _ path: String, _ template: String, theme: Fingerprint, templates: TemplateSet,
        model: @escaping @Sendable () throws -> Model
    ) -> PlannedOutput {
        PlannedOutput(path: path) { contents in
            let model = try model()
            let print = pageFingerprint(theme: theme, template: template, model: Fingerprint.of(model))
            guard contents else { return (print, nil) }
            do {
                return (print, Data(try templates.render(model, with: template).utf8))
            } catch {
                throw BuildError(step: .renderTemplates, path: path, underlying: error)
            }
        }
    }

    /// A fingerprint of everything a build reads but the notes: the library's revision, the
    /// cover and photo files, the theme, the settings and this version of Bookplate.
    private func inputFingerprint(covers: [String: FileStamps.Stamp], photos: [String: FileStamps.Stamp]) throws
        -> String
    {
        var print = Fingerprint()
        print.combine(Bookplate.version)
        print.combine(library.path)
        print.combine(try library.revision())
        print.combine(String(describing: settings))
        print.combine(requiresTemplatesFolder ? "required" : "optional")
        for (path, text) in DefaultTheme.files.sorted(by: { $0.key < $1.key }) {
            print.combine(path)
            print.combine(text)
        }
        print.combine(paths.templates.path)
        print.combine(FileStamps.scan(paths.templates))
        print.combine(covers)
        print.combine(photos)
        return print.description
    }

    /// Only notes changed: a note shows on its book's page alone, so only those pages are made.
    private func rebuildNotePages(
        previous: BuildState, inputs: String, noteStamps: [String: FileStamps.Stamp],
        coverFiles: [String: FileStamps.Stamp], writer: SiteWriter, started: ContinuousClock.Instant
    ) throws -> BuildReport {
        let changedSlugs = Set(noteStamps.keys).union(previous.notes.keys)
            .filter { noteStamps[$0] != previous.notes[$0] }.sorted()
        let books = try step(.loadLibrary) { try library.books(slugs: changedSlugs) }
        let notes = try step(.renderNotes) {
            try renderNotes(noteStamps.filter { changedSlugs.contains($0.key) }, previous: previous)
        }
        let theme = try step(.loadTemplates) {
            try Theme.load(overrides: paths.templates, requireFolder: requiresTemplatesFolder)
        }
        let templates = try step(.loadTemplates) { try TemplateSet(theme: theme) }
        var files = previous.files
        var written = 0
        var outputs: [PlannedOutput] = []
        let themePrint = themeFingerprint(theme)
        let coverNames = Set(coverFiles.keys)
        for details in books {
            let cover = try step(.collectCovers) {
                try CoverArt.cover(for: details, coversFolder: paths.covers, existing: coverNames).model
            }
            let factory = PageModelFactory(
                site: siteModel, baseURL: settings.baseURL, catalogue: Catalogue(books: [details]),
                coversBySlug: [details.book.slug: cover])
            let note = notes.htmlBySlug[details.book.slug]
            let output = SiteBuilder.plannedPage(
                PageModelFactory.bookURL(details.book.slug), "book", theme: themePrint, templates: templates
            ) { factory.bookPage(details, noteHTML: note) }
            let print = try output.fingerprint()
            guard files[output.path] != print else { continue }
            files[output.path] = print
            written += 1
            outputs.append(output)
        }
        try step(.writeFiles, path: paths.site.relativePathForDisplay) {
            BuildState.markChanging(outputs.map(\.path), stateAt: statePath)
            try writer.update(changed: outputs, removed: [])
        }
        BuildState(
            site: previous.site, inputs: inputs, notes: noteStamps, noteOptions: previous.noteOptions, files: files
        ).save(to: statePath)
        return BuildReport(
            pageCount: files.keys.filter { $0.hasSuffix(".html") }.count, bookCount: nil, authorCount: nil,
            fileCount: files.count, filesWritten: written, notesRendered: notes.renderedCount,
            orphanNotes: notes.orphans.map { paths.notes.appendingPathComponent("\($0).md").relativePathForDisplay },
            duration: ContinuousClock.now - started)
    }

    private var siteModel: SiteModel {
        SiteModel(
            title: settings.title, language: settings.language, description: settings.description,
            owner: settings.owner, hasFeed: settings.baseURL != nil)
    }

    /// The part of every page's fingerprint that is the theme: a page may include any template.
    private func themeFingerprint(_ theme: Theme) -> Fingerprint {
        var print = Fingerprint()
        for (name, entry) in theme.templates.sorted(by: { $0.key < $1.key }) {
            print.combine(name)
            print.combine(entry.source)
        }
        return print
    }

    /// A page's fingerprint: the theme's, its template, and its model.
    private static func pageFingerprint(theme: Fingerprint, template: String, model: Fingerprint) -> String {
        var print = theme
        print.combine(template)
        print.combine(model.description)
        return print.description
    }

    /// Brings the library's note cache up to date. A note file whose size and date are those the
    /// last build saw, rendered with the same options, is taken from the cache without reading it.
    private func renderNotes(
        _ stamps: [String: FileStamps.Stamp], previous: BuildState?, keepHTML: Bool = true
    ) throws -> NoteSync {
        let store = NoteStore(folder: paths.notes)
        let renderer = NoteRenderer(allowsRawHTML: settings.allowsRawHTMLInNotes)
        let unchanged =
            previous.map { previous in
                previous.noteOptions == renderer.optionsTag
                    ? Set(stamps.keys.filter { previous.notes[$0] == stamps[$0] }) : []
            } ?? []
        return try library.syncNotes(
            slugs: stamps.keys.sorted(), unchanged: unchanged, renderer: renderer, keepHTML: keepHTML,
            markdown: { slug in try store.readNote(at: store.url(forSlug: slug)) })
    }

    /// The search index, robots.txt and, where there is a base URL, the Atom feed and the sitemap.
    private func discoveryFiles(catalogue: Catalogue, pagePaths: [String]) -> [PlannedOutput] {
        let settings = settings
        var files: [(String, @Sendable () -> String)] = [
            ("search-index.js", { SearchIndex.script(catalogue: catalogue) }),
            ("robots.txt", { FeedWriter.robots(baseURL: settings.baseURL) }),
        ]
        if let baseURL = settings.baseURL {
            files.append(
                ("feed.xml", { FeedWriter.atomFeed(catalogue: catalogue, settings: settings, baseURL: baseURL) }))
            files.append(("sitemap.xml", { FeedWriter.sitemap(paths: pagePaths, baseURL: baseURL) }))
        }
        // Made like pages, on every core with them, rather than before them.
        return files.map { path, make in
            PlannedOutput(path: path) { contents in
                let text = make()
                var print = Fingerprint()
                print.combine(text)
                return (print.description, contents ? Data(text.utf8) : nil)
            }
        }
    }

    private func step<T>(_ step: BuildStep, path: String? = nil, _ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError(step: step, path: path, underlying: error)
        }
    }
}

/// The named steps of a build.
public enum BuildStep: String, Sendable {
    case checkOutput = "check the output folder"
    case loadLibrary = "load the library"
    case renderNotes = "render notes"
    case loadTemplates = "load templates"
    case collectCovers = "collect covers and photos"
    case renderTemplates = "render templates"
    case copyAssets = "copy assets"
    case writeFiles = "write files"
}

/// A failed build: the step, the path it was working on where that helps, and the cause.
public struct BuildError: Error, CustomStringConvertible {
    public var step: BuildStep
    public var path: String?
    public var underlying: any Error

    public var description: String {
        let cause = "\(underlying)"
        if let path, !cause.contains(path) { return "build failed to \(step.rawValue) (\(path)): \(cause)" }
        return "build failed to \(step.rawValue): \(cause)"
    }
}

/// What a build made.
public struct BuildReport: Sendable {
    public var pageCount: Int
    /// Nil when nothing changed and the library was not loaded.
    public var bookCount: Int?
    public var authorCount: Int?
    public var fileCount: Int
    /// How many files were written; 0 when the site was already up to date.
    public var filesWritten: Int
    public var notesRendered: Int
    /// Note files (paths for messages) whose book is not in the library.
    public var orphanNotes: [String]
    public var duration: Duration
}
