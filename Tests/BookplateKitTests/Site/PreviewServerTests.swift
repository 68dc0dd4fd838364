import Foundation
import Synchronization
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct PreviewServerTests {
    func get(_ port: UInt16, _ path: String) async throws -> (status: Int, body: String, type: String?) {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        let reply = try await URLSessionTransport(idleTimeout: 20, totalTimeout: 20).get(url, headers: [:])
        return (reply.status, String(decoding: reply.body, as: UTF8.self), reply.headers["content-type"])
    }

    /// Fetches `path` until `done` holds for its body, or 60 seconds pass (CI machines are busy).
    func poll(_ port: UInt16, _ path: String, until done: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(60)
        var body = ""
        repeat {
            try await Task.sleep(for: .milliseconds(100))
            body = try await get(port, path).body
        } while !done(body) && ContinuousClock.now < deadline
        return body
    }

    /// A preview of `shelf` on a free port, building with the shelf's own library.
    static func server(for shelf: TemporaryShelf, report: @escaping @Sendable (String) -> Void = { _ in })
        throws -> PreviewServer
    {
        try PreviewServer.start(
            paths: shelf.paths, port: 0,
            makeBuilder: { SiteBuilder(library: shelf.library, paths: shelf.paths) }, report: report)
    }

    @Test func servesTheSiteRebuildsOnChangeAndSurvivesABrokenTemplate() async throws {
        let shelf = try FixtureShelf.make()
        let server = try Self.server(for: shelf)
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(100)) }

        let index = try await get(server.port, "/")
        #expect(index.status == 200 && index.type == "text/html; charset=utf-8")
        #expect(index.body.contains("/__bookplate/version"))
        #expect(try await get(server.port, "/assets/style.css").type == "text/css; charset=utf-8")
        #expect(try await get(server.port, "/covers/fledgling-128.jpg").type == "image/jpeg")
        #expect(try await get(server.port, "/../../etc/passwd").status == 404)
        #expect(try await get(server.port, "/%2e%2e/%2e%2e/etc/passwd").status == 404)
        #expect(try await get(server.port, "/no/such/page").status == 404)

        // An edited note shows within a second or so.
        let before = server.buildVersion
        try shelf.writeNote("Freshly *edited*.\n", slug: "kindred")
        let page = try await poll(server.port, "/books/kindred/index.html") { $0.contains("Freshly <em>edited</em>") }
        #expect(page.contains("Freshly <em>edited</em>"))
        // The page is on disk a moment before the build is counted: open pages reload on the count.
        let version = try await poll(server.port, "/__bookplate/version") { Self.count($0) > before }
        #expect(Self.count(version) > before)

        // A broken template: the error is shown, the last good site is still served.
        try Data("{{#broken}}".utf8).write(to: shelf.paths.templates.appendingPathComponent("book.mustache"))
        var shown = try await poll(server.port, "/books/kindred/index.html") { $0.contains("Build failed") }
        #expect(shown.contains("role=\"alert\"") && shown.contains("Build failed"))
        #expect(shown.contains("Freshly <em>edited</em>"))
        try FileManager.default.removeItem(at: shelf.paths.templates.appendingPathComponent("book.mustache"))
        shown = try await poll(server.port, "/books/kindred/index.html") { !$0.contains("Build failed") }
        #expect(!shown.contains("Build failed"))

        watcher.cancel()
        await server.stop()
    }

    /// With nothing changed, the watcher does not build again, though the shelf's files were written
    /// a moment before: a racy file's stamp carries a digest that a later stamp does not (see
    /// FileStamps), and the contents decide. (Every edit was built twice when stamps were compared.)
    @Test func anUnchangedShelfIsNotRebuiltOverAndOver() async throws {
        let shelf = try FixtureShelf.make()
        let server = try Self.server(for: shelf)
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(50)) }
        try await Task.sleep(for: .seconds(2))
        watcher.cancel()
        await server.stop()
        #expect(server.buildVersion == 1)
    }

    /// After one note's edit `serve` said "Rebuilt 58 pages": the pages the site has, not the one
    /// file written. It says what `build` says, from the same report. Found by an exploratory session.
    @Test func aRebuildSaysHowManyFilesChangedAsBuildDoes() async throws {
        let shelf = try FixtureShelf.make()
        let lines = Mutex<[String]>([])
        let server = try Self.server(for: shelf) { line in lines.withLock { $0.append(line) } }
        await server.rebuild()
        let first = try #require(lines.withLock { $0.last })
        #expect(first.hasPrefix("Built ") && first.contains("(5 books, 5 authors) in "), "\(first)")
        try shelf.writeNote("Freshly *edited*.\n", slug: "kindred")
        await server.rebuild()
        await server.stop()
        let rebuilt = try #require(lines.withLock { $0.last })
        #expect(rebuilt.hasPrefix("Notes changed: rewrote 1 of "), "\(rebuilt)")
        #expect(rebuilt.hasSuffix(" s → \(shelf.paths.site.relativePathForDisplay)/"), "\(rebuilt)")
    }

    /// A change made after the first build but before watching starts is still a change: the
    /// watcher compares with the shelf as the build read it. (CI once saw this race: the watch
    /// task started after the test had changed the settings, and the site never caught up.)
    @Test func aChangeBeforeWatchingStartsIsSeen() async throws {
        let shelf = try FixtureShelf.make()
        let paths = shelf.paths
        try Data("title: Before\n".utf8).write(to: paths.settings)
        let server = try Self.server(for: shelf)
        await server.rebuild()
        try Data("title: After the first build\n".utf8).write(to: paths.settings)
        let watcher = Task { await server.watch(every: .milliseconds(100)) }
        let index = try await poll(server.port, "/") { $0.contains("After the first build") }
        #expect(index.contains("After the first build"))
        watcher.cancel()
        await server.stop()
    }

    /// The site deleted while serving: every page was a 404 until something else changed. Found
    /// by an exploratory session. It is made again.
    @Test func aSiteDeletedWhileServingIsMadeAgain() async throws {
        let shelf = try FixtureShelf.make()
        let server = try Self.server(for: shelf)
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(100)) }
        try FileManager.default.removeItem(at: shelf.paths.site)
        let index = try await poll(server.port, "/") { $0.contains("<html") }
        #expect(index.contains("<html"))
        watcher.cancel()
        await server.stop()
    }

    /// The builds' count in what `/__bookplate/version` answers (`<run>.<count>`).
    static func count(_ version: String) -> Int {
        Int(version.split(separator: ".").last ?? "") ?? 0
    }

    /// With no site yet and a first build that failed, the preview said "Not found" with neither
    /// the error nor the reload script, tried the build again every two seconds (printing its
    /// error each time), and said it still served "the last good site" (found by an exploratory
    /// session).
    @Test func aFirstBuildThatFailsIsShownOnceAndTheFixReloads() async throws {
        let shelf = try FixtureShelf.make()
        try Data("{{#broken}}".utf8).write(to: shelf.paths.templates.appendingPathComponent("book.mustache"))
        let lines = Mutex<[String]>([])
        let server = try Self.server(for: shelf) { line in lines.withLock { $0.append(line) } }
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(100)) }
        try await Task.sleep(for: .seconds(3))
        #expect(server.buildVersion == 1)
        #expect(lines.withLock { $0 }.count == 1)
        #expect(lines.withLock { $0.first?.hasSuffix("(no site to serve until a build succeeds)") } == true)
        let page = try await get(server.port, "/")
        #expect(page.status == 404)
        #expect(page.body.contains("role=\"alert\"") && page.body.contains("/__bookplate/version"))
        try FileManager.default.removeItem(at: shelf.paths.templates.appendingPathComponent("book.mustache"))
        // The page is on disk a moment before the build is counted a success.
        let fixed = try await poll(server.port, "/") { $0.contains("<html") && !$0.contains("role=\"alert\"") }
        #expect(fixed.contains("<html") && !fixed.contains("role=\"alert\""))
        watcher.cancel()
        await server.stop()
    }

    /// A site folder of someone else's files, which a build refuses, was served under the error
    /// as if it were the last good site, and open pages reloaded every two seconds (found by an
    /// exploratory session).
    @Test func aSiteFolderThatIsNotBookplatesIsNotServed() async throws {
        let shelf = try FixtureShelf.make()
        try FileManager.default.createDirectory(at: shelf.paths.site, withIntermediateDirectories: true)
        try Data("<html><body>My old hand-made site</body></html>".utf8).write(
            to: shelf.paths.site.appendingPathComponent("index.html"))
        let server = try Self.server(for: shelf)
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(100)) }
        try await Task.sleep(for: .seconds(3))
        #expect(server.buildVersion == 1)
        let page = try await get(server.port, "/")
        #expect(page.status == 404 && !page.body.contains("hand-made") && page.body.contains("role=\"alert\""))
        // Emptied as the error says, it is built (the watcher waited for a change to the shelf:
        // found by a review).
        try FileManager.default.removeItem(at: shelf.paths.site.appendingPathComponent("index.html"))
        let built = try await poll(server.port, "/") { $0.contains("<html") && !$0.contains("role=\"alert\"") }
        #expect(built.contains("<html") && !built.contains("role=\"alert\""))
        watcher.cancel()
        await server.stop()
    }

    /// A notes folder that is a link (to a vault elsewhere) is followed by the build, but the
    /// watcher passed links over: an edit through it was never built (found by an exploratory
    /// session).
    @Test func aNoteEditedThroughALinkedFolderIsBuilt() async throws {
        let shelf = try FixtureShelf.make()
        let vault = try TestPaths.temporaryFolder("vault")
        for name in try FileManager.default.contentsOfDirectory(atPath: shelf.paths.notes.path) {
            try FileManager.default.copyItem(
                at: shelf.paths.notes.appendingPathComponent(name), to: vault.appendingPathComponent(name))
        }
        try FileManager.default.removeItem(at: shelf.paths.notes)
        try FileManager.default.createSymbolicLink(at: shelf.paths.notes, withDestinationURL: vault)
        let server = try Self.server(for: shelf)
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(100)) }
        try Data("Edited *in the vault*.\n".utf8).write(to: vault.appendingPathComponent("kindred.md"))
        let page = try await poll(server.port, "/books/kindred/index.html") { $0.contains("in the vault") }
        #expect(page.contains("Edited <em>in the vault</em>."))
        watcher.cancel()
        await server.stop()
    }

    /// A page left open across a restart of `serve` compared its build count (1) with the new
    /// server's (1 again) and never reloaded (found by an exploratory session).
    @Test func anotherServerAnswersAnotherVersion() async throws {
        let shelf = try FixtureShelf.make()
        let first = try Self.server(for: shelf)
        await first.rebuild()
        let before = try await get(first.port, "/__bookplate/version").body
        await first.stop()
        let second = try Self.server(for: shelf)
        await second.rebuild()
        let after = try await get(second.port, "/__bookplate/version").body
        await second.stop()
        #expect(Self.count(before) == 1 && Self.count(after) == 1)
        #expect(before != after)
    }

    /// With a base_url below the host's top, the 404 page links `/my-shelf/assets/style.css`,
    /// which the preview (at the top of 127.0.0.1) did not have: it showed unstyled. Found by an
    /// exploratory session.
    @Test func theBasePathOfThePublishedSiteIsAnsweredToo() async throws {
        let shelf = try FixtureShelf.make()
        try Data("title: Books\nbase_url: https://example.org/my-shelf/\n".utf8).write(to: shelf.paths.settings)
        let server = try Self.server(for: shelf)
        await server.rebuild()
        let style = try await get(server.port, "/my-shelf/assets/style.css")
        #expect(style.status == 200 && style.body.contains("--accent"))
        #expect(try await get(server.port, "/assets/style.css").status == 200)
        #expect(try await get(server.port, "/my-shelf/no-such-page.html").status == 404)
        #expect(try await get(server.port, "/my-shelf/").status == 200)
        let top = try RawConnection(port: server.port)
        top.send("GET /my-shelf HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let answer = String(decoding: try #require(top.readToEnd()), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 301 ") && answer.contains("Location: /my-shelf/\r\n"), "\(answer)")
        // The 404 page is read as every file is: a link in its place leads nowhere (it was
        // followed out of the site: found by a review).
        let secret = try TestPaths.temporaryFolder("outside").appendingPathComponent("secret.html")
        try Data("the reader's secret".utf8).write(to: secret)
        let missing = shelf.paths.site.appendingPathComponent("404.html")
        try FileManager.default.removeItem(at: missing)
        try FileManager.default.createSymbolicLink(at: missing, withDestinationURL: secret)
        let nowhere = try await get(server.port, "/no-such-page.html")
        #expect(nowhere.status == 404 && !nowhere.body.contains("the reader's secret"))
        await server.stop()
    }

    /// Every rebuild reads the settings afresh, and takes its turn with a `build` run beside it:
    /// neither writes an older title over a newer one.
    @Test func aRebuildReadsTheSettingsAsTheyAreNow() async throws {
        let shelf = try FixtureShelf.make()
        let paths = shelf.paths
        try Data("title: Before\n".utf8).write(to: paths.settings)
        let server = try Self.server(for: shelf)
        await server.rebuild()
        let watcher = Task { await server.watch(every: .milliseconds(100)) }
        #expect(try await get(server.port, "/").body.contains("Before"))

        try Data("title: After\n".utf8).write(to: paths.settings)
        let index = try await poll(server.port, "/") { $0.contains("After") }
        #expect(index.contains("After"))

        // A build beside the server, with newer settings still; then a note is touched.
        try Data("title: Latest\n".utf8).write(to: paths.settings)
        try SiteBuilder(library: shelf.library, paths: paths).build()
        try shelf.writeNote("Touched.\n", slug: "kindred")
        let page = try await poll(server.port, "/books/kindred/index.html") { $0.contains("Touched.") }
        #expect(page.contains("Touched.") && page.contains("Latest"))
        #expect(!(try await get(server.port, "/").body.contains("After")))
        watcher.cancel()
        await server.stop()
    }

    @Test func requestPathsNeverLeaveTheSite() throws {
        let site = try TestPaths.temporaryFolder("site")
        try Data("ok".utf8).write(to: site.appendingPathComponent("index.html"))
        #expect(PreviewPages.file(for: "/", in: site)?.lastPathComponent == "index.html")
        for hostile in ["/../x", "/a/../../x", "/%2e%2e/x", "/./index.html", "/..%2fx", "/index.html%00.txt"] {
            #expect(PreviewPages.file(for: hostile, in: site) == nil, "\(hostile)")
        }
        // A file named as a folder was served, and its relative links led astray (found by an
        // exploratory session).
        #expect(PreviewPages.file(for: "/index.html", in: site) != nil)
        #expect(PreviewPages.file(for: "/index.html/", in: site) == nil)
        // A hidden file the reader keeps in the site folder was served: `.git/config` (found by
        // an exploratory session). `.well-known/` is published on purpose.
        for folder in [".git", ".well-known"] {
            try FileManager.default.createDirectory(
                at: site.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: site.appendingPathComponent("\(folder)/config"))
        }
        try Data("x".utf8).write(to: site.appendingPathComponent(".env"))
        for hidden in ["/.git/config", "/%2egit/config", "/.env", "/.git/"] {
            #expect(PreviewPages.file(for: hidden, in: site) == nil, "\(hidden)")
        }
        #expect(PreviewPages.file(for: "/.well-known/config", in: site) != nil)
        // A chain of 22 links was followed out of the site, to any file the reader can read
        // (found by an exploratory session): a single link out never was.
        let outside = try TestPaths.temporaryFolder("outside").appendingPathComponent("secret.txt")
        try Data("secret".utf8).write(to: outside)
        let chain = site.appendingPathComponent("chain")
        try FileManager.default.createDirectory(at: chain, withIntermediateDirectories: true)
        var previous = outside.path
        for link in 1...40 {
            try FileManager.default.createSymbolicLink(
                atPath: chain.appendingPathComponent("x\(link)").path, withDestinationPath: previous)
            previous = "x\(link)"
        }
        for link in [1, 8, 21, 22, 30, 40] {
            #expect(PreviewPages.file(for: "/chain/x\(link)", in: site) == nil, "x\(link)")
        }
        // A link that stays inside the site is followed, as a web server does.
        try FileManager.default.createSymbolicLink(
            atPath: site.appendingPathComponent("home.html").path, withDestinationPath: "index.html")
        #expect(PreviewPages.file(for: "/home.html", in: site) != nil)
    }

    /// A theme's module script, font or icon was sent as application/octet-stream with
    /// `nosniff`, which a browser refuses to run or use (found by an exploratory session).
    @Test func assetsAreServedAsTheirKind() {
        let kinds = [
            "mjs": "text/javascript; charset=utf-8", "woff2": "font/woff2", "avif": "image/avif",
            "ico": "image/vnd.microsoft.icon", "htm": "text/html; charset=utf-8", "wasm": "application/wasm",
            "webmanifest": "application/manifest+json", "CSS": "text/css; charset=utf-8",
        ]
        for (fileExtension, type) in kinds {
            #expect(PreviewPages.contentType(for: fileExtension) == type, "\(fileExtension)")
        }
    }

    /// "Build failed: build failed to read the settings…" said it twice.
    @Test func aFailedBuildIsNamedOnce() {
        #expect(PreviewServer.failure("build failed to read the settings") == "Build failed to read the settings")
        #expect(PreviewServer.failure("no space left") == "Build failed: no space left")
    }

    /// `/stats` answered with the stats page itself, so its relative links (`2024/index.html`)
    /// pointed one folder up and failed; a folder without its slash is now sent to the address
    /// with it, as a web server does (found by an exploratory session).
    @Test func aFolderWithoutItsSlashIsRedirectedToIt() throws {
        let site = try TestPaths.temporaryFolder("site")
        let stats = site.appendingPathComponent("stats")
        try FileManager.default.createDirectory(at: stats, withIntermediateDirectories: true)
        try Data("<p>stats</p>".utf8).write(to: stats.appendingPathComponent("index.html"))
        try Data("<p>home</p>".utf8).write(to: site.appendingPathComponent("index.html"))
        // A site of Bookplate's: a folder without its marker is not served.
        try Data().write(to: site.appendingPathComponent(SiteWriter.markerName))
        let pages = PreviewPages(site: site)
        func answer(_ path: String) -> HTTPResponseMessage {
            pages.respond(to: HTTPRequestHead(method: "GET", path: path, version: "HTTP/1.1", fields: []))
        }
        let moved = answer("/stats")
        #expect(moved.status == 301 && moved.fields.contains { $0.name == "Location" && $0.value == "/stats/" })
        // Percent-encoded, the page itself (it was sent to `…/index%2ehtml/`, a 404).
        for path in ["/stats/", "/stats/index.html", "/", "/index.html", "/%69ndex.html", "/stats/index%2ehtml"] {
            #expect(answer(path).status == 200, "\(path)")
        }
        #expect(answer("/nowhere").status == 404)
        // Never an address another host could be read from.
        #expect(answer("//stats").fields.contains { $0.name == "Location" && $0.value == "/stats/" })
    }

    /// A library being written in place by a sync client reads as damaged for a moment: `serve`
    /// said "the file is damaged; restore it from a backup", and the next round built (found by
    /// an exploratory session). One written a moment ago is said to be changing; one that has
    /// stayed damaged is still told to be restored.
    @Test func aLibraryBeingWrittenInPlaceIsSaidToBeChangingNotDamaged() throws {
        let folder = try TestPaths.temporaryFolder("changing-library")
        let library = folder.appendingPathComponent("library.sqlite")
        try Data("SQLite format 3\u{0}half written".utf8).write(to: library)
        let damaged = LibraryError.storage(path: "content/library.sqlite", message: LibraryError.damagedFile)
        let now = Date()
        let changing = PreviewServer.failure(damaged, library: library, now: now)
        #expect(changing.contains("is changing (being synced?)") && changing.contains("will try again"), "\(changing)")
        #expect(!changing.contains("restore it from a backup"))
        let later = PreviewServer.failure(damaged, library: library, now: now.addingTimeInterval(60))
        #expect(later.hasSuffix("the file is damaged; restore it from a backup"), "\(later)")
    }
}
