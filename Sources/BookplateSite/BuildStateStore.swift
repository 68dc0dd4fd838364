import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation
import GRDB

/// Keeps the state of every output folder's last build in an SQLite file beside the library,
/// `content/.bookplate/build-state.sqlite` (not in the site: it holds modification times and
/// inodes, which differ from machine to machine): a row per output folder, per note and per file
/// the build wrote.
///
/// The state is only ever a shortcut. A file that cannot be read, was written by a newer
/// Bookplate, or belongs to a build that never finished is put aside with a reason, and the build
/// that asked for it builds in full.
struct BuildStateStore {
    /// Why a state a build began is not used: that build stopped before it was done, by an error
    /// or killed. "The last build did not finish" was said after a build that did finish, with an
    /// error (found by an exploratory session).
    static let unfinished = "the last build stopped before it was done (an error, or it was ended)"

    /// The schema's version, kept in `PRAGMA user_version`; any other version is not read.
    /// 5 has the tables of 4 and says more: a site saved with it holds nothing in Bookplate's
    /// folders but what the build wrote (see ``SiteFolders``), which 4 did not promise. 6 keeps
    /// the build's warnings too, to say again while they hold. 7 says of each note whether it
    /// may link by name.
    static let formatVersion = 7
    static let fileName = ShelfPaths.buildStateFileName

    let url: URL

    init(folder: URL) {
        url = folder.appendingPathComponent(BuildStateStore.fileName)
    }

    /// What a build may start from.
    enum Loaded: Sendable {
        /// No state for this output folder: its first build.
        case none
        case state(BuildState)
        /// A state that must not be trusted, and why (for the reader).
        case unusable(reason: String)
    }

    /// The state of the last build into `site`.
    func load(site: String) -> Loaded {
        guard FileManager.default.fileExists(atPath: url.path) else { return .none }
        do {
            let queue = try open()
            return try queue.read { db -> Loaded in
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                if version > BuildStateStore.formatVersion {
                    return .unusable(reason: "it was saved by a newer Bookplate")
                }
                // An empty file is one a build made and could not go on with (out of file
                // descriptors, or killed there): "it is not a build state" blamed the file
                // (found by an exploratory session).
                if version == 0, try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0 {
                    return .unusable(reason: BuildStateStore.unfinished)
                }
                if version < BuildStateStore.formatVersion {
                    return .unusable(
                        reason: version == 0 ? "it is not a build state" : "it was saved by an older Bookplate")
                }
                guard
                    let row = try Row.fetchOne(
                        db,
                        sql:
                            "SELECT id, library, inputs, noteOptions, savedAt, finished, notices FROM site WHERE path = ?",
                        arguments: [site])
                else { return .none }
                guard try row.stateBoolean(5, "site.finished") else {
                    return .unusable(reason: BuildStateStore.unfinished)
                }
                let id = try row.stateInteger(0, "site.id")
                var state = BuildState(
                    site: site, library: try row.stateText(1, "site.library"),
                    inputs: try row.stateText(2, "site.inputs"), noteOptions: try row.stateText(3, "site.noteOptions"),
                    savedAt: try row.stateInteger(4, "site.savedAt"), notes: [:], sources: [:], files: [:])
                let notices = try JSONDecoder().decode(
                    Notices.self, from: Data(try row.stateText(6, "site.notices").utf8))
                state.warnings = notices.warnings
                state.orphanNotes = notices.orphanNotes
                state.reservedNames = notices.reservedNames.map(Set.init)
                state.unknownNames = BuildState.inverted(notices.unknownNames ?? [:])
                let outputs = try Row.fetchCursor(
                    db,
                    sql:
                        "SELECT path, fingerprint, size, modified, changed, inode, digest FROM output WHERE siteId = ?",
                    arguments: [id])
                while let row = try outputs.next() {
                    let stamp = try Self.stamp(row, from: 2, table: "output")
                    state.files[try row.stateText(0, "output.path")] = BuildState.Output(
                        fingerprint: Fingerprint(
                            value: UInt64(bitPattern: try row.stateInteger(1, "output.fingerprint"))),
                        stamp: stamp, digest: UInt64(bitPattern: try row.stateInteger(6, "output.digest")))
                }
                let notes = try Row.fetchCursor(
                    db,
                    sql:
                        "SELECT slug, size, modified, changed, inode, digest, fingerprint, links FROM note WHERE siteId = ?",
                    arguments: [id])
                while let row = try notes.next() {
                    var stamp = try Self.stamp(row, from: 1, table: "note")
                    stamp.digest = try row.stateOptionalInteger(5, "note.digest").map { UInt64(bitPattern: $0) }
                    state.notes[try row.stateText(0, "note.slug")] = BuildState.Note(
                        stamp: stamp,
                        fingerprint: try row.stateOptionalInteger(6, "note.fingerprint").map {
                            Fingerprint(value: UInt64(bitPattern: $0))
                        },
                        links: try row.stateBoolean(7, "note.links"))
                }
                let sources = try Row.fetchCursor(
                    db, sql: "SELECT path, size, modified, changed, inode, digest FROM source WHERE siteId = ?",
                    arguments: [id])
                while let row = try sources.next() {
                    var stamp = try Self.stamp(row, from: 1, table: "source")
                    stamp.digest = try row.stateOptionalInteger(5, "source.digest").map { UInt64(bitPattern: $0) }
                    state.sources[try row.stateText(0, "source.path")] = stamp
                }
                return .state(state)
            }
        } catch {
            return .unusable(reason: "it cannot be read (\(BuildStateStore.describe(error)))")
        }
    }

