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

/// The site folder is Bookplate's, and only it: a build never takes the reader's folders for its
/// output, never deletes what the reader put in the site, and never writes or deletes through a
/// link; and links among the files a site is made from are refused alike by build and export.
@Suite struct SiteFolderTests {
    /// Builds `shelf`, throwing what stopped the build, which must stop as it reads its inputs.
    static func buildStoppingAsItReadsItsInputs(_ shelf: TemporaryShelf) throws {
        do {
            try shelf.build(settings: FixtureShelf.settings)
        } catch let error as BuildError {
            #expect(error.step == .scanInputs)
            throw error.underlying
        }
    }

    let manager = FileManager.default

    func expectSameAsAFullBuild(
        _ shelf: TemporaryShelf, site: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let built = try TemporaryShelf.snapshot(of: site ?? shelf.paths.site)
        let expected = try IncrementalBuildTests().fullBuild(of: shelf)
        let differing = Set(built.keys).union(expected.keys).filter { built[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "differs from a full build: \(differing)", sourceLocation: sourceLocation)
    }

    /// A site folder whose folder above cannot be written (`/var/www/books`, the reader's, in
    /// root's `/var/www`) or that is a mount point was never built: the new site is made beside
    /// the folder and renamed into place ("Permission denied", "Device or resource busy": found
    /// by an exploratory session). Made inside it, each build — full, then partial after every
    /// kind of change — leaves exactly what a full build into an empty folder does, beside the
    /// reader's own files, with no working folder left in it or beside it.
    @Test func aSiteWrittenFromInsideItsFolderEqualsAFullBuild() throws {
        let shelf = try FixtureShelf.make()
        let site = shelf.paths.site
        var builder = SiteBuilder(library: shelf.library, paths: shelf.paths, settings: FixtureShelf.settings)
        builder.writesInsideOutput = true
        try builder.build(.full)
        try manager.createDirectory(at: site.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("books.example.org\n".utf8).write(to: site.appendingPathComponent("CNAME"))
        try Data("ref: main\n".utf8).write(to: site.appendingPathComponent(".git/HEAD"))
        func expectAFullBuildBesideTheReadersFiles(sourceLocation: SourceLocation = #_sourceLocation) throws {
            var built = try TemporaryShelf.snapshot(of: site)
            #expect(
                built.removeValue(forKey: "CNAME") == Data("books.example.org\n".utf8), sourceLocation: sourceLocation)
            #expect(built.removeValue(forKey: ".git/HEAD") == Data("ref: main\n".utf8), sourceLocation: sourceLocation)
            let expected = try IncrementalBuildTests().fullBuild(of: shelf)
            let differing = Set(built.keys).union(expected.keys).filter { built[$0] != expected[$0] }.sorted()
            #expect(differing.isEmpty, "differs from a full build: \(differing)", sourceLocation: sourceLocation)
            let working = try
                (manager.contentsOfDirectory(atPath: site.path)
                + manager.contentsOfDirectory(atPath: site.deletingLastPathComponent().path))
                .filter { $0.hasPrefix(".site.") }
            #expect(working.isEmpty, "\(working)", sourceLocation: sourceLocation)
        }
        try builder.build(.full)
        try expectAFullBuildBesideTheReadersFiles()
        // Every file as the build left it: nothing found changed, nothing written again (its
        // top-level files were, their change time moved by their renaming into place).
        let again = try builder.build()
        #expect(again.kind == .upToDate && again.filesRepaired == 0, "\(again.summary(site: "site"))")
        // One page changes: one file replaced.
        try shelf.library.editBook(slug: "kindred", BookEdit(rating: .some(try Rating(3))))
        try builder.build()
        try expectAFullBuildBesideTheReadersFiles()
        // A book goes, with its pages, and a note changes: many files, some removed.
        try shelf.library.removeBook(slug: "fledgling")
        try shelf.writeNote("A new note, *changed*.\n", slug: "kindred")
        try builder.build()
        try expectAFullBuildBesideTheReadersFiles()
        // The whole site again, over the one there.
        try builder.build(.full)
        try expectAFullBuildBesideTheReadersFiles()
    }

    /// A folder bound onto another of the same disk has the device of the folder above it, and
    /// cannot be renamed: the system's table of mounts tells it.
    @Test func aMountPointIsKnownByTheSystemsTableOfMounts() throws {
        #expect(SiteWriter.isMountPoint("/proc"))
        #expect(!SiteWriter.isMountPoint(try TestPaths.temporaryFolder("not-mounted").path))
        #expect(SiteWriter.cannotWriteBeside(URL(fileURLWithPath: "/proc")))
    }

    /// A build that worked inside the site folder and was killed left a copy of the site in it:
    /// the next build took the folder for someone else's and refused it for good, and a build
    /// made beside the folder kept the copy as the reader's and published it (found by a
    /// review). Whatever the build's way, such a leftover goes.
    @Test(arguments: [true, false])
    func aKilledBuildsWorkingFolderInsideTheSiteGoes(writesInside: Bool) throws {
        let shelf = try FixtureShelf.make()
        let site = shelf.paths.site
        var builder = SiteBuilder(library: shelf.library, paths: shelf.paths, settings: FixtureShelf.settings)
        builder.writesInsideOutput = writesInside
        if !writesInside { try builder.build() }
        // Named as a build's, by a process that is gone.
        let leftover = site.appendingPathComponent(".site.new-2147483646-7")
        try manager.createDirectory(at: leftover.appendingPathComponent("books"), withIntermediateDirectories: true)
        try Data("<p>old</p>".utf8).write(to: leftover.appendingPathComponent("index.html"))
        try builder.build(.full)
        #expect(!manager.fileExists(atPath: leftover.path))
        try expectSameAsAFullBuild(shelf)
    }

    /// A file the build could not write was said with Foundation's dump of its error ("Error
    /// Domain=NSCocoaErrorDomain Code=512 … NSLocalizedDescription=No space left on device"): found
    /// by an exploratory session on a full disk. It is said in the system's words, and named by
    /// its place in the site, not in the build's working copy (".site.new-1403-…/read/…").
    @Test func aFileTheBuildCannotWriteIsSaidInTheSystemsWords() throws {
        let target = try TestPaths.temporaryFolder("unwritable-page").appendingPathComponent("site")
        let name = String(repeating: "x", count: 300) + ".html"
        let plan = SitePlan([PlannedOutput(path: name, fingerprint: Fingerprint(), make: { Data("x".utf8) })])
        #expect {
            try SiteWriter(target: target).stageAll(plan)
        } throws: { error in
            let said = "\(error)"
            return said
                == "could not write \(target.appendingPathComponent(name).relativePathForDisplay): File name too long"
        }
    }

