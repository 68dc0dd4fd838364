import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation
import Synchronization

/// `bookplate serve`: the site on 127.0.0.1, rebuilt whenever anything under `content/` or
/// `templates/` changes, with open pages reloading themselves.
///
/// Every rebuild is an ordinary build (``SiteBuilder/build(_:)``) of a builder made afresh — the
/// library opened again, the settings read again — and takes its turn with any other build of the
/// shelf, so `serve` and `build` in another terminal never write an older site over a newer one.
///
/// A failed rebuild keeps the previous site and shows the error on every page and in the
/// terminal; the server keeps running. Only files inside the site folder are ever served, and only
/// to GET and HEAD requests for the server's own address (``LoopbackHTTPServer``).
public actor PreviewServer {
    public nonisolated let port: UInt16
    private nonisolated let paths: ShelfPaths
    private let makeBuilder: @Sendable () throws -> SiteBuilder
    private let server: LoopbackHTTPServer
    private nonisolated let pages: PreviewPages
    private let report: @Sendable (String) -> Void
    /// The shelf as the last build started to read it; nil before the first.
    private var fingerprint: ShelfState?
    /// The kernel's word that something in the shelf's folders changed; nil where there is none,
    /// and once the server has stopped.
    private var changes = ChangeSignal()
    /// Whether ``changes`` watched every folder the shelf is made of at the last look: when one
    /// could not be, the shelf is looked over at every round, as with no signal.
    private var changesWatchEverything = true
    /// The files the shelf reaches through links (settings kept elsewhere), where they are: an
    /// event about one calls for a look whatever its name.
    private var linkedFiles: Set<String> = []
    /// The library's folder and file name, and those of the file a link leads to, as the last
    /// look found them.
    private var libraryPlaces: [(folder: String, name: String)] = []
    /// Whether the last look at the shelf began to watch a folder: what changed in it before its
    /// watch began is seen by looking again.
    private var newFoldersWatched = false
    /// How many times the shelf has been looked over; for tests.
    private(set) var looks = 0
    /// How many rounds the watcher has been through; for tests.
    private(set) var rounds = 0
    /// Why the watcher looked, and how often; for tests to say.
    private(set) var lookReasons: [String: Int] = [:]
    /// Whether the kernel tells of every change to the folders looked at last; for tests.
    var toldOfChanges: Bool { changes != nil && changesWatchEverything }

    /// Binds the server (port 0 picks a free one) for the site in `paths`; ``rebuild()`` makes the
    /// first build. `makeBuilder` is called for every build. `headTimeout` is how long a client
    /// has to send a whole request head.
    public static func start(
        paths: ShelfPaths, port: UInt16, headTimeout: Duration = .seconds(10),
        makeBuilder: @escaping @Sendable () throws -> SiteBuilder, report: @escaping @Sendable (String) -> Void
    ) throws -> PreviewServer {
        let pages = PreviewPages(site: paths.site)
        var limits = LoopbackHTTPServer.Limits()
        limits.headTimeout = headTimeout
        let server = try LoopbackHTTPServer(port: port, limits: limits) { pages.respond(to: $0) }
        server.start()
        return PreviewServer(paths: paths, makeBuilder: makeBuilder, server: server, pages: pages, report: report)
    }

    private init(
        paths: ShelfPaths, makeBuilder: @escaping @Sendable () throws -> SiteBuilder, server: LoopbackHTTPServer,
        pages: PreviewPages, report: @escaping @Sendable (String) -> Void
    ) {
        self.paths = paths
        self.makeBuilder = makeBuilder
        self.server = server
        self.port = server.port
        self.pages = pages
        self.report = report
    }

    /// Watches the shelf until cancelled, rebuilding after each change. Every `interval` it looks
    /// the shelf over when the kernel told of a change in its folders, and at least every
    /// `lookEvery` without one.
    public func watch(every interval: Duration = .milliseconds(250), lookEvery: Duration = .seconds(2)) async {
        // Compared with the shelf as the last build read it, not as it is when watching starts: a
        // change made between the two is a change.
        if fingerprint == nil { fingerprint = currentFingerprint() }
        var lastRemade: ContinuousClock.Instant?
        var lastLook = ContinuousClock.now
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            // Stopped while asleep: no build is begun (one under way is let finish).
            if Task.isCancelled { break }
            rounds += 1
            let reason = reasonToLook(sinceLookAt: lastLook, lookEvery: lookEvery)
            let look = reason != nil
            if let reason {
                lastLook = .now
                lookReasons[reason, default: 0] += 1
            }
            if look, !currentFingerprint().isUnchanged(since: fingerprint) {
                await rebuild()
            } else if pages.lastBuildFailed, siteStamp() != siteStampAtFailure {
                // A build that failed for the output folder (a site of someone else's files) is
                // tried again once that folder changes (it waited for a change to the shelf,
                // which the fix did not make: found by a review).
                await rebuild()
            } else if !siteIsThere, !pages.lastBuildFailed,
                lastRemade.map({ ContinuousClock.now - $0 > .seconds(2) }) ?? true
            {
                // The site deleted (or its marker) while serving: made again, or every page was a
                // 404 until something else changed. Once: a build that failed is tried again
                // when something changes (it was tried every two seconds, its error printed and
                // open pages reloaded each time: found by an exploratory session).
                lastRemade = .now
                await rebuild()
            }
        }
    }

    /// Why the watcher looks the shelf over at this round, or nil when it need not: told of a
    /// change (an event read now), folders begun to be watched at the last look, folders that
    /// could not be, or `lookEvery` gone by since `lastLook`.
    private func reasonToLook(sinceLookAt lastLook: ContinuousClock.Instant, lookEvery: Duration) -> String? {
        // Events are taken before the look, so that one coming while it runs is a change to look
        // for at the next round.
        guard let changes else { return "told" }
        var toldBy: String?
        _ = changes.takeEvents { event in
            guard callsForALook(event) else { return false }
            toldBy = "told by \(event.name.isEmpty ? event.folder : event.name)"
            return true
        }
        if let toldBy { return toldBy }
        if newFoldersWatched { return "new folders" }
        if !changesWatchEverything { return "not every folder watched" }
        return ContinuousClock.now - lastLook >= lookEvery ? "time" : nil
    }

    /// Whether what `event` tells of may have changed the shelf. Not a change to a hidden file (an
    /// editor's swap file, a working file: no look sees one) unless a link of the shelf leads to
    /// it, nor the library's side files made and removed as a command opens and closes it — as
    /// every look does: each look called for the next. The library changes when its log or its
    /// file is written, or the file replaced; SQLite writes them beside the file a link leads to.
    private func callsForALook(_ event: ChangeSignal.Event) -> Bool {
        if linkedFiles.contains(event.folder + "/" + event.name) { return true }
        if event.name.hasPrefix(".") { return false }
        guard let library = libraryPlaces.first(where: { event.folder == $0.folder && event.name.hasPrefix($0.name) })
        else { return true }
        switch event.name.dropFirst(library.name.count) {
        case "": return event.wroteContents || event.madeOrRemoved
        case "-wal", "-journal": return event.wroteContents
        case "-shm", "-owner": return false
        default: return true
        }
    }

    /// The output folder's own stamp (its entries come and go, it is made or removed), as the
    /// last failed build left it.
    private var siteStampAtFailure: FileStamps.Stamp?

    private nonisolated func siteStamp() -> FileStamps.Stamp? {
        var info = stat()
        return stat(paths.site.path, &info) == 0 ? FileStamps.Stamp(info) : nil
    }

    /// Whether the site folder is there and Bookplate's (its marker file is).
    private nonisolated var siteIsThere: Bool {
        FileManager.default.fileExists(atPath: paths.site.appendingPathComponent(SiteWriter.markerName).path)
    }

    /// Stops answering within a second, whatever clients are doing; a rebuild under way runs on.
    public func stop() async {
        // The kernel's watches go with it: a process has only so many.
        changes = nil
        await server.stop(within: .seconds(1))
    }

    /// How many connections are open; for tests.
    nonisolated var openConnections: Int { server.openConnections }

    /// How many builds so far, failed ones included; open pages reload when it changes.
    public nonisolated var buildVersion: Int { pages.buildVersion }

    /// Builds on a thread of its own: the build is blocking file and database work, and must not
    /// hold one of the few threads Swift's tasks share.
    public func rebuild() async {
        // Taken before the build: a change made while it runs is seen on the next round.
        fingerprint = currentFingerprint()
        let makeBuilder = makeBuilder
        let outcome: Result<BuildReport, any Error> = await withCheckedContinuation { done in
            Thread.detachNewThread {
                let outcome = Result { try makeBuilder().build() }
                // What the build freed goes back to the system: glibc kept it in the arenas of
                // the threads that made the pages, and serve, which stays, grew from 73 to 327
                // MiB after three rebuilds of 50,000 books (found by an exploratory session).
                PreviewServer.giveFreedMemoryBack()
                done.resume(returning: outcome)
            }
        }
        switch outcome {
        case .success(let built):
            let base = built.baseURL?.path(percentEncoded: true)
            pages.basePath.withLock { $0 = base.map { $0.hasSuffix("/") ? $0 : $0 + "/" } }
            pages.recordBuild(error: nil)
            if let note = built.fullBuildNote { report(note) }
            // Each on one line, as `build` prints them: a file's name may hold a line break.
            for warning in built.everyWarning {
                report("warning: " + ControlSequences.removed(from: warning, as: .line))
            }
            report(built.summary(site: paths.site.relativePathForDisplay))
        case .failure(let error):
            // Taken after the build: one that works inside the output folder (its folder above
            // cannot be written) changed its stamp, and would be tried again at every round.
            siteStampAtFailure = siteStamp()
            pages.recordBuild(error: "\(error)")
            report(
                "\(PreviewServer.failure(error, library: paths.library)) "
                    + (siteIsThere ? "(still serving the last good site)" : "(no site to serve until a build succeeds)")
            )
        }
    }

    /// glibc's `malloc_trim(0)`, looked up as the C library has it (Swift's Glibc module leaves
    /// `malloc.h` out); nothing where the C library has none.
    private static let trim: (@convention(c) (Int) -> Int32)? = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim"
    ).map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }

    /// Returns the memory a build freed to the system, as glibc keeps it for the threads that
    /// freed it.
    static func giveFreedMemoryBack() {
        _ = trim?(0)
    }

    /// What the site is made of: the library's revision and the sizes and dates of every other
    /// file under `content/` and `templates/`.
    private struct ShelfState {
        var revision = ""
        /// By full path.
        var files: [String: FileStamps.Stamp] = [:]

        /// Whether the shelf is as it was when `earlier` was taken. A file written a moment before
        /// a scan is stamped with a digest of its contents that a later scan leaves out: it is the
        /// same file when the contents agree (every edit was built twice when this compared stamps).
        func isUnchanged(since earlier: ShelfState?) -> Bool {
            guard let earlier, revision == earlier.revision, files.count == earlier.files.count else { return false }
            return files.allSatisfy { path, stamp in
                FileStamps.isUnchanged(path, recorded: earlier.files[path], current: stamp)
            }
        }
    }

    private func currentFingerprint() -> ShelfState {
        looks += 1
        // The folders that hold the shelf's folders and its library are watched too: one made
        // or removed there (`templates/` made, the library replaced) is a change.
        var folders = [paths.content, paths.templates, paths.library, paths.library.resolvingSymlinksInPath()].map {
            $0.standardizedFileURL.deletingLastPathComponent().path
        }
        var linked: Set<String> = []
        // The library opened afresh: a library file replaced (a backup restored) is read anew,
        // and one an older Bookplate wrote is upgraded here, and said so.
        var state = ShelfState(revision: (try? Library.open(at: paths.library, telling: report).revision()) ?? "")
        let library = paths.library.standardizedFileURL.path
        // The links a build follows: the shelf's own folders and settings, each of which may be a
        // link (a notes folder kept in a vault). Any other link is stamped as a link, and not
        // followed: a link to /usr in content/ cost the idle watcher two thirds of a core (found by
        // a review), and the build refuses links inside the folders it reads.
        let followed = Set(
            [paths.notes, paths.covers, paths.photos, paths.pages, paths.settings].map(\.standardizedFileURL.path))
        var visited: Set<[UInt64]> = []
        func take(_ folder: String) {
            var info = stat()
            // A folder reached again through a link (a link up the tree) is not walked again.
            guard stat(folder, &info) == 0, visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted
            else { return }
            let listed = FileStamps.list(URL(fileURLWithPath: folder))
            folders.append(folder)
            folders += listed.folders.map { folder + "/" + $0 }
            for (path, stamp) in listed.stamps {
                let full = folder + "/" + path
                // The library file and SQLite's side files change whenever the build caches a note.
                guard !full.hasPrefix(library) else { continue }
                state.files[full] = stamp
            }
            // Links are inputs too: the build follows a linked notes folder and refuses a linked
            // cover, and the watcher saw neither (an edit through the link was never built, and a
            // link removed never cleared its error: found by an exploratory session). The link
            // itself is stamped (made, removed, pointed elsewhere), and what it leads to.
            for link in listed.links {
                let full = folder + "/" + link
                var own = stat()
                guard lstat(full, &own) == 0 else { continue }
                state.files[full + "\u{0}link"] = FileStamps.Stamp(own)
                var target = stat()
                guard followed.contains(full), stat(full, &target) == 0 else { continue }
                if (target.st_mode & S_IFMT) == S_IFDIR {
                    take(full)
                } else {
                    state.files[full] = FileStamps.Stamp(target)
                    // Its folder is watched: an edit there is told of there (settings kept
                    // with the reader's other files).
                    let target = URL(fileURLWithPath: full).resolvingSymlinksInPath()
                    folders.append(target.deletingLastPathComponent().path)
                    linked.insert(target.path)
                }
            }
        }
        for folder in [paths.content, paths.templates] { take(folder.standardizedFileURL.path) }
        // Watched after the look: a change made in a folder between the two is seen by looking
        // again, at the next round.
        linkedFiles = linked
        libraryPlaces = [paths.library.standardizedFileURL, paths.library.resolvingSymlinksInPath()].map {
            ($0.deletingLastPathComponent().path, $0.lastPathComponent)
        }
        (changesWatchEverything, newFoldersWatched) = changes?.watchOnly(folders) ?? (false, false)
        return state
    }
}

