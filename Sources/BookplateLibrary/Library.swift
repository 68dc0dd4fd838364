import BookplateCore
import Foundation
import GRDB

/// The reader's library: one SQLite file of books, authors, shelves, reads and highlights.
///
/// Every change is one transaction. Files run in WAL mode with a busy timeout, so two Bookplate
/// commands at once both complete; opening a library that is up to date writes nothing to it.
public struct Library: Sendable {
    /// Where the library lives, as the reader named it (for messages).
    public let path: String
    let database: any DatabaseWriter
    package let clock: WallClock
    /// Opened by ``open(forReadingAt:clock:)`` from a file or folder this process cannot write,
    /// as a copy: every change fails with SQLite's read-only error, and nothing may try one.
    public private(set) var isReadOnly = false
    /// Closes the file when the last copy of this library is done with it (see ``LibraryLog``).
    private var closer: Closer?

    /// Opens the library file at `url`; creates it (and its folder) when `create` is true and
    /// there is no file. An empty file is refused even then: it is a library lost to a crash or a
    /// bad copy, not a new one.
    ///
    /// `tell` is told, each in one line, what the reader is to hear of the opening: that it waits
    /// for another command's upgrade of the library, and that it upgraded a library an older
    /// Bookplate wrote, and where the file as it was is kept. Every opening is given one, so that
    /// none upgrades without a word: `serve`'s watcher and builds opened the library on their own
    /// and said nothing of an upgrade, its copy kept unannounced (found by a review).
    /// `whileWaitingForAnImport` is told once, when a change starts waiting for the library
    /// because an import of the shelf holds it.
    public static func open(
        at url: URL, create: Bool = false, clock: WallClock = .system, telling tell: (String) -> Void,
        whileWaitingForAnImport: (@Sendable () -> Void)? = nil
    ) throws -> Library {
        try refuseBrokenLink(at: url)
        let exists = FileManager.default.fileExists(atPath: url.path)
        if !exists && !create {
            // iCloud Drive's placeholder of an evicted library: the library is the reader's, not
            // here yet; it was said to be no shelf at all (found by an exploratory session).
            if ICloudPlaceholder.stands(for: url) {
                throw LibraryError.evicted(path: url.relativePathForDisplay)
            }
            throw LibraryError.missingLibrary(path: url.relativePathForDisplay)
        }
        // A library this process cannot write, in a folder it can, is read from a copy, as a
        // command that only reads has it: opened in place, SQLite made its `-shm` as read-only
        // as the file, and it stayed so, failing every change once the file could be written
        // again (found by an exploratory session). A change then fails as it did, "cannot be
        // written". (In a folder that cannot be written SQLite makes nothing.)
        if exists, access(url.path, W_OK) != 0, access(url.deletingLastPathComponent().path, W_OK) == 0 {
            return try openReadOnly(at: url, clock: clock)
        }
        try refusePathTooLong(url)
        if exists {
            try LibraryLog.refuseForeignLog(of: url)
            try LibraryLog.mendSideFiles(of: url)
        }
        return try opening(url, checkingSignature: exists) { path in
            if !exists {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            LibraryLog.recordOwner(of: url, opened: false)
            // One connection is all a command needs. (A DatabasePool would also write to the file
            // each time it opens, which would make every command change the library file.)
            // Each statement of a long transaction (an import, a note sync) keeps a journal of the
            // pages it changes, to undo itself alone; in a temporary file that was a write per
            // page, hundreds of thousands for ten thousand books: so in memory.
            let patience = whileWaitingForAnImport.map {
                LibraryPatience(
                    stateFolder: ShelfPaths.stateFolder(besideLibraryIn: url.deletingLastPathComponent()),
                    waitingForAnImport: $0)
            }
            let queue: DatabaseQueue
            do {
                queue = try DatabaseQueue.bookplateFile(
                    at: url.path, label: "library", pragma: "temp_store = MEMORY",
                    busyMode: patience?.busyMode ?? .timeout(10))
            } catch {
                // Opened by no one: its owner file goes (it was left behind, for good).
                LibraryLog.forgetOwner(of: url)
                guard let failure = error as? DatabaseError, failure.resultCode == .SQLITE_CANTOPEN else { throw error }
                throw LibraryError.storage(
                    path: path,
                    message: OpeningFailure.observed(in: url.resolvingSymlinksInPath().deletingLastPathComponent())
                        .reason(otherwise: failure.readerMessage))
            }
            LibraryLog.recordOwner(of: url, opened: true)
            var library = Library(path: path, database: queue, clock: clock)
            library.closer = Closer(queue: queue, library: url)
            // A library that is up to date is not written to just by opening it.
            if try !library.isCurrent() {
                if exists {
                    if let kept = try library.upgrade(url, queue, telling: tell) {
                        tell(
                            "Upgraded \(path) from an older Bookplate; the file as it was is kept at "
                                + kept.relativePathForDisplay)
                    }
                } else {
                    try library.migrate(queue)
                }
            }
            return library
        }
    }

    /// Opens the library at `url` for a command that only reads it (`list`, `show`, `export`): as
    /// ``open(at:create:clock:)`` does when the library and its folder can be written, and else
    /// from a copy taken whole (``DatabaseQueue/readOnlySnapshot(of:prepare:)``), so that a shelf
    /// on a read-only disk, or another user's, can still be listed and exported, even while its
    /// owner changes it. A library an older Bookplate wrote is read as this version has it, the
    /// file itself unchanged. `tell` is told what ``open(at:create:clock:telling:)`` tells.
    public static func open(
        forReadingAt url: URL, clock: WallClock = .system, telling tell: (String) -> Void
    ) throws -> Library {
        let manager = FileManager.default
        guard manager.fileExists(atPath: url.path),
            !manager.isWritableFile(atPath: url.deletingLastPathComponent().path)
                || !manager.isWritableFile(atPath: url.path)
        else { return try open(at: url, clock: clock, telling: tell) }
        return try openReadOnly(at: url, clock: clock)
    }

    /// The library at `url`, which exists, read from a copy of it taken whole.
    package static func openReadOnly(at url: URL, clock: WallClock) throws -> Library {
        // The copy takes in the log too: one from another computer is refused as in place.
        try LibraryLog.refuseForeignLog(of: url)
        return try opening(url, checkingSignature: true) { path in
            let queue = try DatabaseQueue.readOnlySnapshot(of: url) { copy in
                let library = Library(path: path, database: copy, clock: clock)
                if try !library.isCurrent() { try LibraryMigrations.migrator.migrate(copy) }
            }
            var library = Library(path: path, database: queue, clock: clock)
            library.isReadOnly = true
            return library
        }
    }

    /// Runs `open` on the library file at `url`, after refusing a file that is empty or no SQLite
    /// when `checkingSignature`, turning what SQLite says into a ``LibraryError``.
    private static func opening(
        _ url: URL, checkingSignature: Bool, _ open: (_ path: String) throws -> Library
    ) throws -> Library {
        let path = url.relativePathForDisplay
        if checkingSignature {
            switch try LibraryFileSignature.kind(of: url) {
            case .empty: throw LibraryError.emptyLibraryFile(path: path)
            case .other: throw LibraryError.notSQLite(path: path)
            case .sqlite: break
            }
        }
        do {
            return try open(path)
        } catch let error as LibraryError {
            throw error
        } catch let error as DatabaseError {
            throw LibraryError.storage(path: path, message: error.readerMessage)
        } catch {
            throw LibraryError.storage(path: path, message: "\(error)")
        }
    }

    /// Throws when the library at `url`, or the folder it is in, is a link through which nothing
    /// is reached (to a disk not mounted, to itself): taken for no library, it was "not inside a
    /// shelf", or the shelf above was used (found by an exploratory session).
    private static func refuseBrokenLink(at url: URL) throws {
        for place in [url, url.deletingLastPathComponent()] {
            if let (target, failure) = LinkedFiles.brokenLink(at: place.path) {
                throw LibraryError.brokenLink(path: place.relativePathForDisplay, target: target, failure: failure)
            }
        }
    }

    /// Throws when the full path (links followed, as SQLite follows them) of the library at
    /// `url`, or of an SQLite file Bookplate keeps beside it, is longer than SQLite opens: `init`
    /// failed with "unable to open database file" and left an empty library, which every later
    /// command called empty (found by an exploratory session); and a library that fitted, in a
    /// folder where its build state (15 bytes longer) did not, was built in full every time
    /// without a word (found by a review).
    package static func refusePathTooLong(_ url: URL) throws {
        let limit = OpeningFailure.longestPath
        let bytes = ShelfPaths.realPath(url).utf8.count
        guard bytes <= limit else {
            throw LibraryError.pathTooLong(path: url.relativePathForDisplay, bytes: bytes, limit: limit)
        }
        let folder = ShelfPaths.stateFolder(besideLibraryIn: url.deletingLastPathComponent())
        let longest = longestPath(ofFilesIn: folder, besideLibraryAt: url)
        guard longest > limit else { return }
        throw LibraryError.filesBesideTooLong(
            path: url.relativePathForDisplay, bytes: bytes, folder: folder.relativePathForDisplay, longest: longest,
            limit: limit)
    }

    /// The longest full path of the SQLite files Bookplate keeps in `folder`, the state folder
    /// beside the library at `url`: the build state, and the copy of the library kept before an
    /// upgrade, which SQLite writes under a working name (``keepCopyBeforeUpgrade(of:_:)``).
    /// (Their `-wal`, `-shm` and `-journal` are within ``OpeningFailure/longestPath``.)
    private static func longestPath(ofFilesIn folder: URL, besideLibraryAt url: URL) -> Int {
        let copies = LibraryMigrations.migrator.migrations.map { migration in
            WorkingFiles.longestNameLength(for: copyName(of: url, before: migration) + ".sqlite", kind: "tmp")
        }
        let longestName = ([ShelfPaths.buildStateFileName.utf8.count] + copies).max() ?? 0
        return ShelfPaths.realPath(folder).utf8.count + 1 + longestName
    }

    /// The name, less its `.sqlite`, of the copy of the library at `url` kept before `migration`
    /// is run on it: `library-before-v25`.
    private static func copyName(of url: URL, before migration: String) -> String {
        url.deletingPathExtension().lastPathComponent + "-before-" + migration.prefix { $0 != "-" }
    }

    /// A library held in memory, for tests and previews.
    public static func inMemory(clock: WallClock = .system) throws -> Library {
        let queue = try DatabaseQueue()
        try LibraryMigrations.migrator.migrate(queue)
        return Library(path: ":memory:", database: queue, clock: clock)
    }

    /// Brings the library up to date. Two commands opening an older library at once both began
    /// the same migration, and the second failed with SQLite's "table already exists" (found by
    /// an exploratory session): a migration that fails while another process completes them is
    /// waited for (ten seconds, as for a lock), and only then is the failure the reader's to see.
    private func migrate(_ queue: DatabaseQueue) throws {
        do {
            try LibraryMigrations.migrator.migrate(queue)
        } catch {
            for _ in 0..<100 {
                if try isCurrent() { return }
                usleep(100_000)
            }
            throw error
        }
    }

    /// Upgrades the library at `url`, which an older Bookplate wrote, after keeping a copy of it
    /// (see ``keepCopyBeforeUpgrade(of:_:)``), and returns where the copy is; nil when another
    /// command upgraded it meanwhile. Two first commands at once both upgraded it, and both kept
    /// a copy, the second's taken while the first migrated, named for v11 and holding v10, which
    /// no Bookplate opens (found by a review): the check, the copy and the migrations are one
    /// step under a lock of the shelf's (`content/.bookplate/upgrade.lock`), so that one command
    /// upgrades and the other waits, then finds the library current. The migrations are one
    /// transaction (``LibraryMigrations/runPending(in:)``): one that fails leaves the library
    /// as it was, and the error names the copy. A command that waits for another's upgrade
    /// tells `tell` so first: it waited without a word, and looked hung (found by a review).
    private func upgrade(_ url: URL, _ queue: DatabaseQueue, telling tell: (String) -> Void) throws -> URL? {
        let folder = ShelfPaths.stateFolder(besideLibraryIn: url.deletingLastPathComponent())
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = folder.appendingPathComponent("upgrade.lock").path
        let descriptor: Int32
        switch AdvisoryLock.hold(
            at: lock, waiting: { tell("Waiting for another Bookplate command to finish upgrading \(path)…") })
        {
        case .success(let held): descriptor = held
        case .failure(.open(let failure)):
            // Left by `sudo bookplate build`, the state folder is root's: the advice the build
            // lock gives, which every command on an older library went without (found by a review).
            let advice = ForeignOwnership.advice(forLockFile: lock, in: folder.path, failure: failure)
            throw LibraryError.storage(
                path: path,
                message: "it was written by an older Bookplate, and \(folder.relativePathForDisplay) cannot hold the "
                    + "lock its upgrade takes (\(String(cString: strerror(failure)))\(advice.map { "; " + $0 } ?? "")); "
                    + "it is left as it was")
        case .failure(.lock(let failure)):
            throw LibraryError.storage(
                path: path,
                message: "it was written by an older Bookplate, and the lock its upgrade takes cannot be taken "
                    + "(\(String(cString: strerror(failure)))); it is left as it was")
        }
        defer { close(descriptor) }
        guard try !isCurrent() else { return nil }
        let kept = try keepCopyBeforeUpgrade(of: url, queue)
        do {
            try LibraryMigrations.runPending(in: queue)
        } catch {
            let reason = (error as? DatabaseError)?.readerMessage ?? "\(error)"
            throw LibraryError.storage(
                path: path,
                message: "it was written by an older Bookplate and could not be upgraded (\(reason)); it is left as "
                    + "it was" + (kept.map { ", and a copy of it is kept at \($0.relativePathForDisplay)" } ?? ""))
        }
        return kept
    }

    /// Keeps a copy of the library at `url`, which migrations are about to upgrade, beside the
    /// shelf's state (`content/.bookplate/library-before-v25.sqlite`, named for the first
    /// migration it lacks, never over an earlier copy, and an earlier copy that is the same
    /// kept rather than another), and returns where. Any first command
    /// upgraded an older Bookplate's library without a word and for good, and that Bookplate
    /// then refused it (found by an exploratory session). The copy is SQLite's own
    /// (`VACUUM INTO`): the file alone would lack what its log holds. Made under a working name
    /// and linked into place once on disk, so that a command killed meanwhile leaves no half a
    /// copy. A new library (no migration done yet) has nothing to keep. Throws, upgrading
    /// nothing, where the copy cannot be made.
    private func keepCopyBeforeUpgrade(of url: URL, _ queue: DatabaseQueue) throws -> URL? {
        let done = try queue.read { db in
            try db.tableExists("grdb_migrations")
                ? Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) : []
        }
        guard !done.isEmpty, let next = LibraryMigrations.migrator.migrations.first(where: { !done.contains($0) })
        else { return nil }
        let folder = ShelfPaths.stateFolder(besideLibraryIn: url.deletingLastPathComponent())
        let stem = Library.copyName(of: url, before: next)
        let working = folder.appendingPathComponent(WorkingFiles.name(for: stem + ".sqlite", kind: "tmp"))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            WorkingFiles.removeAbandoned(in: folder)
            defer { unlink(working.path) }
            try queue.inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [working.path]) }
            FileOutput.flushFileSystem(containing: folder)
            var number = 1
            while true {
                let kept = folder.appendingPathComponent(stem + (number == 1 ? "" : "-\(number)") + ".sqlite")
                if link(working.path, kept.path) == 0 {
                    FileOutput.flushFileSystem(containing: folder)
                    return kept
                }
                guard errno == EEXIST else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: kept.path])
                }
                // An upgrade that failed kept a whole copy on every run, without a word (found by
                // a review): a copy the same as this one (SQLite's copies of the same library are
                // the same bytes) is kept already.
                if FileManager.default.contentsEqual(atPath: working.path, andPath: kept.path) { return kept }
                number += 1
            }
        } catch {
            let reason = (error as? DatabaseError)?.readerMessage ?? error.localizedDescription
            throw LibraryError.storage(
                path: path,
                message: "it was written by an older Bookplate, and no copy of it as it was could be kept in "
                    + "\(folder.relativePathForDisplay) before upgrading it (\(reason)); it is left as it was")
        }
    }

    /// Whether every migration is done, after checking that the file is a Bookplate library this
    /// version can use (else this throws).
    private func isCurrent() throws -> Bool {
        let migrator = LibraryMigrations.migrator
        return try database.read { db in
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let isEmpty = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0
            if !isEmpty && applicationID != LibraryMigrations.applicationID {
                throw LibraryError.notABookplateLibrary(path: path)
            }
            if try migrator.hasBeenSuperseded(db) { throw LibraryError.newerLibrary(path: path) }
            return try migrator.hasCompletedMigrations(db)
        }
    }

    /// Runs `work` in a read transaction, turning database errors into ``LibraryError``.
    func read<T>(_ work: (Database) throws -> T) throws -> T {
        do {
            return try database.read(work)
        } catch let error as DatabaseError {
            throw LibraryError.storage(path: path, message: error.readerMessage)
        }
    }

    /// Runs `work` in one write transaction, turning database errors into ``LibraryError``.
    func write<T>(_ work: (Database) throws -> T) throws -> T {
        do {
            return try database.write(work)
        } catch let error as DatabaseError {
            throw LibraryError.storage(path: path, message: writeFailure(error))
        }
    }

    /// What a change that failed with `error` is told as. An import keeps the library to itself
    /// until it is done, all or nothing: an `edit` meanwhile waited ten seconds and said another
    /// program kept it locked, not which (found by an exploratory session). An import under way
    /// in the shelf the library is in is named.
    func writeFailure(_ error: DatabaseError) -> String {
        let stateFolder = ShelfPaths.stateFolder(
            besideLibraryIn: URL(fileURLWithPath: path).deletingLastPathComponent())
        guard error.resultCode == .SQLITE_BUSY, ImportUnderWay.isUnderWay(in: stateFolder) else {
            return error.readerMessage
        }
        return "an import is under way, and keeps it until it is done, all or nothing: try again then"
    }
}

