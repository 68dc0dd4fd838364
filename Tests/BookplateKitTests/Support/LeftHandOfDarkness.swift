import Foundation

extension StubCatalogServer {
    /// Serves the hand-made story of "The Left Hand of Darkness" (see Fixtures/handmade/README.md):
    /// both catalogs' search results, the Google volume, the Open Library work, editions, author,
    /// author's works, and images for the cover and the author's photo.
    func serveLeftHandOfDarkness() async {
        let google = "/google/books/v1"
        let openLibrary = "/openlibrary"
        await on("\(google)/volumes", .json("handmade/google-search-left-hand.json"))
        await on("\(google)/volumes/ZHoDAAAAQBAJ", .json("handmade/google-volume-ZHoDAAAAQBAJ.json"))
        await on("\(openLibrary)/search.json", .json("handmade/openlibrary-search-left-hand.json"))
        await on("\(openLibrary)/works/OL59863W.json", .json("handmade/openlibrary-work-OL59863W.json"))
        await on("\(openLibrary)/works/OL1111111W.json", .json("handmade/openlibrary-work-OL1111111W-redirect.json"))
        await on("\(openLibrary)/works/OL59863W/editions.json", .json("handmade/openlibrary-editions-OL59863W.json"))
        await on("\(openLibrary)/books/OL2383939M.json", .json("handmade/openlibrary-edition-OL2383939M.json"))
        await on("\(openLibrary)/isbn/9780441478125.json", .json("handmade/openlibrary-edition-OL2383939M.json"))
        await on("\(openLibrary)/authors/OL31353A.json", .json("handmade/openlibrary-author-OL31353A-bio-object.json"))
        await on("\(openLibrary)/authors/OL31353A/works.json", .json("handmade/openlibrary-author-works-OL31353A.json"))
        await on("\(openLibrary)/search/authors.json", .json("handmade/openlibrary-search-authors-le-guin.json"))
        await on("/covers/b/id/12345-L.jpg", .image("covers/google-books-thumbnail-fledgling.jpg"))
        await on("/covers/a/id/6789-M.jpg", .image("covers/google-books-thumbnail-the-maid.jpg"))
        await on("/google/images", .image("covers/google-books-thumbnail-the-maid.jpg"))
    }
}
