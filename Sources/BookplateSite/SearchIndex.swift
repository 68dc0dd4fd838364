import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// The prebuilt index behind the shelf's search box: a script that defines the books' titles,
/// authors and shelves, and the published highlights, so that search works from `file://`
/// without fetching anything; and the letters the search spells out in ASCII when it folds text.
enum SearchIndex {
    /// The script's first line: the letters with no accent to take off that slugs spell out in
    /// ASCII ("ø" → "o", "ß" → "ss"), and the letters written for one another that keys fold
    /// to one (Persian ک for Arabic ك: ``TextFolding/sameLetters``), for `search.js` to fold by.
    /// Its own folding takes off only accents, and "lucja" did not find "Łucja"; one table keeps
    /// the two foldings the same.
    static let folds: String = {
        let q = ScriptSafeJSON.quoted
        let table = TextFolding.asciiSpecials.merging(TextFolding.sameLetters) { ascii, _ in ascii }
        let pairs = table.sorted { $0.key.value < $1.key.value }.map { letter, spelling in
            q(String(letter)) + ":" + q(spelling)
        }
        return "window.BOOKPLATE_SEARCH_FOLDS = {" + pairs.joined(separator: ",") + "};\n"
    }()

    /// How much of a highlight the index holds: a passage is found by its first thousand
    /// characters, and forty thousand Kindle clippings stay a few megabytes.
    static let highlightCharacters = 1_000

    /// The script for the books of `snapshot`, in `order` (positions sorted by title, not copies
    /// of the books' details: 22 MB at 50,000 books), and the highlights of `commonplace`. An
    /// entry of a book in another language than the site's, `language`, says which (`l`), for
    /// the result's `lang`: a screen reader read "Cien años de soledad" with the site's voice.
    static func script(snapshot: LibrarySnapshot, order: [Int], commonplace: Commonplace, language: String) -> Data {
        let q = ScriptSafeJSON.quoted
        let books = snapshot.books
        // Written as bytes as it goes: an array of every entry, joined, then wrapped took four
        // copies of the index at once (28 MB at 50,000 books), and a string made into bytes two.
        let prefix = folds + "window.BOOKPLATE_SEARCH_INDEX = ["
        var script = Data(prefix.utf8)
        script.reserveCapacity(prefix.utf8.count + books.count * 160)
        for (number, position) in order.enumerated() {
            let details = books[position]
            if number > 0 { script += "," }
            script += "{\"a\":"
            script += q(details.authors.map(\.name).joined(separator: ", "))
            // The subtitle, shelves and series: what the search matches besides titles and authors
            // (a subtitle was not searched: found by an exploratory session).
            script += ",\"s\":"
            script += q(
                ([details.book.subtitle].compactMap { $0 } + details.shelves.map(\.name)
                    + details.series.map(\.series.name) + latinSpellings(of: details)).joined(separator: ", "))
            script += ",\"t\":"
            script += q(details.book.title)
            script += ",\"u\":"
            script += q(PageModelFactory.bookURL(details.book.slug))
            script += lang(of: details, onSiteIn: language)
            script += "}"
        }
        // Highlights after the books, newest first, each found by its text and its book's title
        // and authors, and linked to its place on its book's page.
        for entry in commonplace.entries {
            let details = books[entry.position]
            let highlight = details.highlights[entry.index]
            // Its book is in the list above: every highlight follows an entry.
            script += ",{\"a\":"
            script += q(details.authors.map(\.name).joined(separator: ", "))
            script += ",\"h\":"
            script += q(String(highlight.text.prefix(highlightCharacters)))
            script += ",\"s\":\"\",\"t\":"
            script += q(details.book.title)
            script += ",\"u\":"
            script += q(PageModelFactory.highlightURL(highlight, index: entry.index, ofBook: details.book.slug))
            script += lang(of: details, onSiteIn: language)
            script += "}"
        }
        script += "];\n"
        return script
    }

    /// `,"l":"de"` for a book in another language than the site's; nothing for the others.
    private static func lang(of details: BookDetails, onSiteIn language: String) -> String {
        PageModelFactory.lang(of: details.book, onSiteIn: language).map { ",\"l\":" + ScriptSafeJSON.quoted($0) } ?? ""
    }

    /// The title and authors written in another script, spelled in Latin letters as their slugs
    /// spell them ("master i margarita", "mihail bulgakov"): "bulgakov" found nothing, though the
    /// author's page is `mihail-bulgakov` (found by an exploratory session). Names in Latin
    /// letters, accented or not ("Ødegaard", which the search folds to "odegaard"), add nothing.
    static func latinSpellings(of details: BookDetails) -> [String] {
        let named = [(details.book.title, details.book.slug)] + details.authors.map { ($0.name, $0.slug) }
        return named.filter { name, _ in TextFolding.latinASCII(name) == nil }
            .map { _, slug in slug.replacingOccurrences(of: "-", with: " ") }
    }
}

extension Data {
    /// Appends `text` as UTF-8: the index is written as bytes, never as one long string first.
    fileprivate static func += (data: inout Data, text: String) {
        data.append(contentsOf: text.utf8)
    }
}
