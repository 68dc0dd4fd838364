import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation
import Synchronization

/// What every template can name besides its page's model: `t`, the site's words, and
/// `canonical`, the page's own address when the site has a base URL.
private struct Globals: TemplateObject {
    var t: Words
    var canonical: String?

    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "t": t.templateValue
        case "canonical": canonical.templateValue
        default: nil
        }
    }
}

/// The theme's Mustache templates, loaded and checked before anything is rendered.
///
/// Templates are named by their path below the templates folder without `.mustache`
/// (`book`, `partials/book-card`). Every page kind needs its template; every partial or parent a
/// template names must exist.
struct TemplateSet: Sendable {
    /// The templates every build renders pages with.
    static let pageTemplates = [
        "index", "list", "book", "book-highlights", "author", "authors", "shelves", "shelf", "series", "series-index",
        "stats", "year",
        "commonplace",
        "page", "404",
    ]

    private let templates: [String: MustacheTemplate]
    /// Each template's text and path, to place an error in.
    private let files: [String: (source: String, path: String)]
    /// The site's words, which templates read as `{{t.key}}` and page models are made with.
    let words: Words
    /// The shelf's own template files that no build reads, one line each.
    let warnings: [String]

    /// Where the site is published, for each page's `canonical` address; nil without one. No page
    /// model holds it, so every page's fingerprint takes it in (``SiteBuilder``).
    let baseURL: URL?
    /// The names of tags that the pages rendered with this set did not have, by page.
    let unknownNames = UnknownNamesByPage()

    /// What each page rendered so far named that it did not have, placed in the theme's files
    /// (``TemplateSet/place(_:)``), from the threads that render the pages. A page with none is
    /// there too, with none: the build keeps what the pages it did not render had before.
    final class UnknownNamesByPage: Sendable {
        private let pages = Mutex<[String: [String]]>([:])
        /// Each tag placed once: every page of a kind lacks the same names.
        fileprivate let placed = Mutex<[UnknownName: String]>([:])
        fileprivate func set(_ names: [String], forPage page: String) { pages.withLock { $0[page] = names } }
        var all: [String: [String]] { pages.withLock { $0 } }
    }

    init(theme: Theme, language: String = "en", baseURL: URL? = nil) throws {
        self.baseURL = baseURL
        words = try Words.load(theme: theme, language: language)
        var templates: [String: MustacheTemplate] = [:]
        for (name, template) in theme.templates.sorted(by: { $0.key < $1.key }) {
            do {
                templates[name] = try MustacheTemplate(source: template.source)
            } catch {
                let (line, column) = error.position(in: template.source)
                throw TemplateError.syntax(
                    path: template.path, line: line, column: column, problem: error.problem(in: template.source))
            }
        }
        for name in TemplateSet.pageTemplates where theme.templates[name] == nil {
            throw TemplateError.missingTemplate(path: "\(name).mustache")
        }
        // The partials a template names as its tags are read, not as its text: one named in a
        // comment stopped the build, and one named after `{{=<% %>=}}` was never looked for, nor
        // placed (found by an exploratory session and a review). The first such tag in the text.
        for (name, template) in theme.templates.sorted(by: { $0.key < $1.key }) {
            guard let missing = templates[name]?.partialTags.first(where: { theme.templates[$0.name] == nil })
            else { continue }
            let (line, column) = MustacheTemplate.position(ofCharacter: missing.offset, in: template.source)
            throw TemplateError.missingPartial(path: template.path, line: line, column: column, name: missing.name)
        }
        // An empty layout published every page as an empty file, the previous site replaced
        // (found by an exploratory session). A page template, or a parent a template is built
        // on, writes the whole page: empty, it can only be a mistake. An empty partial may be
        // meant (a footer taken away).
        let parents = templates.values.reduce(into: Set<String>()) { $0.formUnion($1.includedTemplates.parents) }
        for name in parents.sorted() + TemplateSet.pageTemplates {
            guard let template = theme.templates[name], template.source.allSatisfy(\.isWhitespace) else { continue }
            throw TemplateError.empty(path: template.path)
        }
        let (unknownBlocks, blockWarnings) = TemplateSet.unknownBlocks(in: templates, of: theme)
        if let first = unknownBlocks.first { throw first }
        self.templates = templates
        files = theme.templates
        warnings =
            TemplateSet.unusedTemplates(of: theme, parsed: templates) + blockWarnings + Words.unfilledWords(in: theme)
    }

