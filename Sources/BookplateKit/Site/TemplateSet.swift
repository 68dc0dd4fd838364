import Foundation
import Mustache

/// The theme's Mustache templates, loaded and checked before anything is rendered.
///
/// Templates are named by their path below the templates folder without `.mustache`
/// (`book`, `partials/book-card`). Every page kind needs its template; every partial or parent a
/// template names must exist.
struct TemplateSet: Sendable {
    /// The templates every build renders pages with.
    static let pageTemplates = ["index", "book", "author", "authors", "shelves", "shelf", "stats", "404"]

    private let library: MustacheLibrary

    init(theme: Theme) throws {
        _ = TemplateSet.registerEscaping
        var library = MustacheLibrary()
        for (name, template) in theme.templates.sorted(by: { $0.key < $1.key }) {
            do {
                // Every template escapes with Bookplate's escaping (see `ScalarHTMLEscaping`); the
                // pragma takes a line of its own, which error positions give back.
                library.register(
                    try MustacheTemplate(string: "{{% CONTENT_TYPE: \(ScalarHTMLEscaping.name)}}\n" + template.source),
                    named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw TemplateError.syntax(
                    path: template.path, line: max(1, error.context.lineNumber - 1), column: error.context.columnNumber,
                    problem: TemplateSet.explain(error.error))
            }
        }
        for name in TemplateSet.pageTemplates where theme.templates[name] == nil {
            throw TemplateError.missingTemplate(path: "\(name).mustache")
        }
        for (_, template) in theme.templates.sorted(by: { $0.key < $1.key }) {
            for reference in TemplateSet.references(in: template.source) where theme.templates[reference.name] == nil {
                throw TemplateError.missingPartial(
                    path: template.path, line: reference.line, column: reference.column, name: reference.name)
            }
        }
        self.library = library
    }

    private static let registerEscaping: Void = MustacheContentTypes.register(
        ScalarHTMLEscaping(), named: ScalarHTMLEscaping.name)

    /// Renders `model` with the template `name`.
    func render(_ model: Any, with name: String) throws -> String {
        guard let html = library.render(model, withTemplate: name) else {
            throw TemplateError.missingTemplate(path: "\(name).mustache")
        }
        return html
    }

    /// The partials (`{{> name}}`) and parents (`{{< name}}`) that `source` names, with where.
    static func references(in source: String) -> [(name: String, line: Int, column: Int)] {
        var found: [(String, Int, Int)] = []
        var line = 1
        var column = 1
        var index = source.startIndex
        while index < source.endIndex {
            if source[index...].hasPrefix("{{>") || source[index...].hasPrefix("{{<") {
                let nameStart = source.index(index, offsetBy: 3)
                if let close = source[nameStart...].range(of: "}}") {
                    let name = source[nameStart..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                    if !name.isEmpty { found.append((name, line, column)) }
                }
            }
            if source[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index = source.index(after: index)
        }
        return found
    }

    private static func explain(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with a different name than it was opened with"
        case .unfinishedName: return "a tag is not closed with }}"
        case .expectedSectionEnd: return "a section is opened but never closed"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: return "a transform is applied to an inherited section"
        case .illegalTokenInsideInheritSection: return "only blocks may appear inside a parent tag"
        case .textInsideInheritSection: return "text may not appear directly inside a parent tag"
        case .invalidConfigVariableSyntax: return "a configuration tag is malformed"
        case .unrecognisedConfigVariable: return "a configuration tag names an unknown setting"
        }
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

    public var description: String {
        switch self {
        case .missingFolder(let path):
            "no templates folder at \(path): run Bookplate in a shelf folder or restore the theme with 'bookplate init'"
        case .missingTemplate(let path):
            "template \(path) is missing: every page kind needs its template; restore it from the default theme"
        case .unreadable(let path):
            "template \(path) cannot be read: check its permissions"
        case .notUTF8(let path):
            "template \(path) is not UTF-8 text: save it as UTF-8"
        case .syntax(let path, let line, let column, let problem):
            "\(path):\(line):\(column): \(problem)"
        case .missingPartial(let path, let line, let column, let name):
            "\(path):\(line):\(column): names the template '\(name)', which does not exist (expected \(name).mustache)"
        }
    }
}

/// HTML escaping by Unicode scalar. swift-mustache's own escaping compares whole characters, and a
/// `"` or `<` followed by a combining mark is one character that equals neither: it was written
/// raw, so a title like `x"\u{301} onmouseover=…` could have ended an attribute and added its own.
struct ScalarHTMLEscaping: MustacheContentType {
    static let name = "BOOKPLATE_HTML"

    func escapeText(_ text: String) -> String { MarkupEscaping.html(text) }
}
