import BookplateLibrary
import Foundation

/// Merges the clippings a Kindle appended for one passage into the highlight the device shows,
/// and puts each note on its highlight.
///
/// Re-highlighting a passage appends it again; extending or shortening a highlight appends the
/// new one and leaves the old. Two clippings of a book are one passage when their places overlap
/// and one text holds the other, or one runs on where the other stops by at least half the
/// shorter; the longest text is kept, with the latest date. Candidates are found through buckets
/// of nearby places, so a file of any size is read in time that grows with its length.
struct KindleHighlightMerger {
    /// A highlight as kept, with what is needed to merge and attach to it.
    struct Kept {
        var line: Int
        var book: ClippingBook
        var text: String
        var place: HighlightPlace
        var span: Span?
        /// Every other place the same text was highlighted at: a note made at one of them is
        /// this highlight's (it was dropped, said to have no highlight there: found by an
        /// exploratory session).
        var otherSpans: [Span] = []
        var madeAt: Date?
        /// Notes by the place they were made at, in the order they came: an edited note, appended
        /// at the same place, replaces the one before it.
        var notes: [(place: Int, text: String)] = []
        /// The shorter texts merged into this one, oldest first: the passage as an earlier import
        /// may have kept it, or the reader removed it.
        var earlierTexts: [String] = []

        var note: String? { notes.isEmpty ? nil : notes.map(\.text).joined(separator: "\n\n") }
    }

    /// Where a clipping is, by Kindle location, or by page where the device gave no location
    /// (PDFs).
    struct Span: Hashable {
        enum Scale: Hashable {
            case location
            case page
        }

        var scale: Scale
        var range: ClosedRange<Int>

        init?(_ header: KindleHeader) {
            if let location = header.location {
                scale = .location
                range = location
            } else if let page = header.page, let pages = KindleHeader.range(page) {
                scale = .page
                range = pages
            } else {
                return nil
            }
        }
    }

    private(set) var highlights: [Kept] = []
    private var byText: [TextKey: Int] = [:]
    private var byBucket: [BucketKey: [Int]] = [:]

    private struct TextKey: Hashable {
        var book: ClippingBook
        var text: String
    }

    private struct BucketKey: Hashable {
        var book: ClippingBook
        var scale: Span.Scale
        var bucket: Int
    }

    /// Places are grouped in buckets this wide; a highlight is filed under each bucket it spans,
    /// or only those of its ends when it spans more than ``bucketsSpanned``.
    private static let bucketWidth = 16
    private static let bucketsSpanned = 8
    /// How many of a bucket's latest highlights a new one is compared with: a real passage is
    /// highlighted a few times, a hostile file may hold thousands at one place
    /// (`bookplate-bench kindle` measures both).
    private static let comparedPerBucket = 8

    mutating func add(_ clipping: Clipping) {
        let span = Span(clipping.header)
        let place = HighlightPlace(
            page: clipping.header.page,
            location: clipping.header.location.map {
                $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
            })
        let new = Kept(
            line: clipping.line, book: clipping.book, text: clipping.text, place: place, span: span,
            madeAt: clipping.header.madeAt)
        if let slot = byText[TextKey(book: clipping.book, text: clipping.text)] {
            highlights[slot].madeAt = Self.later(highlights[slot].madeAt, new.madeAt)
            if let span, span != highlights[slot].span, !highlights[slot].otherSpans.contains(span) {
                highlights[slot].otherSpans.append(span)
                file(slot, at: span)
            }
            return
        }
        if let span, let slot = samePassage(as: new, span: span) {
            merge(new, into: slot)
            return
        }
        highlights.append(new)
        file(highlights.count - 1)
    }

