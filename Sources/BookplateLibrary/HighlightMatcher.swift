import BookplateCore
import Foundation
import GRDB

/// Finds the book a highlight names among the books on the shelf, by ISBN or by title and author;
/// else among the books the reader removed, so that a removed book is not added again.
struct HighlightMatcher {
    enum Match {
        case none
        case one(Book)
        case several([Book])
        /// No book on the shelf, but a book the reader removed, as `restore` knows it.
        case removed(RemovedRow)
    }

    var removedByISBN: [String: RemovedRow] = [:]
    /// The passages removed books kept, folded as a highlight's id folds them, latest removal first.
    var removedByPassage: [String: RemovedRow] = [:]
    var removedByTitle: [String: [(copy: RemovedRow, surnames: Set<String>)]] = [:]

    var byISBN: [String: Book] = [:]
    var byID: [Int64: Book] = [:]
    /// Title keys (the title before any colon, folded) to the books with that title, the key of
    /// what their whole title says after the colon (``subtitleKey(_:)``), and the surname and
    /// whole-name keys of their authors.
    var byTitle: [String: [(book: Book, subtitle: String, surnames: Set<String>, names: Set<String>)]] = [:]

    init(db: Database) throws {
        let books = try Book.fetchAll(db)
        let authors = Dictionary(uniqueKeysWithValues: try Author.fetchAll(db).map { ($0.id ?? 0, $0) })
        let links = Dictionary(grouping: try BookAuthor.fetchAll(db), by: \.bookId)
        for book in books {
            if let isbn = book.isbn13 { byISBN[isbn] = book }
            if let id = book.id { byID[id] = book }
            let names = (links[book.id ?? 0] ?? []).compactMap { authors[$0.authorId]?.name }
            byTitle[Self.titleKey(book.title), default: []].append(
                (
                    book, Self.subtitleKey(Self.wholeTitle(of: book)),
                    names.reduce(into: Set<String>()) { $0.formUnion(Self.surnames($1)) },
                    names.reduce(into: Set<String>()) { $0.formUnion(Self.fullNames($1)) }
                ))
        }
        // Latest first, as a reading log's import takes them: the latest removal of a book is the
        // one named.
        for identity in try RemovedCopyIdentity.all(in: db, shelfSlugs: Set(books.map(\.slug))) {
            let kept = identity.kept
            let copy = identity.row
            if let isbn = kept.book.isbn13, removedByISBN[isbn] == nil { removedByISBN[isbn] = copy }
            for passage in kept.highlights ?? [] where removedByPassage[passage.text.collapsingWhitespace] == nil {
                removedByPassage[passage.text.collapsingWhitespace] = copy
            }
            removedByTitle[Self.titleKey(kept.book.title), default: []].append(
                (copy, copy.authors.reduce(into: Set<String>()) { $0.formUnion(Self.surnames($1)) }))
        }
    }

    /// What each book named so far matched: a file names its book again for every highlight, and
    /// folding its title and author each time cost most of a large import.
    private var known: [String: Match] = [:]
    /// The books that keep passages of a file's book they were wrongly given, by the file's book
    /// (``recognisePassages(of:in:)``).
    private var misplaced: [String: Book] = [:]

    /// The book that keeps passages of `imported`'s book by a match on the part of its title
    /// before a colon alone, when another book matches it better: its passages move.
    func misplacedBook(of imported: ImportedHighlight) -> Book? { misplaced[Self.key(imported)] }

