import BookplateCore
import Foundation

/// What can go wrong with the library or with what the reader asks of it.
///
/// Each case prints as one line that says what happened and what to do.
public enum LibraryError: Error, Equatable, CustomStringConvertible {
    case missingLibrary(path: String)
    /// A library iCloud Drive evicted: its placeholder is there, the file is not.
    case evicted(path: String)
    case notSQLite(path: String)
    /// A folder where the library file goes.
    case libraryIsAFolder(path: String)
    /// Something that is no file where the library file goes: `kind` says what ("a named pipe").
    case notAFile(path: String, kind: String)
    /// A link where the library goes (or its folder), to `target`, through which nothing is
    /// reached: `failure` says why (ENOENT: nothing there; ELOOP: it leads back to itself).
    case brokenLink(path: String, target: String, failure: Int32)
    /// A library whose full path, `bytes` long, is longer than SQLite opens (`limit`).
    case pathTooLong(path: String, bytes: Int, limit: Int)
    /// A library whose full path is `bytes` long, beside which Bookplate keeps SQLite files (in
    /// `folder`) whose full paths would be up to `longest`, longer than SQLite opens (`limit`).
    case filesBesideTooLong(path: String, bytes: Int, folder: String, longest: Int, limit: Int)
    case emptyLibraryFile(path: String)
    case notABookplateLibrary(path: String)
    case newerLibrary(path: String)
    case storage(path: String, message: String)
    case unknownStatus(String)
    case invalidRating(String)
    case emptyTitle
    case tooLong(field: String, characters: Int, limit: Int)
    case invalidPageCount(String)
    /// `suggested`: the code of the language the text names in English ("English": en), if any.
    case invalidLanguage(String, suggested: String?)
    /// A language code written so that no browser reads it (`en-USA`), and why.
    case invalidLanguageTag(String, problem: String)
    case finishedBeforeStarted(started: String, finished: String)
    case noSuchBook(String)
    /// No book on the shelf, but a removed one has the slug asked for.
    case removedBook(String)
    case noSuchBookButNear(String, suggestions: [String])
    case noSuchRemovedBook(String)
    case slugTaken(slug: String)
    case ambiguousBook(String, candidates: [String])
    case ambiguousRemovedBook(String, candidates: [String])
    case alreadyOnShelf(title: String, slug: String, reason: String)
    /// An edit that would make a book the same as another on the shelf, as `add` refuses.
    case sameAsAnother(slug: String, other: String, reason: String)
    case isbnTaken(isbn: String, slug: String)
    case editionOfAnotherWork(edition: String, slug: String)
    /// `author` or `list --author` given what no author's name holds: the names nearest to it.
    case noSuchAuthor(String, near: [String] = [])
    /// `list --shelf` given a name no shelf has: the shelves nearest to it, and all of them.
    case noSuchShelf(String, near: [String], shelves: [String])
    case noSuchSeries(String, near: [String], series: [String])
    /// `edit --remove-shelf` naming a shelf the book is not on.
    case notOnShelf(slug: String, shelf: String, shelves: [String])
    case ambiguousAuthor(String, candidates: [String])
    /// `author --merge-into` naming the author it merges.
    case mergeIntoItself(slug: String)
    case unknownReadOutcome(String)
    case noSuchRead(slug: String, number: Int, count: Int)
    /// A read going on added, or made, beside another.
    case anotherReadGoingOn(slug: String, number: Int, started: String?)
    /// Dates given a book that stays one to read.
    case datesOnABookToRead(slug: String?)
    /// A read that would go on with an end: read `number` of the book made one going on again
    /// while it keeps its finish date.
    case readGoingOnWithAnEnd(slug: String, number: Int, finished: String)
    /// A status change whose new read would come before the book's latest, which the status follows.
    case readBeforeLatest(slug: String, latest: String)
    /// `edit` dates that would put the book's latest read, whose dates the book shows, before
    /// another, which would then be the latest.
    case latestReadWouldMove(slug: String, other: String)
    /// Clearing a book's dates would leave its latest read with none, which puts it before its
    /// dated reads.
    case latestReadWouldBeUndated(slug: String)
    case damagedValue(column: String, slug: String, reason: String)
    case emptyHighlight
    case noSuchHighlight(String)
    case highlightIDTooShort(String)
    case ambiguousHighlight(String)

