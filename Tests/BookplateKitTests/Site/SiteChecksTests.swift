import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Checks over whole built sites: every link and image resolves, the feed is well-formed Atom.
@Suite struct SiteChecksTests {
    /// Relative links and image sources in `html`, without fragments or queries.
    static func references(in html: String) -> [String] {
        var found: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let after = rest[start.upperBound...]
                guard let end = after.firstIndex(of: "\"") else { break }
                found.append(String(after[..<end]))
                rest = after[end...]
            }
        }
        return found.filter {
            !$0.hasPrefix("http:") && !$0.hasPrefix("https:") && !$0.hasPrefix("mailto:") && !$0.hasPrefix("#")
        }
        .map { String($0.split(separator: "#", omittingEmptySubsequences: false)[0]) }
        .map { String($0.split(separator: "?", omittingEmptySubsequences: false)[0]) }
        .filter { !$0.isEmpty }
    }

    /// Every broken link or image in the site at `folder`, as "page → target". Links that start
    /// with `/` are taken as below the site's published path `basePath`.
    static func brokenReferences(in folder: URL, basePath: String = "/") throws -> [String] {
        let files = try TemporaryShelf.snapshot(of: folder)
        var broken: [String] = []
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            let page = URL(fileURLWithPath: "/" + path)
            for reference in references(in: html) {
                // 404.html links from the site's root, as a server serves it anywhere.
                let base = path == "404.html" ? URL(fileURLWithPath: "/") : page
                var target = URL(fileURLWithPath: reference, relativeTo: base).standardizedFileURL.path
                if reference.hasPrefix("/") {
                    target = reference.hasPrefix(basePath) ? "/" + reference.dropFirst(basePath.count) : reference
                }
                target = String(target.dropFirst())
                if target.hasSuffix("/") || target.isEmpty { target += "index.html" }
                if files[target] == nil { broken.append("\(path) → \(reference)") }
            }
        }
        return broken.sorted()
    }

    @Test func theExampleSiteHasNoBrokenLinksOrImages() throws {
        let site = TestPaths.repository.appendingPathComponent("site")
        #expect(try SiteChecksTests.brokenReferences(in: site) == [])
        #expect(try TemporaryShelf.snapshot(of: site).keys.filter { $0.hasSuffix(".html") }.count >= 40)
    }

    @Test func theFixtureSiteHasNoBrokenLinksOrImages() throws {
        let shelf = try FixtureShelf.make()
        try shelf.build(settings: FixtureShelf.settings)
        let broken = try SiteChecksTests.brokenReferences(in: shelf.paths.site, basePath: "/shelf/")
        #expect(broken == [], "\(broken)")
    }

    @Test func theLinkCheckerFindsABrokenLink() throws {
        let folder = try TestPaths.temporaryFolder("links")
        try Data(#"<a href="books/missing/index.html">x</a><img src="covers/a.jpg" alt="">"#.utf8)
            .write(to: folder.appendingPathComponent("index.html"))
        #expect(try SiteChecksTests.brokenReferences(in: folder).count == 2)
    }

    @Test func theFeedIsWellFormedAtomWithTheRequiredElements() throws {
        let feed = try Data(contentsOf: TestPaths.repository.appendingPathComponent("site/feed.xml"))
        let reader = AtomReader()
        let parser = XMLParser(data: feed)
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(reader.rootNamespace == "http://www.w3.org/2005/Atom")
        for required in ["feed/title", "feed/id", "feed/updated", "feed/author/name"] {
            #expect(reader.paths.contains(required), "\(required)")
        }
        #expect(reader.entries >= 10)
        #expect(reader.entriesWithAllOf(["title", "id", "updated"]) == reader.entries)
    }
}

/// Collects element paths from an Atom document.
private final class AtomReader: NSObject, XMLParserDelegate {
    var stack: [String] = []
    var paths = Set<String>()
    var rootNamespace: String?
    var entries = 0
    private var currentEntry: Set<String> = []
    private var completeEntries: [Set<String>] = []

    func entriesWithAllOf(_ names: [String]) -> Int {
        completeEntries.filter { Set(names).isSubset(of: $0) }.count
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if stack.isEmpty { rootNamespace = namespaceURI }
        stack.append(elementName)
        paths.insert(stack.joined(separator: "/"))
        if stack == ["feed", "entry"] {
            entries += 1
            currentEntry = []
        } else if stack.count == 3, stack[1] == "entry" {
            currentEntry.insert(elementName)
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if stack == ["feed", "entry"] { completeEntries.append(currentEntry) }
        stack.removeLast()
    }
}
