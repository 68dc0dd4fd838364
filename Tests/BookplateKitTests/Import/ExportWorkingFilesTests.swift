import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary

/// An export killed while it wrote (Ctrl-C, SIGKILL) left Foundation's hidden `.dat.nosync…`
/// copy of the library, private notes included, beside the file in the reader's folder, and no
/// later export removed it (found by an exploratory session). An export writes under a working
/// name Bookplate knows, and the next one removes what a killed one left, and nothing else.
@Suite struct ExportWorkingFilesTests {
    @Test func anExportRemovesWhatAKilledExportLeftAndNothingElse() throws {
        let shelf = try TemporaryShelf()
        let folder = try TestPaths.temporaryFolder("export-leftovers")
        let names = [
            "abandoned": ".lib.json.tmp-2147483646-12", "running": ".lib.json.tmp-\(getppid())-12",
            "another file's": ".backup.json.tmp-2147483646-12", "hidden": ".lib.json.backup",
            "foundation's": ".dat.nosync18BC.iF2hQt",
        ]
        for name in names.values { try Data("private".utf8).write(to: folder.appendingPathComponent(name)) }
        try ExportFile.write(Data("{}".utf8), to: folder.appendingPathComponent("lib.json"), shelf: shelf.paths)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(left == Set(names.values).subtracting([names["abandoned"]!]).union(["lib.json"]))
    }

    /// The export replaced whole keeps the permissions the reader gave it: a library with private
    /// notes made readable to its owner alone stays so.
    @Test func anExportReplacedKeepsItsPermissions() throws {
        let shelf = try TemporaryShelf()
        let file = try TestPaths.temporaryFolder("export-mode").appendingPathComponent("lib.json")
        try Data("old".utf8).write(to: file)
        #expect(chmod(file.path, 0o600) == 0)
        try ExportFile.write(Data("{}".utf8), to: file, shelf: shelf.paths)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try Data(contentsOf: file) == Data("{}".utf8))
    }

    /// A Markdown export into a vault removes its own working files a killed one left there, of
    /// any book's file, and nothing else of the vault's.
    @Test func aMarkdownExportRemovesWhatAKilledOneLeft() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Emma", authors: ["Jane Austen"]))
        try shelf.library.addHighlight(NewHighlight(text: "Badly done, Emma!", source: .reader), toBook: "emma")
        let vault = try TestPaths.temporaryFolder("vault")
        let names = [
            "abandoned": ".emma.md.tmp-2147483646-3", "of a book gone": ".persuasion.md.tmp-2147483646-4",
            "running": ".emma.md.tmp-\(getppid())-5", "the app's": ".obsidian",
            "not markdown": ".a.txt.tmp-2147483646-6",
        ]
        for name in names.values { try Data("x".utf8).write(to: vault.appendingPathComponent(name)) }
        let exporter = LibraryExporter(library: shelf.library, notes: NoteStore(folder: shelf.paths.notes))
        let summary = try MarkdownHighlightsExport(exporter: exporter, shelf: shelf.paths).write(into: vault)
        #expect(summary.files == 1)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: vault.path))
        #expect(
            left
                == Set(names.values).subtracting([names["abandoned"]!, names["of a book gone"]!]).union(["emma.md"]))
    }

    /// Ctrl-C during an export takes away the file this process was writing, and only that.
    @Test func anInterruptedExportTakesItsOwnWorkAway() throws {
        let folder = try TestPaths.temporaryFolder("export-interrupted")
        let own = WorkingFiles.name(for: "lib.json", kind: "tmp")
        let others = [".lib.json.tmp-\(getppid())-5", "lib.json", ".lib.json.backup"]
        for name in others + [own] { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        ExportFile.removeUnfinished(writingTo: folder.appendingPathComponent("lib.json"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(others))
    }
}
