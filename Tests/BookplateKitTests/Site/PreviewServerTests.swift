import Foundation
import Testing

@testable import BookplateKit

@Suite struct PreviewServerTests {
    func get(_ port: UInt16, _ path: String) async throws -> (status: Int, body: String, type: String?) {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        let reply = try await URLSessionTransport(idleTimeout: 5, totalTimeout: 5).get(url, headers: [:])
        return (reply.status, String(decoding: reply.body, as: UTF8.self), reply.headers["content-type"])
    }

    @Test func servesTheSiteRebuildsOnChangeAndSurvivesABrokenTemplate() async throws {
        let shelf = try FixtureShelf.make()
        let builder = SiteBuilder(library: shelf.library, paths: shelf.paths)
        let server = try await PreviewServer.start(builder: builder, port: 0) { _ in }
        let watcher = Task { await server.watch(every: .milliseconds(100)) }

        let index = try await get(server.port, "/")
        #expect(index.status == 200 && index.type == "text/html; charset=utf-8")
        #expect(index.body.contains("/__bookplate/version"))
        #expect(try await get(server.port, "/assets/style.css").type == "text/css; charset=utf-8")
        #expect(try await get(server.port, "/covers/fledgling.jpg").type == "image/jpeg")
        #expect(try await get(server.port, "/../../etc/passwd").status == 404)
        #expect(try await get(server.port, "/%2e%2e/%2e%2e/etc/passwd").status == 404)
        #expect(try await get(server.port, "/no/such/page").status == 404)

        // An edited note shows within a second or so.
        let before = await server.buildVersion
        try shelf.writeNote("Freshly *edited*.\n", slug: "kindred")
        var page = ""
        for _ in 0..<30 where !page.contains("Freshly <em>edited</em>") {
            try await Task.sleep(for: .milliseconds(100))
            page = try await get(server.port, "/books/kindred/index.html").body
        }
        #expect(page.contains("Freshly <em>edited</em>"))
        #expect(await server.buildVersion > before)

        // A broken template: the error is shown, the last good site is still served.
        try Data("{{#broken}}".utf8).write(to: shelf.paths.templates.appendingPathComponent("book.mustache"))
        var shown = ""
        for _ in 0..<30 where !shown.contains("Build failed") {
            try await Task.sleep(for: .milliseconds(100))
            shown = try await get(server.port, "/books/kindred/index.html").body
        }
        #expect(shown.contains("role=\"alert\"") && shown.contains("Build failed"))
        #expect(shown.contains("Freshly <em>edited</em>"))
        try FileManager.default.removeItem(at: shelf.paths.templates.appendingPathComponent("book.mustache"))
        for _ in 0..<30 where shown.contains("Build failed") {
            try await Task.sleep(for: .milliseconds(100))
            shown = try await get(server.port, "/books/kindred/index.html").body
        }
        #expect(!shown.contains("Build failed"))

        watcher.cancel()
        await server.stop()
    }

    @Test func requestPathsNeverLeaveTheSite() throws {
        let site = try TestPaths.temporaryFolder("site")
        try Data("ok".utf8).write(to: site.appendingPathComponent("index.html"))
        #expect(PreviewServer.file(for: "/", in: site)?.lastPathComponent == "index.html")
        for hostile in ["/../x", "/a/../../x", "/%2e%2e/x", "/./index.html", "/..%2fx", "/index.html%00.txt"] {
            #expect(PreviewServer.file(for: hostile, in: site) == nil, "\(hostile)")
        }
    }
}
