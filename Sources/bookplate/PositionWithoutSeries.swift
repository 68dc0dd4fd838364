/// `edit BOOK --position N` without `--series` on a book in no series, or in several: the place is
/// in the book's one series, so the refusal is the shelf's (status 1), not the command line's. It
/// was a usage error (64), though the same command line moves a book in its one series (found by
/// a review).
struct PositionWithoutSeries: Error, CustomStringConvertible {
    var position: String
    var slug: String
    /// The book's series, by name.
    var series: [String]

    var description: String {
        series.isEmpty
            ? "\(slug) is in no series: give --series with --position \(position), naming the series it is a place in"
            : "\(slug) is in \(series.count) series: give --series with --position \(position), naming the one it is a place in (\(series.joined(separator: " or ")))"
    }
}
