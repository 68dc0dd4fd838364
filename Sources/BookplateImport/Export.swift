import BookplateCore
import BookplateLibrary
import Foundation

/// Bookplate's own export: everything in the library, notes included, as JSON.
public struct LibraryExportDocument: Codable, Sendable, Equatable {
    /// 2: `description` is allow-listed HTML (see `HTMLAllowList`); in 1 it was plain text.
    /// 3: every read of a book in `reads`; before, a `readCount` beside the current read's dates.
    /// Its series in `series`; `rating` in quarter stars.
    /// 4: each book's `highlights`. Later, with no field changing meaning (an older Bookplate
    /// reads these files, leaving out what it does not know): each highlight's `added`, the
    /// reads' `setAsideFrom`, `removedHighlights` and `removedBooks`, each removed book's `cover`,
    /// each highlight's `imported`, each book's `imported` and `feedNumber`, `feedNumbersGone`; a
    /// file without them imports as before.
    public static let formatVersion = 4

    public var bookplate: Int
    public var books: [ExportedBook]
    public var authors: [ExportedAuthor]
    /// The highlights the reader removed, by id, so that they stay removed where the export is
    /// imported (absent when there are none, and in files from before).
    public var removedHighlights: [ExportedRemovedHighlight]?
    /// The books the reader removed and has neither restored nor purged, each as a book of the
    /// shelf, so that `restore` brings them back where the export is imported, and a file that
    /// lists one leaves it out there too (absent when there are none, and in files from before).
    public var removedBooks: [ExportedRemovedBook]?
    /// The numbers among the books of each slug (a book's `feedNumber`, 1 for the first) that
    /// books the library no longer holds had, purged, so that no book is given their feeds' ids
    /// where the export is imported either (absent when there are none, and in files from
    /// before).
    public var feedNumbersGone: [String: [Int]]?

    public struct ExportedRemovedBook: Codable, Sendable, Equatable {
        /// When the reader removed it.
        public var removed: String
        /// The book as it was, its note the one set aside.
        public var book: ExportedBook
        /// The name its cover was set aside under in `content/covers/.removed/`, which is copied
        /// with the covers, so that `restore` brings it back where the export is imported (absent
        /// when it has none, and in files from before).
        public var cover: String?
    }

    public struct ExportedBook: Codable, Sendable, Equatable {
        public var slug: String
        public var title: String
        public var subtitle: String?
        public var authors: [String]
        public var publisher: String?
        public var published: String?
        public var pages: Int?
        public var language: String?
        public var description: String?
        public var isbn13: String?
        public var subjects: [String]
        public var status: String
        /// Stars, in quarter steps from version 3; whole stars before.
        public var rating: Double?
        public var started: String?
        public var finished: String?
        public var shelves: [String]
        public var added: String
        /// Up to version 2: how many times the book was read.
        public var readCount: Int?
        /// From version 3: every read, oldest first.
        public var reads: [ExportedRead]?
        /// From version 3: the series the book is in, with its place in each.
        public var series: [ExportedSeries]?
        /// From version 3: `paperback`, `hardcover`, `ebook`, `audiobook` or `other`.
        public var format: String?
        public var audioMinutes: Int?
        public var firstPublished: String?
        public var owned: Bool?
        public var note: String?
        public var privateNotes: String?
        public var coverURL: String?
        public var googleVolumeID: String?
        public var openLibraryWork: String?
        public var openLibraryEdition: String?
        public var provenance: [BookField: FieldSource]?
        public var externalIDs: [String: String]?
        /// From version 4: every highlight, hidden ones too, in the book's order.
        public var highlights: [ExportedHighlight]?
        /// What each reading log's file last gave of the book, by the log's name (`goodreads`…),
        /// so that its next import where the export is imported takes what the file changed
        /// since and leaves what the reader changed, as here (absent when no log gave it, and in
        /// files from before).
        public var imported: [String: ExportedBookAsImported]?
        /// Which of the books that have had its slug on the export's shelf this one is, for its
        /// feeds' ids (2 for the second, absent for the first, and in files from before), so that
        /// the book keeps them where the export is imported when it keeps its slug there.
        public var feedNumber: Int?
    }

    /// A book's reader fields as a reading log's file last gave them, written as the book's own.
    public struct ExportedBookAsImported: Codable, Sendable, Equatable {
        public var status: String
        public var started: String?
        public var finished: String?
        /// Stars, in quarter steps.
        public var rating: Double?
        public var privateNotes: String?
        public var owned: Bool?
        /// Every read the file gave, oldest first (absent when the library did not remember them).
        public var reads: [ExportedRead]?
    }

    public struct ExportedHighlight: Codable, Sendable, Equatable {
        public var text: String
        public var note: String?
        public var page: String?
        public var location: String?
        public var chapter: String?
        public var made: String?
        /// When the library first had it (from format 4's second year: absent before), so that a
        /// highlight with no time of its own keeps its place on a shelf it is restored to.
        public var added: String?
        public var source: String
        public var published: Bool
        /// What each device's or service's file last gave of the highlight, by the source's name
        /// (`kindle`…), so that its next import where the export is imported takes what the file
        /// changed since, as here (absent when no file gave it, and in files from before).
        public var imported: [String: ExportedAsImported]?
    }

