import ArgumentParser
import BookplateKit
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new shelf: settings, an empty library, the default theme and a notes folder.")

    @Argument(help: "The folder for the new shelf (it must not exist yet, or be empty).") var folder: String

    func run() throws {
        let url = URL(
            fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let paths = try ShelfCreator.createShelf(at: url)
        Terminal.output(
            """
            Created a shelf in \(folder): content/site.yaml, content/library.sqlite, content/notes/, templates/.
            Next:
              cd \(folder)
              bookplate search "a book you love"      then  bookplate add 1
              bookplate build                           the site is in site/
              bookplate serve                           preview at http://127.0.0.1:4000
            Edit \(paths.settings.lastPathComponent) in content/ to name the site and set where it will be published.
            """)
    }
}
