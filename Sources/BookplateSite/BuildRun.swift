import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// One build of a site, step by step: ``SiteBuilder/build(_:)`` runs ``BuildStep/pipeline``
/// through ``run(_:)``, and what one step finds is kept here for the next.
struct BuildRun {
    let builder: SiteBuilder
    let mode: BuildMode
    /// When the build began, or took its turn after another: the time it reports is its own.
    private var started = ContinuousClock.now
    private var paths: ShelfPaths { builder.paths }
    private let writer: SiteWriter
    private let store: BuildStateStore
    /// The output folder and the library, as the state names them.
    private let site: String
    private let library: String

    /// Held from the first step to the end of the build.
    private var lock: BuildLock?
    /// The last build's state for this site, when it can be trusted.
    private var loaded = BuildStateStore.Loaded.none
    private var previous: BuildState?
    private var fullReason: FullBuildReason?

    private var settings = SiteSettings()
    /// The library's revision as the build found it, before reading anything else of it.
    private var revision = ""
    private var inputs = ""
    private var noteStamps: [String: FileStamps.Stamp] = [:]
    private var coverFiles: [String: FileStamps.Stamp] = [:]
    private var photoFiles: [String: FileStamps.Stamp] = [:]
    private var templateFiles: [String: FileStamps.Stamp] = [:]
    /// The reader's pages' files (`content/pages/`), by path below it.
    private var pageFiles: [String: FileStamps.Stamp] = [:]
    /// The reader's pages, read at every build (their titles are in every page's header).
    private var extraPages = ExtraPages()
    /// Files of the output folder that are not what the last build wrote (changed or missing).
    private var damaged: Set<String> = []
    /// Notes whose files changed since the last build (added and removed ones included).
    private var changedNotes: [String] = []
    /// Notes too long to publish, by slug.
    private var oversizedNotes: [String] = []
    /// Template, cover and photo files changed since the last build, by path in the shelf.
    private var changedSources: [String] = []

    private(set) var kind: BuildKind?
    private var snapshot: LibrarySnapshot?
    /// The whole library, loading on a thread of its own from the first step where the build is
    /// known to make the whole site (a first build, or `--full`).
    private var snapshotLoading: Background<LibrarySnapshot>?
    /// The snapshot's counts, for the report: the snapshot itself is let go once pages are planned.
    private var bookCount: Int?
    private var authorCount: Int?
    private var changedBooks: [BookDetails] = []
    private var notes: SiteNotes?
    /// The notes' fingerprints, read while the library loads.
    private var noteReading: Background<SiteNotes>?
    /// Links in the notes folder, listed while the last build's state is read.
    private var noteLinks: [String] = []
    /// The files of the shelf iCloud Drive evicted, as paths for messages.
    private var evicted: [String] = []
    /// Note files whose book is not in the library, by slug.
    private var orphanNotes: [String] = []
    /// Whether the notes whose files changed since the last build all read as they did: saved
    /// unchanged (a build of notes alone then changes nothing).
    private var notesReadAsBefore = false
    /// A warning for each file of the notes folder named almost as a note (`Dune.MD`), made at
    /// every build, as the notes are listed at every build.
    private var misnamedNotes: [String] = []
    /// A line for each sync client's conflict copy in the shelf's folders (``StrayFile``), made
    /// at every build, as the folders are listed at every build: what it copies may lack the
    /// other machine's words until the reader merges them.
    private var conflictCopies: [String] = []
    /// A line for each note or page that is a folder or a named pipe (``EntriesThatAreNoFiles``),
    /// made at every build.
    private var notesAndPagesNoFiles: [String] = []
    /// How many notes were rendered: one for each book page with a note that was written.
    private var notesRendered = 0
    private var theme: Theme?
    private var templates: TemplateSet?
    /// Covers and photos left out of the site, each with why: one line apiece. They hold as long
    /// as the build's inputs do, and the state keeps them.
    private var warnings: [String] = []
    /// The tags each page named that it did not have, by page (``BuildState/unknownNames``):
    /// the last build's, then updated with the pages this one renders.
    private var unknownNames: [String: [String]] = [:]
    /// What this build did that the reader should know of once (files taken out of the site).
    private var events: [String] = []
    /// What was taken out of Bookplate's folders in the site, with the files each was or held.
    private var removedStrays: [(path: String, files: [String])] = []
    private var outputs = SitePlan()
    /// Whether libvips could not start, and covers and photos were left out (``SitePlan/leavesOutCovers``).
    private var coversLeftOut = false
    private var files: [String: BuildState.Output] = [:]
    /// A whole new site taking the old one's place, which the state waits for before it is saved.
    private var siteSwap: Background<Void>?
    private var written = 0
    /// How many files of the last build's site this one leaves out, and files put by hand in
    /// Bookplate's folders that it took out.
    private var removedCount = 0
    private var repaired = 0

    init(builder: SiteBuilder, mode: BuildMode) {
        self.builder = builder
        self.mode = mode
        // A site folder that is a link (to a web server's folder, say) is followed on purpose: the
        // site is made where it points, and the link stays.
        var target = builder.paths.site
        var info = stat()
        if lstat(target.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
            let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: target.path)
        {
            // Where it points, even where nothing is yet.
            target =
                URL(fileURLWithPath: destination, relativeTo: target.deletingLastPathComponent())
                .standardizedFileURL
        }
        writer = SiteWriter(target: target, writesInside: builder.writesInsideOutput)
        store = BuildStateStore(folder: builder.stateFolder)
        site = target.standardizedFileURL.path
        library = builder.paths.library.standardizedFileURL.path
    }

    /// Whether a note was moved or removed as its page was made: the page was made without it,
    /// and the state says so (``markVanishedNotes()``).
    private(set) var notesVanished = false
    /// How many pages were made without their vanished notes, and so are made again at once.
    private(set) var pagesMadeWithoutTheirNotes = 0

    /// Whether the build is done: the site was found up to date.
    var isFinished: Bool { kind == .upToDate }

    mutating func run(_ step: BuildStep) throws {
        switch step {
        case .checkOutput: try checkOutput()
        case .readState: readState()
        case .scanInputs: try scanInputs()
        case .verifyOutput: verifyOutput()
        case .loadLibrary: try loadLibrary()
        case .readNotes: try readNotes()
        case .loadTemplates: try loadTemplates()
        case .planPages: try planPages()
        case .writeFiles: try writeFiles()
        case .saveState: try saveState()
        case .renderTemplates, .collectCovers, .readPages: break
        }
    }

