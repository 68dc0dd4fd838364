import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct CandidateMergerTests {
    @Test func aGoogleVolumeJoinsTheWorkThatListsItsISBN() {
        let google = [
            BookCandidate(
                sources: [.google], title: "The Left Hand of Darkness", authors: ["Ursula K. Le Guin"], year: 1987,
                isbn13: "9780441478125", allISBN13s: ["9780441478125"], googleVolumeID: "g1")
        ]
        let openLibrary = [
            BookCandidate(
                sources: [.openLibrary], title: "Left hand of darkness", authors: ["Ursula Le Guin"], year: 1969,
                isbn13: "9780000000019", allISBN13s: ["9780000000019", "9780441478125"], openLibraryWorkKey: "OL1W",
                openLibraryCoverID: 7)
        ]
        let merged = CandidateMerger.mergeCandidates(google: google, openLibrary: openLibrary)
        #expect(merged.count == 1)
        #expect(merged[0].sources == [.google, .openLibrary])
        #expect(merged[0].year == 1969)
        #expect(merged[0].googleVolumeID == "g1" && merged[0].openLibraryWorkKey == "OL1W")
        #expect(merged[0].openLibraryCoverID == 7)
    }

    @Test func withoutISBNsTitleAndFirstAuthorDecide() {
        let google = [BookCandidate(sources: [.google], title: "Dune: Deluxe Edition", authors: ["Frank Herbert"])]
        let openLibrary = [
            BookCandidate(sources: [.openLibrary], title: "Dune", authors: ["Frank Herbert"]),
            BookCandidate(sources: [.openLibrary], title: "Dune", authors: ["Brian Herbert"]),
            BookCandidate(sources: [.openLibrary], title: "Dune Messiah", authors: ["Frank Herbert"]),
        ]
        let merged = CandidateMerger.mergeCandidates(google: google, openLibrary: openLibrary)
        #expect(merged.map(\.title) == ["Dune: Deluxe Edition", "Dune", "Dune Messiah"])
        #expect(merged[0].sources == [.google, .openLibrary])
        #expect(merged[1].authors == ["Brian Herbert"])
    }

    @Test func twoEditionsInOneCatalogStayApart() {
        let google = [
            BookCandidate(
                sources: [.google], title: "Emma", authors: ["Jane Austen"], isbn13: "9780141439587",
                allISBN13s: ["9780141439587"]),
            BookCandidate(
                sources: [.google], title: "Emma", authors: ["Jane Austen"], isbn13: "9780199535521",
                allISBN13s: ["9780199535521"]),
        ]
        #expect(CandidateMerger.mergeCandidates(google: google, openLibrary: []).count == 2)
    }

    /// A row that already holds an Open Library work takes no other work of the same title and
    /// author: "Sapiens: A Graphic History" was merged into the row of "Sapiens: A Brief History
    /// of Humankind", and vanished from the results.
    @Test func aRowOfBothCatalogsTakesNoSecondWork() {
        let google = [
            BookCandidate(
                sources: [.google], title: "Sapiens", subtitle: "A Brief History of Humankind",
                authors: ["Yuval Noah Harari"], isbn13: "9780062316097", allISBN13s: ["9780062316097"],
                googleVolumeID: "g1")
        ]
        let openLibrary = [
            BookCandidate(
                sources: [.openLibrary], title: "Sapiens", subtitle: "A Brief History of Humankind",
                authors: ["Yuval Noah Harari"], allISBN13s: ["9780062316097", "9780099590088"],
                openLibraryWorkKey: "OL17075811W"),
            BookCandidate(
                sources: [.openLibrary], title: "Sapiens", subtitle: "A Graphic History",
                authors: ["Yuval Noah Harari"], openLibraryWorkKey: "OL20636453W"),
            BookCandidate(
                sources: [.openLibrary], title: "Sapiens: The Birth of Humankind", authors: ["Yuval Noah Harari"],
                isbn13: "9780063051331", allISBN13s: ["9780063051331"], openLibraryWorkKey: "OL21000000W"),
        ]
        let merged = CandidateMerger.mergeCandidates(google: google, openLibrary: openLibrary)
        #expect(merged.map(\.openLibraryWorkKey) == ["OL17075811W", "OL20636453W", "OL21000000W"])
        #expect(merged.map(\.subtitle) == ["A Brief History of Humankind", "A Graphic History", nil])
        #expect(merged[0].sources == [.google, .openLibrary] && merged[0].googleVolumeID == "g1")
    }

    @Test func rowsInterleaveByRank() {
        let google = (1...3).map { BookCandidate(sources: [.google], title: "G\($0)", authors: ["A"]) }
        let openLibrary = (1...2).map { BookCandidate(sources: [.openLibrary], title: "O\($0)", authors: ["B"]) }
        #expect(
            CandidateMerger.mergeCandidates(google: google, openLibrary: openLibrary).map(\.title) == [
                "G1", "O1", "G2", "O2", "G3",
            ])
    }
}

