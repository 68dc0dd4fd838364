import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// Templates see a page model as its encoding names it (`EncodedModel`): every stored property
/// must be a field with its own value, an optional with nothing in it a field with nothing.
@Suite struct PageModelsTests {
    static func checkEveryProperty(of model: Any, as object: TemplateObjectReference, path: String = "") {
        for child in Mirror(reflecting: model).children {
            guard let label = child.label else { continue }
            // A page's content is no field of its own: its fields stand beside `root` and `site`.
            if let flattened = model as? any FlattenedModel, flattened.besideItsOwn.contains(label) {
                checkEveryProperty(of: child.value, as: object, path: path)
                continue
            }
            // A field templates know by another name, or one that only names another.
            var field = label
            if let renamed = model as? any RenamedFields {
                guard let name = renamed.fieldName(of: label) else { continue }
                field = name
            }
            let expected: Any? =
                Mirror(reflecting: child.value).displayStyle == .optional
                ? Mirror(reflecting: child.value).children.first?.value : child.value
            check(object.value(forKey: field), answers: expected, at: "\(path).\(field)")
        }
    }

    static func check(_ reached: TemplateValue?, answers expected: Any?, at path: String) {
        switch (reached, expected) {
        // A field with nothing in it is there, empty: a template looks no further for its name.
        case (.null?, nil):
            break
        case (.string(let string)?, let value as String):
            #expect(string == value, "\(path)")
        case (.html(let html)?, let value as SanitizedHTML):
            #expect(html == value, "\(path)")
        case (.int(let int)?, let value as Int):
            #expect(int == value, "\(path)")
        case (.bool(let bool)?, let value as Bool):
            #expect(bool == value, "\(path)")
        case (.object(let reference)?, let value?):
            checkEveryProperty(of: value, as: reference, path: path)
        case (.list(let list)?, let values as [Any]):
            #expect(list.count == values.count, "\(path)")
            for index in 0..<min(2, list.count, values.count) {
                check(list.element(at: index), answers: values[index], at: "\(path)[\(index)]")
            }
        default:
            Issue.record("\(path): templates see \(String(describing: reached)) for \(String(describing: expected))")
        }
    }

    static func checkEveryProperty(of model: some Encodable) throws {
        guard case .object(let object)? = try EncodedModel(model, values: true).value else {
            Issue.record("\(type(of: model)) is not encoded as an object")
            return
        }
        checkEveryProperty(of: model, as: object)
    }

    @Test func everyPageModelAnswersForEveryProperty() throws {
        let shelf = try FixtureShelf.make()
        let snapshot = try shelf.library.snapshot()
        let factory = PageModelFactory(
            site: SiteModel(title: "T", language: "en", description: "D", owner: "O", hasFeed: true),
            baseURL: URL(string: "https://example.org/"), snapshot: snapshot, coversBySlug: [:])
        let models: [any Encodable] =
            [
                factory.indexPage(), factory.authorsPage(), factory.shelvesPage(),
                factory.statisticsPage(),
                factory.notFoundPage(),
            ]
            + snapshot.books.map {
                factory.bookPage($0, noteHTML: $0.book.slug == "fledgling" ? NoteRenderer().render("x") : nil)
            }
            + snapshot.authors.map { factory.authorPage($0) }
            + zip(factory.shelves, factory.lists.shelfLists).map { factory.shelfPage($1, shelf: $0, page: 1) }
            + factory.lists.statusLists.map { factory.listPage($0, page: 1) }
            + [factory.commonplaceHome()]
            + factory.commonplace.years.map { factory.commonplaceYearPage($0, page: 1) }
            + [
                factory.extraPage(
                    ExtraPage(name: "about", text: "---\ndescription: Mine\n---\n# About\n\nText.\n") { _ in },
                    renderer: NoteRenderer())
            ]
        for model in models { try PageModelsTests.checkEveryProperty(of: model) }
    }
}

/// A model that encodes the models it holds in `besideItsOwn` as fields of its own, not as fields
/// holding them: the check above looks for their fields beside the model's.
private protocol FlattenedModel {
    var besideItsOwn: Set<String> { get }
}
extension Page: FlattenedModel {
    var besideItsOwn: Set<String> { ["content"] }
}
extension CommonplaceEntryModel: FlattenedModel {
    var besideItsOwn: Set<String> { ["highlight", "source"] }
}

/// A model whose properties templates know by other names: nil for one that is no field.
private protocol RenamedFields {
    func fieldName(of property: String) -> String?
}
extension IndexLetterModel: RenamedFields {
    /// An index letter's names go by the index's own word for them (`authors`, `series`).
    func fieldName(of property: String) -> String? {
        switch property {
        case "listName": nil
        case "entries": listName
        default: property
        }
    }
}
