import ArgumentParser
import BookplateKit
import Foundation

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Take a book off the shelf, after asking. 'bookplate restore' brings it back until --purge.")

    @OptionGroup var target: BookOnShelf
    @Flag(name: .shortAndLong, help: "Do not ask: for scripts.") var yes = false
    @Flag(
        help:
            "Delete the book for good, with its note and cover; for a book already removed, forget the kept copy the name gives."
    ) var purge = false

    func run() throws {
        let library = try target.shelf.openLibrary()
        var removal = BookRemoval(library: library, paths: try target.shelf.paths, clock: .system)
        removal.waiting = BookRemoval.sayWaiting
        let found: BookDetails
        do {
            found = try library.findBook(matching: target.book)
        } catch let error as LibraryError where purge {
            // A book already removed can still be purged: by any name when no book on the shelf
            // answers, and by its exact slug when books on the shelf only have it in their titles.
            let removed: RemovedBook
            switch error {
            case .noSuchBook, .removedBook:
                removed = try library.findRemovedBook(matching: target.book)
            case .ambiguousBook, .noSuchBookButNear:
                guard let exact = try? library.findRemovedBook(matching: target.book),
                    exact.slug == target.book.trimmingCharacters(in: .whitespaces).lowercased()
                else { throw error }
                removed = exact
            default:
                throw error
            }
            try confirm("Forget \(RestoreCommand.describe(removed)) for good, with its note and cover?")
            try removal.purgeRemoved(removed)
            Terminal.output(
                "Purged \"\(removed.title)\" (\(removed.slug)): it cannot be restored"
                    + (try Self.othersLeft(removed.slug, in: library)))
            return
        }
        let title = found.book.title
        let slug = found.book.slug
        if purge {
            try confirm("Delete \(Self.describe(found)) for good, with its note and cover? This cannot be undone.")
            try removal.purge(slug: slug)
            Terminal.output(
                "Purged \"\(title)\" (\(slug)): it cannot be restored" + (try Self.othersLeft(slug, in: library)))
            return
        }
        try confirm("Remove \(Self.describe(found))?")
        let setAside = try removal.remove(slug: slug)
        var message = "Removed \"\(title)\" (\(slug))"
        // The cover is set aside too, and said so, as `restore` says it brings it back.
        switch (setAside.note, setAside.cover) {
        case (let note?, let cover?):
            message +=
                " — its note is kept at \(note.relativePathForDisplay), its cover at \(cover.relativePathForDisplay)"
        case (let note?, nil): message += " — its note is kept at \(note.relativePathForDisplay)"
        case (nil, let cover?): message += " — its cover is kept at \(cover.relativePathForDisplay)"
        case (nil, nil): break
        }
        Terminal.output(message + ". Bring it back with: bookplate restore \(slug)")
    }

    /// What a purge leaves of another book that had the slug: a removed copy `restore` still lists.
    static func othersLeft(_ slug: String, in library: Library) throws -> String {
        let left = try library.removedCopies(ofSlug: slug)
        guard left > 0 else { return "" }
        return left == 1
            ? " (another removed book had this slug, and 'bookplate restore' still lists it)"
            : " (\(left) other removed books had this slug, and 'bookplate restore' still lists them)"
    }

    /// "Dune" (Frank Herbert, 1965): the exact book the reader is asked about.
    static func describe(_ details: BookDetails) -> String {
        let about = [
            details.authors.isEmpty ? nil : details.authors.map(\.name).joined(separator: ", "),
            details.book.publishedDate.map { String($0.year) },
        ].compactMap { $0 }
        return "\"\(details.book.title)\"" + (about.isEmpty ? "" : " (\(about.joined(separator: ", ")))")
    }

    private func confirm(_ question: String) throws {
        try Confirmation.ask(question, unless: yes)
    }
}

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring back a removed book with its note, cover and reads; with no book, list the removed ones.")

    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "The removed book's slug, its ISBN, or part of its title or of an author's name.") var book: String?

    func run() throws {
        let library = try shelf.openLibrary()
        guard let book else {
            let removed = try library.removedBooks()
            guard !removed.isEmpty else {
                Terminal.output("No removed books to restore.")
                return
            }
            Terminal.output(
                TextTable.forOutput(
                    header: ["SLUG", "REMOVED", "TITLE", "AUTHORS", "ISBN"],
                    rows: removed.map {
                        [
                            $0.slug, $0.removedAt.formatted(RestoreCommand.removalTime), $0.title,
                            $0.authors.joined(separator: ", "), $0.isbn13 ?? "",
                        ]
                    },
                    flexible: [2, 3], droppable: [4, 1, 3]))
            return
        }
        let paths = try shelf.paths
        let removed = try library.findRemovedBook(matching: book)
        // Found by its ISBN, it may be an older copy than the latest of its slug.
        let isLatest = try library.removedBooks().first { $0.slug == removed.slug }?.id == removed.id
        var removal = BookRemoval(library: library, paths: paths, clock: .system)
        removal.waiting = BookRemoval.sayWaiting
        let restored = try removal.restore(removed)
        // What came back, then what stayed aside and why ("with not its note" said neither).
        var back: [String] = []
        var aside: [String] = []
        func account(for what: String, back isBack: Bool?, file: String?, folder: URL, inTheWay: Bool, taken: String) {
            guard let isBack, let file else { return }
            guard !isBack else { return back.append("its \(what)") }
            let kept = "\(folder.relativePathForDisplay)/.removed/\(file)"
            aside.append(inTheWay ? "its old \(what) stays at \(kept), as \(taken)" : "its \(what) \(kept) is gone")
        }
        account(
            for: "note", back: restored.noteBack, file: removed.noteFile, folder: paths.notes,
            inTheWay: restored.noteInTheWay,
            taken: "\(paths.notes.relativePathForDisplay)/\(removed.slug).md is there")
        account(
            for: "cover", back: restored.coverBack, file: removed.coverFile, folder: paths.covers,
            inTheWay: restored.coverInTheWay, taken: "the book has a cover there")
        let slug = restored.details.book.slug
        // The copy that came back, and the others said to be there still (it was silent: found by
        // an exploratory session; and "the latest" of an older copy restored by its ISBN: found
        // by a review).
        let others = try library.removedCopies(ofSlug: removed.slug)
        let which = isLatest ? "the latest removed copy" : "an older removed copy"
        let left =
            others == 0
            ? ""
            : others == 1
                ? " (\(which): another is still listed by 'bookplate restore')"
                : " (\(which): \(others) others are still listed by 'bookplate restore')"
        Terminal.output(
            "Restored \(RemoveCommand.describe(restored.details)) as \(slug)"
                + (back.isEmpty ? "" : ", with " + back.joined(separator: " and ")) + left
                + aside.map { "; " + $0 }.joined())
    }

    /// When a book was removed, as the list of removed books and the questions show it: in the
    /// zone `TZ` names, as `date` reads it (it was Foundation's reading: `UTC+3` three hours
    /// ahead, found by a review).
    static let removalTime = Date.ISO8601FormatStyle(timeZone: WallClock.system.timeZone).year().month().day()
        .dateSeparator(.dash)
        .time(includingFractionalSeconds: false).timeSeparator(.colon)

    /// The removed "Dune" (Frank Herbert), removed 2026-11-26T10:00:00: the exact copy meant.
    static func describe(_ removed: RemovedBook) -> String {
        "the removed \"\(removed.title)\""
            + (removed.authors.isEmpty ? "" : " (\(removed.authors.joined(separator: ", ")))")
            + ", removed \(removed.removedAt.formatted(removalTime))"
    }
}

extension BookRemoval {
    /// What `remove` and `restore` say as they wait for another of them, as `build` says it
    /// waits for another build.
    @Sendable static func sayWaiting() {
        Terminal.error("Waiting for another remove or restore of this shelf to finish…")
    }
}
