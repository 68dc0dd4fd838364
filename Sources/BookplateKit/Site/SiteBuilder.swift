import Foundation

/// Builds the static site from the library, the notes and the theme.
///
/// A build is a list of named steps — load library, render notes, load templates, make page
/// models, render templates, collect covers and assets, write files — and any error names the
/// step and the path it was working on. Nothing is written until every page has rendered.
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

    /// Builds the site into `paths.site` and reports what was made.
    @discardableResult
    public func build() throws -> BuildReport {
        let started = ContinuousClock.now
        let writer = SiteWriter(target: paths.site)
        try step(.checkOutput) { try writer.checkTarget(shelfRoot: paths.root) }
        let catalogue = try step(.loadLibrary) { try library.catalogue() }
        let notes = try step(.renderNotes) { try renderNotes() }
        let theme = try step(.loadTemplates) {
            try Theme.load(overrides: paths.templates, requireFolder: requiresTemplatesFolder)
        }
        let templates = try step(.loadTemplates) { try TemplateSet(theme: theme) }

        var files: [OutputFile] = []
        let covers = try step(.collectCovers) {
            try catalogue.books.map { details in
                try CoverArt.cover(for: details, coversFolder: paths.covers)
            }
        }
        files += covers.map(\.file)
        let photos = try step(.collectCovers) {
            try catalogue.authors.compactMap { author in
                try CoverArt.photo(for: author, photosFolder: paths.photos).map { (author.slug, $0) }
            }
        }
        files += photos.map(\.1.file)
        let factory = PageModelFactory(
            site: SiteModel(
                title: settings.title, language: settings.language, description: settings.description,
                owner: settings.owner, hasFeed: settings.baseURL != nil),
            baseURL: settings.baseURL, catalogue: catalogue, noteHTMLBySlug: notes.htmlBySlug,
            coversBySlug: Dictionary(
                uniqueKeysWithValues: zip(catalogue.books.map(\.book.slug), covers.map(\.model))),
            photosByAuthorSlug: Dictionary(uniqueKeysWithValues: photos.map { ($0.0, $0.1.model) }))

        let pages: [(path: String, template: String, model: Any)] = try step(.makePageModels) {
            [
                ("index.html", "index", factory.indexPage() as Any),
                ("authors/index.html", "authors", factory.authorsPage()),
                ("shelves/index.html", "shelves", factory.shelvesPage()),
                ("stats/index.html", "stats", factory.statisticsPage()),
                ("404.html", "404", factory.notFoundPage()),
            ]
                + catalogue.books.map { (PageModelFactory.bookURL($0.book.slug), "book", factory.bookPage($0)) }
                + catalogue.authors.map { (PageModelFactory.authorURL($0.slug), "author", factory.authorPage($0)) }
                + factory.shelves.map { (PageModelFactory.shelfURL($0.slug), "shelf", factory.shelfPage($0)) }
        }
        for page in pages {
            let html = try step(.renderTemplates, path: page.path) {
                try templates.render(page.model, with: page.template)
            }
            files.append(OutputFile(path: page.path, contents: Data(html.utf8)))
        }
        files += theme.assets.sorted { $0.key < $1.key }.map {
            OutputFile(path: "assets/\($0.key)", contents: $0.value)
        }
        files += discoveryFiles(catalogue: catalogue, pagePaths: pages.map(\.path).filter { $0 != "404.html" })
        try step(.writeFiles, path: paths.site.relativePathForDisplay) { try writer.write(files) }

        return BuildReport(
            pageCount: pages.count, bookCount: catalogue.books.count, authorCount: catalogue.authors.count,
            fileCount: files.count, notesRendered: notes.renderedCount,
            orphanNotes: notes.orphans.map { paths.notes.appendingPathComponent("\($0).md").relativePathForDisplay },
            duration: ContinuousClock.now - started)
    }

    private func renderNotes() throws -> NoteSync {
        let store = NoteStore(folder: paths.notes)
        var markdownBySlug: [String: String] = [:]
        for file in try store.noteFiles() {
            markdownBySlug[file.slug] = try store.readNote(at: file.url)
        }
        return try library.syncNotes(
            markdownBySlug, renderer: NoteRenderer(allowsRawHTML: settings.allowsRawHTMLInNotes))
    }

    /// The search index, and where there is a base URL, the Atom feed and the sitemap.
    private func discoveryFiles(catalogue: Catalogue, pagePaths: [String]) -> [OutputFile] {
        var files = [
            OutputFile(path: "search-index.js", contents: Data(SearchIndex.script(catalogue: catalogue).utf8)),
            OutputFile(path: "robots.txt", contents: Data(FeedWriter.robots(baseURL: settings.baseURL).utf8)),
        ]
        if let baseURL = settings.baseURL {
            files.append(
                OutputFile(
                    path: "feed.xml",
                    contents: Data(FeedWriter.atomFeed(catalogue: catalogue, settings: settings, baseURL: baseURL).utf8)
                ))
            files.append(
                OutputFile(
                    path: "sitemap.xml", contents: Data(FeedWriter.sitemap(paths: pagePaths, baseURL: baseURL).utf8)))
        }
        return files
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
    case makePageModels = "make page models"
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
    public var bookCount: Int
    public var authorCount: Int
    public var fileCount: Int
    public var notesRendered: Int
    /// Note files (paths for messages) whose book is not in the library.
    public var orphanNotes: [String]
    public var duration: Duration
}
