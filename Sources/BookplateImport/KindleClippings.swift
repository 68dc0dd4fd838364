import BookplateCore
import BookplateLibrary
import Foundation

/// Reads a Kindle's `My Clippings.txt` into highlights, each naming its book.
///
/// The device appends an entry for each highlight, note and bookmark — title line, header line,
/// a blank line, the text, a line of ten `=` — and never rewrites one: an extended highlight is a
/// second entry, an edited note another. The reader gives back what the device shows: clippings of
/// one passage merged into the longest, notes on their highlights, bookmarks left out.
package enum KindleClippings {
    /// A highlight or note longer than this is cut: a passage runs to a few thousand characters,
    /// and a page of megabytes helps no reader.
    package static let textCharacters = HighlightReading.textCharacters
    /// A title or author longer than this is cut.
    package static let nameCharacters = HighlightReading.nameCharacters

    /// Reads the file's bytes, whatever they hold: entries that cannot be used are skipped or
    /// warned of by their title's line, and the time taken grows with the file's length only.
    package static func read(_ data: Data) -> HighlightFile {
        read(lines: ClippingLine.lines(of: (try? HighlightFileText.utf8(data, source: .kindle)) ?? data))
    }

    /// Reads the bytes of a file given as clippings: one with text in it but no line of `=`
    /// anywhere is no Kindle's (a CSV imported as clippings was "0 highlights" and success). An
    /// empty file is a Kindle's with nothing highlighted yet.
    package static func readFile(_ data: Data) throws(ImportError) -> HighlightFile {
        let lines = ClippingLine.lines(of: try HighlightFileText.utf8(data, source: .kindle))
        guard lines.contains(where: \.isSeparator) || lines.allSatisfy(\.isBlank) else {
            throw .notHighlights(source: .kindle, path: nil, reason: "it has no line of ========== after an entry")
        }
        return read(lines: lines)
    }

    private static func read(lines: [ClippingLine]) -> HighlightFile {
        var reading = Reading()
        var entryStart = 0
        for index in lines.indices where lines[index].isSeparator {
            reading.entry(lines[entryStart..<index], closed: true)
            entryStart = index + 1
        }
        reading.entry(lines[entryStart...], closed: false)
        return reading.file()
    }
}

/// One line of the file, decoded.
struct ClippingLine {
    /// 1-based.
    var number: Int
    var text: String
    /// The line held bytes that are not UTF-8, read as U+FFFD.
    var hadBadBytes: Bool

    var isBlank: Bool { text.allSatisfy(\.isWhitespace) }

    var isSeparator: Bool {
        // Most lines are longer or shorter: their length in bytes settles it at once.
        text.utf8.count >= 10 && text.utf8.count <= 16 && text.trimmed == "=========="
    }

    /// The lines of `data`, split at LF, CR LF (or CR CR LF) or a lone CR, and without the byte-order marks
    /// some firmwares write at the start of every entry.
    ///
    /// A lone CR ends a line as the others do: split at LF only, a highlight whose last line
    /// ended in CR took the line of `=` after it into its text, and an existing highlight was
    /// replaced by one holding the separator, or the whole next entry; a file of CR only was
    /// "not a Kindle clippings file" (found by an exploratory session).
    static func lines(of data: Data) -> [ClippingLine] {
        let bytes = [UInt8](data)
        var lines: [ClippingLine] = []
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            var number = 1
            while start < buffer.count {
                var end = start
                while end < buffer.count, buffer[end] != 0x0A, buffer[end] != 0x0D { end += 1 }
                let lineEnd = end
                // CRs before an LF are one line end with it: CR LF, and CR CR LF, which a file of
                // CR LF converted again on Windows has (its entries were all skipped: found by a
                // review). A CR with no LF after it ends a line alone.
                if buffer[safe: end] == 0x0D {
                    var last = end
                    while buffer[safe: last + 1] == 0x0D { last += 1 }
                    if buffer[safe: last + 1] == 0x0A { end = last + 1 }
                }
                var lineStart = start
                while lineEnd - lineStart >= 3, buffer[lineStart] == 0xEF, buffer[lineStart + 1] == 0xBB,
                    buffer[lineStart + 2] == 0xBF
                {
                    lineStart += 3
                }
                let slice = UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd])
                if let text = String(validating: slice, as: UTF8.self) {
                    lines.append(ClippingLine(number: number, text: text, hadBadBytes: false))
                } else {
                    lines.append(
                        ClippingLine(number: number, text: String(decoding: slice, as: UTF8.self), hadBadBytes: true))
                }
                start = end + 1
                number += 1
            }
        }
        return lines
    }
}

