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
        Terminal.output(
            "Serving \(paths.site.relativePathForDisplay)/ at http://127.0.0.1:\(server.port)/ — Ctrl-C to stop")
        // Ctrl-C is heard from the first build on, and a build under way is let finish: stopping
        // amid one left its half-made site beside the shelf, and the next serve built in full
        // without a word (found by an exploratory session). A second Ctrl-C stops at once.
        let interrupts = Self.interrupts()
        let work = Task {
            await server.rebuild()
            await server.watch()
        }
        for await _ in interrupts { break }
        work.cancel()
        await server.stop()
        await work.value
        Terminal.output("\nStopped.")
    }

    /// Ctrl-C (SIGINT) and SIGTERM, as they come; after the first, either ends the program as it
    /// would have without this.
    private static func interrupts() -> AsyncStream<Void> {
        let (interrupts, continuation) = AsyncStream<Void>.makeStream()
        let signals = [SIGINT, SIGTERM]
        let sources = signals.map { signalNumber in
            signal(signalNumber, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        }
        for source in sources {
            source.setEventHandler {
                sources.forEach { $0.cancel() }
                for signalNumber in signals { signal(signalNumber, SIG_DFL) }
                continuation.yield()
                continuation.finish()
            }
            source.resume()
        }
        return interrupts
    }
}