    /// A highlight's note and place as a source's file last gave them.
    public struct ExportedAsImported: Codable, Sendable, Equatable {
        public var note: String?
        public var page: String?
        public var location: String?
        public var chapter: String?
    }

    public struct ExportedSeries: Codable, Sendable, Equatable {
        public var name: String
        public var position: String?
    }

    public struct ExportedRead: Codable, Sendable, Equatable {
        public var started: String?
        public var finished: String?
        public var outcome: String
        /// For a read a status change set aside, how it stood before: `finished` or `reading`, so
        /// that setting that status again gives it back (absent for other reads, and in files
        /// from before).
        public var setAsideFrom: String?
    }

    public struct ExportedRemovedHighlight: Codable, Sendable, Equatable {
        /// The id the highlight had: made from its book's slug and its text.
        public var id: String
        /// When the reader removed it (when absent, the import's time is taken).
        public var removed: String?
        /// Its book's slug, text and place, where the library knows them (removed since v26,
        /// absent before and in files from before), so that a longer version of the passage stays
        /// out where the export is imported, as it does here.
        public var book: String?
        public var text: String?
        public var page: String?
        public var location: String?
    }

    public struct ExportedAuthor: Codable, Sendable, Equatable {
        public var slug: String
        public var name: String
        public var sortName: String
        public var openLibraryKey: String?
        public var bio: String?
        public var birthDate: String?
        public var deathDate: String?
        public var photoURL: String?
        public var links: [AuthorLink]?
        public var works: [NewWork]?

        /// The author as the library takes it from an import.
        var imported: ImportedAuthor {
            ImportedAuthor(
                author: Author(
                    slug: slug, name: name, sortName: sortName, openLibraryKey: openLibraryKey, bio: bio,
                    birthDate: birthDate, deathDate: deathDate, photoURL: photoURL, links: links ?? []),
                works: works ?? [])
        }
    }
}

/// Writes the library out, so the reader's data is never locked in.
public struct LibraryExporter: Sendable {
    public var library: Library
    public var notes: NoteStore
    /// Told of each note exported otherwise than it is (one that is no UTF-8).
    public var warn: @Sendable (String) -> Void

    public init(library: Library, notes: NoteStore, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.library = library
        self.notes = notes
        self.warn = warn
    }

    /// The shelf's covers, beside its notes in `content/` (as ``ShelfPaths`` has them): where the
    /// removed books' covers are set aside.
    var covers: URL {
        notes.folder.deletingLastPathComponent().appendingPathComponent("covers", isDirectory: true)
    }

