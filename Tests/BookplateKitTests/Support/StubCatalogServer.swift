import Foundation
import Synchronization

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// A real HTTP server on loopback that answers Bookplate's catalog requests with recorded or
/// hand-made responses, and remembers what it was asked.
///
/// Google Books lives under `/google/books/v1`, Open Library under `/openlibrary`, covers under
/// `/covers`. A route's replies are used in turn; the last one repeats. `{{BASE}}` in a body
/// becomes the server's own base URL.
///
/// It answers on threads of its own — one listening, one per connection — never on Swift's
/// shared threads (two on CI): a test that keeps those busy for seconds must not leave the
/// catalogs silent and their clients timing out, as they did when the server ran on them.
struct StubCatalogServer: Sendable {
    let port: UInt16
    let routes: RouteTable
    private let listener: StubListener

    var base: String { "http://127.0.0.1:\(port)" }

    static func start() async throws -> StubCatalogServer {
        let routes = RouteTable()
        let listener = try StubListener(routes: routes)
        routes.setBase("http://127.0.0.1:\(listener.port)")
        listener.start()
        return StubCatalogServer(port: listener.port, routes: routes, listener: listener)
    }

    func stop() async {
        listener.stop()
    }

    /// Answers GET `path` (and these query values, when given) with `replies` in turn.
    func on(_ path: String, query: [String: String] = [:], _ replies: Reply...) async {
        routes.add(path: path, query: query, replies: replies)
    }

    func requests() async -> [Request] { routes.requests }

    func count(_ path: String) async -> Int {
        routes.requests.filter { $0.path == path }.count
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

    enum StubError: Error { case socket(String) }

    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        var delay: Duration?
        /// A body made as it is sent, instead of `body`.
        var stream: GeneratedBody?
        /// `body` is sent as it is, with no status line or header: a server that does not speak HTTP.
        var isRaw = false

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
        /// never sits in memory, or a trickle; with `announcesLength` false, sent chunked.
        static func generated(
            count: Int, chunk: Int = 65_536, pause: Duration? = nil, announcesLength: Bool = true,
            sent: SentBytes = SentBytes()
        ) -> Reply {
            Reply(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(),
                stream: GeneratedBody(
                    count: count, chunk: chunk, pause: pause, announcesLength: announcesLength, sent: sent))
        }

        /// A gzip-encoded body, sent chunked, that unpacks to `unpackedBytes` zeros.
        static func gzipBomb(unpackedBytes: Int, sent: SentBytes) -> Reply {
            Reply(
                status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: Data(),
                stream: GzipBomb.body(unpackedBytes: unpackedBytes, sent: sent))
        }

        /// `text` alone, as a server that does not speak HTTP answers.
        static func raw(_ text: String) -> Reply {
            Reply(status: 0, headers: [:], body: Data(text.utf8), isRaw: true)
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

    /// The server's routes and the requests it has seen, shared by its threads.
    final class RouteTable: Sendable {
        private struct Route {
            var path: String
            var query: [String: String]
            var replies: [Reply]
            var served = 0
        }

        private struct State {
            var table: [Route] = []
            var base = ""
            var requests: [Request] = []
        }

        private let state = Mutex(State())

        var requests: [Request] { state.withLock { $0.requests } }

        func setBase(_ base: String) { state.withLock { $0.base = base } }

        func add(path: String, query: [String: String], replies: [Reply]) {
            state.withLock { $0.table.append(Route(path: path, query: query, replies: replies)) }
        }

        /// The reply to GET `target` (a path and its query), counted among the requests.
        func reply(to target: String, userAgent: String?) -> Reply {
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts.first ?? "")
            var query: [String: String] = [:]
            for item in (parts.count > 1 ? parts[1] : "").split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in
                    let spaced = text.replacingOccurrences(of: "+", with: " ")
                    return spaced.removingPercentEncoding ?? spaced
                }
                query[decode(pair[0])] = pair.count > 1 ? decode(pair[1]) : ""
            }
            return state.withLock { state in
                state.requests.append(Request(path: path, query: query, userAgent: userAgent))
                guard
                    let index = state.table.lastIndex(where: { route in
                        route.path == path && route.query.allSatisfy { query[$0.key] == $0.value }
                    })
                else { return .text(#"{"error": "no stub for this path"}"#, status: 404) }
                let route = state.table[index]
                let reply = route.replies[min(route.served, route.replies.count - 1)]
                state.table[index].served += 1
                var answer = reply
                if let text = String(data: reply.body, encoding: .utf8), text.contains("{{BASE}}") {
                    answer.body = Data(text.replacingOccurrences(of: "{{BASE}}", with: state.base).utf8)
                }
                return answer
            }
        }
    }
}

/// Test fixtures by path below `Fixtures/`.
enum Fixtures {
    static func data(_ path: String) -> Data {
        (try? Data(contentsOf: TestPaths.fixtures.appendingPathComponent(path))) ?? Data("missing fixture \(path)".utf8)
    }
}

/// A body made while it is sent, `chunk` bytes at a time: `head`, `unit` `repeats` times, then
/// `tail`. A huge body or a compressed bomb that never sits in memory, or a trickle; `sent` counts
/// the bytes handed to the connection so far.
struct GeneratedBody: Sendable {
    var head: [UInt8] = []
    let unit: [UInt8]
    let repeats: Int
    var tail: [UInt8] = []
    let chunk: Int
    let pause: Duration?
    var announcesLength = true
    var sent = SentBytes()