    /// Takes the shelf's turn, then checks that the output folder may be written and clears away
    /// the half-written files of commands that were killed.
    private mutating func checkOutput() throws {
        let tell = builder.whileWaitingForAnotherBuild
        var waited = false
        lock = try BuildLock(folder: builder.stateFolder) {
            waited = true
            tell?()
        }
        if waited {
            started = ContinuousClock.now
            builder.afterWaitingForAnotherBuild?()
        }
        // Read first: the library is read by one connection at a time, and the snapshot below
        // would hold it for most of a second.
        revision = try builder.library.revision()
        if mode == .full || !writer.hasFiles {
            // Needed whole in any case: it loads while the notes are listed (a fifth of a second
            // at 50,000 notes).
            let library = builder.library
            snapshotLoading = Background { try library.snapshot() }
        }
        // Listing 50,000 notes and reading 67,000 rows of state were a third each of a rebuild
        // with nothing to do: the state is read, and what killed commands left is cleared away,
        // on a thread of its own meanwhile. (The notes' stamps are listed on this one: made on
        // another, they were kept apart from the rest of a first build's memory, 3 MB more.)
        let (store, site, folders) = (
            store, site, [paths.notes, paths.covers, paths.photos, builder.stateFolder]
        )
        let reading = Background {
            for folder in folders { WorkingFiles.removeAbandoned(in: folder) }
            return store.load(site: site)
        }
        noteStamps = [:]
        let notesListed = FileStamps.list(paths.notes, suffix: ".md")
        noteLinks = notesListed.links
        var passedOver = notesListed.passedOver
        for (name, stamp) in notesListed.stamps where !name.contains("/") {
            noteStamps[String(name.dropLast(3))] = stamp
        }
        evicted = notesListed.evicted.map { paths.notes.appendingPathComponent($0).relativePathForDisplay }
        // A sync client's conflict copy of a note (`kindred 2.md`) was told it belonged to no
        // book and to be renamed to a book's slug, onto the note it copies (found by an
        // exploratory session): it is named for what it is, and is no note.
        let noteNames = Set(noteStamps.keys.map { $0 + ".md" }).union(passedOver.filter { !$0.contains("/") })
        conflictCopies = StrayFile.conflictCopies(among: noteNames).map { name, original in
            if name.hasSuffix(".md") { noteStamps[String(name.dropLast(3))] = nil }
            passedOver.removeAll { $0 == name }
            return StrayFile.conflictCopy(of: original).leftOut(
                paths.notes.appendingPathComponent(name).relativePathForDisplay)
        }
        // `Dune.MD` or `dune.markdown` was left out without a word, and the reader's note never
        // appeared (found by an exploratory session).
        misnamedNotes = passedOver.filter { !$0.contains("/") }.sorted().compactMap { name in
            NoteStore.noteName(forMisnamed: name).map { expected in
                "\(paths.notes.appendingPathComponent(name).relativePathForDisplay) is not read as a note:"
                    + " a note is named for its book's slug, as \(expected)"
            }
        }
        // A note whose name is no UTF-8 (`caf\xE9.md`, saved by an old Latin-1 tool) cannot be read
        // by its name, and was left out without a word where `export` named it (found by an
        // exploratory session).
        misnamedNotes += notesListed.notUTF8.filter { name in
            !name.contains("/") && (name.hasSuffix(".md") || NoteStore.noteName(forMisnamed: name) != nil)
        }.map { name in
            "\(paths.notes.appendingPathComponent(name).relativePathForDisplay) is not read as a note: its name is"
                + " not UTF-8; a note is named for its book's slug (rename it)"
        }
        // An image beside the notes (`![](cover.png)`) was neither published nor said, and the
        // note's image broke (found by an exploratory session): said at every build, with where a
        // note's images go, as a page's are.
        misnamedNotes += passedOver.sorted().filter { name in
            name.split(separator: ".").count > 1
                && ImageInfo.fileExtensions.contains(String(name.split(separator: ".").last ?? "").lowercased())
        }.map { name in
            "\(paths.notes.appendingPathComponent(name).relativePathForDisplay) is not published: "
                + "\(paths.notes.relativePathForDisplay) holds notes (Markdown files); keep a note's images in a "
                + "folder of yours at the top of the site (site/images/, linked from a note as ../../images/)"
        }
        loaded = try reading.value()
        // `--templates .` (or site, or /) was refused as an output folder of its own, blaming the
        // output folder (found by an exploratory session): a templates folder the reader named
        // that overlaps the output is the one to move. With the shelf's own templates/, the
        // output folder is (`--output templates/out`), as `checkTarget` says.
        let ownTemplates = ShelfPaths(root: paths.root).templates
        if SiteWriter.resolved(paths.templates) != SiteWriter.resolved(ownTemplates),
            ShelfPaths.isWithin(paths.templates, anyOf: [paths.site])
                || ShelfPaths.isWithin(paths.site, anyOf: [paths.templates])
        {
            throw SiteError.templatesOverlapOutput(
                templates: paths.templates.relativePathForDisplay, site: paths.site.relativePathForDisplay)
        }
        var known: Set<String>?
        if case .state(let state) = loaded { known = Set(state.files.keys) }
        // Beside a library kept elsewhere, a site named `site.yaml` or `books.sqlite-journal` took
        // that name from the settings or the library's side file: every later build failed to
        // read its settings (found by a review). And any shelf's content/ and templates/ around
        // the output are that shelf's own, not this library's alone (``ShelfPaths/shelves(around:)``).
        if paths.isLibraryFileBeside(writer.target) {
            throw SiteError.forbiddenTarget(path: writer.target.relativePathForDisplay)
        }
        let around = ShelfPaths.shelves(around: writer.target).flatMap { [$0.content, $0.templates] }
        try writer.checkTarget(
            protected: [paths.root, paths.content, paths.templates, paths.library],
            reserved: paths.contentFolders + [paths.templates] + around, shelfSite: ShelfPaths(root: paths.root).site,
            knownFiles: known)
    }

    /// Each folder the build reads is either absent (none yet) or a folder it can list. A file
    /// where `content/notes` goes, or a notes folder without permission, published the site
    /// without a single note, and said nothing; so did a notes folder kept elsewhere through a link
    /// whose folder was not there (a synced disk not mounted: found by an exploratory session).
    private func checkSourceFolders() throws {
        for folder in [paths.notes, paths.covers, paths.photos, paths.templates, paths.pages] {
            guard let directory = opendir(folder.path) else {
                let code = errno
                if code == ENOENT, let target = LinkedFiles.missingTarget(ofLinkAt: folder.path) {
                    throw SiteError.sourceLinkedToNothing(path: folder.relativePathForDisplay, target: target)
                }
                guard code != ENOENT else { continue }
                throw SiteError.unlistableSource(
                    path: folder.relativePathForDisplay, reason: String(cString: strerror(code)))
            }
            closedir(directory)
        }
    }

