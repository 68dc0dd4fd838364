import Foundation
import Mustache
import Testing

@testable import BookplateKit

/// Templates reach page models through `child(named:)`; every stored property must answer.
@Suite struct PageModelsTests {
    static func checkEveryProperty(of model: Any, path: String = "") {
        let mirror = Mirror(reflecting: model)
        guard let parent = model as? MustacheParent else {
            Issue.record("\(type(of: model)) at \(path) is not a MustacheParent")
            return
        }
        for child in mirror.children {
            guard let label = child.label else { continue }
            let reached = parent.child(named: label)
            let expected: Any? =
                Mirror(reflecting: child.value).displayStyle == .optional
                ? Mirror(reflecting: child.value).children.first?.value : child.value
            #expect(
                "\(String(describing: reached))" == "\(String(describing: expected))", "\(type(of: model)).\(label)")
            if let value = expected, String(describing: type(of: value)).hasSuffix("Model") {
                checkEveryProperty(of: value, path: "\(path).\(label)")
            }
            if let values = expected as? [Any] {
                for value in values.prefix(2) where String(describing: type(of: value)).hasSuffix("Model") {
                    checkEveryProperty(of: value, path: "\(path).\(label)[]")
                }
            }
        }
    }

    @Test func everyPageModelAnswersForEveryProperty() throws {
        let shelf = try FixtureShelf.make()
        let catalogue = try shelf.library.catalogue()
        let factory = PageModelFactory(
            site: SiteModel(title: "T", language: "en", description: "D", owner: "O", hasFeed: true),
            baseURL: URL(string: "https://example.org/"), catalogue: catalogue, coversBySlug: [:])
        let models: [Any] =
            [
                factory.indexPage(), factory.authorsPage(), factory.shelvesPage(), factory.statisticsPage(),
                factory.notFoundPage(),
            ]
            + catalogue.books.map { factory.bookPage($0, noteHTML: $0.book.slug == "fledgling" ? "<p>x</p>" : nil) }
            + catalogue.authors.map { factory.authorPage($0) }
            + factory.shelves.map { factory.shelfPage($0) }
        for model in models { PageModelsTests.checkEveryProperty(of: model) }
    }
}
