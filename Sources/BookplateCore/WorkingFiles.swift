import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Files and folders a command makes before renaming them into place. Each name carries the
/// process id — `.<name>.<kind>-<pid>-<random>` — so that a later command can tell the work of a
/// killed process, which it removes, from the work of one still running, which it leaves alone.
package enum WorkingFiles {
    static let kinds: Set<Substring> = ["new", "old", "pending", "tmp"]

    /// A working name for `name` in the same folder.
    package static func name(for name: String, kind: String) -> String {
        ".\(name).\(kind)-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// The longest a working name for `name` can be, in bytes: with the longest process id and
    /// random number.
    package static func longestNameLength(for name: String, kind: String) -> Int {
        ".\(name).\(kind)-\(Int32.max)-\(UInt32.max)".utf8.count
    }

    /// Writes `data` to a working file beside `url`, waits until it is on disk and renames it over
    /// `url`, so that `url` always holds the old contents or the new, whole. With `keepingMode`,
    /// a file already at `url` keeps its permissions (an export the reader made readable to them
    /// alone stays so). Without `flush`, the caller waits for the disk once for many files.
    package static func write(_ data: Data, to url: URL, keepingMode: Bool = false, flush: Bool = true) throws {
        let working = workingURL(for: url)
        do {
            try FileOutput.write(data, toPath: working.path, flush: flush)
            var existing = stat()
            if keepingMode, stat(url.path, &existing) == 0 { _ = chmod(working.path, existing.st_mode & 0o7777) }
            try moveIntoPlace(working, url)
        } catch {
            try? FileManager.default.removeItem(at: working)
            throw error
        }
    }

    /// Writes many files the same way, waiting for the disk once for all of them: each is written
    /// to its working file, the file system is flushed, then each is renamed into place. A file
    /// that fails stops the batch; those renamed before it stay written.
    ///
    /// Each file's bytes are made by `contents` as it is written, so that a few thousand notes of an
    /// import are never all in memory twice, as text and as bytes.
    package static func writeAll<File: Sendable>(
        _ files: [File], to destination: (File) -> URL, contents: @Sendable (File) -> Data
    ) throws {
        guard let first = files.first else { return }
        let targets = files.map(destination)
        let working = targets.map(workingURL(for:))
        var renamed = 0
        defer {
            for url in working[renamed...] { try? FileManager.default.removeItem(at: url) }
        }
        let failures = Parallel.map(Array(zip(files, working))) { file, url in
            Result { _ = try FileOutput.write(contents(file), toPath: url.path, flush: false) }
        }
        for failure in failures { try failure.get() }
        FileOutput.flushFileSystem(containing: destination(first).deletingLastPathComponent())
        for (target, url) in zip(targets, working) {
            try moveIntoPlace(url, target)
            renamed += 1
        }
    }

    private static func workingURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(
            name(for: url.lastPathComponent, kind: "tmp"), isDirectory: false)
    }

    /// Renames `working` over `url`. A rename refused said "The operation could not be completed.
    /// (NSCocoaErrorDomain error 512.)", not why: over another user's file in a sticky folder, as
    /// `/tmp` is, "Operation not permitted" (found by a review).
    private static func moveIntoPlace(_ working: URL, _ url: URL) throws {
        guard rename(working.path, url.path) != 0 else { return }
        let code = errno
        throw FileOutput.failure(url.path, code: code)
    }

    /// Removes the working files and folders in `folder` whose process is gone; only those made
    /// for `name` when one is given. The folder above a site is the reader's (or a web server's:
    /// `/var/www` above a linked site), where a hidden `.diary.old-4000000-1` of theirs was
    /// taken for a build's leftover and deleted.
    package static func removeAbandoned(in folder: URL, madeFor name: String? = nil) {
        removeAbandoned(in: folder) { made in name.map { made == $0 } ?? true }
    }

    /// Removes the working files and folders in `folder` whose process is gone, of the names
    /// `isMadeFor` accepts (`dune.md`, for `.dune.md.tmp-4000-1`): one look at a folder of an
    /// export's thousand files, where a look for each name was a thousand.
    package static func removeAbandoned(in folder: URL, madeFor isMadeFor: (Substring) -> Bool) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for entry in entries where entry.hasPrefix(".") {
            guard let dot = entry.lastIndex(of: "."), dot > entry.startIndex,
                isMadeFor(entry[entry.index(after: entry.startIndex)..<dot]),
                let pid = abandonedProcess(entry)
            else { continue }
            if isGone(pid) { TreeRemoval.remove(folder.appendingPathComponent(entry).path) }
        }
    }

    /// Removes the working files this process has made in `folder` and not yet renamed into
    /// place: what an export interrupted by Ctrl-C would leave.
    package static func removeOwn(in folder: URL) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let own = ProcessInfo.processInfo.processIdentifier
        for entry in entries where entry.hasPrefix(".") && abandonedProcess(entry) == own {
            TreeRemoval.remove(folder.appendingPathComponent(entry).path)
        }
    }

    /// The working files and folders made for `name` in `folder` that stayed once their command
    /// was done with them: made by a process that has ended, or by this one, asked when its own
    /// work is over. What ``removeAbandoned(in:madeFor:)`` could not remove (another user's
    /// files) is among them.
    package static func stayed(in folder: URL, madeFor name: String) -> [URL] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return entries.sorted().compactMap { entry in
            guard isWorkingName(entry, madeFor: name), let pid = abandonedProcess(entry) else { return nil }
            return pid == ProcessInfo.processInfo.processIdentifier || isGone(pid)
                ? folder.appendingPathComponent(entry) : nil
        }
    }

    /// Whether the process `pid` has ended (never this one): what it left is no one's.
    package static func isGone(_ pid: Int32) -> Bool {
        pid != ProcessInfo.processInfo.processIdentifier && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Whether `entry` is a working name made for `name` (``name(for:kind:)``).
    package static func isWorkingName(_ entry: String, madeFor name: String) -> Bool {
        let prefix = ".\(name)."
        return entry.hasPrefix(prefix) && !entry.dropFirst(prefix.count).contains(".")
            && abandonedProcess(entry) != nil
    }

    /// The process that made a working name, or nil when `entry` is not one.
    static func abandonedProcess(_ entry: String) -> Int32? {
        guard let dot = entry.lastIndex(of: "."), dot != entry.startIndex else { return nil }
        let parts = entry[entry.index(after: dot)...].split(separator: "-")
        guard parts.count == 3, kinds.contains(parts[0]), UInt32(parts[2]) != nil else { return nil }
        return Int32(parts[1])
    }
}
