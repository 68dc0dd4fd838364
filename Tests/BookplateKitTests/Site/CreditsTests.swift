import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Each book page says where its facts came from, with the links the catalogs ask for, and the
/// footer names every catalog the shelf drew on.
@Suite struct CreditsTests {
    @Test func aBookPageCreditsEachCatalogItsFactsAndCoverCameFrom() async throws {
        let shelf = try FixtureShelf.make()
        try await shelf.buildOffPool(settings: FixtureShelf.settings)
        let page = try shelf.siteFile("books/fledgling/index.html")
        #expect(
            page.contains(
                "<p class=\"credits\">Description from <a href=\"https://books.google.com/books?id=dhRzDQAAQBAJ\">"
                    + "Google Books</a> · Details from <a href=\"https://books.google.com/books?id=dhRzDQAAQBAJ\">"
                    + "Google Books</a> · Details from <a href=\"https://openlibrary.org/books/OL24381416M\">"
                    + "Open Library</a> · Cover from <a href=\"https://openlibrary.org/books/OL24381416M\">"
                    + "Open Library</a></p>"))
        // Everything on Kindred's page was written by the reader: nothing to credit.
        #expect(try !shelf.siteFile("books/kindred/index.html").contains("class=\"credits\""))
        #expect(page.contains("book data from <a href=\"https://openlibrary.org/\">Open Library</a> and "))
        #expect(try shelf.siteFile("index.html").contains(">Google Books</a>"))
    }

    /// The footer lists the catalogs as a sentence of the site's language, like a book's authors.
    @Test func theFootersCatalogsAreListedInTheSitesLanguage() async throws {
        let shelf = try await FixtureShelf.built(inLanguage: "fr")
        #expect(
            try shelf.siteFile("index.html").contains(
                "<a href=\"https://openlibrary.org/\">Open Library</a> et de <a href=\"https://books.google.com/\">"))
    }

    /// A French book page said "Couverture de Open Library", where French writes "de" as "d’"
    /// before a vowel, as the site already did in the feed ("Kindred d’Octavia E. Butler"); the
    /// footer said "données des livres Open Library", with no "de" at all, then "d’Open Library et
    /// Google Books", with none before the second. Google Books keeps its "de".
    @Test func frenchCreditsWriteDeAsDApostropheBeforeOpenLibrary() async throws {
        let shelf = try await FixtureShelf.built(inLanguage: "fr")
        let page = try shelf.siteFile("books/fledgling/index.html")
        #expect(
            page.contains(
                "<p class=\"credits\">Description de <a href=\"https://books.google.com/books?id=dhRzDQAAQBAJ\">"
                    + "Google Books</a> · Informations de <a href=\"https://books.google.com/books?id=dhRzDQAAQBAJ\">"
                    + "Google Books</a> · Informations d’<a href=\"https://openlibrary.org/books/OL24381416M\">"
                    + "Open Library</a> · Couverture d’<a href=\"https://openlibrary.org/books/OL24381416M\">"
                    + "Open Library</a></p>"))
        #expect(
            try shelf.siteFile("index.html").contains(
                "données des livres d’<a href=\"https://openlibrary.org/\">Open Library</a> et de "
                    + "<a href=\"https://books.google.com/\">Google Books</a>"))
        // French says "de" again before the second catalog, as Spanish does; English and German
        // do not.
        let both = Set([FieldSource.openLibrary, .google])
        for (language, joined) in [("es", " y de "), ("en", " and "), ("de", " und ")] {
            let words = try Words.load(theme: .builtIn, language: language)
            #expect(Credits.siteCredits(both, words: words).links.first?.separator == joined, "\(language)")
        }
        // A shelf whose facts came from Google Books alone keeps the "de".
        let french = try Words.load(theme: .builtIn, language: "fr")
        var book = Book(slug: "x", title: "X", addedAt: TemporaryShelf.fixedDate, provenance: [.description: .google])
        book.description = HTMLAllowList.sanitize("<p>Text</p>")
        #expect(Credits.credits(for: book, hasCoverImage: false, words: french).map(\.what) == ["Description de "])
        #expect(
            Credits.siteCredits([.google], words: french).lead == "données des livres de "
                && Credits.siteCredits([.openLibrary], words: french).lead == "données des livres d’")
    }

    @Test func aShelfTheReaderWroteItselfCreditsNoCatalog() async throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Mine", authors: ["Me"]))
        try await shelf.buildOffPool()
        #expect(try !shelf.siteFile("index.html").contains("book data from"))
        #expect(try !shelf.siteFile("books/mine/index.html").contains("class=\"credits\""))
    }

    @Test func keysThatAreNotKeysLinkToTheCatalogsHomePage() {
        var book = Book(
            slug: "x", title: "X", addedAt: TemporaryShelf.fixedDate, provenance: [.description: .google])
        book.description = HTMLAllowList.sanitize("<p>Text</p>")
        book.googleVolumeID = "\" onclick=\"alert(1)"
        book.openLibraryWorkKey = "javascript:alert(1)"
        book.provenance[.publisher] = .openLibrary
        #expect(
            Credits.credits(for: book, hasCoverImage: false, words: .english) == [
                CreditModel(what: "Description from ", source: "Google Books", url: "https://books.google.com/"),
                CreditModel(what: "Details from ", source: "Open Library", url: "https://openlibrary.org/"),
            ])
    }

    @Test func aCoverIsCreditedOnlyWhenItIsPublishedAndCameFromACatalog() {
        var book = Book(slug: "x", title: "X", addedAt: TemporaryShelf.fixedDate)
        book.coverURL = "https://books.google.com/books/content?id=abc&printsec=frontcover&img=1"
        #expect(Credits.credits(for: book, hasCoverImage: false, words: .english).isEmpty)
        #expect(
            Credits.credits(for: book, hasCoverImage: true, words: .english) == [
                CreditModel(what: "Cover from ", source: "Google Books", url: "https://books.google.com/")
            ])
        book.coverURL = "https://example.org/mine.jpg"
        #expect(Credits.credits(for: book, hasCoverImage: true, words: .english).isEmpty)
    }
}
