import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateLibrary

/// One value a catalog sends that cannot be used (a page count of 1e30, a number for a name,
/// bytes that are not UTF-8) is left out with a warning; the rest of the record and the other rows
/// still count. Such a value threw the whole answer away as "not JSON" (found by an exploratory
/// session), so a book could not be added at all.
@Suite(.ownThreadPerTest) struct CatalogLeftOutValueTests {
    /// The hand-made Google volume of The Left Hand of Darkness with its page count 1e30, a byte
    /// that is not UTF-8 in its description, a number among its categories and a null among its
    /// authors.
    static func damagedVolume() throws -> Data {
        var text = String(decoding: Fixtures.data("handmade/google-volume-ZHoDAAAAQBAJ.json"), as: UTF8.self)
        for (old, new) in [
            (#""pageCount": 304"#, #""pageCount": 1e30"#),
            (#""Fiction""#, #""Fiction", 7"#),
            (#""Ursula K. Le Guin""#, #"null, "Ursula K. Le Guin""#),
        ] {
            #expect(text.contains(old))
            text = text.replacingOccurrences(of: old, with: new)
        }
        var bytes = Array(text.utf8)
        let marker = Array("A groundbreaking".utf8)
        let start = try #require(bytes.indices.first { bytes[$0...].starts(with: marker) })
        bytes.insert(0xFF, at: start + 2)
        return Data(bytes)
    }

    @Test func aVolumeWithUnusableValuesIsAddedWithTheRest() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        await server.on(
            "/google/books/v1/volumes/ZHoDAAAAQBAJ",
            StubCatalogServer.Reply(
                status: 200, headers: ["Content-Type": "application/json"], body: try Self.damagedVolume()))

        let volume = try await server.finder().google.volume(id: "ZHoDAAAAQBAJ")
        #expect(volume.title == "The Left Hand of Darkness" && volume.publisher == "Ace")
        #expect(volume.authors.map(\.name) == ["Ursula K. Le Guin"])
        #expect(volume.pageCount == nil && volume.description == nil && volume.subjects == ["Fiction"])
        #expect(
            volume.dropped.map(\.path) == [
                "volumeInfo.description", "volumeInfo.pageCount", "volumeInfo.categories[1]",
            ])

        let shelf = try TemporaryShelf()
        let adder = BookAdder(finder: server.finder(retries: 0), library: shelf.library, paths: shelf.paths)
        let outcomes = await adder.add([.google("ZHoDAAAAQBAJ")], reader: .init())
        guard case .added(let details, _, let warnings)? = outcomes.first else {
            Issue.record("not added: \(outcomes)")
            return
        }
        #expect(details.book.title == "The Left Hand of Darkness" && details.book.publisher == "Ace")
        #expect(details.authors.map(\.name) == ["Ursula K. Le Guin"])
        // Open Library's edition and work fill what Google's record lost.
        #expect(details.book.pageCount != nil)
        let description = details.book.description?.html ?? ""
        #expect(!description.isEmpty && !description.unicodeScalars.contains("\u{FFFD}"))
        #expect(
            warnings.contains(
                .valuesLeftOut(
                    .googleBooks,
                    paths: ["volumeInfo.description", "volumeInfo.pageCount", "volumeInfo.categories[1]"])))
        #expect(
            warnings.map(\.description).contains(
                "Google Books sent values Bookplate cannot use, left out: volumeInfo.description, "
                    + "volumeInfo.pageCount, volumeInfo.categories[1]"))
        await server.stop()
    }

    @Test func oneUnusableRowOrValueLeavesTheOtherRows() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/openlibrary/search.json",
            .text(
                #"{"numFound": 4, "docs": [{"key": "/works/OL1W", "title": "Kept"},"#
                    + #"{"key": "/works/OL2W", "title": "No year", "first_publish_year": "nineteen"},"#
                    + #"{"key": 5, "title": "No key"}, "a row that is text","#
                    + #"{"key": "/works/OL3W", "title": "Also kept", "author_name": ["A. Writer", 12, null]}]}"#))
        await server.on("/google/books/v1/volumes", .json("recorded/google-books/volumes-zero-results.json"))
        let finder = server.finder(retries: 0)
        let page = try await finder.openLibrary.search(CatalogQuery(text: "kept"), limit: 10)
        #expect(page.candidates.map(\.title) == ["Kept", "No year", "Also kept"])
        #expect(page.candidates[1].year == nil)
        #expect(page.candidates[2].authors == ["A. Writer"])
        #expect(
            page.dropped.map(\.path) == ["docs[1].first_publish_year", "docs[2]", "docs[3]", "docs[4].author_name[1]"])
        #expect(page.dropped.map(\.row) == [1, 2, 3, 4])

        let results = try await finder.search(CatalogQuery(text: "kept"), limit: 10)
        #expect(results.candidates.map(\.title) == ["Kept", "No year", "Also kept"])
        #expect(
            results.warnings == [
                .valuesLeftOut(
                    .openLibrary, paths: ["docs[1].first_publish_year", "docs[2]", "docs[3]", "docs[4].author_name[1]"])
            ])
        await server.stop()
    }

    /// An answer that lost a value is not kept in the cache: the catalog, mended, is asked again
    /// the next time; nor does it take the place of an older whole answer, which serves offline.
    @Test func anAnswerThatLostAValueIsNotKept() async throws {
        let server = try await StubCatalogServer.start()
        let whole = #"{"numFound": 1, "docs": [{"key": "/works/OL1W", "title": "T", "cover_i": 7}]}"#
        await server.on(
            "/openlibrary/search.json",
            .text(#"{"numFound": 1, "docs": [{"key": "/works/OL1W", "title": "T", "cover_i": "x"}]}"#),
            .text(whole),
            .text(#"{"numFound": 1, "docs": [{"key": "/works/OL1W", "title": "T", "cover_i": "y"}]}"#))
        let cache = ResponseCache(folder: try TestPaths.temporaryFolder("cache"))
        let client = server.finder(cache: cache, retries: 0).openLibrary
        let first = try await client.search(CatalogQuery(text: "t"), limit: 5)
        #expect(first.dropped.map(\.path) == ["docs[0].cover_i"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.folder.path).isEmpty)
        let second = try await client.search(CatalogQuery(text: "t"), limit: 5)
        #expect(second.dropped.isEmpty && second.candidates.first?.openLibraryCoverID == 7)
        #expect(await server.count("/openlibrary/search.json") == 2)
        // Asked again past the kept answer (as `refresh` asks), the catalog loses a value again:
        // the whole answer kept before is still there.
        let third = try await server.finder(cache: cache.expired(), retries: 0).openLibrary.search(
            CatalogQuery(text: "t"), limit: 5)
        #expect(third.dropped.map(\.path) == ["docs[0].cover_i"])
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache.folder.path)
        #expect(kept.count == 1)
        let body = try kept.first.map { try Data(contentsOf: cache.folder.appendingPathComponent($0)) }
        #expect(body.map { String(decoding: $0, as: UTF8.self).contains(#""cover_i": 7"#) } == true)
        await server.stop()
    }

    /// What a row lost is told of that row, by its place in the catalog's list, however many
    /// rows before it were left out (editions were given the warnings of the row before them:
    /// found by a review); Open Library's names are its own (`isbn_13`, not `isbn13`).
    @Test func whatARowLostIsToldOfThatRow() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/openlibrary/works/OL1W/editions.json",
            .text(
                #"{"entries": [{"key": 5}, null, {"key": "/books/OL2M", "title": "Two", "number_of_pages": "many","#
                    + #" "isbn_13": ["9780441478125", 12]}, {"key": "/books/OL3M", "title": "Three"}]}"#))
        let editions = try await server.finder(retries: 0).openLibrary.editions(ofWork: "OL1W")
        #expect(editions.map(\.key) == ["OL2M", "OL3M"])
        #expect(editions[0].book.dropped.map(\.path) == ["entries[2].number_of_pages", "entries[2].isbn_13[1]"])
        #expect(editions[1].book.dropped.isEmpty)
        await server.stop()
    }

    /// A page of Google's search with a row left out is no short page: the next page is asked
    /// for from the rows Google sent (a search of 80 lost up to 40 results: found by a review).
    @Test func aRowLeftOutDoesNotEndTheSearch() async throws {
        let server = try await StubCatalogServer.start()
        func page(_ ids: [String?]) -> String {
            let items = ids.map { id in id.map { #"{"id": "\#($0)", "volumeInfo": {"title": "\#($0)"}}"# } ?? "null" }
            return #"{"totalItems": 100, "items": ["# + items.joined(separator: ",") + "]}"
        }
        let first = (0..<40).map { $0 == 5 ? nil : "a\($0)" }
        await server.on("/google/books/v1/volumes", query: ["startIndex": "0"], .text(page(first)))
        await server.on("/google/books/v1/volumes", query: ["startIndex": "40"], .text(page(["b0", "b1", "b2"])))
        let found = try await server.finder(retries: 0).google.search(CatalogQuery(text: "x"), limit: 80)
        #expect(found.candidates.count == 42)
        #expect(found.candidates.last?.title == "b2")
        await server.stop()
    }

    /// Text whose bytes were not UTF-8 is left out even where a combining mark follows the
    /// U+FFFD in its place (one `Character` with it, which the check by characters missed: found
    /// by a review).
    @Test func damagedTextIsFoundUnderACombiningMark() async throws {
        let server = try await StubCatalogServer.start()
        let body =
            Array(#"{"key": "/books/OL1M", "title": "Caf"#.utf8) + [0xFF, 0xCC, 0x81]
            + Array(#"", "subtitle": "S"}"#.utf8)
        await server.on(
            "/openlibrary/books/OL1M.json",
            StubCatalogServer.Reply(status: 200, headers: ["Content-Type": "application/json"], body: Data(body)))
        let edition = try await server.finder(retries: 0).openLibrary.edition(key: "OL1M")
        #expect(edition.title == nil && edition.subtitle == "S")
        #expect(edition.dropped.map(\.path) == ["title"])
        await server.stop()
    }

    /// An edition looked up by ISBN whose ISBNs were left out is no answer for that ISBN: an
    /// empty list was taken for one that lists none, and any record passed (found by a review).
    @Test func anEditionWhoseISBNsWereLeftOutIsNoAnswerForAnISBN() async throws {
        let server = try await StubCatalogServer.start()
        await server.on(
            "/openlibrary/isbn/9780441478125.json",
            .text(#"{"key": "/books/OL9M", "title": "Another book", "isbn_13": 9780000000002}"#))
        let isbn = try ISBN("9780441478125")
        await #expect(throws: CatalogError.notFound(.openLibrary, what: "edition with ISBN \(isbn)")) {
            try await server.finder(retries: 0).openLibrary.edition(isbn: isbn)
        }
        await server.stop()
    }

    /// A list an answer cannot be without is still an error when it is missing or no list: an
    /// empty answer made of a broken one would be kept in the cache for a week as "nothing found".
    @Test func anAnswerWithoutItsRowsIsStillUnreadable() async throws {
        let server = try await StubCatalogServer.start()
        let client = server.finder(retries: 0).openLibrary
        for (body, field) in [(#"{"numFound": 3}"#, "missing docs"), (#"{"docs": 5}"#, "unexpected value at docs")] {
            await server.on("/openlibrary/search.json", .text(body))
            await #expect(throws: CatalogError.undecodable(.openLibrary, field: field)) {
                try await client.search(CatalogQuery(text: "x"), limit: 5)
            }
        }
        await server.stop()
    }

    /// Bytes that are not UTF-8 leave out only the text that holds them; a U+FFFD the catalog
    /// itself wrote, in an answer of good UTF-8, is its text and kept.
    @Test func bytesThatAreNotUTF8LeaveOutOnlyTheirText() async throws {
        let server = try await StubCatalogServer.start()
        var body = Array(
            #"{"key": "/books/OL1M", "title": "Kept", "subtitle": "Lost X", "by_statement": "Someone"}"#.utf8)
        body[body.lastIndex(of: UInt8(ascii: "X"))!] = 0xC3
        await server.on(
            "/openlibrary/books/OL1M.json",
            StubCatalogServer.Reply(status: 200, headers: ["Content-Type": "application/json"], body: Data(body)))
        await server.on("/openlibrary/books/OL2M.json", .text(#"{"key": "/books/OL2M", "title": "Gr\#u{FFFD}e"}"#))
        let client = server.finder(retries: 0).openLibrary
        let damaged = try await client.edition(key: "OL1M")
        #expect(damaged.title == "Kept" && damaged.subtitle == nil && damaged.byStatement == "Someone")
        #expect(damaged.dropped.map(\.path) == ["subtitle"])
        let written = try await client.edition(key: "OL2M")
        #expect(written.title == "Gr\u{FFFD}e" && written.dropped.isEmpty)
        await server.stop()
    }
}
