import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Character references decoded as the HTML spec's tokenizer decodes them in text.
@Suite struct HTMLEntitiesTests {
    @Test func theWholeTableIsThereOnce() {
        #expect(HTMLEntities.table.count == 2_231)
        #expect(Set(HTMLEntities.table.map(\.name)).count == 2_231)
        #expect(HTMLEntities.table.filter { !$0.name.hasSuffix(";") }.count == 106)
    }

    @Test(arguments: [
        ("Gr&ouml;&szlig;e &mdash; caf&eacute;", "Größe — café"),
        ("&CounterClockwiseContourIntegral;", "\u{2233}"),
        ("&amp;&AMP;&lt;&gt;&quot;&apos;", "&&<>\"'"),
        // Legacy names need no semicolon, and the longest name wins.
        ("caf&eacute au lait &copy 2024 &amp more", "café au lait © 2024 & more"),
        ("&notit;", "¬it;"),
        ("&notin;", "∉"),
        ("&ampamp;", "&amp;"),
        ("&ltx", "<x"),
        // Names that are not in the table, and names that need their semicolon, stay as typed.
        ("&bogus; &Amp; &eacut & &; &#; &#x; &#xg;", "&bogus; &Amp; &eacut & &; &#; &#x; &#xg;"),
        ("&hellip &mdash", "&hellip &mdash"),
        ("a & b && c &", "a & b && c &"),
        // Two scalars for one name.
        ("&NotEqualTilde;", "\u{2242}\u{338}"),
        ("&fjlig;", "fj"),
        ("&bne;", "=\u{20E5}"),
    ])
    func namedReferences(input: String, expected: String) {
        #expect(HTMLEntities.decode(input) == expected)
    }

    @Test(arguments: [
        ("&#233;&#xE9;&#XE9;&#x0000e9;", "éééé"),
        ("&#233 and &#xE9x", "é and éx"),
        ("&#0;", "\u{FFFD}"),
        ("&#xD800;&#xDFFF;", "\u{FFFD}\u{FFFD}"),
        ("&#x110000;&#99999999999999999999;", "\u{FFFD}\u{FFFD}"),
        ("&#x10FFFF;", "\u{10FFFF}"),
        ("&#128;&#x92;&#x9F;", "€’Ÿ"),
        ("&#x81;&#x8D;", "\u{81}\u{8D}"),
        ("&#x1B;&#127;", "\u{1B}\u{7F}"),
        ("&#60;&#x26;", "<&"),
    ])
    func numericReferences(input: String, expected: String) {
        #expect(HTMLEntities.decode(input) == expected)
    }

    @Test func decodingWorksOnScalarsNotCharacters() {
        // "&lt;" and a combining mark: still "<" and the mark, though the two make one Character.
        #expect(HTMLEntities.decode("&lt;\u{301}b") == "<\u{301}b")
        #expect(HTMLEntities.decode("日本&amp;語") == "日本&語")
    }
}
