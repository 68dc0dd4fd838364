import Foundation

/// The `.removed/` folder beside notes and covers: where `remove` moves a book's files instead of
/// deleting them, and where `restore` finds them again.
package enum SetAside {
    /// Moves `file` into `folder/.removed/` as `<name>-<seconds>.<ext>` (with `-2`, `-3`… when
    /// that name is taken) and returns where it went.
    package static func move(_ file: URL, into folder: URL, named name: String, at date: Date) throws -> URL {
        let destination = destination(for: file, into: folder, named: name, at: date)
        try move(file, to: destination)
        return destination
    }

    /// Where ``move(_:into:named:at:)`` would put `file` now, without moving it: a removal
    /// records it in the library before the file moves.
    package static func destination(for file: URL, into folder: URL, named name: String, at date: Date) -> URL {
        let removed = folder.appendingPathComponent(".removed")
        let stem = "\(name)-\(Int(date.timeIntervalSince1970))"
        let ext = file.pathExtension
        var destination = removed.appendingPathComponent("\(stem).\(ext)")
        var counter = 2
        while FileManager.default.fileExists(atPath: destination.path) {
            destination = removed.appendingPathComponent("\(stem)-\(counter).\(ext)")
            counter += 1
        }
        return destination
    }

    /// Moves `file` to `destination` in a `.removed/` folder, making the folder when it is not
    /// there yet; never over a file.
    package static func move(_ file: URL, to destination: URL) throws {
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: file, to: destination)
    }

    /// Where `name` is kept in `folder/.removed/`; nil for a name that would lead out of it (a
    /// name the library keeps is checked before any file is touched by it).
    package static func url(of name: String, in folder: URL) -> URL? {
        guard !name.contains("/"), !name.hasPrefix(".") else { return nil }
        return folder.appendingPathComponent(".removed").appendingPathComponent(name)
    }

    /// Whether `name` is in `folder/.removed/`.
    package static func holds(_ name: String, in folder: URL) -> Bool {
        url(of: name, in: folder).map { FileManager.default.fileExists(atPath: $0.path) } ?? false
    }

    /// Moves `name` from `folder/.removed/` back to `destination`, never over a file there.
    package static func bringBack(_ name: String, from folder: URL, to destination: URL) -> Bool {
        guard let source = url(of: name, in: folder), FileManager.default.fileExists(atPath: source.path),
            !FileManager.default.fileExists(atPath: destination.path)
        else { return false }
        return (try? FileManager.default.moveItem(at: source, to: destination)) != nil
    }

    /// Deletes `name` from `folder/.removed/`, for `remove --purge`.
    package static func delete(_ name: String, from folder: URL) {
        guard let kept = url(of: name, in: folder) else { return }
        try? FileManager.default.removeItem(at: kept)
    }
}
