import ArgumentParser
import BookplateKit
import Foundation

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "Build the website from the library, the notes and the templates.")

    @OptionGroup var shelf: ShelfOptions
    @Option(help: ArgumentHelp("Where to write the site (default site/).", valueName: "folder")) var output: String?
    @Option(help: ArgumentHelp("The theme's templates (default templates/).", valueName: "folder")) var templates:
        String?
    @Option(
        help: ArgumentHelp(
            "Publish at this address for this build only, as for a preview deploy (default: base_url in site.yaml).",
            valueName: "url"))
    var baseURL: String?
    @Flag(help: "Make and write every file, trusting nothing the last build left.") var full = false
    @Flag(help: "Print what the build did as JSON, for scripts (warnings still go to standard error).") var json =
        false

    func validate() throws {
        if let baseURL, SiteSettings.baseURL(parsing: baseURL) == nil {
            throw ValidationError(
                "--base-url '\(baseURL)' is not an http(s) address such as https://example.org/shelf/")
        }
    }

    func run() throws {
        var paths = try shelf.paths
        if let output { paths.site = URL(fileURLWithPath: output, relativeTo: ShelfOptions.currentFolder) }
        if let templates { paths.templates = URL(fileURLWithPath: templates, relativeTo: ShelfOptions.currentFolder) }
        var builder = SiteBuilder(
            library: try shelf.openLibrary(), paths: paths, requiresTemplatesFolder: templates != nil)
        builder.baseURLOverride = baseURL.flatMap(SiteSettings.baseURL(parsing:))
        let report = try builder.build(full ? .full : .incremental)
        for note in report.oversizedNotes {
            Terminal.error(
                "warning: \(note) is over \(NoteStore.largestPublished / 1024 / 1024) MB and was left off its book's page:"
                    + " shorten it or split it")
        }
        for warning in report.warnings { Terminal.error("warning: \(warning)") }
        for orphan in report.orphanNotes {
            Terminal.error(
                "warning: \(orphan) belongs to no book on the shelf: rename it to a book's slug or move it away")
        }
        let seconds = Double(report.duration.components.attoseconds) / 1e18 + Double(report.duration.components.seconds)
        let time = String(format: "%.2f", seconds)
        let site = paths.site.relativePathForDisplay
        if json {
            let kind: String
            var fullReason: String?
            switch report.kind {
            case .upToDate: kind = "up-to-date"
            case .notesOnly: kind = "notes"
            case .partial: kind = "partial"
            case .full(let reason):
                kind = "full"
                if case .unusableState(let why) = reason { fullReason = why }
            }
            try JSONOutput.print(
                "build",
                .object([
                    "kind": .string(kind), "stateNotUsedBecause": .optional(fullReason), "site": .string(site),
                    "pages": .int(report.pageCount), "books": .optional(report.bookCount),
                    "authors": .optional(report.authorCount), "files": .int(report.fileCount),
                    "filesWritten": .int(report.filesWritten), "filesRepaired": .int(report.filesRepaired),
                    "seconds": .double((seconds * 1000).rounded() / 1000), "warnings": .strings(report.warnings),
                    "orphanNotes": .strings(report.orphanNotes), "oversizedNotes": .strings(report.oversizedNotes),
                ]))
            return
        }
        let repaired =
            report.filesRepaired == 0
            ? "" : ", \(report.filesRepaired) found changed or missing in \(site)/ and written again"
        switch report.kind {
        case .upToDate:
            Terminal.output(
                "Nothing changed: \(site)/ is up to date (\(counted(report.pageCount, "page"))), checked in \(time) s")
        case .notesOnly:
            Terminal.output(
                "Notes changed: rewrote \(report.filesWritten) of \(counted(report.pageCount, "page")) in \(time) s → \(site)/"
            )
        case .partial, .full:
            if case .full(.unusableState(let reason)) = report.kind {
                Terminal.error("note: built in full, as the last build's state was not used: \(reason)")
            }
            let books = report.bookCount ?? 0
            let authors = report.authorCount ?? 0
            let written =
                (report.filesWritten == report.fileCount ? "" : ", \(counted(report.filesWritten, "file")) changed")
                + repaired
            Terminal.output(
                "Built \(counted(report.pageCount, "page")) (\(counted(books, "book")), \(counted(authors, "author"))\(written)) in \(time) s → \(site)/"
            )
        }
    }
}