    private mutating func readState() {
        moveReadersEntriesAside()
        if mode == .full {
            fullReason = .requested
        } else if !writer.hasFiles {
            fullReason = .firstBuild
        } else {
            switch loaded {
            case .none: fullReason = .noState
            case .unusable(let reason): fullReason = .unusableState(reason)
            case .state(let state) where state.library != library:
                fullReason = .unusableState("it describes the site of another library")
            case .state(let state):
                previous = state
                unknownNames = state.unknownNames
            }
        }
        // Only `previous` is kept: a full build would otherwise hold a row per file it is about to
        // replace (35 MB at 50,000 books).
        loaded = .none
    }

    private mutating func scanInputs() throws {
        try checkSourceFolders()
        settings = try builder.settings ?? SiteSettings.load(from: paths.settings)
        if let baseURL = builder.baseURLOverride { settings.baseURL = baseURL }
        // A note too long to publish counts as no note (its page is made without it), so that it
        // is found again, as a change, once it is short enough.
        oversizedNotes = noteStamps.filter { $0.value.size > NoteStore.largestPublished }.keys.sorted()
        for slug in oversizedNotes { noteStamps[slug] = nil }
        if let link = noteLinks.first(where: { !$0.contains("/") && $0.hasSuffix(".md") }) {
            throw SiteError.linkedSource(path: paths.notes.appendingPathComponent(link).relativePathForDisplay)
        }
        for (folder, keep) in [
            (paths.covers, \BuildRun.coverFiles), (paths.photos, \BuildRun.photoFiles),
            (paths.templates, \BuildRun.templateFiles), (paths.pages, \BuildRun.pageFiles),
        ] {
            let listed = FileStamps.list(folder)
            self[keyPath: keep] = listed.stamps
            if let link = listed.links.first {
                throw SiteError.linkedSource(path: folder.appendingPathComponent(link).relativePathForDisplay)
            }
            evicted += listed.evicted.map { folder.appendingPathComponent($0).relativePathForDisplay }
        }
        // A file iCloud Drive evicted to a placeholder (`.kindred.md.icloud`) is not on this
        // machine: the build made the site without it, the note off its page, the reader's
        // template replaced by the built-in one (found by an exploratory session). Nothing is
        // built until it is downloaded, so the site keeps what it had.
        let contentNames = Set((try? FileManager.default.contentsOfDirectory(atPath: paths.content.path)) ?? [])
        for name in contentNames.sorted() {
            if let original = ICloudPlaceholder.original(of: name), !original.hasPrefix("."),
                !contentNames.contains(original)
            {
                evicted.append(paths.content.appendingPathComponent(original).relativePathForDisplay)
            }
        }
        if !evicted.isEmpty { throw SiteError.evicted(paths: evicted) }
        // Covers and photos are found by their book's or author's slug, so a conflict copy is
        // never published; the library and settings are read by name: each copy is named, since
        // the other machine's changes are in it alone.
        for (folder, files) in [(paths.covers, coverFiles), (paths.photos, photoFiles)] {
            conflictCopies += StrayFile.conflictCopies(among: Set(files.keys.filter { !$0.contains("/") })).map {
                StrayFile.conflictCopy(of: $0.original).leftOut(
                    folder.appendingPathComponent($0.name).relativePathForDisplay)
            }
        }
        conflictCopies += StrayFile.conflictCopies(among: contentNames).map { name, original in
            let path = paths.content.appendingPathComponent(name).relativePathForDisplay
            guard original.hasSuffix(".sqlite") else { return StrayFile.conflictCopy(of: original).leftOut(path) }
            return "\(path) is not read: it looks like a sync conflict copy of \(original), holding what another "
                + "machine changed; see what it holds (put it as content/library.sqlite of a copy of the shelf, "
                + "and run `bookplate list` there), make the same changes here, then remove it"
        }
        try readExtraPages()
        notesAndPagesNoFiles = EntriesThatAreNoFiles.lines(notes: paths.notes, pages: paths.pages)
        inputs = builder.inputFingerprint(settings: settings, revision: revision)
        guard let previous else { return }
        let notesFolder = paths.notes.path
        changedNotes = Set(noteStamps.keys).union(previous.notes.keys).filter { slug in
            !FileStamps.isUnchanged(
                notesFolder + "/" + slug + ".md", recorded: previous.notes[slug]?.stamp, current: noteStamps[slug])
        }.sorted()
        let sources = self.sources
        changedSources = Set(sources.keys).union(previous.sources.keys).filter { path in
            !FileStamps.isUnchanged(sourceURL(path).path, recorded: previous.sources[path], current: sources[path])
        }.sorted()
    }

    /// The reader's pages, from the files the scan found: each file of the folder is read, as
    /// every page's header names each page. Files named almost as pages are warned of.
    private mutating func readExtraPages() throws {
        let markdown = pageFiles.filter { $0.key.hasSuffix(".md") }
        let others = pageFiles.keys.filter { !$0.hasSuffix(".md") }
        do {
            extraPages = try ExtraPages.load(from: paths.pages, files: markdown, passedOver: others)
        } catch {
            throw BuildError(step: .readPages, path: paths.pages.relativePathForDisplay, underlying: error)
        }
    }

    /// The template, cover, photo and page files, by path as the build state keeps them.
    private var sources: [String: FileStamps.Stamp] {
        var sources: [String: FileStamps.Stamp] = [:]
        for (prefix, files) in [
            ("templates/", templateFiles), ("covers/", coverFiles), ("photos/", photoFiles), ("pages/", pageFiles),
        ] {
            for (path, stamp) in files { sources[prefix + path] = stamp }
        }
        return sources
    }

    /// Where a source named as in ``sources`` is.
    private func sourceURL(_ path: String) -> URL {
        let folders = [
            ("templates/", paths.templates), ("covers/", paths.covers), ("photos/", paths.photos),
            ("pages/", paths.pages),
        ]
        guard let (prefix, folder) = folders.first(where: { path.hasPrefix($0.0) }) else {
            return paths.root.appendingPathComponent(path)
        }
        return folder.appendingPathComponent(String(path.dropFirst(prefix.count)))
    }