    /// Puts `note` on the highlight of its book whose place holds the note's, preferring one that
    /// ends there (the device places a note at the end of its highlight); returns why it could not.
    mutating func attach(_ note: Clipping) -> String? {
        guard let span = Span(note.header) else { return "a note with no place: not imported" }
        let at = span.range.upperBound
        let key = BucketKey(book: note.book, scale: span.scale, bucket: at / Self.bucketWidth)
        var best: Int?
        for slot in (byBucket[key] ?? []).suffix(Self.comparedPerBucket * 4) {
            guard let range = range(of: slot, holding: at, scale: span.scale) else { continue }
            if let current = best, highlights[current].span?.range.upperBound == at, range.upperBound != at {
                continue
            }
            best = slot
        }
        // On a page (a PDF's, without locations) every highlight of the page holds the note's
        // place: the note is the one's typed right after it, the nearest before it in the file
        // (it went on the page's last highlight: found by an exploratory session).
        if span.scale == .page {
            best =
                (byBucket[key] ?? []).filter {
                    highlights[$0].line < note.line && range(of: $0, holding: at, scale: .page) != nil
                }.max { highlights[$0].line < highlights[$1].line } ?? best
        }
        guard let slot = best else {
            let name = span.scale == .location ? "location" : "page"
            return "a note with no highlight at \(name) \(at): not imported"
        }
        if let index = highlights[slot].notes.firstIndex(where: { $0.place == at }) {
            highlights[slot].notes[index].text = note.text
        } else {
            highlights[slot].notes.append((at, note.text))
        }
        return nil
    }

    /// The place of `scale` the highlight in `slot` was highlighted at that holds `at`, if any.
    private func range(of slot: Int, holding at: Int, scale: Span.Scale) -> ClosedRange<Int>? {
        let spans = [highlights[slot].span].compactMap { $0 } + highlights[slot].otherSpans
        return spans.first { $0.scale == scale && $0.range.contains(at) }?.range
    }

    private func samePassage(as new: Kept, span: Span) -> Int? {
        for bucket in Self.buckets(span.range) {
            let key = BucketKey(book: new.book, scale: span.scale, bucket: bucket)
            for slot in (byBucket[key] ?? []).suffix(Self.comparedPerBucket).reversed() {
                guard let other = highlights[slot].span, other.scale == span.scale, other.range.overlaps(span.range)
                else { continue }
                // Every highlight of a page is at the same place: there, a passage highlighted
                // again begins or ends the same way, and is a phrase; a term found inside a
                // longer highlight of the page is a highlight of its own (it was swallowed).
                if SamePassage.isSame(new.text, highlights[slot].text, at: span.scale == .page ? .page : .location) {
                    return slot
                }
            }
        }
        return nil
    }

    private mutating func merge(_ new: Kept, into slot: Int) {
        let madeAt = Self.later(highlights[slot].madeAt, new.madeAt)
        // The longest wins; of two as long, the later, which is how the device shows it now.
        if new.text.utf8.count >= highlights[slot].text.utf8.count {
            let old = highlights[slot]
            highlights[slot] = new
            highlights[slot].notes = old.notes
            highlights[slot].otherSpans = old.otherSpans
            highlights[slot].earlierTexts = old.earlierTexts + [old.text]
            file(slot)
        } else {
            highlights[slot].earlierTexts.append(new.text)
        }
        highlights[slot].madeAt = madeAt
    }

    private mutating func file(_ slot: Int) {
        let kept = highlights[slot]
        byText[TextKey(book: kept.book, text: kept.text)] = slot
        guard let span = kept.span else { return }
        file(slot, at: span)
    }

    /// Files the highlight in `slot` under the buckets of `span`.
    private mutating func file(_ slot: Int, at span: Span) {
        for bucket in Self.buckets(span.range) {
            byBucket[BucketKey(book: highlights[slot].book, scale: span.scale, bucket: bucket), default: []].append(
                slot)
        }
    }

    private static func buckets(_ range: ClosedRange<Int>) -> [Int] {
        let first = range.lowerBound / bucketWidth
        let last = range.upperBound / bucketWidth
        return last - first < bucketsSpanned ? Array(first...last) : [first, last]
    }

    private static func later(_ one: Date?, _ other: Date?) -> Date? {
        guard let one else { return other }
        guard let other else { return one }
        return max(one, other)
    }
}
