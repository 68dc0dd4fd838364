import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// What `add --description` and `edit --description` keep of the reader's plain text.
@Suite struct BookDescriptionTests {
    @Test func plainTextBecomesEscapedParagraphs() {
        #expect(
            BookDescription.fromText("Spice & sand\n\n<b>Arrakis</b>").html
                == "<p>Spice &amp; sand</p>\n<p>&lt;b&gt;Arrakis&lt;/b&gt;</p>")
    }
}
