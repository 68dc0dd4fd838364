import BookplateCore
import GRDB

extension Library {
    /// Brings a book up to date with what the catalogs say now, in one transaction.
    ///
    /// A field changes only when a catalog gave a value for it and either a catalog set it
    /// before, or it is empty and the reader never touched it. Whatever the reader set, edited
    /// or cleared is never overwritten. With `onlyFillGaps` (a catalog failed during the look-up,
    /// so the other one's values would stand in), only empty fields are filled. Fields named in
    /// `clearingMissing` that the new record lacks are emptied when a catalog set them. Returns
    /// the fields that changed, by the names the JSON gives them (``BookField/readerNames(in:)``).
    @discardableResult
    public func refreshBook(
        slug: String, with found: NewBook, onlyFillGaps: Bool = false, clearingMissing: Set<BookField> = []
    ) throws -> [String] {
        try write { db in
            guard var book = try Book.filter(Book.Columns.slug == slug).fetchOne(db) else {
                throw LibraryError.noSuchBook(slug)
            }
            var changed: [BookField] = []
            func mayReplace(_ field: BookField, isEmpty: Bool) -> Bool {
                guard found.provenance[field] != nil else { return false }
                switch book.provenance[field] {
                case .reader?: return false
                case nil: return isEmpty
                case .google?, .openLibrary?: return isEmpty || !onlyFillGaps
                }
            }
            func take(_ field: BookField) {
                book.provenance[field] = found.provenance[field]
                changed.append(field)
            }
            func update<T: Equatable>(_ field: BookField, _ keyPath: WritableKeyPath<Book, T?>, _ value: T?) {
                // A fact the new record lacks goes too, when asked (a new edition's), unless the reader set it.
                if value == nil, clearingMissing.contains(field), book[keyPath: keyPath] != nil,
                    let source = book.provenance[field], source != .reader
                {
                    book[keyPath: keyPath] = nil
                    book.provenance[field] = nil
                    changed.append(field)
                    return
                }
                guard let value, book[keyPath: keyPath] != value,
                    mayReplace(field, isEmpty: book[keyPath: keyPath] == nil)
                else { return }
                book[keyPath: keyPath] = value
                take(field)
            }
            // Kept as `add` keeps them: on one line, without control characters or escape
            // sequences (a catalog's colour code or window title came in through refresh alone:
            // found by an exploratory session).
            let title = found.title.trimmedForStorage
            if !title.isEmpty, title != book.title, mayReplace(.title, isEmpty: false) {
                book.title = title
                take(.title)
            }
            update(.subtitle, \.subtitle, found.subtitle?.trimmedForStorage.nilIfEmpty)
            update(.publisher, \.publisher, found.publisher?.trimmedForStorage.nilIfEmpty)
            update(.publishedDate, \.publishedDate, found.publishedDate)
            update(.pageCount, \.pageCount, found.pageCount)
            update(.language, \.language, found.language?.trimmedForStorage.nilIfEmpty)
            update(.description, \.description, Book.storedDescription(found.description))
            update(.format, \.format, found.format)
            update(.audioMinutes, \.audioMinutes, AudioLength.minutes.admit(found.audioMinutes))
            update(.firstPublished, \.firstPublished, found.firstPublished)
            if let isbn = found.isbn, book.isbn13 != isbn.isbn13, mayReplace(.isbn, isEmpty: book.isbn13 == nil),
                try Book.filter(Book.Columns.isbn13 == isbn.isbn13).fetchCount(db) == 0
            {
                book.isbn13 = isbn.isbn13
                book.isbn10 = isbn.isbn10
                take(.isbn)
            }
            if !found.subjects.isEmpty, found.subjects != book.subjects,
                mayReplace(.subjects, isEmpty: book.subjects.isEmpty)
            {
                book.subjects = found.subjects
                take(.subjects)
            }
            book.googleVolumeID = book.googleVolumeID ?? found.googleVolumeID
            book.openLibraryWorkKey = book.openLibraryWorkKey ?? found.openLibraryWorkKey
            if let edition = found.openLibraryEditionKey, book.openLibraryEditionKey != edition {
                book.openLibraryEditionKey = edition
                changed.append(.edition)
            }
            try book.update(db)
            let current = try authors(ofBookId: book.id, in: db)
            if !found.authors.isEmpty && current.isEmpty && book.provenance[.authors] != .reader {
                // An empty list is filled in; otherwise who wrote a book is the reader's call.
                try setAuthors(found.authors, of: book, in: db, refreshing: true)
                book.provenance[.authors] = found.provenance[.authors]
                try book.update(db)
                changed.append(.authors)
            } else {
                // Keep the list; bring each listed author's catalog record up to date.
                let names = Set(current.flatMap { AuthorName.keys($0.name) })
                for author in found.authors where AuthorName.keys(author.name).contains(where: names.contains) {
                    _ = try saveAuthor(author, in: db, refreshing: true)
                }
            }
            try deleteWhatNoBookHas(in: db)
            return changed.flatMap { $0.readerNames(in: book) }
        }
    }

    /// Records where a book's cover came from.
    public func setCoverURL(slug: String, to url: String) throws {
        try write { db in
            try db.execute(sql: "UPDATE book SET coverURL = ? WHERE slug = ?", arguments: [url, slug])
        }
    }

    /// Marks the book's edition as the reader's choice, so refresh keeps it and its facts.
    public func markEditionChosen(slug: String) throws {
        try write { db in
            guard var book = try Book.filter(Book.Columns.slug == slug).fetchOne(db) else {
                throw LibraryError.noSuchBook(slug)
            }
            book.provenance[.edition] = .reader
            try book.update(db)
        }
    }
}
