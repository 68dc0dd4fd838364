import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An answer to one request.
struct HTTPResponseMessage: Sendable {
    var status: Int
    var fields: [(name: String, value: String)]
    var body: [UInt8]

    init(status: Int, fields: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.fields = fields
        self.body = body
    }

    /// A short plain-text answer for a refused request.
    init(refusal: HTTPRefusal) {
        var fields: [(name: String, value: String)] = [("Content-Type", "text/plain; charset=utf-8")]
        if refusal.status == 405 { fields.append(("Allow", "GET, HEAD")) }
        self.init(status: refusal.status, fields: fields, body: Array((refusal.reason + "\n").utf8))
    }

    /// The bytes on the wire; `includingBody` is false for HEAD, which gets the fields alone.
    func serialized(includingBody: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        for field in fields { head += "\(field.name): \(field.value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + (includingBody ? body : [])
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Error"
        }
    }
}

/// A small HTTP/1.1 server on 127.0.0.1 for `bookplate serve`: one request per connection, each
/// connection on a thread of its own, every wait bounded.
///
/// It replaces FlyingFox, under which a POST of 5 MB kept a worker at 100 % CPU after its client
/// had gone, two of them stopped the server answering and SIGTERM, and a 32 KB URL took 18.8 s.
/// Hummingbird would have brought SwiftNIO into every CI build for a server that only ever reads a
/// request head. Here:
///
/// - the head is read in linear time within ``HTTPHeadReader``'s limits (414, 431), and must
///   arrive whole within `headTimeout` of the connection (408): a client that sends a byte a
///   second, or nothing, holds a thread for that long and no more;
/// - only GET and HEAD are answered (405), a request with a body is refused (413) without reading
///   it, and what a client sent anyway is drained for at most `drainLimit` bytes so that the
///   refusal reaches it;
/// - the `Host` field must name this server (`127.0.0.1:PORT` or `localhost:PORT`), so a page
///   of a site whose name a hostile DNS server points at 127.0.0.1 cannot read the preview (403);
///   a target in absolute form (`http://127.0.0.1:PORT/…`) names the host in its place;
/// - a request a browser marks as coming from another site (`Sec-Fetch-Site`) is refused (403)
///   unless it is a link followed to a page, so no other site's page can include the preview's
///   files (its search index holds the whole shelf);
/// - at most `maximumConnections` connections are served at once, later ones get 503 at once;
/// - ``stop(within:)`` returns within its limit whatever clients do, and writes never raise
///   SIGPIPE.
///
/// Blocking sockets on threads of their own keep all this off Swift's cooperative pool, so a
/// stuck client can never starve the tasks that watch the shelf or wait for Ctrl-C.
final class LoopbackHTTPServer: Sendable {
    /// Answers a GET or HEAD request for this server's address, with no body.
    typealias Handler = @Sendable (HTTPRequestHead) -> HTTPResponseMessage

    struct Limits: Sendable {
        var headTimeout: Duration = .seconds(10)
        var sendTimeout: Duration = .seconds(30)
        var maximumConnections = 64
        var drainLimit = 1_048_576
    }

    let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let limits: Limits
    private let state = Mutex(State())

    private struct State {
        var stopping = false
        var acceptLoopRunning = false
        var connections = 0
    }

    /// How often a blocked read, write or accept looks up to see whether the server is stopping.
    private static let tick = 100

