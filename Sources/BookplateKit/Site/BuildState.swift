import Foundation

/// What the last build of one output folder read and wrote, kept by ``BuildStateStore``.
///
/// `inputs` fingerprints everything a build reads but the notes, so an unchanged shelf is
/// recognised without loading it; `notes` stamps each note file, so a change to notes alone
/// rebuilds just their books' pages; `files` fingerprints each output and stamps the file the
/// build left, so a change rewrites only the files it touches and a file changed or deleted in
/// the output folder is found and written again.
struct BuildState: Sendable, Equatable {
    /// One file of the site: the fingerprint of what it was made from, and the file as written.
    struct Output: Sendable, Equatable {
        var fingerprint: String
        var stamp: FileStamps.Stamp
        var digest: UInt64
    }

    /// One note file as the build read it, and the hash under which the library cached its HTML
    /// then (nil for a note with no book): a library restored from a backup caches other HTML.
    struct Note: Sendable, Equatable {
        var stamp: FileStamps.Stamp
        var cacheHash: String?
    }

    /// The output folder, standardised.
    var site: String
    /// The library file, standardised.
    var library: String
    /// Everything but the notes: the library's identity, theme, settings, covers and photos.
    var inputs: String
    /// The note rendering options of that build: notes rendered otherwise must be rendered again.
    var noteOptions: String
    /// When the state was saved (nanoseconds since 1970): an output stamped less than
    /// ``FileStamps/racyWindow`` before then is read to be verified, since a change in the same
    /// tick of the clock would not show in its stamp.
    var savedAt: Int64
    var notes: [String: Note]
    var files: [String: Output]

    /// Whether the file at `path` in `site` is still the one this state says the build wrote.
    func holds(_ path: String, in site: URL) -> Bool {
        guard let recorded = files[path] else { return false }
        let full = site.path + "/" + path
        guard var stamp = FileStamps.stamp(ofFileAt: full, racyAfter: .max) else { return false }
        stamp.digest = nil
        guard stamp == recorded.stamp else { return false }
        guard recorded.stamp.isRacy(after: savedAt - FileStamps.racyWindow) else { return true }
        return FileManager.default.contents(atPath: full).map(ContentDigest.of) == recorded.digest
    }
}
