import BookplateCore
import BookplateLibrary
import Foundation

/// The commonplace book: every published highlight of the shelf, newest first, worked out once
/// per build.
///
/// Its home, `highlights/index.html`, shows the newest ``homeSize`` and links each year; a year's
/// highlights are pages of their own (`highlights/2024/`, `highlights/2024/page/2/`), so a new
/// highlight changes its book's page, the home and its own year's pages, and no other.
struct Commonplace: Sendable {
    /// How many highlights the commonplace book's home shows.
    static let homeSize = 50
    /// Highlights per page of a year, as many as books on a list's page.
    static let pageSize = Paging.pageSize
    static let folder = "highlights"
    static let homeURL = "\(folder)/index.html"
    static let feedPath = "\(folder)/feed.xml"

    /// A highlight's place in the snapshot: its book's position and its index among the book's
    /// published highlights, with the day it is dated.
    struct Entry: Sendable {
        var position: Int
        var index: Int
        /// When it was made, or when it came into the library when its source does not say.
        var date: Date
        /// Whether `date` is when it was made, a time on the reader's clock kept as if in UTC
        /// (``Highlight/madeAt``); otherwise it is the moment it came into the library.
        var isWallClock: Bool
    }

    /// One year's highlights: `entries[range]`, paged at `highlights/<year>/`.
    struct Year: Sendable {
        var year: Int
        var range: Range<Int>

        var paging: Paging { Paging(folder: "\(Commonplace.folder)/\(year)", count: range.count) }
        var pageCount: Int { paging.pageCount }
        func path(page number: Int) -> String { paging.path(page: number) }
        func root(page number: Int) -> String { paging.root(page: number) }

        /// The indices in ``Commonplace/entries`` shown on page `number`.
        func range(onPage number: Int) -> Range<Int> {
            let page = paging.range(onPage: number)
            return (range.lowerBound + page.lowerBound)..<(range.lowerBound + page.upperBound)
        }
    }

    /// Every published highlight, newest first; those of one moment by their book's slug, then id,
    /// so that the same shelf always gives the same pages.
    let entries: [Entry]
    /// Newest year first.
    let years: [Year]
    /// How many books have a published highlight.
    let bookCount: Int

    var isEmpty: Bool { entries.isEmpty }

    init(_ snapshot: LibrarySnapshot) {
        let books = snapshot.books
        var entries: [Entry] = []
        var bookCount = 0
        for position in books.indices where !books[position].highlights.isEmpty {
            bookCount += 1
            for (index, highlight) in books[position].highlights.enumerated() {
                entries.append(
                    Entry(
                        position: position, index: index, date: highlight.madeAt ?? highlight.addedAt,
                        isWallClock: highlight.madeAt != nil))
            }
        }
        entries.sort { left, right in
            if left.date != right.date { return left.date > right.date }
            let leftSlug = books[left.position].book.slug
            let rightSlug = books[right.position].book.slug
            if leftSlug != rightSlug { return leftSlug < rightSlug }
            return books[left.position].highlights[left.index].id < books[right.position].highlights[right.index].id
        }
        var years: [Year] = []
        for (offset, entry) in entries.enumerated() {
            // In UTC, as the library keeps a highlight's time as the reader's wall clock showed
            // it: its year is the reader's, and does not depend on where the site is built.
            let year = PartialDate.day(of: entry.date).year
            if years.last?.year == year {
                years[years.count - 1].range = years[years.count - 1].range.lowerBound..<(offset + 1)
            } else {
                years.append(Year(year: year, range: offset..<(offset + 1)))
            }
        }
        self.entries = entries
        self.years = years
        self.bookCount = bookCount
    }
}
