import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Bookplate's Mustache where it is its own or swift-mustache's: readings the spec leaves open,
/// swift-mustache's transforms and indentation, which themes were written for, errors and limits.
/// `MustacheSpecTests` runs the official spec's cases; the default theme's pages and the golden
/// files are the rest of the check.
@Suite struct MustacheTests {
    /// A model made of named values.
    struct Fields: TemplateObject {
        var fields: [String: TemplateValue]
        init(_ fields: [String: TemplateValue] = [:]) { self.fields = fields }
        func value(forKey key: String) -> TemplateValue? { fields[key] }
    }

    /// Renders as swift-mustache did (`{{{ }}}` writes any value unescaped) unless told otherwise.
    func render(
        _ source: String, _ model: Fields = Fields(), partials: [String: String] = [:],
        unescaped: UnescapedOutput = .anyValue
    ) throws -> String {
        var templates = ["main": try MustacheTemplate(source: source)]
        for (name, text) in partials { templates[name] = try MustacheTemplate(source: text) }
        return try #require(try MustacheRenderer.render("main", of: templates, with: model, unescaped: unescaped))
    }

    /// How the site renders: only markup a sanitiser made is written unescaped; a theme that
    /// triple-braces a catalog's title (or `{{&title}}`) still gets it escaped.
    @Test func onASiteOnlySanitizedHTMLIsWrittenUnescaped() throws {
        let model = Fields([
            "title": .string("<script>alert(1)</script>"),
            "description": HTMLAllowList.sanitize("<p onclick=x>Gr&ouml;&szlig;e <script>x</script><b>bold</b></p>")
                .templateValue,
        ])
        let site = { (source: String) in try self.render(source, model, unescaped: .sanitizedHTMLOnly) }
        #expect(
            try site("{{{title}}}|{{&title}}")
                == "&lt;script&gt;alert(1)&lt;/script&gt;|&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(try site("{{{description}}}") == "<p>Größe <strong>bold</strong></p>")
        // In double braces markup is shown as text, as any value is.
        #expect(try site("{{description}}") == "&lt;p&gt;Größe &lt;strong&gt;bold&lt;/strong&gt;&lt;/p&gt;")
        #expect(try site("{{#description}}yes{{/description}}") == "yes")
        // What the spec asks for, where the renderer is told so.
        #expect(try render("{{{title}}}", model) == "<script>alert(1)</script>")
    }

    func syntaxError(_ source: String) -> MustacheSyntaxError? {
        do {
            _ = try MustacheTemplate(source: source)
            return nil
        } catch {
            return error
        }
    }

