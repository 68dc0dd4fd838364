import BookplateCore
import BookplateLibrary
import Foundation

/// Reads the JSON that KOReader's "Export highlights" writes (its exporter plugin, JSON target).
///
/// One book exported is one object — `title`, `author`, `file`, `number_of_pages`, `created_on`,
/// `version` and `entries`; all books exported at once are `{ "created_on", "version",
/// "documents": [ … ] }`. A bare array of books is read too. Each entry is a highlight: `text`,
/// `note`, `page` (a number, or the publisher's page label as text), `chapter`, `time` (Unix
/// seconds), `sort`, `drawer`, `color`, `pn_xp`; a highlight of a PDF's image has an `image` and
/// no text.
///
/// Entries are numbered from 1 through the whole file, for warnings. A field that cannot be used
/// is left out with a warning and the entry kept; an entry with no text is skipped with the
/// reason; a file that is not such JSON at all is one ``ImportError``.
package enum KOReaderHighlights {
    package static func read(_ data: Data) throws -> HighlightFile {
        guard data.contains(where: { !Self.isJSONSpace($0) }) else { throw notAnExport("it is empty") }
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw notAnExport("it is not JSON; it may be cut off")
        }
        let documents: [JSONValue]
        switch json {
        case .object(let fields) where fields["documents"] != nil:
            guard case .array(let list) = fields["documents"] else { throw notAnExport("its documents are no list") }
            documents = list
        case .object(let fields) where fields["entries"] != nil:
            documents = [json]
        case .array(let list):
            documents = list
        default:
            throw notAnExport("it has neither entries nor documents")
        }
        var reading = HighlightReading(source: .koreader)
        var entry = 0
        for (index, document) in documents.enumerated() {
            read(document, number: index + 1, entry: &entry, into: &reading)
        }
        return reading.file()
    }

    private static func notAnExport(_ reason: String) -> ImportError {
        .notHighlights(source: .koreader, path: nil, reason: reason)
    }

    private static func isJSONSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The placeholders KOReader names a book's author with when it knows none, in the languages
    /// it is set to most (a German one's "Unbekannter Autor" became an author: found by an
    /// exploratory session).
    private static let unknownAuthors: Set<String> = [
        "Unknown Author", "Unbekannter Autor", "Auteur inconnu", "Autor desconocido", "Autore sconosciuto",
        "Autor desconhecido", "Onbekende auteur", "Неизвестный автор",
    ]

    /// One book's entries; a document that is not one is a warning of the whole file (line 0).
    private static func read(_ document: JSONValue, number: Int, entry: inout Int, into reading: inout HighlightReading)
    {
        guard case .object(let fields) = document else {
            reading.warn(0, "document \(number) is not a book's highlights: left out")
            return
        }
        guard case .array(let entries) = fields["entries"] else {
            if fields["entries"] != nil {
                reading.warn(0, "document \(number)'s entries are no list: left out")
            }
            return
        }
        let firstEntry = entry + 1
        var title: String?
        switch fields["title"] {
        case .string(let text):
            title = reading.kept(text, limit: HighlightReading.nameCharacters, "the title", line: firstEntry)
        case nil, .null: break
        default: reading.warn(firstEntry, "the book's title is not text: named by its file")
        }
        if title == nil, case .string(let file) = fields["file"] {
            title = HighlightValues.title(fromFile: file).flatMap {
                reading.kept($0, limit: HighlightReading.nameCharacters, "the title", line: firstEntry)
            }
        }
        var author: String?
        switch fields["author"] {
        case .string(let text) where !unknownAuthors.contains(text.trimmed):
            author = reading.kept(
                HighlightValues.authors(text), limit: HighlightReading.nameCharacters, "the author", line: firstEntry)
        case .string, nil, .null: break
        default: reading.warn(firstEntry, "the book's author is not text: imported without it")
        }
        for value in entries {
            entry += 1
            guard let title else {
                reading.skip(entry, "its book has neither a title nor a file name")
                continue
            }
            guard let highlight = highlight(value, entry: entry, reading: &reading) else { continue }
            reading.add(ImportedHighlight(line: entry, bookTitle: title, bookAuthor: author, highlight: highlight))
        }
    }

    private static func highlight(_ value: JSONValue, entry: Int, reading: inout HighlightReading) -> NewHighlight? {
        guard case .object(let fields) = value else {
            reading.skip(entry, "the entry is not a highlight")
            return nil
        }
        var text: String?
        switch fields["text"] {
        case .string(let string):
            text = reading.kept(string, limit: HighlightReading.textCharacters, "the highlight", line: entry)
        case nil, .null: break
        default:
            reading.skip(entry, "the highlight's text is not text")
            return nil
        }
        guard let text else {
            reading.skip(
                entry,
                fields["image"] != nil ? "a highlight of an image, which has no text" : "a highlight with no text")
            return nil
        }
        var note: String?
        switch fields["note"] {
        case .string(let string):
            note = reading.kept(string, limit: HighlightReading.textCharacters, "the note", line: entry)
        case nil, .null: break
        default: reading.warn(entry, "the note is not text: imported without it")
        }
        var place = HighlightPlace()
        switch fields["page"] {
        case .number(let number):
            if let page = Int(exactly: number), page >= 0 {
                place.page = String(page)
            } else {
                reading.warn(entry, "the page \(number) is not a page number: imported without it")
            }
        case .string(let string): place.page = reading.page(string, line: entry)
        case nil, .null: break
        default: reading.warn(entry, "the page is neither a number nor text: imported without it")
        }
        switch fields["chapter"] {
        case .string(let string):
            place.chapter = reading.kept(string, limit: HighlightReading.nameCharacters, "the chapter", line: entry)
        case nil, .null: break
        default: reading.warn(entry, "the chapter is not text: imported without it")
        }
        var madeAt: Date?
        switch fields["time"] {
        case .number(let seconds) where seconds.isFinite && seconds >= 0 && seconds < latestTime:
            madeAt = Date(timeIntervalSince1970: seconds.rounded(.down))
        case nil, .null: break
        default: reading.warn(entry, "the time is not a moment in Unix seconds: imported without it")
        }
        return NewHighlight(text: text, note: note, place: place, madeAt: madeAt, source: .koreader)
    }

    /// The first second of the year 10000: a later "time" is no moment a reader highlighted at.
    private static let latestTime: Double = 253_402_300_800
}

/// Any JSON value, read without a shape in mind, so that a field of the wrong type costs that
/// field and not the file.
private enum JSONValue: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    /// A value no Swift type holds, such as a number past `Double`'s range.
    case unusable

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else if let object = try? container.decode([String: JSONValue].self) {
            self = .object(object)
        } else {
            self = .unusable
        }
    }
}
