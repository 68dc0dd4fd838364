/// What can go wrong with searching and picking from results.
public enum SearchError: Error, Equatable, CustomStringConvertible {
    case emptyQuery
    case noLastSearch
    /// `search --page N` with no words, and no last search kept that it could go on with.
    case noSearchToPage
    case emptyLastSearch
    case noSuchNumber(Int, count: Int)
    case cannotRemember(path: String)
    case badSelection(String)
    case nothingToAdd
    case noWorkKey(slug: String)

    public var description: String {
        switch self {
        case .emptyQuery: "nothing to search for: give words to search, or --title, --author or --isbn"
        case .noSearchToPage: "no last search to page through: search with words (and --page) first"
        case .noLastSearch: "there is no earlier search to pick from: run 'bookplate search …' first"
        case .emptyLastSearch: "the last search found nothing to pick from: search again with other words"
        case .noSuchNumber(let number, let count):
            "there is no result \(number) in the last search (it had \(count)): pick a number from 1 to \(count)"
        case .cannotRemember(let path): "could not remember the results in \(path): check the folder's permissions"
        case .badSelection(let text)
        where text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }):
            // An arrow key's bytes are control characters, which an error line leaves out: it
            // read "'' is not a result number" (found by an exploratory session).
            "keys such as the arrows are not read here: type result numbers like 1,4,7, a catalog id, or nothing to cancel"
        case .badSelection(let text):
            "'\(text)' is not a result number or a catalog id: use numbers like 1,4,7, google:ID or openlibrary:OL…W"
        case .nothingToAdd:
            "nothing to add: give a result number from the last search, --isbn, a catalog id (google:ID, openlibrary:OL…W), or --title"
        case .noWorkKey(let slug):
            "\(slug) has no Open Library work: add it from Open Library or use refresh first"
        }
    }
}