    /// The blocks that templates fill (`{{<layout}}{{$contnet}}`) and that their parents do not
    /// have, whose content would show nowhere: a misspelt block emptied every page of its kind,
    /// and the build said nothing (found by a QA of theme authoring). Those of the shelf's own
    /// templates are errors; the default theme's, which fill a block of a parent the reader
    /// changed (a layout from before the block), are warnings.
    private static func unknownBlocks(in templates: [String: MustacheTemplate], of theme: Theme)
        -> (errors: [TemplateError], warnings: [String])
    {
        var errors: [TemplateError] = []
        var warnings: [String] = []
        // The blocks of the templates a tag renders, looked for once: every page template is
        // built on the layout.
        var blocksOfTemplates: [[String]: Set<String>?] = [:]
        for (name, template) in templates.sorted(by: { $0.key < $1.key }) {
            guard let file = theme.templates[name] else { continue }
            for tag in template.parentTags {
                // What the tag fills its blocks with is rendered inside the parent, with the
                // tag's blocks: a partial it includes (`{{$content}}{{> partials/card}}`) may
                // have a block the tag fills, and so may those bodies themselves. Left out, the
                // check stopped a theme that rendered as written (found by a review).
                var rendered: Set<String> = [tag.parent]
                var ownBlocks: Set<String> = []
                var anyByModel = false
                for body in tag.bodies {
                    let included = body.includedTemplates
                    rendered.formUnion(included.names)
                    anyByModel = anyByModel || included.anyByModel
                    ownBlocks.formUnion(body.blockNames)
                }
                if anyByModel { continue }
                let key = rendered.sorted()
                if blocksOfTemplates[key] == nil { blocksOfTemplates[key] = blocks(of: key, in: templates) }
                guard let found = blocksOfTemplates[key] ?? nil else { continue }
                let offered = found.union(ownBlocks)
                for block in tag.blocks where !offered.contains(block.name) {
                    let (line, column) = MustacheTemplate.position(ofCharacter: block.offset, in: file.source)
                    let error = TemplateError.unknownBlock(
                        path: file.path, line: line, column: column, name: block.name, parent: tag.parent,
                        blocks: offered.sorted())
                    if theme.ownTemplates.contains(name) {
                        errors.append(error)
                    } else {
                        warnings.append(
                            "\(error): add {{$\(block.name)}}{{/\(block.name)}} where it goes in "
                                + "\(theme.templates[tag.parent]?.path ?? tag.parent + ".mustache")")
                    }
                }
            }
        }
        return (errors, warnings)
    }

    /// The blocks `names`, their own parents and the partials they include have, as the renderer
    /// would find them; nil when one of them names a partial by the model, which may have any.
    private static func blocks(of names: [String], in templates: [String: MustacheTemplate]) -> Set<String>? {
        var blocks: Set<String> = []
        var seen = Set(names)
        var unread = names
        while let name = unread.popLast() {
            guard let template = templates[name] else { continue }
            let included = template.includedTemplates
            if included.anyByModel { return nil }
            blocks.formUnion(template.blockNames)
            for next in included.names where seen.insert(next).inserted { unread.append(next) }
        }
        return blocks
    }