@Suite(.ownThreadPerTest) struct BookFinderTests {
    @Test func searchAsksBothCatalogsAndMergesTheirRows() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let results = try await server.finder().search(CatalogQuery(text: "left hand of darkness"))
        #expect(results.googleTotal == 2 && results.openLibraryTotal == 2)
        #expect(results.warnings.isEmpty)
        #expect(
            results.candidates.map(\.title) == [
                "The Left Hand of Darkness", "The Left Hand of God", "The Left Hand of Darkness: A Critical Companion",
            ])
        #expect(results.candidates.map(\.sources) == [[.google, .openLibrary], [.google], [.openLibrary]])
        #expect(results.candidates[0].year == 1969 && results.candidates[0].openLibraryCoverID == 12345)
        #expect(results.candidates[2].authors == ["Jane Critic"])
        await server.stop()
    }

    @Test func oneCatalogDownIsAWarningBothDownAnError() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        await server.on("/google/books/v1/volumes", .text("<html>down</html>", status: 503))
        let results = try await server.finder(retries: 0).search(CatalogQuery(text: "left hand of darkness"))
        #expect(results.warnings == [.httpStatus(.googleBooks, status: 503)])
        #expect(results.googleTotal == nil)
        #expect(results.candidates.count == 2 && results.candidates.allSatisfy { $0.sources == [.openLibrary] })
        await server.on("/openlibrary/search.json", .text("<html>down</html>", status: 500))
        await #expect(
            throws: CatalogError.allFailed([
                .httpStatus(.googleBooks, status: 503), .httpStatus(.openLibrary, status: 500),
            ])
        ) {
            try await server.finder(retries: 0).search(CatalogQuery(text: "left hand of darkness"))
        }
        await server.stop()
    }

    @Test func searchOptionsMapToEachCatalogsFields() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        _ = try await server.finder().search(
            CatalogQuery(title: "left hand", author: "le guin", isbn: "0-441-47812-3"), limit: 5, page: 3)
        let requests = await server.requests()
        let google = try #require(requests.first { $0.path.hasPrefix("/google") })
        #expect(google.query["q"] == "intitle:left hand inauthor:le guin isbn:9780441478125")
        #expect(google.query["startIndex"] == "10" && google.query["maxResults"] == "5")
        let openLibrary = try #require(requests.first { $0.path == "/openlibrary/search.json" })
        #expect(openLibrary.query["title"] == "left hand" && openLibrary.query["author"] == "le guin")
        #expect(openLibrary.query["isbn"] == "9780441478125")
        #expect(openLibrary.query["limit"] == "5" && openLibrary.query["page"] == "3")
        await server.stop()
    }

    /// A catalog that sent more rows than asked for had them all merged, each with every other:
    /// 3,000 took `search` 38 s, 100,000 did not end in ten minutes (found by an exploratory
    /// session). The first `limit` rows of each catalog are kept, and merged by their keys.
    @Test func aCatalogSendingMoreRowsThanAskedForGivesTheFirstLimitOfThem() async throws {
        let server = try await StubCatalogServer.start()
        let rows = 3_000
        let docs = (0..<rows).map { index in
            #"{"key": "/works/OL\#(index + 1)W", "title": "Book \#(index)", "author_name": ["A \#(index)"], "#
                + #""isbn": ["978\#(String(format: "%010d", index))"]}"#
        }
        let volumes = (0..<rows).map { index in
            #"{"id": "v\#(index)", "volumeInfo": {"title": "Volume \#(index)", "authors": ["B \#(index)"]}}"#
        }
        await server.on(
            "/openlibrary/search.json",
            .text(#"{"numFound": \#(rows), "docs": [\#(docs.joined(separator: ","))]}"#))
        await server.on(
            "/google/books/v1/volumes",
            .text(#"{"totalItems": \#(rows), "items": [\#(volumes.joined(separator: ","))]}"#))
        let started = ContinuousClock.now
        let results = try await server.finder().search(CatalogQuery(text: "many"), limit: 20)
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(results.candidates.count == 40)
        #expect(results.candidates.prefix(2).map(\.title) == ["Volume 0", "Book 0"])
        #expect(results.googleTotal == rows && results.openLibraryTotal == rows)
        await server.stop()
    }

    @Test func googlePagesThroughMoreThanFortyResults() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/google/books/v1/volumes", query: ["startIndex": "0"], .json("handmade/google-search-page1.json"))
        await server.on(
            "/google/books/v1/volumes", query: ["startIndex": "40"], .json("handmade/google-search-page2.json"))
        let page = try await server.finder().google.search(CatalogQuery(text: "dune"), limit: 60)
        #expect(page.candidates.count == 45)
        #expect(Set(page.candidates.compactMap(\.googleVolumeID)).count == 45)
        let asked = await server.requests().map { $0.query["maxResults"] }
        #expect(asked == ["40", "20"])
        await server.stop()
    }

    @Test func detailsMergeTheVolumeTheWorkTheBestEditionAndTheAuthor() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let finder = server.finder()
        let results = try await finder.search(CatalogQuery(text: "left hand of darkness"))
        let found = try await finder.details(of: .candidate(results.candidates[0]))
        let book = found.book
        #expect(book.title == "The Left Hand of Darkness")
        #expect(book.publisher == "Ace" && book.publishedDate?.description == "1987-03-15" && book.pageCount == 304)
        #expect(book.isbn?.isbn13 == "9780441478125")
        #expect(
            book.description?.html
                == "<p><strong>A groundbreaking work</strong> of science fiction.<br>Winter is a planet…</p>"
                + "<p>Second paragraph &amp; more.</p>")
        #expect(book.subjects == ["Science fiction", "Gender", "Winter"])
        #expect(book.googleVolumeID == "ZHoDAAAAQBAJ")
        #expect(book.openLibraryWorkKey == "OL59863W" && book.openLibraryEditionKey == "OL2383939M")
        #expect(book.provenance[.title] == .google && book.provenance[.subjects] == .openLibrary)
        #expect(book.provenance[.authors] == .openLibrary)
        let author = try #require(book.authors.first)
        #expect(author.name == "Ursula K. Le Guin" && author.openLibraryKey == "OL31353A")
        #expect(author.bio?.hasPrefix("Ursula Kroeber Le Guin was an American author") == true)
        #expect(author.bio?.contains("\r") == false)
        #expect(author.birthDate == "21 October 1929" && author.deathDate == "22 January 2018")
        #expect(author.photoURL == "\(server.base)/covers/a/id/6789-M.jpg")
        #expect(author.works?.count == 4)
        #expect(found.coverCandidates.first?.absoluteString == "\(server.base)/covers/b/id/12345-L.jpg")
        #expect(
            found.coverCandidates.contains { $0.absoluteString.contains("/b/isbn/9780441478125-L.jpg?default=false") })
        #expect(found.coverCandidates.last?.absoluteString.contains("edge=") == false)
        #expect(found.warnings.isEmpty)
        await server.stop()
    }

    /// A catalog's title of 20,000 characters made `add` fail whole, while `refresh` kept it
    /// whole (found by an exploratory session): the book is kept, cut as an import cuts it, and a
    /// warning says so.
    @Test func aFieldLongerThanTheLibraryKeepsIsCutWithAWarning() async throws {
        let server = try await StubCatalogServer.start()
        let title = String(repeating: "t", count: 20_000)
        let description = String(repeating: "d", count: 1_000_010)
        await server.on(
            "/google/books/v1/volumes/LONG",
            .text(#"{"id": "LONG", "volumeInfo": {"title": "\#(title)", "description": "\#(description)"}}"#))
        let found = try await server.finder().details(of: .google("LONG"))
        #expect(found.book.title.count == Book.lineCharacterLimit)
        #expect((found.book.description?.html.count ?? 0) <= Book.textCharacterLimit)
        #expect(
            found.warnings == [
                .cut(.googleBooks, field: "title", characters: 20_000, limit: 10_000),
                .cut(.googleBooks, field: "description", characters: 1_000_010, limit: 1_000_000),
            ])
        #expect(
            found.warnings.first?.description
                == "Google Books gave a title of 20000 characters: the first 10000 are kept")
        await server.stop()
    }

    /// A covers server that did not answer kept `add` waiting 95 s: the edition's and the work's
    /// cover id were the same address, asked twice, and every candidate on the silent host waited
    /// its time-outs over (found by an exploratory session). Each address is asked once, and a
    /// host that did not answer is not asked again for the same image.
    @Test func aSilentCoversServerIsAskedOnceForAnImage() async throws {
        let server = try await StubCatalogServer.start()
        let silent = StubCatalogServer.Reply.text("").delayed(.seconds(30))
        await server.on("/covers/b/id/12345-L.jpg", silent)
        await server.on("/covers/b/isbn/9780441478125-L.jpg", silent)
        let covers = server.finder(retries: 0, totalTimeout: 1).covers
        let candidates = covers.coverCandidates(coverIDs: [12345, 12345], isbn13: "9780441478125", googleImages: [])
        #expect(candidates.count == 2)
        let folder = try TestPaths.temporaryFolder("silent-covers")
        let saved = await covers.saveImages([ImageJob(name: "dune", candidates: candidates, folder: folder)])
        #expect(saved.first as? (file: URL, source: URL?) == nil)
        let requests = await server.requests()
        #expect(await server.count("/covers/b/id/12345-L.jpg") == 1, "\(requests) \(candidates)")
        #expect(await server.count("/covers/b/isbn/9780441478125-L.jpg") == 0)
        await server.stop()
    }

    @Test func everyWayOfNamingABookReachesTheSameWork() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let finder = server.finder()
        for target: BookTarget in [
            .isbn(try ISBN("0441478123")), .google("ZHoDAAAAQBAJ"), .openLibraryWork("OL1111111W"),
            .openLibraryEdition("OL2383939M"),
        ] {
            let found = try await finder.details(of: target)
            #expect(found.book.openLibraryWorkKey == "OL59863W", "\(target)")
            #expect(found.book.openLibraryEditionKey == "OL2383939M", "\(target)")
            #expect(found.book.authors.first?.openLibraryKey == "OL31353A", "\(target)")
        }
        await server.stop()
    }

    @Test func anUnknownISBNIsNotFoundInEitherCatalog() async throws {
        let server = try await StubCatalogServer.start()
        await server.on("/google/books/v1/volumes", .json("recorded/google-books/volumes-zero-results.json"))
        await #expect(throws: CatalogError.self) {
            try await server.finder().details(of: .isbn(try ISBN("9780000000019")))
        }
        await server.stop()
    }

    /// Google answers `isbn:` with near matches too: a book added by Kindred's ISBN took The
    /// Left Hand of Darkness's details and cover (found by an exploratory session). A volume or
    /// an edition that does not carry the ISBN asked for is no answer.
    @Test func aBookOfAnotherISBNIsNoAnswer() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let kindred = try ISBN("9780807083697")
        #expect(try await server.finder().google.volumes(isbn: kindred).isEmpty)
        await #expect(throws: CatalogError.self) { try await server.finder().details(of: .isbn(kindred)) }
        // Open Library's record for that ISBN is another edition's, listing other ISBNs.
        await server.on("/openlibrary/isbn/9780807083697.json", .json("handmade/openlibrary-edition-OL2383939M.json"))
        await #expect(throws: CatalogError.notFound(.openLibrary, what: "edition with ISBN 9780807083697")) {
            try await server.finder().openLibrary.edition(isbn: kindred)
        }
        await #expect(throws: CatalogError.self) { try await server.finder().details(of: .isbn(kindred)) }
        // The ISBN of the book itself still finds it, in both.
        let found = try await server.finder().details(of: .isbn(try ISBN("9780441478125")))
        #expect(found.book.googleVolumeID == "ZHoDAAAAQBAJ" && found.book.isbn?.isbn13 == "9780441478125")
        await server.stop()
    }

    /// A volume that lists the ISBN asked for after another (two ISBN-13s, or an ISBN-10 of its
    /// own) is the book: only the first was compared (found by a review).
    @Test func aVolumeListingTheISBNAmongOthersIsTheBook() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/google/books/v1/volumes",
            .text(
                #"{"totalItems":1,"items":[{"id":"X1","volumeInfo":{"title":"Two ISBNs","industryIdentifiers":["#
                    + #"{"type":"ISBN_13","identifier":"9780441478125"},{"type":"ISBN_13","identifier":"9780441013593"},"#
                    + #"{"type":"OTHER","identifier":"OCLC:1"}]}}]}"#, headers: ["Content-Type": "application/json"]))
        let found = try await server.finder().google.volumes(isbn: try ISBN("0441013597"))
        #expect(found.map(\.googleVolumeID) == ["X1"] && found.first?.isbn13 == "9780441013593")
        #expect(try await server.finder().google.volumes(isbn: try ISBN("9780807083697")).isEmpty)
        await server.stop()
    }

    @Test func catalogIDsParse() {
        #expect(BookTarget.parse(catalogID: "google:ZHoDAAAAQBAJ") == .google("ZHoDAAAAQBAJ"))
        #expect(BookTarget.parse(catalogID: "openlibrary:OL59863W") == .openLibraryWork("OL59863W"))
        #expect(BookTarget.parse(catalogID: "openlibrary:/books/OL2383939M") == .openLibraryEdition("OL2383939M"))
        #expect(BookTarget.parse(catalogID: "openlibrary:OL31353A") == nil)
        #expect(BookTarget.parse(catalogID: "3") == nil)
        #expect(BookTarget.parse(catalogID: "amazon:B000") == nil)
    }

    @Test func theBestEditionHasTheISBNThenACoverTheLanguageAndAnISBN13() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let editions = try await server.finder().editions(ofWork: "OL59863W")
        #expect(editions.map(\.key) == ["OL2383939M", "OL9999001M"])
        let french = try #require(editions.last)
        #expect(french.languages == ["fr"])
        #expect(french.book.isbn13 == ISBN.parse("2221015053")?.isbn13)
        #expect(
            EditionChooser(language: "fr").bestEdition(of: editions, isbn: french.book.isbn13)?.key == "OL9999001M")
        await server.stop()
    }
}
