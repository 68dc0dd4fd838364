import Foundation
import GRDB
import GRDBSQLite

/// A database another program keeps and may be writing at this moment (Calibre's
/// `metadata.db`, Apple Books' stores): never opened where it is, but copied, and the copy read,
/// so that nothing Bookplate does changes it.
enum ForeignDatabase {
    /// Whether the program is in the middle of a write: a rollback journal stands beside `url`, or
    /// beside the file it leads to.
    static func isBeingWritten(_ url: URL) -> Bool {
        [url, url.resolvingSymlinksInPath()].contains { FileManager.default.fileExists(atPath: $0.path + "-journal") }
    }

    /// Copies the file `url` leads to, and those beside it named with `suffixes` that are files
    /// (`-wal`, what the program wrote ahead of the database; `-shm`), to `copy` and the same
    /// names beside it. The files links lead to, never the links: a link was copied as a link,
    /// and SQLite, which follows it, read the database in place, wrote what its write-ahead log
    /// held into it and removed the log, `--dry-run` too; a log that was a link was refused as
    /// "unable to open database file", and a relative link led nowhere from the temporary folder
    /// (found by two reviews, of Calibre's `metadata.db` and of Apple Books' stores).
    static func copy(_ url: URL, to copy: URL, with suffixes: [String]) throws {
        let real = url.resolvingSymlinksInPath()
        try FileManager.default.copyItem(at: real, to: copy)
        for suffix in suffixes {
            let beside = URL(fileURLWithPath: real.path + suffix).resolvingSymlinksInPath()
            guard ImportInput.isRegular(at: beside) else { continue }
            try FileManager.default.copyItem(at: beside, to: URL(fileURLWithPath: copy.path + suffix))
        }
    }

    /// Reads the copy at `url` with `body`, no value longer than `valueBytes` (a longer one is
    /// SQLite's "string or blob too big"), waiting `busyTimeout` seconds at most for a lock.
    /// SQLite's errors become `writing()` (busy or locked) or `unusable(reason)`, one line.
    static func read<T>(
        _ url: URL, label: String, valueBytes: Int32, busyTimeout: TimeInterval? = nil,
        writing: () -> any Error, unusable: (_ reason: String) -> any Error, _ body: (Database) throws -> T
    ) throws -> T {
        var configuration = Configuration()
        configuration.label = label
        if let busyTimeout { configuration.busyMode = .timeout(busyTimeout) }
        configuration.prepareDatabase { db in
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, valueBytes)
        }
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read(body)
        } catch let error as DatabaseError {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED: throw writing()
            case .SQLITE_NOTADB: throw unusable("it is not an SQLite database")
            case .SQLITE_CORRUPT: throw unusable("the database is damaged")
            default: throw unusable("SQLite could not read it: \(ImportValues.shown(error.message ?? ""))")
            }
        }
    }
}