    /// Each book of `highlights` with a passage the library keeps on a book is that book, whatever
    /// its title and author say now: after `edit meditations --title "The Meditations" --author
    /// "Marcus Aurelius Antoninus"`, importing the same clippings with `--add-missing` added a book
    /// "meditations-aurelius" with a second copy of each passage (found by an exploratory tester).
    /// A passage is known by its text with white space folded, as its id is; one the reader typed
    /// (`quote add`, to settle an ambiguous title) by ``SamePassage/key(_:)`` too, so that it need
    /// not hold the file's every quote and full stop. (Every passage known loosely, one quote of
    /// Dune in Children of Dune's clippings took that whole book's highlights to Dune: found by
    /// a review.)
    mutating func recognisePassages(of highlights: [ImportedHighlight], in db: Database) throws {
        var bookByPassage: [String: Int64] = [:]
        var bookByTypedPassage: [String: Int64] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT bookId, text, source FROM highlight")
        while let row = try rows.next() {
            let text: String = row["text"]
            bookByPassage[text.collapsingWhitespace] = row["bookId"]
            if row["source"] == HighlightSource.reader.rawValue {
                bookByTypedPassage[SamePassage.key(text)] = row["bookId"]
            }
        }
        guard !bookByPassage.isEmpty || !removedByPassage.isEmpty else { return }
        for imported in highlights {
            let key = Self.key(imported)
            guard known[key] == nil else { continue }
            let passage = imported.highlight.text.collapsingWhitespace
            let typed = imported.highlight.source == .reader ? nil : bookByTypedPassage[SamePassage.key(passage)]
            if let bookId = bookByPassage[passage] ?? typed, let book = byID[bookId] {
                // Unless its title only shares the part before a colon with the file's, and a
                // book of the shelf matches the file's title and author: a passage once put on
                // "Dune: House Atreides" for a file's "Dune: House Harkonnen" kept every import
                // of it there, even after the reader added House Harkonnen (found by an
                // exploratory session). That book takes it, and the passage moves there.
                if !Self.subtitlesAgree(
                    Self.subtitleKey(Self.wholeTitle(of: book)), Self.subtitleKey(imported.bookTitle)),
                    case .one(let better) = lookUp(imported), better.id != book.id
                {
                    known[key] = .one(better)
                    misplaced[key] = book
                } else {
                    known[key] = .one(book)
                }
            } else if let copy = removedByPassage[passage] {
                // A removed book keeps its passages too: renamed with `edit` before it was removed,
                // it was added again by `--add-missing` under its old title, and `restore` was then
                // refused (found by an exploratory session).
                known[key] = .removed(copy)
            }
        }
    }

    /// `book`, just added for `imported`'s book, is what that book matches from now on.
    mutating func add(_ book: Book, for imported: ImportedHighlight) {
        byTitle[Self.titleKey(book.title), default: []].append(
            (
                book, Self.subtitleKey(Self.wholeTitle(of: book)), imported.bookAuthor.map(Self.surnames) ?? [],
                imported.bookAuthor.map(Self.fullNames) ?? []
            ))
        known[Self.key(imported)] = .one(book)
    }

    mutating func book(for imported: ImportedHighlight) -> Match {
        let key = Self.key(imported)
        if let match = known[key] { return match }
        let match = lookUp(imported)
        known[key] = match
        return match
    }

    private static func key(_ imported: ImportedHighlight) -> String {
        [imported.isbn?.isbn13 ?? "", imported.bookTitle, imported.bookAuthor ?? ""].joined(separator: "\u{0}")
    }

