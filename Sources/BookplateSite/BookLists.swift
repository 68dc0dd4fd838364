import BookplateCore
import BookplateLibrary
import BookplateMustache

/// The lists a shelf is browsed by: what is being read, the books read in each year, the books
/// to read, those set aside, and each shelf (tag). Each is published as pages of
/// ``BookList/pageSize`` books at stable addresses — `read/2024/index.html`,
/// `to-read/page/2/index.html` — and the home page links every page of every status list, so any
/// book is two clicks from home however large the shelf.
struct BookList: Sendable, Equatable {
    /// Books per page: a page of cards stays near 100 KB of HTML.
    static let pageSize = Paging.pageSize

    enum Kind: Sendable, Equatable {
        case status(ReadingStatus)
        /// Books read, finished in this year; nil for those with no finishing date.
        case readIn(year: Int?)
        case shelf(Shelf)
        /// The books of the author with this slug, oldest first.
        case author(String)
    }

    var kind: Kind
    /// The list's folder in the site, such as `read/2024` or `shelves/poetry`.
    var folder: String
    /// Positions in the snapshot's books, in the list's order.
    var positions: [Int]

    var paging: Paging { Paging(folder: folder, count: positions.count) }
    var pageCount: Int { paging.pageCount }

    /// How many pages a list of `count` books takes: one at least, for an empty list.
    static func pageCount(of count: Int) -> Int { Paging(folder: "", count: count).pageCount }

    func path(page number: Int) -> String { paging.path(page: number) }

    /// The positions shown on page `number`.
    func positions(onPage number: Int) -> ArraySlice<Int> { positions[paging.range(onPage: number)] }

    func root(page number: Int) -> String { paging.root(page: number) }
}

/// A list published as pages of ``pageSize`` entries at stable addresses: the first page is the
/// folder's `index.html`, the others `page/2/index.html` and on. The book lists and the years of
/// the commonplace book are paged so.
struct Paging: Sendable, Equatable {
    /// Entries per page: a page of book cards, or of highlights a few lines long, stays near 100 KB.
    static let pageSize = 100

    var folder: String
    var count: Int

    /// One at least, for an empty list.
    var pageCount: Int { max(1, (count + Paging.pageSize - 1) / Paging.pageSize) }

    /// The site path of page `number` (1-based).
    func path(page number: Int) -> String {
        number <= 1 ? "\(folder)/index.html" : "\(folder)/page/\(number)/index.html"
    }

    /// The way from page `number` back to the top of the site.
    func root(page number: Int) -> String {
        String(repeating: "../", count: path(page: number).split(separator: "/").count - 1)
    }

    /// The offsets in the list shown on page `number`.
    func range(onPage number: Int) -> Range<Int> {
        let start = min(count, (number - 1) * Paging.pageSize)
        return start..<min(count, start + Paging.pageSize)
    }
}

/// Every list of a snapshot, worked out once per build: pages look them up thousands of times.
struct BookLists: Sendable {
    /// Status lists in the home page's order: reading, read by year (newest first, undated last),
    /// to read, set aside. Empty lists are left out.
    var statusLists: [BookList] = []
    var shelfLists: [BookList] = []

    init(_ snapshot: LibrarySnapshot, shelves: [Shelf], index: SnapshotIndex) {
        let books = snapshot.books
        var byStatus: [ReadingStatus: [Int]] = [:]
        for position in books.indices {
            byStatus[books[position].book.status, default: []].append(position)
            // A book read before is among the books read, whatever its status now.
            if books[position].book.status != .read, books[position].reads.contains(where: { $0.outcome == .finished })
            {
                byStatus[.read, default: []].append(position)
            }
        }
        // Ties are broken by title, as `list` breaks them, from the one title sort of the build.
        let titleRank = index.titleRank
        for status in ReadingStatus.allCases.sorted() {
            guard let positions = byStatus[status], !positions.isEmpty else { continue }
            switch status {
            case .read:
                // Newest first; a book read in several years is listed under each, where that
                // year's read puts it.
                var byYear: [Int?: [(position: Int, date: PartialDate?)]] = [:]
                // Latest finished first; undated last.
                let byFinished = BookOrder.finished.sort(positions, of: books, titleRank: titleRank)
                for position in byFinished {
                    let dates = books[position].finishedDates
                    guard !dates.isEmpty else {
                        byYear[nil, default: []].append((position, nil))
                        continue
                    }
                    for year in Set(dates.map(\.year)) {
                        byYear[year, default: []].append((position, dates.last { $0.year == year }))
                    }
                }
                let years = byYear.keys.sorted { ($0 ?? Int.min) > ($1 ?? Int.min) }
                statusLists += years.map { year in
                    let entries = (byYear[year] ?? []).enumerated().sorted { left, right in
                        // Later reads first; the shelf's order where the dates say nothing.
                        guard let a = left.element.date, let b = right.element.date, a != b else {
                            return left.offset < right.offset
                        }
                        return a > b
                    }
                    return BookList(
                        kind: .readIn(year: year), folder: BookList.readFolder(year: year),
                        positions: entries.map(\.element.position))
                }
            case .toRead:
                statusLists.append(
                    BookList(
                        kind: .status(status), folder: status.rawValue,
                        positions: BookOrder.added.sort(positions, of: books, titleRank: titleRank)))
            case .reading, .abandoned:
                // The latest begun (or set aside) first, undated last, then by title: a reader
                // looks there for what they are on now, and the newest of 500 books "currently
                // reading" from an old export was last, off the home page (found by an
                // exploratory session).
                let date: (Int) -> PartialDate? =
                    status == .reading ? { books[$0].book.startedDate } : { books[$0].book.finishedDate }
                statusLists.append(
                    BookList(
                        kind: .status(status), folder: status.rawValue,
                        positions: positions.sorted { left, right in
                            switch (date(left), date(right)) {
                            case (let a?, let b?) where a != b: a > b
                            case (.some, nil): true
                            case (nil, .some): false
                            default: titleRank[left] < titleRank[right]
                            }
                        }))
            }
        }
        // One title order for every shelf, rather than a sort per shelf.
        shelfLists = shelves.map { shelf in
            BookList(
                kind: .shelf(shelf), folder: "shelves/\(shelf.slug)",
                positions: (index.booksByShelf[shelf.slug] ?? []).sorted { titleRank[$0] < titleRank[$1] })
        }
    }
}
