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
}
