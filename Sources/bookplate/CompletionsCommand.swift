import ArgumentParser
import BookplateKit
import Foundation

struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            (make the folder first: mkdir -p ~/.local/share/bash-completion/completions)
            bash:  bookplate completions bash > ~/.local/share/bash-completion/completions/bookplate
            zsh:   bookplate completions zsh > ~/.zfunc/_bookplate   (with fpath+=~/.zfunc before compinit)
            fish:  bookplate completions fish > ~/.config/fish/completions/bookplate.fish
            Commands, options, their values (statuses, sort orders, formats, sources) and the books on \
            the shelf complete.
            """)

    @Argument(help: "bash, zsh or fish.", completion: .list(["bash", "zsh", "fish"])) var shell: String

    func validate() throws {
        guard CompletionShell(rawValue: shell) != nil else {
            throw ValidationError("unknown shell '\(shell)': use bash, zsh or fish")
        }
    }

    func run() throws {
        guard let shell = CompletionShell(rawValue: shell) else { return }
        Terminal.output(BookplateCommand.completionScript(for: shell), terminator: "")
    }
}

extension CompletionKind {
    /// The slugs of the books on the shelf the command line is typed in (or of `--library`).
    static var books: CompletionKind {
        .custom { words, _, prefix in BookCompletion.slugs(words: words, prefix: prefix) }
    }
}

/// Reads the shelf's slugs for the shell, read-only: completing never creates or changes a file.
enum BookCompletion {
    static func slugs(words: [String], prefix: String) -> [String] {
        let current = ShelfOptions.currentFolder
        var library: URL?
        if let index = words.firstIndex(of: "--library"), index + 1 < words.count {
            library = URL(fileURLWithPath: words[index + 1], relativeTo: current)
        } else if let value = words.first(where: { $0.hasPrefix("--library=") }) {
            library = URL(fileURLWithPath: String(value.dropFirst("--library=".count)), relativeTo: current)
        } else if let chosen = ProcessInfo.processInfo.environment["BOOKPLATE_LIBRARY"], !chosen.isEmpty {
            library = URL(fileURLWithPath: chosen, relativeTo: current)
        } else if let root = ShelfPaths.enclosingShelf(of: current) {
            library = ShelfPaths(root: root).library
        }
        guard let library, let slugs = try? Library.slugs(readingOnly: library) else { return [] }
        return slugs.filter { $0.hasPrefix(prefix) }
    }
}

/// "Did you mean": a mistyped command is answered with the nearest ones.
enum CommandSuggestions {
    /// The message for `arguments` when its first word is no command, nil otherwise.
    static func message(for arguments: [String]) -> String? {
        guard let typed = arguments.first, !typed.hasPrefix("-") else { return nil }
        let names = BookplateCommand.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !names.contains(typed) else { return nil }
        let near = Suggestions.nearest(to: typed, in: names)
        let safeTyped = Terminal.safe(typed, as: .line)
        return "'\(safeTyped)' is not a bookplate command"
            + (near.isEmpty ? "" : ": did you mean \(near.joined(separator: " or "))?")
            + " (see 'bookplate --help')"
    }
}
