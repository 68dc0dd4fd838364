import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateSite

/// libvips and the hundred libraries it brings are loaded by the first cover that needs them:
/// linked, they cost every command 18 MB and their start-up, covers or not. The dynamic loader's
/// own trace (`LD_DEBUG=files`) says which libraries a command opened.
@Suite struct LibvipsLoadingTests {
    func loadsLibvips(_ arguments: [String], in shelf: URL) throws -> Bool {
        let runner = CommandRunner(folder: shelf, environment: ["LD_DEBUG": "files"])
        let result = try runner.run(arguments)
        #expect(result.status == 0, "bookplate \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stderr.contains("libvips.so")
    }

    @Test func onlyAShelfWithCoversLoadsLibvips() throws {
        let root = try TestPaths.newShelf("vips")
        let runner = CommandRunner(folder: root)
        try runner.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        #expect(try !loadsLibvips(["--version"], in: root))
        #expect(try !loadsLibvips(["list"], in: root))
        #expect(try !loadsLibvips(["build"], in: root))
        let covers = root.appendingPathComponent("content/covers")
        try FileManager.default.createDirectory(at: covers, withIntermediateDirectories: true)
        try Data(try SampleImages.solid(width: 300, height: 450, [20, 120, 200])).write(
            to: covers.appendingPathComponent("kindred.jpg"))
        #expect(try loadsLibvips(["build"], in: root))
        let page = try String(
            contentsOf: root.appendingPathComponent("site/books/kindred/index.html"), encoding: .utf8)
        #expect(page.contains("covers/kindred-200.jpg"))
    }

    /// `serve` kept libvips' failure to load for the life of the process: once what kept it from
    /// loading was gone, every rebuild still left the covers out, naming a library since removed,
    /// and said they were "put back by the next build that loads it", while a new `build` put
    /// them back (found by a review). Each rebuild tries to load it again.
    @Test func serveLoadsLibvipsOnceWhatKeptItFromLoadingIsGone() throws {
        let root = try TestPaths.newShelf("serve-vips")
        let runner = CommandRunner(folder: root)
        try runner.run("add", "--title", "Kindred", "--author", "Octavia E. Butler")
        try runner.run("add", "--title", "Dawn", "--author", "Octavia E. Butler")
        // A broken libvips.so.42 found first: the loader refuses it ("file too short").
        let fake = try TestPaths.temporaryFolder("fake-vips")
        let broken = fake.appendingPathComponent("libvips.so.42")
        try Data("not a library".utf8).write(to: broken)
        let (said, errors) = (fake.appendingPathComponent("out.txt"), fake.appendingPathComponent("err.txt"))
        for file in [said, errors] { try Data().write(to: file) }
        let serve = Process()
        serve.executableURL = TestPaths.executable
        serve.arguments = ["serve", "--port", "0"]
        serve.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = fake.path
        environment["BOOKPLATE_LIBRARY"] = nil
        serve.environment = environment
        serve.standardInput = FileHandle.nullDevice
        serve.standardOutput = try FileHandle(forWritingTo: said)
        serve.standardError = try FileHandle(forWritingTo: errors)
        try serve.run()
        defer { if serve.isRunning { kill(serve.processIdentifier, SIGKILL) } }
        func waitFor(_ what: String, _ condition: () throws -> Bool) throws {
            let deadline = Date().addingTimeInterval(30)
            while try !condition() {
                guard Date() < deadline else {
                    Issue.record(
                        "waited in vain for \(what): \((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
                    return
                }
                usleep(50_000)
            }
        }
        try waitFor("serve to start") { try String(contentsOf: said, encoding: .utf8).contains("Serving") }
        let covers = root.appendingPathComponent("content/covers")
        try Data(try SampleImages.solid(width: 300, height: 450, [200, 20, 20])).write(
            to: covers.appendingPathComponent("kindred.jpg"), options: .atomic)
        try waitFor("libvips to fail") {
            try String(contentsOf: errors, encoding: .utf8).contains("libvips could not be loaded")
        }
        try FileManager.default.removeItem(at: broken)
        try Data(try SampleImages.solid(width: 300, height: 450, [20, 20, 200])).write(
            to: covers.appendingPathComponent("dawn.jpg"), options: .atomic)
        let published = root.appendingPathComponent("site/covers")
        try waitFor("both covers") {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: published.path)) ?? []
            return files.contains { $0.hasPrefix("kindred-") } && files.contains { $0.hasPrefix("dawn-") }
        }
        kill(serve.processIdentifier, SIGINT)
        serve.waitUntilExit()
        let page = try String(contentsOf: root.appendingPathComponent("site/books/kindred/index.html"), encoding: .utf8)
        #expect(page.contains("covers/kindred-200.jpg"))
    }
}
