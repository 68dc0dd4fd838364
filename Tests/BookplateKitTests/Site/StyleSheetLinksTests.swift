import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateSite

/// The links of the reader's own style sheets: a font or an image named in `url(…)` and never
/// put in the theme broke without a word (found by an exploratory session).
@Suite struct StyleSheetLinksTests {
    /// Read as CSS reads them: escapes read, strings that are no address (`content: "url(x)"`),
    /// comments and `data:` passed over, `image-set(…)` read, an address that is no UTF-8 left
    /// out (found by a review).
    @Test func aStyleSheetsLinksAreReadAsCSSReadsThem() {
        let css = """
            @import "print.css";
            @import url(more.css) screen;
            @font-face { src: URL( "fonts/Serif Pro.woff2" ) format("woff2"), url('fonts/serif.woff'); }
            body { background: url(../images/paper.png), url(data:image/png;base64,AAAA); }
            /* url(gone.png) @import "old.css"; */
            .mask { mask: url(#fade); }
            .empty { background: url(""); }
            .escaped { src: url("fonts/a\\.woff2"), url(b\\20 c.png); }
            .said::before { content: "url(fake.png)"; background: myurl(no.png); }
            .set { background: image-set("img/x.png" 1x, url(img/y.png) 2x); }
            """
        #expect(
            StyleSheetLinks.links(in: Data(css.utf8)) == [
                "print.css", "more.css", "fonts/Serif Pro.woff2", "fonts/serif.woff", "../images/paper.png", "#fade",
                "fonts/a.woff2", "b c.png", "img/x.png", "img/y.png",
            ])
        // A sheet in Latin-1: its address is no UTF-8, and not judged.
        #expect(
            StyleSheetLinks.links(in: Data("a { background: url(caf".utf8) + [0xE9] + Data(".png); }".utf8)).isEmpty)
    }

    /// Each link to a file neither the theme nor the output folder has is named with where the
    /// file goes, at every build, until it is there.
    @Test func aStyleSheetLinkingAFileTheSiteLacksIsSaid() throws {
        let shelf = try FixtureShelf.make()
        let assets = shelf.paths.templates.appendingPathComponent("assets")
        try FileManager.default.createDirectory(
            at: assets.appendingPathComponent("extra"), withIntermediateDirectories: true)
        try Data(
            """
            @font-face { font-family: Mine; src: url("../fonts/mine.woff2") format("woff2"); }
            body { background: url(../../images/paper.png); }
            h1 { background: url(https://example.org/x.png), url(data:image/gif;base64,R0lGOD); }
            .logo { background: url(../favicon.svg); }
            .hidden { background: url(.secret/h.png); }
            /* url(../old.png) */
            """.utf8
        ).write(to: assets.appendingPathComponent("extra/site.css"))
        let site = shelf.paths.site.relativePathForDisplay
        let sheet = assets.appendingPathComponent("extra/site.css").relativePathForDisplay
        let fonts = shelf.paths.templates.appendingPathComponent("assets/fonts/mine.woff2").relativePathForDisplay
        let said = { (report: BuildReport) in report.everyWarning.filter { $0.contains(" links ") } }
        let first = try shelf.build(settings: FixtureShelf.settings)
        #expect(
            said(first) == [
                "\(sheet) links ../fonts/mine.woff2, which is not in \(site): put the file at \(fonts) (the theme's "
                    + "assets are published in \(site)/assets/) or mend the link",
                "\(sheet) links ../../images/paper.png, which is not in \(site): put the file at "
                    + "\(site)/images/paper.png (what you keep there is published as it is) or mend the link",
                "\(sheet) links .secret/h.png, which is not in \(site): a file or folder whose name begins with a dot "
                    + "is never published; rename it, and mend the link",
            ])
        // Said again with nothing to build.
        #expect(said(try shelf.build(settings: FixtureShelf.settings)) == said(first))

        try FileManager.default.createDirectory(
            at: assets.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try Data("font".utf8).write(to: assets.appendingPathComponent("fonts/mine.woff2"))
        let images = shelf.paths.site.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data("png".utf8).write(to: images.appendingPathComponent("paper.png"))
        let mended = try shelf.build(settings: FixtureShelf.settings)
        #expect(said(mended).count == 1, "\(said(mended))")
        #expect(try shelf.siteFile("assets/fonts/mine.woff2") == "font")
    }
}
