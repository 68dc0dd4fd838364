import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// Whether a build may start from what the last one left, or must make everything.
public enum BuildMode: Sendable {
    /// Write only what changed since the last build (the default).
    case incremental
    /// Make and write every file, trusting nothing the last build left (`build --full`).
    case full
}

/// What kind of build a build turned out to be.
public enum BuildKind: Sendable, Equatable, CustomStringConvertible {
    /// Nothing the site is made from changed and every file is as the last build wrote it.
    case upToDate
    /// Only notes changed: just their books' pages were made.
    case notesOnly
    /// Every file's fingerprint was compared with the last build's; the changed and damaged ones
    /// were written.
    case partial
    /// Every file was made and written, for this reason.
    case full(FullBuildReason)

    public var description: String {
        switch self {
        case .upToDate: "up to date"
        case .notesOnly: "notes only"
        case .partial: "partial"
        case .full(let reason): "full (\(reason))"
        }
    }
}

/// Why a build made everything.
public enum FullBuildReason: Sendable, Equatable, CustomStringConvertible {
    /// The output folder held no site yet.
    case firstBuild
    /// The reader asked for it.
    case requested
    /// The site is there but no build state describes it.
    case noState
    /// The build state for the site could not be trusted, for this reason.
    case unusableState(String)

    public var description: String {
        switch self {
        case .firstBuild: "first build"
        case .requested: "asked for"
        case .noState: "no build state for this output folder"
        case .unusableState(let reason): "the build state was not used: \(reason)"
        }
    }
}

/// What a build made.
public struct BuildReport: Sendable {
    public var kind: BuildKind
    public var pageCount: Int
    /// Nil when the whole library was not loaded (nothing changed, or only notes).
    public var bookCount: Int?
    public var authorCount: Int?
    public var fileCount: Int
    /// How many files were written; 0 when the site was already up to date.
    public var filesWritten: Int
    /// How many files of the last build's site this one no longer has, with the files put by
    /// hand in Bookplate's folders that it took out.
    public var filesRemoved: Int = 0
    /// How many files were found changed or missing in the output folder, and written again.
    public var filesRepaired: Int
    public var notesRendered: Int
    /// Note files (paths for messages) whose book is not in the library.
    public var orphanNotes: [String]
    /// The name to give each of ``orphanNotes`` whose name makes a book's slug, by its path.
    public var orphanNoteNames: [String: String] = [:]
    /// Note files (paths for messages) over ``NoteStore/largestPublished``, left off their pages.
    public var oversizedNotes: [String]
    /// What the build left out and why, a line each: a cover that is not a usable image is shown
    /// as a placeholder, a photo that is not one is left off.
    public var warnings: [String] = []

    /// Every line the build warns of, as `build` and `serve` print them: the notes too long to
    /// publish, ``warnings``, and the notes of no book (`serve` printed ``warnings`` alone: found
    /// by an exploratory session).
    public var everyWarning: [String] {
        oversizedNotes.map {
            "\($0) is over \(NoteStore.largestPublished / 1024 / 1024) MB and was left off its book's page:"
                + " shorten it or split it"
        } + warnings
            + orphanNotes.map { path in
                guard let name = orphanNoteNames[path] else {
                    return "\(path) belongs to no book on the shelf: rename it to a book's slug or move it away"
                }
                return "\(path) belongs to no book on the shelf: a note is named for its book's slug, as \(name)"
            }
    }
    public var duration: Duration
    /// Where the site is published, as its pages link to it (`base_url`, or the one given instead).
    public var baseURL: URL?
    /// Whether this build of notes alone found every note whose file changed as it was: saved
    /// unchanged, or only touched.
    public var notesReadAsBefore = false
}

extension BuildReport {
    /// This pass's report as the whole build's, after `earlier` passes of the same build, the
    /// last of which marked `remade` pages (made without a note that vanished) to be made again:
    /// this pass found those "changed or missing in site/", and the report said the site was
    /// damaged and gave this pass's counts alone (found by a review).
    mutating func follow(_ earlier: BuildReport, remaking remade: Int) {
        if case .full = earlier.kind { kind = earlier.kind }
        filesWritten += earlier.filesWritten - min(remade, filesWritten)
        filesRepaired = earlier.filesRepaired + max(0, filesRepaired - remade)
        filesRemoved += earlier.filesRemoved
        notesRendered += earlier.notesRendered
        duration += earlier.duration
    }
}
