import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// The build's one promise, tried over random sequences of what a reader does: after any of them,
/// an incremental build leaves `site/` byte for byte as a full build of the same inputs into an
/// empty folder.
///
/// Each sequence is drawn from a seed; a failure names it. Replay one with
/// `BOOKPLATE_INVARIANT_SEED=<seed> BOOKPLATE_INVARIANT_SEQUENCES=1 swift test --filter BuildInvariantTests`.
@Suite struct BuildInvariantTests {
    static let environment = ProcessInfo.processInfo.environment
    static let firstSeed = environment["BOOKPLATE_INVARIANT_SEED"].flatMap(UInt64.init) ?? 1
    static let sequences = environment["BOOKPLATE_INVARIANT_SEQUENCES"].flatMap(Int.init) ?? 200
    /// Sequences run in this many groups at once, each on a thread of its own (CI has two cores).
    static let groups = 2

    /// Each group plays on a thread of its own: a minute of builds on one of the few threads
    /// Swift's tasks share kept the stub servers of other tests from answering in time.
    @Test(arguments: 0..<groups)
    func anIncrementalBuildEqualsAFullBuildAfterAnySequence(group: Int) async throws {
        if let failure = await OwnThread.run({ Self.play(group: group) }) {
            Issue.record(Comment(rawValue: failure))
        }
    }

    /// Plays the group's sequences; what went wrong with the first that failed, or nil.
    static func play(group: Int) -> String? {
        for index in stride(from: group, to: sequences, by: groups) {
            let seed = firstSeed + UInt64(index)
            var world: ReaderWorld
            do {
                world = try ReaderWorld(seed: seed)
            } catch {
                return "seed \(seed): could not make the shelf: \(error)"
            }
            do {
                try world.play()
            } catch {
                let message = (error as? InvariantFailure)?.message ?? "\(error)"
                return """
                    seed \(seed): \(message)
                    after: \(world.log.joined(separator: ", "))
                    replay: BOOKPLATE_INVARIANT_SEED=\(seed) BOOKPLATE_INVARIANT_SEQUENCES=1 \
                    swift test --filter BuildInvariantTests
                    """
            }
        }
        return nil
    }
}

struct InvariantFailure: Error {
    var message: String
}

/// A shelf and a reader acting on it at random, with everything a reader (or their tools) may do
/// between two builds.
struct ReaderWorld {
    enum Action: CaseIterable {
        case addBook, editBook, changeReads, changeHighlights, removeBook, editNote, editNoteKeepingSizeAndTime,
            removeNote, orphanNote, editPage, removePage
        case addOrReplaceCover, removeCover, changeSettings, changeBaseURL, buildForAnotherAddress, changeTimeZone,
            changeTemplate, removeTemplateOverride
        case backUpLibrary, restoreLibrary, deleteOutputFile, changeOutputFile, restoreOlderOutputFile
        case strayFileInAFolderOfTheSite, folderInPlaceOfAnOutputFile
        case replaceSiteWithAnOlderOne, deleteSite, killBuildAfterItsSwap, build, fullBuild
    }

    static let titles = ["Kindred", "Piranesi", "Dune", "Emma", "Beloved", "Solaris", "Middlemarch", "Ubik"]
    static let authors = ["Octavia E. Butler", "Susanna Clarke", "Frank Herbert", "Jane Austen", "Toni Morrison"]
    static let covers = ["google-books-thumbnail-fledgling.jpg", "google-books-thumbnail-the-maid.jpg"]
    static let baseURLs = ["https://example.org/shelf/", "https://books.example.net/", "http://localhost:8000/a/b/"]
    /// Zones whose offsets differ, summer time or none, and by half an hour.
    static let timeZones = ["UTC", "America/New_York", "Asia/Kolkata", "Australia/Adelaide"]

    var random: SeededRandom
    /// Whether the shelf's builds write from inside the site folder (``SiteWriter/writesInside``).
    let writesInside: Bool

