import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// What the last build of one output folder read and wrote, kept by ``BuildStateStore``.
///
/// `inputs` fingerprints the library's identity, the settings and the theme, and `sources` stamps
/// the template, cover and photo files, so an unchanged shelf is recognised without loading it;
/// `notes` stamps each note file, so a change to notes alone
/// rebuilds just their books' pages; `files` fingerprints each output and stamps the file the
/// build left, so a change rewrites only the files it touches and a file changed or deleted in
/// the output folder is found and written again.
struct BuildState: Sendable, Equatable {
    /// One file of the site: the fingerprint of what it was made from, and the file as written.
    struct Output: Sendable, Equatable {
        /// A value, not its text: 67,000 strings of it took 4 MB at 50,000 books.
        var fingerprint: Fingerprint
        var stamp: FileStamps.Stamp
        var digest: UInt64
    }

    /// One note file as the build read it, and the fingerprint of its Markdown and rendering
    /// options (see ``SiteNotes``), which its book's page was made with.
    struct Note: Sendable, Equatable {
        var stamp: FileStamps.Stamp
        var fingerprint: Fingerprint?
        /// Whether it may link by name (`[[Dune]]`): its page is made again when where a name
        /// leads changes, though the note did not.
        var links = false
    }

    /// The output folder, standardised.
    var site: String
    /// The library file, standardised.
    var library: String
    /// The library's identity, the settings, the built-in theme and this version of Bookplate.
    var inputs: String
    /// The note rendering options of that build: notes rendered otherwise must be rendered again.
    var noteOptions: String
    /// When the state was saved (nanoseconds since 1970): an output stamped less than
    /// a tick of the clock before then is read to be verified, since a change in the same
    /// tick of the clock would not show in its stamp.
    var savedAt: Int64
    var notes: [String: Note]
    /// The other files the site is made from, by path in the shelf: `templates/…`, `covers/…`
    /// and `photos/…`.
    var sources: [String: FileStamps.Stamp]
    var files: [String: Output]
    /// What that build warned of that holds as long as its inputs do (a cover that is no image, a
    /// language with no words): a build that finds nothing changed says it again.
    var warnings: [String] = []
    /// The notes that belonged to no book, by slug, likewise.
    var orphanNotes: [String] = []
    /// The tags each page named that it did not have (``TemplateSet/place(_:)``), by the page's
    /// path; only pages that had such tags. A page kept from an earlier build keeps its own.
    var unknownNames: [String: [String]] = [:]

    /// `unknownNames` turned the other way, each list in order: the pages of each tag from the
    /// tags of each page (as the state stores them), or back.
    static func inverted(_ unknownNames: [String: [String]]) -> [String: [String]] {
        var inverted: [String: [String]] = [:]
        for (key, values) in unknownNames {
            for value in values { inverted[value, default: []].append(key) }
        }
        return inverted.mapValues { $0.sorted() }
    }
    /// The names at the top of the site that the Bookplate which saved the state kept for itself
    /// (``SiteWriter/ownNames``); nil in a state saved before it said. A name reserved since is
    /// the reader's in a site built before (see ``leftToTheReader(among:)``).
    var reservedNames: Set<String>? = SiteWriter.ownNames

    /// Those of `names` (at the top of the site) that the build of this state did not keep for
    /// itself and wrote nothing under: what is there is the reader's.
    func leftToTheReader(among names: [String]) -> [String] {
        names.filter { name in
            reservedNames?.contains(name) != true
                && !files.keys.contains { $0 == name || $0.hasPrefix(name + "/") }
        }
    }

    /// Whether the file at `path` in the output folder (`site`, open as `directory`) is still the
    /// one this state says the build wrote.
    func holds(_ path: String, in site: String, directory: Int32) -> Bool {
        guard let recorded = files[path] else { return false }
        guard let stamp = FileStamps.stamp(ofFileAt: path, in: directory, stampedAt: .max), stamp == recorded.stamp
        else { return false }
        guard recorded.stamp.isRacy(at: savedAt) else { return true }
        return FileManager.default.contents(atPath: site + "/" + path).map(ContentDigest.of) == recorded.digest
    }
}
