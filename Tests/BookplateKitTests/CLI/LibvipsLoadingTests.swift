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
}
