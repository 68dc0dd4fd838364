import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary

/// Bookplate's JSON export carries what the library remembers of the reader's choices, not only
/// what it shows: the highlights they removed and how each read a status change set aside stood.
@Suite struct ReadingLifeExportTests {
    static let clippings = """
        Emma (Austen, Jane)
        - Your Highlight on page 368 | Location 5610-5611 | Added on Sunday, 3 March 2019 12:01:02

        Badly done, Emma!
        ==========
        Emma (Austen, Jane)
        - Your Highlight on page 12 | Location 170-172 | Added on Sunday, 3 March 2019 12:05:00

        The real evils, indeed, of Emma's situation were the power of having rather too much her own way.
        ==========

        """

    func date(_ text: String) throws -> PartialDate { try PartialDate(parsing: text) }

    /// A shelf exported and imported into a fresh shelf lost the highlight the reader had removed
    /// (the next import of the same clippings brought it back) and the reads set aside by a status
    /// change (setting the status back added another read, dated today, instead of giving the
    /// read back). The fresh shelf now behaves as the one exported.
    @Test func aFreshShelfImportingTheExportKeepsRemovedHighlightsAndGivesSetAsideReadsBack() throws {
        let first = try TemporaryShelf()
        let library = first.library
        let clippings = first.root.appendingPathComponent("My Clippings.txt")
        try Data(Self.clippings.utf8).write(to: clippings)
        try library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        let imported = try HighlightImport(library: library).run(file: clippings, as: .kindle)
        #expect(imported.added == 2)
        let removed = try #require(try library.highlights(ofBook: "emma").first { $0.text == "Badly done, Emma!" })
        _ = try library.removeHighlight(removed.id)
        // Finished, then abandoned: the finished read set aside. Begun, then back to read.
        try library.addBook(
            NewBook(
                title: "Dune", authors: ["Frank Herbert"], status: .read, startedDate: try date("2023-01-20"),
                finishedDate: try date("2023-02-10")))
        try library.editBook(slug: "dune", BookEdit(status: .abandoned))
        try library.addBook(
            NewBook(
                title: "Kindred", authors: ["Octavia E. Butler"], status: .reading, startedDate: try date("2025-11-02"))
        )
        try library.editBook(slug: "kindred", BookEdit(status: .toRead))

        let json = try LibraryExporter(library: library, notes: NoteStore(folder: first.paths.notes)).json()
        let fresh = try TemporaryShelf()
        let file = fresh.root.appendingPathComponent("export.json")
        try json.write(to: file)
        _ = try fresh.importer
            .run(file: file, as: .bookplate)
        // Exported again, the fresh shelf gives the same bytes.
        let again = try LibraryExporter(library: fresh.library, notes: NoteStore(folder: fresh.paths.notes)).json()
        #expect(again == json, "\(GoldenFiles.readableDiff(json, again))")

        // The same clippings again: the removed highlight stays removed, in both shelves alike.
        for shelf in [first, fresh] {
            let reimport = try HighlightImport(library: shelf.library).run(file: clippings, as: .kindle)
            #expect(reimport.added == 0 && reimport.removedByReader == 1 && reimport.unchanged == 1)
            #expect(try shelf.library.highlights(ofBook: "emma").map(\.id).contains(removed.id) == false)
        }

        // A shelf where Kindred is still being read takes the export's word that it was put back.
        let reading = try TemporaryShelf()
        try reading.library.addBook(
            NewBook(
                title: "Kindred", authors: ["Octavia E. Butler"], status: .reading, startedDate: try date("2025-11-02"))
        )
        _ = try reading.importer
            .run(file: file, as: .bookplate)
        let putBack = try reading.library.findBook(matching: "kindred")
        #expect(putBack.book.status == .toRead && putBack.book.startedDate == nil)

        // Setting the status back gives each read back as it was, in every shelf alike.
        let finished = ReadRecord(started: try date("2023-01-20"), finished: try date("2023-02-10"))
        let going = ReadRecord(started: try date("2025-11-02"), outcome: .reading)
        for shelf in [first, fresh, reading] {
            let dune = try shelf.library.editBook(slug: "dune", BookEdit(status: .read))
            #expect(dune.reads == [finished] && dune.book.finishedDate == finished.finished)
            let kindred = try shelf.library.editBook(slug: "kindred", BookEdit(status: .reading))
            #expect(kindred.reads == [going] && kindred.book.startedDate == going.started)
        }
    }

