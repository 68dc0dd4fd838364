import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// The default theme built into Bookplate (Sources/BookplateSite/DefaultTheme.swift) is the
/// repository's templates/ folder, byte for byte.
@Suite struct DefaultThemeTests {
    static let generatedFile = TestPaths.repository.appendingPathComponent(
        "Sources/BookplateSite/DefaultTheme.swift")

    /// The theme files on disk, by path below templates/.
    static func themeFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        let folder = TestPaths.templates
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
        for case let relative as String in enumerator where !relative.hasPrefix(".") && relative != "README.md" {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        return files
    }

    /// templates/README.md: the variables, which `init` puts in a new shelf's `templates/`.
    static func readme() throws -> String {
        try String(contentsOf: TestPaths.templates.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The Swift source of the built-in theme, laid out as `swift format` lays it out: each
    /// string's lines indented as its closing delimiter, so that recording it changes no line the
    /// templates did not.
    static func generatedSource(_ files: [String: String], readme: String) -> String {
        func indented(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "        " + $0 }
                .joined(separator: "\n")
        }
        var lines = [
            "// Generated from templates/ by `BOOKPLATE_RECORD_THEME=1 swift test --filter DefaultThemeTests`; do not edit.",
            "",
            "/// The default theme, built into Bookplate so that `init` can write it out and a shelf's own",
            "/// `templates/` need only hold the files it changes.",
            "package enum DefaultTheme {",
            "    /// templates/README.md: what every template receives.",
            "    package static let readme = ####\"\"\"",
            indented(readme) + "\n        \"\"\"####",
            "",
            "    package static let files: [String: String] = [",
        ]
        for path in files.keys.sorted() {
            lines.append("        \"\(path)\": ####\"\"\"")
            lines.append(indented(files[path] ?? "") + "\n        \"\"\"####,")
        }
        lines += ["    ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// An image in a note or a highlight's note was as wide as its file, past the column and a
    /// phone's screen: only a page's text limited its images (found by an exploratory session).
    /// Every element a template puts rendered Markdown in limits the images in it.
    @Test func everyImageInRenderedMarkdownStaysInItsColumn() throws {
        let files = try Self.themeFiles()
        let css = try #require(files["assets/style.css"]).replacingOccurrences(
            of: #"/\*.*?\*/"#, with: "", options: .regularExpression)
        let limited = css.split(separator: "}").filter { $0.contains("max-width: 100%") && $0.contains("height: auto") }
            .flatMap { rule in
                (rule.split(separator: "{").first ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
        var containers: Set<String> = []
        for (path, source) in files where path.hasSuffix(".mustache") {
            for field in ["{{{noteHTML}}}", "{{{bioHTML}}}", "{{{contentHTML}}}"] {
                var rest = Substring(source)
                while let found = rest.range(of: field) {
                    // The nearest element above it with a class is the one the theme styles.
                    let above = source[..<found.lowerBound]
                    let opening = try #require(above.range(of: #"class=""#, options: .backwards), "\(path)")
                    containers.insert(String(above[opening.upperBound...].prefix { $0 != "\"" && $0 != " " }))
                    rest = source[found.upperBound...]
                }
            }
        }
        #expect(containers == ["note", "highlight-note", "bio", "page-text"])
        for container in containers {
            #expect(limited.contains(".\(container) img"), "\(container)")
        }
    }

    @Test func theBuiltInThemeIsTheTemplatesFolder() throws {
        let files = try DefaultThemeTests.themeFiles()
        let readme = try DefaultThemeTests.readme()
        if ProcessInfo.processInfo.environment["BOOKPLATE_RECORD_THEME"] == "1" {
            try Data(DefaultThemeTests.generatedSource(files, readme: readme).utf8).write(
                to: DefaultThemeTests.generatedFile)
            Issue.record("Wrote \(DefaultThemeTests.generatedFile.path); rebuild and run the tests again.")
            return
        }
        #expect(
            DefaultTheme.files == files && DefaultTheme.readme == readme,
            "templates/ and the built-in theme differ: run BOOKPLATE_RECORD_THEME=1 swift test --filter DefaultThemeTests"
        )
    }

    /// templates/README.md left out `site.ownerLabel` and the index's `allBeingReadLabel`, and
    /// said five values were HTML where a page of the reader's `contentHTML` was a sixth. Found
    /// by an exploratory session. Every field of every page model is named in it, and every
    /// markup field among the values `{{{ }}}` writes.
    @Test func theTemplatesReadmeNamesEveryFieldOfThePageModels() throws {
        let readme = try DefaultThemeTests.readme()
        let folder = TestPaths.repository.appendingPathComponent("Sources/BookplateSite/PageModels")
        // A commonplace entry's `highlight` is written out as its fields, beside the entry's; an
        // index letter's `listName` is the name its entries go by (`authors`, `series`).
        let flattened: Set<String> = ["highlight", "listName"]
        var fields: [(name: String, isMarkup: Bool)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in source.split(separator: "\n") where line.hasPrefix("    var ") || line.hasPrefix("    let ") {
                let declaration = line.dropFirst("    var ".count)
                guard let colon = declaration.firstIndex(of: ":"), !declaration.hasSuffix("{") else { continue }
                let name = String(declaration[..<colon])
                guard !flattened.contains(name) else { continue }
                fields.append((name, declaration[colon...].contains("SanitizedHTML")))
            }
        }
        #expect(fields.count > 100)
        for field in fields {
            let named = ["`\(field.name)`", "`\(field.name).", ".\(field.name)`", "`\(field.name) "].contains {
                readme.contains($0)
            }
            #expect(named, "templates/README.md does not name `\(field.name)`")
        }
        let unescaped = try #require(
            readme.range(of: "Every value is HTML-escaped").flatMap { start in
                readme.range(of: "They are the only values", range: start.upperBound..<readme.endIndex).map {
                    readme[start.lowerBound..<$0.lowerBound]
                }
            })
        let markup = Set(fields.filter(\.isMarkup).map(\.name))
        for name in markup {
            #expect(unescaped.contains("`\(name)`"), "`\(name)` is not among the values `{{{ }}}` writes")
        }
        let counted = ["four", "five", "six", "seven", "eight"].firstIndex { unescaped.contains("Only \($0) values") }
        #expect(counted.map { $0 + 4 } == markup.count)
    }
}
