import BookplateCatalog
import BookplateCore
import BookplateImport
import BookplateLibrary
import BookplateSite
import Foundation

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
            // A program that is not there is said in one line, before the shell says it its way.
            if let program = EditorLauncher.program(in: editor),
                !EditorLauncher.exists(program, path: environment["PATH"] ?? "/usr/bin:/bin")
            {
                throw NoteError.editorNotFound(editor: editor)
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\(editor) \"$1\"", "bookplate-editor", url.path]
            do {
                try process.run()
            } catch {
                throw NoteError.editorFailed(editor: editor, status: -1)
            }
            process.waitUntilExit()
            // 127: the shell found no such command.
            guard process.terminationStatus != 127 else { throw NoteError.editorNotFound(editor: editor) }
            guard process.terminationStatus == 0 else {
                throw NoteError.editorFailed(editor: editor, status: process.terminationStatus)
            }
        }
    }

    /// The program a plain editor command runs (`code` of `code --wait`); nil when the command
    /// has anything the shell reads its own way (quotes, variables, several commands), which
    /// the shell is then left to run.
    static func program(in editor: String) -> String? {
        let trimmed = editor.trimmingCharacters(in: .whitespaces)
        guard !trimmed.contains(where: { "\"'`$;&|<>(){}\\".contains($0) }) else { return nil }
        return trimmed.split(whereSeparator: \.isWhitespace).first.map(String.init)
    }

    /// Whether `program` is an executable file, as named or on the `path` the shell searches.
    static func exists(_ program: String, path: String) -> Bool {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
        return path.split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(program)")
        }
    }
}