    /// Binds 127.0.0.1:`port` (0 picks a free port); ``start()`` begins accepting.
    init(port: UInt16, limits: Limits = Limits(), handler: @escaping Handler) throws(PreviewError) {
        let descriptor = socket(AF_INET, Self.streamSocketType, 0)
        guard descriptor >= 0 else { throw .cannotListen(port: port) }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = LoopbackAddress.with(port: port) { bind(descriptor, $0, $1) }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            close(descriptor)
            throw .cannotListen(port: port)
        }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = UInt16(bigEndian: address.sin_port)
        self.listener = descriptor
        self.limits = limits
        self.handler = handler
    }

    /// Accepts connections on a thread of its own until ``stop(within:)``.
    func start() {
        state.withLock { $0.acceptLoopRunning = true }
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting, asks every connection to end, and waits for them at most `limit`.
    func stop(within limit: Duration = .seconds(1)) async {
        let alreadyStopping = state.withLock { state in
            defer { state.stopping = true }
            return state.stopping
        }
        if !alreadyStopping, !state.withLock({ $0.acceptLoopRunning }) { close(listener) }
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline, state.withLock({ $0.acceptLoopRunning || $0.connections > 0 }) {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// How many connections are being served; for tests.
    var openConnections: Int { state.withLock { $0.connections } }

    private var isStopping: Bool { state.withLock { $0.stopping } }

    private func acceptLoop() {
        defer {
            close(listener)
            state.withLock { $0.acceptLoopRunning = false }
        }
        while !isStopping {
            var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(Self.tick)) > 0 else { continue }
            let connection = Self.accept(listener)
            guard connection >= 0 else { continue }
            Self.configure(connection)
            let admitted = state.withLock { state in
                guard !state.stopping, state.connections < limits.maximumConnections else { return false }
                state.connections += 1
                return true
            }
            guard admitted else {
                let busy = HTTPResponseMessage(
                    refusal: HTTPRefusal(status: 503, reason: "the preview server is busy; try again"))
                write(busy.serialized(includingBody: true), to: connection, until: .now + .milliseconds(200))
                // What the client has sent by now is read, without waiting for more, so that closing
                // does not reset the connection before the 503 is read.
                shutdown(connection, Int32(SHUT_WR))
                var chunk = [UInt8](repeating: 0, count: 16_384)
                var drained = 0
                while drained < limits.drainLimit {
                    let count = chunk.withUnsafeMutableBytes {
                        recv(connection, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
                    }
                    guard count > 0 else { break }
                    drained += count
                }
                close(connection)
                continue
            }
            Thread.detachNewThread { [self] in
                serve(connection)
                close(connection)
                state.withLock { $0.connections -= 1 }
            }
        }
    }

    /// Reads one request head, answers it, and makes sure a refusal reaches a client that is still
    /// sending.
    private func serve(_ connection: Int32) {
        let deadline = ContinuousClock.now + limits.headTimeout
        var reader = HTTPHeadReader()
        var chunk = [UInt8](repeating: 0, count: 4_096)
        var outcome: Result<HTTPRequestHead, HTTPRefusal>?
        reading: while outcome == nil {
            guard !isStopping else { return }
            guard ContinuousClock.now < deadline else {
                outcome = .failure(HTTPRefusal(status: 408, reason: "the request did not arrive in time"))
                break
            }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count == 0 { return }
            if count < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return }
                continue
            }
            switch reader.append(chunk[..<count]) {
            case .needsMore: continue reading
            case .head(let head): outcome = .success(head)
            case .refused(let refusal): outcome = .failure(refusal)
            }
        }
        let response: HTTPResponseMessage
        switch outcome {
        case .success(let head):
            response = refusal(of: head).map(HTTPResponseMessage.init(refusal:)) ?? handler(head)
        case .failure(let refusal):
            response = HTTPResponseMessage(refusal: refusal)
        case nil:
            return
        }
        let isHead = (try? outcome?.get())?.method == "HEAD"
        write(response.serialized(includingBody: !isHead), to: connection, until: .now + limits.sendTimeout)
        // Closed with bytes unread (a refused body, or a second request sent before the first was
        // answered), a connection is reset, and the client loses the end of the answer (a page cut
        // at 32 KB for a client that pipelined: found by an exploratory session). So every
        // connection is drained, within its limits, before it is closed.
        drain(connection)
    }

    /// Why a well-formed request is not for the handler: another host, another method, or a body.
    func refusal(of head: HTTPRequestHead) -> HTTPRefusal? {
        // A target in absolute form names the host itself; the Host field is then ignored, as
        // RFC 9112 has it, and the name is checked all the same.
        guard let host = head.authority ?? head.field("host") else {
            return HTTPRefusal(status: 400, reason: "the request has no Host field")
        }
        let names = ["127.0.0.1:\(port)", "localhost:\(port)"] + (port == 80 ? ["127.0.0.1", "localhost"] : [])
        guard names.contains(host.lowercased()) else {
            return HTTPRefusal(
                status: 403, reason: "this preview answers only requests for 127.0.0.1:\(port) or localhost:\(port)")
        }
        // A page of another site may name this one in a <script> or an <img> all the same: any
        // site could read the whole shelf by including search-index.js (found by an exploratory
        // session). The browser says where a request comes from (Fetch Metadata), and from
        // another site only a link followed to a page here is answered.
        if let from = head.field("sec-fetch-site"), from == "cross-site" || from == "same-site",
            head.field("sec-fetch-mode") != "navigate" || (head.field("sec-fetch-dest") ?? "document") != "document"
        {
            return HTTPRefusal(status: 403, reason: "this preview answers only its own pages, not another site's")
        }
        guard head.method == "GET" || head.method == "HEAD" else {
            return HTTPRefusal(status: 405, reason: "only GET and HEAD are answered here")
        }
        if head.field("transfer-encoding") != nil || (head.field("content-length").map { $0 != "0" } ?? false) {
            return HTTPRefusal(status: 413, reason: "the preview takes no request bodies")
        }
        return nil
    }

    /// Writes all of `bytes` unless the client stops reading past `deadline` or the server stops.
    @discardableResult
    private func write(_ bytes: [UInt8], to connection: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard !isStopping, ContinuousClock.now < deadline else { return false }
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Self.noSignal) }
            if sent < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
                continue
            }
            offset += sent
        }
        return true
    }

    /// Ends the answer and reads (and drops) what the client still sends, up to `drainLimit`
    /// bytes or half a second: closing a socket with unread bytes resets the connection, and the
    /// client could lose the answer that says why.
    private func drain(_ connection: Int32) {
        shutdown(connection, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + .milliseconds(500)
        var drained = 0
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while drained < limits.drainLimit, ContinuousClock.now < deadline, !isStopping {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count == 0 { return }
            if count < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return }
                continue
            }
            drained += count
        }
    }

    /// Reads and writes wait at most a tick, so every loop sees a stop or a deadline in time.
    private static func configure(_ connection: Int32) {
        var wait = timeval(tv_sec: 0, tv_usec: suseconds_t(tick * 1_000))
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    // Sockets are closed on exec, so that nothing `serve` starts holds the port.
    private static func accept(_ listener: Int32) -> Int32 {
        #if canImport(Glibc)
            let connection = Glibc.accept(listener, nil, nil)
        #else
            let connection = Darwin.accept(listener, nil, nil)
        #endif
        if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
        return connection
    }

    #if canImport(Glibc)
        private static let streamSocketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let streamSocketType = SOCK_STREAM
        private static let noSignal: Int32 = 0
    #endif
}

/// 127.0.0.1 and a port, as the socket calls take an address.
enum LoopbackAddress {
    static func with<Result>(port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
