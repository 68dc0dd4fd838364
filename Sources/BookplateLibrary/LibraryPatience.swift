import BookplateCore
import Foundation
import GRDB
import Synchronization

/// How long a change waits for another process's lock on the library (ten seconds, as SQLite's
/// own busy timeout has it, with its steps between tries), telling the command once when what it
/// waits for is an import: `edit`, `add`, `quote add`, `restore` and a second import waited up to
/// ten seconds behind one without a word (found by an exploratory session).
final class LibraryPatience: Sendable {
    static let seconds = 10
    /// How long a wait lasts before it is said: a lock held for a moment is not worth a line.
    static let sayingAfter = 250

    private let stateFolder: URL
    private let waitingForAnImport: @Sendable () -> Void
    private let told = Mutex(false)

    init(stateFolder: URL, waitingForAnImport: @escaping @Sendable () -> Void) {
        self.stateFolder = stateFolder
        self.waitingForAnImport = waitingForAnImport
    }

    /// The busy mode of a library whose command is told ``waitingForAnImport``.
    var busyMode: Database.BusyMode {
        .callback { [self] tries in wait(afterTries: tries) }
    }

    /// SQLite's steps between tries, in milliseconds (its `sqliteDefaultBusyCallback`).
    private static let steps = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

    /// Sleeps before try `tries + 1`; false once ten seconds have gone by.
    private func wait(afterTries tries: Int) -> Bool {
        let steps = Self.steps
        let waited =
            tries < steps.count
            ? steps.prefix(tries).reduce(0, +) : steps.reduce(0, +) + (tries - steps.count) * steps[steps.count - 1]
        let limit = Self.seconds * 1000
        guard waited < limit else { return false }
        let step = min(tries < steps.count ? steps[tries] : steps[steps.count - 1], limit - waited)
        if waited + step >= Self.sayingAfter, !told.withLock({ $0 }), ImportUnderWay.isUnderWay(in: stateFolder) {
            told.withLock { $0 = true }
            waitingForAnImport()
        }
        usleep(UInt32(step) * 1000)
        return true
    }
}
