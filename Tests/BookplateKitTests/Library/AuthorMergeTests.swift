import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateSite

/// `author NAME --merge-into OTHER`: two records of one person made one. Records split by an
/// older Bookplate ("J.R.R. Tolkien" beside "J. R. R. Tolkien"), or a pen name, could be put
/// together only by editing each book (found by a review).
@Suite struct AuthorMergeTests {
    /// A shelf with Mark Twain's and Samuel Clemens' books, one book naming both.
    static func twoNames() throws -> TemporaryShelf {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Tom Sawyer", authors: ["Mark Twain"]))
        try shelf.library.addBook(
            NewBook(
                title: "Huck Finn",
                authors: [
                    NewAuthor(
                        name: "Samuel Clemens", openLibraryKey: "OL18319A", bio: "Born in Florida, Missouri.",
                        birthDate: "1835", links: [AuthorLink(title: "Wikipedia", url: "https://en.wikipedia.org/")],
                        works: [NewWork(key: "OL53908W", title: "Life on the Mississippi", year: 1883)]),
                    "Charles Dudley Warner", "Mark Twain",
                ]))
        try shelf.library.addBook(NewBook(title: "Roughing It", authors: ["Samuel Clemens"]))
        return shelf
    }

    /// A removed book that named the one who went brought them back when it was restored: the
    /// shelf had two records of one person again (found by a review). Its kept copy names the
    /// one kept, as the books on the shelf do.
    @Test func aRemovedBookRestoredNamesTheKeptAuthor() throws {
        let shelf = try Self.twoNames()
        try shelf.library.removeBook(slug: "tom-sawyer", at: TemporaryShelf.fixedDate)
        try shelf.library.mergeAuthor("mark twain", into: "clemens")
        _ = try shelf.library.restoreBook(try shelf.library.findRemovedBook(matching: "tom-sawyer"))
        #expect(try shelf.library.findBook(matching: "tom-sawyer").authors.map(\.name) == ["Samuel Clemens"])
        #expect(throws: LibraryError.self) { try shelf.library.findAuthor(matching: "mark twain") }
    }

    @Test func theBooksNameTheKeptAuthorWhoTakesWhatTheyLacked() throws {
        let shelf = try Self.twoNames()
        let merge = try shelf.library.mergeAuthor("clemens", into: "twain")
        #expect(merge.gone.slug == "samuel-clemens" && merge.kept.slug == "mark-twain")
        #expect(merge.books == ["huck-finn", "roughing-it"])
        // A book naming both names the kept author once, where the first of them stood.
        #expect(
            try shelf.library.findBook(matching: "huck-finn").authors.map(\.name) == [
                "Mark Twain", "Charles Dudley Warner",
            ])
        #expect(try shelf.library.findBook(matching: "roughing-it").authors.map(\.name) == ["Mark Twain"])
        let twain = try shelf.library.findAuthor(matching: "mark-twain")
        #expect(twain.books.map(\.slug).sorted() == ["huck-finn", "roughing-it", "tom-sawyer"])
        #expect(twain.author.openLibraryKey == "OL18319A" && twain.author.bio == "Born in Florida, Missouri.")
        #expect(twain.author.birthDate == "1835" && twain.author.links.count == 1)
        #expect(twain.works.map(\.title) == ["Life on the Mississippi"])
        #expect(throws: LibraryError.noSuchAuthor("samuel-clemens")) {
            try shelf.library.findAuthor(matching: "samuel-clemens")
        }
        // The books' authors are the reader's now: `refresh` leaves them as they are.
        #expect(try shelf.library.findBook(matching: "roughing-it").book.provenance[.authors] == .reader)
        #expect(try shelf.library.findBook(matching: "tom-sawyer").book.provenance[.authors] == nil)
    }

    @Test func anAuthorIsNotMergedIntoThemselvesNorIntoNoOne() throws {
        let shelf = try Self.twoNames()
        #expect(throws: LibraryError.mergeIntoItself(slug: "mark-twain")) {
            try shelf.library.mergeAuthor("mark-twain", into: "Twain")
        }
        #expect(throws: LibraryError.noSuchAuthor("Tolstoy")) {
            try shelf.library.mergeAuthor("clemens", into: "Tolstoy")
        }
        #expect(try shelf.library.findAuthor(matching: "samuel-clemens").books.count == 2)
    }

    /// The photo of the author who went is the kept one's when they had none, and stays where
    /// it is, said, when they had one; the next build equals a full one, the page of the author
    /// who went gone.
    @Test func thePhotoFollowsAndTheSiteIsAsAFullBuildMakesIt() throws {
        let shelf = try Self.twoNames()
        try FileManager.default.createDirectory(at: shelf.paths.photos, withIntermediateDirectories: true)
        let photo = try Data(
            contentsOf: TestPaths.fixtures.appendingPathComponent("covers/google-books-thumbnail-the-maid.jpg"))
        try photo.write(to: shelf.paths.photos.appendingPathComponent("samuel-clemens.jpg"))
        try shelf.build()
        #expect(
            FileManager.default.fileExists(
                atPath: shelf.paths.site.appendingPathComponent("authors/samuel-clemens").path))

        let (merge, moved) = try AuthorMerging(library: shelf.library, paths: shelf.paths).merge(
            "clemens", into: "twain")
        #expect(merge.kept.slug == "mark-twain")
        #expect(
            moved
                == .moved(
                    from: shelf.paths.photos.appendingPathComponent("samuel-clemens.jpg"),
                    to: shelf.paths.photos.appendingPathComponent("mark-twain.jpg")))
        try shelf.build()
        #expect(
            !FileManager.default.fileExists(
                atPath: shelf.paths.site.appendingPathComponent("authors/samuel-clemens").path))
        #expect(try shelf.siteFile("books/roughing-it/index.html").contains("../../authors/mark-twain/"))
        #expect(try shelf.siteFile("authors/mark-twain/index.html").contains("Born in Florida, Missouri."))
        #expect(
            try TemporaryShelf.snapshot(of: shelf.paths.site)
                == (try IncrementalBuildTests().fullBuild(of: shelf, settings: SiteSettings())))

        // A kept author with a photo of their own keeps it; the other stays, named.
        try shelf.library.addBook(NewBook(title: "The Gilded Age", authors: ["Charles Warner"]))
        try photo.write(to: shelf.paths.photos.appendingPathComponent("charles-warner.jpg"))
        try photo.write(to: shelf.paths.photos.appendingPathComponent("charles-dudley-warner.jpg"))
        let (_, stays) = try AuthorMerging(library: shelf.library, paths: shelf.paths)
            .merge("charles-warner", into: "charles-dudley-warner")
        #expect(
            stays
                == .stays(
                    shelf.paths.photos.appendingPathComponent("charles-warner.jpg"),
                    theirs: shelf.paths.photos.appendingPathComponent("charles-dudley-warner.jpg"), reason: nil))
    }
}

