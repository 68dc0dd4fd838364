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
        await server.rebuild()
        let watcher = Task { await server.watch() }
        await waitForInterrupt()
        watcher.cancel()
        await server.stop()
        Terminal.output("\nStopped.")
    }

    /// Waits for Ctrl-C (SIGINT) or SIGTERM.
    private func waitForInterrupt() async {
        let (interrupts, continuation) = AsyncStream<Void>.makeStream()
        let sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
        for await _ in interrupts { break }
        sources.forEach { $0.cancel() }
    }
}
