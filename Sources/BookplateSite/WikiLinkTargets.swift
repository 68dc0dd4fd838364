import BookplateCore
import BookplateLibrary
import Synchronization

/// Where the reader's links by name (`[[Dune]]`, ``ObsidianMarkdown``) lead on the site.
///
/// A name is looked for, case and accents aside, first as a page's address — a book's slug
/// (`[[dune]]`, as Obsidian names the notes of `content/notes/`) or a page of the reader's
/// (`[[about]]`) —, then as a title — a book's, with or without its subtitle, or a page's —,
/// then as an author's name or slug, a series' name and a shelf's. The first of those a name is
/// is where it leads; a name that two of one kind share (two books called "Home") leads to
/// neither, and is its words on the page, as a name that is nothing on the site is.
///
/// Worked out only when a page holds a link by name, and then each part only as it is needed:
/// the table of names when a link is rendered (a shelf of 50,000 books folds 150,000 names), the
/// fingerprint of what decides it, which goes into that of each book page whose note may link
/// (the note is rendered only when its page is made, and a book added under a name a note
/// links makes the link), when those pages are planned: a pass over the names as they are, in
/// the library's order, no folding and no sorting.
final class WikiLinkTargets: Sendable {
    /// The pages by folded name, each path from the site's top; an empty path where several
    /// pages share the name.
    fileprivate struct Table {
        var paths: [String: String] = [:]
    }

    private let snapshot: LibrarySnapshot
    private let series: [Series]
    private let shelves: [Shelf]
    private let pages: [ExtraPage]
    private let table = Mutex<Table?>(nil)
    private let madeFingerprint = Mutex<Fingerprint?>(nil)

    /// Links by name lead nowhere: for the pages of a build of notes alone, none of which links
    /// by name (``BuildRun`` reads the library's names for one that may).
    static let none = WikiLinkTargets(snapshot: LibrarySnapshot(books: []), series: [], shelves: [], pages: [])

    /// The pages of `snapshot`'s books and authors, and `series`, `shelves` and `pages`.
    init(snapshot: LibrarySnapshot, series: [Series], shelves: [Shelf], pages: [ExtraPage]) {
        self.snapshot = snapshot
        self.series = series
        self.shelves = shelves
        self.pages = pages
    }

    /// The address of the page `name` leads to, from a page two folders below the site's top
    /// (a book's, a page of the reader's), or nil.
    func address(of name: String) -> String? {
        let key = TextFolding.searchKey(name)
        let path = table.withLock { table in
            if table == nil { table = makeTable() }
            return table?.paths[key]
        }
        guard let path, !path.isEmpty else { return nil }
        return "../../" + path
    }

    /// A fingerprint of every name and address the table is made of: the same for the same
    /// shelf, and another wherever a name could lead elsewhere.
    var fingerprint: Fingerprint {
        madeFingerprint.withLock { made in
            if let made { return made }
            // Each kind counted before its names: run together, a name that passed from the last
            // author to the first series (the author's one book given another, put in a series
            // of that name) left the same run, and a page kept its link to the author's page the
            // build removed (found by a review).
            var fingerprint = Fingerprint()
            fingerprint.combine(snapshot.books.count)
            for details in snapshot.books {
                fingerprint.combine(details.book.slug)
                fingerprint.combine(details.book.title)
                fingerprint.combine(details.book.subtitle ?? "")
            }
            fingerprint.combine(snapshot.authors.count)
            for author in snapshot.authors {
                fingerprint.combine(author.slug)
                fingerprint.combine(author.name)
            }
            fingerprint.combine(series.count)
            for (slug, name) in series.map({ ($0.slug, $0.name) }) + shelves.map({ ($0.slug, "/" + $0.name) }) {
                fingerprint.combine(slug)
                fingerprint.combine(name)
            }
            fingerprint.combine(pages.count)
            for page in pages {
                fingerprint.combine(page.name)
                fingerprint.combine(page.title)
            }
            made = fingerprint
            return fingerprint
        }
    }

    private func makeTable() -> Table {
        var table = Table()
        table.add(
            snapshot.books.map { ($0.book.slug, PageModelFactory.bookURL($0.book.slug)) }
                + pages.map { ($0.name, $0.path) })
        table.add(
            snapshot.books.flatMap { details in
                let path = PageModelFactory.bookURL(details.book.slug)
                let book = details.book
                return [(book.title, path)] + (book.subtitle.map { [("\(book.title): \($0)", path)] } ?? [])
            } + pages.map { ($0.title, $0.path) })
        table.add(
            snapshot.authors.flatMap { author in
                [
                    (author.name, PageModelFactory.authorURL(author.slug)),
                    (author.slug, PageModelFactory.authorURL(author.slug)),
                ]
            })
        table.add(series.map { ($0.name, PageModelFactory.seriesURL($0.slug)) })
        table.add(shelves.map { ($0.name, PageModelFactory.shelfURL($0.slug)) })
        return table
    }
}

extension WikiLinkTargets.Table {
    /// Adds names of one rank, each with the path of its page: a name one of a higher rank has
    /// keeps that, and one of this rank that leads to two pages leads to none.
    fileprivate mutating func add(_ names: [(name: String, path: String)]) {
        var ranked: [String: String] = [:]
        for (name, path) in names {
            let key = TextFolding.searchKey(name.trimmingCharacters(in: .whitespaces))
            guard !key.isEmpty, paths[key] == nil else { continue }
            ranked[key] = ranked[key].map { $0 == path ? path : "" } ?? path
        }
        paths.merge(ranked) { kept, _ in kept }
    }
}

extension BookDetails {
    /// Whether the note of one of its highlights may link by name.
    var highlightsLinkByName: Bool { highlights.contains { $0.note.map(ObsidianMarkdown.mayLink) ?? false } }
}
