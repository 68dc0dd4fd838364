import BookplateCore

/// What the reader (or a catalog) says of a book about to be added.
public struct NewBook: Sendable, Equatable {
    public var title: String
    public var subtitle: String?
    /// Authors in credit order.
    public var authors: [NewAuthor]
    public var isbn: ISBN?
    public var publisher: String?
    public var publishedDate: PartialDate?
    public var pageCount: Int?
    public var language: String?
    public var description: SanitizedHTML?
    public var coverURL: String?
    public var subjects: [String]
    public var status: ReadingStatus
    public var rating: Rating?
    public var startedDate: PartialDate?
    public var finishedDate: PartialDate?
    /// Shelf names; new shelves are created.
    public var shelves: [String]
    public var googleVolumeID: String?
    public var openLibraryWorkKey: String?
    public var openLibraryEditionKey: String?
    /// Which catalog each field came from; fields not named are the reader's.
    public var provenance: [BookField: FieldSource]
    /// The series the book is in, with its place in each.
    public var series: [SeriesPlace]
    public var format: BookFormat?
    public var audioMinutes: Int?
    public var firstPublished: PartialDate?
    public var owned: Bool?

    public init(
        title: String, subtitle: String? = nil, authors: [NewAuthor] = [], isbn: ISBN? = nil,
        publisher: String? = nil, publishedDate: PartialDate? = nil, pageCount: Int? = nil,
        language: String? = nil, description: SanitizedHTML? = nil, coverURL: String? = nil, subjects: [String] = [],
        status: ReadingStatus = .toRead, rating: Rating? = nil, startedDate: PartialDate? = nil,
        finishedDate: PartialDate? = nil, shelves: [String] = [], googleVolumeID: String? = nil,
        openLibraryWorkKey: String? = nil, openLibraryEditionKey: String? = nil,
        provenance: [BookField: FieldSource] = [:],
        series: [SeriesPlace] = [], format: BookFormat? = nil, audioMinutes: Int? = nil,
        firstPublished: PartialDate? = nil, owned: Bool? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.authors = authors
        self.isbn = isbn
        self.publisher = publisher
        self.publishedDate = publishedDate
        self.pageCount = pageCount
        self.language = language
        self.description = description
        self.coverURL = coverURL
        self.subjects = subjects
        self.status = status
        self.rating = rating
        self.startedDate = startedDate
        self.finishedDate = finishedDate
        self.shelves = shelves
        self.googleVolumeID = googleVolumeID
        self.openLibraryWorkKey = openLibraryWorkKey
        self.openLibraryEditionKey = openLibraryEditionKey
        self.provenance = provenance
        self.series = series
        self.format = format
        self.audioMinutes = audioMinutes
        self.firstPublished = firstPublished
        self.owned = owned
    }
}

/// An author of a book about to be added: a name, and what Open Library knows when it was asked.
public struct NewAuthor: Sendable, Equatable, ExpressibleByStringLiteral {
    public var name: String
    public var openLibraryKey: String?
    public var bio: String?
    public var birthDate: String?
    public var deathDate: String?
    public var photoURL: String?
    public var links: [AuthorLink]
    /// Other works by the author; nil when unknown (an empty list means none).
    public var works: [NewWork]?
    /// How the author is filed, when the source says so (a sort name the reader set in Calibre);
    /// nil files the author by the sort name the library makes from the name. Taken only for an
    /// author new to the library.
    public var sortName: String?

    public init(
        name: String, openLibraryKey: String? = nil, bio: String? = nil, birthDate: String? = nil,
        deathDate: String? = nil, photoURL: String? = nil, links: [AuthorLink] = [], works: [NewWork]? = nil
    ) {
        self.name = name
        self.openLibraryKey = openLibraryKey
        self.bio = bio
        self.birthDate = birthDate
        self.deathDate = deathDate
        self.photoURL = photoURL
        self.links = links
        self.works = works
    }

    /// An author as the reader types one, one name at a time: "Le Guin, Ursula K." is Ursula K.
    /// Le Guin (``AuthorName/inSpokenOrder(_:)``). A device's or a service's "A, B" may be two
    /// people, and is read where the shelf's authors tell which.
    public init(typed name: String) {
        self.init(name: AuthorName.inSpokenOrder(name.trimmingCharacters(in: .whitespaces)))
    }

    public init(stringLiteral name: String) {
        self.init(name: name)
    }
}

/// A work in an author's list of works.
public struct NewWork: Sendable, Equatable, Codable, Hashable {
    public var key: String
    public var title: String
    public var year: Int?

