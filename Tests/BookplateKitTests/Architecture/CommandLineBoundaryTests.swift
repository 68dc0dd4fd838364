import Foundation
import Testing

/// The command line reaches the rest of Bookplate through BookplateKit alone, and sees of the
/// targets below it only what `Sources/BookplateKit/Exports.swift` lists. Package.swift names
/// those targets as the command line's dependencies too (SwiftPM's build graph needs them), so
/// the compiler alone would let a command `import BookplateSite`: this test does not.
@Suite struct CommandLineBoundaryTests {
    static let sources = TestPaths.repository.appendingPathComponent("Sources")

    /// `import X` and `@_exported import kind X.Y` lines of every Swift file in `folder`, by file.
    static func imports(in folder: String) throws -> [(file: String, line: String)] {
        let url = sources.appendingPathComponent(folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty, "no Swift files in Sources/\(folder)")
        return try files.sorted().flatMap { file in
            try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ") }
                .map { (file, $0) }
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