    private func lookUp(_ imported: ImportedHighlight) -> Match {
        if let isbn = imported.isbn, let book = byISBN[isbn.isbn13] { return .one(book) }
        // "Dune: House Harkonnen" is not "Dune: House Atreides", nor "Sapiens: A Graphic History"
        // "Sapiens: A Brief History of Humankind": the part before the colon matched, and the
        // highlights went to the other book (found by an exploratory session).
        let subtitle = Self.subtitleKey(imported.bookTitle)
        let sameTitle = byTitle[Self.titleKey(imported.bookTitle)] ?? []
        var candidates = sameTitle.filter { Self.subtitlesAgree($0.subtitle, subtitle) }
        if let author = imported.bookAuthor, !candidates.isEmpty {
            let surnames = Self.surnames(author)
            let byTitle = candidates
            candidates = candidates.filter { !$0.surnames.isDisjoint(with: surnames) }
            // The same title by an author spelt another way ("Dostoyevsky", "Dostoevsky") is a
            // book it could be, not one the shelf lacks: it was "not on the shelf", and
            // `--add-missing` made a second copy of it (found by an exploratory session).
            if candidates.isEmpty {
                let similar = byTitle.filter { book in
                    book.surnames.contains { known in surnames.contains { Self.spellAlike(known, $0) } }
                }
                if !similar.isEmpty { return .several(similar.map(\.book).sorted { $0.slug < $1.slug }) }
            }
            // Frank Herbert's Dune, not Brian Herbert's: the whole name tells books by one surname
            // apart (found by an exploratory tester).
            if candidates.count > 1 {
                let names = Self.fullNames(author)
                let byName = candidates.filter { !$0.names.isDisjoint(with: names) }
                if !byName.isEmpty { candidates = byName }
            }
        }
        // A book of the same title and author under another subtitle may be another edition of
        // it ("Why We Sleep: Unlocking the Power of Sleep and Dreams" in Britain, "…: The New
        // Science of Sleep and Dreams" in America) or another book ("Dune: House Harkonnen"):
        // listed as a book it could be, never added beside it (it was "not on the shelf", and
        // `--add-missing` made a second copy: found by a review).
        if candidates.isEmpty, let author = imported.bookAuthor {
            let surnames = Self.surnames(author)
            let others = sameTitle.filter { !$0.surnames.isDisjoint(with: surnames) }
            if !others.isEmpty { return .several(others.map(\.book).sorted { $0.slug < $1.slug }) }
        }
        switch candidates.count {
        case 0: return removedCopy(of: imported).map(Match.removed) ?? .none
        case 1: return .one(candidates[0].book)
        default: return .several(candidates.map(\.book).sorted { $0.slug < $1.slug })
        }
    }

    /// The removed book `imported` names, by ISBN, else by title and an author's surname: the
    /// latest removed of those that match, as a reading log's import names one.
    private func removedCopy(of imported: ImportedHighlight) -> RemovedRow? {
        if let isbn = imported.isbn, let copy = removedByISBN[isbn.isbn13] { return copy }
        var copies = removedByTitle[Self.titleKey(imported.bookTitle)] ?? []
        if let author = imported.bookAuthor {
            let surnames = Self.surnames(author)
            copies = copies.filter { !$0.surnames.isDisjoint(with: surnames) }
        }
        return copies.first?.copy
    }

    /// "The Left Hand of Darkness: 50th Anniversary Edition", "Thinking, Fast and Slow (Penguin
    /// Press Science)" and "the left hand of darkness" alike: the title before a subtitle, without
    /// the edition or series in parentheses that devices add at its end.
    static func titleKey(_ title: String) -> String {
        let main = withoutParentheses(title.split(separator: ":", maxSplits: 1).first.map(String.init) ?? title)
        return letters(of: main)
    }

    /// `title` folded to its letters and digits, "&" read as "and" ("Pride & Prejudice" is
    /// "Pride and Prejudice": found by an exploratory session), without a leading article.
    private static func letters(of title: String) -> String {
        Library.sortKey(title.replacingOccurrences(of: "&", with: " and ")).filter { $0.isLetter || $0.isNumber }
    }

    /// What `title` says after its first colon, without the parentheses a device adds at its end,
    /// folded as ``titleKey(_:)`` folds: "house harkonnen" of "Dune: House Harkonnen (Dune)"; ""
    /// when it has no colon.
    static func subtitleKey(_ title: String) -> String {
        let parts = title.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { return "" }
        return Library.sortKey(withoutParentheses(String(parts[1])).replacingOccurrences(of: "&", with: " and "))
            .filter { $0.isLetter || $0.isNumber }
    }

    /// A book's title and subtitle as one, as a device writes them: "Sapiens: A Brief History of
    /// Humankind".
    static func wholeTitle(of book: Book) -> String {
        book.subtitle.map { "\(book.title): \($0)" } ?? book.title
    }

    /// Whether two titles' subtitle keys can be the same book's: one is missing, one begins the
    /// other, or one only names an edition ("40th Anniversary Edition", "Unabridged", "A Novel"),
    /// which a device and a catalog write differently; two that name different things are two
    /// books.
    static func subtitlesAgree(_ one: String, _ other: String) -> Bool {
        if one.isEmpty || other.isEmpty || one.hasPrefix(other) || other.hasPrefix(one) { return true }
        return [one, other].contains { key in key == "novel" || editionWords.contains { key.contains($0) } }
    }