    /// A passage the reader removed is kept out in a longer version too (a Kindle file cleared
    /// since, a Kobo's highlight extended on the device), but a shelf restored from the JSON export
    /// knew its id alone, and the longer version came back there and was published. The export
    /// now carries the removed passage's book, text and place, and the shelf it is imported into
    /// keeps the longer version out as the first does; exported again, it gives the same bytes.
    @Test func aRemovedPassageStaysOutInItsLongerVersionWhereTheExportIsImported() throws {
        let first = try TemporaryShelf()
        let clippings = first.root.appendingPathComponent("My Clippings.txt")
        try Data(Self.clippings.utf8).write(to: clippings)
        try first.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        _ = try HighlightImport(library: first.library).run(file: clippings, as: .kindle)
        let removed = try #require(
            try first.library.highlights(ofBook: "emma").first { $0.text == "Badly done, Emma!" })
        _ = try first.library.removeHighlight(removed.id)
        let json = try LibraryExporter(library: first.library, notes: NoteStore(folder: first.paths.notes)).json()
        #expect(String(decoding: json, as: UTF8.self).contains(#""text" : "Badly done, Emma!""#))
        let fresh = try TemporaryShelf()
        let file = fresh.root.appendingPathComponent("export.json")
        try json.write(to: file)
        _ = try fresh.importer.run(file: file, as: .bookplate)
        let again = try LibraryExporter(library: fresh.library, notes: NoteStore(folder: fresh.paths.notes)).json()
        #expect(again == json, "\(GoldenFiles.readableDiff(json, again))")

        let longer = first.root.appendingPathComponent("Longer.txt")
        try Data(
            """
            Emma (Austen, Jane)
            - Your Highlight on page 368 | Location 5610-5613 | Added on Monday, 4 March 2019 09:00:00

            Badly done, Emma! Badly done indeed!
            ==========

            """.utf8
        ).write(to: longer)
        for shelf in [first, fresh] {
            let imported = try HighlightImport(library: shelf.library).run(file: longer, as: .kindle)
            #expect(imported.added == 0 && imported.removedByReader == 1, "\(shelf.root.lastPathComponent)")
            #expect(!(try shelf.library.highlights(ofBook: "emma").contains { $0.text.hasPrefix("Badly done") }))
        }
    }

    /// An export from before these fields imports as it always did: nothing is remembered as
    /// removed, and a read set aside is given back by no status.
    @Test func anExportWithoutThemImportsAsBefore() throws {
        let older = """
            {"bookplate": 4, "authors": [], "books": [{"slug": "dune", "title": "Dune", "authors": ["Frank Herbert"],
             "subjects": [], "status": "abandoned", "shelves": [], "added": "2020-01-01T00:00:00Z",
             "reads": [{"started": "2023-01-20", "finished": "2023-02-10", "outcome": "set-aside"}]}]}
            """
        let file = try ImportFile.read(Data(older.utf8), as: .bookplate)
        #expect(file.removedHighlights.isEmpty && file.records.first?.readsSetAsideFrom == [nil])
        let shelf = try TemporaryShelf()
        let path = shelf.root.appendingPathComponent("older.json")
        try Data(older.utf8).write(to: path)
        _ = try shelf.importer
            .run(file: path, as: .bookplate)
        let dune = try shelf.library.editBook(slug: "dune", BookEdit(status: .read))
        #expect(dune.reads.count == 2 && dune.reads.first?.outcome == .setAside)
    }

    /// What cannot be used of the two fields in a file written by hand is left out with a warning.
    @Test func whatCannotBeUsedOfThemIsLeftOutWithAWarning() throws {
        let written = """
            {"bookplate": 4, "authors": [], "books": [{"slug": "dune", "title": "Dune", "authors": [],
             "subjects": [], "status": "read", "shelves": [], "added": "2020-01-01T00:00:00Z",
             "reads": [{"outcome": "set-aside", "setAsideFrom": "skimmed"}, {"outcome": "finished",
             "setAsideFrom": "reading"}, {"outcome": "set-aside", "setAsideFrom": "finished"}]}],
             "removedHighlights": [{"id": "0123456789ab", "removed": "2025-03-01T10:00:00.000Z"},
             {"id": "../etc/passwd", "removed": "2025-03-01T10:00:00Z"}]}
            """
        let file = try ImportFile.read(Data(written.utf8), as: .bookplate)
        #expect(file.records.first?.readsSetAsideFrom == [nil, nil, .finished])
        #expect(file.removedHighlights.map(\.id) == ["0123456789ab"])
        #expect(
            (file.warnings + (file.records.first?.warnings ?? []).map { RowWarning(line: 1, message: $0) })
                .map(\.message).sorted() == [
                    "a removed highlight's id '../etc/passwd' is not an id Bookplate makes: left out",
                    "read 1 was set aside from 'skimmed', which is unknown: imported without it",
                    "read 2 is not set aside: its setAsideFrom is left out",
                ])
    }
}
