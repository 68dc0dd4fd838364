import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite(.ownThreadPerTest) struct BookAdderTests {
    func adder(_ server: StubCatalogServer, _ shelf: TemporaryShelf) -> BookAdder {
        BookAdder(finder: server.finder(), library: shelf.library, paths: shelf.paths)
    }

    @Test func addingFromASearchSavesTheBookItsAuthorCoverAndPhoto() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let shelf = try TemporaryShelf()
        let results = try await server.finder().search(CatalogQuery(text: "left hand of darkness"))
        let outcomes = await adder(server, shelf).add(
            [.candidate(results.candidates[0])],
            reader: .init(status: .read, rating: try Rating(5), shelves: ["sci-fi"]))
        guard case .added(let details, let coverOutcome, let warnings)? = outcomes.first else {
            Issue.record("not added: \(outcomes)")
            return
        }
        #expect(coverOutcome == .saved && warnings.isEmpty)
        #expect(details.book.slug == "the-left-hand-of-darkness")
        #expect(details.book.status == .read && details.book.rating?.stars == 5)
        #expect(details.shelves.map(\.name) == ["sci-fi"])
        let stored = try shelf.library.findBook(matching: "the-left-hand-of-darkness").book
        #expect(stored.coverURL == "\(server.base)/covers/b/id/12345-L.jpg")
        #expect(stored.provenance[.description] == .google)
        let cover = shelf.paths.covers.appendingPathComponent("the-left-hand-of-darkness.jpg")
        #expect(try Data(contentsOf: cover) == Fixtures.data("covers/google-books-thumbnail-fledgling.jpg"))
        let photo = shelf.paths.photos.appendingPathComponent("ursula-k-le-guin.jpg")
        #expect(try Data(contentsOf: photo) == Fixtures.data("covers/google-books-thumbnail-the-maid.jpg"))
        let profile = try shelf.library.findAuthor(matching: "le guin")
        #expect(profile.author.openLibraryKey == "OL31353A")
        #expect(profile.works.map(\.title).contains("A Wizard of Earthsea"))
        await server.stop()
    }

    @Test func theSameBookIsNotAddedTwiceWhicheverWayItIsNamed() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let shelf = try TemporaryShelf()
        _ = await adder(server, shelf).add([.isbn(try ISBN("9780441478125"))], reader: .init())
        let again = await adder(server, shelf).add(
            [.google("ZHoDAAAAQBAJ"), .openLibraryWork("OL59863W")], reader: .init())
        for outcome in again {
            guard case .failed(let error) = outcome else {
                Issue.record("added twice")
                continue
            }
            #expect("\(error)".contains("is already on the shelf as the-left-hand-of-darkness"))
        }
        #expect(try shelf.library.books().count == 1)
        await server.stop()
    }

    @Test func aBookWithoutACoverAnywhereKeepsThePlaceholder() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        // No image anywhere: the cover and ISBN routes answer 404, Google's image is a 1×1 GIF.
        await server.on("/covers/b/id/12345-L.jpg", .text("not found", status: 404))
        let pixel: [UInt8] =
            Array("GIF89a".utf8) + [
                1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x21, 0xF9, 4, 1, 0, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0,
                1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B,
            ]
        await server.on(
            "/google/images",
            StubCatalogServer.Reply(status: 200, headers: ["Content-Type": "image/gif"], body: Data(pixel)))
        let shelf = try TemporaryShelf()
        let outcomes = await adder(server, shelf).add([.google("ZHoDAAAAQBAJ")], reader: .init())
        guard case .added(_, let cover, _)? = outcomes.first else {
            Issue.record("not added")
            return
        }
        #expect(cover == .notFound)
        #expect(CoverFetcher.existingImage(named: "the-left-hand-of-darkness", in: shelf.paths.covers) == nil)
        try shelf.build()
        #expect(
            try shelf.siteFile("books/the-left-hand-of-darkness/index.html").contains(
                "<span class=\"cover-title\" dir=\"auto\">The Left Hand of Darkness</span>"))
        await server.stop()
    }

    /// A cover found and not saved (a full disk) was "no cover found", and `add` exited 0 as if
    /// none existed (found by an exploratory session). It says it could not be saved, and why.
    @Test func aCoverFoundAndNotSavedIsSaidAsSuch() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let shelf = try TemporaryShelf()
        // A file where the covers folder goes: the cover cannot be written there.
        try FileManager.default.createDirectory(at: shelf.paths.content, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: shelf.paths.covers)
        try Data().write(to: shelf.paths.covers)
        let outcomes = await adder(server, shelf).add([.google("ZHoDAAAAQBAJ")], reader: .init())
        guard case .added(let details, let cover, _)? = outcomes.first else {
            Issue.record("not added: \(outcomes)")
            return
        }
        #expect(details.book.slug == "the-left-hand-of-darkness")
        guard case .unwritable(let why) = cover else {
            Issue.record("the cover is \(cover)")
            return
        }
        #expect(why.contains("the-left-hand-of-darkness.jpg") && !why.contains("Domain"), "\(why)")
        // `refresh` said the book was up to date, with nothing more to find (found by a review).
        await #expect {
            try await adder(server, shelf).refresh(slug: "the-left-hand-of-darkness")
        } throws: { error in
            (error as? CoverSaveError)?.path.hasSuffix("the-left-hand-of-darkness.jpg") == true
                && "\(error)".hasPrefix("its cover was found and could not be saved, ")
        }
        await server.stop()
    }

    @Test func refreshUpdatesCatalogFieldsButNeverTheReaders() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        let shelf = try TemporaryShelf()
        _ = await adder(server, shelf).add([.google("ZHoDAAAAQBAJ")], reader: .init())
        try shelf.library.editBook(
            slug: "the-left-hand-of-darkness", BookEdit(title: "Left Hand (my copy)", pageCount: .some(305)))
        let volume = String(decoding: Fixtures.data("handmade/google-volume-ZHoDAAAAQBAJ.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"Ace\"", with: "\"Ace Books\"")
            .replacingOccurrences(of: "\"pageCount\": 304", with: "\"pageCount\": 312")
        await server.on("/google/books/v1/volumes/ZHoDAAAAQBAJ", .text(volume))
        let (changed, _) = try await adder(server, shelf).refresh(slug: "the-left-hand-of-darkness")
        let book = try shelf.library.findBook(matching: "the-left-hand-of-darkness").book
        #expect(changed.contains("publisher"))
        #expect(book.publisher == "Ace Books")
        #expect(book.title == "Left Hand (my copy)")
        #expect(book.pageCount == 305)
        #expect(book.provenance[.title] == .reader && book.provenance[.pageCount] == .reader)
        await server.stop()
    }

    @Test func switchingEditionsTakesTheEditionsFacts() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        await server.on("/openlibrary/books/OL9999001M.json", .text(try frenchEdition()))
        let shelf = try TemporaryShelf()
        _ = await adder(server, shelf).add([.openLibraryWork("OL59863W")], reader: .init())
        #expect(
            try shelf.library.findBook(matching: "the-left-hand-of-darkness").book.openLibraryEditionKey == "OL2383939M"
        )
        let changed = try await adder(server, shelf).switchEdition(slug: "the-left-hand-of-darkness", to: "OL9999001M")
        let book = try shelf.library.findBook(matching: "the-left-hand-of-darkness").book
        #expect(changed.contains("openLibraryEdition") && changed.contains("publisher"))
        #expect(book.openLibraryEditionKey == "OL9999001M")
        #expect(book.publisher == "Robert Laffont")
        await server.stop()
    }

    /// `edit --edition` deleted the cover before when the book had a coverURL: a reader who had
    /// put their own photo in place of the catalog's lost it for good (found by an exploratory
    /// session). It is set aside, and said.
    @Test func switchingEditionsKeepsTheCoverBeforeAside() async throws {
        let server = try await StubCatalogServer.start()
        await server.serveLeftHandOfDarkness()
        // The French edition, with a cover of its own.
        let french = "{\"covers\": [54321], " + (try frenchEdition()).dropFirst()
        await server.on("/openlibrary/books/OL9999001M.json", .text(french))
        await server.on("/covers/b/id/54321-L.jpg", .image("covers/google-books-thumbnail-the-maid.jpg"))
        let shelf = try TemporaryShelf()
        _ = await adder(server, shelf).add([.openLibraryWork("OL59863W")], reader: .init())
        let cover = shelf.paths.covers.appendingPathComponent("the-left-hand-of-darkness.jpg")
        let mine = Data(try SampleImages.gradient(width: 300, height: 450))
        try mine.write(to: cover)
        let changed = try await adder(server, shelf).switchEdition(slug: "the-left-hand-of-darkness", to: "OL9999001M")
        let said = try #require(changed.first { $0.hasPrefix("cover") })
        #expect(said.hasPrefix("cover (the one before is kept as "), "\(changed)")
        #expect(try Data(contentsOf: cover) == Fixtures.data("covers/google-books-thumbnail-the-maid.jpg"))
        let removed = shelf.paths.covers.appendingPathComponent(".removed")
        let kept = try FileManager.default.contentsOfDirectory(atPath: removed.path)
        #expect(kept.count == 1)
        #expect(try Data(contentsOf: removed.appendingPathComponent(kept[0])) == mine)
        await server.stop()
    }

    /// The French edition, cut from the editions list fixture.
    private func frenchEdition() throws -> String {
        let list =
            try JSONSerialization.jsonObject(with: Fixtures.data("handmade/openlibrary-editions-OL59863W.json"))
            as? [String: Any]
        let entries = list?["entries"] as? [[String: Any]] ?? []
        let french = try #require(entries.first { ($0["key"] as? String) == "/books/OL9999001M" })
        return String(decoding: try JSONSerialization.data(withJSONObject: french), as: UTF8.self)
    }
}