/// The book a clipping names, as its title line gives it.
struct ClippingBook: Hashable {
    var title: String
    var author: String?
}

extension ClippingBook {
    /// "Title (Author)": the author is in the last parentheses, which may nest ("Kindle-Handbuch
    /// (German Edition) (Amazon (Editors))"); a line without them is all title.
    init(titleLine line: String) {
        let whole = line.drop { $0 == "\u{FEFF}" }.trimmed
        title = whole
        author = nil
        guard whole.hasSuffix(")") else { return }
        var depth = 0
        var index = whole.endIndex
        while index > whole.startIndex {
            index = whole.index(before: index)
            if whole[index] == ")" {
                depth += 1
            } else if whole[index] == "(" {
                depth -= 1
                if depth == 0 { break }
            }
        }
        guard depth == 0, whole[index] == "(" else { return }
        let bookTitle = whole[..<index].trimmed
        let name = whole[whole.index(after: index)..<whole.index(before: whole.endIndex)]
            .trimmed
        guard !bookTitle.isEmpty, !name.isEmpty else { return }
        title = bookTitle
        author = Self.naturalOrder(name)
    }

    /// "Sanderson, Brandon" as "Brandon Sanderson", for each of the authors a `;` separates; a
    /// name with more than one comma ("King, Martin Luther, Jr.") is left as written.
    static func naturalOrder(_ names: String) -> String {
        names.split(separator: ";").map { name in
            let parts = name.split(separator: ",", omittingEmptySubsequences: false)
                .map(\.trimmed)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                return name.trimmed
            }
            return "\(parts[1]) \(parts[0])"
        }
        .filter { !$0.isEmpty }
        .joined(separator: "; ")
    }
}

/// One clipping as read, before merging.
struct Clipping {
    var line: Int
    var book: ClippingBook
    var header: KindleHeader
    var text: String
}

/// The state of one read: the clippings so far, and what was wrong with the file, kept as every
/// highlights reader keeps it.
private struct Reading {
    var merger = KindleHighlightMerger()
    var notes: [Clipping] = []
    var found = HighlightReading(source: .kindle)

    /// The lines between two separators (or after the last, when `closed` is false).
    mutating func entry(_ lines: ArraySlice<ClippingLine>, closed: Bool) {
        guard let first = lines.firstIndex(where: { !$0.isBlank }) else { return }
        guard closed else {
            found.warn(lines[first].number, "the file ends inside this entry (no line of = after it): not imported")
            return
        }
        var title = first
        while title < lines.endIndex {
            title = clipping(lines[title...])
        }
    }

