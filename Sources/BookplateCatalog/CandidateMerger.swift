import BookplateCore
import BookplateLibrary
import Foundation

/// Merges the two catalogs' search results into one list with one row per book.
///
/// Two results are the same book when they share an ISBN-13 (Open Library lists every edition's
/// ISBNs, so a Google volume matches the work that has its ISBN), or else when their normalised
/// titles and first authors agree, unless one catalog tells them apart (two of its editions with
/// different ISBNs, two Open Library works). The merged list keeps each catalog's ranking: rows are ordered
/// by their best position in either list, Google first on a tie.
public enum CandidateMerger {
    public static func mergeCandidates(google: [BookCandidate], openLibrary: [BookCandidate]) -> [BookCandidate] {
        var merged: [(rank: Int, source: Int, candidate: BookCandidate)] = []
        // The rows each ISBN and each match key lead to, so that a candidate is compared with
        // those only: compared with every row, with each key made again each time, a catalog's
        // 3,000 rows took 38 s (found by an exploratory session). A row stays listed under a key
        // it no longer has; `isSameBook` decides.
        var rowsByISBN: [String: [Int]] = [:]
        var rowsByKey: [String: [Int]] = [:]
        func index(_ row: Int) {
            let candidate = merged[row].candidate
            for isbn in Set(candidate.allISBN13s + [candidate.isbn13].compactMap { $0 }) {
                rowsByISBN[isbn, default: []].append(row)
            }
            rowsByKey[matchKey(candidate), default: []].append(row)
        }
        for (source, list) in [google, openLibrary].enumerated() {
            for (rank, candidate) in list.enumerated() {
                let isbns = Set(candidate.allISBN13s + [candidate.isbn13].compactMap { $0 })
                let rows = Set(isbns.flatMap { rowsByISBN[$0] ?? [] } + (rowsByKey[matchKey(candidate)] ?? []))
                if let row = rows.sorted().first(where: { isSameBook(merged[$0].candidate, candidate) }) {
                    merged[row].candidate = merge(merged[row].candidate, candidate)
                    merged[row].rank = min(merged[row].rank, rank)
                    index(row)
                } else {
                    merged.append((rank, source, candidate))
                    index(merged.count - 1)
                }
            }
        }
        return merged.enumerated()
            .sorted {
                ($0.element.rank, $0.element.source, $0.offset) < ($1.element.rank, $1.element.source, $1.offset)
            }
            .map(\.element.candidate)
    }

    static func isSameBook(_ lhs: BookCandidate, _ rhs: BookCandidate) -> Bool {
        let left = Set(lhs.allISBN13s + [lhs.isbn13].compactMap { $0 })
        let right = Set(rhs.allISBN13s + [rhs.isbn13].compactMap { $0 })
        if !left.isDisjoint(with: right) { return true }
        // Records of one catalog that it tells apart are two books: two volumes with different
        // ISBNs are different editions, two Open Library works different works. A row merged from
        // both catalogs counts as each: compared only when its sources were the same, it took in a
        // second work of the same title and author, which left the results (found by an
        // exploratory session).
        if !Set(lhs.sources).isDisjoint(with: rhs.sources) {
            if !left.isEmpty && !right.isEmpty { return false }
            if let work = lhs.openLibraryWorkKey, let other = rhs.openLibraryWorkKey, work != other { return false }
        }
        return matchKey(lhs) == matchKey(rhs)
    }

    static func matchKey(_ candidate: BookCandidate) -> String {
        Library.matchKey(title: candidate.title, firstAuthor: candidate.authors.first, looseTitle: true)
    }

    private static func merge(_ first: BookCandidate, _ second: BookCandidate) -> BookCandidate {
        var merged = first
        for source in second.sources where !merged.sources.contains(source) { merged.sources.append(source) }
        merged.subtitle = merged.subtitle ?? second.subtitle
        if merged.authors.isEmpty { merged.authors = second.authors }
        merged.year = [first.year, second.year].compactMap { $0 }.min()
        merged.isbn13 = merged.isbn13 ?? second.isbn13
        var seen = Set<String>()
        merged.allISBN13s = (first.allISBN13s + second.allISBN13s).filter { seen.insert($0).inserted }
        merged.publisher = merged.publisher ?? second.publisher
        merged.language = merged.language ?? second.language
        merged.googleVolumeID = merged.googleVolumeID ?? second.googleVolumeID
        merged.openLibraryWorkKey = merged.openLibraryWorkKey ?? second.openLibraryWorkKey
        merged.openLibraryCoverID = merged.openLibraryCoverID ?? second.openLibraryCoverID
        return merged
    }
}
