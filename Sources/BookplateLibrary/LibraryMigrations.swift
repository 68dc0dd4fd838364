import BookplateCore
import GRDB

/// The library's schema, one numbered migration at a time.
///
/// A migration that has landed is never edited: change the schema by appending a new one.
/// Migrations are written against the schema, not against the app's record types.
enum LibraryMigrations {
    /// Marks an SQLite file as a Bookplate library ("Bkpl").
    static let applicationID: Int32 = 0x426B_706C

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for step in steps { migrator.registerMigration(step.identifier, migrate: step.migrate) }
        return migrator
    }

    /// One migration: the identifier GRDB's migrator records it under, and what it does.
    struct Step: Sendable {
        var identifier: String
        var migrate: @Sendable (Database) throws -> Void
    }

    /// The migrations in order, listed as GRDB's migrator takes them.
    private struct Steps {
        var steps: [Step] = []

        mutating func registerMigration(_ identifier: String, migrate: @escaping @Sendable (Database) throws -> Void) {
            steps.append(Step(identifier: identifier, migrate: migrate))
        }
    }

    /// Runs every migration `db` lacks in one transaction, and records each as GRDB's migrator
    /// does: a library an older Bookplate wrote is upgraded whole or not at all. GRDB's migrator
    /// commits each migration on its own, and one that failed left the library half upgraded,
    /// which neither this Bookplate nor the older one could open (found by a review). Foreign
    /// keys are checked once at the end, as the migrator checks them after each.
    static func runPending(in queue: DatabaseQueue) throws {
        try queue.writeWithoutTransaction { db in
            // SQLite changes this outside a transaction only.
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            try db.inTransaction(.exclusive) {
                try db.execute(
                    sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                let done = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
                for step in steps where !done.contains(step.identifier) {
                    try step.migrate(db)
                    try db.execute(
                        sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [step.identifier])
                }
                try db.checkForeignKeys()
                return .commit
            }
        }
    }

    private static var steps: [Step] {
        var migrator = Steps()
        migrator.registerMigration("v1-books-authors-shelves-notes") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("slug", .text).notNull().unique()
                t.column("title", .text).notNull().check { length($0) > 0 }
                t.column("subtitle", .text)
                t.column("publisher", .text)
                t.column("publishedDate", .text)
                t.column("pageCount", .integer).check { $0 > 0 }
                t.column("language", .text)
                t.column("description", .text)
                t.column("isbn10", .text)
                t.column("isbn13", .text).unique()
                t.column("googleVolumeID", .text)
                t.column("openLibraryWorkKey", .text)
                t.column("openLibraryEditionKey", .text)
                t.column("coverURL", .text)
                t.column("subjects", .jsonText).notNull().defaults(to: "[]")
                t.column("status", .text).notNull()
                    .check { ["to-read", "reading", "read", "abandoned"].contains($0) }
                t.column("rating", .integer).check { $0 >= 1 && $0 <= 5 }
                t.column("startedDate", .text)
                t.column("finishedDate", .text)
                t.column("addedAt", .datetime).notNull()
            }
            try db.create(index: "book_on_status", on: "book", columns: ["status"])

            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("slug", .text).notNull().unique()
                t.column("name", .text).notNull().check { length($0) > 0 }
                t.column("sortName", .text).notNull()
                t.column("openLibraryKey", .text).unique()
                t.column("bio", .text)
                t.column("birthDate", .text)
                t.column("deathDate", .text)
                t.column("photoURL", .text)
            }
            try db.create(table: "bookAuthor") { t in
                t.column("bookId", .integer).notNull().references("book", onDelete: .cascade)
                t.column("authorId", .integer).notNull().references("author", onDelete: .restrict)
                    .indexed()
                t.column("position", .integer).notNull()
                t.primaryKey(["bookId", "position"])
            }

            try db.create(table: "shelf") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("slug", .text).notNull().unique()
                t.column("name", .text).notNull().unique().collate(.nocase)
            }
            try db.create(table: "bookShelf") { t in
                t.column("bookId", .integer).notNull().references("book", onDelete: .cascade)
                t.column("shelfId", .integer).notNull().references("shelf", onDelete: .cascade)
                    .indexed()
                t.primaryKey(["bookId", "shelfId"])
            }

            try db.create(table: "note") { t in
                t.primaryKey("bookId", .integer).references("book", onDelete: .cascade)
                t.column("markdown", .text).notNull()
                t.column("html", .text).notNull()
                t.column("contentHash", .text).notNull()
            }
        }
        migrator.registerMigration("v2-catalog-provenance-author-works") { db in
            try db.alter(table: "book") { t in
                t.add(column: "provenance", .jsonText).notNull().defaults(to: "{}")
            }
            try db.create(index: "book_on_googleVolumeID", on: "book", columns: ["googleVolumeID"])
            try db.create(index: "book_on_openLibraryWorkKey", on: "book", columns: ["openLibraryWorkKey"])
            try db.create(table: "authorWork") { t in
                t.column("authorId", .integer).notNull().references("author", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("key", .text).notNull()
                t.column("title", .text).notNull()
                t.column("year", .integer)
                t.primaryKey(["authorId", "position"])
            }
        }
        migrator.registerMigration("v3-author-links") { db in
            try db.alter(table: "author") { t in
                t.add(column: "links", .jsonText).notNull().defaults(to: "[]")
            }
        }
        migrator.registerMigration("v4-imports") { db in
            try db.alter(table: "book") { t in
                t.add(column: "privateNotes", .text)
                t.add(column: "readCount", .integer)
            }
            // The ids other services give a book, so a re-import finds it again.
            try db.create(table: "externalID") { t in
                t.column("bookId", .integer).notNull().references("book", onDelete: .cascade).indexed()
                t.column("source", .text).notNull()
                t.column("value", .text).notNull()
                t.uniqueKey(["source", "value"])
            }
        }
        migrator.registerMigration("v5-revision") { db in
            // A counter every change to what the site shows moves on, so a build can tell in one
            // query that nothing changed. The note cache is derived data and does not count.
            try db.create(table: "libraryRevision") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("value", .integer).notNull()
            }
            try db.execute(sql: "INSERT INTO libraryRevision (id, value) VALUES (1, 0)")
            for table in ["book", "author", "bookAuthor", "shelf", "bookShelf", "authorWork"] {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    try db.execute(
                        sql: """
                            CREATE TRIGGER \(table)_\(event.lowercased())_revision AFTER \(event) ON \(table)
                            BEGIN UPDATE libraryRevision SET value = value + 1 WHERE id = 1; END
                            """)
                }
            }
        }
        migrator.registerMigration("v6-library-instance") { db in
            // Two libraries can reach the same revision; a random id tells them apart.
            try db.alter(table: "libraryRevision") { t in t.add(column: "instance", .text) }
            try db.execute(sql: "UPDATE libraryRevision SET instance = lower(hex(randomblob(16)))")
        }
        migrator.registerMigration("v7-description-html") { db in
            // Descriptions were plain text (catalog HTML flattened); they are now allow-listed
            // HTML, so that a catalog's paragraphs, emphasis and lists survive. Text becomes
            // escaped paragraphs.
            let rows = try Row.fetchAll(db, sql: "SELECT id, description FROM book WHERE description IS NOT NULL")
            for row in rows {
                let text: String = row["description"]
                try db.execute(
                    sql: "UPDATE book SET description = ? WHERE id = ?",
                    arguments: [v7DescriptionHTML(fromText: text).nilIfEmpty, row["id"] as Int64])
            }
        }
        migrator.registerMigration("v8-imported-notes") { db in
            // Notes an import wrote, by the hash of the Markdown it wrote: text from an export is
            // not the reader's, so it never gets the raw HTML a reader may allow in their own
            // notes — until the reader edits it and makes it theirs.
            try db.create(table: "importedNote") { t in
                t.primaryKey("bookId", .integer).references("book", onDelete: .cascade)
                t.column("markdownHash", .text).notNull()
            }
        }
        migrator.registerMigration("v9-change-token") { db in
            // A counter does not tell two histories apart: a backup restored and edited once more
            // reaches the number the abandoned history had. Every change now also draws a random
            // token, so no two states of any library share their identity.
            try db.alter(table: "libraryRevision") { t in t.add(column: "change", .text) }
            try db.execute(sql: "UPDATE libraryRevision SET change = lower(hex(randomblob(16)))")
            try revisionTriggers(
                on: ["book", "author", "bookAuthor", "shelf", "bookShelf", "authorWork"], replacing: true, in: db)
        }
        migrator.registerMigration("v10-removed-books") { db in
            // What `remove` took off the shelf, kept whole so that `restore` can bring it back
            // until `remove --purge`. The site never shows these: no revision trigger.
            try db.create(table: "removedBook") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("slug", .text).notNull().indexed()
                t.column("title", .text).notNull()
                t.column("removedAt", .datetime).notNull()
                t.column("snapshot", .jsonText).notNull()
                t.column("noteFile", .text)
                t.column("coverFile", .text)
            }
        }
        migrator.registerMigration("v11-reads") { db in
            // A book is read any number of times: each read has its dates and how it ended. The
            // book's status and dates stay as the latest read has them; a read count becomes as
            // many undated finished reads as it counts beyond the reads the status and dates
            // tell, as an import derives them (`ReadRecord.history`). As first landed, it counted
            // a read given up as none and kept a re-read's earlier date on the read going on: a
            // book given up after one read gained a finished read, and a re-read showed "reading"
            // beside "Finished" (found by an exploratory session). Libraries it upgraded so keep
            // what it gave: their reads cannot be told from the reader's own (`read add --outcome
            // reading --finished` makes the same read going on). A book to read with a start
            // alone keeps it as a read set aside, which an import does not make and so does not
            // count: counted, a StoryGraph row read once before (to-read, started, Read Count 1)
            // lost its finished read (found by a review). The whole rule is
            // `ReadRecord.fromBeforeReads`, which a test holds this to, and by which a copy
            // `remove` kept before this is restored.
            try db.create(table: "read") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("bookId", .integer).notNull().references("book", onDelete: .cascade).indexed()
                t.column("startedDate", .text)
                t.column("finishedDate", .text)
                t.column("outcome", .text).notNull().check { ["finished", "reading", "set-aside"].contains($0) }
            }
            try db.execute(
                sql: """
                    WITH RECURSIVE beyond(bookId, n) AS (
                        SELECT id, min(readCount, 1000)
                            - CASE WHEN status IN ('read', 'abandoned') OR finishedDate IS NOT NULL THEN 1 ELSE 0 END
                        FROM book
                    ), earlier(bookId, n) AS (
                        SELECT bookId, n FROM beyond WHERE n > 0
                        UNION ALL SELECT bookId, n - 1 FROM earlier WHERE n > 1
                    )
                    INSERT INTO read (bookId, outcome) SELECT bookId, 'finished' FROM earlier ORDER BY bookId;
                    INSERT INTO read (bookId, finishedDate, outcome)
                    SELECT id, finishedDate, 'finished' FROM book
                    WHERE status = 'reading' AND finishedDate IS NOT NULL ORDER BY id;
                    INSERT INTO read (bookId, startedDate, finishedDate, outcome)
                    SELECT id, startedDate, CASE WHEN status = 'reading' THEN NULL ELSE finishedDate END,
                        CASE status
                            WHEN 'read' THEN 'finished'
                            WHEN 'reading' THEN 'reading'
                            WHEN 'abandoned' THEN 'set-aside'
                            ELSE CASE WHEN finishedDate IS NULL THEN 'set-aside' ELSE 'finished' END
                        END
                    FROM book
                    WHERE status != 'to-read' OR startedDate IS NOT NULL OR finishedDate IS NOT NULL
                    ORDER BY id;
                    UPDATE book SET finishedDate = NULL WHERE status = 'reading';
                    ALTER TABLE book DROP COLUMN readCount;
                    """)
            try revisionTriggers(on: ["read"], in: db)
        }
        migrator.registerMigration("v12-quarter-ratings") { db in
            // Ratings come in quarter stars (StoryGraph's 4.5 and 3.75): they are kept as quarters,
            // a whole number, so that no rating is ever a float that is almost right.
            try db.alter(table: "book") { t in
                t.add(column: "ratingQuarters", .integer).check { $0 >= 1 && $0 <= 20 }
            }
            try db.execute(
                sql: """
                    UPDATE book SET ratingQuarters = rating * 4 WHERE rating IS NOT NULL;
                    ALTER TABLE book DROP COLUMN rating;
                    """)
        }
        migrator.registerMigration("v13-series") { db in
            // Series as things of their own: a book may be in several, each at a position as
            // written ("2.5", "1-3") and ordered by its first number.
            try db.create(table: "series") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("slug", .text).notNull().unique()
                t.column("name", .text).notNull().unique().collate(.nocase).check { length($0) > 0 }
            }
            try db.create(table: "bookSeries") { t in
                t.column("bookId", .integer).notNull().references("book", onDelete: .cascade)
                t.column("seriesId", .integer).notNull().references("series", onDelete: .cascade).indexed()
                t.column("position", .text)
                t.column("sortValue", .double)
                t.column("ordinal", .integer).notNull()
                t.primaryKey(["bookId", "seriesId"])
            }
            try revisionTriggers(on: ["series", "bookSeries"], in: db)
        }
        migrator.registerMigration("v14-edition-facts") { db in
            // What readers expect of an edition: its form, an audiobook's length, the work's first
            // publication beside the edition's, and whether the reader owns it.
            try db.alter(table: "book") { t in
                t.add(column: "format", .text).check {
                    ["paperback", "hardcover", "ebook", "audiobook", "other"].contains($0)
                }
                t.add(column: "audioMinutes", .integer).check { $0 >= 1 && $0 <= 60_000 }
                t.add(column: "firstPublished", .text)
                t.add(column: "owned", .boolean)
            }
        }
        migrator.registerMigration("v15-highlights") { db in
            // Passages the reader marked, each with its note and place. The id is made from the
            // book's slug and the text, so a permalink survives a re-import and an export.
            try db.create(table: "highlight") { t in
                t.column("id", .text).notNull().primaryKey()
                t.column("bookId", .integer).notNull().references("book", onDelete: .cascade).indexed()
                t.column("text", .text).notNull().check { length($0) > 0 }
                t.column("note", .text)
                t.column("page", .text)
                t.column("location", .text)
                t.column("chapter", .text)
                t.column("madeAt", .datetime)
                t.column("source", .text).notNull()
                t.column("published", .boolean).notNull().defaults(to: true)
                t.column("addedAt", .datetime).notNull()
            }
            try revisionTriggers(on: ["highlight"], in: db)
        }
        migrator.registerMigration("v16-no-note-cache") { db in
            // Builds used to keep each note's Markdown and HTML here, which made a library of
            // 50,000 notes nine times its size; a build now renders a note from its file when its
            // page is made, and keeps only the note's fingerprint, in the build state.
            try db.drop(table: "note")
        }
        migrator.registerMigration("v17-highlights-as-imported") { db in
            // What each source's file last said of a highlight's note and place, so that an import
            // takes only what the file changed since: a note the reader wrote in Bookplate stays
            // while the file still says what it said. The site never shows these: no revision
            // trigger. Highlights imported before have none; their next import fills only gaps.
            try db.create(table: "highlightAsImported") { t in
                t.column("highlightId", .text).notNull().references("highlight", onDelete: .cascade)
                t.column("source", .text).notNull()
                t.column("note", .text)
                t.column("page", .text)
                t.column("location", .text)
                t.column("chapter", .text)
                t.primaryKey(["highlightId", "source"])
            }
        }
        migrator.registerMigration("v18-read-set-aside-from") { db in
            // How a read stood before a status change set it aside (`--status abandoned` on a book
            // read or being read, `to-read` on one being read), so that setting that status again
            // gives the read back rather than inventing another dated today. Reads set aside
            // before have none, as reads set aside by the reader's own word have none.
            try db.alter(table: "read") { t in
                t.add(column: "setAsideFrom", .text).check { ["finished", "reading"].contains($0) }
            }
        }
        migrator.registerMigration("v19-removed-highlights") { db in
            // The ids of the highlights the reader removed (`quote remove`), so that importing the
            // file they came from again does not bring them back. `quote add` of the passage takes
            // its id off. The site never shows these: no revision trigger.
            try db.create(table: "removedHighlight") { t in
                t.primaryKey("highlightId", .text)
                t.column("removedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v20-books-as-imported") { db in
            // What each source's file last said of a book's reader fields (its status and dates,
            // rating, private notes, whether owned), so that importing the same file again leaves
            // what the reader changed in Bookplate since, and takes what the file changed. The
            // site never shows these: no revision trigger. Books imported before have none: their
            // next import takes the file's values, as it did.
            try db.create(table: "bookAsImported") { t in
                t.column("bookId", .integer).notNull().references("book", onDelete: .cascade)
                t.column("source", .text).notNull()
                t.column("status", .text).notNull()
                t.column("startedDate", .text)
                t.column("finishedDate", .text)
                t.column("ratingQuarters", .integer)
                t.column("privateNotes", .text)
                t.column("owned", .boolean)
                t.primaryKey(["bookId", "source"])
            }
        }
        migrator.registerMigration("v21-imported-note-revision") { db in
            // Whether a note came from an import decides whether its raw HTML is published (with
            // allow_raw_html_in_notes), so the site shows it: a row changed by hand (sqlite3)
            // left the page as it was until a full build (found by an exploratory session).
            try revisionTriggers(on: ["importedNote"], in: db)
        }
        migrator.registerMigration("v22-reads-as-imported") { db in
            // The reads each source's file last gave of a book (JSON), so that the same file
            // imported again does not give back a read the reader corrected or removed since
            // (found by an exploratory session). Null for imports before: their next import
            // merges the file's reads, as it did.
            try db.alter(table: "bookAsImported") { t in t.add(column: "reads", .text) }
        }
        migrator.registerMigration("v23-sort-names-as-written") { db in
            // The rule before took the last word for the surname, of "村上 春樹" ("春樹, 村上")
            // and of "Le Guin, Ursula K." typed so ("K., Le Guin, Ursula"), which file as written
            // now (found by an exploratory session). Only a sort name that rule gave is made
            // again; one an import of Bookplate's own export brought is the reader's.
            let rows = try Row.fetchAll(db, sql: "SELECT id, name, sortName FROM author")
            for row in rows {
                let name: String = row["name"]
                let kept: String = row["sortName"]
                let now = AuthorName.sortName(for: name)
                guard now != kept, kept == sortNameBeforeV23(for: name) else { continue }
                try db.execute(sql: "UPDATE author SET sortName = ? WHERE id = ?", arguments: [now, row["id"]])
            }
        }
        migrator.registerMigration("v24-language-codes") { db in
            // An import's "language": "" was kept as '' and shown as an empty Language fact, and a
            // code of three letters ("jpn", "fre") gave the book's title no `lang` (found by an
            // exploratory session): the library keeps none for the first, the two letters for
            // the second, as it now does at its border. ISO 639-2's table of two-letter codes is
            // a closed list, so calling the border's function keeps this migration what it was.
            let languages = try String.fetchAll(
                db, sql: "SELECT DISTINCT language FROM book WHERE language IS NOT NULL")
            for language in languages {
                let now = LanguageCode.normalized(language)
                guard now != language else { continue }
                try db.execute(sql: "UPDATE book SET language = ? WHERE language = ?", arguments: [now, language])
            }
        }
        migrator.registerMigration("v25-feed-identities") { db in
            // An Atom entry's id must never be given to another entry (RFC 4287, 4.2.6), and the
            // feeds' ids were made from the book's slug alone: a book added on the slug of one
            // removed took its ids (found by an exploratory session). Every slug a book has had,
            // with the number among its books each had for the feeds, is kept here for good; a
            // book arriving on a slug another had takes the next number (`book.feedNumber`,
            // null for the first), and its ids say it. The books on the shelf and those kept
            // for `restore` were each the first on their slugs, as their published ids are.
            // The site never shows this table: no revision trigger.
            try db.create(table: "feedIdentity") { t in
                t.column("slug", .text).notNull()
                t.column("number", .integer).notNull().check { $0 >= 1 }
                t.primaryKey(["slug", "number"])
            }
            try db.alter(table: "book") { t in
                t.add(column: "feedNumber", .integer).check { $0 >= 2 }
            }
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO feedIdentity (slug, number)
                    SELECT slug, 1 FROM book UNION SELECT slug, 1 FROM removedBook
                    """)
        }
        migrator.registerMigration("v26-removed-passages") { db in
            // A removed highlight was known by its id alone, and a longer version of its passage
            // (a Kobo's highlight extended on the device, a Kindle's clipping in a file cleared
            // since) has another id: it came back, and was published (found by a privacy
            // audit). Its book, text and place are kept from now on, so that an import keeps
            // every version of it out. Removals made before keep their id alone. No revision
            // trigger: the site never shows these.
            try db.alter(table: "removedHighlight") { t in
                t.add(column: "bookId", .integer)
                t.add(column: "text", .text)
                t.add(column: "page", .text)
                t.add(column: "location", .text)
            }
        }
        migrator.registerMigration("v27-sort-names-with-roles") { db in
            // A role or a word in parentheses after a name files after it now ("Grossman, Edith
            // (Translator)"), but a shelf opened since v23 kept what the rule before gave,
            // "(Translator), Edith Grossman" under # in the authors' index, beside a CSV export
            // filing her as Grossman (found by a review). As in v23, only a sort name the rule
            // before gave is made again.
            let rows = try Row.fetchAll(db, sql: "SELECT id, name, sortName FROM author WHERE name LIKE '%)'")
            for row in rows {
                let name: String = row["name"]
                let kept: String = row["sortName"]
                let now = AuthorName.sortName(for: name)
                guard now != kept, kept == sortNameBeforeV27(for: name) else { continue }
                try db.execute(sql: "UPDATE author SET sortName = ? WHERE id = ?", arguments: [now, row["id"]])
            }
        }
        return migrator.steps
    }

    /// The sort name `AuthorName` gave `name` from v23 until v27, kept here as it was: a name
    /// written family name first or surname first as written, else as before v23.
    private static func sortNameBeforeV27(for name: String) -> String {
        if AuthorName.isFamilyNameFirst(name) || AuthorName.inSpokenOrder(name) != name { return name }
        return sortNameBeforeV23(for: name)
    }

    /// The sort name `AuthorName` gave `name` until v23, kept here as it was so that the
    /// migration knows a sort name it gave.
    private static func sortNameBeforeV23(for name: String) -> String {
        let particles: Set<String> = [
            "de", "da", "das", "del", "della", "der", "di", "du", "la", "le", "van", "von", "ten", "ter", "zu", "y",
        ]
        var words = name.split(separator: " ").map(String.init)
        guard words.count > 1 else { return name }
        var suffix: String?
        if let last = words.last, AuthorName.isSuffix(last) {
            suffix = words.removeLast()
            if let before = words.last, before.hasSuffix(",") { words[words.count - 1] = String(before.dropLast()) }
        }
        guard words.count > 1 else { return name }
        var surnameStart = words.count - 1
        while surnameStart > 1, particles.contains(words[surnameStart - 1].lowercased()) {
            surnameStart -= 1
        }
        let surname = words[surnameStart...].joined(separator: " ")
        let given = words[..<surnameStart].joined(separator: " ")
        return [surname, given, suffix].compactMap { $0 }.joined(separator: ", ")
    }

    /// Triggers that move the library's revision on, with a new change token, whenever a row of
    /// `tables` is inserted, updated or deleted; `replacing` drops the triggers of the same names
    /// first (v9 replaced those of v5).
    private static func revisionTriggers(on tables: [String], replacing: Bool = false, in db: Database) throws {
        for table in tables {
            for event in ["INSERT", "UPDATE", "DELETE"] {
                let trigger = "\(table)_\(event.lowercased())_revision"
                if replacing { try db.execute(sql: "DROP TRIGGER \(trigger)") }
                try db.execute(
                    sql: """
                        CREATE TRIGGER \(trigger) AFTER \(event) ON \(table)
                        BEGIN
                            UPDATE libraryRevision
                            SET value = value + 1, change = lower(hex(randomblob(16))) WHERE id = 1;
                        END
                        """)
            }
        }
    }

    /// Plain text as paragraphs of escaped HTML, as v7 made them when it landed. Written out here
    /// rather than called from the description code: a migration must keep doing what it did,
    /// whatever later becomes of the code around it.
    private static func v7DescriptionHTML(fromText text: String) -> String {
        func escaped(_ line: Substring) -> String {
            var out = String.UnicodeScalarView()
            for scalar in line.unicodeScalars {
                switch scalar.value {
                case 0x26: out.append(contentsOf: "&amp;".unicodeScalars)
                case 0x3C: out.append(contentsOf: "&lt;".unicodeScalars)
                case 0x3E: out.append(contentsOf: "&gt;".unicodeScalars)
                case 0x09: out.append(scalar)
                case 0x00..<0x20, 0x7F...0x9F, 0xFFFE, 0xFFFF: continue
                default: out.append(scalar)
                }
            }
            return String(out)
        }
        return text.replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n\n")
            .map { paragraph in
                paragraph.split(separator: "\n")
                    .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                    .filter { !$0.isEmpty }
                    .map { escaped(Substring($0)) }
                    .joined(separator: "<br>")
            }
            .filter { !$0.isEmpty }
            .map { "<p>\($0)</p>" }
            .joined(separator: "\n")
    }
}
