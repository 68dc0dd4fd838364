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

/// search → add → build, with the built binary against the loopback catalogs.
@Suite(.ownThreadPerTest) struct CatalogCommandLineTests {
    /// A shelf whose last search found The Left Hand of Darkness, the stub server it asked, and
    /// the environment a command run on a terminal needs to ask it too.
    func searchedShelf() async throws -> (StubCatalogServer, CommandRunner, URL, [String: String]) {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, root) = try shelf(server)
        try await bookplate.run("search", "left", "hand", "of", "darkness")
        return (server, bookplate, root, server.environment(cache: try TestPaths.temporaryFolder("cli-cache")))
    }

    /// Every catalog record of The Left Hand of Darkness answers a minute late, so that a refresh
    /// of it is under way for as long as a test needs.
    func everyCatalogAnswersLate(_ server: StubCatalogServer) async {
        for path in [
            "/openlibrary/works/OL59863W.json", "/openlibrary/books/OL2383939M.json",
            "/openlibrary/isbn/9780441478125.json", "/openlibrary/works/OL59863W/editions.json",
            "/google/books/v1/volumes/ZHoDAAAAQBAJ", "/google/books/v1/volumes",
        ] {
            await server.on(path, StubCatalogServer.Reply.text("late").delayed(.seconds(60)))
        }
    }

    func shelf(_ server: StubCatalogServer) throws -> (CommandRunner, URL) {
        let root = try TestPaths.newShelf("cli-catalog")
        let cache = try TestPaths.temporaryFolder("cli-cache")
        return (CommandRunner(folder: root, environment: server.environment(cache: cache)), root)
    }

    /// A covers server that failed (500) was "no cover found", with no word of a later try (found
    /// by an exploratory session): the line says the cover could not be fetched, and that
    /// `refresh --missing` looks again.
    @Test func aBookAddedWithoutACoverIsToldWhereOneComesFromLater() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let failing = StubCatalogServer.Reply(status: 500, headers: [:], body: Data())
        await server.on("/covers/b/id/12345-L.jpg", failing)
        await server.on("/covers/b/isbn/9780441478125-L.jpg", failing)
        await server.on("/google/images", failing)
        let (bookplate, _) = try shelf(server)
        let add = try await bookplate.run("add", "--isbn", "9780441478125")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stdout.hasSuffix(
                " (its cover could not be fetched: Open Library Covers had a server error (500), even after "
                    + "retrying: try again later; 'bookplate refresh --missing' fetches it later)\n"),
            "\(add.stdout)")
        await server.stop()
    }

    /// A search with more than its page shows said nothing of the next, and `search --page 2`
    /// alone, the next page of the same search, was "nothing to search for" (found by an
    /// exploratory session). The results say how to see the next page, which asks the last
    /// search's words, catalogs and rows again, and is numbered for `add` in its turn.
    @Test func theNextPageOfTheLastSearchNeedsNoWordsAgain() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, _) = try shelf(server)
        let first = try await bookplate.run("search", "left", "hand", "--source", "google", "--limit", "1")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout.hasSuffix("Add one with: bookplate add NUMBER · the next page: bookplate search --page 2\n"),
            "\(first.stdout)")
        let next = try await bookplate.run("search", "--page", "2", "--json")
        #expect(next.status == 0, "\(next.stderr)")
        let asked = await server.requests().filter { $0.path == "/google/books/v1/volumes" }.last
        #expect(
            asked?.query["q"] == "left hand" && asked?.query["startIndex"] == "1" && asked?.query["maxResults"] == "1")
        #expect(await server.count("/openlibrary/search.json") == 0)
        #expect(next.stdout.contains(#""page" : 2"#), "\(next.stdout)")
        // The last page says no more.
        let last = try await bookplate.run("search", "--page", "2")
        #expect(last.stdout.hasSuffix("Add one with: bookplate add NUMBER\n"), "\(last.stdout)")
        await server.stop()
    }

    /// What the last search asked was used as the file had it: a `limit` no search takes (a file
    /// damaged, or written by hand) crashed `search --page 3` on an overflow (found by a review).
    /// A file that says no search Bookplate makes is no last search.
    @Test func aDamagedLastSearchIsNoneToPageThrough() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, root) = try shelf(server)
        let asked = root.appendingPathComponent("content/.bookplate/last-search-asked.json")
        for written in [
            #"{"query":{"text":"left"},"sources":"all","limit":9223372036854775807,"page":1}"#,
            #"{"query":{"text":"left"},"sources":"all","limit":0,"page":1}"#,
            #"{"query":{},"sources":"all","limit":20,"page":1}"#,
            #"{"query":{"isbn":"123"},"sources":"all","limit":20,"page":1}"#,
        ] {
            try FileManager.default.createDirectory(
                at: asked.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(written.utf8).write(to: asked)
            let next = try await bookplate.run("search", "--page", "3")
            #expect(next.status == 64, "\(written): \(next.stderr)")
            #expect(next.stderr.hasPrefix("Error: no last search to page through"), "\(next.stderr)")
        }
        #expect(await server.requests().isEmpty)
        await server.stop()
    }

    /// An ISBN given as a result number is (`show` takes one): `add 9780441478125` was "there is
    /// no result 9780441478125 in the last search" (found by an exploratory session). A number of
    /// its length with a wrong check digit is refused as `--isbn` refuses it.
    @Test func anISBNWhereAResultNumberGoesAddsThatBook() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, _) = try shelf(server)
        let wrong = try await bookplate.run("add", "978-0-441-47812-6")
        #expect(wrong.status == 64 && wrong.stderr.contains("its check digit does not match"), "\(wrong.stderr)")
        let add = try await bookplate.run("add", "0-441-47812-3")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.hasPrefix("Added \"The Left Hand of Darkness\" (Ursula K. Le Guin)"), "\(add.stdout)")
        let again = try await bookplate.run("add", "9780441478125")
        #expect(again.status == 1 && again.stderr.contains("is already on the shelf"), "\(again.stderr)")
        await server.stop()
    }

    /// ISBNs separated by commas, as result numbers are (`add 1,4,7`), are each an ISBN: `add
    /// 9780441478125,…` was read as result numbers and said there was no earlier search to pick
    /// from (found by a review). A piece that is nothing refuses the whole before anything is added.
    @Test func isbnsSeparatedByCommasAddThoseBooks() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, _) = try shelf(server)
        let bad = try await bookplate.run("add", "9780441478125, x")
        #expect(bad.status == 64 && bad.stderr.contains("'9780441478125, x'"), "\(bad.stderr)")
        let wrong = try await bookplate.run("add", "978-0-441-47812-6,0-441-47812-3")
        #expect(wrong.status == 64 && wrong.stderr.contains("its check digit does not match"), "\(wrong.stderr)")
        #expect(await server.requests().isEmpty, "nothing is asked of a catalog before every piece is read")
        // A catalog's id among them is one piece, not the whole item as an id.
        let withID = try await bookplate.run("add", "google:ZHoDAAAAQBAJ,x")
        #expect(withID.status == 64 && withID.stderr.contains("'google:ZHoDAAAAQBAJ,x'"), "\(withID.stderr)")
        #expect(await server.requests().isEmpty, "nothing is asked of a catalog before every piece is read")
        let add = try await bookplate.run("add", "0-441-47812-3, 9780441478125")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.hasPrefix("Added \"The Left Hand of Darkness\" (Ursula K. Le Guin)"), "\(add.stdout)")
        let list = try await bookplate.run("list", "--json")
        #expect(list.stdout.components(separatedBy: "\"slug\"").count == 2, "one book: \(list.stdout)")
        await server.stop()
    }

    /// `add --isbn … --format audiobook --series … --owned yes` added the book as the catalog had
    /// it, without a word of the options (found by a fix session): the reader's details are set
    /// over the catalog's, are the reader's from then on, and a place in a series is refused for
    /// several books at once, before anything is added.
    @Test func detailsGivenBesideACatalogRecordAreTheReaders() async throws {
        let (server, bookplate, _, _) = try await searchedShelf()
        let add = try await bookplate.run(
            "add", "--isbn", "9780441478125", "--format", "audiobook", "--series", "Hainish Cycle #4", "--owned", "yes",
            "--subtitle", "A reader's subtitle")
        #expect(add.status == 0, "\(add.stderr)")
        let show = try await bookplate.run("list", "--json")
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any], "\(show.stdout)")
        let book = try #require((listed["books"] as? [[String: Any]])?.first, "\(show.stdout)")
        #expect(book["format"] as? String == "audiobook", "\(book)")
        #expect(book["owned"] as? Bool == true, "\(book)")
        #expect(book["subtitle"] as? String == "A reader's subtitle", "\(book)")
        let series = try #require(book["series"] as? [[String: Any]], "\(book)")
        #expect(series.first?["name"] as? String == "Hainish Cycle", "\(book)")
        #expect(series.first?["position"] as? String == "4", "\(book)")
        let several = try await bookplate.run("add", "1,2", "--series", "Hainish Cycle #4")
        #expect(several.status != 0)
        #expect(
            several.stderr.contains("#4 in Hainish Cycle is one book's place: add the 2 books one by one"),
            "\(several.stderr)")
        await server.stop()
    }

    /// A covers server that never answered cost every book its time-outs, and `refresh
    /// --missing` went on to the end, said each book had nothing more to find and exited 0 (found
    /// by an exploratory session). `add` keeps the book and says its cover could not be fetched;
    /// `refresh` stops as it does when a catalog cannot be reached, and fails.
    @Test func aCoversServerThatCannotBeReachedStopsARefreshAndIsSaidByAdd() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        await server.on("/google/images", StubCatalogServer.Reply(status: 404, headers: [:], body: Data()))
        let closed = try RefusingPort()
        let root = try TestPaths.newShelf("cli-catalog")
        var environment = server.environment(cache: try TestPaths.temporaryFolder("cli-cache"))
        environment["BOOKPLATE_COVERS_URL"] = "\(closed.base)/covers"
        let bookplate = CommandRunner(folder: root, environment: environment)
        let add = try await bookplate.run("add", "--isbn", "9780441478125")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stdout.contains(
                " (its cover could not be fetched: could not reach Open Library Covers (connection refused)"),
            "\(add.stdout)")
        #expect(!add.stdout.contains("no cover found"))
        let missing = try await bookplate.runOffPool(["refresh", "--missing"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("could not reach Open Library Covers"), "\(missing.stderr)")
        #expect(missing.stderr.contains("run it again to go on"), "\(missing.stderr)")
        #expect(!missing.stdout.contains("nothing more to find"), "\(missing.stdout)")
        let one = try await bookplate.runOffPool(["refresh", "the-left-hand-of-darkness"])
        #expect(one.status == 1)
        #expect(one.stderr.contains("could not reach Open Library Covers"), "\(one.stderr)")
        #expect(!one.stdout.contains("up to date"), "\(one.stdout)")
        withExtendedLifetime(closed) {}
        await server.stop()
    }

    /// In a shelf that cannot be written, search failed after asking the catalogs, showing
    /// nothing, because it could not keep the results for `add`: it shows them, with a warning.
    @Test func searchInAShelfThatCannotBeWrittenShowsTheResultsAndSaysTheyAreNotKept() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, root) = try shelf(server)
        let chmod = Process()
        chmod.executableURL = URL(fileURLWithPath: "/bin/chmod")
        chmod.arguments = ["-R", "a-w", root.path]
        try chmod.run()
        chmod.waitUntilExit()
        defer { _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+w", root.path]) }
        var reader = bookplate
        // Root writes whatever the permissions say; `nobody` keeps its answers in a cache of its own.
        if getuid() == 0 { reader.launcher = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] }
        reader.environment["BOOKPLATE_CACHE_DIR"] = "/tmp/bookplate-cache-\(UUID().uuidString)"
        let search = try await reader.run("search", "left", "hand", "of", "darkness")
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("The Left Hand of Darkness") && !search.stdout.contains("bookplate add NUMBER"))
        #expect(
            search.stderr.hasPrefix("warning: could not remember the results in content/.bookplate/last-search.json")
                && search.stderr.hasSuffix("`bookplate add NUMBER` cannot pick from these results\n"),
            "\(search.stderr)")
        let json = try await reader.run("search", "--json", "left", "hand", "of", "darkness")
        #expect(json.status == 0 && json.stdout.contains(#""kept" : false"#), "\(json.stdout)")
        await server.stop()
    }

    @Test func searchAddOneBuildGivesACoverAndAnAuthorPageWithBioAndPhoto() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, root) = try shelf(server)

        let search = try await bookplate.run("search", "left", "hand", "of", "darkness")
        #expect(search.status == 0, "\(search.stderr)")
        let lines = search.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count >= 5)
        #expect(lines.first == "Google Books found 2 · Open Library found 2")
        #expect(lines[1].hasPrefix("#  SOURCE"))
        #expect(lines[2].hasPrefix("1  google+ol") && lines[2].contains("The Left Hand of Darkness"))
        #expect(
            lines[2].contains("Ursula K. Le Guin") && lines[2].contains("1969") && lines[2].hasSuffix("9780441478125"))

        let add = try await bookplate.run("add", "1", "--status", "read", "--rating", "5", "--finished", "2025-08-02")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stdout.contains("Added \"The Left Hand of Darkness\" (Ursula K. Le Guin) as the-left-hand-of-darkness"))

        let build = try await bookplate.run("build")
        #expect(build.status == 0, "\(build.stderr)")
        let site = root.appendingPathComponent("site")
        let book = try String(
            contentsOf: site.appendingPathComponent("books/the-left-hand-of-darkness/index.html"), encoding: .utf8)
        #expect(
            book.contains(
                "<img class=\"cover\" src=\"../../covers/the-left-hand-of-darkness-128.jpg\" "
                    + "srcset=\"../../covers/the-left-hand-of-darkness-128.jpg 128w\" sizes=\"(max-width: 40rem) 12rem, 16rem\" "
                    + "width=\"128\" height=\"194\""))
        #expect(book.contains("A groundbreaking work of science fiction."))
        #expect(
            FileManager.default.fileExists(
                atPath: site.appendingPathComponent("covers/the-left-hand-of-darkness-128.jpg").path))
        let author = try String(
            contentsOf: site.appendingPathComponent("authors/ursula-k-le-guin/index.html"), encoding: .utf8)
        #expect(author.contains("Ursula Kroeber Le Guin was an American author"))
        #expect(
            author.contains(
                "<img class=\"author-photo\" src=\"../../photos/ursula-k-le-guin-128.jpg\" width=\"128\" height=\"197\""
            ))
        #expect(author.contains("21 October 1929 – 22 January 2018"))
        #expect(author.contains("A Wizard of Earthsea"))
        #expect(author.contains("<a href=\"https://www.ursulakleguin.com\" rel=\"external\">Official site</a>"))
        #expect(!author.contains("<li>The Left Hand of Darkness"))

        // The work's first appearance comes with it, as the search showed it (add dropped it, and
        // every page gave the edition's year: found by an exploratory session).
        let shown = try await bookplate.run("show", "the-left-hand-of-darkness", "--json")
        #expect(shown.stdout.contains(#""firstPublished" : "1969""#), "\(shown.stdout)")

        let again = try await bookplate.run("add", "1")
        #expect(again.status != 0)
        #expect(again.stderr.contains("is already on the shelf as the-left-hand-of-darkness"))

        let authorCommand = try await bookplate.run("author", "le guin")
        #expect(authorCommand.stdout.contains("Open Library: OL31353A"))
        // The book on the shelf is not among the other works, as on the site (it was listed
        // again there: found by an exploratory session).
        let otherWorks = authorCommand.stdout.components(separatedBy: "Other works:").dropFirst().first ?? ""
        #expect(otherWorks.contains("A Wizard of Earthsea") && !otherWorks.contains("The Left Hand of Darkness"))
        let editions = try await bookplate.run("editions", "the-left-hand-of-darkness")
        #expect(editions.status == 0, "\(editions.stderr)")
        #expect(editions.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("*  OL2383939M") == true)
        await server.stop()
    }

    /// On a terminal the results fit its width, titles and authors giving way (the table was 94
    /// columns wide on one of 80, and each result wrapped: found by an exploratory session).
    @Test func searchResultsFitTheTerminal() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (_, root) = try shelf(server)
        let cache = try TestPaths.temporaryFolder("cli-cache")
        let screen = try await PseudoTerminal.run(
            ["search", "left", "hand", "of", "darkness"], in: root, columns: 60,
            environment: server.environment(cache: cache)
        ).screen
        let table = screen.split(separator: "\n").filter { $0.hasPrefix("#  ") || $0.hasPrefix("1  ") }
        #expect(table.count == 2, "\(screen)")
        for line in table { #expect(DisplayWidth.columns(of: String(line)) <= 60, "\(line)") }
        #expect(table.last?.contains("…") == true && table.last?.hasSuffix("9780441478125") == true, "\(screen)")
        await server.stop()
    }

    /// A result number given twice adds the book once (it was added, then refused as already
    /// there, exit 1); an ISBN that is none is refused before any catalog is asked; each of
    /// --limit and --page is named on its own (found by an exploratory session).
    @Test func searchAndAddCheckWhatTheyAreGiven() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, _) = try shelf(server)
        let badISBN = try await bookplate.run("search", "--isbn", "123")
        #expect(badISBN.status == 64 && badISBN.stderr.hasPrefix("Error: '123' is not an ISBN"), "\(badISBN.stderr)")
        #expect(
            try await bookplate.run("search", "left", "--limit", "0").stderr.hasPrefix(
                "Error: --limit must be 1 to 200\n"))
        #expect(await server.requests().isEmpty)
        try await bookplate.run("search", "left", "hand", "of", "darkness")
        let twice = try await bookplate.run("add", "1,1")
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(try await bookplate.run("list", "--columns", "slug").stdout == "the-left-hand-of-darkness\n")
        await server.stop()
    }

    /// `add` with no number asks on a terminal which results to add. Its output sent to a file, it
    /// wrote the question there and waited for an answer to a question nobody saw; Ctrl-D left
    /// the shell's prompt on the question's line; a number typed twice was added, then refused
    /// (found by an exploratory session).
    @Test func addAsksOnlyWhereItIsSeenAndTakesEachNumberOnce() async throws {
        let (server, bookplate, root, environment) = try await searchedShelf()
        let file = root.appendingPathComponent("added.txt")
        let unseen = try await PseudoTerminal.run(["add"], in: root, environment: environment, output: file)
        #expect(unseen.status != 0 && unseen.screen.hasPrefix("Error: "), "\(unseen.screen)")
        #expect(try String(contentsOf: file, encoding: .utf8).isEmpty)

        let ended = try await PseudoTerminal.run(["add"], in: root, typing: "\u{04}", environment: environment)
        #expect(
            ended.status == 0 && ended.screen.hasSuffix("or nothing to cancel: \nNothing added.\n"), "\(ended.screen)")
        let twice = try await PseudoTerminal.run(["add"], in: root, typing: "1, 1\n", environment: environment)
        #expect(twice.status == 0, "\(twice.screen)")
        #expect(!twice.screen.contains("Error"), "\(twice.screen)")
        #expect(try await bookplate.run("list", "--columns", "slug").stdout == "the-left-hand-of-darkness\n")
        await server.stop()
    }

    /// Plain `add` after a search that found nothing showed an empty table and asked "Add
    /// which?"; an arrow key typed at the question was "'' is not a result number", its bytes
    /// left out of the line (found by an exploratory session). The first says there is nothing
    /// to pick from; the second says what to type.
    @Test func thePickerSaysWhenThereIsNothingToPickAndWhatToType() async throws {
        let (server, bookplate, root, environment) = try await searchedShelf()
        let arrow = try await PseudoTerminal.run(["add"], in: root, typing: "\u{1B}[A\n", environment: environment)
        #expect(arrow.status == 1, "\(arrow.screen)")
        #expect(
            arrow.screen.contains(
                "Error: keys such as the arrows are not read here: type result numbers like 1,4,7, a catalog id, "
                    + "or nothing to cancel"),
            "\(arrow.screen)")
        await server.on("/google/books/v1/volumes", .json("recorded/google-books/volumes-zero-results.json"))
        await server.on("/openlibrary/search.json", .text(#"{"numFound": 0, "docs": []}"#))
        #expect(try await bookplate.run("search", "zzz").status == 0)
        let empty = try await PseudoTerminal.run(["add"], in: root, typing: "1\n", environment: environment)
        #expect(empty.status == 1, "\(empty.screen)")
        #expect(
            empty.screen.contains(
                "Error: the last search found nothing to pick from: search again with other words"),
            "\(empty.screen)")
        #expect(!empty.screen.contains("Add which?"), "\(empty.screen)")
        await server.stop()
    }

    /// Ctrl-C while add waits for a slow covers server kept the book without a word; it says
    /// what it added, and how to fetch the cover (found by an exploratory session).
    @Test func anInterruptedAddSaysWhatItKept() async throws {
        let (server, bookplate, _, _) = try await searchedShelf()
        for path in ["/covers/b/id/12345-L.jpg", "/google/images"] {
            await server.on(path, StubCatalogServer.Reply.text("late").delayed(.seconds(60)))
        }
        var interrupted = bookplate
        // The shell interrupts it once its cover is being fetched, and says how it ended (a
        // background job of a script ignores SIGINT unless told: `env --default-signal`).
        interrupted.launcher = [
            "/bin/sh", "-c",
            #"env --default-signal=INT "$0" "$@" & pid=$!; sleep 5; kill -INT $pid; wait $pid; echo "exit $?" >&2"#,
        ]
        let result = try await interrupted.runOffPool(["add", "1"])
        #expect(result.stderr.hasSuffix("exit 130\n"), "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "Interrupted: added the-left-hand-of-darkness without waiting for its cover "
                    + "(`bookplate refresh --missing` fetches what is missing)"), "\(result.stdout)")
        #expect(try await bookplate.run("list", "--columns", "slug").stdout == "the-left-hand-of-darkness\n")
        await server.stop()
    }

    /// Ctrl-C amid a refresh left its progress bar on the line, the prompt drawn after it (found
    /// by an exploratory session): it is taken off, and the command says it was interrupted.
    @Test func anInterruptedRefreshSaysSo() async throws {
        let (server, bookplate, _, _) = try await searchedShelf()
        try await bookplate.run("add", "1")
        // Every catalog answers late: the refresh is under way when it is interrupted.
        await everyCatalogAnswersLate(server)
        var interrupted = bookplate
        // Python starts it with SIGINT as a terminal would, interrupts it, and says how it ended:
        // by the signal itself (-2), so that a shell's loop stops too (it ended with exit(130), and
        // bash went on with the loop: found by a review).
        interrupted.launcher = [
            "/usr/bin/python3", "-c",
            "import subprocess, sys, time\n"
                + "p = subprocess.Popen(sys.argv[1:])\ntime.sleep(4)\np.send_signal(2)\np.wait()\n"
                + "print('ended by', p.returncode, file=sys.stderr)",
        ]
        let result = try await interrupted.runOffPool(["refresh"])
        #expect(
            result.stderr.hasSuffix("Interrupted: the books done so far keep what was found\nended by -2\n"),
            "\(result.stderr)")
        await server.stop()
    }

    /// A search made `~/.cache/org.swift.foundation.URLCache/bookplate/` and
    /// `~/.local/share/<the binary's folder>/` (Foundation's own cache and cookie storage), which
    /// Bookplate never uses, and made a HOME that did not exist (found by an exploratory
    /// session). Nothing is written outside the cache Bookplate names.
    @Test func aSearchWritesNothingOutsideItsOwnCache() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let root = try TestPaths.temporaryFolder("home")
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let cache = root.appendingPathComponent("cache")
        for environment in [
            ["HOME": home.path], ["HOME": root.appendingPathComponent("no/such/home").path],
        ] {
            var searching = CommandRunner(folder: root, environment: server.environment(cache: cache))
            searching.environment.merge(environment) { $1 }
            for key in ["XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"] { searching.environment[key] = "" }
            let result = try await searching.runOffPool(["search", "left", "hand"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["cache", "home"])
        await server.stop()
    }

    /// SIGTERM (`kill`, `timeout`) and SIGHUP (the terminal closed) amid a refresh ended it with
    /// its progress bar still drawn and no line break after it (found by an exploratory session):
    /// they are heard as Ctrl-C is, the bar taken off, and the command ends by the signal.
    @Test func aRefreshEndedBySIGTERMOrSIGHUPTakesItsBarOff() async throws {
        let (server, bookplate, _, _) = try await searchedShelf()
        try await bookplate.run("add", "1")
        await everyCatalogAnswersLate(server)
        for signalNumber in [SIGTERM, SIGHUP] {
            var ended = bookplate
            ended.launcher = [
                "/usr/bin/python3", "-c",
                "import subprocess, sys, time\n"
                    + "p = subprocess.Popen(sys.argv[1:])\ntime.sleep(4)\np.send_signal(\(signalNumber))\np.wait()\n"
                    + "print('ended by', p.returncode, file=sys.stderr)",
            ]
            let result = try await ended.runOffPool(["refresh"])
            #expect(
                result.stderr.hasSuffix(
                    "Interrupted: the books done so far keep what was found\nended by -\(signalNumber)\n"),
                "\(result.stderr)")
        }
        await server.stop()
    }

    /// The progress bar was 30 cells whatever the terminal's width, and wrapped on a narrow one;
    /// on `TERM=dumb` (an editor's shell) the escape that clears it showed as text (found by an
    /// exploratory session).
    @Test func theProgressBarFitsTheTerminalAndKeepsOffADumbOne() async throws {
        var (server, bookplate, root, environment) = try await searchedShelf()
        try await bookplate.run("add", "1")
        environment["TERM"] = "xterm"
        let narrow = try await PseudoTerminal.run(["refresh"], in: root, columns: 30, environment: environment)
        #expect(narrow.status == 0, "\(narrow.screen)")
        #expect(narrow.screen.contains("\u{1B}[2K"), "\(narrow.screen)")
        // What the bar draws, between the returns that begin it again.
        let drawn = narrow.screen.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).filter { $0.contains("/1") }
        #expect(!drawn.isEmpty && drawn.allSatisfy { DisplayWidth.columns(of: String($0)) < 30 }, "\(drawn)")
        // add draws its bar before the first cover comes: a slow covers server left the screen
        // empty for up to half a minute.
        try await bookplate.run("remove", "--yes", "the-left-hand-of-darkness")
        try await bookplate.run("remove", "--purge", "--yes", "the-left-hand-of-darkness")
        let added = try await PseudoTerminal.run(["add", "1"], in: root, columns: 80, environment: environment)
        #expect(
            added.status == 0 && added.screen.contains("Covers ") && added.screen.contains(" 0/1"), "\(added.screen)")
        environment["TERM"] = "dumb"
        let dumb = try await PseudoTerminal.run(["refresh"], in: root, columns: 80, environment: environment)
        #expect(dumb.status == 0 && !dumb.screen.contains("\u{1B}"), "\(dumb.screen)")
        await server.stop()
    }

    @Test func searchJSONIsForScriptsAndOneCatalogDownIsAWarning() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        await server.on("/openlibrary/search.json", .text("<html>bad gateway</html>", status: 502))
        let (bookplate, _) = try shelf(server)
        let result = try await bookplate.run("search", "--title", "left hand", "--json", "--source", "all")
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("warning: Open Library had a server error (502)"))
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let search = document?["search"] as? [String: Any]
        let results = search?["results"] as? [[String: Any]] ?? []
        #expect(results.count == 2 && results.allSatisfy { $0["sources"] as? [String] == ["google"] })
        #expect(results.map { $0["number"] as? Int } == [1, 2])
        #expect(search?["openLibraryTotal"] is NSNull)
        await server.stop()
    }

    /// A value a catalog sent that cannot be used is left out with a warning that says which; the
    /// row is shown, and the warning does not say the other catalog's results stand alone.
    @Test func searchSaysWhatACatalogSentThatWasLeftOut() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        await server.on(
            "/openlibrary/search.json",
            .text(
                #"{"numFound": 1, "docs": [{"key": "/works/OL59863W", "title": "The Left Hand of Darkness", "#
                    + #""first_publish_year": 1e30}]}"#))
        let (bookplate, _) = try shelf(server)
        let result = try await bookplate.run("search", "--title", "left hand", "--source", "openlibrary")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "warning: Open Library sent a value Bookplate cannot use, left out: docs[0].first_publish_year\n")
        #expect(result.stdout.contains("The Left Hand of Darkness"))
        await server.stop()
    }

    /// `refresh --missing` searches only to pick a record: what the rows it did not pick lost is
    /// no concern of the reader's, and was told as a warning (found by a review).
    @Test func refreshMissingDoesNotTellWhatUnpickedRowsLost() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        var search = try #require(
            try JSONSerialization.jsonObject(with: Fixtures.data("handmade/openlibrary-search-left-hand.json"))
                as? [String: Any])
        let docs =
            (search["docs"] as? [Any] ?? []) + [
                ["key": "/works/OL2W", "title": "Another book", "first_publish_year": "soon"]
            ]
        search["docs"] = docs
        let body = try JSONSerialization.data(withJSONObject: search)
        await server.on(
            "/openlibrary/search.json",
            StubCatalogServer.Reply(status: 200, headers: ["Content-Type": "application/json"], body: body))
        let (bookplate, _) = try shelf(server)
        let add = try await bookplate.run(
            "add", "--title", "The Left Hand of Darkness", "--author", "Ursula K. Le Guin")
        #expect(add.status == 0, "\(add.stderr)")
        let missing = try await bookplate.run("refresh", "--missing")
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(!missing.stderr.contains("left out"), "\(missing.stderr)")
        await server.stop()
    }

    /// `show --json` named where a book's fields came from by the library's own names — `isbn`,
    /// `pageCount`, `publishedDate`, `subjects` — none of them a field of the book it printed,
    /// though a book's fields are named the same everywhere. Found by an exploratory session.
    /// `provenance` names the book's JSON fields, `reader` those the reader set, and the schema's
    /// version is 2, as a field changed meaning.
    @Test func provenanceNamesTheBooksOwnFields() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, _) = try shelf(server)
        #expect(try await bookplate.runOffPool(["add", "--isbn", "9780441478125"]).status == 0)
        #expect(
            try await bookplate.runOffPool(["edit", "the-left-hand-of-darkness", "--publisher", "Mine"]).status == 0)
        let shown = try await bookplate.runOffPool(["show", "the-left-hand-of-darkness", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(document["version"] as? Int == 2)
        let book = document["book"] as? [String: Any] ?? [:]
        let provenance = book["provenance"] as? [String: String] ?? [:]
        #expect(Set(provenance.keys).isSubset(of: Set(book.keys)), "\(provenance.keys.sorted())")
        #expect(provenance["publisher"] == "reader", "\(provenance)")
        for field in ["title", "isbn13", "pages", "published"] {
            #expect(provenance[field] == "google" || provenance[field] == "openlibrary", "\(field): \(provenance)")
        }
        await server.stop()
    }

    /// Every `--json` speaks alike: a `version`, one named payload, a book's fields named as in
    /// `show` wherever a book appears, and empty fields as `null`.
    @Test func everyCommandSpeaksTheSameJSON() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, root) = try shelf(server)
        func document(_ arguments: String...) async throws -> [String: Any] {
            let result = try await bookplate.runOffPool(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
            #expect(object["version"] as? Int == 2, "\(arguments)")
            #expect(object.count == 2, "\(arguments): \(object.keys.sorted())")
            return object
        }
        let search = try await document("search", "left", "hand", "--json")
        let results = (search["search"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
        #expect(results.first?["number"] as? Int == 1)
        #expect(try await bookplate.runOffPool(["add", "1"]).status == 0)
        #expect(try await bookplate.runOffPool(["add", "--title", "Kindred"]).status == 0)

        let listed = try await document("list", "--json")["books"] as? [[String: Any]] ?? []
        let shown = try await document("show", "kindred", "--json")["book"] as? [String: Any] ?? [:]
        #expect(listed.count == 2)
        let bookKeys = Set(shown.keys)
        #expect(listed.allSatisfy { Set($0.keys) == bookKeys })
        // A hand-added book has no ISBN, rating or publisher: each is there, as null.
        for key in ["isbn13", "rating", "publisher", "subtitle", "pages", "finished"] {
            #expect(shown[key] is NSNull, "\(key)")
        }
        // A search result names what it shares with a book as the book does.
        let candidateKeys = Set(results.first?.keys.map { $0 } ?? [])
        #expect(candidateKeys.subtracting(["number", "sources"]).isSubset(of: bookKeys), "\(candidateKeys)")

        let author = try await document("author", "le guin", "--json")["author"] as? [String: Any] ?? [:]
        #expect((author["books"] as? [[String: Any]])?.first?["slug"] as? String == "the-left-hand-of-darkness")
        let editions = try await document("editions", "the-left-hand-of-darkness", "--json")
        #expect(((editions["editions"] as? [String: Any])?["editions"] as? [[String: Any]])?.isEmpty == false)
        let built = try await document("build", "--json")["build"] as? [String: Any] ?? [:]
        #expect(built["kind"] as? String == "full" && built["books"] as? Int == 2)
        let again = try await document("build", "--json")["build"] as? [String: Any] ?? [:]
        // A build with nothing to do counts the shelf all the same (books and authors were null,
        // while pages were given: found by an exploratory session).
        #expect(
            again["kind"] as? String == "up-to-date" && again["books"] as? Int == 2 && again["authors"] as? Int == 1)

        let csv = root.appendingPathComponent("goodreads.csv")
        try Data(
            "Title,Author,ISBN13,My Rating,Exclusive Shelf\nEmma,Jane Austen,,4,read\n".utf8
        ).write(to: csv)
        let imported = try await document("import", "goodreads", csv.path, "--dry-run", "--json")
        let report = imported["import"] as? [String: Any] ?? [:]
        #expect(report["added"] as? [String] == ["emma"] && report["dryRun"] as? Bool == true)
        // A dry run changes nothing.
        #expect((try await document("list", "--json")["books"] as? [[String: Any]])?.count == 2)
        await server.stop()
    }

    /// Books imported without an ISBN are found by title and author, only when both match, by
    /// `import --enrich` (even after a plain import of the same file) and `refresh --missing`.
    @Test func booksWithoutAnISBNAreFoundByTitleAndAuthorOnlyWhenBothMatch() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, root) = try shelf(server)
        let file = root.appendingPathComponent("goodreads.csv")
        try Data(
            """
            Book Id,Title,Author,Exclusive Shelf
            1,The Left Hand of Darkness,Ursula K. Le Guin,read
            2,Zzz Nowhere,Nobody At All,to-read

            """.utf8
        ).write(to: file)
        #expect(try await bookplate.runOffPool(["import", "goodreads", file.path]).status == 0)
        let enriched = try await bookplate.runOffPool(["import", "goodreads", file.path, "--enrich"])
        #expect(enriched.status == 0, "\(enriched.stderr)")
        #expect(enriched.stdout.contains("the-left-hand-of-darkness: found by title and author, filled in "))
        #expect(enriched.stdout.contains("zzz-nowhere: not matched, none of the "))
        #expect(
            enriched.stdout.hasSuffix(
                "Looked up 2 books missing details or a cover: 0 updated, 1 found by title and author, "
                    + "0 with nothing more to find, 1 not matched, 0 skipped, 0 failed\n"), "\(enriched.stdout)")
        let show = try await bookplate.runOffPool(["show", "the-left-hand-of-darkness", "--json"]).stdout
        #expect(
            show.contains("\"googleVolumeID\" : \"ZHoDAAAAQBAJ\"")
                && show.contains("\"title\" : \"The Left Hand of Darkness\""))
        #expect(
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent("content/covers/the-left-hand-of-darkness.jpg").path))
        // What was found is not looked for again; what was not is.
        let again = try await bookplate.runOffPool(["refresh", "--missing"])
        #expect(again.status == 0 && again.stdout.hasPrefix("zzz-nowhere: not matched"), "\(again.stdout)")
        #expect(again.stdout.hasSuffix("1 not matched, 0 skipped, 0 failed\n"))
        // With --json, standard output is the JSON alone: the lines went after it (found by an
        // exploratory session), and are on standard error.
        let json = try await bookplate.runOffPool(["import", "goodreads", file.path, "--enrich", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any], "\(json.stdout)")
        #expect(json.stderr.contains("zzz-nowhere: not matched") && json.stderr.contains("Looked up 1 book"))
        await server.stop()
    }

    /// A book whose ISBN no catalog knows was "failed: dune: Open Library has no book with ISBN …:
    /// check the identifier" in `import --enrich`, which then exited 1 though the import had
    /// succeeded, and in `refresh --missing`; `refresh` skipped it as one Open Library "no longer"
    /// had, asking for the ISBN it has. Found by an exploratory session. All three skip it in the
    /// same words, saying no catalog knows its ISBN, and exit 0.
    @Test func aBookWhoseISBNNoCatalogKnowsIsSkippedAlikeByEveryLookUp() async throws {
        let server = try await StubCatalogServer.start()
        let (bookplate, root) = try shelf(server)
        let file = root.appendingPathComponent("goodreads.csv")
        try Data("Book Id,Title,Author,ISBN13,Exclusive Shelf\n1,Dune,Frank Herbert,9780441013593,read\n".utf8)
            .write(to: file)
        let skipped =
            "dune: skipped, neither Google Books nor Open Library knows its ISBN 9780441013593 (another edition's "
            + "may be known: 'bookplate edit dune --isbn …')\n"
        let enriched = try await bookplate.runOffPool(["import", "goodreads", file.path, "--enrich"])
        #expect(enriched.status == 0, "\(enriched.stderr)")
        #expect(enriched.stdout.contains(skipped), "\(enriched.stdout)")
        #expect(enriched.stdout.hasSuffix("0 not matched, 1 skipped, 0 failed\n"), "\(enriched.stdout)")
        for arguments in [["refresh", "dune"], ["refresh", "--missing", "dune"]] {
            let result = try await bookplate.runOffPool(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix(skipped), "\(arguments): \(result.stdout)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        }
        await server.stop()
    }

    /// `import --json --enrich` printed two objects, the import's and then the error's, when the
    /// enrichment failed after the import was made (a typo in site.yaml); and the import's alone,
    /// the error on standard error only, when the catalogs could not be reached (found by an
    /// exploratory session). Standard output holds one object whatever happens: settings the
    /// catalogs cannot be asked with are refused before anything is imported, and the import's
    /// object says how the enrichment ended.
    @Test func importWithJSONAndEnrichPrintsOneObjectWhateverHappens() async throws {
        let closed = try RefusingPort()
        let root = try TestPaths.newShelf("cli-catalog")
        var environment = ["BOOKPLATE_CACHE_DIR": try TestPaths.temporaryFolder("cli-cache").path]
        for name in ["BOOKPLATE_GOOGLE_BOOKS_URL", "BOOKPLATE_OPEN_LIBRARY_URL", "BOOKPLATE_COVERS_URL"] {
            environment[name] = closed.base
        }
        let bookplate = CommandRunner(folder: root, environment: environment)
        let file = root.appendingPathComponent("goodreads.csv")
        try Data("Book Id,Title,Author,ISBN13,Exclusive Shelf\n1,Dune,Frank Herbert,9780441013593,read\n".utf8)
            .write(to: file)
        func object(_ result: CommandRunner.Result) throws -> [String: Any] {
            try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        }
        let settings = root.appendingPathComponent("content/site.yaml")
        let written = try Data(contentsOf: settings)
        try (written + Data("contakt: me@example.org\n".utf8)).write(to: settings)
        let typo = try await bookplate.runOffPool(["import", "goodreads", file.path, "--json", "--enrich"])
        #expect(typo.status == 1, "\(typo.stderr)")
        let refused = try object(typo)
        #expect(refused["error"] != nil && refused["import"] == nil, "\(refused)")
        #expect(try await bookplate.runOffPool(["list", "--columns", "slug"]).stdout.isEmpty)

        try written.write(to: settings)
        let unreachable = try await bookplate.runOffPool(["import", "goodreads", file.path, "--json", "--enrich"])
        #expect(unreachable.status == 1, "\(unreachable.stderr)")
        let made = try object(unreachable)
        #expect(made["error"] == nil, "\(made)")
        let imported = try #require(made["import"] as? [String: Any], "\(made)")
        #expect(imported["added"] as? [String] == ["dune"], "\(imported)")
        let enrichment = try #require(imported["enrichment"] as? [String: Any], "\(imported)")
        #expect(enrichment["lookedUp"] as? Int == 1 && enrichment["failed"] as? Int == 0, "\(enrichment)")
        let error = try #require(enrichment["error"] as? String, "\(enrichment)")
        #expect(error.hasPrefix("dune: could not reach ") && error.hasSuffix("run it again to go on"), "\(error)")
        #expect(unreachable.stderr.contains("Error: dune: could not reach "), "\(unreachable.stderr)")
        // Without --enrich there is no enrichment to tell of.
        let plain = try await bookplate.runOffPool(["import", "goodreads", file.path, "--json"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect((try object(plain)["import"] as? [String: Any])?["enrichment"] is NSNull)
        withExtendedLifetime(closed) {}
    }

    /// Ctrl-C amid the enrichment of `import --json --enrich` ended the command with nothing on
    /// standard output, though the import was made (found by an exploratory session): the
    /// import's one object is printed first, its enrichment saying where it was interrupted.
    @Test func anInterruptedImportWithJSONStillPrintsItsObject() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        for path in ["/google/books/v1/volumes", "/openlibrary/search.json"] {
            await server.on(path, StubCatalogServer.Reply.text("late").delayed(.seconds(60)))
        }
        let (bookplate, root) = try shelf(server)
        let file = root.appendingPathComponent("goodreads.csv")
        try Data("Book Id,Title,Author,Exclusive Shelf\n1,The Left Hand of Darkness,Ursula K. Le Guin,read\n".utf8)
            .write(to: file)
        // The shell interrupts it once a catalog is being asked (the test makes `go`), and says
        // how it ended (a background job of a script ignores SIGINT unless told).
        let go = root.appendingPathComponent("go")
        var interrupted = bookplate
        interrupted.launcher = [
            "/bin/sh", "-c",
            #"env --default-signal=INT "$0" "$@" & pid=$!; while [ ! -e go ]; do sleep 0.1; done; "#
                + #"kill -INT $pid; wait $pid; echo "exit $?" >&2"#,
        ]
        async let ended = interrupted.runOffPool(["import", "goodreads", file.path, "--json", "--enrich"])
        for _ in 0..<600 where await server.requests().isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        #expect(await !server.requests().isEmpty)
        try Data().write(to: go)
        let result = try await ended
        #expect(result.stderr.hasSuffix("exit 130\n"), "\(result.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        let imported = try #require(object["import"] as? [String: Any], "\(object)")
        #expect(imported["added"] as? [String] == ["the-left-hand-of-darkness"], "\(imported)")
        let enrichment = try #require(imported["enrichment"] as? [String: Any], "\(imported)")
        #expect(
            enrichment["error"] as? String == "interrupted after 0 of 1 book; run it again to go on", "\(enrichment)")
        #expect(enrichment["lookedUp"] as? Int == 1 && enrichment["failed"] as? Int == 0, "\(enrichment)")
        #expect(try await bookplate.run("list", "--columns", "slug").stdout == "the-left-hand-of-darkness\n")
        await server.stop()
    }

    /// `import kindle … --enrich` took the flag and did nothing (found by an exploratory
    /// session): with --add-missing it fills in the books it added, by title and author; without,
    /// it adds no book to fill in, and is refused as a usage error.
    @Test func highlightsWithEnrichFillInTheBooksTheyAdd() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, root) = try shelf(server)
        let clippings = root.appendingPathComponent("My Clippings.txt")
        try Data(
            """
            The Left Hand of Darkness (Ursula K. Le Guin)
            - Your Highlight on page 12 | Location 170-172 | Added on Sunday, 3 March 2019 12:01:02

            Light is the left hand of darkness and darkness the right hand of light.
            ==========

            """.utf8
        ).write(to: clippings)
        let alone = try await bookplate.runOffPool(["import", "kindle", clippings.path, "--enrich"])
        #expect(alone.status == 64, "\(alone.stderr)")
        #expect(
            alone.stderr.hasPrefix(
                "Error: --enrich with highlights fills in the books --add-missing adds: give --add-missing too\n"),
            "\(alone.stderr)")
        let result = try await bookplate.runOffPool(["import", "kindle", clippings.path, "--add-missing", "--enrich"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("the-left-hand-of-darkness: found by title and author"), "\(result.stdout)")
        #expect(
            result.stdout.hasSuffix(
                "Looked up 1 book missing details or a cover: 0 updated, 1 found by title and author, "
                    + "0 with nothing more to find, 0 not matched, 0 skipped, 0 failed\n"), "\(result.stdout)")
        let show = try await bookplate.runOffPool(["show", "the-left-hand-of-darkness", "--json"]).stdout
        #expect(show.contains("\"googleVolumeID\" : \"ZHoDAAAAQBAJ\""), "\(show)")
        await server.stop()
    }

    /// A book whose Open Library work is gone (404), with nothing else to look it up by, failed
    /// every refresh with "check the identifier", though the reader typed none. Found by an
    /// exploratory session. It is skipped, saying why.
    @Test func aBookWhoseRecordIsGoneIsSkipped() async throws {
        let server = try await StubCatalogServer.start()
        await server.on("/openlibrary/works/OL102360W.json", .text("{}", status: 404))
        let (bookplate, root) = try shelf(server)
        try await bookplate.run("add", "--title", "I Who Have Never Known Men", "--author", "Jacqueline Harpman")
        try await DatabaseQueue(path: root.appendingPathComponent("content/library.sqlite").path).write { db in
            try db.execute(sql: "UPDATE book SET openLibraryWorkKey = 'OL102360W'")
        }
        let refreshed = try await bookplate.runOffPool(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(
            refreshed.stdout.contains(
                "i-who-have-never-known-men: skipped, Open Library no longer has its record OL102360W"),
            "\(refreshed.stdout)")
        #expect(refreshed.stdout.hasSuffix("0 updated, 0 up to date, 1 skipped, 0 failed\n"))
        await server.stop()
    }

    @Test func refreshSkipsWhatItCannotLookUpAndSumsUp() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, _) = try shelf(server)
        #expect(try await bookplate.runOffPool(["search", "left", "hand"]).status == 0)
        #expect(try await bookplate.runOffPool(["add", "1"]).status == 0)
        // A shelf of one book, up to date, said nothing at all (found by an exploratory session).
        let alone = try await bookplate.runOffPool(["refresh"])
        #expect(
            alone.stdout.hasSuffix("Refreshed 1 book: 0 updated, 1 up to date, 0 skipped, 0 failed\n"),
            "\(alone.stdout)")
        #expect(try await bookplate.runOffPool(["add", "--title", "Kindred"]).status == 0)
        let refreshed = try await bookplate.runOffPool(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(
            refreshed.stdout.contains(
                "kindred: skipped, no ISBN or catalog id to look it up by (add one with 'bookplate edit kindred --isbn …')"
            ))
        #expect(
            refreshed.stdout.hasSuffix("Refreshed 2 books: 0 updated, 1 up to date, 1 skipped, 0 failed\n"),
            "\(refreshed.stdout)")
        #expect(!refreshed.stderr.contains("Error"))
        let one = try await bookplate.runOffPool(["refresh", "kindred"])
        #expect(one.status == 0 && one.stdout.hasSuffix("1 skipped, 0 failed\n"))
        await server.stop()
    }

    /// `refresh`, which fetches catalog data again, answered from the week-long cache: a record
    /// corrected since the book was added was not asked for, and the book was "up to date" (found
    /// by an exploratory session). It asks the catalogs again; offline, the cache still answers.
    @Test func refreshAsksTheCatalogsAgainAndTheCacheAnswersOffline() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, _) = try shelf(server)
        #expect(try await bookplate.runOffPool(["add", "--isbn", "9780441478125"]).status == 0)
        // The first refresh takes the records the book came from (its edition by key, its volume).
        #expect(try await bookplate.runOffPool(["refresh", "the-left-hand-of-darkness"]).status == 0)
        let work = String(decoding: Fixtures.data("handmade/openlibrary-work-OL59863W.json"), as: UTF8.self)
        await server.on(
            "/openlibrary/works/OL59863W.json",
            .text(work.replacingOccurrences(of: #""Science fiction","#, with: #""Ambiguous utopias","#)))
        let refreshed = try await bookplate.runOffPool(["refresh", "the-left-hand-of-darkness"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stdout.contains("the-left-hand-of-darkness: updated subjects"), "\(refreshed.stdout)")
        #expect(await server.count("/openlibrary/works/OL59863W.json") == 3)
        await server.stop()
        let offline = try await bookplate.runOffPool(["refresh", "the-left-hand-of-darkness"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("the-left-hand-of-darkness: up to date"), "\(offline.stdout)")
    }

    /// A catalog refusing too many requests refused every book in turn, each after its retries:
    /// 6.6 s a book, hours for a large shelf (found by an exploratory session). The pass stops.
    @Test func refreshStopsWhenTheCatalogsRefuseForNow() async throws {
        let server = try await StubCatalogServer.start()
        let refused = StubCatalogServer.Reply.text(
            #"{"error": "slow down"}"#, status: 429, headers: ["Retry-After": "0"])
        await server.on("/google/books/v1/volumes", refused)
        await server.on("/openlibrary/isbn/9780441478125.json", refused)
        await server.on("/openlibrary/isbn/9780807083697.json", refused)
        let (bookplate, _) = try shelf(server)
        for (title, isbn) in [("Left Hand", "9780441478125"), ("Kindred", "9780807083697")] {
            #expect(try await bookplate.runOffPool(["add", "--title", title, "--isbn", isbn]).status == 0)
        }
        let refreshed = try await bookplate.runOffPool(["refresh"])
        #expect(refreshed.status != 0)
        #expect(refreshed.stderr.contains("too many requests (429)"), "\(refreshed.stderr)")
        #expect(refreshed.stderr.contains("stopping; refresh the rest later"), "\(refreshed.stderr)")
        // The books go in slug order: Kindred first, and Left Hand is never asked about.
        #expect(await server.count("/openlibrary/isbn/9780441478125.json") == 0)
        await server.stop()
    }

    /// A command line with nothing to do is a usage error (64), as `edit` with nothing to change
    /// is (`search` and `add` alone exited 1: found by an exploratory session).
    @Test(arguments: [
        (["search"], "nothing to search for", 64),
        (["add", "7"], "there is no earlier search to pick from", 1),
        (["add"], "nothing to add", 64),
        (["add", "one,two"], "'one,two' is not a result number or a catalog id", 64),
        (["search", "x", "--source", "amazon"], "The value 'amazon' is invalid for '--source <source>'", 64),
        (["editions", "nothing"], "no book matches 'nothing'", 1),
    ])
    func mistakesAreOneLine(arguments: [String], message: String, status: Int32) async throws {
        let server = try await StubCatalogServer.start()
        let (bookplate, _) = try shelf(server)
        let result = try await bookplate.runOffPool(arguments)
        #expect(result.status == status, "\(arguments)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        await server.stop()
    }

    @Test func bothCatalogsDownIsAnErrorNamingEach() async throws {
        let server = try await StubCatalogServer.start()
        let (bookplate, _) = try shelf(server)
        await server.stop()
        let result = try await bookplate.run("search", "anything")
        #expect(result.status != 0)
        #expect(
            result.stderr == "Error: no catalog answered: "
                + "could not reach Google Books (connection refused): check your connection and try again; "
                + "could not reach Open Library (connection refused): check your connection and try again\n")
    }

    /// A catalog that answers with too much, in circles, or with bytes that are not text: `add`
    /// fails with one line and the library is as it was.
    @Test func hostileAnswersEndInOneLineAndChangeNothing() async throws {
        let server = try await StubCatalogServer.start()
        let volumes = "/google/books/v1/volumes/"
        await server.on(volumes + "huge", StubCatalogServer.Reply.generated(count: 100 * 1_048_576))
        await server.on(
            volumes + "loop",
            StubCatalogServer.Reply(status: 302, headers: ["Location": volumes + "loop"], body: Data()))
        await server.on(
            volumes + "bytes", StubCatalogServer.Reply(status: 200, headers: [:], body: Data([0xFF, 0xFE, 0x00, 0xC3])))
        await server.on(
            volumes + "bomb",
            StubCatalogServer.Reply(
                status: 200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"],
                body: Fixtures.data("handmade/gzip-bomb-64MiB-of-zeros.gz")))
        let (bookplate, _) = try shelf(server)
        try await bookplate.run("add", "--title", "Kept", "--author", "A Reader")
        let before = try await bookplate.run("export", "--format", "json").stdout
        for (id, message) in [
            ("huge", "sent more than 20 MiB"), ("loop", "too many redirects"), ("bytes", "cannot read"),
            ("bomb", "sent more than 20 MiB"),
        ] {
            let result = try await bookplate.runOffPool(["add", "google:\(id)"])
            #expect(result.status != 0, "\(id)")
            #expect(
                result.stderr.contains(message) && result.stderr.split(separator: "\n").count == 1,
                "\(id): \(result.stderr)")
            #expect(try await bookplate.run("export", "--format", "json").stdout == before, "\(id)")
        }
        await server.stop()
    }

    @Test func aNumberBeyondTheLastSearchSaysHowManyThereWere() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let (bookplate, _) = try shelf(server)
        try await bookplate.run("search", "left hand of darkness")
        let result = try await bookplate.run("add", "9")
        #expect(result.status != 0)
        #expect(result.stderr.contains("there is no result 9 in the last search (it had 3)"))
        await server.stop()
    }
}