    /// Whether the library file read as damaged, or as no library at all: what a file being
    /// written in place reads as until it is written whole.
    public var readsAsDamaged: Bool {
        switch self {
        case .storage(_, let message): message == Self.damagedFile
        case .notSQLite, .emptyLibraryFile, .notABookplateLibrary: true
        default: false
        }
    }

    /// What is wrong with the file a library's path names when the fix is to name another file
    /// (none there, a folder, no library, a link to nothing), said of whatever named the path:
    /// "is not an SQLite file, so not a Bookplate library". Nil for any other error. The command
    /// line says it of `BOOKPLATE_LIBRARY` when the variable named the path, with advice to set or
    /// unset it: five of these advised `--library` (found by a review).
    public var problemWithTheFile: String? {
        switch self {
        case .missingLibrary: "names no library"
        case .notSQLite: "is not an SQLite file, so not a Bookplate library"
        case .libraryIsAFolder: "is a folder, not a library file"
        case .notAFile(_, let kind): "is \(kind), not a file, so not a Bookplate library"
        case .brokenLink(_, let target, ENOENT): "is a link to \(target), which is not there (a disk not mounted?)"
        case .brokenLink(_, let target, ELOOP): "is a link to \(target), which leads back to itself"
        case .brokenLink(_, let target, let failure):
            "is a link to \(target), which cannot be followed (\(String(cString: strerror(failure))))"
        case .emptyLibraryFile: "is an empty file, so not a Bookplate library"
        case .notABookplateLibrary: "is an SQLite file but not a Bookplate library"
        default: nil
        }
    }

    /// What SQLite's "database disk image is malformed" is told as.
    static let damagedFile = "the file is damaged; restore it from a backup"

    /// How many of the matches an error names: "show libro" named all 194 on one line.
    static let namedCandidates = 10

    /// The first ``namedCandidates`` of `candidates`, and how many more there are.
    private static func some(_ candidates: [String], separator: String) -> String {
        guard candidates.count > namedCandidates else { return candidates.joined(separator: separator) }
        return candidates.prefix(namedCandidates).joined(separator: separator) + separator + "and "
            + String(candidates.count - namedCandidates) + " more"
    }