    /// Everything, as Bookplate's JSON: books sorted by slug, keys sorted, so the same library
    /// always gives the same bytes.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(try document()) + Data("\n".utf8)
    }

    func document() throws -> LibraryExportDocument {
        let snapshot = try library.snapshot()
        // A note of no book has nowhere to go in the export: it was left out without a word,
        // though a build says it is kept (found by an exploratory session).
        let onShelf = Set(snapshot.books.map(\.book.slug))
        for note in try notes.noteFiles() where !onShelf.contains(note.slug) {
            // `Dune.md` is told the name that makes it Dune's note, as a build tells it.
            let named = Slug.make(from: note.slug)
            let rename = onShelf.contains(named) ? " (a note is named for its book's slug, as \(named).md)" : ""
            warn("\(note.url.relativePathForDisplay) belongs to no book on the shelf: it is not in the export\(rename)")
        }
        let externalIDs = try library.externalIDsBySlug()
        let setAsideFrom = try library.readsSetAsideFrom()
        let highlights = Dictionary(grouping: try library.allHighlights(), by: \.slug).mapValues { entries in
            entries.map(\.highlight).inBookOrder()
        }
        let lastImported = try library.highlightsAsImported()
        let booksAsImported = try library.booksAsImported()
        let books = try snapshot.books.map { details in
            let book = details.book
            return try exported(
                book, authors: details.authors.map(\.name), shelves: details.shelves.map(\.name), reads: details.reads,
                setAsideFrom: setAsideFrom[book.slug] ?? [],
                series: details.series.map { SeriesPlace(name: $0.series.name, position: $0.position) },
                highlights: highlights[book.slug] ?? [], lastImported: lastImported,
                asImported: booksAsImported[book.slug] ?? [], externalIDs: externalIDs[book.slug],
                note: try notes.noteForBackup(forSlug: book.slug, warn: warn))
        }
        // Each removed book as it was kept, its note the one set aside (a note set aside and then
        // deleted by hand is no note).
        let removedBooks = try library.removedBookContents().map { copy in
            let note = try copy.removed.noteFile.flatMap { name -> String? in
                guard let url = SetAside.url(of: name, in: notes.folder),
                    FileManager.default.fileExists(atPath: url.path)
                else { return nil }
                return try notes.readNoteForBackup(at: url, warn: warn)
            }
            // Named when it is there to be copied, as the note is read when it is there.
            let cover = copy.removed.coverFile.flatMap { name -> String? in
                guard let url = SetAside.url(of: name, in: covers), FileManager.default.fileExists(atPath: url.path)
                else { return nil }
                return name
            }
            return LibraryExportDocument.ExportedRemovedBook(
                removed: LibraryExporter.timestamp(copy.removed.removedAt, milliseconds: true),
                book: try exported(
                    copy.book, authors: copy.authors, shelves: copy.shelves, reads: copy.reads,
                    setAsideFrom: copy.readsSetAsideFrom, series: copy.series, highlights: copy.highlights,
                    externalIDs: copy.externalIDs.isEmpty ? nil : copy.externalIDs, note: note),
                cover: cover)
        }
        // With the authors kept though no book names them, so that their records come back too.
        let authors = (snapshot.authors + snapshot.keptAuthors).sorted { $0.slug < $1.slug }.map { author in
            LibraryExportDocument.ExportedAuthor(
                slug: author.slug, name: author.name, sortName: author.sortName, openLibraryKey: author.openLibraryKey,
                bio: author.bio, birthDate: author.birthDate, deathDate: author.deathDate, photoURL: author.photoURL,
                links: author.links.isEmpty ? nil : author.links,
                works: snapshot.worksByAuthorSlug[author.slug].flatMap { works in
                    works.isEmpty ? nil : works.map(NewWork.init)
                })
        }
        let removed = try library.removedHighlights().map {
            LibraryExportDocument.ExportedRemovedHighlight(
                id: $0.id, removed: $0.removedAt.map { LibraryExporter.timestamp($0, milliseconds: true) },
                book: $0.passage?.book, text: $0.passage?.text, page: $0.passage?.page, location: $0.passage?.location)
        }
        let gone = try library.feedNumbersGone()
        return LibraryExportDocument(
            bookplate: LibraryExportDocument.formatVersion, books: books, authors: authors,
            removedHighlights: removed.isEmpty ? nil : removed,
            removedBooks: removedBooks.isEmpty ? nil : removedBooks, feedNumbersGone: gone.isEmpty ? nil : gone)
    }

    /// A book as the export writes it, whether on the shelf or removed.
    private func exported(
        _ book: Book, authors: [String], shelves: [String], reads: [ReadRecord], setAsideFrom: [ReadOutcome?],
        series: [SeriesPlace], highlights: [Highlight], lastImported: [String: [HighlightAsImported]] = [:],
        asImported: [BookAsImported] = [], externalIDs: [String: String]?, note: String?
    ) throws -> LibraryExportDocument.ExportedBook {
        LibraryExportDocument.ExportedBook(
            slug: book.slug, title: book.title, subtitle: book.subtitle, authors: authors,
            publisher: book.publisher, published: book.publishedDate?.description, pages: book.pageCount,
            language: book.language, description: book.description?.html, isbn13: book.isbn13,
            subjects: book.subjects,
            status: book.status.rawValue, rating: book.rating?.stars, started: book.startedDate?.description,
            finished: book.finishedDate?.description, shelves: shelves,
            added: LibraryExporter.timestamp(book.addedAt, milliseconds: true),
            reads: reads.isEmpty
                ? nil
                : reads.enumerated().map { index, read in
                    let before = setAsideFrom.indices.contains(index) ? setAsideFrom[index] : nil
                    return LibraryExportDocument.ExportedRead(
                        started: read.started?.description, finished: read.finished?.description,
                        outcome: read.outcome.rawValue, setAsideFrom: before?.rawValue)
                },
            series: series.isEmpty
                ? nil
                : series.map { LibraryExportDocument.ExportedSeries(name: $0.name, position: $0.position?.text) },
            format: book.format?.rawValue, audioMinutes: book.audioMinutes,
            firstPublished: book.firstPublished?.description, owned: book.owned,
            note: note.map(LibraryExporter.normalisedNote),
            privateNotes: book.privateNotes, coverURL: book.coverURL, googleVolumeID: book.googleVolumeID,
            openLibraryWork: book.openLibraryWorkKey, openLibraryEdition: book.openLibraryEditionKey,
            provenance: book.provenance.isEmpty ? nil : book.provenance, externalIDs: externalIDs,
            highlights: highlights.isEmpty
                ? nil
                : highlights.map { highlight in
                    LibraryExportDocument.ExportedHighlight(
                        text: highlight.text, note: highlight.note, page: highlight.place.page,
                        location: highlight.place.location, chapter: highlight.place.chapter,
                        made: highlight.madeAt.map { LibraryExporter.timestamp($0) },
                        added: LibraryExporter.timestamp(highlight.addedAt, milliseconds: true),
                        source: highlight.source.rawValue,
                        published: highlight.published,
                        imported: lastImported[highlight.id].map { given in
                            Dictionary(
                                given.map {
                                    (
                                        $0.source.rawValue,
                                        LibraryExportDocument.ExportedAsImported(
                                            note: $0.note, page: $0.place.page, location: $0.place.location,
                                            chapter: $0.place.chapter)
                                    )
                                }, uniquingKeysWith: { first, _ in first })
                        })
                },
            imported: LibraryExporter.exported(asImported), feedNumber: book.feedNumber)
    }

    /// What the reading logs last gave of a book, as the export carries it: Bookplate's own
    /// export is not one, as importing this file where it goes remembers what it gives.
    private static func exported(_ asImported: [BookAsImported]) -> [String: LibraryExportDocument
        .ExportedBookAsImported]?
    {
        let logs = asImported.filter { $0.source != .bookplate }
        guard !logs.isEmpty else { return nil }
        return Dictionary(
            logs.map { given in
                (
                    given.source.rawValue,
                    LibraryExportDocument.ExportedBookAsImported(
                        status: given.status.rawValue, started: given.startedDate?.description,
                        finished: given.finishedDate?.description, rating: given.rating?.stars,
                        privateNotes: given.privateNotes, owned: given.owned,
                        reads: given.reads.map { reads in
                            reads.map {
                                LibraryExportDocument.ExportedRead(
                                    started: $0.started?.description, finished: $0.finished?.description,
                                    outcome: $0.outcome.rawValue)
                            }
                        })
                )
            }, uniquingKeysWith: { first, _ in first })
    }

    /// Says which books a CSV moves as others, as a subtitle's are said to: a co-author whose
    /// name holds a comma ("Lonely Planet, Inc.") or a role came back as two authors, or none, and
    /// a series with no place ("Dune", unnumbered) did not come back at all, without a word (found
    /// by an exploratory session). Goodreads' columns have no room for either.
    private func warnOfWhatTheCSVCannotHold(_ books: [LibraryExportDocument.ExportedBook]) {
        var ignored: [String] = []
        let authored = books.filter { book in
            ImportValues.credited(
                Array(book.authors.prefix(1)) + ImportValues.names(Self.additionalAuthors(of: book)), column: "",
                warnings: &ignored) != book.authors
        }
        if let first = authored.first {
            warn(
                (authored.count == 1 ? "1 book has" : "\(authored.count) books have")
                    + " authors the CSV cannot write apart (\(first.authors.joined(separator: "; "))): imported, "
                    + (authored.count == 1 ? "it comes" : "they come")
                    + " back with other authors; move a shelf with --format json, which keeps them")
        }
        let unnumbered = books.filter { ($0.series ?? []).contains { $0.position == nil } }
        if !unnumbered.isEmpty {
            warn(
                (unnumbered.count == 1 ? "1 book is" : "\(unnumbered.count) books are")
                    + " in a series with no place, which the CSV cannot write (Goodreads writes a series with its"
                    + " number): imported, " + (unnumbered.count == 1 ? "it comes" : "they come")
                    + " back without it; move a shelf with --format json, which keeps it")
        }
    }

    /// The CSV's "Additional Authors": every author but the first, comma-separated, as Goodreads
    /// writes them (and as its import, and so the warning above, reads them back).
    private static func additionalAuthors(of book: LibraryExportDocument.ExportedBook) -> String {
        book.authors.dropFirst().joined(separator: ", ")
    }

    /// The Goodreads library export's columns, so other tools can import the shelf.
    public static let goodreadsColumns = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
        "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
        "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
        "Spoiler", "Private Notes", "Read Count", "Owned Copies", "Dates Read", "Owned?", "Audio Minutes",
    ]

    /// A Goodreads-compatible CSV, CRLF line ends as spreadsheets expect. Books come in the order
    /// they joined the library: a CSV has no slugs, so importing it elsewhere in that order gives
    /// the same slugs again.
    public func goodreadsCSV() throws -> Data {
        let document = try document()
        let order = try library.slugsInTheOrderAdded()
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        // A CSV moved a shelf without a word, and "The Dispossessed" with its subtitle came back
        // as "The Dispossessed: An Ambiguous Utopia", at another address (found by an exploratory
        // session). Which colon ends a title no import can tell ("Star Wars: Heir to the Empire"
        // is one title), so the export says so, and what keeps them.
        let subtitled = document.books.filter { $0.subtitle != nil }.count
        if subtitled > 0 {
            warn(
                (subtitled == 1
                    ? "1 book has a subtitle, which the CSV writes after its title as Goodreads does: imported, it comes"
                    : "\(subtitled) books have a subtitle, which the CSV writes after the title as Goodreads does: "
                        + "imported, they come")
                    + " back with it in the title and at another address (slug); move a shelf with --format json,"
                    + " which keeps both")
        }
        warnOfWhatTheCSVCannotHold(document.books)
        // The review column goes to a service that publishes reviews: Obsidian's comments
        // (`%%lend it to Sam?%%`) and a draft were uploaded with it, as the site never shows them.
        // Each note is made a review once, for the warning and for its cell.
        var reviews: [String: String] = [:]
        for book in document.books { reviews[book.slug] = book.note.flatMap(LibraryExporter.review(ofNote:)) }
        let kept = document.books.filter { book in
            book.note.map { LibraryExporter.reviewLeavesOut($0, review: reviews[book.slug]) } ?? false
        }
        if !kept.isEmpty {
            warn(
                (kept.count == 1 ? "1 note holds" : "\(kept.count) notes hold")
                    + " what the site does not publish (front matter, Obsidian's %% comments, or a draft's whole"
                    + " text), which the review column leaves out as the site does; --format json keeps "
                    + (kept.count == 1 ? "it" : "them"))
        }
        var lines = [LibraryExporter.goodreadsColumns.map(LibraryExporter.csvField).joined(separator: ",")]
        for book in document.books.sorted(by: { position[$0.slug, default: 0] < position[$1.slug, default: 0] }) {
            let exclusive: String
            switch book.status {
            case "read": exclusive = "read"
            case "reading": exclusive = "currently-reading"
            case "abandoned": exclusive = "did-not-finish"
            default: exclusive = "to-read"
            }
            let isbn = book.isbn13.flatMap(ISBN.parse)
            // Goodreads writes a subtitle after a colon, and a book's series in its title: "The
            // Dispossessed: An Ambiguous Utopia", "Dune (Dune, #1)".
            let titleWithSeries = SeriesPlace.title(
                book.subtitle.map { "\(book.title): \($0)" } ?? book.title,
                with: (book.series ?? []).map {
                    SeriesPlace(name: $0.name, position: $0.position.flatMap(SeriesPosition.init(parsing:)))
                })
            let day = { (text: String?) in text.map { $0.replacingOccurrences(of: "-", with: "/") } ?? "" }
            // The reader's day, where they are, as a reading date is: UTC's made a book added on an
            // evening in Los Angeles added the day after it was read (found by an exploratory
            // session).
            let added = LibraryExporter.moment(book.added).map {
                PartialDate.day(of: $0, in: library.clock.timeZone).description
            }
            // Goodreads' one date is the last finished read's; StoryGraph's column has every dated
            // read that was finished, and the latest however it went.
            let reads = book.reads ?? []
            let finishedReads = reads.filter { $0.outcome == ReadOutcome.finished.rawValue }
            // Read Count counts the read an abandoned book was given up in, as Goodreads and
            // StoryGraph do (a book put back to read is not on the `did-not-finish` shelf).
            let givenUp = book.status == "abandoned" && reads.last?.outcome == ReadOutcome.setAside.rawValue
            let readCount = finishedReads.count + (givenUp ? 1 : 0)
            let datesRead = reads.enumerated().filter { index, read in
                (read.started != nil || read.finished != nil)
                    && (read.outcome == ReadOutcome.finished.rawValue || index == reads.count - 1)
            }.map { _, read in
                // A read known only by its end is its date alone: "-2020/01/02" would be a formula.
                read.started == nil ? day(read.finished) : day(read.started) + "-" + day(read.finished)
            }
            let first = book.authors.first ?? ""
            let sortName = AuthorName.sortName(for: first)
            // Text from the reader and the catalogs is neutralised for spreadsheets; the ISBNs are
            // Goodreads' own formulas, and the numbers and dates are written here.
            // Control characters and escape sequences go too, as the library keeps text: a note
            // is the reader's own file, and a colour code in it was written into the CSV as it was.
            let text = { (value: String) in
                SpreadsheetCell.neutralised(ControlSequences.cleanedForStorage(lines: value))
            }
            let fields: [String] = [
                text(book.externalIDs?[ImportSource.goodreads.rawValue] ?? ""), text(titleWithSeries), text(first),
                first.isEmpty ? "" : text(sortName), text(Self.additionalAuthors(of: book)),
                "=\"\(isbn?.isbn10 ?? "")\"", "=\"\(isbn?.isbn13 ?? "")\"",
                book.rating.flatMap { try? Rating(stars: $0).text } ?? "0", "",
                text(book.publisher ?? ""), book.format.flatMap(LibraryExporter.binding) ?? "",
                book.pages.map(String.init) ?? "", book.published.map { String($0.prefix(4)) } ?? "",
                book.firstPublished.map { String($0.prefix(4)) } ?? "", day(finishedReads.last?.finished),
                day(added), text((book.shelves + [exclusive]).joined(separator: ", ")), "",
                exclusive,
                text(reviews[book.slug].map(LibraryExporter.reviewCell) ?? ""), "",
                text(book.privateNotes ?? ""),
                readCount == 0 ? "" : String(readCount), book.owned == true ? "1" : "0",
                datesRead.joined(separator: ", "),
                // StoryGraph's column, beside Goodreads' count: a count of 0 is "not owned" and
                // "not known" alike, and 'owned: no' came back unknown (found by an exploratory
                // session).
                book.owned.map { $0 ? "Yes" : "No" } ?? "",
                // Bookplate's own: an audiobook's length, which no other export has (it was lost
                // on the CSV's round trip: found by an exploratory session).
                book.audioMinutes.map(String.init) ?? "",
            ]
            lines.append(fields.map(LibraryExporter.csvField).joined(separator: ","))
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// Goodreads' Binding for a format.
    static func binding(_ format: String) -> String? {
        switch BookFormat(rawValue: format) {
        case .paperback?: "Paperback"
        case .hardcover?: "Hardcover"
        case .ebook?: "ebook"
        case .audiobook?: "Audiobook"
        case .other?: "Other"
        case nil: nil
        }
    }

    static func csvField(_ value: String) -> String {
        // By bytes: "\r\n" is one Character, equal to neither "\r" nor "\n", and a field holding
        // it was written unquoted, breaking the row in two.
        guard value.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `2024-03-14T09:26:53Z`, or with `milliseconds` `2024-03-14T09:26:53.027Z`: the nearest
    /// millisecond, written by hand. (The formatter cut the fraction short, and a time of
    /// .027 s, a binary fraction a hair under it, was written .026: an export imported and
    /// exported again moved by a millisecond, found by an exploratory session.)
    static func timestamp(_ date: Date, milliseconds: Bool = false) -> String {
        let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, millisecond) = total.quotientAndRemainder(dividingBy: 1000)
        let whole = millisecond < 0 ? (seconds - 1, millisecond + 1000) : (seconds, millisecond)
        let second = milliseconds ? Date(timeIntervalSince1970: TimeInterval(whole.0)) : date
        let text = ProlepticGregorian.timestamp(second)
        guard milliseconds else { return text }
        return text.dropLast() + "." + String(String(whole.1 + 1000).dropFirst()) + "Z"
    }

    /// A time as ``timestamp(_:milliseconds:)`` writes it, with or without its milliseconds;
    /// read as Foundation's formatter reads it (an offset for `Z`, another count of digits after
    /// the second) when it is written otherwise, by hand or by another program.
    static func moment(_ text: String) -> Date? {
        if let moment = ProlepticGregorian.moment(fromTimestamp: text) { return moment }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter.date(from: text)
    }

    /// A note as exports carry it: trimmed as a block of Markdown, ending in one newline.
    static func normalisedNote(_ text: String) -> String {
        text.trimmedAsBlock + "\n"
    }

    /// A note as the site publishes it, for the CSV's review column: without its front matter
    /// and Obsidian's `%%` comments, and nil for a draft (``FrontMatter/isUnpublished(markdown:)``)
    /// or a note of nothing else. Its links by name stay as written, `[[Dune]]`, as the reader's
    /// Markdown does; they lead nowhere on another service.
    static func review(ofNote note: String) -> String? {
        let text = note.replacingOccurrences(of: "\r\n", with: "\n")
        guard !FrontMatter.isUnpublished(markdown: text) else { return nil }
        let published = ObsidianMarkdown.published(NoteRenderer.withoutFrontMatter(text), links: nil)
        let review = MarkdownBlankLines.collapsed(published).trimmedAsBlock
        return review.isEmpty ? nil : review + "\n"
    }

    /// Whether `review`, made of `note` by ``review(ofNote:)``, leaves out any of its text.
    static func reviewLeavesOut(_ note: String, review: String?) -> Bool {
        let whole = MarkdownBlankLines.collapsed(note.replacingOccurrences(of: "\r\n", with: "\n")).trimmedAsBlock
        return !whole.isEmpty && review != whole + "\n"
    }

    /// A note as the CSV's review column carries it: without its last newline, unless it is one
    /// line that speaks of a tag (`<br>`, `<b>`), which an importer would read as Goodreads' HTML;
    /// a cell with a line break of its own is read as written.
    static func reviewCell(_ note: String) -> String {
        let line = note.dropLast()
        let bytes = Array(line.utf8)
        let speaksOfTags = bytes.indices.contains {
            bytes[$0] == UInt8(ascii: "<") && HTMLAllowList.Tag.read(bytes, at: $0) != nil
        }
        return speaksOfTags && !line.contains("\n") ? note : String(line)
    }
}

/// Reads Bookplate's own JSON export back.
enum BookplateJSONFormat {
    /// Where and how a file is not an export, as the decoder found it: "books[3].title is not
    /// text". Every such file was said to lack "the export's shape", and a file cut short, one
    /// with a lone surrogate escape (`\ud800`) and one whose title a hand made a number were told
    /// apart by nothing (found by an exploratory session).
    static func reason(_ error: DecodingError) -> String {
        // The file itself where the path is empty: a list or a number was "( is not an object)"
        // (found by a review).
        func place(_ path: [any CodingKey]) -> String {
            let written = path.reduce("") { written, key in
                if let index = key.intValue { return written + "[\(index + 1)]" }
                return written.isEmpty ? key.stringValue : written + "." + key.stringValue
            }
            return written.isEmpty ? "the file" : written
        }
        func kind(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: "text"
            case is Int.Type, is Int64.Type, is Double.Type: "a number"
            case is Bool.Type: "true or false"
            case is [Any].Type: "a list"
            default: "an object"
            }
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not JSON that can be read: cut short, changed by hand, or holding text that is not Unicode"
        case .dataCorrupted(let context):
            return "\(place(context.codingPath)) cannot be read: \(context.debugDescription)"
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)) is not \(kind(type))"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath)) is null, where the export has \(kind(type))"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath + [key])) is missing"
        @unknown default:
            return "it does not have the export's shape"
        }
    }

    static func read(_ data: Data) throws -> ImportFile {
        let document: LibraryExportDocument
        do {
            document = try JSONDecoder().decode(LibraryExportDocument.self, from: data)
        } catch let error as DecodingError {
            throw ImportError.notBookplateJSON(reason: reason(error))
        } catch {
            throw ImportError.notBookplateJSON(reason: "it does not have the export's shape")
        }
        guard document.bookplate <= LibraryExportDocument.formatVersion else {
            throw ImportError.notBookplateJSON(reason: "it comes from a newer Bookplate")
        }
        var file = ImportFile(source: .bookplate, records: [], skipped: [])
        var authors: [LibraryExportDocument.ExportedAuthor] = []
        for (index, author) in document.authors.enumerated() {
            var limits = ImportLimits()
            authors.append(author.withinLimits(&limits))
            file.warnings += limits.warnings.map { RowWarning(line: 0, message: "author \(index + 1): \($0)") }
        }
        file.authors = authors.map(\.imported)
        file.feedNumbersGone = document.feedNumbersGone ?? [:]
        for removed in document.removedHighlights ?? [] {
            guard RemovedHighlight.isID(removed.id) else {
                file.warnings.append(
                    RowWarning(
                        line: 0,
                        message:
                            "a removed highlight's id '\(ImportValues.shown(removed.id))' is not an id Bookplate makes: left out"
                    ))
                continue
            }
            let moment = removed.removed.flatMap(LibraryExporter.moment)
            if let text = removed.removed, moment == nil {
                file.warnings.append(
                    RowWarning(
                        line: 0,
                        message:
                            "highlight \(removed.id) was removed at '\(ImportValues.shown(text))', which is not a time: remembered as removed now"
                    ))
            }
            file.removedHighlights.append(
                RemovedHighlight(id: removed.id, removedAt: moment, passage: removed.passage(warning: &file.warnings)))
        }
        // The shelf's books, then the books it had removed, numbered on from them.
        let removedBooks = document.removedBooks ?? []
        let entries =
            document.books.map { (book: $0, removed: String?.none, cover: String?.none) }
            + removedBooks.map { (book: $0.book, removed: String?.some($0.removed), cover: $0.cover) }
        for (index, (book, removed, cover)) in entries.enumerated() {
            let line = index + 1
            let removedAt = removed.flatMap(LibraryExporter.moment)
            if let removed, removedAt == nil {
                file.skipped.append(
                    SkippedRow(
                        line: line,
                        reason: "it was removed at '\(ImportValues.shown(removed))', which is not a time"))
                continue
            }
            var warnings: [String] = []
            let status: ReadingStatus
            if let known = try? ReadingStatus(parsing: book.status) {
                status = known
            } else {
                status = .toRead
                warnings.append("status '\(ImportValues.shown(book.status))' is unknown: imported as to-read")
            }
            let rating = book.rating.flatMap {
                ImportValues.rating(stars: $0, text: String($0), column: "rating", warnings: &warnings)
            }
            let new = NewBook(
                title: book.title, subtitle: book.subtitle,
                // Books name their authors; what is known of them comes in once, with the authors.
                authors: book.authors.map { NewAuthor(name: $0) },
                isbn: book.isbn13.flatMap(ISBN.parse), publisher: book.publisher,
                publishedDate: ImportValues.date(book.published, column: "published", warnings: &warnings),
                pageCount: ImportValues.count(
                    book.pages, column: "pages", in: Book.pageCountRange, warnings: &warnings),
                language: book.language,
                // Version 1 kept descriptions as plain text; later ones as allow-listed HTML,
                // which comes in through the allow-list again like any HTML from outside.
                description: document.bookplate < 2
                    ? book.description.map(HTMLAllowList.html(fromText:))
                    : book.description.map(HTMLAllowList.sanitize),
                coverURL: book.coverURL,
                subjects: book.subjects, status: status, rating: rating,
                startedDate: ImportValues.date(book.started, column: "started", warnings: &warnings),
                finishedDate: ImportValues.date(book.finished, column: "finished", warnings: &warnings),
                shelves: book.shelves,
                googleVolumeID: book.googleVolumeID, openLibraryWorkKey: book.openLibraryWork,
                openLibraryEditionKey: book.openLibraryEdition, provenance: book.provenance ?? [:],
                series: ImportValues.onePerSeries(
                    (book.series ?? []).compactMap {
                        ImportValues.seriesPlace(name: $0.name, position: $0.position, warnings: &warnings)
                    }, warnings: &warnings),
                format: book.format.flatMap { name in
                    let format = BookFormat(rawValue: name)
                    if format == nil { warnings.append("format '\(ImportValues.shown(name))' is unknown: left out") }
                    return format
                },
                audioMinutes: ImportValues.count(
                    book.audioMinutes, column: "audioMinutes", in: AudioLength.minutes, warnings: &warnings),
                firstPublished: ImportValues.date(book.firstPublished, column: "firstPublished", warnings: &warnings),
                owned: book.owned)
            let exportedReads = book.reads.map { Array($0.prefix(Book.readCountRange.upperBound)) }
            // Each read with how a status change set it aside, in the order the reads happened
            // (as the record keeps them), so that the two stay side by side.
            let reads = exportedReads.map { reads in
                ReadRecord.inOrder(
                    reads.enumerated().map { index, read in
                        let record = ImportValues.read(read, number: index + 1, warnings: &warnings)
                        let before = ImportValues.setAsideFrom(
                            read.setAsideFrom, of: record, number: index + 1, warnings: &warnings)
                        return (record: record, setAsideFrom: before)
                    }, by: \.record)
            }
            var record = ImportRecord(
                line: line, book: new, sourceID: nil, note: book.note, privateNotes: book.privateNotes,
                readCount: ImportValues.count(
                    book.readCount, column: "readCount", in: Book.readCountRange, warnings: &warnings),
                reads: reads?.map(\.record),
                addedAt: LibraryExporter.moment(book.added), preferredSlug: book.slug,
                externalIDs: book.externalIDs ?? [:], warnings: warnings,
                // Before format 3, `readCount` counted the finished reads alone.
                readCountCountsSetAside: false
            ).withinLimits(ownNotes: true)
            // A book the file gives no number was the first on its slug, as every book was before.
            record.feedNumber = book.feedNumber ?? 1
            if let reads, record.reads == reads.map(\.record) {
                record.readsSetAsideFrom = reads.map(\.setAsideFrom)
            }
            var limits = ImportLimits()
            record.highlights = (book.highlights ?? []).map { exported in
                var highlight = exported
                limits.text(&highlight.text, "a highlight")
                limits.text(&highlight.note, "a highlight's note")
                for place in [\LibraryExportDocument.ExportedHighlight.page, \.location, \.chapter] {
                    limits.line(&highlight[keyPath: place], "a highlight's place")
                }
                var new = NewHighlight(
                    text: highlight.text, note: highlight.note,
                    place: HighlightPlace(
                        page: highlight.page, location: highlight.location, chapter: highlight.chapter),
                    madeAt: highlight.made.flatMap(LibraryExporter.moment),
                    addedAt: highlight.added.flatMap(LibraryExporter.moment),
                    source: HighlightSource(rawValue: highlight.source) ?? .reader, published: highlight.published)
                // What a device's file last gave, under the sources Bookplate reads; the reader's
                // own typing is no file's.
                new.lastImported = (highlight.imported ?? [:]).sorted { $0.key < $1.key }.compactMap { name, given in
                    guard let source = HighlightSource(rawValue: name), source != .reader else { return nil }
                    var given = given
                    limits.text(&given.note, "a highlight's note")
                    for place in [\LibraryExportDocument.ExportedAsImported.page, \.location, \.chapter] {
                        limits.line(&given[keyPath: place], "a highlight's place")
                    }
                    return HighlightAsImported(
                        highlightId: "", source: source, note: given.note,
                        place: HighlightPlace(page: given.page, location: given.location, chapter: given.chapter))
                }
                return new
            }
            record.lastImported = (book.imported ?? [:]).sorted { $0.key < $1.key }.compactMap { name, given in
                lastImported(given, from: name, warnings: &limits.warnings)
            }
            file.warnings += limits.warnings.map { RowWarning(line: line, message: $0) }
            record.removedAt = removedAt
            if let cover {
                // A name of a file in the `.removed/` folder, never a path out of it.
                if !cover.isEmpty, !cover.contains("/"), !cover.hasPrefix("."), !cover.contains("\0"),
                    cover.utf8.count <= 255
                {
                    record.removedCoverFile = cover
                } else {
                    file.warnings.append(
                        RowWarning(
                            line: line,
                            message: "the cover '\(ImportValues.shown(cover))' is not a file name: kept without it"))
                }
            }
            file.records.append(record)
        }
        return file
    }

    /// What the reading log `name` last gave of a book, as the export carries it; nil, with a
    /// warning, when a value cannot be what a file gave: remembered in part, it would tell the
    /// next import of the log's file a change it did not make. Bookplate's own export is no
    /// reading log, and a log this Bookplate does not read has no import to tell.
    private static func lastImported(
        _ given: LibraryExportDocument.ExportedBookAsImported, from name: String, warnings: inout [String]
    ) -> BookAsImported? {
        guard let source = ImportSource(rawValue: name), source != .bookplate else { return nil }
        var problems: [String] = []
        let status = try? ReadingStatus(parsing: given.status)
        let started = ImportValues.date(given.started, column: "started", warnings: &problems)
        let finished = ImportValues.date(given.finished, column: "finished", warnings: &problems)
        let rating = given.rating.flatMap {
            ImportValues.rating(stars: $0, text: String($0), column: "rating", warnings: &problems)
        }
        let reads = given.reads.map { reads in
            reads.prefix(Book.readCountRange.upperBound).enumerated().map { index, read in
                ImportValues.read(read, number: index + 1, warnings: &problems)
            }
        }
        var privateNotes = given.privateNotes
        var limits = ImportLimits()
        limits.text(&privateNotes, "the private note")
        guard let status, problems.isEmpty, limits.warnings.isEmpty else {
            warnings.append(
                "what \(name) last gave of the book cannot be read: left out (its next import takes the file's values)")
            return nil
        }
        return BookAsImported(
            source: source, status: status, startedDate: started, finishedDate: finished, rating: rating,
            privateNotes: privateNotes, owned: given.owned, reads: reads)
    }
}

extension LibraryExportDocument.ExportedRemovedHighlight {
    /// Its passage, when the file gives a book and a text within the bounds of a highlight's; one
    /// past them is left out with a warning, the highlight kept by its id alone.
    func passage(warning warnings: inout [RowWarning]) -> RemovedHighlight.Passage? {
        guard let book, let text else { return nil }
        let lines = [book, page ?? "", location ?? ""]
        guard text.count <= ImportLimits.textCharacters, lines.allSatisfy({ $0.count <= ImportLimits.lineCharacters })
        else {
            warnings.append(
                RowWarning(
                    line: 0,
                    message:
                        "removed highlight \(id)'s passage is past the bounds of a highlight: remembered by its id alone"
                ))
            return nil
        }
        return RemovedHighlight.Passage(book: book, text: text, page: page, location: location)
    }
}
