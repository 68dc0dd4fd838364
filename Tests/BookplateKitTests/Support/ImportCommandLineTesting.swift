import Foundation
import Testing

/// What the command-line tests of an import of another program's library (Calibre's, Apple
/// Books') share: a shelf at `root` run through `bookplate`, the import's JSON, the pages built,
/// and the check that the site is what a full build makes.
protocol ImportCommandLineTesting {
    var root: URL { get }
    var bookplate: CommandRunner { get }
}

extension ImportCommandLineTesting {
    @discardableResult
    func run(_ arguments: String..., status expected: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> CommandRunner.Result
    {
        try await bookplate.expecting(expected, arguments, sourceLocation: sourceLocation)
    }

    /// The `import` object of an import's `--json` output.
    func json(_ text: String) throws -> [String: Any] {
        try #require(
            (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["import"] as? [String: Any])
    }

    func page(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("site/\(path)"), encoding: .utf8)
    }

    func expectSameAsAFullBuild(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let fresh = try TestPaths.temporaryFolder("fresh").appendingPathComponent("site")
        try await run("build", "--full", "--output", fresh.path)
        let built = try TemporaryShelf.snapshot(of: root.appendingPathComponent("site"))
        let expected = try TemporaryShelf.snapshot(of: fresh)
        let differing = Set(built.keys).union(expected.keys).filter { built[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "differs from a full build: \(differing)", sourceLocation: sourceLocation)
    }
}
