import ArgumentParser
import BookplateKit
import Foundation

struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        // Each install line fits 80 columns, where ArgumentParser wraps the help when piped: the
        // bash line was cut between '>' and its target, and pasting it was a syntax error (found by
        // an exploratory session). Its long one goes on after a backslash, as the shell reads it.
        discussion: """
            Install it where your shell looks (make the folder first, if it has none):
            bash:
              mkdir -p ~/.local/share/bash-completion/completions
              bookplate completions bash \\
                > ~/.local/share/bash-completion/completions/bookplate
            zsh (with fpath+=~/.zfunc before compinit in ~/.zshrc):
              bookplate completions zsh > ~/.zfunc/_bookplate
            fish:
              bookplate completions fish > ~/.config/fish/completions/bookplate.fish
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
        Terminal.output(
            HelpCompletion.script(BookplateCommand.completionScript(for: shell), for: shell), terminator: "")
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
        guard let current = try? ShelfOptions.currentFolder else { return [] }
        var library: URL?
        if let index = words.firstIndex(of: "--library"), index + 1 < words.count {
            library = URL(fileURLWithPath: words[index + 1], relativeTo: current)
        } else if let value = words.first(where: { $0.hasPrefix("--library=") }) {
            library = URL(fileURLWithPath: String(value.dropFirst("--library=".count)), relativeTo: current)
        } else if let chosen = try? ShelfOptions.libraryFromEnvironment {
            library = URL(fileURLWithPath: chosen, relativeTo: current)
        } else if let root = try? ShelfOptions.enclosingShelf {
            library = ShelfPaths(root: root).library
        }
        guard let library, let slugs = try? Library.slugs(readingOnly: library) else { return [] }
        return slugs.filter { $0.hasPrefix(prefix) }
    }
}

/// "Did you mean": a mistyped command is answered with the nearest ones.
enum CommandSuggestions {
    /// The message for `arguments` when its first word is no command, or its second no command of
    /// the first's (`read lsit kindred` was "2 unexpected arguments: 'lsit', 'kindred'": found by an
    /// exploratory session); nil otherwise.
    ///
    /// After `help`, the same: `help lsit` and `help read nosuch` printed the top-level help and
    /// exited 0 (found by an exploratory session).
    static func message(for arguments: [String]) -> String? {
        guard let typed = arguments.first, !typed.hasPrefix("-") else { return nil }
        if typed == "help", arguments.count > 1 { return message(for: Array(arguments.dropFirst())) }
        let commands = BookplateCommand.configuration.subcommands
        let names = commands.compactMap { $0.configuration.commandName } + ["help"]
        guard let command = commands.first(where: { $0.configuration.commandName == typed }) else {
            guard !names.contains(typed) else { return nil }
            return unknown(typed, among: names, in: "bookplate")
        }
        let subcommands = command.configuration.subcommands.compactMap { $0.configuration.commandName }
        guard !subcommands.isEmpty, command.configuration.defaultSubcommand == nil, arguments.count > 1 else {
            return nil
        }
        let second = arguments[1]
        guard !second.hasPrefix("-"), !(subcommands + ["help"]).contains(second) else { return nil }
        return unknown(second, among: subcommands, in: "bookplate \(typed)")
    }

    /// `arguments` with `X help [SUB…]` as `help X [SUB…]`, for a command X that has commands of
    /// its own: `read help` said "Unexpected argument 'help'" where `help read` helped (found by
    /// an exploratory session). After any other command `help` is a value (`show help`).
    static func helpFirst(_ arguments: [String]) -> [String] {
        guard arguments.count > 1, arguments[1] == "help",
            let command = BookplateCommand.configuration.subcommands.first(where: {
                $0.configuration.commandName == arguments[0]
            }),
            !command.configuration.subcommands.isEmpty
        else { return arguments }
        return ["help", arguments[0]] + arguments.dropFirst(2)
    }

    private static func unknown(_ typed: String, among names: [String], in command: String) -> String {
        let near = Suggestions.nearest(to: typed, in: names)
        let safeTyped = Terminal.safe(typed, as: .line)
        return "'\(safeTyped)' is not a \(command) command"
            + (near.isEmpty ? "" : ": did you mean \(near.joined(separator: " or "))?")
            + " (see '\(command) --help')"
    }

    /// The message for the first argument that is no UTF-8 (a file name an older system saved in
    /// Latin-1): Swift reads it with U+FFFD for its bytes, so `import` said there was no such file
    /// and `export --output` wrote another (found by an exploratory session). Nil when all are.
    static func messageForArgumentNotUTF8() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else {
                continue
            }
            let shown = Terminal.safe(String(cString: argument), as: .line)
            return "'\(shown)' is not UTF-8 text: name the file in UTF-8 (rename it), or type the text in UTF-8"
        }
        return nil
    }
}
