import BookplateCore
import BookplateLibrary

/// Merges what the catalogs say about one book, field by field, remembering where each field
/// came from.
///
/// Precedence, first that has the field wins:
/// - title, subtitle: Google volume → Open Library edition → Open Library work
/// - publisher, published date, pages, language, ISBN: Google volume → Open Library edition
///   (both describe one edition; the work has none of these) — the other way round when the
///   reader chose the edition (`edit --edition`)
/// - format: the Open Library edition
/// - first published: the Open Library work → edition
/// - description: Google volume (its HTML allow-listed) → Open Library work → edition
/// - subjects: Open Library work → Google categories → edition
/// - authors: Open Library records (by the work's or edition's keys) → Google's names
enum BookMerger {
    static func merge(_ sources: SourceRecords, authors: [NewAuthor]) -> FoundBook {
        var provenance: [BookField: FieldSource] = [:]
        func pick<T>(_ field: BookField, _ candidates: [(CatalogBook?, (CatalogBook) -> T?)]) -> T? {
            for (record, value) in candidates {
                guard let record, let found = value(record) else { continue }
                provenance[field] = record.source
                return found
            }
            return nil
        }
        let google = sources.google
        let edition = sources.edition
        let work = sources.work
        let title = pick(.title, [(google, \.title), (edition, \.title), (work, \.title)]) ?? "Untitled"
        let subtitle = pick(.subtitle, [(google, \.subtitle), (edition, \.subtitle), (work, \.subtitle)])
        let (first, second) = sources.editionChosenByReader ? (edition, google) : (google, edition)
        let isbn = pick(
            .isbn, [(first, { $0.isbn13.flatMap(ISBN.parse) }), (second, { $0.isbn13.flatMap(ISBN.parse) })])
        let publisher = pick(.publisher, [(first, \.publisher), (second, \.publisher)])
        let publishedDate = pick(.publishedDate, [(first, \.publishedDate), (second, \.publishedDate)])
        let pageCount = pick(.pageCount, [(first, \.pageCount), (second, \.pageCount)])
        let language = pick(.language, [(first, \.language), (second, \.language)])
        let description = pick(
            .description, [(google, \.description), (work, \.description), (edition, \.description)])
        let subjects =
            pick(
                .subjects,
                [
                    (work, { $0.subjects.isEmpty ? nil : $0.subjects }),
                    (google, { $0.subjects.isEmpty ? nil : $0.subjects }),
                    (edition, { $0.subjects.isEmpty ? nil : $0.subjects }),
                ]) ?? []
        let format = pick(.format, [(edition, \.format)])
        let firstPublished = pick(.firstPublished, [(work, \.firstPublished), (edition, \.firstPublished)])
        let series = edition?.series ?? []
        if !authors.isEmpty {
            provenance[.authors] = authors.contains { $0.openLibraryKey != nil } ? .openLibrary : .google
        }
        var book = NewBook(
            title: title, subtitle: subtitle, authors: authors, isbn: isbn, publisher: publisher,
            publishedDate: publishedDate, pageCount: pageCount, language: language, description: description,
            subjects: subjects, googleVolumeID: google?.googleVolumeID,
            openLibraryWorkKey: work?.openLibraryWorkKey ?? edition?.openLibraryWorkKey,
            openLibraryEditionKey: edition?.openLibraryEditionKey, provenance: provenance, series: series,
            format: format)
        book.firstPublished = firstPublished
        return FoundBook(book: book)
    }
}

/// Picks the edition of a work that suits the reader best.
struct EditionChooser {
    var language: String

    /// The best edition: the one with the ISBN asked for; else one with a cover, in the reader's
    /// language, with an ISBN-13.
    func bestEdition(of editions: [CatalogEdition], isbn: String?) -> CatalogEdition? {
        ranked(editions, isbn: isbn).first
    }

    func ranked(_ editions: [CatalogEdition], isbn: String?) -> [CatalogEdition] {
        editions.enumerated().sorted { lhs, rhs in
            let left = score(lhs.element, isbn: isbn)
            let right = score(rhs.element, isbn: isbn)
            return left != right ? left > right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    private func score(_ edition: CatalogEdition, isbn: String?) -> Int {
        var score = 0
        if let isbn, edition.book.isbn13 == isbn { score += 1000 }
        if !edition.book.coverIDs.isEmpty { score += 100 }
        if edition.languages.contains(language) { score += 50 }
        if edition.book.isbn13 != nil { score += 20 }
        if edition.book.pageCount != nil { score += 5 }
        if edition.book.publishedDate != nil { score += 5 }
        return score
    }
}
