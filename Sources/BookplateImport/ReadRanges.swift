import BookplateCore
import BookplateLibrary
import Foundation

extension ImportValues {
    /// Every read a `Dates Read` cell lists — `2019/03/01-2019/03/20, 2021/05/02-2021/05/30` —
    /// with as many undated finished reads before them as `count` has beyond them. A range may
    /// lack either end (`2024/01/05-`, `-2021/05/30`); a single date is when the read ended. The
    /// last range is the read the status tells of; the ones before it were finished, or set aside
    /// where they have no end and the count does not say they were finished. Nil when the cell
    /// lists nothing, so that the row's other columns tell the reads.
    static func reads(
        datesRead cell: String?, column: String, status: ReadingStatus, count: Int?, warnings: inout [String]
    ) -> [ReadRecord]? {
        guard let cell else { return nil }
        var reads: [ReadRecord] = []
        for range in cell.split(separator: ",").map(\.trimmed) where !range.isEmpty {
            let ends = range.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(\.trimmed)
            let started = ends.count == 2 && !ends[0].isEmpty ? date(ends[0], column: column, warnings: &warnings) : nil
            let finishedText = ends.count == 2 ? ends[1] : ends[0]
            let finished = finishedText.isEmpty ? nil : date(finishedText, column: column, warnings: &warnings)
            guard started != nil || finished != nil else { continue }
            // A read begun and never ended was set aside, unless it is the one going on now.
            var read = ReadRecord(
                started: started, finished: finished, outcome: finished == nil ? .setAside : .finished)
            if read.endsBeforeItBegins {
                warnings.append("\(column) '\(shown(range))' ends before it begins: imported without the start")
                read.started = nil
            }
            reads.append(read)
        }
        guard !reads.isEmpty else { return nil }
        if reads.count > Book.readCountRange.upperBound {
            warnings.append(
                "\(column) lists \(reads.count) reads: the first \(Book.readCountRange.upperBound) imported")
            reads = Array(reads.prefix(Book.readCountRange.upperBound))
        }
        reads = ReadRecord.inOrder(reads)
        switch status.readOutcome {
        case .reading? where reads[reads.count - 1].finished == nil: reads[reads.count - 1].outcome = .reading
        // Begun again without a date yet.
        case .reading?: reads.append(ReadRecord(outcome: .reading))
        case .setAside?: reads[reads.count - 1].outcome = .setAside
        // A book read, whose last read is known only by its start ("2019/03/01-").
        case .finished?: reads[reads.count - 1].outcome = .finished
        case nil: break
        }
        // Every read before the last is listed because it was finished (Bookplate's own CSV lists
        // no other; StoryGraph's lists the ones it counts), so the count tells a finished read
        // known only by its start, which alone reads as set aside: such reads came back set
        // aside, and the next export dropped them (found by an exploratory session).
        if let count {
            let givenUp = status == .abandoned ? 1 : 0
            var uncounted = count - givenUp - reads.filter { $0.outcome == .finished }.count
            for index in reads.indices.dropLast() where uncounted > 0 && reads[index].outcome == .setAside {
                reads[index].outcome = .finished
                uncounted -= 1
            }
        }
        return ReadRecord.history(status: .toRead, started: nil, finished: nil, count: count, earlier: reads)
    }

    /// A read from Bookplate's own export; what cannot be used of it is left out with a warning.
    static func read(_ read: LibraryExportDocument.ExportedRead, number: Int, warnings: inout [String]) -> ReadRecord {
        let started = date(read.started, column: "read \(number) started", warnings: &warnings)
        let finished = date(read.finished, column: "read \(number) finished", warnings: &warnings)
        let outcome: ReadOutcome
        if let known = try? ReadOutcome(parsing: read.outcome) {
            outcome = known
        } else {
            outcome = .finished
            warnings.append("read \(number) ended '\(shown(read.outcome))', which is unknown: imported as finished")
        }
        var record = ReadRecord(started: started, finished: finished, outcome: outcome)
        // A read going on has no end, as `read add` and `read edit` refuse one: a file's came in
        // as it was, and the book showed "reading" with a finished date (found by a review). The
        // end, which cannot be used, is dropped: the read goes on, as the book's status says.
        if outcome == .reading, let finished {
            warnings.append("read \(number) is going on and ended \(finished): imported without the end")
            record.finished = nil
        }
        if record.endsBeforeItBegins {
            warnings.append("read \(number) ends before it begins: imported without the start")
            record.started = nil
        }
        return record
    }

    /// How a read of Bookplate's own export stood before a status change set it aside: `finished`
    /// or `reading`, for a read set aside; what cannot be used is left out with a warning.
    static func setAsideFrom(_ text: String?, of read: ReadRecord, number: Int, warnings: inout [String])
        -> ReadOutcome?
    {
        guard let text else { return nil }
        guard read.outcome == .setAside else {
            warnings.append("read \(number) is not set aside: its setAsideFrom is left out")
            return nil
        }
        guard let outcome = ReadOutcome(rawValue: text), outcome != .setAside else {
            warnings.append("read \(number) was set aside from '\(shown(text))', which is unknown: imported without it")
            return nil
        }
        return outcome
    }

    /// A series from Bookplate's own export: one without a name is left out, a position that is
    /// not one keeps the series without it; each with a warning.
    static func seriesPlace(name: String, position: String?, warnings: inout [String]) -> SeriesPlace? {
        let name = name.trimmedForStorage
        guard !name.isEmpty else {
            warnings.append("a series without a name: left out")
            return nil
        }
        guard let position else { return SeriesPlace(name: name) }
        guard let parsed = SeriesPosition(parsing: position) else {
            warnings.append(
                "series position '\(shown(position))' is not a number such as 3, 2.5 or 1-3: kept '\(shown(name))' without it"
            )
            return SeriesPlace(name: name)
        }
        return SeriesPlace(name: name, position: parsed)
    }

    /// `places` with each series once (``SeriesPlace/onePerSeries(_:)``), a second place in one
    /// said and left out: "Saga (Saga, #1; Saga, #2)" came in at #1 without a word (found by a
    /// review).
    static func onePerSeries(_ places: [SeriesPlace], warnings: inout [String]) -> [SeriesPlace] {
        let (kept, conflicts) = SeriesPlace.onePerSeries(places)
        for (first, second) in conflicts {
            let place = { (index: Int) in places[index].position.map { "#\($0.text)" } ?? "" }
            warnings.append(
                "series '\(shown(places[first].name))' is given two places, \(place(first)) and \(place(second)): "
                    + "imported at \(place(first))")
        }
        return kept
    }

    /// StoryGraph's `Yes` and `No`; nil for anything else.
    static func yesNo(_ cell: String?) -> Bool? {
        switch cell?.trimmed.lowercased() {
        case "yes"?, "true"?: true
        case "no"?, "false"?: false
        default: nil
        }
    }
}