    /// `count` bytes of `{`.
    init(count: Int, chunk: Int, pause: Duration?, announcesLength: Bool = true, sent: SentBytes = SentBytes()) {
        let unitLength = Swift.max(1, Swift.min(count, 65_536))
        unit = [UInt8](repeating: UInt8(ascii: "{"), count: unitLength)
        repeats = count / unitLength
        tail = [UInt8](repeating: UInt8(ascii: "{"), count: count % unitLength)
        self.chunk = chunk
        self.pause = pause
        self.announcesLength = announcesLength
        self.sent = sent
    }

    /// `pause` paces a bomb: a server on threads of its own sends as fast as the client reads,
    /// and a client whose tasks wait for a busy machine reads a while before it can refuse.
    init(
        head: [UInt8], unit: [UInt8], repeats: Int, tail: [UInt8], chunk: Int, pause: Duration?, announcesLength: Bool,
        sent: SentBytes
    ) {
        (self.head, self.unit, self.repeats, self.tail) = (head, unit, repeats, tail)
        (self.chunk, self.pause, self.announcesLength, self.sent) = (chunk, pause, announcesLength, sent)
    }

    var count: Int { head.count + unit.count * repeats + tail.count }

    func makeIterator() -> Iterator { Iterator(body: self) }

    /// Hands the body out a chunk at a time, pausing before each when the body says so.
    struct Iterator {
        let body: GeneratedBody
        var offset = 0

        mutating func nextChunk() -> [UInt8]? {
            guard offset < body.count else { return nil }
            if let pause = body.pause { Thread.sleep(forTimeInterval: pause.timeInterval) }
            let size = Swift.min(body.count - offset, body.chunk)
            var buffer: [UInt8] = []
            buffer.reserveCapacity(size)
            let unitsEnd = body.head.count + body.unit.count * body.repeats
            while buffer.count < size {
                let position = offset + buffer.count
                let wanted = size - buffer.count
                if position < body.head.count {
                    buffer += body.head[position..<Swift.min(body.head.count, position + wanted)]
                } else if position < unitsEnd {
                    let start = (position - body.head.count) % body.unit.count
                    buffer += body.unit[start..<Swift.min(body.unit.count, start + wanted)]
                } else {
                    let start = position - unitsEnd
                    buffer += body.tail[start..<Swift.min(body.tail.count, start + wanted)]
                }
            }
            offset += size
            body.sent.add(size)
            return buffer
        }
    }
}

/// Bytes a generated body has handed over, counted as they go.
final class SentBytes: Sendable {
    private let total = Mutex(0)

    func add(_ count: Int) { total.withLock { $0 += count } }

    var count: Int { total.withLock { $0 } }

    /// Whether the count stops growing (for 300 ms) before `limit` has passed.
    func settles(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        var last = count
        while ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(300))
            let now = count
            if now == last { return true }
            last = now
        }
        return false
    }
}

/// A gzip stream that unpacks to zeros, made of deflate blocks with fixed codes: a literal 0,
/// then back-references of 258 bytes at distance 1, 13 bits each. Each block is a whole number of
/// bytes, so one block repeated makes a bomb of any size (159 bytes out for each byte in). Its
/// checksum is wrong, and no reader gets that far.
enum GzipBomb {
    static func body(unpackedBytes: Int, sent: SentBytes) -> GeneratedBody {
        // 3 header bits, 13 per reference and 7 for the end of the block come to whole bytes
        // when the number of references is 6 more than a multiple of 8.
        let references = 8_190
        let header: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]
        let first = block(literalZero: true, references: references)
        let unit = block(literalZero: false, references: references)
        var last = BitWriter()
        last.write(1, bits: 1)  // the final block, with fixed codes and nothing in it
        last.write(1, bits: 2)
        last.writeCode(0, length: 7)
        let trailer = last.bytes + [UInt8](repeating: 0, count: 8)
        return GeneratedBody(
            head: header + first, unit: unit, repeats: Swift.max(1, unpackedBytes / (references * 258)),
            tail: trailer, chunk: 65_536, pause: .milliseconds(5), announcesLength: false, sent: sent)
    }

    private static func block(literalZero: Bool, references: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(0, bits: 1)  // not the final block
        bits.write(1, bits: 2)  // fixed Huffman codes
        if literalZero { bits.writeCode(0b0011_0000, length: 8) }  // one zero to refer back to
        for _ in 0..<references {
            bits.writeCode(0b1100_0101, length: 8)  // length 258 (symbol 285)
            bits.writeCode(0, length: 5)  // distance 1
        }
        bits.writeCode(0, length: 7)  // end of block
        return bits.bytes
    }

    /// Deflate's bit order: values from their lowest bit, Huffman codes from their highest.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var used = 8

        mutating func write(_ value: UInt32, bits: Int) {
            for index in 0..<bits { append(bit: (value >> UInt32(index)) & 1) }
        }

        mutating func writeCode(_ code: UInt32, length: Int) {
            for index in (0..<length).reversed() { append(bit: (code >> UInt32(index)) & 1) }
        }

        private mutating func append(bit: UInt32) {
            if used == 8 {
                bytes.append(0)
                used = 0
            }
            bytes[bytes.count - 1] |= UInt8(bit) << UInt8(used)
            used += 1
        }
    }
}
