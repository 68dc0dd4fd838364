import Foundation
import Testing

@testable import BookplateKit

@Suite struct BuildStateTests {
    @Test func anotherLibraryAtTheSameRevisionIsBuiltAfresh() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "First", authors: ["A"]))
        try shelf.build()
        // Another library in the same place, with as many changes behind it.
        try FileManager.default.removeItem(at: shelf.paths.library)
        let other = try Library.open(at: shelf.paths.library, create: true, clock: .fixed(TemporaryShelf.fixedDate))
        try other.addBook(NewBook(title: "Second", authors: ["A"]))
        let report = try SiteBuilder(library: other, paths: shelf.paths).build()
        #expect(report.filesWritten > 0)
        #expect(try shelf.siteFile("index.html").contains("Second"))
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.site.appendingPathComponent("books/first").path))
    }

    static let awkward = BuildState(
        site: "/shelf with spaces/site\tand a tab",
        inputs: "3f2a",
        notes: [
            "kindred": FileStamps.Stamp(size: 1_234, modified: 1_763_757_123.123_456_7),
            "back\\slash\nline": FileStamps.Stamp(size: 0, modified: 0.1),
            "écrit": FileStamps.Stamp(size: Int.max, modified: -1.5e-300),
        ],
        noteOptions: "smart unsafe\r",
        files: [
            "index.html": "aa",
            "books/kindred/index.html": "",
            "assets/a\tb\\t.css": "bb\n",
        ])

    @Test func theStateReadsBackAsItWasWritten() throws {
        let data = Self.awkward.encoded()
        #expect(BuildState(decoding: data) == Self.awkward)
        // One entry a line, in order, so two states can be compared with diff.
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.hasPrefix("bookplate build state 4\nsite\t/shelf with spaces/site\\tand a tab\n"))
        #expect(text.contains("\nfile\tassets/a\\tb\\\\t.css\tbb\\n\nfile\tbooks/kindred/index.html\t\n"))
        #expect(text.hasSuffix("\nend\t3\t3\n"))
        let empty = BuildState(site: "", inputs: "", notes: [:], noteOptions: "", files: [:])
        #expect(BuildState(decoding: empty.encoded()) == empty)
    }

    @Test func aDamagedStateIsNotReadAtAll() throws {
        let text = try #require(String(data: Self.awkward.encoded(), encoding: .utf8))
        let damaged: [String] = [
            "",
            String(text.dropLast()),  // no last line feed
            String(text.prefix(text.count / 2)),  // cut short
            text.replacingOccurrences(of: "end\t3\t3", with: "end\t3\t4"),
            text.replacingOccurrences(of: "\nend\t3\t3\n", with: "\n"),
            text + "file\tlate.html\tcc\n",  // after the end
            text.replacingOccurrences(of: "bookplate build state 4", with: "bookplate build state 3"),
            text.replacingOccurrences(of: "\tbb\\n", with: "\tbb\\q"),  // unknown escape
            text.replacingOccurrences(of: "\tbb\\n", with: "\tbb\\"),  // escape cut off
            text.replacingOccurrences(of: "\t1234\t", with: "\t12x4\t"),
            text.replacingOccurrences(of: "file\tindex.html\taa", with: "file\tindex.html"),
            text.replacingOccurrences(of: "file\tindex.html\taa", with: "page\tindex.html\taa"),
            text.replacingOccurrences(of: "inputs\t3f2a\n", with: ""),
            text.replacingOccurrences(of: "inputs\t3f2a\n", with: "inputs\t3f2a\ninputs\t3f2b\n"),  // twice
            text.replacingOccurrences(of: "\nfile\tindex.html\taa\n", with: "\n")
                .replacingOccurrences(
                    of: "note-options\tsmart unsafe\\r\n", with: "note-options\tsmart unsafe\\r\nfile\tindex.html\taa\n"
                ),  // a file before the notes
        ]
        for (number, text) in damaged.enumerated() {
            #expect(BuildState(decoding: Data(text.utf8)) == nil, "damage \(number)")
        }
        var bytes = [UInt8](Self.awkward.encoded())
        bytes[bytes.count - 10] = 0xFF  // in the last fingerprint
        #expect(BuildState(decoding: Data(bytes)) == nil, "not UTF-8")
    }

    @Test func aStateLeftByAnEarlierBookplateMeansAFullBuild() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "First", authors: ["A"]))
        try shelf.build()
        let folder = shelf.paths.content.appendingPathComponent(".bookplate")
        let json = folder.appendingPathComponent("build-state.json")
        // An earlier Bookplate run after this one: it wrote its own state, and left this one's.
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("build-state.txt").path))
        try Data(#"{"format":3,"files":{}}"#.utf8).write(to: json)
        let report = try SiteBuilder(library: shelf.library, paths: shelf.paths).build()
        #expect(report.filesWritten > 0)
        #expect(!FileManager.default.fileExists(atPath: json.path))
        #expect(try SiteBuilder(library: shelf.library, paths: shelf.paths).build().filesWritten == 0)
    }
}
