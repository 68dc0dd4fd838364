import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateSite

/// A build while an import wrote its notes found them before their books were in the library,
/// and told the reader, a line each, to rename them or move them away, which would have broken
/// the import (found by an exploratory session). While an import is under way they are one line
/// that says so.
struct ImportUnderWayTests {
    @Test func notesOfNoBookWhileAnImportIsUnderWayAreOneLineThatSaysSo() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        try shelf.writeNote("Staged.", slug: "kindred")
        try shelf.writeNote("Staged too.", slug: "emma")
        let underWay = try #require(ImportUnderWay.begin(in: shelf.paths.stateFolder))
        let during = try shelf.build().everyWarning
        #expect(
            during == [
                "2 notes in \(shelf.paths.notes.relativePathForDisplay) belong to no book yet: an import is under "
                    + "way; build again once it is done"
            ], "\(during)")
        #expect(!during.contains { $0.contains("rename it") })
        underWay.end()
        let after = try shelf.build().everyWarning
        #expect(after.filter { $0.contains("belongs to no book on the shelf") }.count == 2, "\(after)")
    }

    /// The import marks itself under way as it runs, and takes the mark away.
    @Test func anImportLeavesNoMarkBehind() throws {
        let shelf = try TemporaryShelf()
        let file = try TestPaths.temporaryFolder("under-way").appendingPathComponent("goodreads.csv")
        try Data("Book Id,Title,Author,Exclusive Shelf,My Review\n1,Emma,Jane Austen,read,Clever.\n".utf8).write(
            to: file)
        _ = try ShelfImport(
            library: shelf.library, notes: NoteStore(folder: shelf.paths.notes), stateFolder: shelf.paths.stateFolder
        ).run(file: file, as: .goodreads)
        #expect(!ImportUnderWay.isUnderWay(in: shelf.paths.stateFolder))
        let left = (try? FileManager.default.contentsOfDirectory(atPath: shelf.paths.stateFolder.path)) ?? []
        #expect(!left.contains { $0.hasPrefix("importing-") }, "\(left)")
    }
}