    /// A line for each of the shelf's own templates that is not a page template and that no other
    /// template includes: misnamed, most likely (`Book.mustache`, `books.mustache`). When a
    /// template is named by the model (`{{>*name}}`) any may be read, and none is named.
    private static func unusedTemplates(of theme: Theme, parsed: [String: MustacheTemplate]) -> [String] {
        var included: Set<String> = []
        for (name, template) in parsed {
            let includes = template.includedTemplates
            if includes.anyByModel { return [] }
            included.formUnion(includes.names.subtracting([name]))
        }
        let used = Set(pageTemplates).union(included)
        let pages = pageTemplates.dropLast().joined(separator: ", ") + " or " + (pageTemplates.last ?? "")
        return theme.ownTemplates.subtracting(used).sorted().compactMap { name in
            guard let path = theme.templates[name]?.path else { return nil }
            // One folder too high or too low (`book-card.mustache` for `partials/book-card.mustache`)
            // is no typo, and was not suggested (found by an exploratory session).
            let file = name.split(separator: "/").last
            let moved = (pageTemplates + included.sorted()).first {
                $0 != name && $0.split(separator: "/").last == file
            }
            let meant = moved ?? Suggestions.nearest(to: name, in: pageTemplates + included.sorted(), limit: 1).first
            guard let meant else {
                return "\(path) is not used: it is not a page template (\(pages)) and no template includes it"
            }
            return "\(path) is not used: it is not a page template and no template includes it "
                + "(did you mean \(meant).mustache?)"
        }
    }

    /// Renders `model`, a page model as ``EncodedModel`` made it, with the template `name`; a
    /// partial that includes itself is an error, and so is a page of nothing but white space.
    /// `path` is where the page is published: with a base URL, it gives the page's `canonical`
    /// address (a search engine's one name for a page reached as `/books/x/` and
    /// `/books/x/index.html`).
    /// `page` is where the page is written, under which the names it lacked are kept.
    func render(_ model: TemplateValue, with name: String, path: String? = nil, page: String? = nil) throws -> Data {
        let canonical = path.flatMap { path in baseURL.map { StructuredData.pageAddress(path, $0) } }
        let rendered: Data?
        var unknown: [UnknownName] = []
        do {
            rendered = try MustacheRenderer.renderData(
                name, of: templates, with: model, globals: Globals(t: words, canonical: canonical),
                unknownNames: &unknown)
        } catch {
            throw placed(error, page: name)
        }
        if let page { unknownNames.set(Set(unknown.map(place)).sorted(), forPage: page) }
        guard let html = rendered else { throw TemplateError.missingTemplate(path: "\(name).mustache") }
        // No page is meant to be empty: published, it replaced the page the last build made.
        // The first byte of a page is almost always its `<`, so this looks at one byte.
        guard html.contains(where: { !TemplateSet.isWhitespace($0) }) else {
            throw TemplateError.rendersNothing(path: files[name]?.path ?? "\(name).mustache")
        }
        return html
    }

    /// A template that includes itself, placed at the tag that includes it: in its own file, in
    /// that of a template it goes through, or in the page's template `page` (its parent tag in
    /// the block it fills for its own parent: found by a QA of theme authoring, said of the
    /// default theme's layout without a line). Only its name is known of a block, and of a
    /// template named by the model. Any other error as it is.
    private func placed(_ error: MustacheRenderError, page: String) -> any Error {
        guard case .includesItself(let included, let through) = error else { return error }
        guard included.kind != .block else {
            return TemplateError.includesItself(path: "", line: 0, column: 0, problem: "\(error)")
        }
        let candidates = ([included] + through).filter { $0.kind != .block }.map(\.name) + [page]
        for (index, name) in candidates.enumerated() {
            // The page's own parent tag, outside its blocks, is not the one that goes round.
            let ownParent = index == candidates.count - 1 && page != included.name
            guard let file = files[name],
                let tag = templates[name]?.partialTags.first(where: {
                    $0.name == included.name && !(ownParent && $0.outermost)
                })
            else { continue }
            let (line, column) = MustacheTemplate.position(ofCharacter: tag.offset, in: file.source)
            return TemplateError.includesItself(path: file.path, line: line, column: column, problem: "\(error)")
        }
        return TemplateError.includesItself(
            path: files[included.name]?.path ?? "", line: 0, column: 0, problem: "\(error)")
    }

