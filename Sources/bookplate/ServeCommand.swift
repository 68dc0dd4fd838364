import ArgumentParser
import BookplateKit
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview the site on 127.0.0.1, rebuilding when content/ or templates/ change.")

    @OptionGroup var shelf: ShelfOptions
    @Option(help: "The port to listen on.") var port: UInt16 = 4000

    func run() async throws {
        // Checked once before listening: a shelf with no library is an error, not an empty site.
        _ = try shelf.openLibrary()
        let paths = try shelf.paths
        // A rebuild waiting for another build's turn says so, as `build` does: serve said only
        // where it was, and its first Ctrl-C hung without a word (found by an exploratory session).
        let waiting = Locked(false)
        let server = try PreviewServer.start(
            paths: paths, port: port,
            makeBuilder: {
                var builder = SiteBuilder(
                    library: try Library.open(at: paths.library, telling: Terminal.error), paths: paths)
                builder.whileWaitingForAnotherBuild = {
                    waiting.change { $0 = true }
                    Terminal.error("Waiting for another build of this shelf (in another terminal) to finish…")
                }
                builder.afterWaitingForAnotherBuild = { waiting.change { $0 = false } }
                return builder
            },
            report: { message in Terminal.error(message) })
        // Ctrl-C is heard from the first build on, and a build under way is let finish: stopping
        // amid one left its half-made site beside the shelf, and the next serve built in full
        // without a word (found by an exploratory session). A second Ctrl-C stops at once. Heard
        // before the first line says where the preview is: a SIGTERM sent on reading it was lost.
        let (interrupts, sources) = Self.interrupts()
        Terminal.output(
            "Serving \(paths.site.relativePathForDisplay)/ at http://127.0.0.1:\(server.port)/ — Ctrl-C to stop")
        let work = Task {
            await server.rebuild()
            await server.watch()
        }
        var heard = SIGINT
        for await signalNumber in interrupts {
            heard = signalNumber
            break
        }
        // A rebuild still waiting for its turn has written nothing, and nothing to finish: serve
        // stops at once, saying what it waited for.
        if waiting.current {
            if heard != SIGHUP {
                Terminal.output("\nStopped while waiting for another build of this shelf to finish: nothing was built.")
            }
            Interrupt.end(by: heard)
        }
        work.cancel()
        await server.stop()
        await work.value
        // Held until here: a source let go hears nothing (a SIGTERM was then ignored for good).
        withExtendedLifetime(sources) {}
        // A terminal that was closed reads nothing more.
        if heard != SIGHUP { Terminal.output("\nStopped.") }
        // Stopped cleanly, serve still ends by the signal, as every command does: a shell sees
        // 130 for Ctrl-C, and a script's loop stops. It exited 0, as though it had done what was
        // asked and ended of itself (found by an exploratory session).
        Interrupt.end(by: heard)
    }

    /// Ctrl-C (SIGINT), SIGTERM and SIGHUP (the terminal closed), as they come. A later one ends
    /// the program at once, as it would have without this; but not the same signal within a
    /// moment of the first: `timeout` sends SIGTERM to serve and then to its process group, and
    /// a terminal closing sends SIGHUP to both, and either stopped serve amid a rebuild, its
    /// half-made site left beside the shelf (found by an exploratory session).
    private static func interrupts() -> (AsyncStream<Int32>, [any DispatchSourceSignal]) {
        let (interrupts, continuation) = AsyncStream<Int32>.makeStream()
        let first = Locked<(signal: Int32, at: ContinuousClock.Instant)?>(nil)
        let sources = Interrupt.endings.compactMap { signalNumber -> (any DispatchSourceSignal)? in
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            // Started with SIGHUP ignored (`nohup`), it stays ignored.
            if signalNumber == SIGHUP, Interrupt.isIgnoring(current.__sigaction_handler.sa_handler) { return nil }
            return Interrupt.heard(signalNumber) {
                let now = ContinuousClock.now
                // The first is kept; a later one is compared with it.
                let before = first.change { first in
                    defer { if first == nil { first = (signalNumber, now) } }
                    return first
                }
                guard let before else {
                    continuation.yield(signalNumber)
                    continuation.finish()
                    return
                }
                if before.signal == signalNumber, now - before.at < .seconds(1) { return }
                Interrupt.end(by: signalNumber)
            }
        }
        return (interrupts, sources)
    }
}
