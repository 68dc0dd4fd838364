import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary

/// What an exploratory session found could lose a reader's data or mislead them, each as it was
/// reproduced (26 November 2026), run through the built binary.
@Suite struct NothingLostTests {
    func newShelf() throws -> (CommandRunner, URL) {
        let root = try TestPaths.newShelf("lost")
        return (CommandRunner(folder: root), root)
    }

    /// `export --output ../other/content/library.sqlite` replaced the library of a shelf beside
    /// this one with JSON, and a library kept outside any shelf fared the same (found by an
    /// exploratory session): another shelf's files are refused as this one's are, and so is any
    /// SQLite database.
    @Test func anExportNeverLandsOnAnotherShelfOrALibrary() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        let other = try TestPaths.newShelf("lost-other")
        try await CommandRunner(folder: other).run("add", "--title", "Emma", "--author", "Jane Austen")
        let otherLibrary = other.appendingPathComponent("content/library.sqlite")
        let kept = root.appendingPathComponent("kept.sqlite")
        try FileManager.default.copyItem(at: otherLibrary, to: kept)
        let before = try Data(contentsOf: otherLibrary)
        let target = otherLibrary.path
        let refused = try await bookplate.run("export", "--format", "json", "--output", target)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("is the shelf's own"), "\(refused.stderr)")
        #expect(try Data(contentsOf: otherLibrary) == before)
        let database = try await bookplate.run("export", "--format", "csv", "--output", "kept.sqlite")
        #expect(
            database.status == 1
                && database.stderr
                    == "Error: kept.sqlite is an SQLite database, perhaps a library: export to another file\n",
            "\(database.stderr)")
        #expect(try Data(contentsOf: kept) == before)
        #expect(try await CommandRunner(folder: other).run("list").stdout.contains("Emma"))
    }

    /// A file that is not there yet, in another shelf's `content/` reached through a link to one
    /// of its folders, was written: `export --output linked/dune.md` gave that shelf a note of
    /// JSON, published (found by a review). The folder is looked at where it really is.
    @Test func anExportThroughALinkNeverLandsInAnotherShelf() async throws {
        let (bookplate, root) = try newShelf()
        let other = try TestPaths.newShelf("lost-linked")
        try await CommandRunner(folder: other).run("add", "--title", "Dune", "--author", "Frank Herbert")
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("linked"),
            withDestinationURL: other.appendingPathComponent("content/notes"))
        let refused = try await bookplate.run("export", "--output", "linked/dune.md")
        #expect(refused.status == 1 && refused.stderr.contains("is the shelf's own"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other.appendingPathComponent("content/notes/dune.md").path))
    }

    /// `export --output` wrote over whatever it was given: the library itself, `site.yaml`, a note.
    @Test func anExportNeverLandsOnTheShelfsOwnFiles() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        let library = try Data(contentsOf: root.appendingPathComponent("content/library.sqlite"))
        let settings = try Data(contentsOf: root.appendingPathComponent("content/site.yaml"))
        for (format, target) in [
            ("json", "content/library.sqlite"), ("csv", "content/site.yaml"), ("json", "content/notes/kindred.md"),
            ("json", "templates/x.json"), ("csv", "site/export.csv"),
        ] {
            let refused = try await bookplate.run("export", "--format", format, "--output", target)
            #expect(refused.status == 1, "\(target): \(refused.stderr)")
            #expect(
                refused.stderr
                    == "Error: \(target) is the shelf's own: export to a file outside content/, templates/ and site/\n")
        }
        #expect(try Data(contentsOf: root.appendingPathComponent("content/library.sqlite")) == library)
        #expect(try Data(contentsOf: root.appendingPathComponent("content/site.yaml")) == settings)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("content/notes/kindred.md").path))
        #expect(try await bookplate.run("list").stdout.contains("Kindred"))

        // A missing folder is one line and exit 1, not a usage error; a folder is named as one.
        let missing = try await bookplate.run("export", "--format", "csv", "--output", "nowhere/x.csv")
        #expect(
            missing.status == 1
                && missing.stderr == "Error: there is no folder nowhere: make it first, or export elsewhere\n")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("exports"), withIntermediateDirectories: true)
        let folder = try await bookplate.run("export", "--output", "exports")
        #expect(folder.status == 1 && folder.stderr.hasPrefix("Error: exports is a folder"))

        // Last week's export is replaced, as before.
        for _ in 0..<2 {
            let written = try await bookplate.run("export", "--output", "exports/library.json")
            #expect(written.status == 0, "\(written.stderr)")
        }
        #expect(
            try String(contentsOf: root.appendingPathComponent("exports/library.json"), encoding: .utf8).contains(
                "Kindred"))
    }

    /// `export --output` replaced whatever was at the path with a file of its own: a link to last
    /// week's backup became a file (the backup left as it was), a named pipe a file nobody read,
    /// and, run as root, `/dev/stdout` a file (found by an exploratory session).
    @Test func anExportWritesThroughALinkAndIntoAPipe() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        let backups = root.appendingPathComponent("backups")
        try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: backups.appendingPathComponent("real.json"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("latest.json").path, withDestinationPath: "backups/real.json")
        let linked = try await bookplate.run("export", "--output", "latest.json")
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: root.path + "/latest.json") == "backups/real.json"
        )
        #expect(
            try String(contentsOf: backups.appendingPathComponent("real.json"), encoding: .utf8).contains("Kindred"))

        // A named pipe is written into, and read from at its other end.
        let pipe = root.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        // Read by another process, as a shell's pipe is: the export waits for its reader.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat pipe > piped.csv"]
        reader.currentDirectoryURL = root
        try reader.run()
        let piped = try await bookplate.run("export", "--format", "csv", "--output", "pipe")
        reader.waitUntilExit()
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(try String(contentsOf: root.appendingPathComponent("piped.csv"), encoding: .utf8).contains("Kindred"))
        var info = stat()
        #expect(lstat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)

        // Standard output sent to a file: what `>>` keeps stays, the export after it (it was the
        // file, replaced whole: found by a review).
        let appended = try CommandRunner(
            folder: root, launcher: ["/bin/sh", "-c", #"echo old > log.txt; exec "$0" "$@" >> log.txt"#]
        ).run(["export", "--format", "csv", "--output", "/dev/stdout"])
        #expect(appended.status == 0, "\(appended.stderr)")
        let log = try String(contentsOf: root.appendingPathComponent("log.txt"), encoding: .utf8)
        #expect(log.hasPrefix("old\nBook Id,") && log.contains("Kindred"), "\(log)")

        // A link that names nothing is said, not replaced.
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("dangling.json").path, withDestinationPath: "nowhere/x.json")
        let dangling = try await bookplate.run("export", "--output", "dangling.json")
        #expect(dangling.status == 1)
        #expect(dangling.stderr == "Error: could not write dangling.json: it is a link to nothing\n")
    }

    /// Covers and photos are files beside the library: an export imported into a fresh shelf came
    /// back without them, and neither command said so (found by an exploratory session).
    @Test func anExportSaysItHoldsNoImages() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        let plain = try await bookplate.run("export")
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        try Fixtures.data("covers/google-books-thumbnail-fledgling.jpg").write(
            to: root.appendingPathComponent("content/covers/kindred.jpg"))
        let exported = try await bookplate.run("export")
        #expect(exported.status == 0)
        #expect(
            exported.stderr
                == "note: the export holds the library and notes alone: copy content/covers/ (1 file) beside it to keep them\n"
        )
        #expect(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) is [String: Any])
    }

    /// The export's note named the covers, photos and pages but not `content/site.yaml`, so a
    /// move lost the shelf's goal, title and owner, nor the reader's own theme files, nor a
    /// removed book's cover, set aside in `content/covers/.removed/`, when it was the only one
    /// (found by an exploratory session). It names each, and a `site.yaml` left as `init` wrote
    /// it not at all.
    @Test func anExportNamesEveryFileOfTheShelfItDoesNotHold() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        try Fixtures.data("covers/google-books-thumbnail-fledgling.jpg").write(
            to: root.appendingPathComponent("content/covers/kindred.jpg"))
        try await bookplate.run("remove", "kindred", "--yes")
        let removedOnly = try await bookplate.run("export")
        #expect(removedOnly.status == 0)
        #expect(
            removedOnly.stderr
                == "note: the export holds the library and notes alone: copy content/covers/ (1 file, .removed/ included) beside it to keep them\n"
        )
        let settings = root.appendingPathComponent("content/site.yaml")
        try (try Data(contentsOf: settings) + Data("title: Ada reads\ngoal: 25\n".utf8)).write(to: settings)
        try Data("{{> header}}\n".utf8).write(to: root.appendingPathComponent("templates/book.mustache"))
        let everything = try await bookplate.run("export", "--format", "csv")
        #expect(everything.status == 0)
        #expect(
            everything.stderr.hasSuffix(
                "note: the export holds the library and notes alone: copy content/site.yaml, content/covers/ (1 file, "
                    + ".removed/ included) and templates/ (1 file) beside it to keep them\n"), "\(everything.stderr)")
    }

    /// `remove --purge dune` deleted, besides the Dune on the shelf, an older removed "Dune" by
    /// another author that `restore` could still have brought back, and `restore` could not tell
    /// two removed books of one slug apart.
    @Test func aPurgeTakesOnlyTheBookItNamesAndRemovedBooksAreToldApartByAuthor() async throws {
        let (bookplate, _) = try newShelf()
        try await bookplate.run(
            "add", "--title", "Dune", "--author", "Frank Herbert", "--status", "read", "--rating", "5")
        try await bookplate.run("quote", "add", "dune", "Fear is the mind-killer.")
        try await bookplate.run("remove", "dune", "--yes")
        try await bookplate.run("add", "--title", "Dune", "--author", "Brian Herbert")
        try await bookplate.run("remove", "dune", "--yes")
        let listed = try await bookplate.run("restore").stdout
        #expect(listed.contains("Frank Herbert") && listed.contains("Brian Herbert"), "\(listed)")
        // A name both fit is not guessed at: it says who wrote each.
        let both = try await bookplate.run("restore", "herbert")
        #expect(
            both.status == 1
                && both.stderr
                    == "Error: 'herbert' matches 2 removed books (dune by Brian Herbert; dune by Frank Herbert): give more of the title or an author's name\n"
        )

        let restored = try await bookplate.run("restore", "frank herbert")
        #expect(restored.status == 0 && restored.stdout.hasPrefix("Restored \"Dune\" (Frank Herbert) as dune"))
        let purged = try await bookplate.run("remove", "--purge", "--yes", "dune")
        #expect(purged.status == 0, "\(purged.stderr)")
        #expect(purged.stdout.contains("another removed book had this slug"), "\(purged.stdout)")
        // Brian Herbert's removed Dune is still there; Frank Herbert's, with its highlight, is gone for good.
        let left = try await bookplate.run("restore").stdout
        #expect(left.contains("Brian Herbert") && !left.contains("Frank Herbert"), "\(left)")
        let back = try await bookplate.run("restore", "dune")
        #expect(
            back.status == 0 && back.stdout.hasPrefix("Restored \"Dune\" (Brian Herbert) as dune"), "\(back.stdout)")
    }

    /// A title typed with a colour code (`$'\e[31mRed\e[0m'`) was kept with its escape bytes: the
    /// terminal hid them, but the slug read `31mred-title-0m`, the page showed `[31m`, and `show
    /// NewTitle` found nothing. Single-line fields are kept as the text they show.
    @Test func escapeSequencesTypedIntoTitlesAndNamesAreNotKept() throws {
        let shelf = try TemporaryShelf()
        let added = try shelf.library.addBook(
            NewBook(
                title: "\u{1B}[31mRed Title\u{1B}[0m", subtitle: "A\u{1B}[2Jb",
                authors: [NewAuthor(name: "\u{1B}]0;pwned\u{07}Evil")], shelves: ["\u{1B}[1mfavourites"]))
        #expect(added.book.slug == "red-title" && added.book.title == "Red Title" && added.book.subtitle == "Ab")
        #expect(added.authors.map(\.name) == ["Evil"] && added.shelves.map(\.name) == ["favourites"])
        let edited = try shelf.library.editBook(slug: "red-title", BookEdit(title: "New\u{1B}[2JTitle\u{7F}"))
        #expect(edited.book.title == "NewTitle")
        #expect(try shelf.library.findBook(matching: "NewTitle").book.slug == "red-title")
    }

    /// `add` took a title of 20,000 characters that an export and import then cut to 10,000: the
    /// reader's own backup did not give back what it saved. `add` and `edit` now refuse what an
    /// import would cut.
    @Test func addAndEditRefuseWhatAnImportWouldCut() async throws {
        let (bookplate, root) = try newShelf()
        let long = String(repeating: "L", count: Book.lineCharacterLimit + 1)
        let refused = try await bookplate.run("add", "--title", long, "--author", "Long")
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "Error: the title is 10001 characters long: at most 10000 are kept, as an import keeps them\n")
        try await bookplate.run("add", "--title", "Short", "--author", "Long")
        let edit = try await bookplate.run("edit", "short", "--author", long)
        #expect(edit.status == 1 && edit.stderr.hasPrefix("Error: the author's name is 10001 characters long"))
        let shelf = try TemporaryShelf()
        #expect(
            throws: LibraryError.tooLong(field: "series' name", characters: long.count, limit: Book.lineCharacterLimit)
        ) {
            try shelf.library.addBook(NewBook(title: "X", series: [SeriesPlace(name: long)]))
        }
        #expect(throws: LibraryError.tooLong(field: "language", characters: long.count, limit: Book.lineCharacterLimit))
        {
            try shelf.library.addBook(NewBook(title: "X", language: long))
        }
        let fitting = String(repeating: "F", count: Book.lineCharacterLimit)
        #expect(try await bookplate.run("edit", "short", "--title", fitting).status == 0)

        // What add and edit keep, an export gives back whole.
        try await bookplate.run("export", "--output", "backup.json")
        let fresh = try TestPaths.newShelf("lost")
        let imported = try await CommandRunner(folder: fresh).run(
            "import", "bookplate", root.appendingPathComponent("backup.json").path)
        #expect(imported.status == 0 && !imported.stderr.contains("cut"), "\(imported.stderr)")
    }

    /// Importing a shelf's own Goodreads export again ("importing again is safe") set each book's
    /// added time to midnight: the CSV gives a day, not a time. A day the library already has
    /// keeps its time; another day is taken.
    @Test func importingTheShelfsOwnCSVAgainKeepsWhenEachBookWasAdded() throws {
        let morning = Date(timeIntervalSince1970: 1_767_263_450)  // 2026-01-01T10:30:50Z
        let shelf = try TemporaryShelf(clock: .fixed(morning))
        try shelf.library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"]))
        let notes = NoteStore(folder: shelf.paths.notes)
        let csv = try LibraryExporter(library: shelf.library, notes: notes).goodreadsCSV()
        let file = try TestPaths.temporaryFolder("csv").appendingPathComponent("shelf.csv")
        try csv.write(to: file)
        _ = try ShelfImport(library: shelf.library, notes: notes).run(file: file, as: .goodreads)
        #expect(try shelf.library.findBook(matching: "kindred").book.addedAt == morning)

        let otherDay = String(decoding: csv, as: UTF8.self).replacingOccurrences(of: "2026/01/01", with: "2025/12/24")
        try Data(otherDay.utf8).write(to: file)
        _ = try ShelfImport(library: shelf.library, notes: notes).run(file: file, as: .goodreads)
        #expect(
            try shelf.library.findBook(matching: "kindred").book.addedAt == Date(timeIntervalSince1970: 1_766_534_400))
    }

    /// `build --output content/notes` (or `content/covers`) was taken: the site's pages landed
    /// among the notes, and the next build warned that `content/covers/index.html` is not an
    /// image. A site is never built inside `content/` or `templates/`.
    @Test func aSiteIsNeverBuiltInsideTheShelfsContentOrTemplates() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        try await bookplate.run("build")
        // Nor inside the shelf's own site: `site/sub` was built, then kept and published with it.
        for target in ["content/notes", "content/covers/site", "templates/x", "content", ".", "site/sub", "site/x/y"] {
            let refused = try await bookplate.run("build", "--output", target)
            #expect(refused.status == 1, "\(target)")
            #expect(refused.stderr.contains("will not build into") && refused.stderr.split(separator: "\n").count == 1)
        }
        let notes = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("content/notes").path)
        #expect(!notes.contains("index.html") && !notes.contains("books"))
        #expect(try await bookplate.run("build", "--output", "preview").status == 0)
        #expect(try await bookplate.run("build", "--output", "site").status == 0)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("site/sub").path))
    }

    /// An output folder that cannot be made printed Foundation's dump of an NSError ("Error
    /// Domain=NSCocoaErrorDomain Code=512 … UserInfo={…}"), and a folder where `site.yaml` goes
    /// built an English site with no word of it (found by an exploratory session). Each is one
    /// line saying what the system said.
    @Test func aSiteThatCannotBeWrittenOrSettingsThatCannotBeReadAreOneLine() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        try Data().write(to: root.appendingPathComponent("afile"))
        let unwritable = try await bookplate.run("build", "--output", "afile/site")
        #expect(unwritable.status == 1 && unwritable.stderr.split(separator: "\n").count == 1)
        #expect(unwritable.stderr.contains("could not write afile/site: Not a directory"), "\(unwritable.stderr)")
        let settings = root.appendingPathComponent("content/site.yaml")
        try FileManager.default.removeItem(at: settings)
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: false)
        let unreadable = try await bookplate.run("build")
        #expect(unreadable.status == 1 && unreadable.stderr.split(separator: "\n").count == 1)
        #expect(
            unreadable.stderr.contains("cannot read the settings content/site.yaml: Is a directory"),
            "\(unreadable.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("site").path))
    }

    /// A Kindle names a book's several authors in one text, `;` between them; `--add-missing`
    /// made them one author ("Brian M. Carney; Isaac Getz", with one author page). Each is now an
    /// author of their own, and importing again still finds the book.
    @Test func aBookAddedForHighlightsGetsEachOfItsAuthors() async throws {
        let (bookplate, _) = try newShelf()
        let clippings = TestPaths.fixtures.appendingPathComponent("highlights/kindle/french.txt").path
        try await bookplate.run("import", "kindle", clippings, "--add-missing")
        let again = try await bookplate.run("import", "kindle", clippings, "--add-missing")
        #expect(again.stdout.contains("0 new") && !again.stdout.contains("added"), "\(again.stdout)")
        let listed = try await bookplate.run("list", "--columns", "slug,authors").stdout
        #expect(listed.contains("freedom-inc\tBrian M. Carney, Isaac Getz\n"), "\(listed)")
    }

    /// The shelf's folders are told by what they are on disk: a link to `content/notes` and a new
    /// file behind it (the review of today's changes wrote the export over Kindred's note so), or
    /// the shelf reached through a link, are refused like the plain paths.
    @Test func aPathThroughALinkIsTheShelfsOwnToo() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        let manager = FileManager.default
        try manager.createSymbolicLink(
            at: root.appendingPathComponent("n"), withDestinationURL: root.appendingPathComponent("content/notes"))
        let elsewhere = try TestPaths.temporaryFolder("link")
        try manager.createSymbolicLink(at: elsewhere.appendingPathComponent("shelf"), withDestinationURL: root)
        for target in [
            "n/kindred.md", "./nothing/../content/new.json", elsewhere.path + "/shelf/content/library.sqlite",
        ] {
            let refused = try await bookplate.run("export", "--output", target)
            #expect(
                refused.status == 1 && refused.stderr.contains("is the shelf's own"), "\(target): \(refused.stderr)")
        }
        #expect(!manager.fileExists(atPath: root.appendingPathComponent("content/notes/kindred.md").path))
        let build = try await bookplate.run("build", "--output", "n/site")
        #expect(build.status == 1 && build.stderr.contains("will not build into n/site"))
    }

    /// A removed book asked for by `show`, `note` or `read` was "no book matches", with no word
    /// of `restore`; `remove --purge span` of a removed "span" was ambiguous with the books on
    /// the shelf whose titles hold "span". Found by an exploratory session.
    @Test func aRemovedBookIsNamedAsRemovedAndPurgedByItsSlug() async throws {
        let (bookplate, _) = try newShelf()
        try await bookplate.run("add", "--title", "Span", "--author", "A B")
        try await bookplate.run("remove", "--yes", "span")
        for command in [["show", "span"], ["note", "span"], ["read", "list", "span"]] {
            let result = try await bookplate.runOffPool(command)
            #expect(result.status == 1)
            #expect(
                result.stderr == "Error: 'span' was removed from the shelf: 'bookplate restore span' brings it back\n",
                "\(command): \(result.stderr)")
        }
        try await bookplate.run("add", "--title", "Span Wide", "--author", "C D")
        try await bookplate.run("add", "--title", "Span Deep", "--author", "E F")
        let purged = try await bookplate.run("remove", "--purge", "--yes", "span")
        #expect(purged.status == 0 && purged.stdout.hasPrefix("Purged \"Span\" (span)"), "\(purged.stderr)")
        #expect(try await bookplate.run("list", "--columns", "slug").stdout == "span-deep\nspan-wide\n")
        // Two removed copies of one slug: the latest comes back, and the other is said to be there.
        try await bookplate.run("add", "--title", "Span", "--author", "A B")
        try await bookplate.run("remove", "--yes", "span")
        try await bookplate.run("add", "--title", "Span", "--author", "A B")
        try await bookplate.run("remove", "--yes", "span")
        let restored = try await bookplate.run("restore", "span")
        #expect(
            restored.stdout.hasSuffix(
                "as span (the latest removed copy: another is still listed by 'bookplate restore')\n"),
            "\(restored.stdout)")
        // An older copy, found by its ISBN, is said to be that (it was called the latest: found by
        // a review).
        try await bookplate.run("remove", "--yes", "span")
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler", "--isbn", "9780807083697")
        try await bookplate.run("remove", "--yes", "kindred")
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler", "--isbn", "9780807083703")
        try await bookplate.run("remove", "--yes", "kindred")
        let older = try await bookplate.run("restore", "9780807083697")
        #expect(
            older.stdout.hasSuffix(
                "as kindred (an older removed copy: another is still listed by 'bookplate restore')\n"),
            "\(older.stdout) \(older.stderr)")
    }

    /// A file put by hand into a folder Bookplate makes stayed through every incremental build
    /// and went at the next full one: the two differed. Each build now lists a folder whose stamp
    /// changed and takes out what it did not write, saying so; the reader's own files at the top
    /// of the site stay, as a full build keeps them.
    @Test func filesPutIntoBookplatesFoldersGoAsAFullBuildWouldTakeThem() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        try await bookplate.run("build")
        // Later than a tick of the clock after the build, so that its folders are not listed for
        // having just been made.
        try await Task.sleep(for: .milliseconds(300))
        let site = root.appendingPathComponent("site")
        let strays = [
            "books/stray.html", "books/kindred/stray.html", "books/kindred/extra/index.html", "series/x.html",
        ]
        for path in strays + ["CNAME"] {
            let url = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("by hand".utf8).write(to: url)
        }
        let built = try await bookplate.run("build")
        #expect(built.status == 0 && built.stdout.hasPrefix("Nothing else changed"), "\(built.stdout)")
        #expect(built.stderr.hasPrefix("warning: removed site/"), "\(built.stderr)")
        for path in strays + ["books/kindred/extra", "series"] {
            #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path), "\(path)")
        }
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("CNAME").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("books/kindred/index.html").path))
        let again = try await bookplate.run("build")
        #expect(again.stderr.isEmpty && again.stdout.hasPrefix("Nothing changed"))
        // A folder where a page goes failed the build ("Is a directory"); a full build made the page.
        let page = site.appendingPathComponent("books/kindred/index.html")
        try FileManager.default.removeItem(at: page)
        try FileManager.default.createDirectory(
            at: page.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let mended = try await bookplate.run("build")
        #expect(mended.status == 0, "\(mended.stderr)")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("Kindred"))
    }

    /// `export --output -` wrote a file named "-" into the current folder (found by an
    /// exploratory session): `-` is standard output, and refused for Markdown, a folder of files.
    @Test func anExportToDashIsStandardOutput() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        let csv = try await bookplate.run("export", "--format", "csv", "--output", "-")
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout == (try await bookplate.run("export", "--format", "csv")).stdout)
        #expect(csv.stdout.contains("Kindred"))
        let json = try await bookplate.run("export", "--output", "-")
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any], "\(json.stdout)")
        let markdown = try await bookplate.run("export", "--format", "markdown", "--output", "-")
        #expect(markdown.status == 64)
        #expect(
            markdown.stderr.hasPrefix(
                "Error: --format markdown writes a file per book, not standard output: name a folder with --output"),
            "\(markdown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("-").path))
        // A file of that name is `./-`.
        #expect(try await bookplate.run("export", "--output", "./-").status == 0)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("-").path))
    }

    /// `bookplate add … >&-` added the book, then exited 1 saying "could not write the output:
    /// Invalid argument" (the runtime's first descriptor had taken standard output's number), and
    /// `list >&-` said the same (found by an exploratory session). A closed standard output is
    /// refused before anything is changed; a closed standard error or input is /dev/null, and the
    /// command does what it was asked.
    @Test func aClosedStandardOutputIsRefusedBeforeAnythingChanges() async throws {
        let (_, root) = try newShelf()
        /// Runs `bookplate` through the shell with `redirection` (`>&-`).
        func run(_ redirection: String, _ arguments: [String]) async throws -> CommandRunner.Result {
            try await CommandRunner(folder: root, launcher: ["/bin/sh", "-c", "exec \"$@\" \(redirection)", "sh"])
                .runOffPool(arguments)
        }
        let bookplate = CommandRunner(folder: root)
        for arguments in [["add", "--title", "Closed Stdout", "--author", "A B"], ["list"]] {
            let refused = try await run(">&-", arguments)
            #expect(refused.status == 1, "\(arguments): \(refused.stderr)")
            #expect(
                refused.stderr
                    == "Error: standard output is closed: send it to a file, or to /dev/null to discard it "
                    + "(>/dev/null, not >&-)\n", "\(arguments)")
        }
        #expect(try await bookplate.run("list", "--columns", "slug").stdout.isEmpty)
        let quiet = try await run(
            "2>&- <&-", ["add", "--title", "Closed Stderr", "--author", "A B", "--started", "2999"])
        #expect(quiet.status == 0 && quiet.stdout.hasPrefix("Added \"Closed Stderr\""), "\(quiet.stdout)")
        #expect(try await bookplate.run("list", "--columns", "slug").stdout == "closed-stderr\n")
    }
}