    /// Compares every file the last build wrote with what is on disk, and decides how much to build.
    private mutating func verifyOutput() {
        guard let previous else {
            kind = .full(fullReason ?? .noState)
            return
        }
        let site = site
        let recorded = Array(previous.files.keys)
        let directory = open(site, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if directory >= 0 { close(directory) } }
        let held = Parallel.map(recorded) { directory >= 0 && previous.holds($0, in: site, directory: directory) }
        damaged = Set(zip(recorded, held).filter { !$0.1 }.map(\.0))
        if directory >= 0 { lookAtFolders(previous, files: recorded, in: directory) }
        guard previous.inputs == inputs, changedSources.isEmpty, damaged.isEmpty else {
            kind = .partial
            return
        }
        kind = changedNotes.isEmpty ? .upToDate : .notesOnly
        // A page is never written through a link: a book's folder that is one means a new site.
        if kind == .notesOnly,
            !writer.linkedFolders(above: changedNotes.map(PageModelFactory.bookURL)).isEmpty
        {
            kind = .partial
        }
        if kind == .upToDate { keepCalmStamps(previous) }
    }

    /// A name at the top of the site that Bookplate keeps for itself now may have been the
    /// reader's under the Bookplate that built the site before: `pages/` (found by a review), then
    /// `series/` and `highlights/`, kept by every build of 562db65 and taken out without a word by
    /// the first build after (found by an exploratory session). Each of those names that holds
    /// files the last build did not write, and that its Bookplate did not keep for itself, is
    /// moved aside to a name of the reader's, and said, whatever names a later version keeps;
    /// `pages/` in a site whose marker a Bookplate wrote before it was its own is, as before,
    /// even where no state of that build is left.
    ///
    /// Where no state of any build is left (a site repository cloned afresh, `content/.bookplate`
    /// deleted), `series/` and `highlights/` holding files are moved aside too, unless the
    /// site's marker is one only a Bookplate that kept them wrote: they were taken out as
    /// Bookplate's, and a reader's file must never be deleted, while Bookplate's folder moved
    /// aside once is only a nuisance.
    private mutating func moveReadersEntriesAside() {
        var info = stat()
        var present = SiteWriter.ownNames.subtracting([SiteWriter.markerName]).sorted().filter {
            lstat(site + "/" + $0, &info) == 0
        }
        guard !present.isEmpty else { return }
        var readers: [String] = []
        let marker = FileManager.default.contents(atPath: site + "/" + SiteWriter.markerName).map {
            String(decoding: $0, as: UTF8.self)
        }
        if present.contains(ExtraPage.folder), marker == SiteWriter.markerContentsBeforePages {
            readers.append(ExtraPage.folder)
            present.removeAll { $0 == ExtraPage.folder }
        }
        let leftToTheReader: [String]
        if case .state(let state) = loaded {
            leftToTheReader = state.leftToTheReader(among: present)
        } else if let recorded = store.leftToTheReader(site: site, among: present) {
            leftToTheReader = recorded
        } else {
            leftToTheReader =
                marker == SiteWriter.markerContents ? [] : present.filter(SiteWriter.ownNamesSince562db65.contains)
        }
        readers += leftToTheReader.filter { BuildRun.holdsAFile(site + "/" + $0) }
        for name in readers.sorted() { moveAside(name) }
    }