    @Test func interpolationEscapesUnlessTripled() throws {
        let model = Fields(["subject": .string("world"), "forbidden": .string("& \" < > '")])
        #expect(try render("Hello, {{subject}}!", model) == "Hello, world!")
        #expect(try render("{{forbidden}}", model) == "&amp; &quot; &lt; &gt; &#39;")
        #expect(try render("{{{forbidden}}}|{{&forbidden}}", model) == "& \" < > '|& \" < > '")
        #expect(
            try render("| {{ subject }} | {{{ subject }}} | {{& subject }} |", model) == "| world | world | world |")
        #expect(
            try render("{{n}} {{yes}} {{no}}", Fields(["n": .int(85), "yes": .bool(true), "no": .bool(false)]))
                == "85 true false")
        #expect(try render("[{{missing}}][{{{missing}}}]") == "[][]")
    }

    @Test func dottedNamesResolveTheirFirstPartOutwardsAndTheRestInside() throws {
        let inner = Fields(["c": .string("deep")])
        let model = Fields([
            "a": .object(Fields(["b": .object(inner)])),
            "b": .object(Fields(["c": .string("ERROR")])),
            "empty": .object(Fields()),
        ])
        #expect(try render("{{a.b.c}}", model) == "deep")
        #expect(try render("{{a.x.c}}", model) == "")
        #expect(try render("{{#a}}{{b.c}}{{/a}}", model) == "deep")
        // `b` is found in `empty`'s parent, not in `empty`: the first part climbs, the rest does not.
        #expect(try render("{{#empty}}{{b.c}}{{/empty}}", model) == "ERROR")
        #expect(try render("{{#a}}{{#b}}{{.c}}|{{c}}{{/b}}{{/a}}", model) == "deep|deep")
    }

    @Test func sectionsRepeatTestOrEnterTheirValue() throws {
        let model = Fields([
            "list": .list(["a", "b", "c"]),
            "none": .list([String]()),
            "yes": .bool(true),
            "no": .bool(false),
            "text": .string("t"),
            "empty": .string(""),
            "zero": .int(0),
            "people": .list([Fields(["name": .string("Ann")]), Fields(["name": .string("Bo")])]),
            "title": .string("outer"),
        ])
        #expect(try render("{{#list}}<{{.}}>{{/list}}", model) == "<a><b><c>")
        #expect(try render("{{#none}}x{{/none}}{{^none}}empty{{/none}}", model) == "empty")
        #expect(try render("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{^no}}n{{/no}}{{^yes}}y{{/yes}}", model) == "Yn")
        #expect(try render("{{#missing}}M{{/missing}}{{^missing}}m{{/missing}}", model) == "m")
        // swift-mustache's truth: a string, even empty, and a number, even zero, are values.
        #expect(try render("{{#text}}[{{.}}]{{/text}}{{#empty}}E{{/empty}}{{#zero}}{{.}}{{/zero}}", model) == "[t]E0")
        #expect(try render("{{^text}}T{{/text}}{{^zero}}Z{{/zero}}", model) == "")
        #expect(try render("{{#people}}{{name}} of {{title}};{{/people}}", model) == "Ann of outer;Bo of outer;")
    }

    @Test func standaloneTagsTakeTheirWholeLine() throws {
        let model = Fields(["boolean": .bool(true)])
        #expect(try render("| This Is\n{{#boolean}}\n|\n{{/boolean}}\n| A Line\n", model) == "| This Is\n|\n| A Line\n")
        #expect(
            try render("| This Is\n  {{#boolean}}\n|\n  {{/boolean}}\n| A Line\n", model) == "| This Is\n|\n| A Line\n")
        #expect(try render(" {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n", model) == " YES\n GOOD\n")
        #expect(try render("|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|", model) == "|\r\n|")
        #expect(try render("  {{#boolean}}\n#{{/boolean}}\n/", model) == "#\n/")
        #expect(try render("#{{#boolean}}\n/\n  {{/boolean}}", model) == "#\n/\n")
        #expect(try render("Begin.\n{{! Comment Block! }}\nEnd.\n") == "Begin.\nEnd.\n")
        // Any line break ends a standalone tag's line, as in swift-mustache.
        #expect(try render("{{! c }}\rX\n{{! c }}\u{2028}Y") == "X\nY")
        #expect(try render("A\n{{#boolean}}\rB\n{{/boolean}}\rC", model) == "A\nB\nC")
        #expect(try render("12345{{! Comment Block! }}67890") == "1234567890")
        #expect(try render("12345 {{!\n  This is a\n  multi-line comment...\n}}\n67890\n") == "12345 \n67890\n")
    }

    @Test func delimitersCanBeChanged() throws {
        let model = Fields(["text": .string("Hey!"), "section": .bool(true)])
        #expect(try render("{{=<% %>=}}(<%text%>)", model) == "(Hey!)")
        #expect(try render("({{=[ ]=}}[text])", model) == "(Hey!)")
        // As swift-mustache reads it: after the standalone `|/section|`, the line of the set-delimiter tag
        // is not taken whole.
        #expect(
            try render("[\n{{#section}}\n  {{text}}\n  |{{=| |=}}|\n|/section|\n]\n", model) == "[\n  Hey!\n  |\n]\n")
        #expect(try render("Begin.\n{{=@ @=}}\nEnd.\n") == "Begin.\nEnd.\n")
    }

    @Test func partialsRenderInTheCurrentContextAndKeepTheirIndentation() throws {
        let model = Fields(["text": .string("content"), "content": .string("<\n->")])
        #expect(try render("\"{{>partial}}\"", model, partials: ["partial": "*{{text}}*"]) == "\"*content*\"")
        #expect(
            try render("\\\n {{>partial}}\n/\n", model, partials: ["partial": "|\n{{{content}}}\n|\n"])
                == "\\\n |\n <\n->\n |\n/\n")
        #expect(try render("|\r\n{{>partial}}\r\n|", model, partials: ["partial": ">"]) == "|\r\n>|")
        #expect(try render("  {{>partial}}\n>", model, partials: ["partial": ">\n>"]) == "  >\n  >>")
        #expect(try render("[{{>missing}}]", model) == "[]")
    }

    /// swift-mustache indents the lines a standalone partial's section repeats after the first
    /// only where a line of the repeated text begins within one element: the theme's pages were
    /// written, and their golden files recorded, with that.
    @Test func partialIndentationIsSwiftMustaches() throws {
        let model = Fields(["a": .list(["x", "y"])])
        let partial = "<ol>\n{{#a}}\n  <li>{{.}}</li>\n{{/a}}\n</ol>\n"
        #expect(
            try render(
                "<ul>\n  {{#a}}\n    <li>{{.}}</li>\n  {{/a}}\n</ul>\n  {{> p}}\n", model, partials: ["p": partial])
                == "<ul>\n    <li>x</li>\n    <li>y</li>\n</ul>\n  <ol>\n    <li>x</li>\n  <li>y</li>\n  </ol>\n")
        #expect(
            try render("  {{> p}}\n", model, partials: ["p": "{{#a}}\n<li>{{.}}</li>\n{{/a}}\n"])
                == "  <li>x</li>\n<li>y</li>\n")
        #expect(
            try render("  {{> p}}\n", model, partials: ["p": "{{#a}}<li>{{.}}</li>\n{{/a}}"])
                == "  <li>x</li>\n<li>y</li>\n")
        // A line a section starts is indented though the text before the section ended in CR: each
        // template's and body's output was a string of its own, where the CR was not.
        #expect(
            try render("  {{>p}}\n", Fields(["s": .bool(true)]), partials: ["p": "a\r{{#s}}\nb{{/s}}\n"])
                == "  a\r\n  b\n")
    }

    @Test func templatesInheritFromParentsAndOverrideTheirBlocks() throws {
        let parent = "<h1>{{$title}}Default title{{/title}}</h1>{{$body}}Default body{{/body}}"
        #expect(try render("{{$title}}Default title{{/title}}") == "Default title")
        #expect(
            try render("{{<parent}}{{$title}}Mine{{/title}}{{/parent}}", partials: ["parent": parent])
                == "<h1>Mine</h1>Default body")
        // The outermost template's block wins, through any number of parents.
        #expect(
            try render(
                "{{<middle}}{{$title}}Outer{{/title}}{{/middle}}",
                partials: [
                    "middle": "{{<parent}}{{$title}}Middle{{/title}}{{$body}}Middle body{{/body}}{{/parent}}",
                    "parent": parent,
                ]) == "<h1>Outer</h1>Middle body")
        // A block's lines are indented as its tag is; a block tag with text after it on its line
        // keeps that line break.
        let page = "{{<layout}}\n{{$content}}\n<p>{{text}}</p>\n<p>more</p>\n{{/content}}\n{{/layout}}\n"
        let model = Fields(["text": .string("x")])
        #expect(
            try render(page, model, partials: ["layout": "<main>\n  {{$content}}\n  {{/content}}\n</main>\n"])
                == "<main>\n  <p>x</p>\n  <p>more</p>\n</main>\n")
        #expect(
            try render(page, model, partials: ["layout": "<main>\n  {{$content}}{{/content}}\n</main>\n"])
                == "<main>\n  <p>x</p>\n  <p>more</p>\n\n</main>\n")
    }

    /// `{{>*name}}` renders the partial that `name`'s value names (the spec's `~dynamic-names`, whose
    /// cases `MustacheSpecTests` runs); a parent can be named so too.
    @Test func dynamicPartialsAreNamedByTheModel() throws {
        let partials = [
            "card": "<{{title}}>", "wide": "[{{title}}]", "layout": "<main>{{$content}}{{/content}}</main>",
        ]
        let books = Fields([
            "books": .list([
                Fields(["title": .string("A"), "style": .string("card")]),
                Fields(["title": .string("B"), "style": .string("wide")]),
                Fields(["title": .string("C"), "style": .string("nosuch")]),
                Fields(["title": .string("D")]),
            ]),
            "page": .string("layout"),
        ])
        #expect(try render("{{#books}}{{>*style}}{{/books}}", books, partials: partials) == "<A>[B]")
        // The name is looked up as `{{name}}` is: outwards, dotted, transformed.
        #expect(
            try render("{{#books}}{{>*page}}{{/books}}", books, partials: partials)
                == String(repeating: "<main></main>", count: 4))
        let chosen = Fields([
            "title": .string("T"), "chosen": .object(Fields(["style": .string("wide")])), "shout": .string("CARD"),
        ])
        #expect(try render("{{>*chosen.style}}{{>*lowercased(shout)}}", chosen, partials: partials) == "[T]<T>")
        #expect(
            try render("{{<*page}}{{$content}}{{count(books)}}!{{/content}}{{/*page}}", books, partials: partials)
                == "<main>4!</main>")
    }

    @Test func transformsApplyInsideOut() throws {
        let model = Fields([
            "name": .string("ada lovelace"), "list": .list(["b", "a", "c"]), "none": .list([String]()),
            "n": .int(2), "numbers": .list([3, 1, 2]),
        ])
        #expect(
            try render("{{uppercased(name)}}|{{capitalized(name)}}|{{reversed(name)}}", model)
                == "ADA LOVELACE|Ada Lovelace|ecalevol ada")
        #expect(
            try render("{{#empty(none)}}none{{/empty(none)}}{{^empty(list)}}some{{/empty(list)}}", model)
                == "nonesome")
        #expect(
            try render("{{count(list)}} {{first(list)}} {{last(list)}} {{plusone(n)}} {{minusone(n)}}", model)
                == "3 b c 3 1")
        #expect(
            try render(
                "{{#sorted(list)}}{{.}}{{/sorted(list)}} {{#reversed(numbers)}}{{.}}{{/reversed(numbers)}}", model)
                == "abc 213")
        #expect(try render("{{#sorted(numbers)}}{{.}}{{/sorted(numbers)}} {{plusone(count(list))}}", model) == "123 4")
        #expect(
            try render("{{#list}}{{index()}}{{#first()}}^{{/first()}}{{.}}{{^last()}},{{/last()}}{{/list}}", model)
                == "0^b,1a,2c")
        #expect(
            try render("{{#list}}{{#even()}}{{.}}{{/even()}}{{/list}}|{{first()}}", model) == "bc|")
        // A transform that is none is a syntax error: it rendered nothing, without a word.
        #expect(throws: MustacheSyntaxError.self) { try render("{{nosuch(name)}}", model) }
        // Only lists of text or numbers sort, even when empty; a transform with no name is none.
        let books = Fields(["books": .list([Fields]()), "words": .list([String]())])
        #expect(try render("[{{count(sorted(books))}}][{{count(sorted(words))}}]", books) == "[][0]")
        for source in ["{{(name)}}", "{{empty((name))}}"] {
            #expect(syntaxError(source)?.problem == "'(name)' has a transform with no name", "\(source)")
        }
    }

    @Test func syntaxErrorsSayWhatAndWhere() throws {
        let unclosed = try #require(syntaxError("<ul>\n  {{#books}}\n<li>\n"))
        #expect(unclosed.problem.contains("never closed") && unclosed.problem.contains("books"))
        #expect(unclosed.position(in: "<ul>\n  {{#books}}\n<li>\n") == (2, 3))
        let mismatched = try #require(syntaxError("{{#a}}\n{{/b}}"))
        #expect(mismatched.problem.contains("different name"))
        #expect(mismatched.position(in: "{{#a}}\n{{/b}}") == (2, 1))
        // Where the section left open was opened, found by an exploratory session to be missing.
        let inner = "{{#outer}}\n  {{#a}}\n{{/outer}}"
        #expect(
            try #require(syntaxError(inner)).problem(in: inner)
                == "a section is closed with a different name than it was opened with ('outer' closes 'a'); "
                + "'a' was opened at line 2, column 3")
        #expect(unclosed.problem(in: "<ul>\n  {{#books}}\n<li>\n") == unclosed.problem)
        // Two transforms are written back as the tag has them, not the other way round; a dynamic
        // parent named through two closes with the same name (found by a review: it could not).
        let nested = "{{#uppercased(first(a))}}x{{/a}}"
        #expect(try #require(syntaxError(nested)).problem.contains("('a' closes 'uppercased(first(a))')"))
        #expect(syntaxError("{{<*lowercased(first(names))}}{{/*lowercased(first(names))}}") == nil)
        #expect(
            try #require(syntaxError("{{<*lowercased(names)}}{{/*names}}")).problem.contains(
                "('*names' closes '*lowercased(names)')"))
        #expect(try #require(syntaxError("x {{title")).problem.contains("not closed with }}"))
        #expect(try #require(syntaxError("{{{title}}")).problem.contains("}}}"))
        #expect(try #require(syntaxError("{{/a}}")).problem.contains("never opened"))
        #expect(try #require(syntaxError("{{! never ends")).problem.contains("comment"))
        #expect(try #require(syntaxError("{{=<%>=}}")).problem.contains("set-delimiter"))
        #expect(try #require(syntaxError("{{% CONTENT_TYPE: TEXT}}")).problem.contains("not supported"))
        #expect(try #require(syntaxError("{{<*dynamic}}{{/dynamic}}")).problem.contains("different name"))
        #expect(try #require(syntaxError("{{>*empty(list}}")).problem.contains("transform"))
        #expect(try #require(syntaxError("{{<parent}}{{name}}{{/parent}}")).problem.contains("only blocks"))
        #expect(try #require(syntaxError("{{empty(list}}")).problem.contains("transform"))
        #expect(try #require(syntaxError("{{$a}}{{/a}}{{#empty(a)}}{{/a}}")).problem.contains("different name"))
    }

    /// A partial, parent or block tag without a name named nothing and rendered nothing, silently.
    @Test func partialParentAndBlockTagsWithoutANameAreErrors() throws {
        for (source, problem) in [
            ("<p>\n  {{>}}", "a partial tag needs a name"), ("<p>\n  {{> }}", "a partial tag needs a name"),
            ("<p>\n  {{>*}}", "a partial tag needs a name"), ("<p>\n  {{<}}{{/}}", "a parent tag needs a name"),
            ("<p>\n  {{<*}}{{/*}}", "a parent tag needs a name"), ("<p>\n  {{$}}{{/}}", "a block needs a name"),
        ] {
            let error = try #require(syntaxError(source), "\(source)")
            #expect(error.problem == problem)
            #expect(error.position(in: source) == (2, 3))
        }
        let override = "{{<p}}\n  {{$ }}{{/}}\n{{/p}}"
        #expect(try #require(syntaxError(override)).problem == "a block needs a name")
        #expect(try #require(syntaxError(override)).position(in: override) == (2, 3))
    }

    /// A tag closed further on its line is closed: what stops it is a character no name has, a
    /// space most often. swift-mustache refused spaces in a transform too (`{{uppercased( title)}}`).
    @Test func aNameWithASpaceIsSaidToBeWrongNotUnclosed() throws {
        for (source, problem) in [
            ("<h1>{{uppercased( pageTitle)}}</h1>", "a transform is written without spaces: 'uppercased(pageTitle)'"),
            ("<h1>{{ uppercased (pageTitle) }}</h1>", "a transform is written without spaces: 'uppercased(pageTitle)'"),
            ("<h1>{{#empty( authors )}}</h1>", "a transform is written without spaces: 'empty(authors)'"),
            ("<h1>{{>*lowercased( style)}}</h1>", "a transform is written without spaces: 'lowercased(style)'"),
            ("<h1>{{first name}}</h1>", "'first name' is not a name: a name has no spaces"),
            ("<h1>{{> partials/book card}}</h1>", "'partials/book card' is not a name: a name has no spaces"),
            ("<h1>{{title!}}</h1>", "'title!' is not a name"),
        ] {
            let error = try #require(syntaxError(source), "\(source)")
            #expect(error.problem == problem)
            #expect(error.position(in: source) == (1, 5))
        }
        // Not closed on its line, or before the next tag opens, a tag is not closed.
        for source in ["<h1>{{title</h1>\n{{/a}}", "<h1>{{title}</h1>\n{{/a}}", "<h1>{{a( b {{c}}"] {
            #expect(try #require(syntaxError(source)).problem == "a tag is not closed with }}", "\(source)")
        }
        #expect(try #require(syntaxError("{{=<% %>=}}<%a( b)%>")).problem.hasPrefix("a transform"))
    }

    /// Inside a parent tag only blocks may be: anything else is an error where it is, not at the
    /// parent tag, which may be the template's first line and far from it.
    @Test func aStrayTagInAParentIsPlacedWhereItIs() throws {
        for (source, line, column) in [
            ("{{<layout}}\n{{$content}}\n<h1>x</h1>\n{{/content}}\n  {{title}}\n{{/layout}}\n", 5, 3),
            ("{{<layout}}\n{{$content}}{{/content}} {{#a}}{{/a}}\n{{/layout}}\n", 2, 26),
            ("{{<layout}}\n{{$a}}{{/a}}{{> card}}{{/layout}}", 2, 13),
            ("{{<layout}}{{$a}}{{<inner}}{{/inner}}{{/a}}\n{{{raw}}}{{/layout}}", 2, 1),
            // After a set-delimiter tag, as swift-mustache read it, not even a block overrides.
            ("{{<layout}}\n{{=<% %>=}}\n<%title%>\n<%/layout%>", 3, 1),
            ("{{<layout}}\n{{=<% %>=}}\n<%$a%><%/a%>\n<%/layout%>", 3, 1),
        ] {
            let error = try #require(syntaxError(source), "\(source.debugDescription)")
            #expect(error.problem == "only blocks ({{$name}}) may appear inside a parent tag")
            #expect(error.position(in: source) == (line, column), "\(source.debugDescription)")
        }
        // Blocks, comments, set-delimiter tags and text are what a parent's body may hold.
        #expect(
            try render(
                "{{<layout}}\n{{! note }}\ntext\n{{$a}}{{x}}{{/a}}\n{{/layout}}", Fields(["x": .string("X")]),
                partials: ["layout": "[{{$a}}{{/a}}]"]) == "[X]")
    }

    @Test func aPartialOrBlockThatIncludesItselfIsAnErrorNotACrash() throws {
        func includesItself(_ name: String, _ kind: IncludedTemplate.Kind) -> MustacheRenderError {
            .includesItself(IncludedTemplate(name: name, kind: kind), through: [])
        }
        #expect(throws: includesItself("loop", .partial)) {
            try render("{{> loop}}", partials: ["loop": "again {{> loop}}"])
        }
        // Twice in itself: stopped at the first too-deep branch, not after 2^100 of them.
        #expect(throws: includesItself("twice", .partial)) {
            try render("{{> twice}}", partials: ["twice": "{{> twice}}{{> twice}}"])
        }
        // A partial named by the data that names it again shows nothing, and is noted: no value
        // can stop a build (a shelf an import named `layout`, rendered as a partial by its name).
        let templates = [
            "main": try MustacheTemplate(source: "<{{>*kind}}>"), "node": try MustacheTemplate(source: "[{{>*kind}}]"),
        ]
        var noted: [UnknownName] = []
        let rendered = try MustacheRenderer.renderData(
            "main", of: templates, with: Fields(["kind": .string("node")]).templateValue, globals: nil,
            unknownNames: &noted)
        #expect(rendered.map { String(decoding: $0, as: UTF8.self) } == "<>")
        #expect(
            noted == [
                UnknownName(name: "kind", offset: 1, templates: ["main"], kind: .includingItself(template: "node"))
            ])
        // A partial of the theme's that includes itself below the one the data names is the
        // theme's mistake, and stops the render as it does anywhere else: it was noted as the
        // named one including itself, and the build went on (found by a review).
        #expect(throws: includesItself("y", .partial)) {
            try render("<{{>*kind}}>", Fields(["kind": .string("x")]), partials: ["x": "[{{>y}}]", "y": "{{>y}}"])
        }

        // A block whose override shows the same block.
        #expect(throws: includesItself("x", .block)) {
            try render("{{<parent}}{{$x}}[{{$x}}d{{/x}}]{{/x}}{{/parent}}", partials: ["parent": "{{$x}}D{{/x}}"])
        }
        // Partials nested deep without including themselves are said to be nested too deep.
        let chain = Dictionary(
            uniqueKeysWithValues: (0...MustacheRenderer.depthLimit).map { ("p\($0)", "{{> p\($0 + 1)}}") })
        #expect(throws: MustacheRenderError.nestedTooDeep(name: "p\(MustacheRenderer.depthLimit)")) {
            try render("{{> p0}}", partials: chain)
        }
        // A partial may include itself while the data it walks lasts. (Were `children` missing
        // from the leaf, the name would be found on its parent, and the walk would never end.)
        let leaf = Fields(["name": .string("c"), "children": .list([String]())])
        let tree = Fields([
            "name": .string("a"),
            "children": .list([Fields(["name": .string("b"), "children": .list([leaf])])]),
        ])
        let node = "{{name}}({{#children}}{{> node}}{{/children}})"
        #expect(try render("{{> node}}", tree, partials: ["node": node]) == "a(b(c()))")
    }

    /// Sections, parents and blocks nested without end, opened only or closed too, are a syntax
    /// error at the first tag past the limit, not a stack overflow.
    @Test func tagsNestedWithoutEndAreASyntaxErrorNotACrash() throws {
        let limit = MustacheTemplate.nestingLimit
        let depth = 100_000
        for (opening, closing) in [
            ("{{#a}}", "{{/a}}"), ("{{^a}}", "{{/a}}"), ("{{$a}}", "{{/a}}"), ("{{<p}}{{$a}}", "{{/a}}{{/p}}"),
        ] {
            let opened = String(repeating: opening, count: depth)
            for source in [opened, opened + String(repeating: closing, count: depth)] {
                let error = try #require(syntaxError(source), "\(opening)")
                #expect(error.problem == "sections, parents and blocks are nested more than \(limit) deep")
                // The tag that goes too deep: the one after the first `limit` opening tags.
                #expect(error.offset == limit * "{{#a}}".count, "\(opening)")
            }
        }
        // At the limit, a template still reads and renders.
        let deepest = String(repeating: "{{#a}}", count: limit) + "x" + String(repeating: "{{/a}}", count: limit)
        #expect(try render(deepest, Fields(["a": .bool(true)])) == "x")
    }

    /// Each template is nested at most ``MustacheTemplate/nestingLimit`` deep, but partials stack
    /// their templates: rendering is bounded as a whole, whatever the templates and the model.
    @Test func partialsStackingDeepSectionsAreAnErrorNotACrash() throws {
        let limit = MustacheTemplate.nestingLimit
        func sections(_ partial: String) -> String {
            String(repeating: "{{#a}}", count: limit - 1) + "{{> \(partial)}}"
                + String(repeating: "{{/a}}", count: limit - 1)
        }
        let chain = ["deep1": sections("deep2"), "deep2": sections("deep3"), "deep3": sections("deep4"), "deep4": "x"]
        let list = Fields(["a": .list([Fields()])])
        for model in [Fields(["a": .bool(true)]), list] {
            #expect(throws: MustacheRenderError.sectionsNestedTooDeep(name: "deep3")) {
                try render("{{> deep1}}", model, partials: chain)
            }
            // One that includes itself inside its sections is said to.
            #expect(
                throws: MustacheRenderError.includesItself(IncludedTemplate(name: "deep", kind: .partial), through: [])
            ) {
                try render("{{> deep}}", model, partials: ["deep": sections("deep")])
            }
        }
    }

    /// A partial that includes itself was named as whatever was rendered when the limit was
    /// reached: another partial (`partials/cover`), or a parent's block (`description`). Found
    /// by an exploratory session. The partial that includes itself is named, with the parent and
    /// blocks it goes through.
    @Test func thePartialThatIncludesItselfIsTheOneNamed() throws {
        let card = IncludedTemplate(name: "card", kind: .partial)
        #expect(throws: MustacheRenderError.includesItself(card, through: [])) {
            try render(
                "{{#books}}{{> card}}{{/books}}", Fields(["books": .list([Fields()])]),
                partials: ["card": "{{> cover}}{{> card}}", "cover": "<img>"])
        }
        let notFound = IncludedTemplate(name: "404", kind: .partial)
        let through = [
            IncludedTemplate(name: "layout", kind: .parent), IncludedTemplate(name: "content", kind: .block),
        ]
        #expect(throws: MustacheRenderError.includesItself(notFound, through: through)) {
            try render(
                "{{> 404}}",
                partials: [
                    "404": "{{<layout}}{{$content}}{{> 404}}{{/content}}{{/layout}}",
                    "layout": "<title>{{$description}}{{/description}}</title>{{$content}}{{/content}}",
                ])
        }
        // Of two partials that include each other, the one rendered first.
        let first = IncludedTemplate(name: "a", kind: .partial)
        #expect(
            throws: MustacheRenderError.includesItself(first, through: [IncludedTemplate(name: "b", kind: .partial)])
        ) {
            try render("{{> a}}", partials: ["a": "{{> b}}", "b": "{{> a}}"])
        }
        #expect(
            "\(MustacheRenderError.includesItself(notFound, through: through))"
                == "the partial '404' includes itself through the parent 'layout' and the block 'content' without "
                + "end: remove that tag, or put it in a section whose data ends")
    }

    /// Broken templates are what a reader editing a theme writes most: every cut-off and every
    /// one-character deletion of the default theme's templates, and some thousands of them with tag
    /// fragments dropped in, either parse and render or are a syntax error placed inside the source.
    /// Nothing may crash or hang.
    @Test func brokenThemeTemplatesAreErrorsNeverCrashes() throws {
        let theme = try Theme.load(
            overrides: URL(fileURLWithPath: "/nonexistent-bookplate-theme"), requireFolder: false)
        var partials: [String: MustacheTemplate] = [:]
        for (name, template) in theme.templates { partials[name] = try MustacheTemplate(source: template.source) }
        let fragments = [
            "{{", "}}", "{{{", "}}}", "{{#", "{{^", "{{/", "{{>", "{{<", "{{$", "{{!", "{{=| |=}}", "\n", " ",
        ]
        var random = SeededRandom(seed: 5)
        var parsed = 0
        var rejected = 0
        func check(_ source: String) {
            do {
                var templates = partials
                templates["main"] = try MustacheTemplate(source: source)
                parsed += 1
                _ = try? MustacheRenderer.render("main", of: templates, with: Fields(["title": .string("t")]))
            } catch {
                rejected += 1
                #expect((0...source.count).contains(error.offset), "\(error.problem) at \(error.offset)")
            }
        }
        for (_, template) in theme.templates.sorted(by: { $0.key < $1.key }) {
            let characters = Array(template.source)
            for cut in 0..<characters.count {
                check(String(characters[..<cut]))
                check(String(characters[..<cut] + characters[(cut + 1)...]))
            }
            for _ in 0..<300 {
                var mutated = characters
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let fragment = fragments.randomElement(using: &random)!
                    mutated.insert(contentsOf: fragment, at: Int.random(in: 0...mutated.count, using: &random))
                }
                check(String(mutated))
            }
        }
        // Both kinds were reached: the cuts are not all harmless, nor all errors.
        #expect(parsed > 1000 && rejected > 1000, "\(parsed) parsed, \(rejected) rejected")
    }

    /// Templates nobody wrote by hand, rendered (or rejected) as swift-mustache 2.1.1 rendered them
    /// (Fixtures/mustache/README.md).
    @Test func rendersRandomTemplatesAsSwiftMustacheDid() throws {
        let folder = TestPaths.fixtures.appendingPathComponent("mustache")
        let cases = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("cases.json")))
                as? [[String: Any]])
        let expected = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("swift-mustache-2.1.1.json"))) as? [String])
        #expect(cases.count == 419 && expected.count == cases.count)
        for (number, (testCase, output)) in zip(cases, expected).enumerated() {
            let main = try #require(testCase["main"] as? String)
            let partials = try #require(testCase["partials"] as? [String: String])
            let data = try #require(testCase["data"] as? [String: Any])
            if output == "<error>" {
                let rejected = ([main] + partials.values).contains { syntaxError($0) != nil }
                #expect(rejected, "case \(number) should be a syntax error: \(main.debugDescription)")
                continue
            }
            let model = Fields(try data.mapValues(MustacheTests.value))
            #expect(try render(main, model, partials: partials) == output, "case \(number): \(main.debugDescription)")
        }
    }

    /// A value as the fixture writes it: `{"s": "text"}`, `{"i": 1}`, `{"b": true}`, `{"l": […]}`,
    /// `{"o": {…}}`.
    static func value(_ json: Any) throws -> TemplateValue {
        let tagged = try #require(json as? [String: Any])
        if let string = tagged["s"] as? String { return .string(string) }
        if let number = tagged["i"] as? NSNumber { return .int(number.intValue) }
        if let bool = tagged["b"] as? NSNumber { return .bool(bool.boolValue) }
        if let list = tagged["l"] as? [Any] { return .list(try list.map(value)) }
        let fields = try #require(tagged["o"] as? [String: Any])
        return .object(Fields(try fields.mapValues(value)))
    }
}

/// A reproducible source of random numbers (SplitMix64), so a failing case can be found again.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
