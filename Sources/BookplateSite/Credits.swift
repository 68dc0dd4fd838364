import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// Where a page's facts came from, from the provenance the library keeps for each field: Google
/// asks that its results be attributed wherever they are shown, and Open Library that its data
/// and covers be credited with a link back.
enum Credits {
    /// The fields a catalog fills other than the description: credited together as "details".
    static let detailFields: [BookField] = [
        .title, .subtitle, .authors, .isbn, .publisher, .publishedDate, .pageCount, .language, .subjects,
    ]

    /// The credits of a book's page: its description, its other details and its cover, each
    /// with the catalog it came from and a link to the book there. Fields the reader wrote
    /// are not credited.
    static func credits(for book: Book, hasCoverImage: Bool, words: Words) -> [CreditModel] {
        var credits: [CreditModel] = []
        if let source = book.provenance[.description], book.description != nil,
            let link = link(to: book, in: source)
        {
            credits.append(
                CreditModel(what: words("descriptionFrom", before: link.name), source: link.name, url: link.url))
        }
        for source in [FieldSource.google, .openLibrary]
        where detailFields.contains(where: { book.provenance[$0] == source }) {
            if let link = link(to: book, in: source) {
                credits.append(
                    CreditModel(what: words("detailsFrom", before: link.name), source: link.name, url: link.url))
            }
        }
        if hasCoverImage, let source = coverSource(book.coverURL), let link = link(to: book, in: source) {
            credits.append(CreditModel(what: words("coverFrom", before: link.name), source: link.name, url: link.url))
        }
        return credits
    }

    /// The catalog a cover was downloaded from, by its address; nil for the reader's own.
    static func coverSource(_ address: String?) -> FieldSource? {
        guard let host = address.flatMap(URL.init(string:))?.host?.lowercased() else { return nil }
        if host == "openlibrary.org" || host.hasSuffix(".openlibrary.org") { return .openLibrary }
        if host.hasSuffix("books.google.com") || host.hasSuffix("googleusercontent.com")
            || host.hasSuffix("googleapis.com")
        {
            return .google
        }
        return nil
    }

    /// The site-wide credit in the footer: the catalogs any book's facts or cover came from, listed
    /// in the site's language, and the words that lead to them ("book data from ", French's
    /// "données des livres d’" before Open Library); none when the reader wrote every fact.
    static func siteCredits(_ sources: Set<FieldSource>, words: Words) -> (lead: String?, links: [ListedLinkModel]) {
        var links = ListedLinkModel.list(
            [FieldSource.openLibrary, .google].filter(sources.contains).compactMap(home), words: words)
        // French and Spanish say "de" again before each catalog after the first, as their
        // `footerBookDataEach` has it: "d’Open Library et de Google Books".
        if !words("footerBookDataEach").isEmpty {
            for index in links.indices.dropLast() {
                links[index].separator += words("footerBookDataEach", before: links[index + 1].name)
            }
        }
        return (links.first.map { words("footerBookData", before: $0.name) }, links)
    }

    /// A catalog's name and home page.
    private static func home(_ source: FieldSource) -> (name: String, url: String)? {
        switch source {
        case .google: ("Google Books", "https://books.google.com/")
        case .openLibrary: ("Open Library", "https://openlibrary.org/")
        case .reader: nil
        }
    }

    /// The book's page in `source` when its key there is known and well formed, else the
    /// catalog's home page.
    private static func link(to book: Book, in source: FieldSource) -> (name: String, url: String)? {
        guard let home = home(source) else { return nil }
        switch source {
        case .google:
            if let id = book.googleVolumeID, isKey(id, allowed: "-_") {
                return (home.name, "https://books.google.com/books?id=\(id)")
            }
        case .openLibrary:
            if let key = book.openLibraryEditionKey, isKey(key, allowed: ""), key.hasPrefix("OL"), key.hasSuffix("M") {
                return (home.name, "https://openlibrary.org/books/\(key)")
            }
            if let key = book.openLibraryWorkKey, isKey(key, allowed: ""), key.hasPrefix("OL"), key.hasSuffix("W") {
                return (home.name, "https://openlibrary.org/works/\(key)")
            }
        case .reader:
            return nil
        }
        return home
    }

    /// Whether `key` is ASCII letters and digits (and `allowed`) alone, so it can sit in a URL as it is.
    private static func isKey(_ key: String, allowed: String) -> Bool {
        !key.isEmpty && key.count <= 64
            && key.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || allowed.unicodeScalars.contains($0))
            }
    }
}
