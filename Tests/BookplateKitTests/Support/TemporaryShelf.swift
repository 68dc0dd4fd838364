import Foundation

@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateSite

/// A shelf in a temporary folder: the default theme copied in, an empty content folder, and a
/// library opened with a fixed clock.
struct TemporaryShelf: Sendable {
    static let fixedDate = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    let paths: ShelfPaths
    let library: Library

    init(clock: WallClock = .fixed(TemporaryShelf.fixedDate), copyTemplates: Bool = true) throws {
        let root = try TestPaths.temporaryFolder()
        paths = ShelfPaths(root: root)
        if copyTemplates {
            try FileManager.default.copyItem(at: TestPaths.templates, to: paths.templates)
        }
        try FileManager.default.createDirectory(at: paths.notes, withIntermediateDirectories: true)
        library = try Library.open(at: paths.library, create: true, clock: clock)
    }

    var root: URL { paths.root }

    /// An import into this shelf's library and notes.
    var importer: ShelfImport { ShelfImport(library: library, notes: NoteStore(folder: paths.notes)) }

    /// Imports `json`, a Bookplate JSON export, written first to `export.json` in the shelf's
    /// folder; returns that file.
    @discardableResult
    func importExport(_ json: Data) throws -> URL {
        let file = root.appendingPathComponent("export.json")
        try json.write(to: file)
        _ = try importer.run(file: file, as: .bookplate)
        return file
    }

    func writeNote(_ markdown: String, slug: String) throws {
        try Data(markdown.utf8).write(to: paths.notes.appendingPathComponent("\(slug).md"))
    }

    @discardableResult
    func build(settings: SiteSettings = SiteSettings()) throws -> BuildReport {
        try SiteBuilder(library: library, paths: paths, settings: settings).build()
    }

    /// `build(settings:)` on a thread of its own, so that a test waiting for it does not hold one
    /// of the few threads Swift's tasks share (the stub catalog servers of other tests need them).
    @discardableResult
    func buildOffPool(settings: SiteSettings = SiteSettings()) async throws -> BuildReport {
        try await OwnThread.run(throwing: { try build(settings: settings) })
    }

    func siteFile(_ path: String) throws -> String {
        try String(contentsOf: paths.site.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file below `folder`, by relative path, with its bytes.
    static func snapshot(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
        for case let relative as String in enumerator {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = try Data(contentsOf: url)
            }
        }
        return files
    }
}