extension Library {
    /// The library's own connection, closed when the last copy of the library is gone rather than
    /// whenever the process ends: SQLite then takes the log into the file and deletes it, so that
    /// no `-wal` is left for a sync client to copy alone, and the owner file goes with it.
    final class Closer: Sendable {
        let queue: DatabaseQueue
        let library: URL

        init(queue: DatabaseQueue, library: URL) {
            self.queue = queue
            self.library = library
        }

        deinit {
            try? queue.close()
            LibraryLog.forgetOwner(of: library)
        }
    }
}

/// Tells an SQLite file from any other file by its 16-byte header.
enum LibraryFileSignature {
    enum Kind {
        case sqlite
        /// No bytes at all: a new database to SQLite, a lost library to the reader.
        case empty
        case other
    }

    /// What the file at `url` holds; throws for anything that is no file (a folder, a named pipe).
    static func kind(of url: URL) throws -> Kind {
        let path = url.relativePathForDisplay
        // Opened without waiting: a named pipe kept every command waiting for a writer, for ever
        // (found by an exploratory session). It is then refused for what it is.
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let failure = errno
            throw LibraryError.storage(
                path: path,
                message: failure == EMFILE || failure == ENFILE
                    ? OpeningFailure.observed(in: url.deletingLastPathComponent())
                        .reason(otherwise: "the file cannot be read") : "the file cannot be read")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw LibraryError.storage(path: path, message: "the file cannot be read")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw LibraryError.libraryIsAFolder(path: path) }
        if let kind = EntryKind.notAFile(mode: info.st_mode) { throw LibraryError.notAFile(path: path, kind: kind) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = read(descriptor, &header, header.count)
        guard count >= 0 else { throw LibraryError.storage(path: path, message: "the file cannot be read") }
        if count == 0 { return .empty }
        return header.prefix(count).elementsEqual("SQLite format 3\u{0}".utf8) ? .sqlite : .other
    }
}

extension DatabaseError {
    /// Why a library that cannot be written could not be read: its owner wrote to it throughout
    /// the copy a reader takes of it (``DatabaseQueue/readOnlySnapshot(of:prepare:)``).
    static let keptChanging = "it kept changing while it was read: try again in a moment"

    /// SQLite's own message, short enough for one line.
    package var readerMessage: String {
        switch resultCode {
        // The copy's own reason: it was said as a lock, which a copy never met.
        case .SQLITE_BUSY where message == Self.keptChanging: Self.keptChanging
        case .SQLITE_BUSY, .SQLITE_LOCKED: "another program kept it locked; try again"
        case .SQLITE_READONLY: "the file or its folder cannot be written (check their permissions)"
        case .SQLITE_FULL: "the disk is full"
        // SQLite's own "disk I/O error" sounds like a failing disk; a full one is likelier.
        case .SQLITE_IOERR: "it could not be read or written (is the disk full?)"
        case .SQLITE_CORRUPT: LibraryError.damagedFile
        default: message ?? "SQLite error \(resultCode.rawValue)"
        }
    }
}
