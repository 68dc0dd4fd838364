import BookplateCatalog
import BookplateCore
import BookplateImport
import BookplateLibrary
import BookplateSite
import Foundation

extension BookAdder {
    /// What filling in a book that lacked catalog details or a cover came to.
    public enum FillOutcome: Sendable, Equatable {
        /// Looked up by the ids or ISBN it had: these fields (and perhaps the cover) changed.
        case updated([String])
        /// Looked up, and nothing was missing that the catalogs had.
        case upToDate
        /// Found by its title and first author, and filled in from that record.
        case matched(changed: [String])
        /// Not found with confidence: why.
        case notMatched(String)
        /// Not to be looked up by what it has: why (``LookupSkipped``), in `refresh`'s words.
        case skipped(LookupSkipped)
    }

    /// The books that lack catalog details (no Google Books or Open Library record) or a cover
    /// file (or have one cut short), of those with `slugs` (every book when nil), in shelf order.
    public func booksMissingDetails(among slugs: [String]? = nil) throws -> [String] {
        let wanted = slugs.map(Set.init)
        return try library.books().map(\.book).filter { book in
            (wanted?.contains(book.slug) ?? true)
                && ((book.googleVolumeID == nil && book.openLibraryWorkKey == nil)
                    || CoverFetcher.wholeImage(named: book.slug, in: paths.covers) == nil)
        }.map(\.slug)
    }

    /// Fills in the book with `slug` from the catalogs: by its ids or ISBN when it has them, else
    /// by searching for its title and first author and taking a result only when both match
    /// (title without subtitle, case and accents aside; the author as ``AuthorNameMatch`` says).
    /// Never overwrites what the reader set. Throws what a catalog that cannot be reached throws.
    public func fillMissing(slug: String) async throws -> (FillOutcome, [CatalogError]) {
        let details = try library.findBook(matching: slug)
        let book = details.book
        if !StoredIdentifiers(book: book).isEmpty {
            do {
                let (changed, warnings) = try await refresh(slug: book.slug)
                return (changed.isEmpty ? .upToDate : .updated(changed), warnings)
            } catch let skipped as LookupSkipped {
                // An ISBN no catalog knows is no failure of the import that enriches the book.
                return (.skipped(skipped), [])
            }
        }
        guard let author = details.authors.first?.name else {
            return (.notMatched("no ISBN and no author to search by"), [])
        }
        var results = try await finder.search(CatalogQuery(title: book.title, author: author), limit: 10)
        // The search only picks a record: what its rows lost is not the reader's concern, and the
        // record picked says what it lost itself (found by a review).
        results.warnings.removeAll(where: \.isValuesLeftOut)
        if results.candidates.isEmpty, let failed = results.warnings.first, failed.stopsAPass {
            throw failed
        }
        let wanted = Library.matchKey(title: book.title, firstAuthor: nil, looseTitle: true)
        let confident = results.candidates.filter { candidate in
            Library.matchKey(title: candidate.title, firstAuthor: nil, looseTitle: true) == wanted
                && candidate.authors.contains { AuthorNameMatch.matches($0, author) }
        }
        guard let match = confident.first else {
            return (
                .notMatched(
                    results.candidates.isEmpty
                        ? "no catalog knows this title and author"
                        : "none of the \(results.candidates.count) results has this title and author"),
                results.warnings
            )
        }
        let found = try await finder.details(of: .candidate(match))
        var changed = try library.refreshBook(slug: book.slug, with: found.book, onlyFillGaps: true)
        if let cover = try await saveCover(of: book.slug, from: found) { changed.append(cover) }
        return (.matched(changed: changed), results.warnings + found.warnings)
    }
}
