import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// The prebuilt index behind the shelf's search box: a script that defines the books' titles,
/// authors and shelves, so that search works from `file://` without fetching anything.
enum SearchIndex {
    static func script(snapshot: LibrarySnapshot) -> String {
        let q = ScriptSafeJSON.quoted
        // Sorted as positions, not as copies of the books' details (22 MB at 50,000 books).
        let books = snapshot.books
        let order = BookOrder.title.sort(Array(books.indices)) { BookOrder.SortFields(books[$0]) }
        // Written into one string as it goes: an array of every entry, joined, then wrapped took
        // four copies of the index at once (28 MB at 50,000 books).
        let prefix = "window.BOOKPLATE_SEARCH_INDEX = ["
        var script = prefix
        script.reserveCapacity(prefix.utf8.count + books.count * 160)
        for (number, position) in order.enumerated() {
            let details = books[position]
            if number > 0 { script += "," }
            script += "{\"a\":"
            script += q(details.authors.map(\.name).joined(separator: ", "))
            // Shelves and series: what the search matches besides titles and authors.
            script += ",\"s\":"
            script += q((details.shelves.map(\.name) + details.series.map(\.series.name)).joined(separator: ", "))
            script += ",\"t\":"
            script += q(details.book.title)
            script += ",\"u\":"
            script += q(PageModelFactory.bookURL(details.book.slug))
            script += "}"
        }
        script += "];\n"
        return script
    }
}
