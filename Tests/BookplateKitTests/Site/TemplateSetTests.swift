import Foundation
import Testing

@testable import BookplateKit

@Suite struct TemplateSetTests {
    func themeCopy() throws -> URL {
        let folder = try TestPaths.temporaryFolder("theme").appendingPathComponent("templates")
        try FileManager.default.copyItem(at: TestPaths.templates, to: folder)
        return folder
    }

    @Test func theDefaultThemeLoads() throws {
        _ = try TemplateSet(folder: TestPaths.templates)
    }

    @Test func aMissingFolderIsNamed() throws {
        let folder = try TestPaths.temporaryFolder("theme").appendingPathComponent("templates")
        #expect(throws: TemplateError.missingFolder(path: folder.path)) { try TemplateSet(folder: folder) }
    }

    @Test func aMissingPageTemplateIsNamed() throws {
        let folder = try themeCopy()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("author.mustache"))
        #expect(throws: TemplateError.missingTemplate(path: folder.appendingPathComponent("author.mustache").path)) {
            try TemplateSet(folder: folder)
        }
    }

    @Test func aSyntaxErrorNamesFileLineAndColumn() throws {
        let folder = try themeCopy()
        let book = folder.appendingPathComponent("book.mustache")
        try Data("{{<layout}}\n{{$content}}\n<h1>{{title}</h1>\n{{/content}}\n{{/layout}}\n".utf8).write(to: book)
        do {
            _ = try TemplateSet(folder: folder)
            Issue.record("loading should have failed")
        } catch let error as TemplateError {
            guard case .syntax(let path, let line, let column, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == book.path)
            #expect(line == 3)
            #expect(column > 1)
            #expect("\(error)".hasPrefix("\(book.path):3:"))
        }
    }

    @Test func anUnclosedSectionIsASyntaxError() throws {
        let folder = try themeCopy()
        try Data("{{#books}}\n<p>never closed</p>\n".utf8).write(to: folder.appendingPathComponent("authors.mustache"))
        #expect {
            try TemplateSet(folder: folder)
        } throws: { error in
            guard case .syntax(let path, _, _, let problem)? = error as? TemplateError else { return false }
            return path.hasSuffix("authors.mustache") && problem.contains("never closed")
        }
    }

    @Test func aMissingPartialIsNamedWhereItIsUsed() throws {
        let folder = try themeCopy()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("partials/footer.mustache"))
        #expect(
            throws: TemplateError.missingPartial(
                path: folder.appendingPathComponent("layout.mustache").path, line: 17, column: 1,
                name: "partials/footer")
        ) {
            try TemplateSet(folder: folder)
        }
    }

    @Test func theBuildStopsOnATemplateErrorBeforeWritingAnything() throws {
        let shelf = try FixtureShelf.make()
        try FileManager.default.removeItem(at: shelf.paths.templates.appendingPathComponent("index.mustache"))
        #expect(throws: BuildError.self) { try shelf.build() }
        #expect(!FileManager.default.fileExists(atPath: shelf.paths.site.path))
    }
}
