/// What the reader (or a catalog) says of a book about to be added.
public struct NewBook: Sendable, Equatable {
    public var title: String
    public var subtitle: String?
    /// Author names in credit order.
    public var authors: [String]
    public var isbn: ISBN?
    public var publisher: String?
    public var publishedDate: PartialDate?
    public var pageCount: Int?
    public var language: String?
    public var description: String?
    public var coverURL: String?
    public var subjects: [String]
    public var status: ReadingStatus
    public var rating: Rating?
    public var startedDate: PartialDate?
    public var finishedDate: PartialDate?
    /// Shelf names; new shelves are created.
    public var shelves: [String]

    public init(
        title: String, subtitle: String? = nil, authors: [String] = [], isbn: ISBN? = nil,
        publisher: String? = nil, publishedDate: PartialDate? = nil, pageCount: Int? = nil,
        language: String? = nil, description: String? = nil, coverURL: String? = nil, subjects: [String] = [],
        status: ReadingStatus = .toRead, rating: Rating? = nil, startedDate: PartialDate? = nil,
        finishedDate: PartialDate? = nil, shelves: [String] = []
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
    public var description: String??
    public var status: ReadingStatus?
    public var rating: Rating??
    public var startedDate: PartialDate??
    public var finishedDate: PartialDate??
    public var addShelves: [String]
    public var removeShelves: [String]

    public init(
        title: String? = nil, subtitle: String?? = nil, authors: [String]? = nil, isbn: ISBN?? = nil,
        publisher: String?? = nil, publishedDate: PartialDate?? = nil, pageCount: Int?? = nil,
        language: String?? = nil, description: String?? = nil, status: ReadingStatus? = nil,
        rating: Rating?? = nil, startedDate: PartialDate?? = nil, finishedDate: PartialDate?? = nil,
        addShelves: [String] = [], removeShelves: [String] = []
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
        self.status = status
        self.rating = rating
        self.startedDate = startedDate
        self.finishedDate = finishedDate
        self.addShelves = addShelves
        self.removeShelves = removeShelves
    }

    /// Whether the edit changes nothing at all.
    public var isEmpty: Bool { self == BookEdit() }
}
