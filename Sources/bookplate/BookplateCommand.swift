import ArgumentParser
import BookplateKit

@main
struct BookplateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookplate",
        abstract: "Keep your books and notes in a local library and publish them as a static website.",
        version: Bookplate.version,
        subcommands: [
            SearchCommand.self, AddCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self,
            RemoveCommand.self, EditionsCommand.self, AuthorCommand.self, RefreshCommand.self,
            NoteCommand.self, BuildCommand.self, InitCommand.self, ServeCommand.self, ImportCommand.self,
            ExportCommand.self,
        ]
    )

    /// ArgumentParser's own `main`, but for errors written through ``Terminal``: a message can
    /// quote a title or a catalog's answer.
    static func main() async {
        do {
            var command = try await asyncParseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            Terminal.exit(withError: error)
        }
    }
}
