import BookplateCore
import BookplateLibrary

/// How long a text field from an export may be. Real titles and names run to a few hundred
/// characters and real reviews to some tens of thousands; a field past these bounds comes from a
/// broken or hostile file, and would make a page of many megabytes.
struct ImportLimits {
    /// Titles, names, publishers, shelves, ids and addresses: one line each.
    static let lineCharacters = Book.lineCharacterLimit
    /// Reviews, private notes, descriptions and bios.
    static let textCharacters = Book.textCharacterLimit
    /// Series a book may be in: an omnibus is in a few, a title naming thousands is an attack.
    static let seriesPerBook = 20

    /// What was cut so far, one warning for each field.
    var warnings: [String] = []

    /// Cuts a one-line field to ``lineCharacters``.
    mutating func line(_ text: inout String, _ field: String) {
        cut(&text, to: ImportLimits.lineCharacters, field)
    }

    mutating func line(_ text: inout String?, _ field: String) {
        guard var value = text else { return }
        line(&value, field)
        text = value
    }

    /// Cuts the one-line `fields` of each item.
    mutating func lines<Item>(_ items: inout [Item]?, _ fields: [(WritableKeyPath<Item, String>, String)]) {
        guard var list = items else { return }
        for index in list.indices {
            for (field, name) in fields { line(&list[index][keyPath: field], name) }
        }
        items = list
    }

    /// Cuts a field of running text to ``textCharacters``.
    mutating func text(_ text: inout String, _ field: String) {
        cut(&text, to: ImportLimits.textCharacters, field)
    }

    mutating func text(_ text: inout String?, _ field: String, upTo limit: Int = ImportLimits.textCharacters) {
        guard var value = text else { return }
        cut(&value, to: limit, field)
        text = value
    }

    /// Cuts running markup to ``textCharacters`` and makes what is left safe again: the cut may
    /// fall inside a tag or between an element's start and end.
    mutating func text(_ html: inout SanitizedHTML?, _ field: String) {
        guard var value = html?.html else { return }
        let whole = value.utf8.count
        cut(&value, to: ImportLimits.textCharacters, field)
        if value.utf8.count != whole { html = HTMLAllowList.sanitize(value) }
    }

    private mutating func cut(_ text: inout String, to limit: Int, _ field: String) {
        if let warning = Self.cut(&text, to: limit, field) { warnings.append(warning) }
    }

    /// Cuts `text` to the whole characters of its first `limit` bytes of UTF-8: the warning that
    /// says so, or nil when it was no longer than that.
    static func cut(_ text: inout String, toBytes limit: Int, _ field: String) -> String? {
        let whole = text.utf8.count
        guard whole > limit else { return nil }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: limit)
        // Back to where a whole character ends.
        while end > text.startIndex, end.samePosition(in: text) == nil {
            end = text.utf8.index(before: end)
        }
        text = String(text[..<end])
        return "\(field) is \(whole) bytes long: cut to the first \(text.utf8.count), the most a build publishes"
    }

    /// Cuts `text` to its first `limit` characters: the warning that says so, naming `field`, or
    /// nil when it was no longer than that. Every import reader cuts its texts through this.
    static func cut(_ text: inout String, to limit: Int, _ field: String) -> String? {
        // Most fields are short: their length in bytes, known at once, settles it.
        guard text.utf8.count > limit else { return nil }
        let length = text.count
        guard length > limit else { return nil }
        text = String(text.prefix(limit))
        return "\(field) is \(length) characters long: cut to the first \(limit)"
    }
}

extension ImportRecord {
    /// The record with every text field cut to ``ImportLimits``, and a warning for each cut. The
    /// notes of a shelf's own export (`ownNotes`), which must come back whole (they were cut to a
    /// million characters), are cut only to what a build publishes (`NoteStore.largestPublished`).
    func withinLimits(ownNotes: Bool = false) -> ImportRecord {
        var record = self
        var limits = ImportLimits(warnings: warnings)
        limits.line(&record.book.title, "the title")
        limits.line(&record.book.subtitle, "the subtitle")
        limits.line(&record.book.publisher, "the publisher")
        limits.line(&record.book.language, "the language")
        limits.line(&record.book.coverURL, "the cover address")
        limits.line(&record.book.googleVolumeID, "the Google Books id")
        limits.line(&record.book.openLibraryWorkKey, "the Open Library work")
        limits.line(&record.book.openLibraryEditionKey, "the Open Library edition")
        limits.text(&record.book.description, "the description")
        for index in record.book.authors.indices { limits.line(&record.book.authors[index].name, "an author's name") }
        for index in record.book.shelves.indices { limits.line(&record.book.shelves[index], "a shelf's name") }
        for index in record.book.subjects.indices { limits.line(&record.book.subjects[index], "a subject") }
        if record.book.series.count > ImportLimits.seriesPerBook {
            limits.warnings.append(
                "the title names \(record.book.series.count) series: the first \(ImportLimits.seriesPerBook) kept")
            record.book.series = Array(record.book.series.prefix(ImportLimits.seriesPerBook))
        }
        for index in record.book.series.indices { limits.line(&record.book.series[index].name, "a series' name") }
        limits.line(&record.sourceID, "the book's id")
        limits.line(&record.preferredSlug, "the slug")
        for source in record.externalIDs.keys.sorted() {
            limits.line(&record.externalIDs[source], "the \(source) id")
        }
        if ownNotes {
            // A shelf's own note comes back as long as a build publishes, which it counts in
            // bytes: cut to 4,194,304 characters, an accented note of 5.7 MB was cut and still too
            // long to publish (found by an exploratory session).
            for (note, field) in [(\ImportRecord.note, "the note"), (\ImportRecord.privateNotes, "the private note")] {
                guard var text = record[keyPath: note] else { continue }
                if let warning = ImportLimits.cut(&text, toBytes: NoteStore.largestPublished, field) {
                    limits.warnings.append(warning)
                }
                record[keyPath: note] = text
            }
        } else {
            limits.text(&record.note, "the review")
            limits.text(&record.privateNotes, "the private note")
        }
        record.warnings = limits.warnings
        if let started = record.book.startedDate, let finished = record.book.finishedDate,
            finished.endsBefore(started)
        {
            record.book.startedDate = nil
            record.warnings.append("started \(started) is after finished \(finished): imported without the start")
        }
        // The reads made of those dates lose the same start.
        for index in record.reads.indices where record.reads[index].endsBeforeItBegins {
            record.reads[index].started = nil
        }
        return record
    }
}

extension LibraryExportDocument.ExportedAuthor {
    /// The author with every text field cut to ``ImportLimits``, and a warning for each cut.
    func withinLimits(_ limits: inout ImportLimits) -> Self {
        var author = self
        limits.line(&author.slug, "an author's slug")
        limits.line(&author.name, "an author's name")
        limits.line(&author.sortName, "an author's sort name")
        limits.line(&author.openLibraryKey, "an author's Open Library key")
        limits.text(&author.bio, "an author's bio")
        limits.line(&author.birthDate, "an author's birth date")
        limits.line(&author.deathDate, "an author's death date")
        limits.line(&author.photoURL, "an author's photo address")
        limits.lines(&author.links, [(\.title, "a link's title"), (\.url, "a link's address")])
        limits.lines(&author.works, [(\.key, "a work's key"), (\.title, "a work's title")])
        return author
    }
}