    public var description: String {
        switch self {
        case .emptyHighlight:
            "a highlight needs its text: give the passage in quotes"
        case .noSuchHighlight(let id):
            "no highlight has the id '\(id)': 'bookplate quote list' shows them with their ids"
        case .highlightIDTooShort(let id):
            "'\(id)' is too little of a highlight's id: give its first four characters at least ('bookplate quote list' shows them)"
        case .ambiguousHighlight(let id):
            "more than one highlight's id begins with '\(id)': give more of it ('bookplate quote list')"
        case .damagedValue(let column, let slug, let reason):
            "the library's \(column) of \(slug) cannot be read (\(reason)): restore the library from a backup, or run `bookplate refresh \(slug)` once it is mended"
        case .evicted(let path):
            ICloudPlaceholder.advice(path)
        case .missingLibrary(let path):
            "no library at \(path): run Bookplate in a shelf folder, pass --library, or start a shelf with `bookplate init DIR`"
        case .notSQLite(let path), .notABookplateLibrary(let path):
            "\(path) \(problemWithTheFile ?? ""): pass --library with the right file"
        case .libraryIsAFolder(let path):
            "\(path) \(problemWithTheFile ?? ""): put the library file in its place, or pass --library with the right file"
        case .notAFile(let path, let kind):
            "\(path) is \(kind), not a file: not a Bookplate library; put the library file in its place, or pass "
                + "--library with the right file"
        case .brokenLink(let path, let target, ENOENT):
            LinkedFiles.missingTargetRefusal(path, target: target, thing: "library")
        case .brokenLink(let path, _, _):
            "\(path) \(problemWithTheFile ?? ""): point it at the library file"
        case .pathTooLong(let path, let bytes, let limit):
            "\(path) is too long a path for SQLite: its full path is \(bytes) bytes, and SQLite opens none longer "
                + "than \(limit); put the shelf in a folder with a shorter path"
        case .filesBesideTooLong(let path, let bytes, let folder, let longest, let limit):
            "\(path) is too long a path for SQLite: its full path is \(bytes) bytes, and the files Bookplate keeps "
                + "beside it in \(folder)/ would be up to \(longest), where SQLite opens none longer than \(limit); "
                + "put the shelf in a folder at least \(longest - limit) byte\(longest - limit == 1 ? "" : "s") shorter"
        case .emptyLibraryFile(let path):
            "\(path) is empty: not a Bookplate library; restore it or remove it to start afresh"
        case .newerLibrary(let path):
            "\(path) was written by a newer Bookplate: upgrade Bookplate to use this library"
        case .storage(let path, let message):
            "could not use the library \(path): \(message)"
        case .unknownStatus(let text):
            "unknown status '\(text)': use one of \(ReadingStatus.allCases.map(\.rawValue).joined(separator: ", "))"
        case .invalidRating(let text):
            "rating '\(text)' is not allowed: give stars from 0.25 to 5 in quarter steps (4, 4.5, 3.75), or 'none'"
        case .tooLong(let field, let characters, let limit):
            "the \(field) is \(characters) characters long: at most \(limit) are kept, as an import keeps them"
        case .emptyTitle:
            "a book needs a title: give --title one that is not blank"
        case .invalidPageCount(let text):
            "page count '\(text)' is not allowed: give a whole number from \(Book.pageCountRange.lowerBound) to \(Book.pageCountRange.upperBound)"
        case .invalidLanguage(let text, let suggested?):
            "'\(text)' is not a language code: give \(suggested) for \(text.trimmingCharacters(in: .whitespaces)), or a code such as fr, ja or grc"
        case .invalidLanguage(let text, nil):
            "'\(text)' is not a language code: give one such as en, fr, ja or grc (ISO 639)"
        case .invalidLanguageTag(let text, let problem):
            "'\(text)' is not a language code a browser reads: \(problem)"
        case .finishedBeforeStarted(let started, let finished):
            "finished date \(finished) is before the started date \(started): check both dates"
        case .noSuchBook(let query):
            "no book matches '\(query)': run 'bookplate list' to see the shelf"
        case .removedBook(let query):
            "'\(query)' was removed from the shelf: 'bookplate restore \(query)' brings it back"
        case .noSuchBookButNear(let query, let suggestions):
            "no book matches '\(query)': did you mean \(suggestions.joined(separator: ", "))?"
        case .noSuchRemovedBook(let query):
            "no removed book matches '\(query)': run 'bookplate restore' to list the books you can bring back"
        case .slugTaken(let slug):
            "the shelf has a book \(slug) already: remove it first to bring the other back"
        case .ambiguousBook(let query, let candidates):
            "'\(query)' matches \(candidates.count) books (\(LibraryError.some(candidates, separator: ", "))): "
                + (candidates.count > LibraryError.namedCandidates
                    ? "give more of the title, or a slug" : "give one of these slugs")
        case .ambiguousRemovedBook(let query, let candidates):
            "'\(query)' matches \(candidates.count) removed books (\(LibraryError.some(candidates, separator: "; "))): give more of the title or an author's name"
        case .sameAsAnother(let slug, let other, let reason):
            "\(slug) would be the same book as \(other) (\(reason)): nothing changed (two editions of a book are "
                + "told apart by their ISBNs: give both one)"
        case .alreadyOnShelf(let title, let slug, let reason):
            "'\(title)' is already on the shelf as \(slug) (\(reason)): nothing added"
        case .isbnTaken(let isbn, let slug):
            "ISBN \(isbn) already belongs to \(slug): nothing changed"
        case .noSuchAuthor(let query, let near):
            "no author matches '\(query)'"
                + (near.isEmpty
                    ? ": run 'bookplate list --sort author' to see who is on the shelf"
                    : " (did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?)")
        case .noSuchShelf(let name, let near, let shelves):
            "no shelf is named '\(name)'"
                + (!near.isEmpty
                    ? " (did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?)"
                    : shelves.isEmpty
                        ? ": no book is on a shelf yet"
                        : ": the shelves are \(LibraryError.some(shelves, separator: ", "))")
        case .noSuchSeries(let name, let near, let series):
            "no series is named '\(name)'"
                + (!near.isEmpty
                    ? " (did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?)"
                    : series.isEmpty
                        ? ": no book is in a series yet"
                        : ": the series are \(LibraryError.some(series, separator: ", "))")
        case .notOnShelf(let slug, let shelf, let shelves):
            "\(slug) is not on a shelf named '\(shelf)': "
                + (shelves.isEmpty ? "it is on no shelf" : "it is on \(LibraryError.some(shelves, separator: ", "))")
                + "; nothing changed"
        case .ambiguousAuthor(let query, let candidates):
            "'\(query)' matches \(candidates.count) authors (\(LibraryError.some(candidates, separator: ", "))): give one of these slugs"
        case .mergeIntoItself(let slug):
            "both names are \(slug): name the author to merge into another one"
        case .editionOfAnotherWork(let edition, let slug):
            "edition \(edition) belongs to another work than \(slug): list its editions with 'bookplate editions \(slug)'"
        case .unknownReadOutcome(let text):
            "unknown way for a read to end '\(text)': use one of \(ReadOutcome.allCases.map(\.rawValue).joined(separator: ", "))"
        case .noSuchRead(let slug, let number, let count):
            count == 0
                ? "\(slug) has no reads: add one with 'bookplate read add \(slug)'"
                : "\(slug) has no read \(number) (it has \(count)): run 'bookplate read list \(slug)' to see them"
        case .anotherReadGoingOn(let slug, let number, let started):
            "\(slug) has a read going on already (read \(number)\(started.map { ", begun \($0)" } ?? "")): end it first "
                + "with 'bookplate read edit \(slug) \(number) --finished DATE', or --outcome set-aside"
        case .readGoingOnWithAnEnd(let slug, let number, let finished):
            "read \(number) of \(slug) ended \(finished), and a read going on has no end: give --finished none with "
                + "--outcome reading to go on with it, or leave its outcome as it is"
        case .datesOnABookToRead(let slug):
            "a book to read has no dates of its own: give --status reading, read or abandoned with them"
                + (slug.map { ", or change one of its reads with 'bookplate read edit \($0) N'" } ?? "")
        case .latestReadWouldBeUndated(let slug):
            "that would leave the latest read of \(slug) with no date, before its dated reads: change its reads with "
                + "'bookplate read edit \(slug) N' or 'bookplate read remove \(slug) N'"
        case .latestReadWouldMove(let slug, let other):
            "those dates would put the latest read of \(slug), whose dates the book shows, before another (\(other)): "
                + "check the dates, or change one read with 'bookplate read edit \(slug) N' ('bookplate read list "
                + "\(slug)' numbers them)"
        case .readBeforeLatest(let slug, let latest):
            "that read would come before the latest read of \(slug) (\(latest)), whose status the book shows: add it "
                + "with 'bookplate read add \(slug)' and its dates"
        }
    }
}
