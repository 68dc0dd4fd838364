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

    /// NEL (U+0085) is a line break, but a description dropped it as a control character:
    /// `One\u{85}two` was "Onetwo" on the page, in its link preview and in the feed, where the
    /// title kept the break as a space (found by an exploratory session). Every line break
    /// Unicode has now ends a line of a typed description, the paragraph separator a paragraph,
    /// and in a catalog's HTML NEL is a space.
    @Test func everyLineBreakUnicodeHasEndsALineOfTheDescription() {
        #expect(BookDescription.fromText("One\u{85}two").html == "<p>One<br>two</p>")
        #expect(BookDescription.fromText("One\u{2028}two\rthree\r\nfour").html == "<p>One<br>two<br>three<br>four</p>")
        #expect(BookDescription.fromText("One\u{2029}Two").html == "<p>One</p>\n<p>Two</p>")
        #expect(HTMLAllowList.sanitize("<p>One\u{85}two</p>").html == "<p>One two</p>")
        #expect(HTMLText.plainText(fromHTML: "One\u{85}two") == "One two")
    }
}