    /// A builder of the shelf's own site (never of the reference).
    func shelfBuilder(_ library: Library) -> SiteBuilder {
        var builder = SiteBuilder(library: library, paths: paths)
        builder.writesInsideOutput = writesInside
        return builder
    }
    let paths: ShelfPaths
    let reference: ShelfPaths
    var log: [String] = []
    /// The reader's time zone, as `TZ` gives it to every command; the highlights feed writes its
    /// offsets.
    var timeZone = TimeZone(identifier: "UTC") ?? .gmt
    private var libraryBackups: [Data] = []
    private var olderSites: [[String: Data]] = []

    init(seed: UInt64) throws {
        random = SeededRandom(seed: seed)
        // Half the shelves have their site written from inside its folder, as where the folder
        // above it cannot be written.
        writesInside = seed % 2 == 1
        let root = try TestPaths.temporaryFolder("invariant")
        paths = ShelfPaths(root: root)
        var reference = paths
        reference.site = root.appendingPathComponent("reference")
        self.reference = reference
        try FileManager.default.copyItem(at: TestPaths.templates, to: paths.templates)
        for folder in [paths.notes, paths.covers] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try withLibrary { library in
            for _ in 0..<3 { _ = try? library.addBook(randomBook()) }
        }
    }

    /// A few rounds of actions, each ended by an incremental build checked against a full one.
    mutating func play() throws {
        try build()
        for _ in 0..<Int.random(in: 3...5, using: &random) {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let action = pick(Action.allCases)
                log.append("\(action)")
                try perform(action)
            }
            log.append("build")
            try build()
        }
    }

    /// The library, opened for one action and closed after it, as each command does.
    func withLibrary<T>(_ work: (Library) throws -> T) throws -> T {
        try work(
            try Library.open(at: paths.library, create: true, clock: .fixed(TemporaryShelf.fixedDate, in: timeZone)))
    }

    func slugs() throws -> [String] {
        try withLibrary { try $0.snapshot().books.map(\.book.slug) }
    }

    mutating func randomBook() -> NewBook {
        NewBook(
            title: pick(Self.titles),
            authors: [NewAuthor(name: pick(Self.authors))],
            pageCount: Int.random(in: 90...900, using: &random))
    }

    /// One of `items` (never empty), drawn from the seed.
    mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &random)]
    }

    mutating func randomSlug() throws -> String? {
        try slugs().randomElement(using: &random)
    }

    /// An incremental build, then a full one into an empty folder: the two sites must be the same.
    mutating func build(_ mode: BuildMode = .incremental) throws {
        let report = try withLibrary { try shelfBuilder($0).build(mode) }
        try? FileManager.default.removeItem(at: reference.site)
        let full = try withLibrary { try SiteBuilder(library: $0, paths: reference).build(.full) }
        // What the pages' tags named and the pages lacked is said alike, whichever pages the
        // build rendered.
        let unknown = { (report: BuildReport) in report.warnings.filter { $0.contains(" names nothing its page has") } }
        guard unknown(report) == unknown(full) else {
            throw InvariantFailure(
                message: "a \(report.kind) build warns \(unknown(report)) of names, a full build \(unknown(full))")
        }
        let built = try TemporaryShelf.snapshot(of: paths.site)
        let expected = try TemporaryShelf.snapshot(of: reference.site)
        guard built == expected else {
            let differing = Set(built.keys).union(expected.keys).filter { built[$0] != expected[$0] }.sorted()
            let first = differing[0]
            throw InvariantFailure(
                message: "a \(report.kind) build differs from a full build in \(differing.prefix(5)); \(first):\n"
                    + GoldenFiles.readableDiff(expected[first] ?? Data(), built[first] ?? Data()))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: paths.root.path).filter {
            $0.hasPrefix(".site.")
        }
        guard leftovers.isEmpty else { throw InvariantFailure(message: "working folders left: \(leftovers)") }
        olderSites.append(built)
    }

    mutating func perform(_ action: Action) throws {
        let manager = FileManager.default
        switch action {
        case .addBook:
            let book = randomBook()
            try withLibrary { _ = try? $0.addBook(book) }
        case .editBook:
            guard let slug = try randomSlug() else { return }
            var edit = BookEdit()
            switch Int.random(in: 0..<5, using: &random) {
            case 0: edit.rating = .some(try Rating(Int.random(in: 1...5, using: &random)))
            case 1: edit.status = [.read, .reading, .toRead, .abandoned].randomElement(using: &random)
            case 2: edit.addShelves = [pick(["sci-fi", "favourites", "lent out"])]
            case 3: edit.title = pick(Self.titles) + " Revisited"
            default: edit.pageCount = .some(Int.random(in: 90...900, using: &random))
            }
            try withLibrary { _ = try $0.editBook(slug: slug, edit) }
        case .changeReads:
            // Re-reads move a book into more years' lists, the stats' re-reads and the feed.
            guard let slug = try randomSlug() else { return }
            let year = Int.random(in: 2015...2025, using: &random)
            let started = try PartialDate(year: year, month: Int.random(in: 1...6, using: &random))
            let finished = try PartialDate(year: year, month: Int.random(in: 7...12, using: &random))
            let outcome = [ReadOutcome.finished, .finished, .setAside, .reading][Int.random(in: 0..<4, using: &random)]
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                try withLibrary {
                    _ = try $0.addRead(
                        toBook: slug,
                        ReadRecord(started: started, finished: outcome == .reading ? nil : finished, outcome: outcome))
                }
            case 1: try withLibrary { _ = try? $0.removeRead(ofBook: slug, number: 1) }
            default:
                try withLibrary { _ = try? $0.editRead(ofBook: slug, number: 1, ReadEdit(finished: .some(finished))) }
            }
        case .changeHighlights:
            // Highlights change their book's page, the commonplace book, its feed and the search.
            guard let slug = try randomSlug() else { return }
            let passage = pick(["Light is the left hand of darkness.", "All happy families", "Box Hill <b>"])
            let made = Date(
                timeIntervalSince1970: Double(Int.random(in: 1_400_000_000...1_760_000_000, using: &random)))
            let new = NewHighlight(
                text: passage,
                note: Bool.random(using: &random)
                    ? pick(["*so* true", "as in [[Emma]]", "[[Emma#Part one]] ![[map.png]]"]) : nil,
                place: HighlightPlace(page: String(Int.random(in: 1...300, using: &random))), madeAt: made,
                source: .kindle)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                try withLibrary { _ = try $0.addHighlight(new, toBook: slug) }
            case 1:
                try withLibrary { library in
                    guard let highlight = try library.highlights(ofBook: slug).first else { return }
                    try library.editHighlight(highlight.id, published: !highlight.published)
                }
            default:
                try withLibrary { library in
                    guard let highlight = try library.highlights(ofBook: slug).last else { return }
                    _ = try library.removeHighlight(highlight.id)
                }
            }
        case .removeBook:
            guard let slug = try randomSlug() else { return }
            try withLibrary { try $0.removeBook(slug: slug) }
        case .editNote:
            guard let slug = try randomSlug() else { return }
            // Headings have anchors (`n-part-one`, a second `n-part-one-2`), which links by name lead to.
            let words = [
                "*spice*", "a long road", "**again**", "Box Hill", "- one\n- two", "> quoted",
                "# Part one\n\nwinter", "## Part *one*\n\n# Part one\n\nagain",
            ]
            // Links by name (half the notes) lead where the shelf's books, authors, series, shelves
            // and pages are at each build: books of these titles come and go, and are renamed.
            let links = [
                "see [[\(pick(Self.titles))]]",
                "[[\(pick(Self.titles).lowercased())|her best]], [[\(pick(Self.authors))]]",
                "[[about]], [[sci-fi]], [[\(pick(Self.titles)) Revisited]]",
                "[[\(pick(Self.titles))#Part one|the start]], [[#Part one]], [[\(pick(Self.authors))#Part two#x]]",
                "![[map.png|a map]] ![[\(pick(Self.titles))]] [[\(pick(Self.titles))#^a1b2]]",
            ]
            let link = Bool.random(using: &random) ? pick(links) : ""
            try write("\(pick(words)) \(Int.random(in: 0...999, using: &random)) \(link)\n", to: note(slug))
        case .editNoteKeepingSizeAndTime:
            // Another text of the same length, with the file's old modification time put back.
            let notes = try manager.contentsOfDirectory(atPath: paths.notes.path).filter { $0.hasSuffix(".md") }
                .sorted()
            guard let name = notes.randomElement(using: &random) else { return }
            let url = paths.notes.appendingPathComponent(name)
            var info = stat()
            guard lstat(url.path, &info) == 0 else { return }
            let old = try Data(contentsOf: url)
            let letter = UInt8(ascii: "a") + UInt8.random(in: 0..<26, using: &random)
            try Data(old.map { $0 == UInt8(ascii: "\n") ? $0 : letter }).write(to: url)
            var times = [info.st_atim, info.st_mtim]
            _ = utimensat(AT_FDCWD, url.path, &times, 0)
        case .removeNote:
            let notes = try manager.contentsOfDirectory(atPath: paths.notes.path).sorted()
            guard let name = notes.randomElement(using: &random) else { return }
            try manager.removeItem(at: paths.notes.appendingPathComponent(name))
        case .orphanNote:
            try write("Nobody's book.\n", to: note("no-such-book-\(Int.random(in: 0...2, using: &random))"))
        case .editPage:
            // One of the reader's own pages: a new one, or another title or text for one there is
            // (a title is in every page's header).
            let heading = pick(["", "# About me\n\n", "---\ntitle: Now\n---\n", "# Reading challenge\n\n"])
            try write(
                "\(heading)Some *words* \(Int.random(in: 0...999, using: &random)) \(pick(["", "[[Ubik]]", "[[now]]", "[[Ubik#Part one]]", "![[me.jpg|me]]"]))\n",
                to: paths.pages.appendingPathComponent(pick(["about", "now", "challenge"]) + ".md"))
        case .removePage:
            let pages = ((try? manager.contentsOfDirectory(atPath: paths.pages.path)) ?? []).sorted()
            guard let name = pages.randomElement(using: &random) else { return }
            try manager.removeItem(at: paths.pages.appendingPathComponent(name))
        case .addOrReplaceCover:
            guard let slug = try randomSlug() else { return }
            let source = TestPaths.fixtures.appendingPathComponent(
                "covers/" + pick(Self.covers))
            try write(try Data(contentsOf: source), to: paths.covers.appendingPathComponent("\(slug).jpg"))
        case .removeCover:
            let covers = try manager.contentsOfDirectory(atPath: paths.covers.path).sorted()
            guard let name = covers.randomElement(using: &random) else { return }
            try manager.removeItem(at: paths.covers.appendingPathComponent(name))
        case .changeSettings:
            let title = pick(["My Shelf", "Books", "Read & To Read"])
            let base = Bool.random(using: &random) ? "base_url: https://example.org/shelf/\n" : ""
            try write("title: \"\(title)\"\n\(base)", to: paths.settings)
        case .changeBaseURL:
            // Another address for the same site: every page naming its own address changes, and
            // nothing else in the settings does.
            let settings = (try? String(contentsOf: paths.settings, encoding: .utf8)) ?? "title: \"My Shelf\"\n"
            let kept = settings.split(separator: "\n").filter { !$0.hasPrefix("base_url:") }
            try write(kept.map { "\($0)\n" }.joined() + "base_url: \(pick(Self.baseURLs))\n", to: paths.settings)
        case .buildForAnotherAddress:
            // `build --base-url` into the site itself: the next plain build puts the settings' back.
            let address = URL(string: pick(Self.baseURLs))
            try withLibrary { library in
                var builder = shelfBuilder(library)
                builder.baseURLOverride = address
                _ = try builder.build()
            }
        case .changeTimeZone:
            timeZone = TimeZone(identifier: pick(Self.timeZones)) ?? timeZone
        case .changeTemplate:
            // Sometimes with a misspelt name, or one that only some pages have.
            let name = pick(["", "{{titel}}", "{{subtitle}}", "{{t.notAWord}}"])
            let footer = "<footer>Kept by hand, round \(Int.random(in: 0...3, using: &random))\(name)</footer>\n"
            try write(footer, to: paths.templates.appendingPathComponent("partials/footer.mustache"))
        case .removeTemplateOverride:
            // The built-in theme's own footer is used instead.
            try? manager.removeItem(at: paths.templates.appendingPathComponent("partials/footer.mustache"))
        case .backUpLibrary:
            libraryBackups.append(try Data(contentsOf: paths.library))
        case .restoreLibrary:
            guard let backup = libraryBackups.randomElement(using: &random) else { return }
            for suffix in ["-wal", "-shm"] { try? manager.removeItem(atPath: paths.library.path + suffix) }
            try backup.write(to: paths.library)
        case .deleteOutputFile, .changeOutputFile, .restoreOlderOutputFile:
            let site = try TemporaryShelf.snapshot(of: paths.site)
            guard let path = site.keys.sorted().randomElement(using: &random) else { return }
            let url = paths.site.appendingPathComponent(path)
            if action == .deleteOutputFile {
                try manager.removeItem(at: url)
            } else if action == .changeOutputFile {
                // In place, as an editor might, with the same size.
                let old = try Data(contentsOf: url)
                let handle = try FileHandle(forWritingTo: url)
                try handle.write(contentsOf: Data(old.reversed()))
                try handle.close()
            } else if let older = olderSites.randomElement(using: &random)?[path] {
                try older.write(to: url)
            }
        case .folderInPlaceOfAnOutputFile:
            let site = try TemporaryShelf.snapshot(of: paths.site)
            guard let path = site.keys.sorted().randomElement(using: &random) else { return }
            let url = paths.site.appendingPathComponent(path)
            try manager.removeItem(at: url)
            try manager.createDirectory(at: url.appendingPathComponent("inside"), withIntermediateDirectories: true)
            try Data("put here by hand".utf8).write(to: url.appendingPathComponent("inside/index.html"))
        case .strayFileInAFolderOfTheSite:
            // A file (or a folder with one) put by hand into a folder Bookplate made, or at the top
            // under one of Bookplate's names: a full build leaves none of them.
            let site = try TemporaryShelf.snapshot(of: paths.site)
            let folders = Set(site.keys.compactMap { path in path.lastIndex(of: "/").map { String(path[..<$0]) } })
            guard let folder = folders.sorted().randomElement(using: &random),
                let stray = [folder + "/stray.html", folder + "/stray/index.html", "series/stray.html"].randomElement(
                    using: &random)
            else { return }
            let url = paths.site.appendingPathComponent(stray)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("put here by hand".utf8).write(to: url)
        case .replaceSiteWithAnOlderOne:
            guard let older = olderSites.randomElement(using: &random) else { return }
            try? manager.removeItem(at: paths.site)
            for (path, data) in older {
                let url = paths.site.appendingPathComponent(path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
        case .deleteSite:
            try? manager.removeItem(at: paths.site)
        case .killBuildAfterItsSwap:
            // A build killed after its site took the old one's place but before it saved its state:
            // the state is put back as it was before that build.
            let folder = paths.content.appendingPathComponent(".bookplate")
            let state = folder.appendingPathComponent(BuildStateStore.fileName)
            let saved = try? Data(contentsOf: state)
            try withLibrary { _ = try shelfBuilder($0).build() }
            for suffix in ["-wal", "-shm"] { try? manager.removeItem(atPath: state.path + suffix) }
            if let saved { try saved.write(to: state) } else { try? manager.removeItem(at: state) }
            if saved != nil, Bool.random(using: &random) {
                try BuildStateStore(folder: folder).markUnfinished(site: paths.site.standardizedFileURL.path)
            }
        case .build:
            try withLibrary { _ = try shelfBuilder($0).build() }
        case .fullBuild:
            try withLibrary { _ = try shelfBuilder($0).build(.full) }
        }
    }

    func note(_ slug: String) -> URL {
        paths.notes.appendingPathComponent("\(slug).md")
    }

    func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
