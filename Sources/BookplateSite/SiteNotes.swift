import BookplateCore
import BookplateLibrary
import Foundation
import Synchronization

/// The reader's notes as a build publishes them: a fingerprint of each note file, and its HTML,
/// rendered by cmark from the file when its book's page is made.
///
/// A book page's fingerprint takes in its note's, so the page is made again exactly when its note
/// (or anything else on it) changed, and no note is rendered for a page that is not made. Nothing
/// of a note is kept but its file and, in the build state, its fingerprint.
struct SiteNotes: Sendable {
    let store: NoteStore
    /// The settings' rendering: raw HTML passes only where the reader allows it in their notes.
    let renderer: NoteRenderer
    /// The SHA-256 of the Markdown an import wrote, by book slug (read only where raw HTML is
    /// allowed): such a note is an export's text, not the reader's, and is rendered safely until
    /// they edit it.
    let importedHashes: [String: String]
    /// Each note's fingerprint, by book slug.
    var fingerprints: [String: Fingerprint] = [:]
    /// The notes that may hold a link by name (`[[Dune]]`, ``WikiLinkTargets``), by book slug.
    var linking: Set<String> = []
    /// Where their links by name lead.
    var wikiLinks = WikiLinkTargets.none
    /// The notes fingerprinted, then gone (moved or removed) when their pages were made.
    let vanished = Vanished()
    /// Told the slug of each note about to be read (set in tests, to move one away meanwhile).
    var beforeReading: (@Sendable (String) -> Void)?

    /// The slugs of notes gone as the build read them, from the threads that make the pages.
    final class Vanished: Sendable {
        private let slugs = Mutex<Set<String>>([])
        func insert(_ slug: String) { slugs.withLock { _ = $0.insert(slug) } }
        var all: Set<String> { slugs.withLock { $0 } }
    }

    /// Reads the note of `slug` and fingerprints it as it is rendered: its Markdown and the
    /// options cmark is given; and says whether it may link by name.
    func readFingerprint(ofSlug slug: String) throws -> (fingerprint: Fingerprint, links: Bool) {
        let markdown = try read(slug)
        var fingerprint = Fingerprint(of: renderer(forSlug: slug, markdown: markdown).optionsTag)
        fingerprint.combine(markdown)
        return (fingerprint, ObsidianMarkdown.mayLink(markdown))
    }

    /// The HTML of the note of `slug`, read from its file now; nil when it shows nothing.
    ///
    /// A note gone since it was fingerprinted (renamed by an editor's save, set aside by `remove`)
    /// is no note on its page, and ``vanished``: the build failed with "was moved or removed",
    /// and the next one was a full one (found by an exploratory session).
    func html(forSlug slug: String) throws -> SanitizedHTML? {
        let markdown: String
        do {
            markdown = try read(slug)
        } catch let error as BuildError where SiteNotes.isGone(error) {
            vanished.insert(slug)
            return nil
        }
        // A draft stays in its file, off the site.
        guard !FrontMatter.isUnpublished(markdown: markdown) else { return nil }
        // Written from its book's page: a link to a folder of the build's pages leads to its page.
        let folder = String(PageModelFactory.bookURL(slug).dropLast("index.html".count))
        let html = renderer(forSlug: slug, markdown: markdown).render(
            markdown, links: wikiLinks.address(of:), anchorsHeadings: true
        ) {
            NoteFolderLinks.toIndexPage($0, from: folder)
        }
        return SiteNotes.showsNothing(html.html) ? nil : html
    }

    /// Whether `html` is only comments and white space: a note of one HTML comment (a reminder to
    /// write it) published a "My notes" heading over nothing (found by an exploratory session).
    static func showsNothing(_ html: String) -> Bool {
        var rest = Substring(html)
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard rest.hasPrefix("<!--"), let end = rest.range(of: "-->") else { return rest.isEmpty }
            rest = rest[end.upperBound...]
        }
    }

    /// How the note of `slug` that reads `markdown` is rendered.
    private func renderer(forSlug slug: String, markdown: String) -> NoteRenderer {
        guard renderer.allowsRawHTML, let imported = importedHashes[slug],
            ImportedNoteText.matches(markdown, recorded: imported)
        else { return renderer }
        return NoteRenderer(allowsRawHTML: false)
    }

    /// Whether `error` says a note was gone when read.
    static func isGone(_ error: BuildError) -> Bool {
        if case NoteError.gone = error.underlying { return true }
        return false
    }

    private func read(_ slug: String) throws -> String {
        beforeReading?(slug)
        let path = store.path(forSlug: slug)
        do {
            return try NoteStore.readNoteToPublish(atPath: path)
        } catch {
            var underlying = error
            var shown = URL(fileURLWithPath: path).relativePathForDisplay
            // Every note that is no UTF-8 at once: the reader saved one and met the next, one
            // build at a time (found by an exploratory session).
            if NoteError.isNotText(error), let all = try? store.notesNotUTF8(), all.count > 1 {
                underlying = NoteError.severalNotUTF8(paths: all)
                shown = store.folder.relativePathForDisplay
            }
            throw BuildError(step: .readNotes, path: shown, underlying: underlying)
        }
    }
}