    /// Words of a subtitle that names an edition rather than a book, folded as keys fold.
    private static let editionWords = ["edition", "anniversary", "unabridged", "classics"]

    /// Whether two surname keys are one name spelt in two transliterations: "dostoyevsky" and
    /// "dostoevsky", "tolstoy" and "tolstoi" — one letter added, dropped or changed in names of
    /// five letters or more, two in names of ten or more.
    static func spellAlike(_ one: String, _ other: String) -> Bool {
        let (a, b) = (Array(one), Array(other))
        guard min(a.count, b.count) >= 5, a.first == b.first else { return false }
        let allowed = min(a.count, b.count) >= 10 ? 2 : 1
        guard abs(a.count - b.count) <= allowed else { return false }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count] <= allowed
    }

    /// `title` without the parentheses devices add at its end: "Dune (Dune Chronicles, Book 1)"
    /// is "Dune". A title that is only parentheses is kept.
    static func withoutParentheses(_ title: String) -> String {
        var main = title
        while main.hasSuffix(")"), let open = main.lastIndex(of: "("), open > main.startIndex {
            main = String(main[..<open]).trimmingCharacters(in: .whitespaces)
        }
        return main
    }

    /// The surname keys of the authors `names` names: one text may hold several ("A; B", a line
    /// each, or "Terry Pratchett, Neil Gaiman" as a book added from Readwise before its authors were
    /// told apart), so that the same book is found however a device or service lists them.
    static func surnames(_ names: String) -> Set<String> { keys(of: names, surname) }

    /// The whole-name keys of the authors `names` names, read as ``surnames(_:)`` reads them.
    static func fullNames(_ names: String) -> Set<String> { keys(of: names, fullName) }

    /// `key` of each author `names` names.
    private static func keys(of names: String, _ key: (String) -> String) -> Set<String> {
        var keys = Set<String>()
        for name in names.split(whereSeparator: { $0 == ";" || $0.isNewline }) {
            keys.insert(key(String(name)))
            for part in AuthorName.commaSeparated(name) ?? [] { keys.insert(key(part)) }
        }
        keys.remove("")
        return keys
    }

    /// "Herbert, Frank" and "Frank Herbert" alike: the name in its spoken order, folded, letters only.
    static func fullName(_ name: String) -> String {
        if let whole = familyFirst(name) { return whole }
        let parts = name.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let spoken = parts.count == 2 ? parts[1] + " " + parts[0] : name
        return lettersElseDigits(spoken)
    }

    /// "Le Guin, Ursula K." and "Ursula K. Le Guin" alike, and "García Márquez, Gabriel" and
    /// "Gabriel Garcia Marquez": the last word of the name in its spoken order, folded.
    static func surname(_ name: String) -> String {
        if let whole = familyFirst(name) { return whole }
        let parts = name.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let spoken = parts.count == 2 ? parts[1] + " " + parts[0] : name
        let last = spoken.split(whereSeparator: \.isWhitespace).last.map(String.init) ?? spoken
        // A name that ends in a number ("Author 38") is its number: it had no surname on either
        // side, and its book was "not on the shelf" (found by an exploratory session).
        return lettersElseDigits(last)
    }

    /// `text` folded, its letters only; its digits when it has no letter.
    private static func lettersElseDigits(_ text: String) -> String {
        let folded = TextFolding.searchKey(text)
        let letters = folded.filter { $0.isLetter }
        return letters.isEmpty ? folded.filter { $0.isNumber } : letters
    }

    /// A Chinese, Japanese or Korean name whole, folded, letters only: its family name comes
    /// first, with a space before the given name or none, and "海辺のカフカ (村上春樹)" in Kindle's
    /// clippings took the given name 春樹 of the shelf's 村上 春樹 for a surname, and
    /// `--add-missing` added the book again (found by an exploratory session). Nil for others.
    private static func familyFirst(_ name: String) -> String? {
        guard AuthorName.isFamilyNameFirst(name) else { return nil }
        // As written, "村上, 春樹" too: the family name is first either way.
        return AuthorName.key(name).filter { $0.isLetter }
    }
}
