import BookplateCore

/// `series/<slug>/index.html`, then `series/<slug>/page/<n>/index.html`: the series in reading
/// order, with what is missing from the shelf, a hundred places a page.
struct SeriesPageModel: Sendable, Encodable {
    var name: String
    /// "3 books · 2 of 3 read".
    var countLabel: String
    /// Each book in order, or a gap: one of the two is set.
    var entries: [SeriesEntryModel]
    /// Links between the series' pages; nil when it fits on one.
    var pagination: PaginationModel?
}

struct SeriesEntryModel: Sendable, Encodable {
    var book: BookCardModel?
    /// "#3 is not on your shelf".
    var gap: String?
}

/// A book's place in a series, on its page.
struct SeriesLinkModel: Sendable, Encodable {
    var name: String
    var url: String
    var position: String?
    /// The place as the language writes it ("#2", French "n° 2"; `seriesPlace`), absent when
    /// unnumbered: a French page said "#2" beside its "Le n° 3" of a gap.
    var place: String?
}
