import Foundation

@testable import BookplateCore
@testable import BookplateLibrary
@testable import BookplateSite

/// The fixed shelf the golden files are built from: every page kind and the awkward cases
/// (a real cover, placeholders, several authors, CJK, no ISBN, a long description, every status).
enum FixtureShelf {
    /// Published under a sub-path, so absolute links show the base URL's path is kept.
    static let settings = SiteSettings(
        title: "Fixture Shelf", owner: "Test Reader", description: "A fixed shelf for golden files.",
        baseURL: URL(string: "https://books.example.org/shelf/"))

    /// The fixed shelf, built off the test pool with ``settings`` in `language`.
    static func built(inLanguage language: String) async throws -> TemporaryShelf {
        let shelf = try make()
        var settings = settings
        settings.language = language
        try await shelf.buildOffPool(settings: settings)
        return shelf
    }

    static func make() throws -> TemporaryShelf {
        let shelf = try TemporaryShelf()
        let library = shelf.library
        try library.addBook(
            NewBook(
                title: "Fledgling",
                authors: [
                    NewAuthor(
                        name: "Octavia E. Butler", openLibraryKey: "OL28180A",
                        bio: "An American science fiction author.\n\nA MacArthur Fellow & Hugo winner.",
                        birthDate: "June 22, 1947", deathDate: "February 24, 2006",
                        links: [
                            AuthorLink(title: "Wikipedia", url: "https://en.wikipedia.org/wiki/Octavia_E._Butler"),
                            AuthorLink(title: "Not kept", url: "javascript:alert(1)"),
                        ],
                        works: [
                            NewWork(key: "OL1W", title: "Kindred", year: 1979),
                            NewWork(key: "OL2W", title: "Parable of the Sower", year: 1993),
                            NewWork(key: "OL3W", title: "<Dawn>", year: nil),
                        ])
                ], isbn: try ISBN("9780446696166"),
                publisher: "Grand Central Publishing", publishedDate: try PartialDate(parsing: "2007-01-02"),
                pageCount: 320, language: "en",
                description: HTMLAllowList.html(
                    fromText: "A young girl wakes in a cave with no memory.\n\nShe is not what she seems."),
                coverURL: "https://covers.openlibrary.org/b/id/8231856-L.jpg",
                status: .read, rating: try Rating(stars: 4.5), startedDate: try PartialDate(parsing: "2025-03-01"),
                finishedDate: try PartialDate(parsing: "2025-03-14"), shelves: ["sci-fi", "Book Club"],
                googleVolumeID: "dhRzDQAAQBAJ", openLibraryWorkKey: "OL17415W", openLibraryEditionKey: "OL24381416M",
                // As a merge of both catalogs leaves it: credited on the book's page and in the footer.
                provenance: [
                    .description: .google, .title: .openLibrary, .publisher: .google, .pageCount: .openLibrary,
                ]))
        try library.addBook(
            NewBook(
                title: "Good Omens", subtitle: "The Nice and Accurate Prophecies of Agnes Nutter, Witch",
                authors: ["Terry Pratchett", "Neil Gaiman"], isbn: try ISBN("0060853980"),
                publishedDate: try PartialDate(parsing: "2006-11"),
                status: .reading, startedDate: try PartialDate(parsing: "2025-12-20")))
        try library.addBook(
            NewBook(
                title: "三体", authors: ["刘慈欣"], isbn: try ISBN("9787536692930"), publisher: "重庆出版社",
                publishedDate: try PartialDate(parsing: "2008"), language: "zh", status: .toRead,
                shelves: ["translated"]))
        try library.addBook(
            NewBook(
                title: "The Time Machine", authors: ["H. G. Wells"], publisher: "Heinemann",
                publishedDate: try PartialDate(parsing: "1895"), pageCount: 152,
                // As a catalog gives it: the allow-list keeps paragraphs, emphasis and the list.
                description: HTMLAllowList.sanitize(
                    "<p>"
                        + String(
                            repeating: "A long description paragraph about time travel and the far future. ", count: 12)
                        + "</p><p class=\"x\">A second paragraph with <b>markup</b>, a <a href=\"javascript:alert(1)\">link"
                        + "</a> made text &amp; <script>alert(1)</script>ampersands.<ul><li>Eloi<li>Morlocks</ul>"),
                status: .abandoned))
        try library.addBook(
            NewBook(
                title: "Kindred", authors: ["Octavia E. Butler"], publishedDate: try PartialDate(parsing: "1979"),
                status: .read, rating: try Rating(5), finishedDate: try PartialDate(parsing: "2024-06-30")))
        // Edition facts: a paperback first published two years before this edition, owned, and
        // an audiobook with its length.
        try library.editBook(
            slug: "fledgling",
            BookEdit(
                format: .some(.paperback), firstPublished: .some(try PartialDate(parsing: "2005")), owned: .some(true)))
        try library.editBook(slug: "kindred", BookEdit(format: .some(.audiobook), audioMinutes: .some(655)))
        // Two books of a series with the second missing: its page shows the gap.
        try library.editBook(
            slug: "kindred", BookEdit(series: [SeriesPlace(name: "Time Slips", position: SeriesPosition(parsing: "1"))])
        )
        try library.editBook(
            slug: "the-time-machine",
            BookEdit(series: [SeriesPlace(name: "Time Slips", position: SeriesPosition(parsing: "3"))]))
        // Read before, in 2019: the book page counts both reads, the stats a re-read in 2024.
        try library.addRead(
            toBook: "kindred",
            ReadRecord(
                started: try PartialDate(parsing: "2019-01-05"), finished: try PartialDate(parsing: "2019-02-01")))
        try shelf.writeNote(
            "# First thoughts\n\nShe is *not* what she seems. A [review](https://example.org/review?a=1&b=2).\n\n> A quote.\n\n- one\n- two\n",
            slug: "fledgling")
        try shelf.writeNote("Reading it with <script>alert('x')</script> friends.\n", slug: "good-omens")
        // Highlights: two of Fledgling from a Kindle, one with a note; one of Kindred typed by hand
        // (dated when it was added) and one made years before; one hidden. The book pages show
        // them, the commonplace book lists them by year, newest first.
        try library.addHighlight(
            NewHighlight(
                text: "I awoke to darkness.", note: "The *first* line, and [a link](javascript:alert(1)).",
                place: HighlightPlace(page: "1", location: "10-11"), madeAt: Date(timeIntervalSince1970: 1_740_902_400),
                source: .kindle),
            toBook: "fledgling")
        try library.addHighlight(
            NewHighlight(
                text: "Wright & <em>Shori</em>, \"together\".", place: HighlightPlace(location: "2400"),
                madeAt: Date(timeIntervalSince1970: 1_741_600_000), source: .kindle),
            toBook: "fledgling")
        try library.addHighlight(
            NewHighlight(
                text: "I lost an arm on my last trip home.", place: HighlightPlace(chapter: "Prologue"), source: .reader
            ),
            toBook: "kindred")
        try library.addHighlight(
            NewHighlight(
                text: "Kevin had been gone for five years.", place: HighlightPlace(page: "190"),
                madeAt: Date(timeIntervalSince1970: 1_547_000_000), source: .kobo),
            toBook: "kindred")
        let hidden = try library.addHighlight(
            NewHighlight(text: "A passage kept private.", source: .reader), toBook: "kindred"
        ).highlight
        try library.editHighlight(hidden.id, published: false)
        try FileManager.default.createDirectory(at: shelf.paths.covers, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: shelf.paths.photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.fixtures.appendingPathComponent("covers/google-books-thumbnail-the-maid.jpg"),
            to: shelf.paths.photos.appendingPathComponent("octavia-e-butler.jpg"))
        try FileManager.default.copyItem(
            at: TestPaths.fixtures.appendingPathComponent("covers/google-books-thumbnail-fledgling.jpg"),
            to: shelf.paths.covers.appendingPathComponent("fledgling.jpg"))
        return shelf
    }
}
