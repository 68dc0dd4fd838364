import ArgumentParser

/// What `bookplate help <TAB>` completes: the commands `help` explains, and after one that has
/// commands of its own (`help read <TAB>`) those. ArgumentParser's own `help` completes nothing
/// in any shell, so each script gets a completion for it from the command tree, written after
/// ArgumentParser's: bash and zsh take the later function of a name, fish adds its lines.
enum HelpCompletion {
    /// The commands, each with its own commands, in the order `--help` lists them.
    static var commands: [(name: String, subcommands: [String])] {
        BookplateCommand.configuration.subcommands.compactMap { command in
            command.configuration.commandName.map { name in
                (name, command.configuration.subcommands.compactMap { $0.configuration.commandName })
            }
        }
    }

    /// `script`, ArgumentParser's completion script for `shell`, with `help` completing.
    static func script(_ script: String, for shell: CompletionShell) -> String {
        let names = commands.map(\.name).joined(separator: " ")
        let nested = commands.filter { !$0.subcommands.isEmpty }
        switch shell {
        case .bash:
            // Its words on lines of their own: the script's `compgen` splits them at line breaks.
            let words = { (names: [String]) in "$'" + names.joined(separator: "\\n") + "'" }
            let cases = nested.map {
                "        \($0.name)) __bookplate_add_completions -W \(words($0.subcommands)) ;;"
            }
            return script + """

                # `help` completes the commands it explains (ArgumentParser's own completes none).
                _bookplate_help() {
                    local -a typed=()
                    local -i count=$((${#unparsed_words[@]} - 1))
                    local word
                    for word in "${unparsed_words[@]:0:count}"; do
                        [[ "${word}" == -* ]] || typed+=("${word}")
                    done
                    case "${#typed[@]}" in
                    0) __bookplate_add_completions -W \(words(commands.map(\.name))) ;;
                    1)
                        case "${typed[0]}" in
                \(cases.joined(separator: "\n"))
                        esac
                        ;;
                    esac
                }

                """
        case .zsh:
            let cases = nested.map {
                "        \($0.name)) _values subcommand \($0.subcommands.joined(separator: " ")) && ret=0 ;;"
            }
            return script.replacingOccurrences(
                of: "\nif [[ \"${funcstack[1]}\" = _bookplate ]]; then",
                with: """

                    # `help` completes the commands it explains (ArgumentParser's own completes none).
                    _bookplate_help() {
                        local -i ret=1
                        local context state state_descr line
                        local -A opt_args
                        _arguments -w -s -S : '1:command:(\(names))' '2:subcommand:->subcommand' \\
                            '--version[Show the version.]' && ret=0
                        case "${state}" in
                        subcommand)
                            case "${line[1]}" in
                    \(cases.joined(separator: "\n"))
                            esac
                            ;;
                        esac
                        return "${ret}"
                    }

                    if [[ "${funcstack[1]}" = _bookplate ]]; then
                    """)
        case .fish:
            let first = "__fish_seen_subcommand_from help; and test (count (commandline -opc)) -eq 2"
            var lines = [
                "", "# `help` completes the commands it explains (ArgumentParser's own completes none).",
                "complete -c 'bookplate' -n '\(first)' -fa '\(names)'",
            ]
            for command in nested {
                let condition =
                    "__fish_seen_subcommand_from help; and test (count (commandline -opc)) -eq 3; "
                    + "and contains -- (commandline -opc)[3] \(command.name)"
                lines.append(
                    "complete -c 'bookplate' -n '\(condition)' -fa '\(command.subcommands.joined(separator: " "))'")
            }
            return script + lines.joined(separator: "\n") + "\n"
        default:
            return script
        }
    }
}
