import Foundation
import Testing

@testable import BookplateLibrary

/// What a library SQLite could not open is said to fail by: what the file system and the process
/// show, SQLite's own words only when they show nothing.
@Suite struct OpeningFailureTests {
    @Test func eachCauseIsSaidInItsOwnWords() {
        let sqlite = "unable to open database file"
        #expect(OpeningFailure().reason(otherwise: sqlite) == sqlite)
        #expect(
            OpeningFailure(readOnlyFileSystem: true, noInodesLeft: true).reason(otherwise: sqlite)
                == "the file or its folder cannot be written (they are on a file system mounted read-only)")
        #expect(
            OpeningFailure(openFileLimit: 8).reason(otherwise: sqlite)
                == "this process may have no more than 8 files open at once (ulimit -n), too few for the library "
                + "and the files SQLite keeps beside it: raise the limit (ulimit -n 1024) and try again")
        #expect(
            OpeningFailure(systemOutOfFiles: true).reason(otherwise: sqlite)
                == "the system has as many files open as it allows: close some programs and try again")
        #expect(
            OpeningFailure(noInodesLeft: true, noSpaceLeft: true).reason(otherwise: sqlite)
                == "its disk has no inodes left, and SQLite makes its log beside it: remove some files there and "
                + "try again")
        #expect(OpeningFailure(noSpaceLeft: true).reason(otherwise: sqlite) == "the disk is full")
    }

    /// SQLite's Unix file system layer opens paths of up to 512 bytes, and a database only where
    /// its journal's name (8 bytes more) fits too.
    @Test func theLongestPathIsSQLitesLessItsJournalsName() {
        #expect(OpeningFailure.longestPath == 504)
    }

    /// Nothing is out of the ordinary where the tests run.
    @Test func anOrdinaryFolderShowsNoCause() throws {
        #expect(OpeningFailure.observed(in: URL(fileURLWithPath: NSTemporaryDirectory())) == OpeningFailure())
    }
}
