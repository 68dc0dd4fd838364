import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// A tag whose name the page does not have renders as nothing, as Mustache has it: a theme's
/// author who misspelt `{{title}}` saw a page without its title and no word of why. Every build
/// that publishes such a page names the tag, its file and line, and the pages; the built-in theme
/// names nothing it lacks.
@Suite struct UnknownTemplateNameTests {
    func warnings(_ report: BuildReport) -> [String] {
        report.warnings.filter { $0.contains(" names nothing its page has") }
    }

    /// The fixture shelf built with `text` as its footer partial, and that partial's path.
    func buildWithFooter(_ text: String) throws -> (shelf: TemporaryShelf, report: BuildReport, footer: String) {
        let shelf = try FixtureShelf.make()
        try write(text, to: "partials/footer.mustache", in: shelf)
        let report = try shelf.build(settings: FixtureShelf.settings)
        return (shelf, report, shelf.paths.templates.appendingPathComponent("partials/footer.mustache").path)
    }

    func write(_ text: String, to relative: String, in shelf: TemporaryShelf) throws {
        let url = shelf.paths.templates.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func theBuiltInThemeNamesNothingItsPagesLack() throws {
        let shelf = try FixtureShelf.make()
        let report = try shelf.build(settings: FixtureShelf.settings)
        #expect(warnings(report).isEmpty, "\(warnings(report))")
        #expect(misfits(report).isEmpty, "\(misfits(report))")
    }

    func misfits(_ report: BuildReport) -> [String] {
        report.warnings.filter { $0.contains("}}: ") && $0.contains(", and shows nothing") }
    }

    /// A transform on a value of a kind it does not apply to (`{{uppercased(rating)}}`, a number)
    /// showed nothing and said nothing, and a counting word's form (`{{t.book.one}}`) was said to
    /// name nothing (found by a QA of theme authoring). Each is said with its tag, its place, and
    /// why; a transform of a value with nothing in it (an empty optional), or `first` of an empty
    /// list, says nothing, as such a name does not.
    @Test func aTransformOnAValueItDoesNotApplyToIsSaid() throws {
        let (shelf, report, footer) = try buildWithFooter(
            "<footer>{{plusone(site.title)}} {{uppercased(count(site.credits))}}\n"
                + "{{first(site.title)}} {{uppercased(site.description)}} {{sorted(site.credits)}}\n"
                + "{{uppercased(site.title)}} {{first(site.nothingYet)}} {{t.book.one}} {{t.nosuch.one}}</footer>\n")
        let said = misfits(report).map { $0.components(separatedBy: ", and shows nothing")[0] }
        #expect(
            said == [
                "\(footer):1: {{plusone(site.title)}}: plusone applies to numbers, not to text",
                "\(footer):1: {{uppercased(count(site.credits))}}: uppercased applies to text, not to a number",
                "\(footer):2: {{first(site.title)}}: first applies to lists, not to text",
                "\(footer):2: {{sorted(site.credits)}}: sorted applies to lists of text or of numbers, not to a list "
                    + "of other values",
                // A form of a counting word is the table's, but Bookplate's to pick by a count.
                "\(footer):3: {{t.book.one}}: book.one is a form of the counting word 'book', which Bookplate picks by a "
                    + "count for the labels it writes (countLabel, bookCountLabel…)",
            ], "\(report.warnings)")
        #expect(
            warnings(report).map { $0.components(separatedBy: " names nothing")[0] } == [
                "\(footer):3: {{site.nothingYet}}", "\(footer):3: {{t.nosuch.one}}",
            ])
        // Said again by a build that finds nothing changed, as a misspelt name is.
        let again = try shelf.build(settings: FixtureShelf.settings)
        #expect(again.kind == .upToDate && misfits(again).count == said.count, "\(again.warnings)")
    }

    /// `{{#sorted(authors)}}`, a section of a list of books or authors, which are already in their
    /// order, showed nothing and said nothing, where `{{sorted(authors)}}` was said (found by an
    /// audit of templates/README.md): a section's transform is said as a tag's is. A section's
    /// name alone still asks whether the page has it, and says nothing.
    @Test func aSectionsTransformOnAValueItDoesNotApplyToIsSaid() throws {
        let (_, report, footer) = try buildWithFooter(
            "<footer>{{#sorted(site.credits)}}{{name}}{{/sorted(site.credits)}}\n"
                + "{{^plusone(site.title)}}none{{/plusone(site.title)}} {{#site.nothingYet}}x{{/site.nothingYet}}\n"
                + "{{#first(site.credits)}}{{name}}{{/first(site.credits)}} "
                + "{{#uppercased(site.nothingYet)}}x{{/uppercased(site.nothingYet)}}</footer>\n")
        #expect(
            misfits(report).map { $0.components(separatedBy: ", and shows nothing")[0] } == [
                "\(footer):1: {{sorted(site.credits)}}: sorted applies to lists of text or of numbers, not to a list "
                    + "of other values",
                "\(footer):2: {{plusone(site.title)}}: plusone applies to numbers, not to text",
            ], "\(report.warnings)")
        #expect(warnings(report).isEmpty, "\(report.warnings)")
    }

    /// A tag with four transforms before its name was said without its line: the name was
    /// looked for in the 32 characters after the tag's start (found by a review). So was a
    /// misspelt name's.
    @Test func aTransformOfManyTransformsIsSaidAtItsLine() throws {
        let (_, report, footer) = try buildWithFooter(
            "<footer>\n{{capitalized(lowercased(uppercased(reversed(site.credits))))}}\n"
                + "{{capitalized(lowercased(uppercased(reversed(site.titel))))}}</footer>\n")
        #expect(
            warnings(report).map { $0.components(separatedBy: " names nothing")[0] } == [
                "\(footer):3: {{site.titel}}"
            ], "\(report.warnings)")
        #expect(
            misfits(report).map { $0.components(separatedBy: ", and shows nothing")[0] } == [
                "\(footer):2: {{capitalized(lowercased(uppercased(reversed(site.credits))))}}: uppercased applies to "
                    + "text, not to a list"
            ], "\(report.warnings)")
    }

    /// A word of a shelf's table whose key has a dot (`nav.home`) was said to be "a form of the
    /// counting word 'nav'", and the counting word itself (`{{t.book}}`) to name nothing (found
    /// by a review): each is said as what it is.
    @Test func aDottedWordIsACountingWordsFormOnlyWhenItIsOne() throws {
        let shelf = try FixtureShelf.make()
        try write("nav.home: \"Home\"\n", to: "translations/en.yaml", in: shelf)
        try write(
            "<footer>{{t.nav.home}} {{t.book}} {{t.book.one}}</footer>\n", to: "partials/footer.mustache", in: shelf)
        let report = try shelf.build(settings: FixtureShelf.settings)
        let footer = shelf.paths.templates.appendingPathComponent("partials/footer.mustache").path
        #expect(
            misfits(report).map { $0.components(separatedBy: ", and shows nothing")[0] } == [
                "\(footer):1: {{t.book.one}}: book.one is a form of the counting word 'book', which Bookplate picks by "
                    + "a count for the labels it writes (countLabel, bookCountLabel…)",
                "\(footer):1: {{t.book}}: book is a counting word, whose form (book.one, book.other…) is one which "
                    + "Bookplate picks by a count for the labels it writes (countLabel, bookCountLabel…)",
                "\(footer):1: {{t.nav.home}}: the translations have nav.home, but a name with a dot is looked up part "
                    + "by part: give the word a key without one",
            ], "\(report.warnings)")
    }

    /// `{{>*slug}}` in a book's shelves, a partial for each shelf, picked the layout for a shelf an
    /// import named `layout`: it included itself without end, and the build stopped, blamed on the
    /// layout (found by a QA of theme authoring). Nothing the data names stops a build: such a
    /// tag shows nothing there, and is said at its place, as a misspelt name is.
    @Test func aPartialTheDataNamesCannotStopTheBuild() throws {
        let shelf = try TemporaryShelf()
        try shelf.library.addBook(NewBook(title: "Dune", authors: ["Frank Herbert"], shelves: ["layout"]))
        try shelf.library.addBook(NewBook(title: "Kindred", authors: ["Octavia E. Butler"], shelves: ["fiction"]))
        let book = try String(
            contentsOf: shelf.paths.templates.appendingPathComponent("book.mustache"), encoding: .utf8)
        let line = try #require(book.components(separatedBy: "\n").firstIndex { $0.contains("{{#shelves}}<li>") }) + 1
        try write(
            book.replacingOccurrences(of: "{{#shelves}}<li>", with: "{{#shelves}}<li>{{>*slug}}"), to: "book.mustache",
            in: shelf)
        try write("<i>{{name}} shelf</i>", to: "fiction.mustache", in: shelf)
        let report = try shelf.build()
        #expect(try shelf.siteFile("books/kindred/index.html").contains("<li><i>fiction shelf</i><a "))
        #expect(try shelf.siteFile("books/dune/index.html").contains("<li><a "))
        #expect(
            report.warnings.filter { $0.contains("{{>*slug}}") } == [
                "\(shelf.paths.templates.path)/book.mustache:\(line): {{>*slug}} ('layout') names a template that "
                    + "would include itself without end there, and shows nothing (books/dune/index.html): a partial "
                    + "the data names must not include the template that names it"
            ], "\(report.warnings)")
    }

    @Test func aMisspeltNameIsPlacedAndSaidUntilItIsMended() throws {
        let shelf = try FixtureShelf.make()
        let templates = shelf.paths.templates
        let book = try String(contentsOf: templates.appendingPathComponent("book.mustache"), encoding: .utf8)
        let lines = book.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("{{title}}") }) + 1
        try write(book.replacingOccurrences(of: "{{title}}", with: "{{ titel }}"), to: "book.mustache", in: shelf)
        let first = try shelf.build(settings: FixtureShelf.settings)
        let books = try FileManager.default.contentsOfDirectory(
            atPath: shelf.paths.site.appendingPathComponent("books").path
        ).filter { !$0.hasPrefix(".") && !$0.contains(".") }.sorted()
        let others = books.count == 2 ? "1 other page" : "\(books.count - 1) other pages"
        let said =
            "\(templates.path)/book.mustache:\(line): {{titel}} names nothing its page has, and shows nothing "
            + "(books/\(books[0])/index.html and \(others)): check its spelling (templates/README.md lists each "
            + "page's names)"
        #expect(warnings(first) == [said])
        // Said again by a build that finds nothing changed, and by one that makes another page.
        let again = try shelf.build(settings: FixtureShelf.settings)
        #expect(again.kind == .upToDate && warnings(again) == [said], "\(again.warnings)")
        try shelf.library.editBook(slug: "kindred", BookEdit(rating: .some(try Rating(3))))
        #expect(warnings(try shelf.build(settings: FixtureShelf.settings)) == [said])
        // Mended, it is said no more.
        try write(book, to: "book.mustache", in: shelf)
        #expect(warnings(try shelf.build(settings: FixtureShelf.settings)).isEmpty)
    }

    /// A partial's tag is placed in the partial; a word the site's words lack (`t.…`), a part of
    /// a path the value lacks, and a name neither a section's value nor the page has are
    /// unknown; a field with nothing in it (`site.dir` of a site written left to right) is not,
    /// nor a name a list's elements have.
    @Test func whatIsUnknownAndWhereItIs() throws {
        let (_, report, footer) = try buildWithFooter(
            "<footer>{{t.notAWord}} {{site.titel}} {{#site.description}}{{nothingHere}}{{/site.description}}\n"
                + "{{#site.credits}}{{name}}{{/site.credits}}{{site.owner}}{{uppercased(site.dir)}}</footer>\n")
        let tags = warnings(report).map { $0.components(separatedBy: " names nothing")[0] }
        #expect(tags == ["{{nothingHere}}", "{{site.titel}}", "{{t.notAWord}}"].map { "\(footer):1: \($0)" })
    }

    /// Found by a review: `{{#name}}` asks whether a page has it, and a layout's section over a
    /// name only book pages have was said on every other page; the failing tag was placed at the
    /// first tag of its name in the file, a valid one; a tag after set delimiters was placed in
    /// the page's template rather than the partial.
    @Test func sectionsAskAndTagsArePlacedWhereTheyFailed() throws {
        let (_, report, footer) = try buildWithFooter(
            "<footer>{{#isbn13}}{{isbn13}}{{/isbn13}}{{^noteHTML}}-{{/noteHTML}}\n"
                + "{{#site.credits}}{{name}}{{/site.credits}}\n{{name}}\n"
                + "{{=<% %>=}}<% titel %><%={{ }}=%>\n</footer>\n")
        let tags = warnings(report).map { $0.components(separatedBy: " names nothing")[0] }
        // `name` is found on the pages that have one (an author's); `titel` after set delimiters
        // is placed by where it begins, in the partial.
        #expect(tags.allSatisfy { !$0.contains("isbn13") && !$0.contains("noteHTML") }, "\(tags)")
        #expect(tags.contains("\(footer):3: {{name}}"), "\(tags)")
        #expect(tags.contains("\(footer):4: {{titel}}"), "\(tags)")
    }

    /// A tag is found where the parser says it begins, however it is written; not where
    /// another tag, or no tag of that name, begins.
    @Test func theTagIsFoundHoweverItIsWritten() {
        let source = "<p>\n{{# titel }}x{{/titel}}\n{{{ body }}}\r\n{{& raw}} {{uppercased( name )}}\n"
        // Where the tag holding `text` begins, in characters, as the parser counts them.
        func tag(_ text: String) -> Int {
            source.distance(from: source.startIndex, to: source.range(of: text)?.lowerBound ?? source.endIndex)
        }
        #expect(TemplateSet.line(ofTagAt: tag("{{# titel"), naming: "titel", in: source) == 2)
        #expect(TemplateSet.line(ofTagAt: tag("{{{ body"), naming: "body", in: source) == 3)
        #expect(TemplateSet.line(ofTagAt: tag("{{& raw"), naming: "raw", in: source) == 4)
        #expect(TemplateSet.line(ofTagAt: tag("{{uppercased"), naming: "name", in: source) == 4)
        #expect(TemplateSet.line(ofTagAt: tag("{{& raw"), naming: "missing", in: source) == nil)
    }

    /// The renderer notes a tag whose name nothing has once, and not one found with nothing in it.
    @Test func theRendererNotesWhatNothingHas() throws {
        let template = try MustacheTemplate(source: "{{a}}{{b.c}}{{b.c}}{{#d}}{{e}}{{/d}}{{.f}}{{.g}}{{b.x}}")
        struct Model: Encodable {
            var a: String? = nil
            var b = ["x": 1]
            var d: [String]? = nil
            var f = 1
        }
        let model = try #require(try EncodedModel(Model(), values: true).value)
        var unknown: [UnknownName] = []
        _ = try MustacheRenderer.renderData(
            "page", of: ["page": template], with: model, globals: nil, unknownNames: &unknown)
        // Each tag once, where it begins: the same name in two tags is two places.
        #expect(unknown.map(\.name) == ["b.c", "b.c", ".g"], "\(unknown)")
        #expect(unknown.map(\.offset) == [5, 12, 42], "\(unknown)")
        #expect(unknown.first?.templates == ["page"])
    }
}
