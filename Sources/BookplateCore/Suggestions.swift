/// "Did you mean": the candidates nearest to what the reader typed, by edit distance (a swap of
/// two neighbouring letters counts as one edit), case and accents ignored.
public enum Suggestions {
    /// Up to `limit` of `candidates` close enough to `typed` to be what was meant, nearest first.
    public static func nearest(to typed: String, in candidates: [String], limit: Int = 3) -> [String] {
        let ranked = candidates.compactMap { candidate in
            distance(typed, candidate).map { (candidate, $0) }
        }
        return ranked.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
    }

    /// How far `candidate` is from `typed`, or nil when too far to suggest: up to a third of the
    /// typed length, at least one edit and at most three.
    package static func distance(_ typed: String, _ candidate: String) -> Int? {
        distance(folded: Array(TextFolding.searchKey(typed)), Array(TextFolding.searchKey(candidate)))
    }

    /// ``distance(_:_:)`` between texts folded already (``TextFolding/searchKey(_:)``), as
    /// characters: a reader's query is folded once for a whole shelf.
    package static func distance(folded left: [Character], _ right: [Character]) -> Int? {
        let allowed = min(3, max(1, left.count / 3))
        guard abs(left.count - right.count) <= allowed else { return nil }
        let found = editDistance(left, right)
        return found <= allowed ? found : nil
    }

    /// The optimal string alignment distance between two texts.
    static func editDistance(_ left: [Character], _ right: [Character]) -> Int {
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previousRow = [Int](repeating: 0, count: right.count + 1)
        var row = Array(0...right.count)
        var beforePrevious = row
        for i in 1...left.count {
            beforePrevious = previousRow
            previousRow = row
            row = [Int](repeating: 0, count: right.count + 1)
            row[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    row[j] = min(row[j], beforePrevious[j - 2] + 1)
                }
            }
        }
        return row[right.count]
    }
}
