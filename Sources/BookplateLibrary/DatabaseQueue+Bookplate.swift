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
}
