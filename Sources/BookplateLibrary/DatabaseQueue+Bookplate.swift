import Foundation
import GRDB

extension DatabaseQueue {
    /// An SQLite file as Bookplate keeps one (the library, the build state): one connection,
    /// write-ahead logging so that readers never wait on a writer, ten seconds' patience with
    /// another process's lock, and `pragma` run on each connection before use.
    package static func bookplateFile(at path: String, label: String, pragma: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = label
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA \(pragma)") }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
        }
        return queue
    }

    /// An SQLite file Bookplate keeps, opened only to read it. SQLite reads a write-ahead-logged
    /// file through its `-shm` index, which it cannot make in a folder that cannot be written, and
    /// which, made beside a file that cannot be written, is as read-only as the file and stays
    /// there, so that every change fails once the file is writable again (found by an
    /// exploratory session). With no log beside it (the last writer closed cleanly, so every
    /// change is in the file itself) the file is opened as immutable, which needs neither;
    /// with a log, through its index, which a folder that cannot be written must already hold:
    /// else the file alone would be out of date, and that is refused.
    package static func readOnlyFile(at url: URL, folderIsWritable: Bool) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        configuration.label = "library (read-only)"
        let manager = FileManager.default
        let logSize = (try? manager.attributesOfItem(atPath: url.path + "-wal")[.size] as? Int) ?? 0
        if logSize > 0 {
            guard folderIsWritable || manager.fileExists(atPath: url.path + "-shm") else {
                throw DatabaseError(
                    resultCode: .SQLITE_CANTOPEN,
                    message:
                        "its changes are still in \(url.lastPathComponent)-wal, which cannot be read without a folder that can be written"
                )
            }
            return try DatabaseQueue(path: url.path, configuration: configuration)
        }
        // SQLite reads a `file:` name as a URI (Debian's SQLite is built with SQLITE_USE_URI):
        // '%', '?' and '#' in the path are escaped so that they stay the path's.
        var escaped = ""
        for character in url.standardizedFileURL.path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return try DatabaseQueue(path: "file:\(escaped)?immutable=1", configuration: configuration)
    }
}
