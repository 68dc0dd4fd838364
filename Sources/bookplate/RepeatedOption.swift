import ArgumentParser
import Foundation

/// An option that takes one value given more than once: ArgumentParser keeps the last and drops
/// the others without a word, so `add --isbn A --isbn B --isbn C` added C alone and exited 0
/// (found by an exploratory session). ArgumentParser has no setting to refuse it; the command's
/// own description (the JSON of `--experimental-dump-help`) says which options take one value.
enum RepeatedOption {
    /// The line refusing the first option of `command` that takes one value and is given more
    /// than once in `arguments`; nil when there is none.
    static func message(for command: ParsableCommand.Type, arguments: [String]) -> String? {
        guard let info = try? JSONDecoder().decode(Described.self, from: Data(command._dumpHelp().utf8)) else {
            return nil
        }
        let single = (info.command.arguments ?? []).filter { $0.kind == "option" && !$0.isRepeating }
        // Words after `--` are text, never options.
        let given = arguments.prefix { $0 != "--" }
        for option in single {
            let spellings = (option.names ?? []).map { $0.kind == "long" ? "--\($0.name)" : "-\($0.name)" }
            let count = given.filter { word in
                spellings.contains { word == $0 || ($0.hasPrefix("--") && word.hasPrefix($0 + "=")) }
            }.count
            guard count > 1, let shown = spellings.first(where: { $0.hasPrefix("--") }) ?? spellings.first else {
                continue
            }
            let advice =
                shown == "--isbn" && command.configuration.commandName == "add" ? "; add books one at a time" : ""
            return "\(shown) is given \(count) times, and takes one value: give it once\(advice)"
        }
        return nil
    }

    /// What of the command's description this reads.
    private struct Described: Decodable {
        var command: Command

        struct Command: Decodable {
            var arguments: [Argument]?
        }

        struct Argument: Decodable {
            var kind: String
            var isRepeating: Bool
            var names: [Name]?
        }

        struct Name: Decodable {
            var kind: String
            var name: String
        }
    }
}
