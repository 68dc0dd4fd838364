import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// A series on the shelf with the positions of its books in the snapshot, in reading order:
/// by place, books without one after the rest, by title.
struct SeriesList: Sendable {
    var series: Series
    var entries: [(position: SeriesPosition?, book: Int)]

    /// How many books the series has on the shelf (a book listed twice counts once).
    var bookCount: Int { Set(entries.map(\.book)).count }

    /// Every series of `snapshot`, by name.
    static func all(in snapshot: LibrarySnapshot) -> [SeriesList] {
        var bySlug: [String: SeriesList] = [:]
        for (index, details) in snapshot.books.enumerated() {
            for membership in details.series {
                bySlug[membership.series.slug, default: SeriesList(series: membership.series, entries: [])]
                    .entries.append((membership.position, index))
            }
        }
        let books = snapshot.books
        return bySlug.values.map { list in
            var sorted = list
            sorted.entries.sort { left, right in
                switch (left.position, right.position) {
                case (let a?, let b?) where a != b: return a < b
                case (.some, nil): return true
                case (nil, .some): return false
                default:
                    return (Library.orderKey(books[left.book].book.title), books[left.book].book.slug)
                        < (Library.orderKey(books[right.book].book.title), books[right.book].book.slug)
                }
            }
            return sorted
        }
        .sorted { (Series.key($0.series.name), $0.series.slug) < (Series.key($1.series.name), $1.series.slug) }
    }

    /// The whole numbers from 1 to the last the series' places cover that none does, as runs: a
    /// series with #1, #2 and #5 misses 3–4. Half places (2.5) and a #0 leave none.
    var gaps: [ClosedRange<Int>] {
        var gaps: [ClosedRange<Int>] = []
        var next = 1
        for range in entries.compactMap({ $0.position?.wholeNumbers }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if range.lowerBound > next { gaps.append(next...(range.lowerBound - 1)) }
            next = Swift.max(next, range.upperBound + 1)
        }
        return gaps
    }
}

extension SeriesList {
    /// A place on the series' pages: one of its books (by its index in ``entries``), or a run of
    /// places none of them fills.
    enum Slot: Sendable {
        case book(Int)
        case gap(ClosedRange<Int>)
    }

    /// The series' books in reading order with the gaps between them where they fall, as its
    /// pages show them.
    var slots: [Slot] {
        var slots: [Slot] = []
        var gaps = self.gaps[...]
        for (index, entry) in entries.enumerated() {
            while let gap = gaps.first, let position = entry.position, Double(gap.lowerBound) < position.value {
                // Only the part of the gap before this place: #2–#3 missing around a #2.5 is #2
                // before it and #3 after (one box before it said "#2–#3").
                let before = gap.lowerBound...min(gap.upperBound, Int(position.value.rounded(.up)) - 1)
                slots.append(.gap(before))
                if before.upperBound < gap.upperBound {
                    gaps[gaps.startIndex] = (before.upperBound + 1)...gap.upperBound
                } else {
                    gaps.removeFirst()
                }
            }
            slots.append(.book(index))
        }
        return slots + gaps.map(Slot.gap)
    }

    /// The series' pages, ``Paging/pageSize`` places each (books and gaps alike): one page of a
    /// series of 3,000 books weighed 2.5 MB (found by an exploratory session).
    var paging: Paging { Paging(folder: "series/\(series.slug)", count: slots.count) }
}

extension PageModelFactory {
    /// Page `number` of a series' pages: its books in reading order, each with its place and the
    /// reader's status, and what is missing from the shelf between them.
    func seriesPage(_ list: SeriesList, page number: Int = 1) -> Page<SeriesPageModel> {
        let slots = list.slots
        let paging = Paging(folder: list.paging.folder, count: slots.count)
        let root = paging.root(page: number)
        let books = snapshot.books
        let entries = slots[paging.range(onPage: number)].map { slot in
            switch slot {
            case .gap(let gap):
                return SeriesEntryModel(
                    book: nil,
                    gap: gap.count == 1
                        ? words("seriesGap", ["number": words.number(gap.lowerBound)])
                        : words(
                            "seriesGapRange",
                            ["from": words.number(gap.lowerBound), "to": words.number(gap.upperBound)]))
            case .book(let index):
                let entry = list.entries[index]
                var card = card(books[entry.book], root: root)
                let status = bookStatus(books[entry.book].book.status)
                card.seriesLabel = entry.position.map { "\(seriesPlace($0)) · \(status)" } ?? status
                return SeriesEntryModel(book: card, gap: nil)
            }
        }
        let read = Set(list.entries.map(\.book)).filter { books[$0].book.status == .read || books[$0].timesRead > 0 }
        let count = list.bookCount
        return page(
            SeriesPageModel(
                name: list.series.name,
                countLabel: words.count(count, "book") + " · "
                    + words.plural(
                        "seriesReadCount", read.count, ["read": words.number(read.count), "books": words.number(count)]),
                entries: entries,
                pagination: pagination(
                    pageCount: paging.pageCount, page: number, root: root, path: paging.path(page:))),
            root: root, title: pageTitle(list.series.name, page: number, key: "seriesPageTitle"))
    }

    /// How many series the home page links: the first by name, then a link to the index of them
    /// all. Every series there took the home to 1.6 MB with 10,000 series (found by an
    /// exploratory session).
    static let homeSeriesCount = 20

    static let seriesIndexURL = "series/index.html"

    /// The index's group of series: a link to each of the first ``homeSeriesCount`` series' pages,
    /// and one to the index of every series when there are more.
    func seriesGroup(root: String) -> ListGroupModel? {
        guard !seriesLists.isEmpty else { return nil }
        var links = seriesLists.prefix(PageModelFactory.homeSeriesCount).map { list in
            let count = list.bookCount
            return ListLinkModel(
                id: "series-\(list.series.slug)", title: list.series.name,
                url: root + PageModelFactory.seriesURL(list.series.slug), count: count,
                countLabel: words.count(count, "book"), pages: [])
        }
        if seriesLists.count > PageModelFactory.homeSeriesCount {
            // "all-series" is no series' id, which all begin "series-".
            links.append(
                ListLinkModel(
                    id: "all-series",
                    title: words("allSeriesCount", ["series": words.count(seriesLists.count, "series")]),
                    url: root + PageModelFactory.seriesIndexURL, count: seriesLists.count, countLabel: nil, pages: []))
        }
        return ListGroupModel(id: "series", title: words("seriesTitle"), lists: links)
    }

    /// The index of every series, by letter: one page while they fit on one, else links to a
    /// page per letter; `letter` gives the page of that letter.
    func seriesIndexPage(letter: String? = nil, page number: Int = 1) -> Page<LetterIndexPageModel<IndexEntryModel>> {
        letterIndexPage(
            seriesLetters, in: "series/", letter: letter, page: number,
            title: letter.map { words("seriesOfLetter", ["letter": $0]) } ?? words("seriesTitle"), counting: "series",
            listName: "series"
        ) { index in
            let list = seriesLists[index]
            return IndexEntryModel(
                name: list.series.name, url: "../" + PageModelFactory.seriesURL(list.series.slug),
                bookCountLabel: words.count(list.bookCount, "book"))
        }
    }

    /// A book's place in a series in the site's words: "#2", French "n° 2".
    func seriesPlace(_ position: SeriesPosition) -> String {
        words("seriesPlace", ["position": words.seriesPosition(position)])
    }
}
