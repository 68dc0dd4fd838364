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
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\(editor) \"$1\"", "bookplate-editor", url.path]
            do {
                try process.run()
            } catch {
                throw NoteError.editorFailed(editor: editor, status: -1)
            }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw NoteError.editorFailed(editor: editor, status: process.terminationStatus)
            }
        }
    }
}
