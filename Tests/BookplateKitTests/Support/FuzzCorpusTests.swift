import Foundation
import Testing

@testable import BookplateLibrary

/// Replays the fuzzers' committed corpus (`Tests/Fuzz/Corpus`) through the same entry points
/// and invariants as the libFuzzer targets, so every input a fuzzer once kept stays good.
@Suite struct FuzzCorpusTests {
    static let corpus = TestPaths.repository.appendingPathComponent("Tests/Fuzz/Corpus")

    /// The files of one target's corpus, by name; the folder must exist and hold some.
    static func inputs(_ target: String) throws -> [(name: String, data: Data)] {
        let folder = corpus.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        return try names.sorted().map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    static func replay(_ target: String, _ check: (Data) -> [String]) throws {
        let inputs = try inputs(target)
        #expect(!inputs.isEmpty, "no corpus for \(target)")
        for input in inputs {
            let problems = check(input.data)
            #expect(problems.isEmpty, "\(target)/\(input.name): \(problems.joined(separator: "; "))")
        }
    }

    @Test func imports() throws {
        try FuzzCorpusTests.replay("FuzzImport", FuzzInvariants.imports)
    }

    @Test func slugs() throws {
        try FuzzCorpusTests.replay("FuzzSlug") { FuzzInvariants.hugeSlug($0, megabyte: 65_536, checksTime: false) }
    }

    @Test func csvExport() throws {
        try FuzzCorpusTests.replay("FuzzExport", FuzzInvariants.export)
    }

    @Test func parsers() throws {
        try FuzzCorpusTests.replay("FuzzParsers", FuzzInvariants.parsers)
    }

    @Test func allowListedHTML() throws {
        try FuzzCorpusTests.replay("FuzzHTML", FuzzInvariants.html)
    }

    @Test func highlights() throws {
        try FuzzCorpusTests.replay("FuzzHighlights", FuzzInvariants.highlights)
    }

    @Test func catalogAnswers() async throws {
        let inputs = try FuzzCorpusTests.inputs("FuzzCatalog")
        #expect(!inputs.isEmpty, "no corpus for FuzzCatalog")
        for input in inputs {
            let problems = await FuzzInvariants.catalog(input.data)
            #expect(problems.isEmpty, "FuzzCatalog/\(input.name): \(problems.joined(separator: "; "))")
        }
    }

    /// The invariants are not vacuous: each names a broken value.
    @Test func invariantsCatchBrokenValues() {
        #expect(!FuzzInvariants.checkISBN13("9780441172710").isEmpty)
        #expect(!FuzzInvariants.checkKey("/works/OL1W", kind: "W").isEmpty)
        #expect(!FuzzInvariants.checkPlainText("one\n\n\ntwo").isEmpty)
        #expect(!FuzzInvariants.checkPlainText("one  two").isEmpty)
        #expect(FuzzInvariants.checkPlainText("one two\n\nthree").isEmpty)
        #expect(!FuzzInvariants.checkAllowListed("<p>a<em>b</p></em>").isEmpty)
        #expect(!FuzzInvariants.checkAllowListed("<p class=x>a</p>").isEmpty)
        #expect(!FuzzInvariants.checkAllowListed("a < b").isEmpty)
        #expect(!FuzzInvariants.checkAllowListed("<p><li>a</li></p>").isEmpty)
        #expect(FuzzInvariants.checkAllowListed("<ul><li>a<br>b</li></ul>").isEmpty)
        let header = "Title,Author,ISBN13\n"
        #expect(FuzzInvariants.checkCells(Data((header + "=1+1,A,\"=\"\"978\"\"\"\n").utf8), books: 1) != [])
        #expect(FuzzInvariants.checkCells(Data((header + "'=1+1,A,\"=\"\"978\"\"\"\n").utf8), books: 1) == [])
        #expect(FuzzInvariants.checkCells(Data((header + "T,A,\n").utf8), books: 2) != [])
        let empty = HighlightFile(
            source: .kindle,
            highlights: [
                ImportedHighlight(line: 9, bookTitle: " ", highlight: NewHighlight(text: "\n", source: .kindle))
            ])
        #expect(FuzzInvariants.checkHighlights(empty, in: Data("one line".utf8), reader: .kindle).count == 3)
    }
}
