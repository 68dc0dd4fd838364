import ArgumentParser
import Foundation

/// The question a command asks before it deletes what cannot come back (`remove`, `quote remove`,
/// `read remove`): asked on a terminal, and without one only `--yes` goes on.
enum Confirmation {
    /// Goes on when `yes` was given or the reader answers yes; otherwise says nothing was removed
    /// and ends the command with success, as declining `add`'s picker does (declining is not a
    /// failure: it exited 1, found by an exploratory session), or, with no terminal to ask on,
    /// with a usage error.
    /// `doing` names what is not done without a yes, and `nothingDone` what the answer no
    /// leaves (a merge removes a record too, and says it as a merge).
    static func ask(
        _ question: String, unless yes: Bool, doing: String = "removing", nothingDone: String = "Nothing removed."
    ) throws {
        if yes { return }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw ValidationError("not \(doing) without a yes: run it on a terminal, or pass --yes")
        }
        // The end of input (Ctrl-D) is a no, on a line of its own: it was answered "run it on a
        // terminal", on the terminal it was running on.
        let answer = Terminal.ask(question + " [y/N] ")
        guard let answer, ["y", "yes"].contains(answer.lowercased()) else {
            if answer == nil { Terminal.output("") }
            Terminal.output(nothingDone)
            throw ExitCode.success
        }
    }
}
