import ArgumentParser
import BookplateKit
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new shelf: settings, an empty library, a notes folder and templates/ for your changes.")

    @Argument(
        help: "The folder for the new shelf: a new one, or an empty one such as '.'.", completion: .directory)
    var folder: String
    @Flag(
        help:
            "Also write .github/workflows/pages.yml, which publishes site/ to GitHub Pages; in a shelf you have ('.'), only that."
    )
    var githubPages = false

    /// A folder named with a control character (an escape pasted in) is refused: it was made, and
    /// `cd 'badname'` printed for it, a name without the character, which did not exist.
    func validate() throws {
        if let control = folder.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError(
                "the folder name holds a control character (\(String(format: "U+%04X", control.value))): "
                    + "choose a name you can type")
        }
    }

    func run() throws {
        let url = URL(fileURLWithPath: folder, relativeTo: try ShelfOptions.currentFolder).standardizedFileURL
        if githubPages, FileManager.default.fileExists(atPath: ShelfPaths(root: url).library.path) {
            // A shelf already: only the workflow is added.
            let workflow = Publishing.gitHubPagesWorkflowPath
            if try ShelfCreator.addGitHubPagesWorkflow(toShelfAt: url) {
                Terminal.output(
                    "Added \(workflow): it deploys site/ when you push to main"
                        + " (Settings → Pages → Source: GitHub Actions).")
            } else {
                Terminal.output("\(workflow) is there already: left as it is.")
            }
            return
        }
        let paths = try ShelfCreator.createShelf(at: url, githubPages: githubPages)
        let here = try url.path == ShelfOptions.currentFolder.standardizedFileURL.path
        var lines = [
            "Created a shelf in \(here ? "this folder" : folder): content/site.yaml, content/library.sqlite,"
                + " content/notes/, templates/.",
            "Next:",
        ]
        if !here { lines.append("  cd \(ShellWord.quoted(folder))") }
        lines += [
            "  bookplate search \"a book you love\"      then  bookplate add 1",
            "  bookplate build                           the site is in site/",
            "  bookplate serve                           preview at http://127.0.0.1:4000",
            "Edit \(paths.settings.lastPathComponent) in content/ to name the site and set where it will be published.",
            "The theme is built in: `bookplate theme copy FILE` puts a file in templates/ for you to change.",
        ]
        if githubPages {
            lines.append(
                "Publishing: \(Publishing.gitHubPagesWorkflowPath) deploys site/ when you push to main"
                    + " (Settings → Pages → Source: GitHub Actions).")
        }
        Terminal.output(lines.joined(separator: "\n"))
    }
}

struct ThemeCommand: CommandGroup {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "The built-in theme: list its files, or copy some into templates/ to change them.",
        subcommands: [ThemeListCommand.self, ThemeCopyCommand.self])
}

struct ThemeListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract:
            "List the default theme's files; '*' marks those your templates/ changes, '=' those it holds as they "
            + "are, '<' an older Bookplate's copy it holds unchanged, which this version's replaces.")

    @OptionGroup var shelf: ShelfOptions

    func run() throws {
        for (path, source) in ThemeFiles.sources(in: try shelf.paths.templates) {
            let mark =
                switch source {
                case .builtIn: "  "
                case .unchangedCopy: "= "
                case .olderCopy: "< "
                case .changed: "* "
                }
            Terminal.output(mark + path)
        }
    }
}

struct ThemeCopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy default theme files into templates/ to change them (all of them when none is named).")

    @OptionGroup var shelf: ShelfOptions
    @Argument(help: "Theme files or folders, such as book.mustache, partials or assets/style.css.") var files:
        [String] = []
    @Flag(help: "Replace the named files templates/ already has, changes and all.") var replace = false

    func run() throws {
        let templates = try shelf.paths.templates
        let outcomes = try ThemeFiles.copy(files, to: templates, replacing: replace)
        var kept = 0
        for outcome in outcomes {
            switch outcome {
            case .copied(let path): Terminal.output("copied \(templates.relativePathForDisplay)/\(path)")
            case .replaced(let path):
                Terminal.output(
                    "replaced \(templates.relativePathForDisplay)/\(path) with the theme's: your changes to it are gone"
                )
            case .updated(let path):
                Terminal.output(
                    "updated \(templates.relativePathForDisplay)/\(path): it was an older Bookplate's copy, unchanged")
            case .kept(let path):
                kept += 1
                Terminal.error(
                    "kept \(templates.relativePathForDisplay)/\(path): it is yours already (--replace to replace it)")
            }
        }
        if kept == outcomes.count, kept > 0 { throw ExitCode.failure }
    }
}
