import BookplateCatalog
import BookplateCore
import BookplateImport
import BookplateLibrary
import BookplateSite
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opens a file in the reader's editor and waits until they close it.
public struct EditorLauncher: Sendable {
    public var edit: @Sendable (URL) throws -> Void

    public init(edit: @escaping @Sendable (URL) throws -> Void) {
        self.edit = edit
    }

    /// Runs `$VISUAL`, else `$EDITOR`, through the shell (so `code --wait` works), attached to
    /// this terminal.
    public static func system(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> EditorLauncher
    {
        EditorLauncher { url in
            let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
                .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            guard let editor else { throw NoteError.noEditor(path: url.relativePathForDisplay) }
            // A program that is not there is said in one line, before the shell says it its way
            // (a path with a space in it, unquoted, is the program it names).
            if !FileManager.default.isExecutableFile(atPath: editor.trimmingCharacters(in: .whitespaces)),
                let program = EditorLauncher.program(in: editor),
                !EditorLauncher.exists(program, path: environment["PATH"] ?? "/usr/bin:/bin", home: environment["HOME"])
            {
                throw NoteError.editorNotFound(editor: editor)
            }
            let status = try EditorLauncher.runInThisTerminal(
                [
                    "/bin/sh", "-c", EditorLauncher.command(for: editor), "bookplate-editor", url.path,
                    editor.trimmingCharacters(in: .whitespaces),
                ], editor: editor)
            // 127: the shell found no such command.
            guard status != 127 else { throw NoteError.editorNotFound(editor: editor) }
            guard status == 0 else { throw NoteError.editorFailed(editor: editor, status: status) }
        }
    }

    /// Runs `arguments` as `system(3)` does and returns its exit status: in this process's group,
    /// so that the editor is the terminal's foreground and may read it, while this process
    /// ignores Ctrl-C and Ctrl-\ (the editor's to handle) until it ends. Foundation's `Process`
    /// puts the child in a group of its own, where a terminal editor (vi, nano) was stopped by
    /// the kernel as soon as it touched the terminal, and `note` hung (found by an exploratory
    /// session).
    static func runInThisTerminal(_ arguments: [String], editor: String) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The editor gets the signals' usual handling back, whatever this process does with them:
        // Ctrl-C and Ctrl-\ handled as by default, and no signal blocked. A command runs on one of
        // Dispatch's threads, which block almost every signal, and a child keeps its spawner's
        // mask: the editor ran deaf to Ctrl-C, to a resized window and to a closed terminal
        // (found by a review).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        sigaddset(&defaults, SIGCHLD)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        // An ignored SIGCHLD, inherited from whoever started Bookplate, has the kernel reap the
        // editor itself, and the wait below would find no child.
        let previousChild = signal(SIGCHLD, SIG_DFL)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
            signal(SIGCHLD, previousChild)
        }
        var child: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        guard posix_spawn(&child, arguments[0], nil, &attributes, argv, environ) == 0 else {
            throw NoteError.editorFailed(editor: editor, status: -1)
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 {
            guard errno == EINTR else { throw NoteError.editorFailed(editor: editor, status: -1) }
        }
        // Exited: its status; killed by a signal: the shell's way, 128 and the signal.
        let signalled = status & 0x7f
        return signalled == 0 ? (status >> 8) & 0xff : 128 + signalled
    }

    /// The shell's command that opens the note (`$1`) in `editor` (also given, trimmed, as `$2`):
    /// the editor in the shell's place (`exec`), so that no shell waits between it and this
    /// process to die of the Ctrl-C the editor takes as a key; not where `exec` would read the
    /// command otherwise (several commands, a subshell or group, a variable set before the
    /// program: `exec FOO='a b' vim` runs a program named `FOO=a b`). A path to a program with
    /// a space in it, unquoted, runs that program (it was said not to be found).
    static func command(for editor: String) -> String {
        let trimmed = editor.trimmingCharacters(in: .whitespaces)
        if !trimmed.contains(where: { "\"'\\".contains($0) }), trimmed.contains(" "),
            FileManager.default.isExecutableFile(atPath: trimmed)
        {
            return #"exec "$2" "$1""#
        }
        let firstWord = trimmed.prefix { !$0.isWhitespace }
        let readOwnWay =
            trimmed.contains { ";&|\n".contains($0) } || trimmed.hasPrefix("(") || trimmed.hasPrefix("{")
            || firstWord.contains("=")
        return (readOwnWay ? "" : "exec ") + "\(editor) \"$1\""
    }

    /// The program a plain editor command runs (`code` of `code --wait`); nil when the command
    /// has anything the shell reads its own way (quotes, variables, several commands), which
    /// the shell is then left to run.
    static func program(in editor: String) -> String? {
        let trimmed = editor.trimmingCharacters(in: .whitespaces)
        guard !trimmed.contains(where: { "\"'`$;&|<>(){}\\".contains($0) }) else { return nil }
        // Variables set before the program ("NVIM_APPNAME=x nvim") are not it (it was said not to be
        // found: found by an exploratory session).
        return trimmed.split(whereSeparator: \.isWhitespace).first { !$0.contains("=") }.map(String.init)
    }

    /// Whether `program` is an executable file, as named or on the `path` the shell searches.
    /// A leading tilde is the home folder, as the shell reads it: `EDITOR='~/bin/ed'`, quoted in a
    /// shell's startup file, runs in `sh` and in git, and was refused as not found (found by an
    /// exploratory session).
    static func exists(_ program: String, path: String, home: String? = nil) -> Bool {
        let program = expandingTilde(program, home: home)
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
        return path.split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(program)")
        }
    }

    /// `word` with a leading `~` or `~/` made the home folder (`home`, else the user's own), and a
    /// leading `~name/` that user's, as the shell expands an unquoted word; as it is otherwise.
    static func expandingTilde(_ word: String, home: String?) -> String {
        guard word.hasPrefix("~") else { return word }
        let user = word.dropFirst().prefix { $0 != "/" }
        let homeOf = { (entry: UnsafeMutablePointer<passwd>?) in entry.map { String(cString: $0.pointee.pw_dir) } }
        guard let folder = user.isEmpty ? home ?? homeOf(getpwuid(getuid())) : homeOf(getpwnam(String(user)))
        else { return word }
        return folder + word.dropFirst(1 + user.count)
    }
}