    /// A folder of the reader's in the site that the build could not link into its copy of the
    /// site (so deep that the copy's longer name passes the system's limit on a path) was named
    /// by the copy's working name (".site.new-2066-1498024032/mine/…"), which the reader never
    /// sees (found by a review). It is named by its place in the site, in a full build and an
    /// incremental one alike.
    @Test func aReadersEntryTheBuildCannotLinkIsNamedByItsPlaceInTheSite() throws {
        let target = try TestPaths.temporaryFolder("deep-readers-folder").appendingPathComponent("site")
        var deep = target.appendingPathComponent("mine")
        while deep.path.utf8.count + 201 < 4_080 { deep.appendPathComponent(String(repeating: "d", count: 200)) }
        deep.appendPathComponent(String(repeating: "e", count: 4_080 - deep.path.utf8.count - 1))
        try manager.createDirectory(at: deep, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: deep.appendingPathComponent("notes.txt"))
        let pages = ["index.html", "about.html"].map { path in
            PlannedOutput(path: path, fingerprint: Fingerprint(), make: { Data("<p>\(path)</p>".utf8) })
        }
        let said = "could not write \(deep.relativePathForDisplay): File name too long"
        #expect {
            try SiteWriter(target: target, writesInside: false).stageAll(SitePlan(pages))
        } throws: { error in
            "\(error)" == said
        }
        #expect {
            try SiteWriter(target: target, writesInside: false).update(changed: pages, removed: [])
        } throws: { error in
            "\(error)" == said
        }
    }

    /// A file system out of inodes was said as "No such file or directory": `link` failed with
    /// ENOSPC, and `errno` was read after making the file's URL, which had looked for the file
    /// (found by an exploratory session, with strace). A folder of the reader's in the site that
    /// is a mount point of its own fails the same `link`, every time, with EXDEV: mounted in a
    /// mount namespace of the build's own (root only), it is said in the system's words.
    @Test(
        .enabled(
            if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            "mounts a tmpfs in a mount namespace of its own"))
    func aLinkThatFailsIsSaidWithItsOwnReason() async throws {
        let script = #"""
            bookplate="$0"; folder="$1"
            cd "$folder" && "$bookplate" init shelf >/dev/null && cd shelf || exit 1
            for n in 1 2 3 4 5 6; do "$bookplate" add --title "Book $n" --author "Author $n" >/dev/null || exit 1; done
            "$bookplate" build >/dev/null || exit 1
            mkdir site/mine && mount -t tmpfs -o size=1m tmpfs site/mine || exit 77
            echo "mine" > site/mine/notes.txt
            "$bookplate" add --title "More" --author "Author 1" >/dev/null || exit 1
            "$bookplate" build
            """#
        let folder = try TestPaths.temporaryFolder("mounted-in-site")
        let runner = CommandRunner(folder: folder, launcher: ["/usr/bin/unshare", "--mount", "/bin/sh", "-c", script])
        let result = try await runner.runOffPool([folder.path])
        guard result.status != 77 else { return }  // No mounts allowed here, root or not.
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("/mine/notes.txt: Invalid cross-device link\n"), "\(result.stderr)")
    }

    /// A cover's thumbnail the build could not read from the cache (out of file descriptors)
    /// was said as "The operation could not be completed. (BookplateSite.ThumbnailError error
    /// 1.)", Foundation's text for an error of Bookplate's (found by an exploratory session). It
    /// is said in its own words.
    @Test func aFileThatCannotBeMadeIsSaidInItsOwnWords() throws {
        let target = try TestPaths.temporaryFolder("unmade-cover").appendingPathComponent("site")
        let problem = ThumbnailError(
            path: "content/.bookplate/thumbnails/0a/400.jpg", problem: .unreadable("Too many open files"))
        let plan = SitePlan([
            PlannedOutput(path: "covers/kindred-400.jpg", fingerprint: Fingerprint(), make: { throw problem })
        ])
        #expect {
            try SiteWriter(target: target).stageAll(plan)
        } throws: { error in
            "\(error)".hasSuffix("covers/kindred-400.jpg: \(problem)")
        }
        #expect(FileFailure.reason(problem) == problem.description)
        #expect(
            FileFailure.reason(CocoaError(.fileWriteOutOfSpace))
                == CocoaError(.fileWriteOutOfSpace).localizedDescription)
    }

    /// A build with nothing to write named a killed build's leftovers beside the site as
    /// copies it could not remove, without trying, and a left file as a copy of the site (found
    /// by a review): they are removed first, and only what stays is named, as what it is.
    @Test func leftoversAreRemovedBeforeAnyIsNamed() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let above = shelf.paths.site.deletingLastPathComponent()
        let file = above.appendingPathComponent(".site.tmp-999999-1")
        let folder = above.appendingPathComponent(".site.old-999998-2")
        try Data().write(to: file)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(report.kind == .upToDate)
        #expect(!report.everyWarning.contains { $0.contains("could not be removed") }, "\(report.everyWarning)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// A folder named in a command the reader is told to run is one word to a shell: "my site"
    /// in a suggested `sudo rm -r` was two (found by a review).
    @Test func aPathInASuggestedCommandIsOneWordToTheShell() {
        #expect(ShellWord.quoted("site") == "site")
        #expect(ShellWord.quoted(".my site.new-1-2") == "'.my site.new-1-2'")
        #expect(ShellWord.quoted("it's") == #"'it'\''s'"#)
        #expect(ShellWord.quoted("") == "''")
    }

    @Test func aBuildNeverTakesTheShelfOrItsLibraryForItsOutput() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        // A folder above the shelf, marked as a site (the marker copied there).
        let outer = shelf.root.deletingLastPathComponent()
        try Data(SiteWriter.markerContents.utf8).write(to: outer.appendingPathComponent(SiteWriter.markerName))
        for site in [outer, shelf.root, shelf.paths.content, shelf.paths.templates] {
            var paths = shelf.paths
            paths.site = site
            #expect(throws: BuildError.self) {
                try SiteBuilder(library: shelf.library, paths: paths, settings: FixtureShelf.settings).build()
            }
        }
        // A library kept inside the site folder.
        var paths = shelf.paths
        paths.library = shelf.paths.site.appendingPathComponent("lib/library.sqlite")
        try manager.createDirectory(at: paths.library.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: shelf.paths.library, to: paths.library)
        let inside = try Library.open(at: paths.library)
        #expect(throws: BuildError.self) { try SiteBuilder(library: inside, paths: paths).build(.full) }
        #expect(manager.fileExists(atPath: paths.library.path))
        #expect(manager.fileExists(atPath: shelf.paths.library.path))
        #expect(manager.fileExists(atPath: shelf.paths.notes.path))
        try manager.removeItem(at: outer.appendingPathComponent(SiteWriter.markerName))
    }

    /// `build --templates .` was refused as "will not build into site: choose an output folder
    /// of its own, such as site/", which it was (found by an exploratory session): the templates
    /// folder is the one named, and the site is left as it was.
    @Test func aTemplatesFolderThatOverlapsTheSiteIsTheOneNamed() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let before = try TemporaryShelf.snapshot(of: shelf.paths.site)
        for templates in [
            shelf.root, shelf.paths.site, shelf.paths.site.appendingPathComponent("assets"), URL(fileURLWithPath: "/"),
        ] {
            var paths = shelf.paths
            paths.templates = templates
            do {
                try SiteBuilder(library: shelf.library, paths: paths, settings: FixtureShelf.settings).build(.full)
                Issue.record("built with the templates in \(templates.path)")
            } catch let error as BuildError {
                #expect(
                    error.underlying as? SiteError
                        == .templatesOverlapOutput(
                            templates: templates.relativePathForDisplay, site: shelf.paths.site.relativePathForDisplay))
            }
        }
        #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == before)
    }

    /// `series/` and `highlights/` at the top of the site were the reader's under 562db65, whose
    /// every build kept them, and the first build after took them out without a word (found by
    /// an exploratory session). A name Bookplate keeps now that the last build's Bookplate did
    /// not, holding files that build did not write, is moved aside and said, whether that
    /// Bookplate kept its state in SQLite or (2b6da29) in text; Bookplate's own folders then
    /// stay where they are, build after build.
    @Test(arguments: [false, true])
    func foldersOfTheReadersThatBookplateTookSinceAreMovedAsideNotRemoved(stateAsText: Bool) throws {
        let shelf = try FixtureShelf.make()
        try siteOfABookplateBeforeSeries(in: shelf, stateAsText: stateAsText)
        let report = try shelf.build(settings: FixtureShelf.settings)
        try expectMovedAside(by: report, in: shelf)
        for mode in [BuildMode.incremental, .full] {
            let again = try SiteBuilder(library: shelf.library, paths: shelf.paths, settings: FixtureShelf.settings)
                .build(mode)
            #expect(!again.warnings.contains { $0.hasPrefix("moved ") }, "\(again.warnings)")
        }
        #expect(try shelf.siteFile("series-yours/index.html") == "my own series")
        #expect(try shelf.siteFile("series/index.html").hasPrefix("<!doctype html>"))
    }

    /// A shelf moved or copied to another folder has no state recorded under its site's new
    /// path, and its first build took the reader's `series/` and `highlights/` (of a site
    /// 562db65 built) out as Bookplate's, exit 0 and not a word (found by an exploratory
    /// session); so did a build with no state left at all (a site repository cloned afresh).
    /// Where no state is recorded for the site, a name any recorded build left to the reader is
    /// the reader's; with none recorded, those names are the reader's in a site whose marker is
    /// not one only a Bookplate that kept them wrote. They are moved aside and said.
    @Test(arguments: ["moved", "moved, state as text", "no state"])
    func foldersOfTheReadersInAMovedShelfOrOneWithNoStateAreMovedAside(state: String) throws {
        let shelf = try FixtureShelf.make()
        try siteOfABookplateBeforeSeries(
            in: shelf, stateAsText: state.hasSuffix("text"), recordedAt: "/elsewhere/shelf/site")
        let site = shelf.paths.site
        if state == "no state" {
            try manager.removeItem(at: shelf.paths.stateFolder)
            try Data(SiteWriter.markerContentsBeforePages.utf8).write(
                to: site.appendingPathComponent(SiteWriter.markerName))
        }
        let report = try shelf.build(settings: FixtureShelf.settings)
        try expectMovedAside(by: report, in: shelf)
    }

    /// That `report`'s build moved the reader's `series/` and `highlights/` aside, said so, and
    /// wrote its own in their place.
    func expectMovedAside(by report: BuildReport, in shelf: TemporaryShelf) throws {
        let site = shelf.paths.site
        for name in ["series", "highlights"] {
            #expect(
                report.warnings.contains(
                    "moved \(site.path)/\(name) to \(site.path)/\(name)-yours: \(name)/ is Bookplate's now, where its "
                        + "build writes pages of its own"),
                "\(report.warnings)")
            #expect(try shelf.siteFile("\(name)-yours/index.html") == "my own \(name)")
            #expect(try shelf.siteFile("\(name)/index.html").hasPrefix("<!doctype html>"))
        }
    }

    /// The shelf's site as a Bookplate that did not keep `series/` and `highlights/` (562db65)
    /// left it, with the reader's own files there, and its state: in SQLite or (as 2b6da29 kept
    /// it) in text, recorded for the site at `recordedAt` when the shelf was moved since.
    private func siteOfABookplateBeforeSeries(
        in shelf: TemporaryShelf, stateAsText: Bool, recordedAt: String? = nil
    ) throws {
        try shelf.build(settings: FixtureShelf.settings)
        let site = shelf.paths.site
        let stateFile = shelf.paths.stateFolder.appendingPathComponent(BuildStateStore.fileName)
        var lines = ["bookplate build state 4"]
        try DatabaseQueue(path: stateFile.path).write { db in
            try db.execute(sql: "DELETE FROM output WHERE path LIKE 'series/%' OR path LIKE 'highlights/%'")
            try db.execute(sql: "ALTER TABLE site DROP COLUMN notices")
            try db.execute(sql: "PRAGMA user_version = 2")
            if let recordedAt { try db.execute(sql: "UPDATE site SET path = ?", arguments: [recordedAt]) }
            lines += try String.fetchAll(db, sql: "SELECT path FROM site").map { "site\t\($0)" }
            lines += try String.fetchAll(db, sql: "SELECT path FROM output").map { "file\t\($0)\t0" }
        }
        if stateAsText {
            for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: stateFile.path + suffix) }
            try Data((lines + ["end\t0\t0"]).joined(separator: "\n").utf8).write(
                to: shelf.paths.stateFolder.appendingPathComponent("build-state.txt"))
        }
        for name in ["series", "highlights"] {
            try manager.removeItem(at: site.appendingPathComponent(name))
            try manager.createDirectory(at: site.appendingPathComponent(name), withIntermediateDirectories: true)
            try Data("my own \(name)".utf8).write(to: site.appendingPathComponent("\(name)/index.html"))
        }
    }

    @Test func whatTheReaderPutsAtTheTopOfTheSiteSurvivesEveryBuild() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let site = shelf.paths.site
        try manager.createDirectory(at: site.appendingPathComponent(".git/refs"), withIntermediateDirectories: true)
        let kept = [".git/HEAD": "ref: refs/heads/gh-pages\n", "CNAME": "books.example.org\n", ".nojekyll": ""]
        for (path, text) in kept { try Data(text.utf8).write(to: site.appendingPathComponent(path)) }
        try shelf.library.removeBook(slug: "the-time-machine")
        for mode in [BuildMode.full, .incremental] {
            try SiteBuilder(library: shelf.library, paths: shelf.paths, settings: FixtureShelf.settings).build(mode)
            for (path, text) in kept {
                #expect(try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8) == text)
            }
            #expect(!manager.fileExists(atPath: site.appendingPathComponent("books/the-time-machine").path))
        }
        // A template change rebuilds every page: the reader's files are still there.
        try Data("<footer>Mine</footer>\n".utf8).write(
            to: shelf.paths.templates.appendingPathComponent("partials/footer.mustache"))
        try shelf.build(settings: FixtureShelf.settings)
        #expect(manager.fileExists(atPath: site.appendingPathComponent(".git/HEAD").path))
    }

    /// A rebuild put new folders in place of every folder of the site, the reader's own
    /// `site/images/` and the site itself included, and new files in place of the pages it
    /// rewrote, all made with the umask: the mode, group and setgid bit the reader set for the web
    /// server were lost (under umask 077 every folder became `700`, and the server answered 403:
    /// found by an exploratory session). Every kind of build now leaves each folder and file that
    /// was there with its mode and group, and what is new in a setgid folder with its group.
    @Test(arguments: [false, true])
    func aRebuildKeepsTheModeAndGroupOfWhatWasThere(writingInside: Bool) throws {
        let shelf = try FixtureShelf.make()
        let site = shelf.paths.site
        var builder = SiteBuilder(library: shelf.library, paths: shelf.paths, settings: FixtureShelf.settings)
        builder.writesInsideOutput = writingInside
        try builder.build(.full)
        try manager.createDirectory(at: site.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data("map".utf8).write(to: site.appendingPathComponent("images/map.png"))
        // A group other than the user's own: any, for root; else one the user is also in.
        var groups = [gid_t](repeating: 0, count: 64)
        let count = Int(getgroups(Int32(groups.count), &groups))
        let group = geteuid() == 0 ? 4242 : groups.prefix(max(count, 0)).first { $0 != getegid() } ?? getegid()
        let set: [(path: String, mode: mode_t)] = [
            ("", 0o2751), ("books", 0o2711), ("books/kindred", 0o750), ("books/kindred/index.html", 0o640),
            ("index.html", 0o604), ("images", 0o2770), ("images/map.png", 0o660),
        ]
        for (path, mode) in set {
            let file = site.appendingPathComponent(path).path
            #expect(chown(file, uid_t.max, group) == 0 && chmod(file, mode) == 0)
        }
        func expectKept(sourceLocation: SourceLocation = #_sourceLocation) {
            for (path, mode) in set {
                var info = stat()
                #expect(lstat(site.appendingPathComponent(path).path, &info) == 0, sourceLocation: sourceLocation)
                #expect(
                    info.st_mode & 0o7777 == mode && info.st_gid == group, "\(path): \(String(info.st_mode, radix: 8))",
                    sourceLocation: sourceLocation)
            }
        }
        for (rating, mode) in [(1, BuildMode.incremental), (2, .full), (3, .incremental)] {
            try shelf.library.editBook(slug: "kindred", BookEdit(rating: .some(try Rating(rating))))
            try shelf.library.addBook(NewBook(title: "New Book \(rating)", authors: ["A. Reader"]))
            if rating == 3 { try shelf.writeNote("A new note.\n", slug: "kindred") }
            let report = try builder.build(mode)
            // The files changed by hand are found so once; what a build keeps is stamped as kept.
            #expect(
                report.filesWritten > 0 && (rating == 1 || report.filesRepaired == 0), "\(report.summary(site: "site"))"
            )
            expectKept()
            // New in the setgid `books/`: its group and setgid, as the system gives them.
            var info = stat()
            #expect(lstat(site.appendingPathComponent("books/new-book-\(rating)").path, &info) == 0)
            #expect(info.st_gid == group && info.st_mode & S_ISGID != 0)
            #expect(lstat(site.appendingPathComponent("books/new-book-\(rating)/index.html").path, &info) == 0)
            #expect(info.st_gid == group)
        }
        // A note alone: its page is renamed over the old one in place.
        try shelf.writeNote("Another note.\n", slug: "kindred")
        let alone = try builder.build()
        #expect(alone.filesWritten == 1, "\(alone.summary(site: "site"))")
        expectKept()
    }

    @Test func aLinkInsideTheSiteIsNeverWrittenOrDeletedThrough() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let outside = try TestPaths.temporaryFolder("outside")
        for slug in ["kindred", "the-time-machine"] {
            let folder = shelf.paths.site.appendingPathComponent("books/\(slug)")
            let moved = outside.appendingPathComponent(slug)
            try manager.moveItem(at: folder, to: moved)
            try manager.createSymbolicLink(at: folder, withDestinationURL: moved)
        }
        let before = try TemporaryShelf.snapshot(of: outside)
        try shelf.writeNote("Written through no link.\n", slug: "kindred")
        try shelf.build(settings: FixtureShelf.settings)
        try shelf.library.removeBook(slug: "the-time-machine")
        try shelf.build(settings: FixtureShelf.settings)
        #expect(try TemporaryShelf.snapshot(of: outside) == before)
        var info = stat()
        #expect(lstat(shelf.paths.site.appendingPathComponent("books/kindred").path, &info) == 0)
        #expect((info.st_mode & S_IFMT) == S_IFDIR)
        #expect(try shelf.siteFile("books/kindred/index.html").contains("Written through no link."))
        try expectSameAsAFullBuild(shelf)
    }

    /// A build with nothing to do lists no folder of the site but its top: a folder is listed
    /// once an entry came into it after the last build saved its state (or within a tick of the
    /// clock before), and what is listed but not Bookplate's goes, a link as a link.
    @Test func onlyAFolderChangedSinceTheLastBuildIsListed() throws {
        let site = try TestPaths.temporaryFolder("site")
        let files = ["index.html", "books/a/index.html", "books/b/index.html", "authors/c/index.html"]
        for path in files {
            let url = site.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("page".utf8).write(to: url)
        }
        let folders = SiteFolders.folders(of: files)
        #expect(folders == ["books", "books/a", "books/b", "authors", "authors/c"])
        // Saved a moment after the build, more than a tick later.
        usleep(250_000)
        let savedAt = FileStamps.now()
        usleep(150_000)
        let directory = open(site.path, O_RDONLY | O_DIRECTORY)
        defer { close(directory) }
        #expect(SiteFolders.look(at: Array(folders), in: directory, since: savedAt).changed.isEmpty)
        let outside = try TestPaths.temporaryFolder("outside")
        try Data("mine".utf8).write(to: outside.appendingPathComponent("keep.txt"))
        try Data("by hand".utf8).write(to: site.appendingPathComponent("books/b/stray.html"))
        try manager.createSymbolicLink(
            at: site.appendingPathComponent("authors/c/linked"), withDestinationURL: outside)
        let changed = SiteFolders.look(at: Array(folders), in: directory, since: savedAt).changed.sorted()
        #expect(changed == ["authors/c", "books/b"])
        // Against a state saved before they were made, every folder.
        #expect(
            SiteFolders.look(at: Array(folders), in: directory, since: savedAt - 10_000_000_000).changed.count
                == folders.count)
        let recorded = Dictionary(
            uniqueKeysWithValues: files.map {
                (
                    $0,
                    BuildState.Output(
                        fingerprint: Fingerprint(value: 0), stamp: BuildStateTests.stamp(1, 1, 1), digest: 0)
                )
            })
        let removed = SiteFolders.removeStrays(listing: changed, keeping: recorded, folders: folders, in: site.path)
        #expect(removed == ["authors/c/linked", "books/b/stray.html"])
        #expect(try String(contentsOf: outside.appendingPathComponent("keep.txt"), encoding: .utf8) == "mine")
        #expect(try TemporaryShelf.snapshot(of: site).keys.sorted() == files.sorted())
    }

    @Test func aSiteFolderThatIsALinkIsFollowedOnPurpose() throws {
        let shelf = try FixtureShelf.make()
        let webRoot = try TestPaths.temporaryFolder("www").appendingPathComponent("shelf")
        try manager.createSymbolicLink(at: shelf.paths.site, withDestinationURL: webRoot)
        #expect(try shelf.build(settings: FixtureShelf.settings).kind == .full(.firstBuild))
        #expect(manager.fileExists(atPath: webRoot.appendingPathComponent("index.html").path))
        #expect(try manager.destinationOfSymbolicLink(atPath: shelf.paths.site.path) == webRoot.path)
        try shelf.library.editBook(slug: "kindred", BookEdit(rating: .some(try Rating(1))))
        #expect(try shelf.build(settings: FixtureShelf.settings).kind == .partial)
        #expect(try manager.destinationOfSymbolicLink(atPath: shelf.paths.site.path) == webRoot.path)
        #expect(try shelf.build(settings: FixtureShelf.settings).kind == .upToDate)
        try expectSameAsAFullBuild(shelf, site: webRoot)
    }

    @Test func linkedNotesCoversAndTemplatesAreRefusedAlikeByBuildAndExport() throws {
        let secret = try TestPaths.temporaryFolder("secret").appendingPathComponent("secret.txt")
        try Data("the reader's secret".utf8).write(to: secret)
        let links = [
            "content/notes/kindred.md", "content/covers/kindred.jpg", "templates/partials/footer.mustache",
        ]
        for link in links {
            let shelf = try FixtureShelf.make()
            try shelf.build(settings: FixtureShelf.settings)
            let url = shelf.root.appendingPathComponent(link)
            try? manager.removeItem(at: url)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.createSymbolicLink(at: url, withDestinationURL: secret)
            do {
                try shelf.build(settings: FixtureShelf.settings)
                Issue.record("\(link): the build followed the link")
            } catch {
                #expect("\(error)".contains("\(link) is a symbolic link"), "\(error)")
                // The step that finds it says it looks at the notes too (it said "read the
                // settings, covers, photos and templates" of a linked note).
                #expect("\(error)".contains("find the notes, covers, photos, pages and templates"), "\(error)")
            }
            let published = try TemporaryShelf.snapshot(of: shelf.paths.site).values
            #expect(!published.contains { String(decoding: $0, as: UTF8.self).contains("the reader's secret") })
            if link.hasSuffix(".md") {
                let exporter = LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
                #expect(throws: NoteError.linked(path: url.relativePathForDisplay)) { try exporter.json() }
            }
        }
    }

    /// A file system takes any bytes but `/` and NUL in a name. A stray named in Latin-1 inside
    /// Bookplate's folders stayed through builds a full build would not leave it in, and a
    /// reader's own file named so at the top of the site made a partial build fail and was left
    /// behind by a full one (found by an exploratory session): the names are handled by their
    /// bytes.
    @Test func namesThatAreNoUTF8AreKeptOrRemovedAsAnyOther() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let site = shelf.paths.site.path
        func bytes(_ path: String, _ name: [UInt8]) -> [CChar] {
            (Array((site + "/" + path).utf8) + name).map { CChar(bitPattern: $0) } + [0]
        }
        func write(_ path: [CChar], _ text: String) {
            let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = text.withCString { Glibc.write(file, $0, strlen($0)) }
            close(file)
        }
        func exists(_ path: [CChar]) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0
        }
        let cafe: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".html".utf8)
        let mine = bytes("", cafe)
        let folder = bytes("", [0x64, 0xE9, 0x6A, 0xE0])
        let inFolder = bytes("", [0x64, 0xE9, 0x6A, 0xE0, 0x2F, 0x66, 0xE9, 0x65])
        let stray = bytes("books/kindred/", cafe)
        write(mine, "mine")
        mkdir(folder, 0o755)
        write(inFolder, "also mine")
        write(stray, "stray")
        let strayFolder = bytes("books/kindred/", [0xFF])
        mkdir(strayFolder, 0o755)
        write(bytes("books/kindred/", [0xFF, 0x2F, 0x78]), "stray")

        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(!exists(stray) && !exists(strayFolder))
        #expect(report.filesRemoved == 2)
        try shelf.library.editBook(slug: "fledgling", BookEdit(rating: .some(try Rating(2))))
        #expect(try shelf.build(settings: FixtureShelf.settings).kind == .partial)
        #expect(exists(mine) && exists(inFolder))
        try SiteBuilder(library: shelf.library, paths: shelf.paths, settings: FixtureShelf.settings).build(.full)
        #expect(exists(mine) && exists(inFolder))
        // No working folder of a build is left beside the site.
        let beside = try manager.contentsOfDirectory(atPath: shelf.root.path).filter { $0.hasPrefix(".site") }
        #expect(beside.isEmpty, "\(beside)")
        try expectSameAsAFullBuild(shelf)
    }

    /// A book's folder moved out of the site and linked back (or `covers/` kept on another disk):
    /// its files, read through the link, looked as the last build left them, so the build called
    /// the site up to date, and the next build that wrote a few other files dropped the folder,
    /// saying it had removed nothing (found by an exploratory session). A folder of Bookplate's
    /// that is a link makes the site anew, with a real folder there; what the link points to
    /// is left alone.
    @Test func aFolderOfTheSiteReplacedByALinkIsMadeAnew() throws {
        for folder in ["books/kindred", "covers"] {
            let shelf = try FixtureShelf.make()
            try shelf.build(settings: FixtureShelf.settings)
            let inSite = shelf.paths.site.appendingPathComponent(folder)
            let moved = try TestPaths.temporaryFolder("moved").appendingPathComponent("kept")
            try manager.moveItem(at: inSite, to: moved)
            try manager.createSymbolicLink(at: inSite, withDestinationURL: moved)
            let kept = try TemporaryShelf.snapshot(of: moved)
            #expect(try shelf.build(settings: FixtureShelf.settings).kind != .upToDate, "\(folder)")
            var info = stat()
            #expect(lstat(inSite.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR, "\(folder)")
            try expectSameAsAFullBuild(shelf)
            try shelf.library.editBook(slug: "fledgling", BookEdit(rating: .some(try Rating(2))))
            #expect(try shelf.build(settings: FixtureShelf.settings).kind == .partial)
            try expectSameAsAFullBuild(shelf)
            #expect(try TemporaryShelf.snapshot(of: moved) == kept)
        }
    }

    /// Emacs keeps a link named `.#book.mustache` beside a template with unsaved changes: a full
    /// build refused it as a link among the templates, while a build with nothing else to do
    /// called the site up to date (found by an exploratory session). A hidden file or folder is
    /// no part of the theme, link or not, for every kind of build alike.
    @Test func aHiddenLinkAmongTheTemplatesIsNoPartOfTheTheme() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let templates = shelf.root.appendingPathComponent("templates")
        for folder in ["", "partials/", ".hidden/"] {
            try manager.createDirectory(
                at: templates.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for lock in [".#book.mustache", "partials/.#footer.mustache", ".hidden/book.mustache"] {
            try manager.createSymbolicLink(
                atPath: templates.appendingPathComponent(lock).path, withDestinationPath: "reader@host.12345:1764190000"
            )
        }
        #expect(try shelf.build(settings: FixtureShelf.settings).kind == .upToDate)
        try expectSameAsAFullBuild(shelf, site: shelf.paths.site)
        try shelf.library.editBook(slug: "kindred", BookEdit(rating: .some(try Rating(2))))
        #expect(try shelf.build(settings: FixtureShelf.settings).kind == .partial)
        try expectSameAsAFullBuild(shelf, site: shelf.paths.site)
    }

    /// What reached the reader's entries of the old site while a build linked them into the new
    /// one comes across when the new site takes its place: a `CNAME` saved then, a file added to
    /// `.git`, a file replaced by a rename, a lock file deleted. What the reader changed in the new
    /// site after the swap is newer, and stays (the old copy was put back over it: found by a
    /// review). Bookplate's own folders are made anew, and left.
    @Test func theReadersWorkDuringABuildComesAcrossToTheNewSite() throws {
        let old = try TestPaths.temporaryFolder("old-site")
        let new = try TestPaths.temporaryFolder("new-site").appendingPathComponent("site")
        func write(_ text: String, _ path: String, in folder: URL) throws {
            let url = folder.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func replace(_ text: String, _ path: String, in folder: URL) throws {
            try write(text, path + ".swp", in: folder)
            #expect(
                rename(folder.appendingPathComponent(path + ".swp").path, folder.appendingPathComponent(path).path) == 0
            )
        }
        for path in [
            ".git/HEAD", ".git/objects/aa/1", ".git/index.lock", "about.html", "notes.txt", "books/a/index.html",
        ] {
            try write(path, path, in: old)
        }
        let linked = SiteWriter.ReadersLinks()
        try SiteWriter.linkTree(from: old.path, to: new.path, recording: linked)
        // Meanwhile, in the old site.
        try write("shelf.example.org", "CNAME", in: old)
        try write("object", ".git/objects/bb/2", in: old)
        try replace("about, edited", "about.html", in: old)
        try manager.removeItem(at: old.appendingPathComponent(".git/index.lock"))
        try write("old page", "books/b/index.html", in: old)
        try replace("notes, old", "notes.txt", in: old)
        // After the swap, in the new one.
        try replace("notes, newest", "notes.txt", in: new)
        SiteWriter.carryOverReadersWork(from: old.path, to: new.path, linked: linked)
        let site = try TemporaryShelf.snapshot(of: new).mapValues { String(decoding: $0, as: UTF8.self) }
        #expect(
            site == [
                "CNAME": "shelf.example.org", ".git/HEAD": ".git/HEAD", ".git/objects/aa/1": ".git/objects/aa/1",
                ".git/objects/bb/2": "object", "about.html": "about, edited", "notes.txt": "notes, newest",
                "books/a/index.html": "books/a/index.html",
            ])
    }

    /// The copy of the site a rebuild of several pages is made in takes, of Bookplate's folders,
    /// only the files the last build wrote: a file put into one while the build ran was linked
    /// into a folder made then, which no later build looked into (found by an exploratory
    /// session). The reader's entries come whole, and no folder is made for nothing.
    @Test func aRebuildsCopyOfTheSiteTakesOnlyKnownFilesOfBookplatesFolders() throws {
        let old = try TestPaths.temporaryFolder("old-site")
        for path in [
            "books/a/index.html", "books/a/stray.html", "books/zz/stray.html", "index.html", "CNAME", ".git/objects/1",
        ] {
            let url = old.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
        try manager.createDirectory(at: old.appendingPathComponent(".well-known"), withIntermediateDirectories: true)
        let copy = try TestPaths.temporaryFolder("copy").appendingPathComponent("site").path
        let known: Set = ["books/a/index.html", "index.html"]
        try SiteWriter.linkTree(from: old.path, to: copy) { path in
            !SiteWriter.ownNames.contains(String(path.prefix { $0 != "/" })) || known.contains(path)
        }
        #expect(
            Set(try TemporaryShelf.snapshot(of: URL(fileURLWithPath: copy)).keys)
                == ["books/a/index.html", "index.html", "CNAME", ".git/objects/1"])
        #expect(!manager.fileExists(atPath: copy + "/books/zz"))
        #expect(manager.fileExists(atPath: copy + "/.well-known"))
    }

    /// A file where the notes, covers, photos or templates folder goes stops the build, and the
    /// site keeps what it had: with a file for `content/notes`, the site was published again
    /// without a single note, and the build said nothing. An export stops too.
    @Test func aFileWhereASourceFolderGoesStopsTheBuild() throws {
        for folder in ["content/notes", "content/covers", "content/photos", "templates"] {
            let shelf = try FixtureShelf.make()
            try shelf.writeNote("Kept on the page.\n", slug: "kindred")
            try shelf.build(settings: FixtureShelf.settings)
            let before = try TemporaryShelf.snapshot(of: shelf.paths.site)
            let url = shelf.root.appendingPathComponent(folder)
            try? manager.removeItem(at: url)
            try Data("not a folder".utf8).write(to: url)
            #expect(throws: SiteError.unlistableSource(path: url.relativePathForDisplay, reason: "Not a directory")) {
                try Self.buildStoppingAsItReadsItsInputs(shelf)
            }
            #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == before, "\(folder)")
            if folder == "content/notes" {
                // An export, the reader's copy of everything, said nothing either, and had no notes.
                let exporter = LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
                #expect(throws: NoteError.unreadable(path: url.relativePathForDisplay)) { try exporter.json() }
            }
        }
    }

    /// A notes folder kept elsewhere through a link (a synced folder) whose folder is not there (the
    /// disk not mounted) was taken for no folder at all: the build published every book without
    /// its note and exited 0, and an export backed the shelf up without a note (found by an
    /// exploratory session). Such a link stops the build, whichever of the folders it is, and the
    /// site keeps what it had; the export, and reading or writing a note, stop too.
    @Test func aSourceFolderLinkedToNothingStopsTheBuildAndTheExport() throws {
        for folder in ["content/notes", "content/covers", "content/photos", "content/pages", "templates"] {
            let shelf = try FixtureShelf.make()
            try shelf.writeNote("Kept on the page.\n", slug: "kindred")
            try shelf.build(settings: FixtureShelf.settings)
            let before = try TemporaryShelf.snapshot(of: shelf.paths.site)
            let url = shelf.root.appendingPathComponent(folder)
            let elsewhere = try TestPaths.temporaryFolder("elsewhere").appendingPathComponent("unmounted")
            try? manager.removeItem(at: url)
            try manager.createSymbolicLink(atPath: url.path, withDestinationPath: elsewhere.path)
            let refusal = SiteError.sourceLinkedToNothing(path: url.relativePathForDisplay, target: elsewhere.path)
            #expect(throws: refusal) {
                try Self.buildStoppingAsItReadsItsInputs(shelf)
            }
            #expect(try TemporaryShelf.snapshot(of: shelf.paths.site) == before, "\(folder)")
            #expect(
                refusal.description
                    == "\(url.relativePathForDisplay) is a link to \(elsewhere.path), which is not there (a disk not "
                    + "mounted?): nothing is done without it; bring the folder back or point the link at it")
            if folder == "content/notes" {
                let notes = NoteStore(folder: shelf.paths.notes)
                let noFolder = NoteError.folderLinkedToNothing(path: url.relativePathForDisplay, target: elsewhere.path)
                let exporter = LibraryExporter(library: shelf.library, notes: notes)
                #expect(throws: noFolder) { try exporter.json() }
                #expect(throws: noFolder) { try exporter.goodreadsCSV() }
                #expect(throws: noFolder) { try notes.note(forSlug: "kindred") }
                #expect(throws: noFolder) { try notes.noteFiles() }
                #expect(throws: noFolder) { try notes.createNoteIfMissing(forSlug: "kindred") }
                #expect(throws: noFolder) { try notes.writeNote("New.\n", forSlug: "kindred") }
                #expect(throws: noFolder) { try notes.writeNotes([("kindred", "New.\n")]) }
                #expect(!manager.fileExists(atPath: elsewhere.path))
            }
        }
    }

    /// A full build keeps what the reader put at the top of the site and replaces the rest: each
    /// name a build writes must be among Bookplate's own, or a page left over from a build that
    /// was killed would be kept as the reader's (as the commonplace book's once was).
    @Test func everyNameABuildWritesAtTheTopIsBookplates() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let names = try FileManager.default.contentsOfDirectory(atPath: shelf.paths.site.path)
        #expect(names.contains("highlights") && names.contains("series"))
        #expect(Set(names).subtracting(SiteWriter.ownNames).isEmpty, "\(Set(names).subtracting(SiteWriter.ownNames))")
    }
}
