import ArgumentParser
import BookplateKit
import Foundation

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "Build the website from the library, the notes and the templates.")

    @OptionGroup var shelf: ShelfOptions
    @Option(
        help: ArgumentHelp("Where to write the site (default site/).", valueName: "folder"), completion: .directory)
    var output: String?
    @Option(
        help: ArgumentHelp("The theme's templates (default templates/).", valueName: "folder"), completion: .directory)
    var templates: String?
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
                "--base-url '\(baseURL)': "
                    + (SiteSettings.baseURLProblem(baseURL)
                        ?? "it is not an http(s) address such as https://example.org/shelf/"))
        }
    }

    func run() throws {
        var paths = try shelf.paths
        if let output { paths.site = URL(fileURLWithPath: output, relativeTo: try ShelfOptions.currentFolder) }
        if let templates {
            paths.templates = URL(fileURLWithPath: templates, relativeTo: try ShelfOptions.currentFolder)
        }
        var builder = SiteBuilder(
            library: try shelf.openLibrary(), paths: paths, requiresTemplatesFolder: templates != nil)
        builder.baseURLOverride = baseURL.flatMap(SiteSettings.baseURL(parsing:))
        builder.whileWaitingForAnotherBuild = {
            Terminal.error("Waiting for another build of this shelf (serve, or another terminal) to finish…")
        }
        let report = try builder.build(full ? .full : .incremental)
        for warning in report.everyWarning { Terminal.warning(warning) }
        let seconds = report.seconds
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
                    "filesWritten": .int(report.filesWritten), "filesRemoved": .int(report.filesRemoved),
                    "filesRepaired": .int(report.filesRepaired),
                    "seconds": .double((seconds * 1000).rounded() / 1000), "warnings": .strings(report.warnings),
                    "orphanNotes": .strings(report.orphanNotes), "oversizedNotes": .strings(report.oversizedNotes),
                ]))
            return
        }
        if let note = report.fullBuildNote { Terminal.error(note) }
        Terminal.output(report.summary(site: site))
    }
}
