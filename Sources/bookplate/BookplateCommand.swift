import ArgumentParser
import BookplateKit

@main
struct BookplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookplate",
        abstract: "Keep your books and notes in a local library and publish them as a static website.",
        version: Bookplate.version,
        subcommands: [
            AddCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self, RemoveCommand.self,
            NoteCommand.self, BuildCommand.self,
        ]
    )
}
