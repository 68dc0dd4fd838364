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
        let server = try PreviewServer.start(
            paths: paths, port: port,
            makeBuilder: { SiteBuilder(library: try Library.open(at: paths.library), paths: paths) },
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
        for await _ in interrupts { break }
        // Held until here: a source let go hears nothing (a SIGTERM was then ignored for good).
        withExtendedLifetime(sources) {}
        work.cancel()
        await server.stop()
        await work.value
        Terminal.output("\nStopped.")
    }

    /// Ctrl-C (SIGINT) and SIGTERM, as they come; after the first, either ends the program as it
    /// would have without this.
    private static func interrupts() -> (AsyncStream<Void>, [any DispatchSourceSignal]) {
        let (interrupts, continuation) = AsyncStream<Void>.makeStream()
        let signals = [SIGINT, SIGTERM]
        // After the first, both end the program as they would have.
        let sources = signals.map { signalNumber in
            Interrupt.heard(signalNumber) {
                for signalNumber in signals { signal(signalNumber, SIG_DFL) }
                continuation.yield()
                continuation.finish()
            }
        }
        return (interrupts, sources)
    }
}
