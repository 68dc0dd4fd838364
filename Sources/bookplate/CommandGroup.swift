import ArgumentParser

/// A command that only groups others (`read`, `quote`, `theme`). Named alone, it is missing its
/// subcommand, as a command is missing an argument: an error with its usage, status 64. It
/// printed its help and exited 0, as though it had done what was asked (found by an exploratory
/// session). `bookplate` alone still prints its help, as a program's name alone usually does.
protocol CommandGroup: ParsableCommand {}

extension CommandGroup {
    func run() throws {
        let names = Self.configuration.subcommands.compactMap { $0.configuration.commandName }
        var choices = names.joined(separator: ", ")
        if names.count > 1, let last = names.last { choices = names.dropLast().joined(separator: ", ") + " or " + last }
        throw ValidationError(
            "'bookplate \(BookplateCommand.path(of: Self.self))' needs one of its commands: \(choices)")
    }
}