    /// ``BuildState/leftToTheReader(among:)`` from a state ``load(site:)`` does not take: one an
    /// older Bookplate saved (an earlier version of this file, or the text file before it), or
    /// one of a build that did not finish. Nil where no state says what was written anywhere.
    ///
    /// A shelf moved or copied to another folder has no state recorded under its site's new
    /// path, and its first build took the reader's `series/` out as Bookplate's, without a word
    /// (found by an exploratory session). Where no state is recorded for `site`, a name is the
    /// reader's when any recorded build left it to the reader: moving Bookplate's own folder
    /// aside once is a nuisance, deleting the reader's files a loss.
    func leftToTheReader(site: String, among names: [String]) -> [String]? {
        if FileManager.default.fileExists(atPath: url.path) {
            return try? open().read { db -> [String]? in
                var ids = try Int64.fetchAll(db, sql: "SELECT id FROM site WHERE path = ?", arguments: [site])
                if ids.isEmpty { ids = try Int64.fetchAll(db, sql: "SELECT id FROM site ORDER BY id") }
                guard !ids.isEmpty else { return nil }
                let hasNotices = try db.columns(in: "site").contains { $0.name == "notices" }
                var left: Set<String> = []
                for id in ids {
                    var reserved: Set<String>?
                    if hasNotices,
                        let text = try String.fetchOne(
                            db, sql: "SELECT notices FROM site WHERE id = ?", arguments: [id]),
                        let notices = try? JSONDecoder().decode(Notices.self, from: Data(text.utf8))
                    {
                        reserved = notices.reservedNames.map(Set.init)
                    }
                    // The files below `name/` sort from `name/` to before `name0` ('0' follows '/').
                    for name in names where reserved?.contains(name) != true {
                        let written = try Bool.fetchOne(
                            db,
                            sql: """
                                SELECT EXISTS (SELECT 1 FROM output WHERE siteId = ?1
                                    AND (path = ?2 OR (path >= ?2 || '/' AND path < ?2 || '0')))
                                """,
                            arguments: [id, name])
                        if written != true { left.insert(name) }
                    }
                }
                return names.filter(left.contains)
            }
        }
        // 2b6da29 kept its state as text: a line `site`, tab, the path; one `file`, tab, the path…
        // for each file written. A moved shelf's line names the site where it was.
        guard
            let text = try? String(
                contentsOf: url.deletingLastPathComponent().appendingPathComponent("build-state.txt"), encoding: .utf8)
        else { return nil }
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        guard lines.contains(where: { $0.count == 2 && $0[0] == "site" }) else { return nil }
        let written = Set(lines.filter { $0.count > 1 && $0[0] == "file" }.map { String($0[1].prefix { $0 != "/" }) })
        return names.filter { !written.contains($0) }
    }

