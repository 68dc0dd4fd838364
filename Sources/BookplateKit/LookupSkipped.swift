import BookplateCatalog
import Foundation

/// Why a book on the shelf could not be looked up in the catalogs, which is no failure: the
/// catalogs answered, or there was nothing to ask them, and asking again would find nothing more.
/// `refresh`, `refresh --missing` and `import --enrich` skip the book with this reason, in the
/// same words: a book whose ISBN no catalog knew was "failed", with "check the identifier", in
/// two of them and "skipped" in the third (found by an exploratory session).
public enum LookupSkipped: Error, Equatable, CustomStringConvertible {
    /// No ISBN and no catalog id: a book added by hand.
    case nothingToLookUpBy(slug: String)
    /// The catalog record the book came from is gone, and it has no ISBN to be found by.
    case recordGone(slug: String, catalog: CatalogName, what: String)
    /// No catalog knows the book's ISBN (nor, when it had any, the records it came from).
    case unknownISBN(slug: String, isbn: String, hadRecords: Bool)

    /// The reason, after "skipped, ".
    public var description: String {
        switch self {
        case .nothingToLookUpBy(let slug):
            "no ISBN or catalog id to look it up by (add one with 'bookplate edit \(slug) --isbn …')"
        case .recordGone(let slug, let catalog, let what):
            "\(catalog.rawValue) no longer has its \(what) (give it an ISBN with 'bookplate edit \(slug) --isbn …' to look it up by)"
        case .unknownISBN(let slug, let isbn, let hadRecords):
            (hadRecords ? "the catalogs no longer have its records, and neither" : "neither")
                + " Google Books nor Open Library knows its ISBN \(isbn) (another edition's may be known: "
                + "'bookplate edit \(slug) --isbn …')"
        }
    }
}