    /// Where the tag of `unknown` is, as a warning says it: `templates/book.mustache:14:
    /// {{titel}}` — in the first of its templates (innermost first) whose text has a tag naming
    /// it where the parser found it (set delimiters included), else the innermost template
    /// without a line.
    func place(_ unknown: UnknownName) -> String {
        if let placed = unknownNames.placed.withLock({ $0[unknown] }) { return placed }
        let candidates = unknown.templates.compactMap { files[$0] }
        // A partial named by the model, with the template it named; a transform that does not
        // apply, with why (``UnknownName/Kind``); a counting word's form, with why.
        let tag =
            switch unknown.kind {
            case .includingItself(let template): "{{>*\(unknown.name)}} ('\(template)')"
            case .misfit(let tag, let problem): "{{\(tag)\(TemplateSet.misfitMark)\(problem)"
            case .nothingHasIt:
                countingForm(unknown.name).map { "{{\(unknown.name)\(TemplateSet.misfitMark)\($0)" }
                    ?? "{{\(unknown.name)}}"
            }
        // A tag writes its transforms before the name: four of them put it past the 32
        // characters looked in, and the warning had no line (found by a review).
        let placed =
            candidates.lazy.compactMap { file in
                TemplateSet.line(
                    ofTagAt: unknown.offset, naming: unknown.name, in: file.source, transforms: unknown.transforms
                ).map {
                    "\(file.path):\($0): \(tag)"
                }
            }.first
            ?? "\(candidates.first?.path ?? "\(unknown.templates.first ?? "").mustache"): \(tag)"
        unknownNames.placed.withLock { $0[unknown] = placed }
        return placed
    }

    /// Whether `placed`, a tag as ``place(_:)`` says it, is a partial named by the model whose
    /// template would include itself (``UnknownName/Kind/includingItself(template:)``): the build state keeps
    /// tags as they are said, so the form is told from a misspelt name's (`{{titel}}`) here.
    static func isPartialIncludingItself(placed: String) -> Bool {
        placed.contains(": {{>*")
    }

    /// Why `name` shows nothing when the table of words has it: a form of one of the site's
    /// counting words (`t.book.one`), whose form is Bookplate's to pick by a count; the counting
    /// word itself (`t.book`); or another word whose key has a dot (a shelf's `nav.home`), which
    /// a dotted name, looked up part by part, cannot reach. Nil for any other name. Such a tag
    /// was said to name nothing, as a misspelt one (found by a QA of theme authoring), and any
    /// dotted key the table has to be a counting word's form ("nav.home is a form of the
    /// counting word 'nav'": found by a review).
    private func countingForm(_ name: String) -> String? {
        guard name.hasPrefix("t.") else { return nil }
        let key = String(name.dropFirst(2))
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        let word = parts.dropLast().joined(separator: ".")
        let labels = "which Bookplate picks by a count for the labels it writes (countLabel, bookCountLabel…)"
        if parts.count > 1, let form = parts.last, PluralCategory(rawValue: String(form)) != nil,
            words.value(forKey: key) != nil, words.value(forKey: "\(word).other") != nil
        {
            return "\(key) is a form of the counting word '\(word)', \(labels)"
        }
        if words.value(forKey: "\(key).other") != nil {
            return "\(key) is a counting word, whose form (\(key).one, \(key).other…) is one \(labels)"
        }
        if parts.count > 1, words.value(forKey: key) != nil {
            return "the translations have \(key), but a name with a dot is looked up part by part: give the word "
                + "a key without one"
        }
        return nil
    }

    /// What stands between a tag and why it shows nothing, as ``place(_:)`` says a transform that
    /// does not apply or a counting word's form: `{{uppercased(rating)}}: uppercased applies to
    /// text, not to a number`. A misspelt name's tag is never followed by it.
    static let misfitMark = "}}: "

    /// Whether `placed`, a tag as ``place(_:)`` says it, is one that says why it shows nothing: a
    /// transform that does not apply to its value (``UnknownName/Kind/misfit(tag:problem:)``), or a counting word's
    /// form.
    static func isMisfit(placed: String) -> Bool {
        placed.hasSuffix("}}") == false && placed.contains(misfitMark)
    }