    /// Notes before the site changes that the build of `site` has begun: if it is killed before
    /// ``save(_:replacing:)``, the next build knows the state no longer describes the site.
    func markUnfinished(site: String) throws {
        try prepared().write { db in
            try db.execute(sql: "UPDATE site SET finished = 0 WHERE path = ?", arguments: [site])
        }
    }

    /// Saves `state`, writing only the rows that differ from `previous` (the state the build
    /// started from, nil for none), in one transaction, committed once `beforeCommitting` returns
    /// (and not if it throws).
    func save(
        _ state: BuildState, replacing previous: BuildState?, beforeCommitting: () throws -> Void = {}
    ) throws {
        try prepared().write { db in
            try db.execute(
                sql: """
                    INSERT INTO site (path, library, inputs, noteOptions, savedAt, finished, notices)
                    VALUES (?, ?, ?, ?, ?, 1, ?)
                    ON CONFLICT(path) DO UPDATE SET library = excluded.library, inputs = excluded.inputs,
                        noteOptions = excluded.noteOptions, savedAt = excluded.savedAt, finished = 1,
                        notices = excluded.notices
                    """,
                arguments: [
                    state.site, state.library, state.inputs, state.noteOptions, state.savedAt,
                    String(
                        decoding: try JSONEncoder().encode(
                            Notices(
                                warnings: state.warnings, orphanNotes: state.orphanNotes,
                                reservedNames: state.reservedNames?.sorted(),
                                unknownNames: state.unknownNames.isEmpty
                                    ? nil : BuildState.inverted(state.unknownNames))),
                        as: UTF8.self),
                ])
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE path = ?", arguments: [state.site])
            else { return try beforeCommitting() }
            let base = previous?.site == state.site ? previous : nil
            if base == nil {
                try db.execute(sql: "DELETE FROM output WHERE siteId = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM note WHERE siteId = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM source WHERE siteId = ?", arguments: [id])
            }
            let putOutput = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO output VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            // In the tables' order: rows inserted where the last one went, not all over the tree.
            for (path, output) in state.files.sorted(by: { $0.key < $1.key }) where base?.files[path] != output {
                let stamp = output.stamp
                try putOutput.execute(arguments: [
                    id, path, Int64(bitPattern: output.fingerprint.value), stamp.size, stamp.modified, stamp.changed,
                    Int64(bitPattern: stamp.inode),
                    Int64(bitPattern: output.digest),
                ])
            }
            let dropOutput = try db.cachedStatement(sql: "DELETE FROM output WHERE siteId = ? AND path = ?")
            for path in base.map({ Array($0.files.keys) }) ?? [] where state.files[path] == nil {
                try dropOutput.execute(arguments: [id, path])
            }
            let putNote = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO note VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
            for (slug, note) in state.notes.sorted(by: { $0.key < $1.key }) where base?.notes[slug] != note {
                let stamp = note.stamp
                try putNote.execute(arguments: [
                    id, slug, stamp.size, stamp.modified, stamp.changed, Int64(bitPattern: stamp.inode),
                    stamp.digest.map { Int64(bitPattern: $0) }, note.fingerprint.map { Int64(bitPattern: $0.value) },
                    note.links,
                ])
            }
            let dropNote = try db.cachedStatement(sql: "DELETE FROM note WHERE siteId = ? AND slug = ?")
            for slug in base.map({ Array($0.notes.keys) }) ?? [] where state.notes[slug] == nil {
                try dropNote.execute(arguments: [id, slug])
            }
            let putSource = try db.cachedStatement(sql: "INSERT OR REPLACE INTO source VALUES (?, ?, ?, ?, ?, ?, ?)")
            for (path, stamp) in state.sources where base?.sources[path] != stamp {
                try putSource.execute(arguments: [
                    id, path, stamp.size, stamp.modified, stamp.changed, Int64(bitPattern: stamp.inode),
                    stamp.digest.map { Int64(bitPattern: $0) },
                ])
            }
            let dropSource = try db.cachedStatement(sql: "DELETE FROM source WHERE siteId = ? AND path = ?")
            for path in base.map({ Array($0.sources.keys) }) ?? [] where state.sources[path] == nil {
                try dropSource.execute(arguments: [id, path])
            }
            try beforeCommitting()
        }
    }

