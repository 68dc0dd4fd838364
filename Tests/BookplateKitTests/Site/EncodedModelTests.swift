import Testing

@testable import BookplateCore
@testable import BookplateMustache

/// A page model as templates read it is its `Encodable` conformance: the fields it declares, by
/// the names it declares them with, in one pass with its fingerprint.
@Suite struct EncodedModelTests {
    private struct Highlight: Encodable {
        var text: String
        var noteHTML: SanitizedHTML?
    }

    private struct Page: Encodable {
        var title: String
        var noteHTML: SanitizedHTML?
        var highlights: [Highlight]
        var tags: [String]
        var count: Int
        var shown: Bool
    }

    private let page = Page(
        title: "Kindred <1979>", noteHTML: NoteRenderer().render("*Read it.*"),
        highlights: [Highlight(text: "I lost an arm", noteHTML: nil)], tags: ["b", "a"], count: 2, shown: true)

    private func render(_ template: String, _ model: some Encodable) throws -> String? {
        let value = try #require(try EncodedModel(model, values: true).value)
        return try MustacheRenderer.render("page", of: ["page": try MustacheTemplate(source: template)], with: value)
    }

    @Test func everyFieldIsThereByItsName() throws {
        #expect(
            try render("{{title}}|{{count}}|{{#shown}}yes{{/shown}}|{{#highlights}}{{text}}{{/highlights}}", page)
                == "Kindred &lt;1979&gt;|2|yes|I lost an arm")
    }

    @Test func markupStaysMarkupAndTextStaysText() throws {
        #expect(try render("{{{noteHTML}}}{{{title}}}", page) == "<p><em>Read it.</em></p>\nKindred &lt;1979&gt;")
    }

    /// A highlight without a note must not show its book's note: its empty field stops the search.
    @Test func anOptionalWithNothingInItIsAFieldWithNothing() throws {
        #expect(try render("{{#highlights}}[{{{noteHTML}}}]{{/highlights}}", page) == "[]")
    }

    @Test func aListOfTextSortsAndAListOfModelsDoesNot() throws {
        #expect(try render("{{#sorted(tags)}}{{.}}{{/sorted(tags)}}", page) == "ab")
        #expect(try render("{{#sorted(highlights)}}x{{/sorted(highlights)}}", page) == "")
    }

    @Test func theFingerprintIsTheSameWhetherOrNotTheValueIsMade() throws {
        #expect(try EncodedModel(page, values: true).fingerprint == EncodedModel(page, values: false).fingerprint)
        #expect(try EncodedModel(page, values: false).value == nil)
    }

    @Test func aFieldSetAfterEncodingIsWhatTheTemplateSees() throws {
        let model = try EncodedModel(Page(title: "T", highlights: [], tags: [], count: 0, shown: false), values: true)
        model.set("noteHTML", to: .html(NoteRenderer().render("late")))
        let value = try #require(model.value)
        let template = try MustacheTemplate(source: "{{{noteHTML}}}")
        #expect(try MustacheRenderer.render("p", of: ["p": template], with: value) == "<p>late</p>\n")
    }

    /// A model that encodes another value's fields into its own: both are fields (the second
    /// container began another record, and the first one's fields were lost to templates).
    private struct Flattened: Encodable {
        var highlight: Highlight
        var book: String
        enum Keys: CodingKey { case book }
        func encode(to encoder: any Encoder) throws {
            try highlight.encode(to: encoder)
            var fields = encoder.container(keyedBy: Keys.self)
            try fields.encode(book, forKey: .book)
        }
    }

    @Test func aModelMayEncodeAnothersFieldsAsItsOwn() throws {
        let model = Flattened(highlight: Highlight(text: "I lost an arm", noteHTML: nil), book: "Kindred")
        #expect(try render("{{text}} — {{book}}", model) == "I lost an arm — Kindred")
    }

    private struct Unencodable: Encodable {
        struct Refused: Error {}
        func encode(to encoder: any Encoder) throws { throw Refused() }
    }

    /// Half a model would be published as a page: a model that cannot be encoded is an error.
    @Test func aModelThatCannotBeEncodedIsAnError() {
        #expect(throws: Unencodable.Refused.self) { try EncodedModel(Unencodable(), values: true) }
    }
}
