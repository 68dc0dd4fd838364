import Foundation

/// A mark in a shelf's state folder that an import is writing its notes: `importing-<pid>`. A build
/// that ran meanwhile found those notes before their books were in the library, and told the
/// reader, a line each, to rename or move them away, which would have broken the import (found
/// by an exploratory session). A mark whose process is gone (killed) counts for nothing.
package struct ImportUnderWay: Sendable {
    let file: URL

    /// Marks an import under way in `folder`; nil when the mark cannot be made (the import goes
    /// on: the mark only spares a build's reader a misleading warning).
    package static func begin(in folder: URL) -> ImportUnderWay? {
        let file = folder.appendingPathComponent("importing-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data().write(to: file)
        } catch {
            return nil
        }
        return ImportUnderWay(file: file)
    }

    /// Takes the mark away.
    package func end() {
        try? FileManager.default.removeItem(at: file)
    }

    /// Whether an import marked in `folder` is under way in a process that is still running.
    package static func isUnderWay(in folder: URL) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.contains { name in
            guard name.hasPrefix("importing-"), let pid = Int32(name.dropFirst("importing-".count)) else {
                return false
            }
            return !WorkingFiles.isGone(pid)
        }
    }
}