    /// Whether `path` is a file (or a link), or a folder with one somewhere below it.
    private static func holdsAFile(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return true }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return entries.contains { holdsAFile(path + "/" + $0) }
    }

    /// Renames the reader's `name` at the top of the site to the first free one of `name-yours`,
    /// `name-yours-2`… (before the extension of a file's: `feed-yours.xml`), and says so.
    private mutating func moveAside(_ name: String) {
        var info = stat()
        let isFolder = lstat(site + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        let dot = isFolder ? nil : name.dropFirst().lastIndex(of: ".")
        let (stem, suffix) = dot.map { (String(name[..<$0]), String(name[$0...])) } ?? (name, "")
        var aside = stem + "-yours" + suffix
        var number = 1
        while lstat(site + "/" + aside, &info) == 0 {
            number += 1
            aside = stem + "-yours-\(number)" + suffix
        }
        guard rename(site + "/" + name, site + "/" + aside) == 0 else { return }
        let why =
            name == ExtraPage.folder
            ? "pages/ is where your pages of content/pages/ are published"
            : isFolder
                ? "\(name)/ is Bookplate's now, where its build writes pages of its own"
                : "\(name) is Bookplate's now, which its build writes"
        events.append(
            "moved \(paths.site.appendingPathComponent(name).relativePathForDisplay) to "
                + "\(paths.site.appendingPathComponent(aside).relativePathForDisplay): \(why)")
    }

    /// Takes out of Bookplate's folders in the site whatever the last build did not leave there,
    /// as a full build would (see ``SiteFolders``), and says so; and takes every file below a
    /// folder that is a symbolic link for damaged, so that the site is made anew with a real
    /// folder there. (A folder moved away and linked back was called up to date, its files read
    /// through the link, and the next build that wrote a few files dropped it from the site:
    /// found by an exploratory session.)
    private mutating func lookAtFolders(_ previous: BuildState, files: [String], in directory: Int32) {
        let folders = SiteFolders.folders(of: files)
        let look = SiteFolders.look(at: Array(folders), in: directory, since: previous.savedAt)
        if !look.linked.isEmpty {
            let linked = Set(look.linked)
            damaged.formUnion(files.filter { !SiteFolders.folders(of: [$0]).isDisjoint(with: linked) })
        }
        var held: [String: [String]] = [:]
        let removed = SiteFolders.removeStrays(
            listing: look.changed, keeping: previous.files, folders: folders, in: site, held: &held)
        removedCount += removed.count
        removedStrays = removed.map { ($0, held[$0] ?? []) }
    }

    /// The line for what ``lookAtFolders(_:files:in:)`` took out that this build did not write
    /// again: site/ kept in git on two machines brought the pages another machine's build wrote,
    /// which were blamed on the reader (found by an exploratory session). Whatever this build
    /// writes at the same place is Bookplate's, and not said.
    private var removedStraysLine: [String] {
        let written = (kind == .upToDate ? previous?.files : files) ?? [:]
        let readers = removedStrays.filter { $0.files.isEmpty || $0.files.contains { written[$0] == nil } }
        guard let first = readers.first?.path else { return [] }
        let more = readers.count > 1 ? " and \(readers.count - 1) more" : ""
        return [
            "removed \(paths.site.appendingPathComponent(first).relativePathForDisplay)\(more): Bookplate's folders "
                + "in the site hold only what it writes (keep your own files at the top of the site)"
        ]
    }

    /// An up-to-date site whose notes or sources were stamped within the racy window last time
    /// (and so were read again just now to be compared): their calm stamps are saved, so that
    /// the next build need not read them again.
    private func keepCalmStamps(_ previous: BuildState) {
        let sources = self.sources
        guard
            previous.notes.contains(where: { $0.value.stamp != noteStamps[$0.key] })
                || previous.sources != sources
        else { return }
        var state = previous
        for (slug, stamp) in noteStamps { state.notes[slug]?.stamp = stamp }
        state.sources = sources
        // Not saved, they are only read again next time.
        try? store.save(state, replacing: previous)
    }

    private mutating func loadLibrary() throws {
        noteReading = try startReadingNotes()
        if kind == .notesOnly {
            changedBooks = try builder.library.books(slugs: changedNotes)
        } else {
            try loadSnapshot()
        }
    }

    /// The whole library, for a build that plans the whole site.
    private mutating func loadSnapshot() throws {
        let snapshot = try snapshotLoading?.value() ?? builder.library.snapshot()
        snapshotLoading = nil
        self.snapshot = snapshot
        bookCount = snapshot.books.count
        authorCount = snapshot.authors.count
    }

    /// Begins fingerprinting every note, on a thread of its own: a note whose file is as the last
    /// build read it, with the same options, keeps the fingerprint it had; the others are read.
    private func startReadingNotes() throws -> Background<SiteNotes> {
        let renderer = builder.noteRenderer(settings)
        var notes = SiteNotes(
            store: NoteStore(folder: paths.notes), renderer: renderer,
            importedHashes: renderer.allowsRawHTML ? try builder.library.importedNoteHashes() : [:])
        notes.beforeReading = builder.beforeReadingNote
        // Where raw HTML is allowed, how a note is rendered hangs on the library too (an imported
        // note is rendered safely until the reader edits it): only a build of notes alone, which
        // finds the library unchanged, keeps those fingerprints.
        let keeps = previous?.noteOptions == renderer.optionsTag && (kind == .notesOnly || !renderer.allowsRawHTML)
        let changed = Set(changedNotes)
        var unread: [String] = []
        notes.fingerprints.reserveCapacity(noteStamps.count)
        for slug in noteStamps.keys {
            if keeps, !changed.contains(slug), let kept = previous?.notes[slug], let fingerprint = kept.fingerprint {
                notes.fingerprints[slug] = fingerprint
                if kept.links { notes.linking.insert(slug) }
            } else {
                unread.append(slug)
            }
        }
        // On one thread: the library loads on the other core meanwhile.
        return Background { [notes, unread] in
            var all = notes
            for slug in unread {
                let (fingerprint, links) = try notes.readFingerprint(ofSlug: slug)
                all.fingerprints[slug] = fingerprint
                if links { all.linking.insert(slug) }
            }
            return all
        }
    }

    /// The notes' fingerprints, once read, and the notes whose book is not on the shelf.
    private mutating func readNotes() throws {
        guard let noteReading else { return }
        notes = try noteReading.value()
        self.noteReading = nil
        if kind == .notesOnly {
            // The notes that did not change are as they were: orphans still, or not.
            let books = Set(changedBooks.map(\.book.slug))
            let changed = Set(changedNotes)
            orphanNotes =
                ((previous?.orphanNotes ?? []).filter { !changed.contains($0) }
                + changedNotes.filter { noteStamps[$0] != nil && !books.contains($0) }).sorted()
            // Nothing but notes changed: what the last build warned of still holds.
            warnings = previous?.warnings ?? []
            // Touched, or saved unchanged: "No page shows the notes that changed" said they had
            // (found by an exploratory session).
            notesReadAsBefore = changedNotes.allSatisfy { slug in
                notes?.fingerprints[slug] != nil && notes?.fingerprints[slug] == previous?.notes[slug]?.fingerprint
            }
        } else {
            findOrphanNotes()
        }
    }

    /// The notes whose book is not in the library's snapshot.
    private mutating func findOrphanNotes() {
        guard let snapshot else { return }
        let books = Set(snapshot.books.map(\.book.slug))
        orphanNotes = noteStamps.keys.filter { !books.contains($0) }.sorted()
    }

    private mutating func loadTemplates() throws {
        let theme = try Theme.load(overrides: paths.templates, requireFolder: builder.requiresTemplatesFolder)
        self.theme = theme
        let templates = try TemplateSet(theme: theme, language: settings.language, baseURL: settings.baseURL)
        self.templates = templates
        // A build of notes alone keeps the last build's warnings, these among them.
        if kind != .notesOnly { warnings += templateWarnings() }
    }

    /// What is wrong with the theme and its words.
    private func templateWarnings() -> [String] {
        guard let theme, let templates else { return [] }
        var warnings = theme.warnings + templates.warnings
        if !templates.words.isTranslated {
            warnings.append(
                "no translation for language '\(settings.language)': the site's words are in English, "
                    + "and its pages say lang=\"en\" (templates/translations/\(settings.language).yaml can give them)"
            )
        }
        return warnings
    }

    private mutating func planPages() throws {
        guard let theme, let templates, let notes else { return }
        if let snapshot {
            outputs = try builder.sitePlan(
                snapshot: snapshot, settings: settings, notes: notes, coverFiles: coverFiles,
                photoFiles: photoFiles, extraPages: extraPages, theme: theme, templates: templates,
                warnings: &warnings)
            warnings +=
                extraPages.warnings
                + BuildRun.windowsDeviceNamesLine(
                    outputs.lazy.map(\.path), in: paths.site.relativePathForDisplay)
            self.snapshot = nil
        } else {
            // Where a link by name leads is known from the whole library, which is as the last
            // build found it: its names are read, and the pages of the notes that changed made with
            // them, as a build of the whole site makes them. (Such a build was made a build of the
            // whole site, which planned every page: 4.6 s of CPU at 50,000 books, against 0.8 s.)
            var links = WikiLinkTargets.none
            if changedBooks.contains(where: { notes.linking.contains($0.book.slug) || $0.highlightsLinkByName }) {
                let snapshot = try snapshotLoading?.value() ?? builder.library.snapshot()
                snapshotLoading = nil
                links = WikiLinkTargets(
                    snapshot: snapshot, series: SeriesList.all(in: snapshot).map(\.series),
                    shelves: PageModelFactory.shelves(of: snapshot), pages: extraPages.pages)
            }
            var coverWarnings: [String] = []
            outputs = try builder.bookPages(
                changedBooks, notes: notes, links: links, settings: settings, coverFiles: coverFiles,
                extraPages: extraPages, theme: theme, templates: templates, warnings: &coverWarnings)
            // A cover not made as the last build made it (its thumbnails gone from the cache and
            // libvips not loaded) left its page alone without it, without a word, while the other
            // pages kept it, and the site was not what a full build made (found by a review): the
            // build is then one of the whole site, as a full build would be.
            if outputs.leavesOutCovers || coverWarnings.contains(where: { !warnings.contains($0) }) {
                try widenToTheWholeSite()
                return
            }
        }
        coversLeftOut = outputs.leavesOutCovers
    }

    /// Makes this build of notes alone one of the whole site, from the notes it read: the
    /// library is as the last build found it.
    private mutating func widenToTheWholeSite() throws {
        kind = .partial
        try loadSnapshot()
        findOrphanNotes()
        warnings = templateWarnings()
        try planPages()
    }

    /// Writes the files that changed, or the whole site.
    private mutating func writeFiles() throws {
        // The plan (and through it the snapshot) is let go once written: the state is saved and
        // the report made without them.
        defer { outputs = SitePlan() }
        do {
            try write()
            markVanishedNotes()
            keepUnknownNames()
        } catch let error as BuildError {
            throw error
        } catch {
            // After `sudo bookplate build`, the next build failed naming a working folder's file
            // ("No such file or directory"), not the files in its way (found by an exploratory
            // session).
            let shown = paths.site.relativePathForDisplay
            // Not when the disk is full, or read-only: a file of someone else's in the site (one the
            // reader keeps there) was blamed for those (found by a review).
            let notOwnership = [ENOSPC, EDQUOT, EROFS].map { String(cString: strerror($0)) }
            let blamesOwnership = !notOwnership.contains { "\(error)".hasSuffix($0) }
            let underlying =
                blamesOwnership && writer.holdsAnothersFiles() ? SiteError.ownedByAnother(path: shown) : error
            throw BuildError(step: .writeFiles, path: shown, underlying: underlying)
        }
    }

    private mutating func write() throws {
        switch try rewrite() {
        case .nothing:
            files = previous?.files ?? [:]
        case .files(let changed, let removed):
            files = previous?.files ?? [:]
            let one = changed.count == 1 && removed.isEmpty
            // Put into a copy of the site made of links, every file is stamped again below and
            // its row saved anew: the last build's rows are let go rather than held beside them.
            if !one { previous = nil }
            notesRendered = changed.count { rendersNote($0.path) }
            let made = try writer.update(changed: changed, removed: removed) { files[$0] != nil }
            for (output, file) in zip(changed, made) { files[output.path] = file }
            for path in removed { files[path] = nil }
            // Renaming a file into place, or linking it into a copy of the site, moves its change
            // time: the files are stamped again where they now are (one renamed page, or all).
            let moved = one ? changed.map(\.path) : Array(files.keys)
            restamp(moved)
        case .wholeSite:
            // No last build, or most files changed: a whole new site is made and swapped in
            // (`written` counts the changed ones), and its state saved whole: the last build's
            // rows are let go first, as a first build never holds them.
            self.previous = nil
            notesRendered = outputs.count { rendersNote($0.path) }
            try stageAll()
        }
    }

    /// The pages rendered now replace what they named and did not have; those the site no longer
    /// has take theirs away.
    private mutating func keepUnknownNames() {
        unknownNames = unknownNames.filter { files[$0.key] != nil }
        for (page, names) in templates?.unknownNames.all ?? [:] { unknownNames[page] = names.isEmpty ? nil : names }
    }

    /// A line for each tag that names nothing its pages have, saying on which pages: a build
    /// that finds nothing changed says them again, as the other warnings.
    private func unknownNameLines() -> [String] {
        let pages = BuildState.inverted(unknownNames)
        return pages.keys.sorted().map { tag in
            let on = pages[tag] ?? []
            let others = on.count > 1 ? " and \(on.count - 1) other page\(on.count == 2 ? "" : "s")" : ""
            if TemplateSet.isPartialIncludingItself(placed: tag) {
                return "\(tag) names a template that would include itself without end there, and shows nothing "
                    + "(\(on.first ?? "")\(others)): a partial the data names must not include the template that "
                    + "names it"
            }
            if TemplateSet.isMisfit(placed: tag) {
                return "\(tag), and shows nothing (\(on.first ?? "")\(others)): templates/README.md lists each "
                    + "page's names and what they hold"
            }
            return "\(tag) names nothing its page has, and shows nothing (\(on.first ?? "")\(others)): check its "
                + "spelling (templates/README.md lists each page's names)"
        }
    }

    /// The notes gone as their pages were made: each page, made without its note, is saved with
    /// a stamp no file has, and the note too, so that the next build (``SiteBuilder/build(_:)``
    /// starts one at once) finds both changed and makes the page as the note is then.
    private mutating func markVanishedNotes() {
        guard let vanished = notes?.vanished.all, !vanished.isEmpty else { return }
        notesVanished = true
        for slug in vanished {
            if files[PageModelFactory.bookURL(slug)] != nil { pagesMadeWithoutTheirNotes += 1 }
            files[PageModelFactory.bookURL(slug)]?.stamp = .gone
            noteStamps[slug] = .gone
        }
    }

    /// What a rebuild writes.
    private enum Rewrite {
        case nothing
        /// Just these files made again, and these removed, in the site as it is.
        case files(changed: [PlannedOutput], removed: [String])
        /// A whole new site: what changed was not kept (67,000 planned pages at 50,000 books).
        case wholeSite
    }

    /// Every file's fingerprint first (each page's model made and dropped), then only the changed
    /// and damaged ones are to be made again; counts them as written and repaired. Without a last
    /// build to compare with, every file is written.
    private mutating func rewrite() throws -> Rewrite {
        guard let previous else {
            try? store.markUnfinished(site: site)
            written = outputs.count
            return .wholeSite
        }
        let fingerprints = try fingerprints(of: outputs)
        // A cover or photo replaced within the same tick of the clock keeps its stamp, so its
        // fingerprint: it is written anyway.
        let replacedImages = changedSources.filter { $0.hasPrefix("covers/") || $0.hasPrefix("photos/") }.map { path in
            String(path.prefix(upTo: path.lastIndex(of: ".") ?? path.endIndex)) + "."
        }
        // Positions, not pages, until it is known that just a few are to be made: when most
        // changed, 67,000 pages, their paths and a set of them were held at once for nothing.
        let changedPositions = outputs.indices.filter { position in
            let path = outputs[position].path
            return damaged.contains(path) || previous.files[path]?.fingerprint != fingerprints[position]
                || replacedImages.contains { path.hasPrefix($0) }
        }
        repaired = damaged.isEmpty ? 0 : changedPositions.count { damaged.contains(outputs[$0].path) }
        written = changedPositions.count
        let few = changedPositions.count * 2 < outputs.count || kind == .notesOnly
        var removed: [String] = []
        if few, kind != .notesOnly {
            let planned = Set(outputs.map(\.path))
            removed = previous.files.keys.filter { !planned.contains($0) }.sorted()
            removedCount += removed.count
        } else if kind != .notesOnly {
            // Counted without a set of 67,000 paths: every planned file the last site had, and
            // the rest of that site's are gone.
            removedCount += previous.files.count - outputs.count { previous.files[$0.path] != nil }
        }
        guard !changedPositions.isEmpty || !removed.isEmpty else { return .nothing }
        try? store.markUnfinished(site: site)
        guard few else { return .wholeSite }
        let changed = changedPositions.map { outputs[$0] }
        guard writer.linkedFolders(above: changed.map(\.path) + removed).isEmpty else { return .wholeSite }
        return .files(changed: changed, removed: removed)
    }

    /// The one line a build says of files and folders of the site named as Windows keeps names
    /// for devices (`books/con/`, from a slug stored before new slugs avoided them: a published
    /// address, which stays), if any: Windows, a FAT or exFAT stick and git there cannot hold them,
    /// and a copy of the site loses their pages without a word (found by an exploratory session).
    static func windowsDeviceNamesLine(_ paths: some Sequence<String>, in site: String) -> [String] {
        var named = Set<String>()
        for path in paths {
            var folder = ""
            for part in path.split(separator: "/") {
                folder += (folder.isEmpty ? "" : "/") + part
                if Slug.isWindowsDeviceName(String(part)) {
                    named.insert(folder)
                    break
                }
            }
        }
        guard !named.isEmpty else { return [] }
        let sorted = named.sorted().map { site + "/" + $0 }
        return [
            "\(sorted.listed(showing: 3)) cannot be copied to Windows, a FAT or exFAT drive or a git checkout there "
                + "(Windows keeps \(sorted.count == 1 ? "the name" : "these names") for devices): such a copy "
                + "of the site lacks \(sorted.count == 1 ? "it" : "them")"
        ]
    }

    /// Whether the file at `path` is a book's page with a note, which making it renders.
    private func rendersNote(_ path: String) -> Bool {
        guard path.hasPrefix("books/"), path.hasSuffix("/index.html") else { return false }
        let slug = path.dropFirst("books/".count).dropLast("/index.html".count)
        return notes?.fingerprints[String(slug)] != nil
    }

    /// Every file's fingerprint, on every core.
    private func fingerprints(of plan: SitePlan) throws -> [Fingerprint] {
        try Parallel.map(Array(plan.indices)) { index in Result { try plan[index].fingerprint() } }.map { try $0.get() }
    }

    /// Writes the whole plan as a new site, which takes the old one's place while the state is
    /// made and saved.
    private mutating func stageAll() throws {
        let staged = try writer.stageAll(outputs)
        keepAll(staged.written)
        guard writer.writesInside else {
            siteSwap = staged.swap
            return
        }
        // Inside the output folder its top-level files are renamed into place, which moves their
        // change time: stamped as they were written, the next build found them changed and wrote
        // them again. Stamped again once there.
        try staged.swap.value()
        restamp(files.keys.filter { !$0.contains("/") })
    }

    /// Keeps the files of a whole new site, `made` in the plan's order, as the state's. The plan
    /// (and through it the snapshot) is let go first: the state's 67,000 rows at 50,000 books
    /// are made once the books are no longer held.
    private mutating func keepAll(_ made: [BuildState.Output]) {
        let paths = outputs.map(\.path)
        outputs = SitePlan()
        files = [:]
        files.reserveCapacity(paths.count)
        for (path, file) in zip(paths, made) where files[path] == nil { files[path] = file }
    }

    /// Stamps `paths` as they are now in the site, keeping what the build knows of their contents.
    private mutating func restamp(_ paths: [String]) {
        let site = site
        let stamps = Parallel.map(paths) { path in
            FileStamps.stamp(ofFileAt: site + "/" + path, stampedAt: .max)
        }
        // A file gone by now (the site deleted while the build ran) stays in the state with a
        // stamp no file has, so the next build finds it missing and makes it again: dropped from
        // the state, it was never made again, and `build` called the site up to date without it
        // (found by an exploratory session).
        for (path, stamp) in zip(paths, stamps) { files[path]?.stamp = stamp ?? .gone }
    }

    /// The notes of no book this build reports: the last build's, when the site was up to date.
    private var reportedOrphanNotes: [String] {
        kind == .upToDate ? previous?.orphanNotes ?? [] : orphanNotes
    }

    /// The name each of `orphans` should have where its name makes the slug of a book on the shelf
    /// (`Dune.md` is `dune.md`), by its path to show. `Dune.md` was told to be renamed "to a
    /// book's slug", unnamed, where `Dune.MD` was told its name (found by an exploratory session).
    private func names(ofOrphanNotes orphans: [String]) -> [String: String] {
        let slugs = Dictionary(orphans.map { (Slug.make(from: $0), $0) }) { first, _ in first }
            .filter { $0.key != $0.value }
        guard !slugs.isEmpty, let books = try? builder.library.books(slugs: Array(slugs.keys)) else { return [:] }
        var names: [String: String] = [:]
        for book in books.map(\.book.slug) {
            guard let orphan = slugs[book] else { continue }
            names[paths.notes.appendingPathComponent("\(orphan).md").relativePathForDisplay] = book + ".md"
        }
        return names
    }

    /// The notes of `orphans` that belong to no book still, as the build ends. A `remove` commits
    /// the book's removal, then sets its note aside, and a `restore` brings the note back, then
    /// the book: a build in between was told to rename the book's own note or move it away,
    /// which, during a restore, would part the note from its book (found by an exploratory
    /// session). A note whose book one of them is moving (``RemovalUnderWay``), is on the shelf
    /// again, or whose file is gone, is left out of the report (the state keeps what was read).
    private func stillOrphans(_ orphans: [String]) -> [String] {
        guard !orphans.isEmpty else { return [] }
        let moving = RemovalUnderWay.slugBeingMoved(in: builder.stateFolder)
        let onShelf = Set(((try? builder.library.books(slugs: orphans)) ?? []).map(\.book.slug))
        return orphans.filter { slug in
            slug != moving && !onShelf.contains(slug)
                && FileManager.default.fileExists(atPath: paths.notes.appendingPathComponent("\(slug).md").path)
        }
    }

    /// Whether an import is writing its notes as this build runs (``ImportUnderWay``): the notes
    /// of no book, `orphans` (those still of no book as the build ends), are then, most likely,
    /// the import's, their books not yet in the library, and are one line
    /// (``importUnderWayLine(_:)``) in place of a line each telling the reader to rename or move
    /// away what the import was writing. With none left (the one a restore was bringing back),
    /// there is no line: it said "0 notes … belong to no book yet" (found by an exploratory
    /// session).
    private func importUnderWay(_ orphans: [String]) -> Bool {
        !orphans.isEmpty && ImportUnderWay.isUnderWay(in: builder.stateFolder)
    }

    private func importUnderWayLine(_ count: Int) -> String {
        "\(count) note\(count == 1 ? "" : "s") in \(paths.notes.relativePathForDisplay) "
            + "\(count == 1 ? "belongs" : "belong") to no book yet: an import is under way; build again once it is done"
    }

    /// The links of the reader's pages and of their theme's style sheets to files the site lacks,
    /// found at every build, up to date or not: kept with the last build's warnings, one stayed
    /// after the reader put the file in place.
    private func missingLinks() -> [String] {
        let made = (kind == .upToDate ? previous?.files : files) ?? [:]
        let site = self.site
        let sitePath = (builder.baseURLOverride ?? settings.baseURL)?.path(percentEncoded: false) ?? "/"
        let exists = { FileManager.default.fileExists(atPath: site + "/" + $0) }
        let byTheBuild = { (wanted: Set<String>) in wanted.filter { made[$0] != nil } }
        return extraPages.missingLinks(
            renderer: builder.noteRenderer(settings), pagesFolder: paths.pages,
            site: paths.site.relativePathForDisplay, sitePath: sitePath, exists: exists, made: byTheBuild)
            + StyleSheetLinks.missing(
                templates: paths.templates, site: paths.site.relativePathForDisplay, sitePath: sitePath,
                exists: exists, made: byTheBuild)
    }

    /// Saves what the build read and wrote. A new site still taking the old one's place is waited
    /// for before the state is committed: the state never describes a site that is not there.
    private mutating func saveState() throws {
        var noteEntries: [String: BuildState.Note] = [:]
        noteEntries.reserveCapacity(noteStamps.count)
        for (slug, stamp) in noteStamps {
            noteEntries[slug] = BuildState.Note(
                stamp: stamp, fingerprint: notes?.fingerprints[slug], links: notes?.linking.contains(slug) ?? false)
        }
        // The next build looks for files put in the site since this moment by the folders' change
        // times, which the file system's clock sets: taken from this process's clock running
        // ahead of it (a network share's server behind, a clock set back), files put there in
        // between were never found (found by an exploratory session). The earlier of the two.
        let savedAt = min(builder.now(), writer.fileSystemNow() ?? .max)
        // A site made without covers because libvips could not start is saved as made of other
        // inputs than any build's: the next build makes what this one left out. Saved as up to
        // date, it was kept without covers, and its warning said again, until `build --full`.
        let state = BuildState(
            site: site, library: library, inputs: coversLeftOut ? inputs + " without covers" : inputs,
            noteOptions: builder.noteRenderer(settings).optionsTag, savedAt: savedAt, notes: noteEntries,
            sources: sources, files: files, warnings: warnings, orphanNotes: orphanNotes, unknownNames: unknownNames)
        var siteInPlace = siteSwap == nil
        var unsaved: (any Error)?
        do {
            try store.save(state, replacing: previous) {
                try siteSwap?.value()
                siteInPlace = true
            }
        } catch {
            unsaved = error
        }
        if !siteInPlace, let siteSwap {
            do {
                try siteSwap.value()
            } catch {
                throw BuildError(step: .writeFiles, path: paths.site.relativePathForDisplay, underlying: error)
            }
        }
        // A state that cannot be saved costs the next build its shortcut: said, as each build was
        // then made in full without a word (found by a review).
        if let unsaved {
            events.append(
                "the build state could not be saved in \(store.url.relativePathForDisplay) "
                    + "(\(BuildStateStore.describe(unsaved))): the next build makes the whole site again")
        }
        BuildRun.removeEarlierStates(in: builder.stateFolder)
    }

    /// The text files in which earlier Bookplates kept the state.
    private static func removeEarlierStates(in folder: URL) {
        for name in ["build-state.txt", "build-state.json", "build-state.changing.json"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    func report() -> BuildReport {
        let kind = kind ?? .full(fullReason ?? .noState)
        // A build that did not load the library counts its books and authors all the same: they
        // were null in `build --json` whenever nothing had changed (found by an exploratory session).
        let counts = bookCount == nil || authorCount == nil ? try? builder.library.counts() : nil
        let bookCount = self.bookCount ?? counts?.books
        let authorCount = self.authorCount ?? counts?.authors
        let fileCount = kind == .upToDate ? (previous?.files.count ?? 0) : files.count
        let pageCount = (kind == .upToDate ? previous?.files : files)?.keys.filter { $0.hasSuffix(".html") }.count ?? 0
        let orphans = stillOrphans(reportedOrphanNotes)
        let underWay = importUnderWay(orphans)
        return BuildReport(
            kind: kind, pageCount: pageCount, bookCount: bookCount,
            authorCount: authorCount, fileCount: fileCount, filesWritten: written, filesRemoved: removedCount,
            filesRepaired: repaired, notesRendered: notesRendered,
            orphanNotes: (underWay ? [] : orphans).map {
                paths.notes.appendingPathComponent("\($0).md").relativePathForDisplay
            },
            orphanNoteNames: underWay ? [:] : names(ofOrphanNotes: orphans),
            oversizedNotes: oversizedNotes.map {
                paths.notes.appendingPathComponent("\($0).md").relativePathForDisplay
            },
            warnings: events + removedStraysLine + (kind == .upToDate ? previous?.warnings ?? [] : warnings)
                + unknownNameLines() + misnamedNotes
                + conflictCopies + notesAndPagesNoFiles + missingLinks()
                + (underWay ? [importUnderWayLine(orphans.count)] : [])
                + writer.leftoversThatStayed() + writer.groupsNotKeptLine(),
            duration: ContinuousClock.now - started, baseURL: settings.baseURL,
            notesReadAsBefore: kind == .notesOnly && notesReadAsBefore)
    }
}
