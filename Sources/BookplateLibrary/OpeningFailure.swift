import Foundation
import GRDBSQLite

/// Why SQLite could not open a library file ("unable to open database file", SQLITE_CANTOPEN),
/// told from what the file system and this process show rather than guessed: SQLite's words name
/// no cause, and reached the reader as they were on a read-only disk, on one with no inodes left
/// and with too few files allowed open (found by an exploratory session).
struct OpeningFailure: Equatable, Sendable {
    /// The library's file system is mounted read-only.
    var readOnlyFileSystem = false
    /// This process may have no more than this many files open, and has all but a few of them
    /// open: too few for the library, its log and its index. Nil when it can open enough.
    var openFileLimit: Int?
    /// The whole system has as many files open as it allows.
    var systemOutOfFiles = false
    /// No new file can be made on the library's file system: it has no inodes left.
    var noInodesLeft = false
    /// The library's file system has no space left.
    var noSpaceLeft = false

    /// What the file system holding `folder`, and this process, show now.
    static func observed(in folder: URL) -> OpeningFailure {
        var failure = OpeningFailure()
        var system = statvfs()
        if statvfs(folder.path, &system) == 0 {
            failure.readOnlyFileSystem = system.f_flag & UInt(ST_RDONLY) != 0
            // A file system that counts no inodes (`f_files` 0: btrfs) never runs out of them.
            failure.noInodesLeft = system.f_files > 0 && system.f_favail == 0
            failure.noSpaceLeft = (geteuid() == 0 ? system.f_bfree : system.f_bavail) == 0
        }
        // SQLite opens the library, its `-wal` and `-shm`, and the folder to flush it: as many
        // files are opened here, and closed again, to see whether this process may.
        var opened: [Int32] = []
        var refusal: Int32 = 0
        while opened.count < 4 {
            let descriptor = open("/", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                refusal = errno
                break
            }
            opened.append(descriptor)
        }
        for descriptor in opened { close(descriptor) }
        if refusal == EMFILE {
            var limit = rlimit()
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            failure.openFileLimit = Int(limit.rlim_cur)
        }
        failure.systemOutOfFiles = refusal == ENFILE
        return failure
    }

    /// The reason, as the line "could not use the library …: " goes on; `otherwise` when
    /// nothing shown is one.
    func reason(otherwise: String) -> String {
        if readOnlyFileSystem {
            return "the file or its folder cannot be written (they are on a file system mounted read-only)"
        }
        if let openFileLimit {
            return "this process may have no more than \(openFileLimit) files open at once (ulimit -n), too few for "
                + "the library and the files SQLite keeps beside it: raise the limit (ulimit -n 1024) and try again"
        }
        if systemOutOfFiles {
            return "the system has as many files open as it allows: close some programs and try again"
        }
        if noInodesLeft {
            return "its disk has no inodes left, and SQLite makes its log beside it: remove some files there "
                + "and try again"
        }
        if noSpaceLeft { return "the disk is full" }
        return otherwise
    }

    /// The longest path SQLite opens a database at: its file system layer's longest path
    /// (`mxPathname`, 512 bytes on Unix), less the 8 bytes its journal's name adds
    /// (`-journal`), which SQLite makes room for before it opens the file.
    static var longestPath: Int {
        Int(sqlite3_vfs_find(nil)?.pointee.mxPathname ?? 512) - "-journal".utf8.count
    }
}