    /// The line of the tag that begins `offset` characters into `source`, if one naming `name`
    /// begins there (whatever its delimiters); nil when none does: the tag is in another file.
    /// `transforms`, the characters the tag's transforms take (`uppercased()`), if known.
    static func line(ofTagAt offset: Int, naming name: String, in source: String, transforms: Int = 0) -> Int? {
        guard offset >= 0 else { return nil }
        // The delimiters, a sigil, spaces and transforms may come before the name.
        guard source.dropFirst(offset).prefix(name.count + transforms + 32).range(of: name) != nil else {
            return nil
        }
        return MustacheTemplate.position(ofCharacter: offset, in: source).line
    }

    /// Whether `byte` is white space of HTML (space, tab, line feed, form feed, carriage return).
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

}

/// What is wrong with the theme's templates, naming the file (and line and column where known).
public enum TemplateError: Error, Equatable, CustomStringConvertible {
    case missingFolder(path: String)
    case missingTemplate(path: String)
    case unreadable(path: String)
    case notUTF8(path: String)
    case syntax(path: String, line: Int, column: Int, problem: String)
    case missingPartial(path: String, line: Int, column: Int, name: String)
    /// A folder where the theme has a file: a template, a table of words or an asset.
    case folderForFile(path: String)
    /// A partial, parent or block that includes itself without end; `path` is empty and `line`
    /// 0 where the tag's place is not known.
    case includesItself(path: String, line: Int, column: Int, problem: String)
    /// A page template, or a parent one is built on, holding nothing but white space.
    case empty(path: String)
    /// A page template that rendered a page of nothing but white space.
    case rendersNothing(path: String)
    /// A template fills a block (`{{$name}}` in `{{<parent}}`) that its parent does not have,
    /// nor any template the parent is built on or includes: those have `blocks`.
    case unknownBlock(path: String, line: Int, column: Int, name: String, parent: String, blocks: [String])

    public var description: String {
        switch self {
        case .missingFolder(let path):
            "no templates folder at \(path): give --templates a folder that exists"
        case .missingTemplate(let path):
            "template \(path) is missing: every page kind needs its template; restore it from the default theme"
        case .unreadable(let path):
            "template \(path) cannot be read: check its permissions"
        case .notUTF8(let path):
            // A theme's translation file was called a template (found by an exploratory session).
            (path.hasSuffix(".yaml") ? "translation file " : "template ")
                + "\(path) is not UTF-8 text: save it as UTF-8"
        case .syntax(let path, let line, let column, let problem):
            "\(path):\(line):\(column): \(problem)"
        case .missingPartial(let path, let line, let column, let name):
            "\(path)\(line > 0 ? ":\(line):\(column)" : ""): names the template '\(name)', which does not exist "
                + "(expected \(name).mustache)"
        case .includesItself(let path, let line, let column, let problem):
            (path.isEmpty ? "" : line > 0 ? "\(path):\(line):\(column): " : "\(path): ") + problem
        case .empty(let path):
            "template \(path) is empty, and so would be every page made with it: write it, or delete it to use "
                + "the default theme's"
        case .rendersNothing(let path):
            "template \(path) renders an empty page: check that its markup is not all inside sections this page "
                + "leaves out"
        case .unknownBlock(let path, let line, let column, let name, let parent, let blocks):
            "\(path):\(line):\(column): '\(name)' is no block of the parent '\(parent)', and what it holds would "
                + "show nowhere: "
                + (blocks.isEmpty
                    ? "it has no blocks"
                    : "its blocks are " + blocks.joinedAsList)
                + (Suggestions.nearest(to: name, in: blocks, limit: 1).first.map { " (did you mean \($0)?)" } ?? "")
        case .folderForFile(let path):
            "\(path) is a folder where the theme reads a file (a template, a table of words or an asset): rename the folder"
        }
    }
}
