import BookplateCore
import Foundation

extension BuildReport {
    /// The build's one line for a person: what kind of build it was, how many pages the site has and
    /// how many files were rewritten and removed, how long it took, and where the site is — "Notes
    /// changed: rewrote 1 of 58 pages in 0.04 s → site/". Made here so that `build` and `serve` say
    /// the same thing: `serve` said "Rebuilt 58 pages" after one note's edit had rewritten one.
    /// A file is rewritten when what it is made of changed, though it may come out the same (a
    /// template's change rewrites every page): "changed" said more than was known, and a file
    /// removed was not counted at all (found by an exploratory session).
    /// The line that says a build was made in full because the last build's state could not be
    /// used (a build killed halfway, a state of another library), as `build` and `serve` print it;
    /// nil for any other build.
    public var fullBuildNote: String? {
        guard case .full(.unusableState(let reason)) = kind else { return nil }
        return "note: built in full, as the last build's state was not used: \(reason)"
    }

    public func summary(site: String) -> String {
        let time = String(format: "%.2f", seconds)
        switch kind {
        case .upToDate:
            // Files put by hand in Bookplate's folders were taken out, and named in a warning.
            let nothing = filesRemoved > 0 ? "Nothing else changed" : "Nothing changed"
            return "\(nothing): \(site)/ is up to date (\(Self.counted(pageCount, "page"))), checked in \(time) s"
        case .notesOnly where filesWritten == 0 && notesReadAsBefore:
            // A note saved unchanged, or touched, was said to have changed (found by an
            // exploratory session).
            return "The notes saved since the last build are as they were: \(site)/ is up to date "
                + "(\(Self.counted(pageCount, "page"))), checked in \(time) s"
        case .notesOnly where filesWritten == 0:
            // A note of no book changed: "rewrote 0 of 62 pages" (found by an exploratory session).
            return "No page shows the notes that changed: \(site)/ is up to date (\(Self.counted(pageCount, "page"))), "
                + "checked in \(time) s"
        case .notesOnly:
            return
                "Notes changed: rewrote \(filesWritten) of \(Self.counted(pageCount, "page")) in \(time) s → \(site)/"
        case .partial where filesWritten == 0 && filesRemoved == 0 && filesRepaired == 0:
            // What the site is made of changed (the time zone, which only the highlights feed's
            // times show), yet no file came out different: "Built 132 pages (…; rewrote 0 files)"
            // (found by an exploratory session).
            return "No file of \(site)/ changed: it is up to date (\(Self.counted(pageCount, "page"))), checked in "
                + "\(time) s"
        case .partial, .full:
            let repaired =
                filesRepaired == 0 ? "" : ", \(filesRepaired) found changed or missing in \(site)/ and written again"
            var written = filesWritten == fileCount ? "" : "; rewrote \(Self.counted(filesWritten, "file"))"
            if filesRemoved > 0 {
                written += written.isEmpty ? "; removed \(filesRemoved)" : ", removed \(filesRemoved)"
            }
            written += repaired
            return "Built \(Self.counted(pageCount, "page")) (\(Self.counted(bookCount ?? 0, "book")), "
                + "\(Self.counted(authorCount ?? 0, "author"))\(written)) in \(time) s → \(site)/"
        }
    }

    /// How long the build took, in seconds.
    public var seconds: Double {
        Double(duration.components.attoseconds) / 1e18 + Double(duration.components.seconds)
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
