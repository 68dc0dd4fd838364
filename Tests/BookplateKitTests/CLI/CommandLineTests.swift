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

/// `list --json` and `show --json`, as a script reads them.
struct ListedJSON: Decodable {
    var version: Int
    var books: [BookJSON]
}

struct ShownJSON: Decodable {
    var version: Int
    var book: BookJSON
}

/// The built binary, run against temporary shelves.
@Suite struct CommandLineTests {
    func newShelf() throws -> (CommandRunner, URL) {
        let root = try TestPaths.newShelf("cli")
        return (CommandRunner(folder: root), root)
    }

    func libraryBytes(_ root: URL) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("content/library.sqlite"))
    }

    /// `add --language jpn` was kept as "jpn", named on the page but given no `lang`; `English`,
    /// `xx!!yy` and `<b>` were kept without a word, and an import's `"language": ""` showed an
    /// empty Language fact (found by an exploratory session). A code of three letters is kept in
    /// two where it has them, one with none as it is; anything else is refused, a language's name
    /// with the code to give; an empty language in a file is none.
    @Test func aBooksLanguageIsACodeInTwoLettersWhereItHasThem() async throws {
        let (bookplate, root) = try newShelf()
        for (given, kept) in [("jpn", "ja"), ("fre", "fr"), ("grc", "grc"), ("pt_BR", "pt-BR")] {
            let added = try await bookplate.run("add", "--title", "In \(given)", "--author", "A", "--language", given)
            #expect(added.status == 0, "\(added.stderr)")
            let shown = try await bookplate.run(
                "show", "in-\(given.lowercased().replacingOccurrences(of: "_", with: "-"))", "--json")
            #expect(shown.stdout.contains("\"language\" : \"\(kept)\""), "\(given): \(shown.stdout)")
        }
        let english = try await bookplate.run("add", "--title", "Named", "--author", "A", "--language", "English")
        #expect(english.status != 0)
        #expect(english.stderr.contains("'English' is not a language code: give en for English"), "\(english.stderr)")
        for text in ["xx!!yy", "<b>"] {
            let refused = try await bookplate.run("add", "--title", "Garbage", "--author", "A", "--language", text)
            #expect(
                refused.status != 0 && refused.stderr.contains("'\(text)' is not a language code"), "\(refused.stderr)")
        }
        // A tag the site's language refuses is refused here too, saying why; an empty one is none,
        // as `edit --language ""` clears it (both found by a review).
        let unread = try await bookplate.run("add", "--title", "Region", "--author", "A", "--language", "en-USA")
        #expect(
            unread.status != 0
                && unread.stderr.contains(
                    "'en-USA' is not a language code a browser reads: USA is no region: a region is 2 letters"),
            "\(unread.stderr)")
        let none = try await bookplate.run("add", "--title", "No language", "--author", "A", "--language", "")
        #expect(none.status == 0, "\(none.stderr)")
        #expect(try await bookplate.run("show", "no-language", "--json").stdout.contains("\"language\" : null"))
        let edited = try await bookplate.run("edit", "in-jpn", "--language", "ger")
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try await bookplate.run("show", "in-jpn", "--json").stdout.contains("\"language\" : \"de\""))
        let file = root.appendingPathComponent("empty-language.json")
        try Data(
            #"""
            {"bookplate": 4, "authors": [], "books": [{"slug": "empty-language", "title": "Empty language",
             "authors": ["Someone Else"], "language": "", "subjects": [], "status": "to-read", "shelves": [],
             "added": "2021-01-01T00:00:00Z"}, {"slug": "in-jpn-too", "title": "In jpn too", "authors": ["B"],
             "language": "jpn", "subjects": [], "status": "to-read", "shelves": [], "added": "2021-01-01T00:00:00Z"}]}
            """#.utf8
        ).write(to: file)
        let imported = try await bookplate.run("import", "bookplate", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try await bookplate.run("show", "empty-language", "--json").stdout.contains("\"language\" : null"))
        #expect(try await bookplate.run("show", "in-jpn-too", "--json").stdout.contains("\"language\" : \"ja\""))
        #expect(try await bookplate.run("build").status == 0)
        let page = try String(
            contentsOf: root.appendingPathComponent("site/books/empty-language/index.html"), encoding: .utf8)
        #expect(!page.contains("<dt>Language</dt>"))
    }

    @Test func addThenBuildMakesTheBookAndAuthorPagesLinkedFromTheShelf() async throws {
        let (bookplate, root) = try newShelf()
        let added = try await bookplate.run(
            "add", "--title", "The Left Hand of Darkness", "--author", "Ursula K. Le Guin", "--isbn",
            "978-0-441-47812-5",
            "--status", "read", "--rating", "5", "--finished", "2025-08-02", "--shelf", "sci-fi")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            added.stdout.contains(
                "Added \"The Left Hand of Darkness\" (Ursula K. Le Guin) as the-left-hand-of-darkness"))
        let built = try await bookplate.run("build")
        #expect(built.status == 0, "\(built.stderr)")
        // Home, authors, shelves, stats, 404, the book, its author, its shelf, the books read in
        // 2025 and the year's statistics.
        #expect(built.stdout.hasPrefix("Built 10 pages (1 book, 1 author) in "))
        let site = root.appendingPathComponent("site")
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("href=\"books/the-left-hand-of-darkness/index.html\""))
        #expect(index.contains("href=\"authors/ursula-k-le-guin/index.html\""))
        #expect(
            FileManager.default.fileExists(
                atPath: site.appendingPathComponent("books/the-left-hand-of-darkness/index.html").path))
        #expect(
            FileManager.default.fileExists(
                atPath: site.appendingPathComponent("authors/ursula-k-le-guin/index.html").path))
    }

    /// `add --author "Le Guin, Ursula K."` filed her as "K., Le Guin, Ursula", under K, and
    /// `--author "Достоевский, Фёдор"` made a second Фёдор Достоевский (found by an exploratory
    /// session). Each `--author` typed surname first is one name, read in its spoken order.
    @Test func anAuthorTypedSurnameFirstIsReadInItsSpokenOrder() async throws {
        let (bookplate, _) = try newShelf()
        try await bookplate.run("add", "--title", "Преступление и наказание", "--author", "Фёдор Достоевский")
        try await bookplate.run("add", "--title", "Бесы", "--author", "Достоевский, Фёдор")
        try await bookplate.run(
            "add", "--title", "Essays", "--author", "Le Guin, Ursula K.", "--author", "Martin Luther King, Jr.")
        let authors = try await bookplate.run("list", "--columns", "title,authors").stdout
        #expect(authors.contains("Бесы\tФёдор Достоевский\n"), "\(authors)")
        #expect(authors.contains("Essays\tUrsula K. Le Guin, Martin Luther King, Jr.\n"), "\(authors)")
        let author = try await bookplate.run("author", "ursula-k-le-guin", "--json").stdout
        #expect(author.contains(#""sortName" : "Le Guin, Ursula K.""#), "\(author)")
    }

    /// `list --series` lists a series' books in reading order, each with its place; `--author`
    /// an author's books; a series no book is in is one line naming the nearest, status 1.
    @Test func listTakesASeriesAndAnAuthor() async throws {
        let (bookplate, _) = try newShelf()
        try await bookplate.run(
            "add", "--title", "The Two Towers", "--author", "J. R. R. Tolkien", "--series", "The Lord of the Rings #2")
        try await bookplate.run(
            "add", "--title", "The Fellowship of the Ring", "--author", "J.R.R. Tolkien", "--series",
            "Lord of the Rings #1")
        try await bookplate.run("add", "--title", "The Hobbit", "--author", "JRR Tolkien")
        let listed = try await bookplate.run("list", "--series", "lord of the rings")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(
            listed.stdout == """
                #   SLUG                        STATUS   RATING  TITLE                       AUTHOR
                #1  the-fellowship-of-the-ring  to-read          The Fellowship of the Ring  J. R. R. Tolkien
                #2  the-two-towers              to-read          The Two Towers              J. R. R. Tolkien

                """, "\(listed.stdout)")
        let byAuthor = try await bookplate.run("list", "--author", "tolkien", "--columns", "slug")
        #expect(byAuthor.stdout == "the-fellowship-of-the-ring\nthe-hobbit\nthe-two-towers\n", "\(byAuthor.stdout)")
        let missing = try await bookplate.run("list", "--series", "Lord of the Ring")
        #expect(missing.status == 1 && missing.stdout == "")
        #expect(
            missing.stderr == "Error: no series is named 'Lord of the Ring' (did you mean 'The Lord of the Rings'?)\n",
            "\(missing.stderr)")
    }

    /// Any first command, a `list` too, upgraded a library an older Bookplate wrote without a word
    /// and for good, and that Bookplate then refused the shelf (found by an exploratory session).
    /// The upgrade keeps a copy of the file as it was, what its log held included, beside the
    /// shelf's state, and says so on standard error, standard output staying JSON; a later upgrade
    /// never writes over an earlier copy.
    @Test func anUpgradeKeepsTheLibraryAsItWasAndSaysSo() async throws {
        let (bookplate, root) = try newShelf()
        let library = root.appendingPathComponent("content/library.sqlite")
        let kept = { (name: String) in root.appendingPathComponent("content/.bookplate/\(name)") }
        for (round, name) in ["library-before-v7.sqlite", "library-before-v7-2.sqlite"].enumerated() {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: library.path + suffix) }
            let older = try OlderLibrary.make("upgrade-\(round)", books: [("emma", "Emma", "Clever.")])
            try FileManager.default.copyItem(at: older, to: library)
            let writer = try Self.holdingABookInItsLog(library)
            let listed = try await bookplate.run("list", "--json")
            try writer.close()
            #expect(listed.status == 0, "\(listed.stderr) \(listed.stdout)")
            #expect(try JSONDecoder().decode(ListedJSON.self, from: Data(listed.stdout.utf8)).books.count == 2)
            #expect(
                listed.stderr
                    == "Upgraded content/library.sqlite from an older Bookplate; the file as it was is kept at "
                    + "content/.bookplate/\(name)\n")
            let copy = try Self.contents(ofCopy: kept(name))
            #expect(copy.integrity == "ok" && copy.slugs == ["dune", "emma"] && copy.migrations == 6, "\(copy)")
        }
        // Up to date, it is not upgraded again, and nothing is said.
        #expect(try await bookplate.run("list", "--json").stderr == "")
        #expect(FileManager.default.fileExists(atPath: kept("library-before-v7.sqlite").path))
    }

    /// Two first commands at once on an older Bookplate's library both upgraded it, both kept a
    /// copy and both said so; the second copy, taken while the first command migrated, was named
    /// for the first migration it lacked and held later ones, and the older Bookplate refused it
    /// (found by a review). The check, the copy and the upgrade are one step under a lock: one
    /// command keeps the one copy, of the library as it was, and says so, and the other finds
    /// the library current.
    @Test func twoFirstCommandsAtOnceUpgradeTheLibraryOnceAndKeepOneCopy() async throws {
        let (bookplate, root) = try newShelf()
        let library = root.appendingPathComponent("content/library.sqlite")
        let state = root.appendingPathComponent("content/.bookplate")
        for round in 0..<4 {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: library.path + suffix) }
            try? FileManager.default.removeItem(at: state)
            let older = try OlderLibrary.make("upgrade-race-\(round)", books: [("emma", "Emma", "Clever.")])
            // Enough books that one command's upgrade takes the time the other needs to start.
            try DatabaseQueue(path: older.path).inDatabase { db in
                try db.execute(
                    sql: """
                        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                        INSERT INTO book (slug, title, description, status, addedAt)
                        SELECT 'book-' || i, 'Book ' || i, 'About it.', 'to-read', '2020-01-01 00:00:00.000' FROM n
                        """)
            }
            try FileManager.default.copyItem(at: older, to: library)
            async let listed = bookplate.run("list")
            async let shown = bookplate.run("show", "emma", "--json")
            let results = try await [listed, shown]
            #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
            #expect(results.filter { $0.stderr.hasPrefix("Upgraded content/library.sqlite") }.count == 1)
            let copies = try FileManager.default.contentsOfDirectory(atPath: state.path).filter {
                $0.hasPrefix("library-before-")
            }
            #expect(copies == ["library-before-v7.sqlite"], "round \(round)")
            let copy = try Self.contents(ofCopy: state.appendingPathComponent("library-before-v7.sqlite"))
            #expect(copy.integrity == "ok" && copy.slugs.count == 3001 && copy.migrations == 6, "\(copy.migrations)")
        }
    }

    /// An upgrade that failed after its copy had run some migrations, leaving the library half
    /// upgraded, and kept another whole copy on every run, after ten seconds' wait and without
    /// naming it (found by a review). The pending migrations are one transaction: the library is
    /// left as it was, a run that fails again keeps no copy besides the first, and the error
    /// names it.
    @Test func anUpgradeThatFailsLeavesTheLibraryAsItWasAndKeepsOneCopy() async throws {
        let (bookplate, root) = try newShelf()
        let library = root.appendingPathComponent("content/library.sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: library.path + suffix) }
        let older = try OlderLibrary.make("upgrade-fails", books: [("emma", "Emma", "Clever.")])
        // A table of the name v11 makes: the upgrade fails there, after v7 to v10.
        try DatabaseQueue(path: older.path).inDatabase { db in try db.execute(sql: "CREATE TABLE read (x)") }
        try FileManager.default.copyItem(at: older, to: library)
        for _ in 0..<2 {
            let listed = try await bookplate.run("list")
            #expect(listed.status == 1)
            #expect(
                listed.stderr
                    == "Error: could not use the library content/library.sqlite: it was written by an older Bookplate "
                    + "and could not be upgraded (table \"read\" already exists); it is left as it was, and a copy "
                    + "of it is kept at content/.bookplate/library-before-v7.sqlite\n")
        }
        let copies = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("content/.bookplate").path
        ).filter { $0.hasPrefix("library-before-") }
        #expect(copies == ["library-before-v7.sqlite"])
        let left = try Self.contents(ofCopy: library)
        #expect(left.integrity == "ok" && left.slugs == ["emma"] && left.migrations == 6, "\(left)")
    }

    /// `serve` upgraded a library an older Bookplate wrote, put in place while it served (a
    /// backup restored), and kept a copy of it, without a word: its watcher and its builds opened
    /// the library on their own (found by a review). It says so as every command does, once, as
    /// it does at its start.
    @Test func serveSaysItUpgradedALibraryPutInPlaceWhileItServes() async throws {
        let (_, root) = try newShelf()
        let library = root.appendingPathComponent("content/library.sqlite")
        let putInPlace = { (round: Int) throws in
            let older = try OlderLibrary.make("serve-upgrade-\(round)", books: [("emma-\(round)", "Emma", "Clever.")])
            let beside = library.appendingPathExtension("new")
            try FileManager.default.copyItem(at: older, to: beside)
            #expect(rename(beside.path, library.path) == 0)
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: library.path + suffix) }
        try putInPlace(1)
        let said = root.appendingPathComponent("serve.err")
        try Data().write(to: said)
        let serve = Process()
        serve.executableURL = TestPaths.executable
        serve.arguments = ["serve", "--port", "0"]
        serve.currentDirectoryURL = root
        serve.standardOutput = FileHandle.nullDevice
        serve.standardError = try FileHandle(forWritingTo: said)
        try serve.run()
        defer {
            serve.interrupt()
            serve.waitUntilExit()
        }
        let upgrades = {
            (try? String(contentsOf: said, encoding: .utf8))?.split(separator: "\n").map(String.init).filter {
                $0.hasPrefix("Upgraded ")
            } ?? []
        }
        let line = { (copy: String) in
            "Upgraded content/library.sqlite from an older Bookplate; the file as it was is kept at "
                + "content/.bookplate/\(copy)"
        }
        for (round, copies) in [(1, 1), (2, 2)] {
            if round == 2 { try putInPlace(2) }
            for _ in 0..<200 where upgrades().count < copies { try await Task.sleep(for: .milliseconds(100)) }
            // Built after its upgrade: the look that upgraded it is not said again by the build.
            for _ in 0..<100
            where !FileManager.default.fileExists(atPath: root.appendingPathComponent("site/books/emma-\(round)").path)
            {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        #expect(upgrades() == [line("library-before-v7.sqlite"), line("library-before-v7-2.sqlite")])
    }

    /// A command that found another upgrading the library waited for it without a word, and
    /// looked hung (found by a review). It says on standard error that it waits, as a build
    /// waiting for another does, and goes on once the other is done.
    @Test func aCommandWaitingForAnotherUpgradeSaysSo() throws {
        let (_, root) = try newShelf()
        let library = root.appendingPathComponent("content/library.sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: library.path + suffix) }
        try FileManager.default.copyItem(
            at: try OlderLibrary.make("upgrade-wait", books: [("emma", "Emma", "Clever.")]), to: library)
        // Another command's upgrade under way: its lock held.
        let state = root.appendingPathComponent("content/.bookplate")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        guard
            case .success(let held) = AdvisoryLock.hold(
                at: state.appendingPathComponent("upgrade.lock").path, waiting: {})
        else {
            Issue.record("the upgrade lock could not be taken")
            return
        }
        let list = Process()
        list.executableURL = TestPaths.executable
        list.arguments = ["list"]
        list.currentDirectoryURL = root
        list.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        list.standardError = errors
        try list.run()
        let waiting = "Waiting for another Bookplate command to finish upgrading content/library.sqlite…\n"
        let saidWaiting = DispatchSemaphore(value: 0)
        let reading = Background { () -> Data in
            var said = Data()
            while case let chunk = errors.fileHandleForReading.availableData, !chunk.isEmpty {
                said += chunk
                if said.starts(with: Data(waiting.utf8)) { saidWaiting.signal() }
            }
            return said
        }
        // Let go once it says it waits, or after a while, so that the test ends either way.
        _ = saidWaiting.wait(timeout: .now() + 10)
        close(held)
        let said = try reading.value()
        list.waitUntilExit()
        #expect(list.terminationStatus == 0)
        #expect(
            String(decoding: said, as: UTF8.self)
                == waiting + "Upgraded content/library.sqlite from an older Bookplate; the file as it was is kept at "
                + "content/.bookplate/library-before-v7.sqlite\n")
    }

    /// A connection of an older Bookplate to `library`, holding a book it added in the log.
    static func holdingABookInItsLog(_ library: URL) throws -> DatabaseQueue {
        LibraryLog.recordOwner(of: library, opened: false)
        let writer = try DatabaseQueue(path: library.path)
        defer { LibraryLog.recordOwner(of: library, opened: true) }
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
            try db.execute(
                sql: "INSERT INTO book (slug, title, status, addedAt) VALUES ('dune', 'Dune', 'to-read', ?)",
                arguments: [TemporaryShelf.fixedDate])
        }
        return writer
    }

    /// What a kept copy of a library holds: SQLite's check of it, its books and its migrations.
    static func contents(ofCopy url: URL) throws -> (integrity: String?, slugs: [String], migrations: Int?) {
        var readOnly = Configuration()
        readOnly.readonly = true
        let copy = try DatabaseQueue(path: url.path, configuration: readOnly)
        defer { try? copy.close() }
        return try copy.read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA integrity_check"),
                try String.fetchAll(db, sql: "SELECT slug FROM book ORDER BY slug"),
                try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations")
            )
        }
    }

    @Test func listShowEditAndRemove() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run(
            "add", "--title", "Dune", "--author", "Frank Herbert", "--isbn", "9780441172719", "--year", "1965")
        try await bookplate.run(
            "add", "--title", "Emma", "--author", "Jane Austen", "--status", "reading", "--shelf", "classics")
        let list = try await bookplate.run("list")
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").count == 3)
        let filtered = try await bookplate.run("list", "--status", "reading", "--json")
        let json = try JSONDecoder().decode(ListedJSON.self, from: Data(filtered.stdout.utf8)).books
        #expect(json.map(\.slug) == ["emma"])
        #expect(json.first?.shelves == ["classics"])

        let edited = try await bookplate.run(
            "edit", "0441172717", "--rating", "4", "--status", "read", "--finished", "2025-01-31")
        #expect(edited.status == 0, "\(edited.stderr)")
        let shown = try await bookplate.run("show", "dune", "--json")
        let dune = try JSONDecoder().decode(ShownJSON.self, from: Data(shown.stdout.utf8)).book
        #expect(dune.rating == 4 && dune.status == "read" && dune.finished == "2025-01-31")
        #expect(dune.isbn10 == "0441172717" && dune.published == "1965")
        let shownText = try await bookplate.run("show", "Dune")
        #expect(shownText.stdout.contains("Rating    ★★★★☆"))

        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("content/notes"), withIntermediateDirectories: true)
        try Data("My thoughts".utf8).write(to: root.appendingPathComponent("content/notes/dune.md"))
        let removed = try await bookplate.run("remove", "dune", "--yes")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("its note is kept at content/notes/.removed/dune-"))
        let listed = try await bookplate.run("list", "--json")
        #expect(!listed.stdout.contains("\"dune\""))
    }

    /// Text, columns and JSON read the shelf through one query, so they agree on which books a
    /// shelf name means, whatever its case and accents.
    @Test func listByShelfAgreesInTextColumnsAndJSON() async throws {
        let (bookplate, _) = try newShelf()
        try await bookplate.run("add", "--title", "Ghosts", "--shelf", "Séance")
        try await bookplate.run("add", "--title", "Emma", "--shelf", "classics")
        for name in ["SÉANCE", "seance", "séance"] {
            let text = try await bookplate.run("list", "--shelf", name)
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains("ghosts") && !text.stdout.contains("emma"), "\(name): \(text.stdout)")
            let columns = try await bookplate.run("list", "--shelf", name, "--columns", "slug")
            #expect(columns.stdout == "ghosts\n", "\(name)")
            let json = try await bookplate.run("list", "--json", "--shelf", name)
            let books = try JSONDecoder().decode(ListedJSON.self, from: Data(json.stdout.utf8)).books
            #expect(books.map(\.slug) == ["ghosts"], "\(name)")
        }
        // A shelf that does not exist is an error in every form, with the nearest shelves: it was
        // "No books match" and exit 0, and in JSON an empty list, as for a real shelf with no books.
        for form in [[], ["--json"], ["--columns", "slug"]] {
            let typo = try bookplate.run(["list", "--shelf", "seanse"] + form)
            // In JSON, the error is an object too.
            #expect(typo.status == 1 && typo.stdout.isEmpty == !form.contains("--json"), "\(form)")
            #expect(typo.stderr == "Error: no shelf is named 'seanse' (did you mean 'Séance'?)\n", "\(form)")
        }
        try await bookplate.run("add", "--title", "Dawn", "--shelf", "later", "--status", "read")
        let unknown = try await bookplate.run("list", "--shelf", "nosuch")
        #expect(
            unknown.status == 1
                && unknown.stderr
                    == "Error: no shelf is named 'nosuch': the shelves are classics, later, Séance\n"
        )
        #expect(
            try await bookplate.run("list", "--shelf", "later", "--status", "reading").stdout == "No books match.\n")
    }

    @Test func noteOpensTheEditorAndBuildPublishesIt() async throws {
        var (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Dune")
        bookplate.environment["EDITOR"] = "printf '# Spice\\n\\nMust flow.\\n' >"
        let note = try await bookplate.run("note", "dune")
        #expect(note.status == 0, "\(note.stderr)")
        #expect(
            try String(contentsOf: root.appendingPathComponent("content/notes/dune.md"), encoding: .utf8)
                == "# Spice\n\nMust flow.\n")
        try await bookplate.run("build")
        let page = try String(contentsOf: root.appendingPathComponent("site/books/dune/index.html"), encoding: .utf8)
        #expect(page.contains("<h3 id=\"n-spice\">Spice</h3>\n<p>Must flow.</p>"))
    }

    /// A notes folder kept elsewhere through a link, whose folder is not there (a synced disk not
    /// mounted): `build` published every book without its note and exited 0, `export` wrote a
    /// backup without a note, and `note` blamed the folder's permissions and free space (found by
    /// an exploratory session). Each says what is wrong in one line and exits 1.
    @Test func aNotesFolderLinkedToNothingStopsEveryCommandThatReadsNotes() async throws {
        var (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Dune", "--author", "Frank Herbert")
        let notes = root.appendingPathComponent("content/notes")
        let elsewhere = try TestPaths.temporaryFolder("elsewhere").appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("My note on Dune\n".utf8).write(to: elsewhere.appendingPathComponent("dune.md"))
        try FileManager.default.removeItem(at: notes)
        try FileManager.default.createSymbolicLink(at: notes, withDestinationURL: elsewhere)
        #expect(try await bookplate.run("build").status == 0)
        try FileManager.default.moveItem(at: elsewhere, to: elsewhere.appendingPathExtension("unmounted"))
        let line =
            "content/notes is a link to \(elsewhere.path), which is not there (a disk not mounted?): nothing is "
            + "done without it; bring the folder back or point the link at it\n"
        bookplate.environment["EDITOR"] = "true"
        for arguments in [
            ["build"], ["export", "--format", "json"], ["export", "--format", "csv"], ["note", "dune"],
            // A review found these went on: `remove` took the book and left its note on the
            // unmounted disk, an import wrote no note.
            ["remove", "dune", "--yes"], ["import", "bookplate", root.appendingPathComponent("none.json").path],
        ] {
            let result = try await bookplate.runOffPool(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(
                result.stderr.hasPrefix("Error: ") && result.stderr.hasSuffix(line), "\(arguments): \(result.stderr)")
        }
        let page = try String(contentsOf: root.appendingPathComponent("site/books/dune/index.html"), encoding: .utf8)
        #expect(page.contains("My note on Dune"))
        // `show` said the book had no note.
        let shown = try await bookplate.run("show", "dune")
        #expect(
            shown.stdout.contains("unknown: content/notes is a link to a folder that is not there")
                && !shown.stdout.contains("none (bookplate note"), "\(shown.stdout)")
    }

    /// An editor that deletes the note: `note` blamed another command and said to try again
    /// (found by an exploratory session). It says what happened, and that the book has no note.
    @Test func aNoteTheEditorRemovesIsSaidToBeGone() async throws {
        var (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Dune")
        let note = root.appendingPathComponent("content/notes/dune.md")
        try Data("Spice.\n".utf8).write(to: note)
        bookplate.environment["EDITOR"] = "rm -f"
        let removed = try await bookplate.run("note", "dune")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(
            removed.stdout
                == "content/notes/dune.md was removed while it was open in the editor: \"Dune\" has no note now, "
                + "and its page shows none at the next build\n", "\(removed.stdout)")
        let again = try await bookplate.run("note", "dune")
        #expect(
            again.stdout
                == "content/notes/dune.md was removed while it was open in the editor: no note was kept for \"Dune\"\n",
            "\(again.stdout)")
    }

    /// A book removed while its note was open in the editor: `note` said "Saved" and nothing
    /// else (found by an exploratory session). The note is kept, and comes back with the book.
    @Test func aNoteSavedAfterItsBookWasRemovedSaysSo() async throws {
        var (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Dune")
        // The editor removes the book, then writes the note.
        bookplate.environment["EDITOR"] = "'\(TestPaths.executable.path)' remove --yes dune >/dev/null; echo Spice >"
        let note = try await bookplate.run("note", "dune")
        #expect(
            note.stdout
                == "Saved the note for \"Dune\": content/notes/dune.md — but \"Dune\" was removed meanwhile: "
                + "'bookplate restore dune' brings it back with this note\n", "\(note.stdout) \(note.stderr)")
        try await bookplate.run("restore", "dune")
        #expect(
            try String(contentsOf: root.appendingPathComponent("content/notes/dune.md"), encoding: .utf8) == "Spice\n")
    }

    /// `restore` listed when a book was removed in Foundation's reading of `TZ`: `UTC+3` three
    /// hours ahead of Greenwich, where `date` and the rest of Bookplate read it as three behind,
    /// and `:Asia/Tokyo` as UTC (found by a review).
    @Test func theRemovalTimeIsListedInTheZoneTZNamesAsDateReadsIt() async throws {
        var (bookplate, _) = try newShelf()
        try await bookplate.run("add", "--title", "Dune")
        try await bookplate.run("remove", "dune", "--yes")
        func removedAt(zone: String) async throws -> Date {
            bookplate.environment["TZ"] = zone
            let listed = try await bookplate.run("restore").stdout
            let time = try #require(listed.firstMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/), "\(listed)")
            return try #require(ISO8601DateFormatter().date(from: time.output + "Z"))
        }
        let utc = try await removedAt(zone: "")
        #expect(try await removedAt(zone: "UTC+3") == utc.addingTimeInterval(-3 * 3600))
        #expect(try await removedAt(zone: ":Asia/Tokyo") == utc.addingTimeInterval(9 * 3600))
    }

    /// A book deleted for good (`remove --purge`) while its note was open: `note` said a restore
    /// would bring it back, and the restore found no removed book (found by an exploratory
    /// session). It says the note is kept, of no book, and how to give it one.
    @Test func aNoteSavedAfterItsBookWasPurgedSaysNoRestoreBringsItBack() async throws {
        var (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Dune")
        bookplate.environment["EDITOR"] =
            "'\(TestPaths.executable.path)' remove --purge --yes dune >/dev/null; echo Spice >"
        let note = try await bookplate.run("note", "dune")
        #expect(note.status == 0, "\(note.stderr)")
        #expect(
            note.stdout
                == "Saved the note for \"Dune\": content/notes/dune.md — but \"Dune\" was deleted for good meanwhile "
                + "(remove --purge): the note stays there, of no book; add the book again ('bookplate add', slug dune) "
                + "for it to have this note\n", "\(note.stdout) \(note.stderr)")
        #expect(
            try String(contentsOf: root.appendingPathComponent("content/notes/dune.md"), encoding: .utf8) == "Spice\n")
    }

    /// Every bad input prints one line on standard error, exits non-zero and changes nothing; a
    /// value not of its option's form is a usage error, the command's usage after its line.
    @Test(arguments: [
        (["add", "--title", "X", "--isbn", "9780441478124"], "is not a valid ISBN: its check digit does not match"),
        (["add", "--title", "X", "--rating", "6"], "rating '6' is not allowed"),
        (["add", "--title", "X", "--finished", "2025-02-30"], "'2025-02-30' is not a date"),
        (["add", "--title", "Dune"], "'Dune' is already on the shelf as dune (same title and author)"),
        (
            ["add", "--title", "Other", "--isbn", "0441172717"],
            "is already on the shelf as dune (same ISBN 9780441172719)"
        ),
        (["add", "--author", "Nobody"], "a book needs a title"),
        (["add", "--title", "X", "--pages", "999999999999"], "page count '999999999999' is not allowed"),
        (["edit", "dune", "--pages", "999999999999"], "page count '999999999999' is not allowed"),
        (["show", "nothing-like-it"], "no book matches 'nothing-like-it'"),
        (["edit", "dune", "--rating", "0"], "rating '0' is not allowed"),
        (["edit", "dune", "--started", "someday"], "'someday' is not a date"),
        (["remove", "9780000000002"], "no book matches '9780000000002'"),
        (["note", "dune"], "no editor set: set VISUAL or EDITOR"),
        // A folder given as the file was "cannot be read: check the path and its permissions".
        (["import", "goodreads", "content"], "content is a folder: give the export file itself"),
        (["import", "kindle", "content"], "content is a folder: give the export file itself"),
        // So was a name mistyped (found by an exploratory session).
        (["import", "goodreads", "no-such.csv"], "there is no file no-such.csv: check its name"),
        (["import", "kobo", "KoboReader.sqlite"], "there is no file KoboReader.sqlite: check its name"),
        // An option of one value given twice: the last was taken, the others dropped without a
        // word (`add --isbn A --isbn B --isbn C` added C alone: found by an exploratory session).
        (
            ["add", "--isbn", "9780441172719", "--isbn", "9780143039433", "--isbn=9780141439587"],
            "Error: --isbn is given 3 times, and takes one value: give it once; add books one at a time"
        ),
        (["edit", "dune", "--rating", "3", "--rating=4"], "Error: --rating is given 2 times, and takes one value"),
        (["quote", "add", "dune", "Fear.", "--page", "1", "--page", "2"], "Error: --page is given 2 times"),
    ])
    func badInputIsOneLineAndChangesNothing(arguments: [String], message: String) async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Dune", "--isbn", "9780441172719")
        let before = try libraryBytes(root)
        let result = try await bookplate.runOffPool(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        let error = result.stderr.components(separatedBy: "\nUsage: bookplate ")[0]
        #expect(error.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try libraryBytes(root) == before)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("content/notes/dune.md").path))
    }

    /// A line break in a file's name printed a second line that passed for a warning of its own
    /// (found by an exploratory session): every warning is one line.
    @Test func aWarningIsOneLineWhateverTheFileIsCalled() async throws {
        let (bookplate, root) = try newShelf()
        let covers = root.appendingPathComponent("content/covers")
        try FileManager.default.createDirectory(at: covers, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF]).write(to: covers.appendingPathComponent("x\u{1B}[2Jevil\nwarning: fake.jpg"))
        let built = try await bookplate.runOffPool(["build"])
        #expect(built.status == 0)
        #expect(
            built.stderr.split(separator: "\n") == [
                "warning: content/covers/xevil warning: fake.jpg names no book on the shelf and is not published: "
                    + "rename it for one (its slug)"
            ], "\(built.stderr)")
    }

    /// `add --isbn openlibrary:OL59863W`, as a reader reads the README's tour, said "not an ISBN"
    /// and not where a catalog id goes (found by an exploratory session).
    @Test func aCatalogIdGivenAsAnISBNSaysWhereItGoes() async throws {
        let (bookplate, _) = try newShelf()
        let result = try await bookplate.runOffPool(["add", "--isbn", "openlibrary:OL59863W"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: 'openlibrary:OL59863W' is a catalog id, not an ISBN: give it without --isbn "
                    + "(bookplate add openlibrary:OL59863W)\n"), "\(result.stderr)")
    }

    /// An editor that is not there gave the shell's line ("bookplate-editor: 1: /nonexistent/ed:
    /// not found") and then "exited with status 127". Found by an exploratory session.
    @Test func anEditorThatIsNotThereIsOneLine() async throws {
        var (bookplate, _) = try newShelf()
        try await bookplate.run("add", "--title", "Dune", "--author", "Frank Herbert")
        for editor in ["/nonexistent/ed", "no-such-editor-anywhere --wait"] {
            bookplate.environment["EDITOR"] = editor
            let result = try await bookplate.runOffPool(["note", "dune"])
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "Error: the editor '\(editor)' was not found: set VISUAL or EDITOR to a program on your "
                    + "PATH (for example export EDITOR=nano)\n", "\(result.stderr)")
        }
        #expect(EditorLauncher.program(in: "code --wait") == "code")
        #expect(EditorLauncher.program(in: "\"$HOME/bin/ed\"") == nil)
        #expect(EditorLauncher.exists("sh", path: "/usr/bin:/bin"))
    }

    /// `EDITOR='~/bin/ed'` (quoted in a shell's startup file, so left unexpanded) runs in `sh` and
    /// in git, and `note` refused it as "not found" (found by an exploratory session): a leading
    /// tilde is the home folder, as the shell that runs the editor reads it.
    @Test func anEditorUnderTheHomeFolderNamedWithATildeIsFound() async throws {
        var (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Dune", "--author", "Frank Herbert")
        let home = try TestPaths.temporaryFolder("home")
        let editor = home.appendingPathComponent("bin/ed")
        try FileManager.default.createDirectory(
            at: editor.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho 'Written by ~/bin/ed.' >> \"$1\"\n".utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        bookplate.environment["HOME"] = home.path
        bookplate.environment["EDITOR"] = "~/bin/ed"
        let note = try await bookplate.run("note", "dune")
        #expect(note.status == 0, "\(note.stderr)")
        #expect(
            try String(contentsOf: root.appendingPathComponent("content/notes/dune.md"), encoding: .utf8)
                == "Written by ~/bin/ed.\n")
        #expect(EditorLauncher.expandingTilde("~/bin/ed", home: "/home/reader") == "/home/reader/bin/ed")
        #expect(EditorLauncher.expandingTilde("~", home: "/home/reader") == "/home/reader")
        #expect(EditorLauncher.expandingTilde("~root/ed", home: "/home/reader") == "/root/ed")
        #expect(EditorLauncher.expandingTilde("~no-such-user-here/ed", home: nil) == "~no-such-user-here/ed")
        #expect(EditorLauncher.expandingTilde("bin/~ed", home: "/home/reader") == "bin/~ed")
    }

    /// A title from a catalog or an import could set the window title and clear the screen: no
    /// control character from outside reaches the terminal. Since 26 November a title or a name
    /// is not even kept with one (``NothingLostTests``): JSON gives the text it shows.
    @Test func textFromOutsideReachesTheTerminalWithoutControlCharacters() async throws {
        let (bookplate, _) = try newShelf()
        let title = "Pwned\u{1B}]0;pwned\u{07}\u{1B}[2J Title\u{9B}31m"
        let author = "Evil\u{1B}[31m Author\u{7F}"
        let added = try await bookplate.run(
            "add", "--title", title, "--author", author, "--description", "One\u{1B}[1A\n\nTwo\u{9D}8;;x\u{9C}")
        #expect(added.status == 0, "\(added.stderr)")
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 && scalar != "\n" || (0x7F...0x9F).contains(scalar.value)
        }
        var outputs = [added.stdout]
        for arguments in [["list"], ["show", "pwned"], ["author", "evil"]] {
            let result = try await bookplate.runOffPool(arguments)
            outputs += [result.stdout, result.stderr]
        }
        let again = try await bookplate.run("add", "--title", title, "--author", author)
        #expect(again.status != 0 && again.stderr.contains("is already on the shelf"))
        outputs.append(again.stderr)
        for output in outputs {
            #expect(!output.unicodeScalars.contains(where: isControl), "\(output.debugDescription)")
        }
        #expect(outputs[1].contains("Pwned Title") && outputs[1].contains("Evil Author"))
        // The ESC sequences went whole when the title was kept; the lone C1 CSI went alone (a C1
        // character is more often a curly quote read in the wrong encoding than a sequence).
        #expect(outputs[3].contains("Title     Pwned Title31m\n") && outputs[3].contains("\n\nTwo"))

        for arguments in [["list", "--json"], ["show", "pwned", "--json"]] {
            let result = try await bookplate.runOffPool(arguments)
            #expect(!result.stdout.unicodeScalars.contains(where: isControl), "\(result.stdout.debugDescription)")
            let json = Data(result.stdout.utf8)
            let books =
                arguments.count == 2
                ? try JSONDecoder().decode(ListedJSON.self, from: json).books
                : [try JSONDecoder().decode(ShownJSON.self, from: json).book]
            #expect(books.map(\.title) == ["Pwned Title31m"] && books.map(\.authors) == [["Evil Author"]])
        }
    }

    @Test func aLibraryThatIsNotSQLiteIsRefusedAndKept() async throws {
        let (bookplate, root) = try newShelf()
        let content = root.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("title,author\nDune,Herbert\n".utf8).write(to: content.appendingPathComponent("library.sqlite"))
        for arguments in [["list"], ["add", "--title", "X"], ["build"]] {
            let result = try await bookplate.runOffPool(arguments)
            #expect(result.status != 0)
            #expect(
                result.stderr
                    == "Error: content/library.sqlite is not an SQLite file, so not a Bookplate library: pass --library with the right file\n"
            )
        }
        #expect(
            try Data(contentsOf: content.appendingPathComponent("library.sqlite"))
                == Data("title,author\nDune,Herbert\n".utf8))
    }

    /// An empty library file once built an empty site over a full one, and exited 0.
    @Test func anEmptyLibraryFileIsAnErrorAndTheSiteIsKept() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Dune", "--author", "Frank Herbert")
        #expect(try await bookplate.run("build").status == 0)
        let site = root.appendingPathComponent("site")
        let before = try TemporaryShelf.snapshot(of: site)
        try Data().write(to: root.appendingPathComponent("content/library.sqlite"))
        for arguments in [["build"], ["list"], ["show", "dune"], ["add", "--title", "Emma"], ["export"]] {
            let result = try await bookplate.runOffPool(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(
                result.stderr
                    == "Error: content/library.sqlite is empty: not a Bookplate library; restore it or remove it to start afresh\n"
            )
        }
        #expect(try TemporaryShelf.snapshot(of: site) == before)
        #expect(try libraryBytes(root).isEmpty)
    }

    @Test func aLibraryFromANewerBookplateIsRefused() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Dune")
        let library = try Library.open(at: root.appendingPathComponent("content/library.sqlite"))
        try await library.database.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        let result = try await bookplate.run("list")
        #expect(result.status != 0)
        #expect(result.stderr.contains("was written by a newer Bookplate: upgrade Bookplate"))
    }

    @Test func theLibraryOptionAndEnvironmentChooseTheFile() async throws {
        var (bookplate, root) = try newShelf()
        let other = try TestPaths.newShelf("other")
        let otherLibrary = other.appendingPathComponent("content/library.sqlite").path
        let added = try await bookplate.run("add", "--title", "Dune", "--library", otherLibrary)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try Library.open(at: other.appendingPathComponent("content/library.sqlite")).books().count == 1)
        #expect(try Library.open(at: root.appendingPathComponent("content/library.sqlite")).books().isEmpty)
        // The library's shelf is the one its notes and site belong to.
        #expect(added.stdout.contains("its note goes in \(other.appendingPathComponent("content/notes/dune.md").path)"))
        bookplate.environment["BOOKPLATE_LIBRARY"] = otherLibrary
        let listedAgain = try await bookplate.run("list")
        #expect(listedAgain.stdout.contains("dune"))
    }

    /// `build` never writes into the home folder; it knew only the account's, as Foundation on
    /// Linux reads it, and built into an empty `$HOME` that was another (a container's, `sudo -E`'s),
    /// though `~` is `$HOME` to the shell the reader typed it in (found by an audit of the README).
    @Test func buildNeverWritesIntoTheHomeFolderOfHOME() async throws {
        let shelf = try TestPaths.newShelf()
        let home = try TestPaths.temporaryFolder("home")
        var bookplate = CommandRunner(folder: shelf)
        bookplate.environment["HOME"] = home.path
        let built = try await bookplate.run("build", "--output", home.path)
        #expect(built.status == 1 && built.stderr.contains("will not build into"), "\(built.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    }

    /// A folder holding a library of its own, `books.sqlite`, with Dune in it, and a runner there.
    func libraryKeptElsewhere(_ name: String) async throws -> (URL, CommandRunner) {
        let folder = try TestPaths.temporaryFolder(name)
        try FileManager.default.copyItem(
            at: try TestPaths.newShelf().appendingPathComponent("content/library.sqlite"),
            to: folder.appendingPathComponent("books.sqlite"))
        let bookplate = CommandRunner(folder: folder)
        let added = try await bookplate.run(
            "add", "--title", "Dune", "--author", "Frank Herbert", "--library", "books.sqlite")
        #expect(added.status == 0, "\(added.stderr)")
        return (folder, bookplate)
    }

    /// The README: a library kept elsewhere has "its notes and covers beside it, in `notes/` and
    /// `covers/`, and the site is written in the current folder". Its whole folder was taken for
    /// a shelf's `content/`, so in that folder or below it `build` refused `site/` ("choose an
    /// output folder of its own, such as site/") and `export` every file (found by an audit of
    /// the README). What Bookplate keeps beside the library is still refused.
    @Test func aLibraryKeptElsewhereBuildsAndExportsBesideIt() async throws {
        let (folder, bookplate) = try await libraryKeptElsewhere("elsewhere")
        let built = try await bookplate.run("build", "--library", "books.sqlite")
        #expect(built.status == 0, "\(built.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/books/dune/index.html").path))
        let exported = try await bookplate.run("export", "--library", "books.sqlite", "--output", "backup.json")
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("backup.json").path))
        let below = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: below, withIntermediateDirectories: true)
        let builtBelow = try await CommandRunner(folder: below).run("build", "--library", "../books.sqlite")
        #expect(builtBelow.status == 0, "\(builtBelow.stderr)")
        for output in [
            "notes/x.json", "site/x.json", "books.sqlite", "books.sqlite-wal", "site.yaml", ".bookplate/x.json",
        ] {
            let refused = try await bookplate.run("export", "--library", "books.sqlite", "--output", output)
            #expect(
                refused.status == 1 && refused.stderr.contains("is the shelf's own"), "\(output): \(refused.stderr)")
        }
        let intoNotes = try await bookplate.run("build", "--library", "books.sqlite", "--output", "notes/site")
        #expect(intoNotes.status == 1 && intoNotes.stderr.contains("will not build into"), "\(intoNotes.stderr)")
    }

    /// A shelf in the folder of a library kept elsewhere, or reached from it by `..` or a link,
    /// keeps its own folders: `build` wrote a site into its `content/`, and `export --format
    /// markdown` the highlights' files into its notes, which it then published as notes. A site
    /// named `site.yaml` beside the library stopped every later build.
    @Test func aShelfBesideALibraryKeptElsewhereKeepsItsOwnFolders() async throws {
        let (folder, bookplate) = try await libraryKeptElsewhere("elsewhere-shelf")
        let quoted = try await bookplate.run(
            "quote", "add", "--library", "books.sqlite", "dune", "Fear is the mind-killer.")
        #expect(quoted.status == 0, "\(quoted.stderr)")
        let shelf = folder.appendingPathComponent("shelf")
        try ShelfCreator.createShelf(at: shelf)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("vault"),
            withDestinationURL: shelf.appendingPathComponent("content/notes"))
        let files = { () -> [String] in
            (FileManager.default.subpaths(atPath: shelf.path) ?? []).sorted()
        }
        let before = files()
        let inShelf = CommandRunner(folder: shelf)
        let inContent = CommandRunner(folder: shelf.appendingPathComponent("content"))
        let markdown = { (library: String, output: String) in
            ["export", "--library", library, "--format", "markdown", "--output", output]
        }
        for (runner, arguments) in [
            (inContent, ["build", "--library", "../../books.sqlite"]),
            (inShelf, ["build", "--library", "../books.sqlite", "--output", "content/out"]),
            (bookplate, ["build", "--library", "books.sqlite", "--output", "shelf/content/notes/out"]),
            (bookplate, ["build", "--library", "books.sqlite", "--output", "shelf/templates/out"]),
            (bookplate, ["build", "--library", "books.sqlite", "--output", "vault/out"]),
            (bookplate, ["build", "--library", "books.sqlite", "--output", "site.yaml"]),
            (bookplate, ["build", "--library", "books.sqlite", "--output", "books.sqlite-journal"]),
            (inShelf, markdown("../books.sqlite", "content/notes")),
            (bookplate, markdown("books.sqlite", "shelf/content/notes")),
            (bookplate, markdown("books.sqlite", "vault")),
        ] {
            let result = try await runner.runOffPool(arguments)
            let lines = result.stderr.split(separator: "\n")
            #expect(
                result.status == 1 && lines.count == 1
                    && (lines[0].contains("will not build into") || lines[0].contains("is the shelf's own")),
                "\(arguments): \(result.stderr)")
        }
        #expect(files() == before)
        for name in ["site.yaml", "books.sqlite-journal"] {
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)")
        }
    }

    /// `--library content` was told to pass "content/content/library.sqlite", and `--library
    /// content/notes` "content/notes/content/library.sqlite" (found by an exploratory session):
    /// a folder of a shelf is pointed to that shelf's library.
    @Test func aFolderOfAShelfGivenAsTheLibraryIsPointedToItsLibrary() async throws {
        let (bookplate, _) = try newShelf()
        for folder in ["content", "content/notes", "."] {
            let refused = try await bookplate.run("list", "--library", folder)
            #expect(refused.status == 2)
            #expect(
                refused.stderr
                    == "Error: --library \(folder) is a folder: pass the library file, such as content/library.sqlite\n"
            )
        }
    }

    /// `BOOKPLATE_LIBRARY=/tmp bookplate list` said "--library /tmp is a folder", naming an
    /// option the reader never gave (found by an exploratory session), and one naming no file
    /// "pass --library": the variable is named.
    @Test func aLibraryFromTheEnvironmentIsNamedAsSuch() async throws {
        var bookplate = try newShelf().0
        bookplate.environment["BOOKPLATE_LIBRARY"] = "content"
        let folder = try await bookplate.run("list")
        #expect(folder.status == 2)
        #expect(
            folder.stderr
                == "Error: BOOKPLATE_LIBRARY=content is a folder: set it to the library file, such as "
                + "content/library.sqlite\n")
        bookplate.environment["BOOKPLATE_LIBRARY"] = "nowhere.sqlite"
        let missing = try await bookplate.run("list")
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "Error: BOOKPLATE_LIBRARY=nowhere.sqlite names no library: set it to a library file, or unset it "
                + "to use the shelf you are in\n")
        // --library is named as the option it is, whatever the variable says.
        let given = try await bookplate.run("list", "--library", "content")
        #expect(given.stderr.hasPrefix("Error: --library content is a folder"), "\(given.stderr)")
        // Every other file that is no library was said as of `--library`'s, and advised it (found by
        // a review): the variable is named, with advice to set or unset it; each exits as before.
        let root = bookplate.folder
        try Data("not a database\n".utf8).write(to: root.appendingPathComponent("notes.txt"))
        try Data().write(to: root.appendingPathComponent("empty.sqlite"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("dangling.sqlite").path,
            withDestinationPath: "/media/bookplate-test-not-mounted/library.sqlite")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("loop.sqlite").path, withDestinationPath: "loop.sqlite")
        #expect(mkfifo(root.appendingPathComponent("pipe.sqlite").path, 0o644) == 0)
        for (named, problem, status) in [
            ("notes.txt", "is not an SQLite file, so not a Bookplate library", Int32(1)),
            ("empty.sqlite", "is an empty file, so not a Bookplate library", 1),
            (
                "dangling.sqlite",
                "is a link to /media/bookplate-test-not-mounted/library.sqlite, which is not there (a disk not mounted?)",
                2
            ),
            ("loop.sqlite", "is a link to loop.sqlite, which leads back to itself", 2),
            ("pipe.sqlite", "is a named pipe, not a file, so not a Bookplate library", 1),
        ] {
            bookplate.environment["BOOKPLATE_LIBRARY"] = named
            for command in [["list"], ["edit", "dune", "--rating", "3"]] {
                let refused = try await bookplate.runOffPool(command)
                #expect(refused.status == status, "\(named) \(command): \(refused.stderr)")
                #expect(
                    refused.stderr
                        == "Error: BOOKPLATE_LIBRARY=\(named) \(problem): set it to a library file, or unset it to use "
                        + "the shelf you are in\n", "\(named) \(command)")
            }
        }
    }

    @Test func outsideAShelfNothingIsCreatedAndTheReaderIsToldWhatToDo() async throws {
        let folder = try TestPaths.temporaryFolder("nowhere")
        let bookplate = CommandRunner(folder: folder)
        for arguments in [
            ["list"], ["add", "--title", "Dune"], ["build"], ["serve"], ["show", "dune"], ["remove", "--yes", "dune"],
            ["restore"], ["import", "goodreads", "books.csv"], ["note", "dune"], ["refresh"], ["theme", "copy"],
        ] {
            let result = try await bookplate.runOffPool(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(
                result.stderr == "Error: not inside a shelf: run `bookplate init DIR`, or pass `--library`\n",
                "\(arguments)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // A --library that does not exist is not made either, and one that is a folder is refused.
        let missing = try await bookplate.run("add", "--title", "Dune", "--library", "books.sqlite")
        #expect(missing.status != 0 && missing.stderr.contains("no library at books.sqlite"))
        let aFolder = try await bookplate.run("list", "--library", ".")
        #expect(aFolder.status == 2)
        #expect(
            aFolder.stderr
                == "Error: --library . is a folder: pass the library file, such as ./content/library.sqlite\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// `language: iw`, the old code of Hebrew, found no `he.yaml` and was built in English;
    /// `fre`, `French` and `English` were taken as languages with no words, and the build
    /// advised writing `templates/translations/French.yaml` (found by an exploratory session).
    /// An old code is read as the new one; a longer code or a language's name stops the build in
    /// one line that names the code it means.
    @Test func aLanguageWrittenAsAnOldCodeALongerCodeOrANameIsUnderstood() async throws {
        let (bookplate, root) = try newShelf()
        try await bookplate.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        let settings = root.appendingPathComponent("content/site.yaml")
        let original = try String(contentsOf: settings, encoding: .utf8)
        let line = try #require(SiteSettings.lines(settingKey: "language", in: original).first)
        func build(in language: String) async throws -> CommandRunner.Result {
            try Data(original.replacingOccurrences(of: "language: en\n", with: "language: \(language)\n").utf8)
                .write(to: settings)
            return try await bookplate.run("build")
        }
        let translations = root.appendingPathComponent("templates/translations")
        try FileManager.default.createDirectory(at: translations, withIntermediateDirectories: true)
        try Data("navShelf: מדף\n".utf8).write(to: translations.appendingPathComponent("he.yaml"))
        // A table named by the old code is one of the language's too.
        try Data("navAuthors: סופרים\n".utf8).write(to: translations.appendingPathComponent("iw.yaml"))
        let hebrew = try await build(in: "iw")
        #expect(hebrew.status == 0 && hebrew.stderr.isEmpty, "\(hebrew.stderr)")
        let home = try String(contentsOf: root.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(home.contains(#"<html lang="he" dir="rtl">"#) && home.contains("מדף") && home.contains("סופרים"))
        for (written, meant) in [("fre", "fr"), ("ENG", "en"), ("ger", "de"), ("French", "fr"), ("English", "en")] {
            let refused = try await build(in: written)
            #expect(refused.status == 1, "\(written)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
            #expect(
                refused.stderr.hasPrefix(
                    "Error: build failed to read the settings: content/site.yaml:\(line): 'language' must be a language code"
                )
                    && refused.stderr.hasSuffix("did you mean \(meant)?\n"),
                "\(refused.stderr)")
            #expect(!refused.stderr.contains(".yaml can give"), "\(refused.stderr)")
        }
    }
}
