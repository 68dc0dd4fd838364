import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// The catalog clients read real recorded responses (see Fixtures/recorded/SOURCES.md), served
/// over loopback.
@Suite(.ownThreadPerTest) struct CatalogDecodingTests {
    func clients(_ server: StubCatalogServer) -> (GoogleBooksClient, OpenLibraryClient) {
        let finder = server.finder()
        return (finder.google, finder.openLibrary)
    }

    @Test func googleSearchReadsIdentifiersAndTimestampDates() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/google/books/v1/volumes", .json("recorded/google-books/volumes-search-q-children-of-time-2015.json"))
        let page = try await clients(server).0.search(CatalogQuery(text: "children of time 2015"), limit: 10)
        #expect(page.totalFound == 1499)
        #expect(page.candidates.count == 2)
        #expect(page.candidates.allSatisfy { $0.sources == [.google] && $0.googleVolumeID != nil })
        #expect(page.candidates.allSatisfy { $0.isbn13.map { ISBN.parse($0) != nil } ?? true })
        #expect(page.candidates[1].year == 2019)
        let request = try #require(await server.requests().first)
        #expect(request.query["q"] == "children of time 2015")
        #expect(request.query["maxResults"] == "10" && request.query["startIndex"] == "0")
        await server.stop()
    }

    @Test func googleOtherIdentifiersAreNotISBNsAndZeroResultsAreEmpty() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/google/books/v1/volumes", query: ["q": "isbn:9780253324009"],
            .json("recorded/google-books/volumes-q-isbn-0253324009-other-identifier.json"))
        await server.on(
            "/google/books/v1/volumes", query: ["q": "nothing at all"],
            .json("recorded/google-books/volumes-zero-results.json"))
        let google = clients(server).0
        let other = try await google.search(CatalogQuery(isbn: "0253324009"), limit: 10)
        #expect(other.candidates.count == 1)
        #expect(other.candidates[0].isbn13 == nil)
        let none = try await google.search(CatalogQuery(text: "nothing at all"), limit: 10)
        #expect(none.candidates.isEmpty && none.totalFound == 0)
        await server.stop()
    }

    @Test func googleVolumeDescriptionsKeepTheAllowListAndImagesBecomeHTTPS() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/google/books/v1/volumes/49T5twEACAAJ",
            .json("recorded/google-books/volume-49T5twEACAAJ-html-description-en.json"))
        await server.on(
            "/google/books/v1/volumes/2cl7AgAAQBAJ",
            .json("recorded/google-books/volume-2cl7AgAAQBAJ-html-description.json"))
        let google = clients(server).0
        for id in ["49T5twEACAAJ", "2cl7AgAAQBAJ"] {
            let book = try await google.volume(id: id)
            let description = try #require(book.description?.html)
            // Google's <b>, <i> and <br> survive as strong, em and br; the text has no tag left over.
            #expect(description.contains("<strong>") && description.contains("<em>") && !description.contains("<b>"))
            #expect(HTMLAllowList.sanitize(description).html == description)
            #expect(!HTMLText.plainText(fromHTML: description).contains("<"), "\(description)")
            #expect(!book.imageLinks.isEmpty)
            #expect(book.imageLinks.allSatisfy { $0.scheme == "https" && !$0.absoluteString.contains("edge=") })
            #expect(book.googleVolumeID == id)
        }
        await server.stop()
    }

    @Test func openLibrarySearchReadsModernAndOldShapes() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/openlibrary/search.json", query: ["q": "dune"],
            .json("recorded/open-library/search-dune-fields-trimmed-2026.json"))
        await server.on(
            "/openlibrary/search.json", query: ["title": "lord of the rings"],
            .json("recorded/open-library/search-author-tolkien-title-lotr-2013.json"))
        let openLibrary = clients(server).1
        let modern = try await openLibrary.search(CatalogQuery(text: "dune"), limit: 3)
        #expect(modern.totalFound == 259)
        #expect(modern.candidates.count == 3)
        #expect(
            modern.candidates.allSatisfy {
                $0.openLibraryWorkKey?.hasPrefix("OL") == true && $0.openLibraryWorkKey?.hasSuffix("W") == true
            })
        #expect(modern.candidates[0].openLibraryCoverID != nil)
        #expect(!modern.candidates[0].allISBN13s.isEmpty)
        let request = try #require(await server.requests().first)
        #expect(request.query["fields"]?.contains("cover_i") == true && request.query["page"] == "1")

        let old = try await openLibrary.search(CatalogQuery(title: "lord of the rings", author: "tolkien"), limit: 100)
        #expect(old.candidates.count == 81)
        #expect(old.candidates.allSatisfy { !($0.openLibraryWorkKey ?? "").contains("/") })
        #expect(old.candidates.filter { $0.openLibraryCoverID == nil }.count == 46)
        await server.stop()
    }

    @Test func openLibraryWorksEditionsAndISBNLookups() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/openlibrary/works/OL45804W.json", .json("recorded/open-library/work-OL45804W-description-string.json"))
        await server.on(
            "/openlibrary/works/OL27258W/editions.json", .json("recorded/open-library/work-OL27258W-editions-2013.json")
        )
        await server.on(
            "/openlibrary/isbn/9780140328721.json", .json("recorded/open-library/isbn-9780140328721-edition.json"))
        await server.on(
            "/openlibrary/isbn/9781888363432.json",
            .json("recorded/open-library/isbn-9781888363432-edition-description-object.json"))
        let openLibrary = clients(server).1

        let work = try await openLibrary.work(key: "/works/OL45804W")
        #expect(work.title == "Fantastic Mr Fox")
        #expect(work.description?.isEmpty == false)
        #expect(!work.coverIDs.contains(-1) && !work.coverIDs.isEmpty)
        #expect(work.authors.first?.openLibraryKey?.hasSuffix("A") == true)

        let editions = try await openLibrary.editions(ofWork: "OL27258W", limit: 10)
        #expect(editions.count == 10)
        #expect(editions.contains { $0.languages.contains("da") })
        #expect(editions.compactMap(\.book.isbn13).allSatisfy { ISBN.parse($0) != nil })
        // Of the editions' "series", only the one with a place is the story's; the publishers'
        // collections ("Ace science fiction", "Heyne … -- Bd. 06/4400") are not.
        let series = editions.flatMap(\.book.series).map { "\($0.name) #\($0.position?.text ?? "")" }
        #expect(series == ["Gibsons Cyberspace trilogi #1"])

        let fox = try await openLibrary.edition(isbn: try ISBN("9780140328721"))
        #expect(fox.publishedDate?.description == "1988-10-01")
        #expect(fox.openLibraryWorkKey == "OL45804W")
        #expect(fox.isbn13 == "9780140328721")

        let described = try await openLibrary.edition(isbn: try ISBN("9781888363432"))
        #expect(described.description?.isEmpty == false)
        #expect(described.isbn13 == "9781888363432")
        #expect(described.publishedDate?.description == "1997")
        await server.stop()
    }

    @Test func openLibraryAuthorsWithAndWithoutBios() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/openlibrary/authors/OL34184A.json",
            .json("recorded/open-library/author-OL34184A-bio-string-photos-links.json"))
        await server.on(
            "/openlibrary/authors/OL29463A.json", .json("recorded/open-library/author-OL29463A-no-bio.json"))
        await server.on("/openlibrary/authors/OL1A.json", .json("recorded/open-library/author-OL1A-2013.json"))
        let openLibrary = clients(server).1
        let dahl = try await openLibrary.author(key: "OL34184A")
        #expect(dahl.name == "Roald Dahl")
        #expect(dahl.bio?.contains("\r") == false && dahl.bio?.isEmpty == false)
        #expect(dahl.photoID.map { $0 > 0 } == true)
        #expect(dahl.birthDate == nil && dahl.works.isEmpty)
        let plain = try await openLibrary.author(key: "OL29463A")
        #expect(plain.bio == nil && plain.birthDate == "1929" && plain.deathDate == "2012")
        let old = try await openLibrary.author(key: "OL1A")
        #expect(!old.name.isEmpty)
        await server.stop()
    }

    @Test func openLibraryDatesInFreeText() {
        #expect(OpenLibraryDates.parse("October 1, 1988")?.description == "1988-10-01")
        #expect(OpenLibraryDates.parse("Mar 2005")?.description == "2005-03")
        #expect(OpenLibraryDates.parse("1997")?.description == "1997")
        #expect(OpenLibraryDates.parse("c1988")?.description == "1988")
        #expect(OpenLibraryDates.parse("2005-03-01")?.description == "2005-03-01")
        #expect(OpenLibraryDates.parse("n.d.") == nil)
    }

    @Test func htmlDescriptionsBecomeParagraphsOfText() {
        #expect(
            HTMLText.plainText(fromHTML: "<p><b>Bold</b> start.<br>Next &amp; line</p><p>Two &#8212; &lt;x&gt;</p>")
                == "Bold start.\n\nNext & line\n\nTwo — <x>")
        #expect(HTMLText.plainText(fromHTML: "<script>alert(1)</script>plain") == "alert(1)plain")
    }
}