/// The pages the preview answers with: files of the site folder, each HTML page with the reload
/// script (and the last build's error) added, and the build count open pages poll.
///
/// Read by the server's connection threads while a rebuild runs, so a slow build never stalls a
/// page; the build status sits behind a mutex.
final class PreviewPages: Sendable {
    let site: URL
    private let status = Mutex(BuildStatus())
    /// The path of the settings' `base_url` (`/my-shelf/`), where the site is published: the 404
    /// page links its style sheet from there, so the preview answers such paths too.
    let basePath = Mutex<String?>(nil)

    init(site: URL) {
        self.site = site
    }

    var buildVersion: Int { status.withLock { $0.version } }

    /// Whether the last build failed.
    var lastBuildFailed: Bool { status.withLock { $0.lastError != nil } }

    /// What open pages compare to know a build happened: the builds' count, after a number drawn
    /// when the server started, so that a page left open across a restart (whose count began
    /// at 1 again) reloads too (found by an exploratory session).
    private let run = UInt32.random(in: 1...UInt32.max)
    private var versionText: String { "\(run).\(buildVersion)" }

    func recordBuild(error: String?) {
        status.withLock { $0 = BuildStatus(version: $0.version + 1, lastError: error) }
    }

    func respond(to request: HTTPRequestHead) -> HTTPResponseMessage {
        if request.path == "/__bookplate/version" {
            return HTTPResponseMessage(
                status: 200, fields: [("Content-Type", "text/plain"), ("Cache-Control", "no-store")],
                body: Array(versionText.utf8))
        }
        // A folder with no marker is no site of Bookplate's (one being made, or another's, which a
        // build refuses): none of it is shown as if it were (a hand-made site was served under the
        // error of the build that refused it: found by an exploratory session).
        guard FileManager.default.fileExists(atPath: site.appendingPathComponent(SiteWriter.markerName).path) else {
            return notFound(fromSite: false)
        }
        guard let file = Self.file(for: request.path, in: site) ?? Self.file(for: withinSite(request.path), in: site)
        else { return notFound() }
        // A folder asked for without its slash: relative links on its page would resolve one level
        // up, so the browser is sent to the address with the slash, as a web server does.
        // Judged on the decoded path: `/%69ndex.html` is the page itself (it was sent to
        // `/%69ndex.html/`, a 404).
        let decoded = request.path.removingPercentEncoding ?? request.path
        if !decoded.hasSuffix("/"), file.lastPathComponent == "index.html", !decoded.hasSuffix("/index.html") {
            // Made of the path's own parts: `//books` sent as it came would be read as the host `books`.
            let location = "/" + request.path.split(separator: "/").joined(separator: "/") + "/"
            return HTTPResponseMessage(
                status: 301, fields: [("Location", location), ("Cache-Control", "no-store")])
        }
        guard let real = Self.realPath(of: file, inside: site), let data = FileManager.default.contents(atPath: real)
        else { return notFound() }
        let type = Self.contentType(for: file.pathExtension)
        let body =
            type.hasPrefix("text/html") ? Array(decorate(String(decoding: data, as: UTF8.self)).utf8) : [UInt8](data)
        return HTTPResponseMessage(
            status: 200,
            fields: [("Content-Type", type), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")],
            body: body)
    }

    /// `path` without the published site's base path before it (`/my-shelf/assets/style.css` is
    /// `/assets/style.css` here); as it is when it has none.
    private func withinSite(_ path: String) -> String {
        guard let base = basePath.withLock({ $0 }), base.count > 1 else { return path }
        // `/my-shelf` is the site's top without its slash, to be sent to `/my-shelf/` (it was a 404:
        // found by an exploratory session).
        if path + "/" == base { return "/" }
        guard path.hasPrefix(base) else { return path }
        return "/" + path.dropFirst(base.count)
    }

    private func notFound(fromSite: Bool = true) -> HTTPResponseMessage {
        // Read as every file is, never through a link out of the site (found by a review).
        let page = fromSite ? Self.realPath(of: site.appendingPathComponent("404.html"), inside: site) : nil
        let body = page.flatMap { FileManager.default.contents(atPath: $0) }.map {
            decorate(String(decoding: $0, as: UTF8.self))
        }
        // With no site yet, a page of its own, that shows the build's error and reloads once a build
        // succeeds (it said "Not found" and stayed so: found by an exploratory session).
        return HTTPResponseMessage(
            status: 404, fields: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
            body: Array((body ?? decorate("<!doctype html><title>Not found</title><body><p>Not found</p></body>")).utf8)
        )
    }

    /// Adds the reload script, and the build error when the last build failed.
    private func decorate(_ html: String) -> String {
        let (version, lastError) = (versionText, status.withLock { $0.lastError })
        var extra = """
            <script>(function(){var v="\(version)";setInterval(function(){fetch("/__bookplate/version",\
            {cache:"no-store"}).then(function(r){return r.text()}).then(function(t){if(t!==v){location.reload()}})\
            .catch(function(){})},400)})();</script>
            """
        if let lastError {
            let escaped = MarkupEscaping.xml(PreviewServer.failure(lastError))
            extra =
                """
                <div role="alert" style="position:fixed;inset:0 0 auto 0;z-index:9999;padding:1rem;\
                background:#8a1c1c;color:#fff;font:16px/1.4 monospace">\(escaped)</div>
                """ + extra
        }
        guard let end = html.range(of: "</body>", options: .backwards) else { return html + extra }
        return html.replacingCharacters(in: end, with: extra + "</body>")
    }

    /// The file a request path names, or nil when it would leave the site folder or does not exist.
    static func file(for requestPath: String, in site: URL) -> URL? {
        let decoded = requestPath.removingPercentEncoding ?? requestPath
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: true)
        // Nor a hidden file: a reader's `site/.git/config` was served (found by an exploratory
        // session). `.well-known/` is published on purpose.
        guard
            !parts.contains(where: {
                ($0.hasPrefix(".") && $0 != ".well-known") || $0.contains("\\") || $0.contains("\0")
            })
        else { return nil }
        var url = parts.reduce(site) { $0.appendingPathComponent(String($1)) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        // A file named as a folder (`…/index.html/`) is none, as a web server has it: its relative
        // links would lead astray.
        if !isDirectory.boolValue, decoded.hasSuffix("/") { return nil }
        if isDirectory.boolValue { url.appendPathComponent("index.html") }
        guard realPath(of: url, inside: site) != nil else { return nil }
        return url
    }

    /// The real path of the file at `url`, every link followed, when it is inside the site's own
    /// real folder; nil when it is outside, or when its links cannot be followed to the end.
    /// (`resolvingSymlinksInPath` gave up on a chain of 22 links and left a path inside the site,
    /// which the file system then followed out of it to /etc/passwd: found by an exploratory
    /// session.) The file is read from this path, not through the links again.
    static func realPath(of url: URL, inside site: URL) -> String? {
        func resolved(_ path: String) -> String? {
            guard let real = realpath(path, nil) else { return nil }
            defer { free(real) }
            return String(cString: real)
        }
        guard let root = resolved(site.path), let real = resolved(url.path), real.hasPrefix(root + "/") else {
            return nil
        }
        return real
    }

    static func contentType(for fileExtension: String) -> String {
        switch fileExtension.lowercased() {
        // What a theme's assets may be, as a web server would serve them: with `nosniff`, a
        // module script or a font sent as octet-stream is refused by the browser (found by an
        // exploratory session).
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "xml": "application/xml; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        case "svg": "image/svg+xml"
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "ico": "image/vnd.microsoft.icon"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        case "ttf": "font/ttf"
        case "otf": "font/otf"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "wasm": "application/wasm"
        case "pdf": "application/pdf"
        default: "application/octet-stream"
        }
    }
}

/// The outcome of the latest build, as pages show it.
private struct BuildStatus {
    var version = 0
    var lastError: String?
}

/// What stops the preview server.
public enum PreviewError: Error, Equatable, CustomStringConvertible {
    case cannotListen(port: UInt16)

