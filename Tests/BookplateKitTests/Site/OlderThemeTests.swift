import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateLibrary
@testable import BookplateSite

/// A shelf an older Bookplate started had the whole theme copied into its templates/; those
/// copies, left as they were, kept it on that theme for good, and what the theme added since
/// (highlights, series, re-reads) was never linked, without a word (found by an exploratory
/// session). A build names each such copy.
struct OlderThemeTests {
    /// No file of this version's theme is taken for an older one (the table is made from the
    /// repository's history by Tests/tools/generate_older_themes.py, leaving out what is current).
    @Test func noFileOfTheBuiltInThemeIsAnOlderOne() {
        for (path, text) in DefaultTheme.files {
            #expect(!OlderThemes.isUnchangedOlderCopy(Data(text.utf8), of: path), "\(path)")
        }
        #expect(OlderThemes.digests.count > 20)
    }

    @Test func anOlderCopyLeftAsItWasIsNamedAndAChangedOneIsNot() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        let partials = shelf.paths.templates.appendingPathComponent("partials")
        try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
        let older = try Data(
            contentsOf: TestPaths.fixtures.appendingPathComponent("older-theme/footer.mustache"))
        let footer = partials.appendingPathComponent("footer.mustache")
        try older.write(to: footer)
        let report = try shelf.build()
        #expect(
            report.everyWarning.contains {
                $0.hasSuffix(
                    "templates/partials/footer.mustache is an older Bookplate's partials/footer.mustache, unchanged: "
                        + "this version's never reaches it, and what the theme has added since may be missing from "
                        + "the site; remove it to use this version's")
            }, "\(report.everyWarning)")
        // Changed by the reader, it is theirs; as this version has it, it changes nothing.
        try (older + Data("<!-- mine -->\n".utf8)).write(to: footer)
        #expect(!(try shelf.build()).everyWarning.contains { $0.contains("older Bookplate") })
        try Data((DefaultTheme.files["partials/footer.mustache"] ?? "").utf8).write(to: footer)
        #expect(!(try shelf.build()).everyWarning.contains { $0.contains("older Bookplate") })
    }
}
