import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateKit
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

    /// A shelf of one book whose templates/ holds an older Bookplate's footer partial, unchanged.
    static func shelfWithAnOlderFooter() throws -> (shelf: TemporaryShelf, footer: URL, older: Data) {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        let partials = shelf.paths.templates.appendingPathComponent("partials")
        try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
        let older = try Data(
            contentsOf: TestPaths.fixtures.appendingPathComponent("older-theme/footer.mustache"))
        let footer = partials.appendingPathComponent("footer.mustache")
        try older.write(to: footer)
        return (shelf, footer, older)
    }

    /// Used, an older copy left as it was kept the shelf on its theme, and rendered this
    /// version's pages wrongly ("Finished Finished 20 January 2024" on a book page of an old
    /// `init`'s copy, found by an exploratory session): this version's file is used in its place,
    /// and the build says so; a copy the reader changed is theirs, and used.
    @Test func anOlderCopyLeftAsItWasGivesWayToThisVersionsAndAChangedOneIsUsed() throws {
        let (shelf, footer, older) = try Self.shelfWithAnOlderFooter()
        let fresh = try shelf.build()
        #expect(
            fresh.everyWarning.contains {
                $0.hasSuffix(
                    "templates/partials/footer.mustache is an older Bookplate's copy of the theme's file, unchanged: "
                        + "this version's is used in its place; remove it (or change it, to keep it)")
            }, "\(fresh.everyWarning)")
        // The page's footer is this version's: as a shelf with no templates of its own has it.
        let plain = try TemporaryShelf(copyTemplates: false)
        try plain.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"]))
        _ = try plain.build()
        func pageFooter(of shelf: TemporaryShelf) throws -> Substring {
            let page = try String(contentsOf: shelf.paths.site.appendingPathComponent("index.html"), encoding: .utf8)
            return page[try #require(page.range(of: "<footer")).lowerBound...]
        }
        #expect(try pageFooter(of: shelf) == (try pageFooter(of: plain)))
        #expect(
            ThemeFiles.sources(in: shelf.paths.templates).first { $0.path == "partials/footer.mustache" }?.source
                == .olderCopy)

        // Changed by the reader, it is theirs, and used; as this version has it, it changes nothing.
        try (older + Data("<!-- mine -->\n".utf8)).write(to: footer)
        #expect(!(try shelf.build()).everyWarning.contains { $0.contains("older Bookplate") })
        #expect(
            try String(contentsOf: shelf.paths.site.appendingPathComponent("index.html"), encoding: .utf8)
                .contains("<!-- mine -->"))
        try Data((DefaultTheme.files["partials/footer.mustache"] ?? "").utf8).write(to: footer)
        #expect(!(try shelf.build()).everyWarning.contains { $0.contains("older Bookplate") })
    }

    /// `data` as git with `core.autocrlf=true` checks it out on Windows, or an editor saves it there.
    static func windowsCopy(of data: Data, byteOrderMark: Bool) -> Data {
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n")
        return Data(((byteOrderMark ? "\u{FEFF}" : "") + text).utf8)
    }

    /// A copy of the theme checked out with CRLF line ends (and saved with a byte-order mark) was
    /// taken for the reader's own: no word of an older copy, `theme list` marked it changed, and
    /// the shelf stayed on the older theme (found by a QA of theme authoring).
    @Test func aCopyWithWindowsLineEndsIsKnownForWhatItIs() throws {
        let (shelf, footer, older) = try Self.shelfWithAnOlderFooter()
        for byteOrderMark in [false, true] {
            try Self.windowsCopy(of: older, byteOrderMark: byteOrderMark).write(to: footer)
            #expect(
                (try shelf.build()).everyWarning.contains {
                    $0.hasSuffix(
                        "templates/partials/footer.mustache is an older Bookplate's copy of the theme's "
                            + "file, unchanged: this version's is used in its place; remove it (or change it, to keep it)"
                    )
                }, "byte-order mark: \(byteOrderMark)")
            #expect(
                ThemeFiles.sources(in: shelf.paths.templates).first { $0.path == "partials/footer.mustache" }?.source
                    == .olderCopy)
        }
        // Old Macs' CR alone ends a line too.
        try Data(String(decoding: older, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r").utf8)
            .write(to: footer)
        #expect(OlderThemes.isUnchangedOlderCopy(try Data(contentsOf: footer), of: "partials/footer.mustache"))
        #expect(
            try ThemeFiles.copy(["partials/footer"], to: shelf.paths.templates) == [
                .updated("partials/footer.mustache")
            ])

        // This version's file so checked out is as this version has it, and changes nothing.
        let current = Data((DefaultTheme.files["partials/footer.mustache"] ?? "").utf8)
        try Self.windowsCopy(of: current, byteOrderMark: true).write(to: footer)
        #expect(
            ThemeFiles.sources(in: shelf.paths.templates).first { $0.path == "partials/footer.mustache" }?.source
                == .unchangedCopy)
        #expect(
            try ThemeFiles.copy(["partials/footer"], to: shelf.paths.templates, replacing: true) == [
                .copied("partials/footer.mustache")
            ])
        // A line added is a change, whatever the line ends.
        try Self.windowsCopy(of: older + Data("<!-- mine -->\n".utf8), byteOrderMark: false).write(to: footer)
        #expect(!(try shelf.build()).everyWarning.contains { $0.contains("older Bookplate") })
        #expect(
            ThemeFiles.sources(in: shelf.paths.templates).first { $0.path == "partials/footer.mustache" }?.source
                == .changed)
    }

    /// An old `init` copied the whole theme: one short line counts the copies, not a line each.
    @Test func manyOlderCopiesAreNamedInOneLine() throws {
        let shelf = try Self.shelfWithAnOlderFooter().shelf
        try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("older-theme/404.mustache"))
            .write(to: shelf.paths.templates.appendingPathComponent("404.mustache"))
        let warnings = try shelf.build().everyWarning.filter { $0.contains("older Bookplate") }
        #expect(warnings.count == 1)
        let line = try #require(warnings.first)
        #expect(line.contains("2 files of "), "\(line)")
        #expect(
            line.hasSuffix(
                "templates/ are an older Bookplate's copies of the theme's files, unchanged ('bookplate theme list' "
                    + "marks them '<'): this version's are used in their place; remove them (or change one, to keep "
                    + "it)"), "\(line)")
    }

    /// `theme copy` over an older copy left as it was brings it up to date: it was "yours already".
    @Test func themeCopyReplacesAnOlderCopyUnasked() throws {
        let shelf = try TemporaryShelf()
        let partials = shelf.paths.templates.appendingPathComponent("partials")
        try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
        let footer = partials.appendingPathComponent("footer.mustache")
        try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("older-theme/footer.mustache")).write(to: footer)
        #expect(
            try ThemeFiles.copy(["partials/footer"], to: shelf.paths.templates) == [
                .updated("partials/footer.mustache")
            ]
        )
        #expect(try Data(contentsOf: footer) == Data((DefaultTheme.files["partials/footer.mustache"] ?? "").utf8))
        try Data("mine\n".utf8).write(to: footer)
        #expect(
            try ThemeFiles.copy(["partials/footer"], to: shelf.paths.templates) == [.kept("partials/footer.mustache")])
    }

    /// An old shelf kept the README of an older theme, the manual of the names every template
    /// receives: `theme copy README.md` called it "yours already", and `theme list` did not list
    /// it (found by a QA of theme authoring). It is known as the theme's files are.
    @Test func anOlderReadmeIsKnownAndBroughtUpToDate() throws {
        let shelf = try TemporaryShelf()
        let readme = shelf.paths.templates.appendingPathComponent("README.md")
        try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("older-theme/README.md")).write(to: readme)
        #expect(ThemeFiles.sources(in: shelf.paths.templates).first { $0.path == "README.md" }?.source == .olderCopy)
        // A build reads no README: an older one is no older copy of the theme.
        #expect(!(try shelf.build()).warnings.contains { $0.contains("older Bookplate") })
        #expect(try ThemeFiles.copy(["README.md"], to: shelf.paths.templates) == [.updated("README.md")])
        #expect(try Data(contentsOf: readme) == Data(DefaultTheme.readme.utf8))
        #expect(
            ThemeFiles.sources(in: shelf.paths.templates).first { $0.path == "README.md" }?.source == .unchangedCopy)
        try Data("my notes\n".utf8).write(to: readme)
        #expect(ThemeFiles.sources(in: shelf.paths.templates).first { $0.path == "README.md" }?.source == .changed)
        #expect(try ThemeFiles.copy(["README.md"], to: shelf.paths.templates) == [.kept("README.md")])
    }
}
