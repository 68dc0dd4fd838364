import BookplateCore
import BookplateLibrary
import Foundation

/// What one read of a highlights export found so far, and what was wrong with it: the readers of
/// Kindle's clippings, Kobo's database, KOReader's JSON and Readwise's CSV each fill one, entry by
/// entry.
struct HighlightReading {
    /// A highlight or note longer than this is cut: a passage runs to a few thousand characters,
    /// and a page of megabytes helps no reader.
    static let textCharacters = 100_000
    /// A title, author or chapter longer than this is cut.
    static let nameCharacters = Book.lineCharacterLimit
    /// A page longer than this is no page number ("xii", "12", "A-7" are a few characters).
    static let pageCharacters = 20

    let source: HighlightSource
    private var highlights: [ImportedHighlight] = []
    private var skipped: [SkippedRow] = []
    private var warnings: [RowWarning] = []

    init(source: HighlightSource) {
        self.source = source
    }

    mutating func add(_ highlight: ImportedHighlight) {
        highlights.append(highlight)
    }

    mutating func skip(_ line: Int, _ reason: String) {
        skipped.append(SkippedRow(line: line, reason: reason))
    }

    mutating func warn(_ line: Int, _ message: String) {
        warnings.append(RowWarning(line: line, message: message))
    }

    /// `text` trimmed and cut to `limit` characters, with a warning naming `field` when it was
    /// cut; nil when nothing but white space is left.
    mutating func kept(_ text: String?, limit: Int, _ field: String, line: Int) -> String? {
        guard var kept = text?.trimmed, !kept.isEmpty else { return nil }
        if cut(&kept, to: limit, field, line: line) { kept = kept.trimmed }
        return kept.isEmpty ? nil : kept
    }

    /// Cuts `text` to `limit` characters, with a warning naming `field`; whether it was cut.
    @discardableResult
    mutating func cut(_ text: inout String, to limit: Int, _ field: String, line: Int) -> Bool {
        guard let warning = ImportLimits.cut(&text, to: limit, field) else { return false }
        warn(line, warning)
        return true
    }

    /// A page as the export gives it, or nil with a warning when it is too long to be one.
    mutating func page(_ text: String?, line: Int) -> String? {
        guard let page = text?.trimmed, !page.isEmpty else { return nil }
        guard page.count <= Self.pageCharacters else {
            warn(line, "the page '\(ImportValues.shown(page))' is not a page number: imported without it")
            return nil
        }
        return page
    }

    /// Everything read, warnings and skipped entries in the order of the file.
    func file() -> HighlightFile {
        let orderedWarnings = warnings.enumerated()
            .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        let orderedSkips = skipped.enumerated()
            .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        return HighlightFile(source: source, highlights: highlights, skipped: orderedSkips, warnings: orderedWarnings)
    }
}

/// Values the highlights readers share.
enum HighlightValues {
    /// Several authors as one name the library's matching reads: "Terry Pratchett; Neil Gaiman".
    /// The exports separate them with `;` (Readwise, Kindle) or a line break (KOReader); a single
    /// name, "Le Guin, Ursula K." too, is left as written.
    static func authors(_ text: String?) -> String? {
        guard let text else { return nil }
        let names = text.split { $0 == ";" || $0.isNewline }.map(\.trimmed).filter { !$0.isEmpty }
        return names.isEmpty ? nil : names.joined(separator: "; ")
    }

    /// The name of a book's file without its folder and extension, for a book the export names
    /// by its file alone: "file:///mnt/onboard/Books/Le Petit Prince.kepub.epub" → "Le Petit
    /// Prince". Nil when nothing is left.
    static func title(fromFile path: String) -> String? {
        var name = Substring(path.split(separator: "/").last ?? "")
        for suffix in [".kepub.epub", ".epub", ".pdf", ".mobi", ".azw3", ".fb2", ".cbz", ".djvu", ".txt", ".html"]
        where name.lowercased().hasSuffix(suffix) {
            name = name.dropLast(suffix.count)
            break
        }
        let title = String(name).removingPercentEncoding ?? String(name)
        return title.trimmed.isEmpty ? nil : title.trimmed
    }
}
