import BookplateCore
import Foundation

/// The library's write-ahead log (`library.sqlite-wal`) and the files SQLite keeps beside it, as
/// a shelf in a synced folder meets them.
///
/// Sync clients (Dropbox, iCloud Drive, Syncthing) copy the library, its `-wal` and its `-shm`
/// one by one: a log written on another computer, replayed by SQLite onto this computer's
/// library, lost changes and damaged the file (found by an exploratory session). So while a
/// connection is open, a small file beside the library, `library.sqlite-owner`, names the
/// computer and the log file it holds; it goes with the log when the last connection closes
/// (SQLite then takes the log into the library and deletes it). Before a library is opened, a
/// log that this computer's Bookplate did not leave is refused, not replayed; one left by a
/// Bookplate killed here holds committed changes, the reader's, and SQLite takes it in.
package enum LibraryLog {
    /// The file that names who holds the log of the library at `library`.
    package static func ownerFile(of library: URL) -> URL {
        URL(fileURLWithPath: library.resolvingSymlinksInPath().path + "-owner")
    }

    /// Throws when the library at `library` has a log with changes in it that was not left by
    /// Bookplate on this computer.
    package static func refuseForeignLog(of library: URL) throws {
        let real = library.resolvingSymlinksInPath()
        let log = real.path + "-wal"
        var info = stat()
        // No log, or one with no change in it (SQLite keeps it empty between uses): nothing to replay.
        guard stat(log, &info) == 0, info.st_size > 0 else { return }
        let owner = Owner(reading: ownerFile(of: real))
        var libraryInfo = stat()
        let libraryFile = stat(real.path, &libraryInfo) == 0 ? FileIdentity(libraryInfo) : nil
        // This computer's log: the one its owner opened, one whose owner was still opening the
        // library, or one copied with the whole shelf (`cp -a` after a kill gives every file a new
        // identity, where a sync client delivering a log changes the log's alone).
        if let owner, owner.host == Owner.thisHost,
            owner.log == nil || owner.log == FileIdentity(info) || owner.library != libraryFile
        {
            return
        }
        let logName = URL(fileURLWithPath: log).relativePathForDisplay
        let from =
            owner.map { $0.host == Owner.thisHost ? "was replaced since Bookplate opened it" : "came from \($0.host)" }
            ?? "was not left by Bookplate on this computer"
        throw LibraryError.storage(
            path: library.relativePathForDisplay,
            message: "its log \(logName) \(from) (a sync client copies it apart from the library), and replayed "
                + "here it would lose changes and damage the library: stop Bookplate on the other computer and "
                + "let the sync finish, or delete \(logName) and \(logName.dropLast(4))-shm to keep the library "
                + "as it is here")
    }

    /// Writes that this process is opening the library at `library` (before SQLite makes its log),
    /// or, with `opened`, that it holds the log now beside it. A folder that cannot be written
    /// keeps no owner file: nothing can be written there by a sync client either.
    package static func recordOwner(of library: URL, opened: Bool) {
        let real = library.resolvingSymlinksInPath()
        var info = stat()
        let log = opened && stat(real.path + "-wal", &info) == 0 ? FileIdentity(info) : nil
        let library = stat(real.path, &info) == 0 ? FileIdentity(info) : nil
        let owner = Owner(host: Owner.thisHost, process: getpid(), log: log, library: library)
        let file = ownerFile(of: real)
        let folder = file.deletingLastPathComponent()
        // Written under a working name of Bookplate's and renamed: Foundation's atomic write left
        // its `.dat.nosync…` in content/ when a command was killed, for good (found by the kill
        // test); a working name a killed command left is taken away by the next.
        WorkingFiles.removeAbandoned(in: folder, madeFor: file.lastPathComponent)
        let working = folder.appendingPathComponent(WorkingFiles.name(for: file.lastPathComponent, kind: "tmp"))
        do {
            // Not waited for on disk: a lost owner file makes a log of this computer's refused
            // once, with a line saying what to do, and costs every command nothing.
            try FileOutput.write(Data(owner.text.utf8), toPath: working.path, flush: false)
            guard rename(working.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: working)
        }
    }

    /// Removes the owner file once the library's last connection has closed and its log is gone.
    package static func forgetOwner(of library: URL) {
        let real = library.resolvingSymlinksInPath()
        guard !FileManager.default.fileExists(atPath: real.path + "-wal") else { return }
        let owner = ownerFile(of: real)
        // Another computer's, synced here, is left for the check before opening to name.
        guard Owner(reading: owner)?.host == Owner.thisHost else { return }
        try? FileManager.default.removeItem(at: owner)
    }

    /// Gives the owner back the right to write SQLite's `-wal` and `-shm` beside a library it can
    /// write. SQLite makes them with the library's mode: opened while the library was read-only
    /// (a sync client holding it, a `chmod`), they stayed read-only, and every later change failed
    /// with "cannot be written" though the library could be (found by an exploratory session).
    /// One that is someone else's is named, for its owner to remove.
    package static func mendSideFiles(of library: URL) throws {
        let real = library.resolvingSymlinksInPath()
        var libraryInfo = stat()
        guard stat(real.path, &libraryInfo) == 0, access(real.path, W_OK) == 0 else { return }
        for suffix in ["-wal", "-shm"] {
            let side = real.path + suffix
            var info = stat()
            guard stat(side, &info) == 0, access(side, W_OK) != 0 else { continue }
            if info.st_uid == geteuid(), chmod(side, (info.st_mode | libraryInfo.st_mode | S_IWUSR) & 0o666) == 0 {
                continue
            }
            let name = URL(fileURLWithPath: side).relativePathForDisplay
            throw LibraryError.storage(
                path: library.relativePathForDisplay,
                message: "\(name) beside it cannot be written (it is another user's): have them remove it while "
                    + "no Bookplate is running")
        }
    }

    /// What the owner file says: the computer, the process, the log file it holds (none while it
    /// is still opening the library) and the library file it opened.
    private struct Owner {
        var host: String
        var process: Int32
        var log: FileIdentity?
        var library: FileIdentity?

        static let thisHost: String = {
            var name = [CChar](repeating: 0, count: 256)
            guard gethostname(&name, name.count - 1) == 0 else { return "this computer" }
            return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }()

        init(host: String, process: Int32, log: FileIdentity?, library: FileIdentity?) {
            self.host = host
            self.process = process
            self.log = log
            self.library = library
        }

        init?(reading url: URL) {
            guard let data = try? Data(contentsOf: url) else { return nil }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count >= 4, let process = Int32(lines[1]) else { return nil }
            host = String(lines[0])
            self.process = process
            log = FileIdentity(parsing: lines[2])
            library = FileIdentity(parsing: lines[3])
        }

        /// The host, the process, the log ("opening" before there is one) and the library, a line each.
        var text: String {
            [host, String(process), log?.text ?? "opening", library?.text ?? "none"].joined(separator: "\n") + "\n"
        }
    }
}

extension FileIdentity {
    /// A file's identity as the owner file writes it: its device and inode, on a line.
    fileprivate init?(parsing line: Substring) {
        let numbers = line.split(separator: " ").compactMap { UInt64($0) }
        guard numbers.count == 2 else { return nil }
        self.init(device: numbers[0], inode: numbers[1])
    }

    fileprivate var text: String { "\(device) \(inode)" }
}
