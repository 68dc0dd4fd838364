import BookplateCore
import Foundation

/// A person who wrote (or co-wrote) books on the shelf.
public struct Author: Hashable, Sendable, Codable {
    public var id: Int64?
    /// Stable, unique, URL-safe name; set when the author is first added.
    public var slug: String
    public var name: String
    /// The name as it files in an index: "Le Guin, Ursula K.".
    public var sortName: String
    public var openLibraryKey: String?
    public var bio: String?
    /// Free text, as the catalogs give it ("1929", "21 October 1929").
    public var birthDate: String?
    public var deathDate: String?
    public var photoURL: String?
    /// The author's pages elsewhere (official site, Wikipedia), http(s) only.
    public var links: [AuthorLink]

    public init(
        id: Int64? = nil, slug: String, name: String, sortName: String, openLibraryKey: String? = nil,
        bio: String? = nil, birthDate: String? = nil, deathDate: String? = nil, photoURL: String? = nil,
        links: [AuthorLink] = []
    ) {
        self.id = id
        self.slug = slug
        self.name = name
        self.sortName = sortName
        self.openLibraryKey = openLibraryKey
        self.bio = bio
        self.birthDate = birthDate
        self.deathDate = deathDate
        self.photoURL = photoURL
        self.links = links
    }
}

extension Author {
    /// Whether the record is kept when no book names the author any more: it holds what naming
    /// them again would not bring back (an Open Library id, a bio, dates, a photo, links, or a
    /// sort name other than the one their name makes; their works are asked of the library).
    /// A name alone goes: each slip of the pen would be kept for good.
    package var isKeptWithoutBooks: Bool {
        openLibraryKey != nil || bio != nil || birthDate != nil || deathDate != nil || photoURL != nil
            || !links.isEmpty || sortName != AuthorName.sortName(for: name)
    }
}

/// A link to an author's page elsewhere.
public struct AuthorLink: Hashable, Sendable, Codable {
    public var title: String
    public var url: String

    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}

/// One of an author's works, as Open Library lists them, for the "other works" on their page.
public struct AuthorWork: Hashable, Sendable, Codable {
    public var authorId: Int64
    public var position: Int
    public var key: String
    public var title: String
    public var year: Int?
}
