import BookplateCore
import Foundation

/// How `list` sorts the shelf.
public enum BookOrder: String, CaseIterable, Sendable {
    case title, author, added, finished, rating

    /// `books` in this order. Sort keys are worked out once per book, not once per comparison.
    package func sort(_ books: [BookDetails]) -> [BookDetails] {
        sort(books, by: SortFields.init)
    }

    /// What the orders compare, whatever holds it.
    package struct SortFields {
        var slug: String
        var title: String
        var authorSortName: String?
        var addedAt: Date
        var finished: PartialDate?
        /// Quarters of a star.
        var stars: Int?
    }

    /// `items` in this order, by the fields `fields` reads from each.
    package func sort<Item>(_ items: [Item], by fields: (Item) -> SortFields) -> [Item] {
        // Positions are sorted, not the items: ten thousand books move as ten thousand integers.
        let values = items.map(fields)
        let titles = Parallel.map(values.map(\.title), Library.orderKey)
        return ordered(values) { lhs, rhs in
            titles[lhs] != titles[rhs] ? titles[lhs] < titles[rhs] : values[lhs].slug < values[rhs].slug
        }.map { items[$0] }
    }

    /// The books at `positions` of `books` in this order, ties broken by `titleRank` (each
    /// position's place in the title order, worked out once for a whole build) rather than by
    /// folding every title again.
    package func sort(_ positions: [Int], of books: [BookDetails], titleRank: [Int]) -> [Int] {
        ordered(positions.map { SortFields(books[$0]) }) { lhs, rhs in
            titleRank[positions[lhs]] < titleRank[positions[rhs]]
        }.map { positions[$0] }
    }

    /// The indices of `values` in this order, `byTitle` deciding between two that tie.
    private func ordered(_ values: [SortFields], byTitle: (Int, Int) -> Bool) -> [Int] {
        let authors = self == .author ? Parallel.map(values.map { $0.authorSortName ?? "" }, Library.sortKey) : []
        return values.indices.sorted { lhs, rhs in
            switch self {
            case .title:
                return byTitle(lhs, rhs)
            case .author:
                return authors[lhs] != authors[rhs] ? authors[lhs] < authors[rhs] : byTitle(lhs, rhs)
            case .added:
                let (left, right) = (values[lhs].addedAt, values[rhs].addedAt)
                return left != right ? left > right : byTitle(lhs, rhs)
            case .finished:
                let (left, right) = (values[lhs].finished, values[rhs].finished)
                if left == right { return byTitle(lhs, rhs) }
                guard let left else { return false }
                guard let right else { return true }
                return left > right
            case .rating:
                let (left, right) = (values[lhs].stars ?? 0, values[rhs].stars ?? 0)
                return left != right ? left > right : byTitle(lhs, rhs)
            }
        }
    }
}

extension BookOrder.SortFields {
    package init(_ details: BookDetails) {
        self.init(
            slug: details.book.slug, title: details.book.title, authorSortName: details.authors.first?.sortName,
            addedAt: details.book.addedAt, finished: details.book.finishedDate, stars: details.book.rating?.quarters)
    }
}
