import Foundation

/// What iCloud Drive leaves of a file it evicts from this machine: `.kindred.md.icloud` in
/// place of `kindred.md`. The file is the reader's, only not here: whatever reads it says so
/// rather than taking it for gone (found by an exploratory session).
package enum ICloudPlaceholder {
    /// The placeholder's name for a file named `name`.
    package static func name(of name: String) -> String { ".\(name).icloud" }

    /// Whether the file at `url` is evicted: not there, its placeholder beside it.
    package static func stands(for url: URL) -> Bool {
        !FileManager.default.fileExists(atPath: url.path)
            && FileManager.default.fileExists(
                atPath: url.deletingLastPathComponent().appendingPathComponent(name(of: url.lastPathComponent)).path)
    }

    /// The name of the file the placeholder `name` stands for; nil for any other name.
    package static func original(of name: String) -> String? {
        guard name.hasPrefix("."), name.hasSuffix(".icloud"), name.count > ".icloud".count + 1 else { return nil }
        return String(name.dropFirst().dropLast(".icloud".count))
    }

    /// What to do about the evicted file at `path`, before `then` ("try again").
    package static func advice(_ path: String, then: String = "try again") -> String {
        "\(path) is in iCloud and not downloaded: open it in Finder or run `brctl download \(ShellWord.quoted(path))`, "
            + "then \(then)"
    }
}
