import Foundation
import GRDB
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct GoldenSiteTests {
    @Test func everyPageKindMatchesItsGoldenFile() throws {
        let shelf = try FixtureShelf.make()
        // A page of the reader's own, as `content/pages/about.md` (linked from every page's header).
        try ExtraPagesTests.writePage(
            "---\ntitle: About this shelf\ndescription: Who keeps it.\n---\nI keep it *slowly*.\n\n## Ratings\n\nFive stars, rarely.\n",
            named: "about.md", in: shelf)
        try shelf.build(settings: FixtureShelf.settings)
        let site = try TemporaryShelf.snapshot(of: shelf.paths.site)
        // Pages, generated covers, the feed, sitemap, robots.txt and search index are golden;
        // assets and copied images are the theme's and the reader's.
        let generated = site.filter { file in
            !file.key.hasPrefix("assets/")
                && ([".html", ".svg", ".xml", ".txt"].contains { file.key.hasSuffix($0) }
                    || file.key == "search-index.js")
        }
        #expect(generated.keys.contains("index.html"))
        #expect(generated.keys.contains("authors/index.html"))
        #expect(generated.keys.contains("books/fledgling/index.html"))
        #expect(generated.keys.contains("authors/octavia-e-butler/index.html"))
        #expect(generated.keys.contains("pages/about/index.html"))
        try GoldenFiles.verify(generated, against: "fixture-shelf")
    }
}

@Suite struct ExampleShelfTests {
    /// The committed `site/` is exactly what `build` makes of the committed `content/` and `templates/`.
    @Test func buildReproducesTheCommittedSiteByteForByte() throws {
        let root = try TestPaths.temporaryFolder("example")
        for folder in ["content", "templates"] {
            try FileManager.default.copyItem(
                at: TestPaths.repository.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        let paths = ShelfPaths(root: root)
        try SiteBuilder(
            library: try Library.open(at: paths.library), paths: paths,
            settings: try SiteSettings.load(from: paths.settings)
        ).build()
        let built = try TemporaryShelf.snapshot(of: paths.site)
        let committed = try TemporaryShelf.snapshot(of: TestPaths.repository.appendingPathComponent("site"))
        #expect(built.count >= 30)
        #expect(Set(built.keys) == Set(committed.keys))
        for path in built.keys.sorted() where built[path] != committed[path] {
            let diff = GoldenFiles.readableDiff(committed[path] ?? Data(), built[path] ?? Data())
            Issue.record(
                "site/\(path) is not what build makes; run 'swift run bookplate build' and commit site/:\n\(diff)")
        }
    }

    /// Building the example in a checkout leaves git's tree as it was: the committed library has
    /// every migration, so opening it writes nothing.
    @Test func committedLibraryHasEveryMigration() throws {
        // A copy, as opening the library would leave its -wal and -shm files in content/.
        let file = try TestPaths.temporaryFolder("example-library").appendingPathComponent("library.sqlite")
        try FileManager.default.copyItem(
            at: TestPaths.repository.appendingPathComponent("content/library.sqlite"), to: file)
        let database = try DatabaseQueue(path: file.path)
        let complete = try database.read { try LibraryMigrations.migrator.hasCompletedMigrations($0) }
        #expect(complete, "content/library.sqlite lacks a migration: run 'swift run bookplate build' and commit it")
    }
}