    /// Reads the clipping whose title is the first of `lines`, and returns where the next one
    /// starts when two entries run together without a separator (else the end).
    private mutating func clipping(_ lines: ArraySlice<ClippingLine>) -> Int {
        let titleLine = lines[lines.startIndex]
        let number = titleLine.number
        guard lines.count > 1, let header = KindleHeader(lines[lines.startIndex + 1].text) else {
            // A header of a Kindle set to another language was said to be no header at all
            // (found by an exploratory session).
            let under = lines.count > 1 ? lines[lines.startIndex + 1].text.trimmingCharacters(in: .whitespaces) : ""
            found.skip(
                number,
                under.hasPrefix("-")
                    ? "a Kindle header in a language Bookplate does not read yet (it reads English, German, French, "
                        + "Spanish, Italian, Portuguese, Japanese and Chinese): '\(under.prefix(60))'"
                    : "no Kindle header (\"- Your Highlight …\") under the title")
            return lines.endIndex
        }
        var bodyStart = lines.startIndex + 2
        if bodyStart < lines.endIndex, lines[bodyStart].isBlank { bodyStart += 1 }
        var bodyEnd = lines.endIndex
        var warnedOfHeader = false
        for index in lines.indices where index > bodyStart && !lines[index - 1].isBlank {
            let text = lines[index].text
            guard text.first == "-", text.utf8.contains(UInt8(ascii: "|")) else { continue }
            let nextIsBlank = index + 1 == lines.endIndex || lines[index + 1].isBlank
            if nextIsBlank, KindleHeader(text) != nil {
                bodyEnd = index - 1
                found.warn(
                    number,
                    "the entry runs into the next at line \(lines[index - 1].number) with no line of = between: read as two"
                )
                break
            } else if !warnedOfHeader {
                warnedOfHeader = true
                found.warn(
                    number,
                    "line \(lines[index].number) looks like the header of another entry with no line of = before it, but not one this reader knows: kept as text"
                )
            }
        }
        if lines[lines.startIndex..<max(bodyEnd, lines.startIndex + 2)].contains(where: \.hadBadBytes) {
            found.warn(number, "bytes that are not UTF-8 in the entry: read as U+FFFD")
        }
        let body = bodyStart < bodyEnd ? lines[bodyStart..<bodyEnd].map(\.text) : []
        var text = body.joined(separator: "\n").trimmed
        var book = ClippingBook(titleLine: titleLine.text)
        found.cut(&book.title, to: KindleClippings.nameCharacters, "the title", line: number)
        if var author = book.author {
            found.cut(&author, to: KindleClippings.nameCharacters, "the author", line: number)
            book.author = author
        }
        switch header.kind {
        case .bookmark:
            break
        case .clipping:
            // It was said to be a header in a language Bookplate does not read (found by an
            // exploratory session).
            found.skip(number, "an article clipped from the web (\"Your Clipping\"), not a highlight of a book")
        case .highlight:
            guard !text.isEmpty else {
                found.skip(number, "a highlight with no text")
                break
            }
            guard !Self.isClippingLimitNotice(text) else {
                found.skip(
                    number,
                    "the Kindle kept no text for this highlight: the publisher's limit on clipping the book was reached"
                )
                break
            }
            found.cut(&text, to: KindleClippings.textCharacters, "the highlight", line: number)
            merger.add(Clipping(line: number, book: book, header: header, text: text))
        case .note:
            guard !text.isEmpty else {
                found.skip(number, "a note with no text")
                break
            }
            found.cut(&text, to: KindleClippings.textCharacters, "the note", line: number)
            notes.append(Clipping(line: number, book: book, header: header, text: text))
        }
        return bodyEnd
    }

    /// Whether `text` is what a Kindle writes in place of a highlight once the publisher's limit on
    /// clipping a book is reached: "<You have reached the clipping limit for this item>", in the
    /// device's language ("<このアイテムのクリップの上限に達しました>", "<您已达到本内容的剪贴上限>").
    /// A whole highlight in angle brackets that is the notice's sentence, or speaks of the
    /// clipping limit, is taken for one ("<limits.h>" was: found by a review).
    static func isClippingLimitNotice(_ text: String) -> Bool {
        guard text.count <= 120, text.first == "<", text.last == ">", !text.contains("\n") else { return false }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("<"), !inner.contains(">") else { return false }
        let folded = inner.lowercased()
        return ["clipping limit", "クリップの上限", "剪贴上限"].contains { folded.contains($0) }
    }

    mutating func file() -> HighlightFile {
        for note in notes {
            if let problem = merger.attach(note) { found.warn(note.line, problem) }
        }
        for kept in merger.highlights {
            found.add(
                ImportedHighlight(
                    line: kept.line, bookTitle: kept.book.title, bookAuthor: kept.book.author,
                    highlight: NewHighlight(
                        text: kept.text, note: kept.note, place: kept.place, madeAt: kept.madeAt, source: .kindle,
                        earlierTexts: kept.earlierTexts)))
        }
        return found.file()
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The byte at `index`, or nil past the end.
    fileprivate subscript(safe index: Int) -> UInt8? {
        index < count ? self[index] : nil
    }
}
