import ArgumentParser
import BookplateKit

struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a book's details or your reading of it.",
        discussion: """
            Give 'none' to clear a field (for example --rating none). Dates without --status on a book \
            to read say it is being read (--started) or was (--finished). --author replaces the whole list \
            of authors. Setting the status to read fills in today as the finished date, and reading \
            fills in the started date, unless those are set or the book's reads already tell the \
            status: read after to-read on a book whose latest read was finished is that read, and \
            read after abandoned gives back the read abandoned set aside (finished today if it was \
            going on). A read that would come before the book's latest is added with 'bookplate read add'. A name is \
            one name whatever its case and accents: --author, --series or --shelf naming one the book has, \
            spelt otherwise (bell hooks for Bell Hooks), respells it on every book.
            """
    )

    @OptionGroup var target: BookOnShelf
    @OptionGroup var details: BookDetailOptions
    @Option(help: "Your reading status.") var status: ReadingStatus?
    @Option(help: "Your rating, 0.25 to 5 in quarter steps (4.5, 3.75), or none.") var rating: String?
    @Option(help: ArgumentHelp("When you started reading it, or none.", valueName: "YYYY[-MM[-DD]]")) var started:
        String?
    @Option(help: ArgumentHelp("When you finished it, or none.", valueName: "YYYY[-MM[-DD]]")) var finished: String?
    @Option(
        name: .customLong("shelf"),
        help: "Put the book on this shelf; repeat for several (a comma separates shelves too).") var addShelves:
        [String] = []
    @Option(
        name: .customLong("remove-shelf"),
        help: ArgumentHelp("Take the book off this shelf; repeat for several.", valueName: "shelf"))
    var removeShelves: [String] = []
    @Option(help: ArgumentHelp("Switch to this Open Library edition (see 'bookplate editions').", valueName: "OL…M"))
    var edition: String?

    func validate() throws {
        try details.checkValues(editing: true)
        try Parse.checkReadingDates(started: started, finished: finished)
        _ = try Parse.asUsage { try rating.map(Parse.rating) }
    }

    func run() async throws {
        var edit = try details.bookEdit()
        edit.status = status
        edit.rating = try rating.map(Parse.rating)
        edit.startedDate = try Parse.clearable(started, Parse.readingDate)
        edit.finishedDate = try Parse.clearable(finished, Parse.readingDate)
        edit.addShelves = addShelves
        edit.removeShelves = removeShelves
        guard !edit.isEmpty || edition != nil || !details.series.isEmpty || details.position != nil else {
            throw ValidationError("nothing to change: give at least one option (see bookplate edit --help)")
        }
        let editionKey = try edition.map { edition in
            guard case .openLibraryEdition(let key)? = BookTarget.parse(catalogID: "openlibrary:\(edition)") else {
                throw ValidationError("'\(edition)' is not an Open Library edition key: it looks like OL7353617M")
            }
            return key
        }
        let (library, found) = try target.open()
        edit.series = try seriesAfterEdit(of: found)
        // Dates given a book to read say it is being read, or was (as `add` takes them).
        if edit.status == nil, found.book.status == .toRead {
            edit.status = ReadingStatus.impliedBy(started: edit.startedDate ?? nil, finished: edit.finishedDate ?? nil)
        }
        // The local edit first: its checks can refuse it before anything is fetched.
        if !edit.isEmpty {
            let edited = try library.editBook(slug: found.book.slug, edit)
            Terminal.output("Updated \"\(edited.book.title)\" (\(edited.book.slug))")
        }
        if let key = editionKey {
            let adder = BookAdder(finder: try target.shelf.finder(), library: library, paths: try target.shelf.paths)
            let changed = try await adder.switchEdition(slug: found.book.slug, to: key)
            Terminal.output(
                "Switched \(found.book.slug) to edition \(key)"
                    + (changed.isEmpty ? "" : ": \(changed.joined(separator: ", "))"))
        }
    }
}

extension EditCommand {
    /// The authors `--author` gives: nil when not given; none for `--author none` (as 'none'
    /// clears any field: it made an author named "none"), which is given alone.
    static func authors(_ given: [String]) throws -> [String]? {
        guard !given.isEmpty else { return nil }
        let clearing = given.filter { $0.trimmingCharacters(in: .whitespaces).lowercased() == "none" }
        guard !clearing.isEmpty else { return given }
        guard clearing.count == given.count else {
            throw ValidationError("--author none takes every author off the book: give it alone, or only names")
        }
        return []
    }

    /// The book's series once the options' series are taken in: each one they name is changed, or
    /// added, and the book's other series stay (they went: found by an exploratory session);
    /// `--series none` takes it out of all; `--position` alone moves it in its one series.
    func seriesAfterEdit(of found: BookDetails) throws -> [SeriesPlace]? {
        let current = found.series.map { SeriesPlace(name: $0.series.name, position: $0.position) }
        guard let named = try details.seriesPlaces(of: (found.book.slug, current.map(\.name))) else { return nil }
        guard !named.isEmpty else { return [] }
        var merged = current
        for place in named {
            if let index = merged.firstIndex(where: { $0.isNamed(place.name) }) {
                // A series named alone, with other case or accents, is respelt; named with a place,
                // it is the series the place is in, as the book has it.
                let name = place.position == nil ? place.name : merged[index].name
                merged[index] = SeriesPlace(name: name, position: place.position ?? merged[index].position)
            } else {
                merged.append(place)
            }
        }
        return merged
    }
}
