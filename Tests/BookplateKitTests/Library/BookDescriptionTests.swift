import Testing

@testable import BookplateKit

/// What `add --description` and `edit --description` keep of the reader's plain text.
@Suite struct BookDescriptionTests {
    @Test func plainTextBecomesEscapedParagraphs() {
        #expect(
            BookDescription.fromText("Spice & sand\n\n<b>Arrakis</b>")
                == "<p>Spice &amp; sand</p>\n<p>&lt;b&gt;Arrakis&lt;/b&gt;</p>")
    }
}
