import Foundation

/// One file a build may write: where, a fingerprint of what it is made from, and how to make it.
///
/// A page's model is made only when the page's fingerprint or contents are asked for, and
/// dropped after: a build of ten thousand books never holds every page's model at once.
struct PlannedOutput: Sendable {
    var path: String
    /// The fingerprint, and the contents when `contents` is true.
    private var plan: @Sendable (_ contents: Bool) throws -> (fingerprint: String, data: Data?)

    /// A file whose fingerprint is known before it is made.
    init(path: String, fingerprint: String, make: @escaping @Sendable () throws -> Data) {
        self.path = path
        plan = { contents in (fingerprint, contents ? try make() : nil) }
    }

    /// A file whose fingerprint and contents come from the same work (a page's model).
    init(path: String, plan: @escaping @Sendable (_ contents: Bool) throws -> (fingerprint: String, data: Data?)) {
        self.path = path
        self.plan = plan
    }

    func fingerprint() throws -> String {
        try plan(false).fingerprint
    }

    func make() throws -> (fingerprint: String, data: Data) {
        let made = try plan(true)
        return (made.fingerprint, made.data ?? Data())
    }
}

/// What the last build wrote, kept in `content/.bookplate/build-state.txt` (not in the site:
/// it holds modification times, which differ from machine to machine; its format is in
/// BuildState+Text.swift).
///
/// `inputs` fingerprints everything a build reads, so an unchanged shelf is recognised without
/// loading it; `files` fingerprints each output, so a change rewrites only the files it touches.
struct BuildState: Sendable, Equatable {
    var site: String
    /// Everything but the notes: the library's revision, theme, settings, covers and photos.
    var inputs: String
    /// Each note file's size and date, by book slug: a note shows on its book's page only, so a
    /// change to notes alone rebuilds just those pages.
    var notes: [String: FileStamps.Stamp]
    /// The note rendering options of that build: notes rendered otherwise must be rendered again.
    var noteOptions: String
    var files: [String: String]

    /// The state, less what a build that did not finish was about to change (see ``markChanging``).
    static func load(from url: URL) -> BuildState? {
        // A JSON state beside it was left by an earlier Bookplate, run after this one saved its
        // state: what the site holds now is that build's, not what this state says.
        guard !FileManager.default.fileExists(atPath: legacyPath(url).path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        guard var state = BuildState(decoding: data) else { return nil }
        if let changing = Changing.load(stateAt: url) {
            if changing.everything { return nil }
            state.inputs = ""
            for path in changing.paths { state.files[path] = nil }
        }
        return state
    }

    func save(to url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A state that cannot be saved only costs the next build its shortcut.
        guard (try? WorkingFiles.write(encoded(), to: url)) != nil else { return }
        try? FileManager.default.removeItem(at: BuildState.changingPath(url))
        try? FileManager.default.removeItem(at: BuildState.legacyPath(url))
    }

    /// Notes, before the site changes, the files about to change (nil: all of them), beside the
    /// state: a build killed after changing the site but before saving its state leaves this
    /// behind, and the next build makes those files again rather than trusting fingerprints of
    /// what they no longer hold. Small, so that a one-page rebuild stays quick.
    static func markChanging(_ paths: [String]?, stateAt url: URL) {
        var changing = Changing(everything: paths == nil, paths: paths ?? [])
        // A build killed before this one may have left its own list: both stay unknown.
        if let earlier = Changing.load(stateAt: url) {
            changing.everything = changing.everything || earlier.everything
            changing.paths = Array(Set(changing.paths).union(earlier.paths)).sorted()
        }
        guard let data = try? JSONEncoder().encode(changing) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? WorkingFiles.write(data, to: changingPath(url))
    }

    private struct Changing: Codable {
        var everything: Bool
        var paths: [String]

        static func load(stateAt url: URL) -> Changing? {
            FileManager.default.contents(atPath: changingPath(url).path).map {
                // Unreadable: trust nothing.
                (try? JSONDecoder().decode(Changing.self, from: $0)) ?? Changing(everything: true, paths: [])
            }
        }
    }

    private static func changingPath(_ url: URL) -> URL {
        url.deletingPathExtension().appendingPathExtension("changing.json")
    }

    /// Where earlier Bookplates kept the state, as JSON (see `load`).
    private static func legacyPath(_ url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent("build-state.json")
    }
}