/// `author NAME --merge-into OTHER` through the built binary.
@Suite struct AuthorMergeCommandLineTests {
    @Test func itAsksOrTakesYesAndSaysWhatItDid() async throws {
        let root = try TestPaths.newShelf("author-merge")
        let bookplate = CommandRunner(folder: root)
        try await bookplate.expecting(
            0, ["add", "--title", "Tom Sawyer", "--author", "Mark Twain"], sourceLocation: #_sourceLocation)
        try await bookplate.expecting(
            0, ["add", "--title", "Roughing It", "--author", "Samuel Clemens"], sourceLocation: #_sourceLocation)

        let unasked = try await bookplate.run("author", "clemens", "--merge-into", "twain")
        #expect(
            unasked.status == 64 && unasked.stderr.hasPrefix("Error: not merging without a yes"), "\(unasked.stderr)")
        let stray = try await bookplate.run("author", "clemens", "--yes")
        #expect(stray.status == 64 && stray.stderr.hasPrefix("Error: --yes goes with --merge-into"), "\(stray.stderr)")
        let itself = try await bookplate.run("author", "twain", "--merge-into", "mark-twain", "--yes")
        #expect(itself.status == 1 && itself.stderr.contains("both names are mark-twain"), "\(itself.stderr)")

        let merged = try await bookplate.run("author", "clemens", "--merge-into", "twain", "--yes")
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(
            merged.stdout
                == "Merged Samuel Clemens (samuel-clemens) into Mark Twain (mark-twain): 1 book now names Mark Twain\n")
        #expect(
            try await bookplate.run("list", "--author", "twain", "--columns", "slug").stdout
                == "roughing-it\ntom-sawyer\n")

        try await bookplate.expecting(
            0, ["add", "--title", "Life on the Mississippi", "--author", "S. Clemens"], sourceLocation: #_sourceLocation
        )
        let json = try await bookplate.run("author", "s-clemens", "--merge-into", "twain", "--yes", "--json")
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let object = document?["authorMerge"] as? [String: Any]
        #expect(
            object?["merged"] as? String == "s-clemens" && object?["into"] as? String == "mark-twain", "\(json.stdout)")
        #expect(object?["books"] as? [String] == ["life-on-the-mississippi"], "\(json.stdout)")
    }
}