    public var description: String {
        switch self {
        case .cannotListen(let port):
            "could not listen on 127.0.0.1:\(port): is another server using it? Try --port with another number"
        }
    }
}

extension PreviewServer {
    /// A failed build as the preview names it: "Build failed to read the settings…", not "Build
    /// failed: build failed to…".
    nonisolated static func failure(_ error: Any) -> String {
        let text = "\(error)"
        return text.hasPrefix("build failed") ? "B" + text.dropFirst() : "Build failed: " + text
    }

    /// How long after a change a library that cannot be read is taken to be still changing.
    static let settlingTime: TimeInterval = 5

    /// A failed build as the preview names it, knowing the library at `library`: one that reads
    /// as damaged, or as no SQLite at all, and was written a moment ago is most likely being
    /// written in place (a sync client, a copy) and is said to be changing, for the next round
    /// tries again; "restore it from a backup" then alarmed the reader for nothing (found by an
    /// exploratory session).
    nonisolated static func failure(_ error: Any, library: URL, now: Date = Date()) -> String {
        let unreadable = (error as? LibraryError)?.readsAsDamaged ?? false
        let modified = (try? FileManager.default.attributesOfItem(atPath: library.path))?[.modificationDate] as? Date
        guard unreadable, let modified, now.timeIntervalSince(modified) < settlingTime else { return failure(error) }
        return "Build waits: the library \(library.relativePathForDisplay) is changing (being synced?), and cannot be "
            + "read until it is written whole: will try again"
    }
}
