import BookplateCore
import BookplateLibrary

/// What a site build may ask of the library: it reads the books and credits and never writes.
/// ``SiteBuilder`` holds the library as this and nothing more, so the site can neither change a
/// book nor reach the library's SQL.
package protocol SiteLibrary: Sendable {
    /// Where the library is: the build state names the library it describes.
    var path: String { get }
    /// The library's clock: the year pages and the reading goal count from its today.
    var clock: WallClock { get }
    /// Changes whenever anything in the library does, and never repeats across histories.
    func revision() throws -> String
    /// Every book with its authors and shelves: what a full build starts from.
    func snapshot() throws -> LibrarySnapshot
    /// The books with these slugs, for a build that only notes changed.
    func books(slugs: [String]) throws -> [BookDetails]
    /// The catalogs any book's facts or cover came from, for the footer's credits.
    func catalogSources() throws -> Set<FieldSource>
    /// The hash of the Markdown an import wrote, by book slug, for each note an import wrote.
    func importedNoteHashes() throws -> [String: String]
    /// How many books and authors there are, for the report of a build that loaded neither.
    func counts() throws -> (books: Int, authors: Int)
}

extension Library: SiteLibrary {}