    public init(key: String, title: String, year: Int? = nil) {
        self.key = key
        self.title = title
        self.year = year
    }

    /// A work the library keeps, as an export or a removed book's copy carries it.
    package init(_ work: AuthorWork) {
        self.init(key: work.key, title: work.title, year: work.year)
    }
}

/// Changes the reader asks for in `edit`. A nil field is left alone; `.some(nil)` clears it.
public struct BookEdit: Sendable, Equatable {
    public var title: String?
    public var subtitle: String??
    public var authors: [String]?
    public var isbn: ISBN??
    public var publisher: String??
    public var publishedDate: PartialDate??
    public var pageCount: Int??
    public var language: String??
    public var description: SanitizedHTML??
    public var status: ReadingStatus?
    public var rating: Rating??
    public var startedDate: PartialDate??
    public var finishedDate: PartialDate??
    public var addShelves: [String] = []
    public var removeShelves: [String] = []
    /// The book's series, replacing those it was in; empty takes it out of every series.
    public var series: [SeriesPlace]?
    public var format: BookFormat??
    public var audioMinutes: Int??
    public var firstPublished: PartialDate??
    public var owned: Bool??

    /// The edit that changes nothing, to set the asked-for changes on one by one.
    public static let nothing = BookEdit()

    /// Whether the edit changes nothing at all.
    public var isEmpty: Bool { self == .nothing }

    /// The catalog fields this edit sets, which from now on belong to the reader.
    var changedCatalogFields: [BookField] {
        let changes: [(BookField, Bool)] = [
            (.title, title != nil), (.subtitle, subtitle != nil), (.isbn, isbn != nil),
            (.publisher, publisher != nil), (.publishedDate, publishedDate != nil), (.pageCount, pageCount != nil),
            (.language, language != nil), (.description, description != nil), (.format, format != nil),
            (.audioMinutes, audioMinutes != nil), (.firstPublished, firstPublished != nil),
        ]
        return changes.filter(\.1).map(\.0)
    }
}

extension NewBook {
    /// A field a catalog gave longer than the library keeps, and was cut.
    public struct CutField: Sendable, Equatable {
        /// The book's field it is, or its authors' for a name, a bio, a date or a work.
        public var of: BookField
        public var field: String
        public var characters: Int
        public var limit: Int
    }

    /// Cuts each field to what the library keeps (``Book/lineCharacterLimit`` for a line,
    /// ``Book/textCharacterLimit`` for a description or a bio), as an import does; returns what
    /// was cut. `add` refused a catalog's title of 100,000 characters whole, while `refresh` kept
    /// it whole (found by an exploratory session): both now keep the book, cut.
    public mutating func cutToLimits() -> [CutField] {
        var cuts: [CutField] = []
        func cut(_ text: inout String, _ of: BookField, _ field: String, to limit: Int = Book.lineCharacterLimit) {
            guard text.utf8.count > limit else { return }
            let characters = text.count
            guard characters > limit else { return }
            text = String(text.prefix(limit))
            cuts.append(CutField(of: of, field: field, characters: characters, limit: limit))
        }
        func cut(_ text: inout String?, _ of: BookField, _ field: String, to limit: Int = Book.lineCharacterLimit) {
            guard var value = text else { return }
            cut(&value, of, field, to: limit)
            text = value
        }
        cut(&title, .title, "title")
        cut(&subtitle, .subtitle, "subtitle")
        cut(&publisher, .publisher, "publisher")
        cut(&language, .language, "language")
        if var html = description?.html {
            let whole = html.utf8.count
            cut(&html, .description, "description", to: Book.textCharacterLimit)
            // The cut may fall inside a tag: what is left is made safe again.
            if html.utf8.count != whole { description = HTMLAllowList.sanitize(html) }
        }
        for index in subjects.indices { cut(&subjects[index], .subjects, "subject") }
        for index in series.indices { cut(&series[index].name, .edition, "series' name") }
        for index in authors.indices {
            cut(&authors[index].name, .authors, "author's name")
            cut(&authors[index].bio, .authors, "author's bio", to: Book.textCharacterLimit)
            cut(&authors[index].birthDate, .authors, "author's birth date")
            cut(&authors[index].deathDate, .authors, "author's death date")
            if var works = authors[index].works {
                for work in works.indices { cut(&works[work].title, .authors, "work's title") }
                authors[index].works = works
            }
        }
        return cuts
    }
}
