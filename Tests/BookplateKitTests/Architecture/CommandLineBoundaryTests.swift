import Foundation
import Testing

/// The command line reaches the rest of Bookplate through BookplateKit alone, and sees of the
/// targets below it only what `Sources/BookplateKit/Exports.swift` lists. Package.swift names
/// those targets as the command line's dependencies too (SwiftPM's build graph needs them), so
/// the compiler alone would let a command `import BookplateSite`: this test does not.
@Suite struct CommandLineBoundaryTests {
    static let sources = TestPaths.repository.appendingPathComponent("Sources")
    /// An import, with attributes or an access level before it or not.
    nonisolated(unsafe) static let importLine = /^(@\w+\s+)*((public|package|internal|fileprivate|private)\s+)?import\s/

    /// Every import line of every Swift file in `folder` and the folders inside it, by file:
    /// `import X`, and with attributes or an access level before it (`@_exported import struct
    /// X.Y`, `internal import X`, `@preconcurrency public import X`), written as one space each.
    static func imports(in folder: String) throws -> [(file: String, line: String)] {
        let url = sources.appendingPathComponent(folder)
        let files = (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty, "no Swift files in Sources/\(folder)")
        return try files.sorted().flatMap { file in
            try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.firstMatch(of: Self.importLine) != nil }
                .map { (file, $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")) }
        }
    }

    @Test func commandsImportBookplateKitAndNoOtherPartOfBookplate() throws {
        let allowed: Set = ["import ArgumentParser", "import BookplateKit", "import Foundation"]
        let imports = try Self.imports(in: "bookplate")
        #expect(imports.contains { $0.line == "import BookplateKit" })
        for (file, line) in imports {
            #expect(allowed.contains(line), "Sources/bookplate/\(file): \(line)")
        }
    }

    /// The line filter sees every spelling of an import.
    @Test func everySpellingOfAnImportIsSeen() throws {
        for line in [
            "import BookplateSite", "internal import BookplateSite", "@preconcurrency import BookplateSite",
            "@preconcurrency public import BookplateSite", "@_exported import struct BookplateLibrary.Book",
        ] {
            #expect(line.firstMatch(of: Self.importLine) != nil, "\(line)")
        }
        #expect("let important = 1".firstMatch(of: Self.importLine) == nil)
    }

    @Test func bookplateKitLendsDeclarationsOneByOneNeverAWholeTarget() throws {
        let exports = try Self.imports(in: "BookplateKit").filter { $0.line.hasPrefix("@_exported") }
        #expect(exports.count > 10)
        for (file, line) in exports {
            // `@_exported import struct BookplateLibrary.Book`: a kind, then a target and a name.
            let words = line.split(separator: " ")
            let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "func"]
            #expect(words.count == 4 && kinds.contains(words[2]) && words[3].contains("."), "\(file): \(line)")
        }
    }
}