    /// The store, opened and with its schema, made afresh when the file is damaged or of another
    /// version (its contents are only ever a shortcut). A file that cannot be opened for now (out
    /// of file descriptors, a full disk) is left as it is: taken for damaged, it was deleted and
    /// an empty one left in its place, which the next build took for a file of another kind
    /// (found by an exploratory session).
    private func prepared() throws -> DatabaseQueue {
        do {
            let queue = try open()
            try queue.write(BuildStateStore.prepareSchema)
            return queue
        } catch let error as DatabaseError
            where [.SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_MISMATCH].contains(error.resultCode)
        {
            // Damaged, or of another version or kind: made afresh below.
        }
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
        let queue = try open()
        try queue.write(BuildStateStore.prepareSchema)
        return queue
    }

    private func open() throws -> DatabaseQueue {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A derived shortcut: a commit need not wait for the disk (a lost one costs a full build).
        return try DatabaseQueue.bookplateFile(at: url.path, label: "build state", pragma: "synchronous = NORMAL")
    }

    /// Creates the tables in a new file; refuses a file of another version or kind.
    private static func prepareSchema(_ db: Database) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version == formatVersion { return }
        let isEmpty = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0
        guard version == 0, isEmpty else { throw DatabaseError(resultCode: .SQLITE_MISMATCH) }
        try db.execute(
            sql: """
                CREATE TABLE site (
                    id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, library TEXT NOT NULL,
                    inputs TEXT NOT NULL, noteOptions TEXT NOT NULL, savedAt INTEGER NOT NULL,
                    finished BOOLEAN NOT NULL, notices TEXT NOT NULL);
                CREATE TABLE output (
                    siteId INTEGER NOT NULL REFERENCES site(id) ON DELETE CASCADE, path TEXT NOT NULL,
                    fingerprint INTEGER NOT NULL, size INTEGER NOT NULL, modified INTEGER NOT NULL,
                    changed INTEGER NOT NULL, inode INTEGER NOT NULL, digest INTEGER NOT NULL,
                    PRIMARY KEY (siteId, path)) WITHOUT ROWID;
                CREATE TABLE note (
                    siteId INTEGER NOT NULL REFERENCES site(id) ON DELETE CASCADE, slug TEXT NOT NULL,
                    size INTEGER NOT NULL, modified INTEGER NOT NULL, changed INTEGER NOT NULL,
                    inode INTEGER NOT NULL, digest INTEGER,
                    fingerprint INTEGER, links BOOLEAN NOT NULL,
                    PRIMARY KEY (siteId, slug)) WITHOUT ROWID;
                CREATE TABLE source (
                    siteId INTEGER NOT NULL REFERENCES site(id) ON DELETE CASCADE, path TEXT NOT NULL,
                    size INTEGER NOT NULL, modified INTEGER NOT NULL, changed INTEGER NOT NULL,
                    inode INTEGER NOT NULL, digest INTEGER,
                    PRIMARY KEY (siteId, path)) WITHOUT ROWID;
                PRAGMA user_version = \(formatVersion);
                """)
    }

    /// The warnings a state keeps, as its `notices` column holds them (JSON).
    private struct Notices: Codable {
        var warnings: [String]
        var orphanNotes: [String]
        /// See ``BuildState/reservedNames``: absent in a state saved before it was kept.
        var reservedNames: [String]?
        /// See ``BuildState/unknownNames``, by tag (a tag of a layout is on every page: kept by
        /// page, the tag was written out 50,000 times); absent when no page had any, and in a
        /// state saved before they were kept.
        var unknownNames: [String: [String]]?
    }

    /// What went wrong with the file, in SQLite's words.
    /// The size, modification and change times and inode of a row's file, from column `first` on.
    private static func stamp(_ row: Row, from first: Int, table: String) throws -> FileStamps.Stamp {
        FileStamps.Stamp(
            size: try row.stateInteger(first, "\(table).size"),
            modified: try row.stateInteger(first + 1, "\(table).modified"),
            changed: try row.stateInteger(first + 2, "\(table).changed"),
            inode: UInt64(bitPattern: try row.stateInteger(first + 3, "\(table).inode")))
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.readerMessage }
        return "\(error)"
    }
}
