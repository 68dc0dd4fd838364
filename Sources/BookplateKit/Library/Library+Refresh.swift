import GRDB

extension Library {
    /// Brings a book up to date with what the catalogs say now, in one transaction.
    ///
    /// A field is replaced only when the catalogs set it before (its provenance is a catalog) or
    /// it is empty; whatever the reader set or edited is never overwritten. Returns the names of
    /// the fields that changed.
    @discardableResult
    public func refreshBook(slug: String, with found: NewBook) throws -> [String] {
        try write { db in
            guard var book = try Book.filter(Book.Columns.slug == slug).fetchOne(db) else {
                throw LibraryError.noSuchBook(slug)
            }
            var changed: [String] = []
            func update<T: Equatable>(_ field: String, _ keyPath: WritableKeyPath<Book, T?>, _ value: T?) {
                guard let value, book[keyPath: keyPath] != value else { return }
                let mayReplace =
                    book[keyPath: keyPath] == nil || (book.provenance[field].map { $0 != .reader } ?? false)
                guard mayReplace else { return }
                book[keyPath: keyPath] = value
                book.provenance[field] = found.provenance[field]
                changed.append(field)
            }
            if found.title != book.title, let source = found.provenance["title"],
                book.provenance["title"].map({ $0 != .reader }) ?? false
            {
                book.title = found.title
                book.provenance["title"] = source
                changed.append("title")
            }
            update("subtitle", \.subtitle, found.subtitle)
            update("publisher", \.publisher, found.publisher)
            update("publishedDate", \.publishedDate, found.publishedDate)
            update("pageCount", \.pageCount, found.pageCount)
            update("language", \.language, found.language)
            update("description", \.description, found.description)
            if let isbn = found.isbn, book.isbn13 != isbn.isbn13,
                book.isbn13 == nil || (book.provenance["isbn"].map { $0 != .reader } ?? false),
                try Book.filter(Book.Columns.isbn13 == isbn.isbn13).fetchCount(db) == 0
            {
                book.isbn13 = isbn.isbn13
                book.isbn10 = isbn.isbn10
                book.provenance["isbn"] = found.provenance["isbn"]
                changed.append("isbn")
            }
            if book.subjects.isEmpty || book.provenance["subjects"].map({ $0 != .reader }) ?? false,
                !found.subjects.isEmpty, found.subjects != book.subjects
            {
                book.subjects = found.subjects
                book.provenance["subjects"] = found.provenance["subjects"]
                changed.append("subjects")
            }
            book.googleVolumeID = book.googleVolumeID ?? found.googleVolumeID
            book.openLibraryWorkKey = book.openLibraryWorkKey ?? found.openLibraryWorkKey
            if let edition = found.openLibraryEditionKey, book.openLibraryEditionKey != edition {
                book.openLibraryEditionKey = edition
                changed.append("edition")
            }
            try book.update(db)
            let current = try authors(ofBookId: book.id, in: db)
            if !found.authors.isEmpty {
                // A book's list of authors is replaced only when it has none; changing who wrote
                // a book is the reader's call.
                if current.isEmpty {
                    try setAuthorsForRefresh(found.authors, of: book, in: db)
                    changed.append("authors")
                } else {
                    // Keep the reader's list; bring each matching author's catalog record up to date.
                    for author in found.authors
                    where current.contains(where: { Library.searchKey($0.name) == Library.searchKey(author.name) }) {
                        _ = try saveAuthor(author, in: db, refreshing: true)
                    }
                }
            }
            return changed
        }
    }

    private func setAuthorsForRefresh(_ authors: [NewAuthor], of book: Book, in db: Database) throws {
        guard let bookId = book.id else { return }
        try BookAuthor.filter(BookAuthor.Columns.bookId == bookId).deleteAll(db)
        var seen = Set<Int64>()
        for newAuthor in authors {
            let author = try saveAuthor(newAuthor, in: db, refreshing: true)
            guard let authorId = author.id, seen.insert(authorId).inserted else { continue }
            try BookAuthor(bookId: bookId, authorId: authorId, position: seen.count).insert(db)
        }
        try db.execute(sql: "DELETE FROM author WHERE id NOT IN (SELECT authorId FROM bookAuthor)")
    }

    /// Records where a book's cover came from.
    public func setCoverURL(slug: String, to url: String) throws {
        try write { db in
            try db.execute(sql: "UPDATE book SET coverURL = ? WHERE slug = ?", arguments: [url, slug])
        }
    }
}
