import BookplateCore
import Foundation
import GRDB

extension DatabaseQueue {
    /// An SQLite file as Bookplate keeps one (the library, the build state): one connection,
    /// write-ahead logging so that readers never wait on a writer, ten seconds' patience with
    /// another process's lock, and `pragma` run on each connection before use.
    /// `busyMode` replaces that patience (a library's, which tells its command what it waits for).
    package static func bookplateFile(
        at path: String, label: String, pragma: String, busyMode: Database.BusyMode = .timeout(10)
    ) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = busyMode
        configuration.label = label
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA \(pragma)") }
        // SQLite makes a new file 0644 whatever the umask, and its `-wal` and `-shm` with the
        // file's mode: a shelf shared by a group (umask 002) could not be changed by the second
        // reader (found by an exploratory session). Made first, as every other file is (0666 less
        // the umask), the file keeps its mode and gives it to its side files. (SQLite writes an
        // empty file's header as it would a file it made.)
        let made = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        #if canImport(Glibc)
            if made >= 0 { Glibc.close(made) }
        #else
            if made >= 0 { Darwin.close(made) }
        #endif
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                    try db.execute(sql: "PRAGMA journal_mode = WAL")
                }
            }
            return queue
        } catch {
            // The empty file made above, left behind, was an empty library to every later
            // command, "not a Bookplate library; restore it" (found by an exploratory session).
            if made >= 0 { unlink(path) }
            throw error
        }
    }

    /// An SQLite file Bookplate keeps and this process cannot write, read from a copy of it taken
    /// whole. Read in place it was a bad bargain: SQLite reads a write-ahead-logged file through
    /// its `-shm` index, which it cannot make in a folder that cannot be written, and made beside
    /// a file that cannot be written it is as read-only as the file and stays, so that every
    /// change failed once the file was writable again (found by an exploratory session); read
    /// as immutable, without locks, while its owner wrote, an export mixed two states of the
    /// library (found by a review). The file and its log are copied into a temporary folder until
    /// a copy is taken with neither changing meanwhile; the copy takes in its log's changes and is
    /// then read as immutable, the temporary folder gone (the open file stays readable).
    /// `prepare` is given the copy, writable, before that (a library an older Bookplate wrote is
    /// brought up to date there, the file itself untouched).
    /// What the temporary folders of ``readOnlySnapshot(of:prepare:)`` are made for, in
    /// ``WorkingFiles``' names (`.bookplate-library.tmp-<pid>-<random>`).
    package static let snapshotName = "bookplate-library"

    package static func readOnlySnapshot(of url: URL, prepare: (DatabaseQueue) throws -> Void) throws
        -> DatabaseQueue
    {
        let manager = FileManager.default
        let temporary = manager.temporaryDirectory
        // A working folder as every command makes one: those left by a command that was killed
        // go (found by a review).
        WorkingFiles.removeAbandoned(in: temporary, madeFor: snapshotName)
        let folder = temporary.appendingPathComponent(WorkingFiles.name(for: snapshotName, kind: "tmp"))
        defer { try? manager.removeItem(at: folder) }
        // The file a link names, whose log SQLite keeps beside it, not beside the link (found by a
        // review).
        let source = url.resolvingSymlinksInPath()
        let copy = folder.appendingPathComponent("library.sqlite")
        let files = [(source.path, copy.path), (source.path + "-wal", copy.path + "-wal")]
        // Said in words, not as Foundation's dump: the folder for the copy is the system's.
        func failed(_ error: any Error) -> DatabaseError {
            DatabaseError(
                resultCode: .SQLITE_CANTOPEN,
                message: "it could not be copied into \(temporary.path) (\(FileFailure.reason(error))), which a "
                    + "library that cannot be written is read from: free some space there, or set TMPDIR to a "
                    + "folder you can write")
        }
        do {
            // Only its reader's: a library its group may read is no one else's to read in a copy.
            try manager.createDirectory(
                at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw failed(error)
        }
        func stamps() -> [[Int]] {
            files.map { source, _ in
                var info = stat()
                guard stat(source, &info) == 0 else { return [] }
                return [
                    Int(info.st_size), Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
                ]
            }
        }
        var settled = false
        for _ in 0..<40 where !settled {
            let before = stamps()
            for (source, destination) in files {
                try? manager.removeItem(atPath: destination)
                guard manager.fileExists(atPath: source) else { continue }
                do {
                    try manager.copyItem(atPath: source, toPath: destination)
                    // A copy keeps the file's mode: one of 0444 could not take in its log, nor be
                    // upgraded (found by a review).
                    try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: destination)
                } catch {
                    throw failed(error)
                }
            }
            settled = stamps() == before
            if !settled { usleep(50_000) }
        }
        guard settled else {
            throw DatabaseError(resultCode: .SQLITE_BUSY, message: DatabaseError.keptChanging)
        }
        // The log's committed changes go into the copy; what was not committed is no part of it.
        let merging = try DatabaseQueue(path: copy.path)
        try merging.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try prepare(merging)
        try merging.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try merging.close()
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "library (read-only copy)"
        // SQLite reads a `file:` name as a URI (Debian's SQLite is built with SQLITE_USE_URI):
        // '%', '?' and '#' in the path are escaped so that they stay the path's.
        var escaped = ""
        for character in copy.standardizedFileURL.path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        let queue = try DatabaseQueue(path: "file:\(escaped)?immutable=1", configuration: configuration)
        // Opened now, before the folder goes: GRDB opens a queue's connection when it is made.
        _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
        return queue
    }
}
