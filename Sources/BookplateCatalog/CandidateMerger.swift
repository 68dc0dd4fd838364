import BookplateCore
import BookplateLibrary
import Foundation

/// Merges the two catalogs' search results into one list with one row per book.
///
/// Two results are the same book when they share an ISBN-13 (Open Library lists every edition's
/// ISBNs, so a Google volume matches the work that has its ISBN), or else when their normalised
/// titles and first authors agree. The merged list keeps each catalog's ranking: rows are ordered
/// by their best position in either list, Google first on a tie.
public enum CandidateMerger {
    public static func mergeCandidates(google: [BookCandidate], openLibrary: [BookCandidate]) -> [BookCandidate] {
        var merged: [(rank: Int, source: Int, candidate: BookCandidate)] = []
        for (source, list) in [google, openLibrary].enumerated() {
            for (rank, candidate) in list.enumerated() {
                if let index = merged.firstIndex(where: { isSameBook($0.candidate, candidate) }) {
                    merged[index].candidate = merge(merged[index].candidate, candidate)
                    merged[index].rank = min(merged[index].rank, rank)
                } else {
                    merged.append((rank, source, candidate))
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
        // Two different volumes of one catalog with different ISBNs are different editions.
        if !left.isEmpty && !right.isEmpty && lhs.sources == rhs.sources { return false }
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
