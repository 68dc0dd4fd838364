import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

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

    /// The server answers on threads of its own: tests that keep Swift's shared threads busy (two on
    /// CI) for seconds must not leave the catalogs silent and their clients timing out.
    static func start() async throws -> StubCatalogServer {
        try await withTaskExecutorPreference(StubExecutor.shared) { try await startHere() }
    }

    private static func startHere() async throws -> StubCatalogServer {
        let routes = RouteTable()
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        await server.appendRoute("*") { request in
            let reply = await routes.reply(to: request)
            if let delay = reply.delay { try await Task.sleep(for: delay) }
            var headers = HTTPHeaders()
            for (name, value) in reply.headers { headers[HTTPHeader(name)] = value }
            let status = HTTPStatusCode(reply.status, phrase: "Stub")
            if let stream = reply.stream {
                // Without a length the body goes out chunked, its size unknown until it ends.
                let body =
                    stream.announcesLength
                    ? HTTPBodySequence(from: stream, count: stream.count, suggestedBufferSize: stream.chunk)
                    : HTTPBodySequence(from: stream, suggestedBufferSize: stream.chunk)
                return HTTPResponse(statusCode: status, headers: headers, body: body)
            }
            return HTTPResponse(statusCode: status, headers: headers, body: reply.body)
        }
        let task = Task(executorPreference: StubExecutor.shared) { try await server.run() }
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw StubError.noPort }
        await routes.setBase("http://127.0.0.1:\(port)")
        return StubCatalogServer(port: port, routes: routes, server: server, task: task)
    }

    func stop() async {
        await withTaskExecutorPreference(StubExecutor.shared) { await server.stop(timeout: 1) }
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

/// A body made while it is sent, `chunk` bytes at a time: `head`, `unit` `repeats` times, then
/// `tail`. A huge body or a compressed bomb that never sits in memory, or a trickle; `sent` counts
/// the bytes handed to the connection so far.
struct GeneratedBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
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

    init(
        head: [UInt8], unit: [UInt8], repeats: Int, tail: [UInt8], chunk: Int, announcesLength: Bool, sent: SentBytes
    ) {
        (self.head, self.unit, self.repeats, self.tail) = (head, unit, repeats, tail)
        (self.chunk, pause, self.announcesLength, self.sent) = (chunk, nil, announcesLength, sent)
    }

    var count: Int { head.count + unit.count * repeats + tail.count }

    func makeAsyncIterator() -> Iterator { Iterator(body: self) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let body: GeneratedBody
        var offset = 0

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard offset < body.count else { return nil }
            if let pause = body.pause { try await Task.sleep(for: pause) }
            let size = Swift.min(body.count - offset, body.chunk, Swift.max(count, 1))
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
            tail: trailer, chunk: 65_536, announcesLength: false, sent: sent)
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

/// Runs the stub servers' tasks on a dispatch queue, outside Swift's shared threads. Their actors
/// follow: an actor without an executor of its own runs where its caller's task prefers. The
/// queue is serial, so that dispatch gives it a thread of its own: a concurrent queue shares the
/// machine's few threads with every other concurrent queue, and starved as Swift's pool did.
final class StubExecutor: TaskExecutor {
    static let shared = StubExecutor()
    private let queue = DispatchQueue(label: "stub-catalog-server")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
