import FlyingFox
import FlyingSocks
import Foundation

@testable import BookplateKit

/// A real HTTP server on loopback that answers Bookplate's catalog requests with recorded or
/// hand-made responses, and remembers what it was asked.
///
/// Google Books lives under `/google/books/v1`, Open Library under `/openlibrary`, covers under
/// `/covers`. A route's replies are used in turn; the last one repeats. `{{BASE}}` in a body
/// becomes the server's own base URL.
struct StubCatalogServer: Sendable {
    let port: UInt16
    let routes: RouteTable
    private let server: HTTPServer
    private let task: Task<Void, any Error>

    var base: String { "http://127.0.0.1:\(port)" }

    static func start() async throws -> StubCatalogServer {
        let routes = RouteTable()
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        await server.appendRoute("*") { request in
            let reply = await routes.reply(to: request)
            if let delay = reply.delay { try await Task.sleep(for: delay) }
            var headers = HTTPHeaders()
            for (name, value) in reply.headers { headers[HTTPHeader(name)] = value }
            let status = HTTPStatusCode(reply.status, phrase: "Stub")
            if let stream = reply.stream {
                return HTTPResponse(
                    statusCode: status, headers: headers,
                    body: HTTPBodySequence(from: stream, count: stream.count, suggestedBufferSize: stream.chunk))
            }
            return HTTPResponse(statusCode: status, headers: headers, body: reply.body)
        }
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw StubError.noPort }
        await routes.setBase("http://127.0.0.1:\(port)")
        return StubCatalogServer(port: port, routes: routes, server: server, task: task)
    }

    func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
    }

    /// Answers GET `path` (and these query values, when given) with `replies` in turn.
    func on(_ path: String, query: [String: String] = [:], _ replies: Reply...) async {
        await routes.add(path: path, query: query, replies: replies)
    }

    func requests() async -> [Request] { await routes.requests }

    func count(_ path: String) async -> Int {
        await routes.requests.filter { $0.path == path }.count
    }

    /// The environment that points Bookplate at this server, with a private cache folder.
    func environment(cache: URL) -> [String: String] {
        [
            "BOOKPLATE_GOOGLE_BOOKS_URL": "\(base)/google/books/v1",
            "BOOKPLATE_OPEN_LIBRARY_URL": "\(base)/openlibrary",
            "BOOKPLATE_COVERS_URL": "\(base)/covers",
            "BOOKPLATE_CACHE_DIR": cache.path,
            "BOOKPLATE_CONTACT": "tests@bookplate.invalid",
        ]
    }

    /// A finder pointed at this server, with fast retries and an optional cache.
    func finder(cache: ResponseCache? = nil, retries: Int = 3, totalTimeout: TimeInterval = 30) -> BookFinder {
        BookFinder.live(
            configuration: CatalogConfiguration(environment: environment(cache: URL(fileURLWithPath: "/nonexistent"))),
            cache: cache, transport: URLSessionTransport(idleTimeout: totalTimeout, totalTimeout: totalTimeout),
            retryPolicy: RetryPolicy(maximumRetries: retries, baseDelay: .milliseconds(20)))
    }

    enum StubError: Error { case noPort }

    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        var delay: Duration?
        /// A body made as it is sent, instead of `body`.
        var stream: GeneratedBody?

        static func json(_ fixture: String, status: Int = 200) -> Reply {
            Reply(status: status, headers: ["Content-Type": "application/json"], body: Fixtures.data(fixture))
        }

        static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            Reply(
                status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 },
                body: Data(text.utf8))
        }

        static func image(_ fixture: String) -> Reply {
            Reply(status: 200, headers: ["Content-Type": "image/jpeg"], body: Fixtures.data(fixture))
        }

        /// `count` bytes, `chunk` at a time, with `pause` before each chunk: a huge body that
        /// never sits in memory, or a trickle.
        static func generated(count: Int, chunk: Int = 65_536, pause: Duration? = nil) -> Reply {
            Reply(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(),
                stream: GeneratedBody(count: count, chunk: chunk, pause: pause))
        }

        func delayed(_ delay: Duration) -> Reply {
            var copy = self
            copy.delay = delay
            return copy
        }
    }

    struct Request: Sendable {
        var path: String
        var query: [String: String]
        var userAgent: String?
    }

    /// The server's routes and the requests it has seen.
    actor RouteTable {
        private struct Route {
            var path: String
            var query: [String: String]
            var replies: [Reply]
            var served = 0
        }

        private var table: [Route] = []
        private var base = ""
        private(set) var requests: [Request] = []

        func setBase(_ base: String) { self.base = base }

        func add(path: String, query: [String: String], replies: [Reply]) {
            table.append(Route(path: path, query: query, replies: replies))
        }

        func reply(to request: HTTPRequest) -> Reply {
            var query: [String: String] = [:]
            for item in request.query {
                query[item.name] =
                    item.value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? item.value
            }
            requests.append(
                Request(path: request.path, query: query, userAgent: request.headers[HTTPHeader("User-Agent")]))
            guard
                let index = table.lastIndex(where: { route in
                    route.path == request.path && route.query.allSatisfy { query[$0.key] == $0.value }
                })
            else { return .text(#"{"error": "no stub for this path"}"#, status: 404) }
            let reply = table[index].replies[min(table[index].served, table[index].replies.count - 1)]
            table[index].served += 1
            var answer = reply
            if let text = String(data: reply.body, encoding: .utf8), text.contains("{{BASE}}") {
                answer.body = Data(text.replacingOccurrences(of: "{{BASE}}", with: base).utf8)
            }
            return answer
        }
    }
}

/// Test fixtures by path below `Fixtures/`.
enum Fixtures {
    static func data(_ path: String) -> Data {
        (try? Data(contentsOf: TestPaths.fixtures.appendingPathComponent(path))) ?? Data("missing fixture \(path)".utf8)
    }
}

/// Bytes of `{` made while they are sent, `chunk` at a time.
struct GeneratedBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let count: Int
    let chunk: Int
    let pause: Duration?

    func makeAsyncIterator() -> Iterator { Iterator(remaining: count, chunk: chunk, pause: pause) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var remaining: Int
        let chunk: Int
        let pause: Duration?

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard remaining > 0 else { return nil }
            if let pause { try await Task.sleep(for: pause) }
            let size = Swift.min(remaining, chunk, Swift.max(count, 1))
            remaining -= size
            return [UInt8](repeating: UInt8(ascii: "{"), count: size)
        }
    }
}
