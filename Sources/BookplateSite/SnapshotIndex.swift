import BookplateLibrary

/// The snapshot's books grouped by author and by shelf, as positions in `snapshot.books`: a
/// book's details run to a kilobyte, and grouped copies of 50,000 of them took 87 MB.
struct SnapshotIndex: Sendable {
    /// Each author's books, oldest first; undated books last, by title.
    var booksByAuthor: [String: [Int]] = [:]
    /// Each shelf's books, in the snapshot's order.
    var booksByShelf: [String: [Int]] = [:]
    /// Every book's position, sorted by title.
    let byTitle: [Int]
    /// Each book's place in ``byTitle``, by position: one title sort serves every list ordered or
    /// broken ties by title (sorting each author's books by title took a twentieth of a build).
    let titleRank: [Int]

    init(_ snapshot: LibrarySnapshot) {
        let books = snapshot.books
        for (position, details) in books.enumerated() {
            for author in details.authors { booksByAuthor[author.slug, default: []].append(position) }
            for shelf in details.shelves { booksByShelf[shelf.slug, default: []].append(position) }
        }
        byTitle = BookOrder.title.sort(Array(books.indices), by: { BookOrder.SortFields(books[$0]) })
        var titleRank = [Int](repeating: 0, count: books.count)
        for (rank, position) in byTitle.enumerated() { titleRank[position] = rank }
        self.titleRank = titleRank
        for slug in booksByAuthor.keys {
            booksByAuthor[slug]?.sort { lhs, rhs in
                switch (books[lhs].book.publishedDate, books[rhs].book.publishedDate) {
                case (let left?, let right?) where left != right: left < right
                case (nil, _?): false
                case (_?, nil): true
                default: titleRank[lhs] < titleRank[rhs]
                }
            }
        }
    }
}
