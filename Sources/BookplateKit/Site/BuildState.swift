import Foundation

/// One file a build may write: where, a fingerprint of what it is made from, and how to make it.
struct PlannedOutput: Sendable {
    var path: String
    var fingerprint: String
    var make: @Sendable () throws -> Data
}

/// What the last build wrote, kept in `content/.bookplate/build-state.json` (not in the site:
/// it holds modification times, which differ from machine to machine).
///
/// `inputs` fingerprints everything a build reads, so an unchanged shelf is recognised without
/// loading it; `files` fingerprints each output, so a change rewrites only the files it touches.
struct BuildState: Codable, Sendable, Equatable {
    var format = 3
    var site: String
    /// Everything but the notes: the library's revision, theme, settings, covers and photos.
    var inputs: String
    /// Each note file's size and date, by book slug: a note shows on its book's page only, so a
    /// change to notes alone rebuilds just those pages.
    var notes: [String: FileStamps.Stamp]
    /// The note rendering options of that build: notes rendered otherwise must be rendered again.
    var noteOptions: String
    var files: [String: String]

    static func load(from url: URL) -> BuildState? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        guard let state = try? JSONDecoder().decode(BuildState.self, from: data), state.format == 3 else { return nil }
        return state
    }

    func save(to url: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A state that cannot be saved only costs the next build its shortcut.
        try? WorkingFiles.write(data, to: url)
    }
}
