import BookplateCore
import BookplateLibrary
import Foundation

/// Reads Readwise's CSV export of highlights ("Export to CSV"): the columns `Highlight`, `Book
/// Title`, `Book Author`, `Amazon Book ID`, `Note`, `Color`, `Tags`, `Location Type`, `Location`,
/// `Highlighted at` and `Document tags`, one row a highlight.
///
/// `Highlight` and `Book Title` must be there; the others are read when they are. The place is
/// kept where it is one a reader can find: a `page` as the page, a `location` (Kindle's) as the
/// location; Readwise's own `order` of a highlight in an article says nothing a book shows and is
/// left out, and another kind (a podcast's `time_offset`) with a warning. `Amazon Book ID` is an
/// ISBN when it is a valid ISBN-10 (a printed book's ASIN); a Kindle book's `B0…` is no ISBN.
/// Colours and tags are not kept. Warnings and skipped rows name the line the row starts on.
package enum ReadwiseHighlights {
    package static let requiredColumns = ["Highlight", "Book Title"]

    package static func read(_ data: Data) throws -> HighlightFile {
        let records = CSVParser().parse([UInt8](try HighlightFileText.utf8(data, source: .readwise)))
        guard let header = records.first else {
            throw ImportError.notHighlights(source: .readwise, path: nil, reason: "it is empty")
        }
        let names = header.fields.map { $0.trimmed.lowercased() }
        let missing = requiredColumns.filter { !names.contains($0.lowercased()) }
        guard missing.isEmpty else {
            throw ImportError.notHighlights(
                source: .readwise, path: nil, reason: "it has no \(missing.namedAsColumns)")
        }
        // A header is the file's too: a name with a line break in it is shown on one line.
        let shownNames = header.fields.map { ImportValues.shown($0) }
        var reading = HighlightReading(source: .readwise)
        for record in records.dropFirst() {
            guard !record.isUnterminated else {
                reading.skip(record.line, "a quoted field never closes: the file may be cut off from here on")
                continue
            }
            var cells: [String: String] = [:]
            for (index, name) in names.enumerated() where index < record.fields.count && cells[name] == nil {
                cells[name] = record.fields[index]
            }
            for field in record.badFields {
                let column = shownNames.indices.contains(field) ? shownNames[field] : "column \(field + 1)"
                reading.warn(record.line, "\(column) held bytes that are not UTF-8: each became \u{FFFD}")
            }
            row(cells, line: record.line, into: &reading)
        }
        return reading.file()
    }

    private static func row(_ cells: [String: String], line: Int, into reading: inout HighlightReading) {
        guard
            let text = reading.kept(
                cells["highlight"], limit: HighlightReading.textCharacters, "the highlight", line: line)
        else {
            reading.skip(line, "a highlight with no text")
            return
        }
        guard
            let title = reading.kept(
                cells["book title"], limit: HighlightReading.nameCharacters, "the title", line: line)
        else {
            reading.skip(line, "no book title")
            return
        }
        let author = reading.kept(
            HighlightValues.authors(cells["book author"].map(Self.authorList)), limit: HighlightReading.nameCharacters,
            "the author", line: line)
        let note = reading.kept(cells["note"], limit: HighlightReading.textCharacters, "the note", line: line)
        var madeAt: Date?
        if let moment = cells["highlighted at"]?.trimmed, !moment.isEmpty {
            madeAt = HighlightDate.parse(moment)
            if madeAt == nil {
                reading.warn(
                    line, "Highlighted at '\(ImportValues.shown(moment))' is not a moment: imported without it")
            }
        }
        let highlight = NewHighlight(
            text: text, note: note, place: place(cells, line: line, reading: &reading), madeAt: madeAt,
            source: .readwise)
        reading.add(
            ImportedHighlight(
                line: line, bookTitle: title, bookAuthor: author, isbn: isbn(cells["amazon book id"]),
                highlight: highlight))
    }

    private static func place(_ cells: [String: String], line: Int, reading: inout HighlightReading) -> HighlightPlace {
        guard let value = cells["location"]?.trimmed, !value.isEmpty else { return HighlightPlace() }
        let kind = cells["location type"]?.trimmed.lowercased() ?? ""
        switch kind {
        case "page":
            return HighlightPlace(page: reading.page(value, line: line))
        case "location":
            guard value.count <= HighlightReading.pageCharacters else {
                reading.warn(line, "the location '\(ImportValues.shown(value))' is not one: imported without it")
                return HighlightPlace()
            }
            return HighlightPlace(location: value)
        case "order":
            return HighlightPlace()
        default:
            let named = kind.isEmpty ? "no Location Type" : "Location Type '\(ImportValues.shown(kind))'"
            reading.warn(line, "\(named) is not a page or a location: imported without its place")
            return HighlightPlace()
        }
    }

    /// A printed book's ASIN, which is its ISBN-10; nil for anything else.
    private static func isbn(_ cell: String?) -> ISBN? {
        guard let asin = cell?.trimmed, asin.count == 10,
            asin.dropLast().allSatisfy(\.isASCIIDigit), let last = asin.last, last.isASCIIDigit || last == "X"
        else { return nil }
        return ISBN.parse(asin)
    }

    /// Readwise gives a book's authors in one text with `, ` between them ("Terry Pratchett, Neil
    /// Gaiman", as KOReader sends them): each becomes an author of their own (`;` between them),
    /// as ``AuthorName/commaSeparated(_:)`` tells them apart.
    static func authorList(_ text: String) -> String {
        AuthorName.commaSeparated(text)?.joined(separator: "; ") ?? text
    }
}
