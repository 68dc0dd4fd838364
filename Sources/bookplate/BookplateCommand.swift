import ArgumentParser
import BookplateKit
import Foundation

@main
struct BookplateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookplate",
        abstract: "Keep your books and notes in a local library and publish them as a static website.",
        version: Bookplate.version,
        subcommands: [
            SearchCommand.self, AddCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self,
            RemoveCommand.self, RestoreCommand.self, EditionsCommand.self, AuthorCommand.self, RefreshCommand.self,
            ReadCommand.self, QuoteCommand.self, NoteCommand.self, BuildCommand.self, InitCommand.self,
            ServeCommand.self,
            ImportCommand.self,
            ExportCommand.self, ThemeCommand.self, CompletionsCommand.self,
        ]
    )

    /// "theme copy": the words that run `command` after `bookplate`.
    static func path(of command: ParsableCommand.Type) -> String {
        func find(_ node: ParsableCommand.Type, _ trail: [String]) -> [String]? {
            if node == command { return trail }
            for child in node.configuration.subcommands {
                if let found = find(child, trail + [child.configuration.commandName ?? ""]) { return found }
            }
            return nil
        }
        return (find(BookplateCommand.self, []) ?? []).joined(separator: " ")
    }

    /// ArgumentParser's own `main`, but for errors written through ``Terminal``: a message can
    /// quote a title or a catalog's answer.
    static func main() async {
        // `add >&-` added the book and then failed, saying "could not write the output: Invalid
        // argument" (found by an exploratory session). Refused before anything is read or changed,
        // as output is what most commands are for: a script would read none as an empty answer.
        // A closed standard error or input is let be: both are /dev/null now.
        if StandardStreams.outputWasClosed {
            Terminal.error(
                "Error: standard output is closed: send it to a file, or to /dev/null to discard it (>/dev/null, not >&-)"
            )
            Foundation.exit(ExitCode.failure.rawValue)
        }
        let arguments = CommandSuggestions.helpFirst(Array(CommandLine.arguments.dropFirst()))
        if let message = CommandSuggestions.messageForArgumentNotUTF8()
            ?? CommandSuggestions.message(for: arguments)
        {
            Terminal.error("Error: " + message)
            JSONOutput.failure(message, status: ExitCode.validationFailure.rawValue)
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        let command: ParsableCommand
        do {
            command = try await asyncParseAsRoot(arguments)
        } catch {
            if exitCode(for: error) != .success,
                let message = DashedText.message(fullMessage(for: error), arguments: arguments)
            {
                Terminal.error(message)
                JSONOutput.failure(message, status: ExitCode.validationFailure.rawValue)
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            Terminal.exit(withError: error)
        }
        // A text that begins with '-' can only have parsed as options: "- a dash line" as `-h`.
        if let message = DashedText.message(nil, arguments: arguments) {
            Terminal.error(message)
            JSONOutput.failure(message, status: ExitCode.validationFailure.rawValue)
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        if let message = RepeatedOption.message(for: type(of: command), arguments: arguments) {
            Terminal.error("Error: " + message)
            JSONOutput.failure(message, status: ExitCode.validationFailure.rawValue)
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        // A shell left in a folder that was deleted, or replaced by a restore or a sync client,
        // gives no current folder: no shelf can be found from it nor any path read, so every
        // command says so rather than guess (found by an exploratory session). So does a current
        // folder whose path is no UTF-8: any `String` for it names another folder.
        if case .failure(let problem) = ShelfPaths.currentFolder(followingShell: false) {
            Terminal.exit(withError: ShelfLocationError(problem))
        }
        // Before any other thread runs, as it changes the environment for a moment; only for a
        // command that asks the catalogs, as the others make no transport (every command made
        // Foundation's cookie storage on start).
        if command is AsksTheCatalogs { URLSessionTransport.makeSharedCookieStorageInPlace() }
        do {
            var running = command
            if var asyncCommand = running as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try running.run()
            }
        } catch let error as ValidationError {
            // A mistake found once the command runs is shown with that command's usage, as
            // ArgumentParser shows those it finds while parsing.
            Terminal.error("Error: \(Terminal.safe(error.message, as: .line))")
            JSONOutput.failure(error.message, status: ExitCode.validationFailure.rawValue, whole: true)
            Terminal.error(
                "Usage: "
                    + usageString(for: type(of: command)).replacingOccurrences(of: "\n", with: "\n       ")
                    .trimmingCharacters(in: .whitespaces))
            Terminal.error(
                "  See 'bookplate \(Self.path(of: type(of: command))) --help' for more information.")
            Foundation.exit(ExitCode.validationFailure.rawValue)
        } catch {
            Terminal.exit(withError: error)
        }
    }
}

/// A command that may ask the catalogs over the network: `main` readies the process for its
/// transport before it runs (``URLSessionTransport/makeSharedCookieStorageInPlace()``).
protocol AsksTheCatalogs {}

extension SearchCommand: AsksTheCatalogs {}
extension AddCommand: AsksTheCatalogs {}
extension EditCommand: AsksTheCatalogs {}
extension EditionsCommand: AsksTheCatalogs {}
extension RefreshCommand: AsksTheCatalogs {}
extension ImportCommand: AsksTheCatalogs {}
