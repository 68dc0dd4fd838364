import Foundation
import Synchronization

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The stub catalog server's HTTP/1.1: a thread that accepts on 127.0.0.1, and a thread for each
/// connection that reads one request, answers it from the route table and closes. Blocking
/// sockets on threads of their own, so that the answer comes however busy Swift's tasks are.
final class StubListener: Sendable {
    let port: UInt16
    private let listener: Int32
    private let routes: StubCatalogServer.RouteTable
    /// The connections being answered, so that `stop` can end them.
    private let open = Mutex(Set<Int32>())
    private let stopped = Atomic(false)

    init(routes: StubCatalogServer.RouteTable) throws {
        self.routes = routes
        let descriptor = socket(AF_INET, Self.streamSocketType, 0)
        guard descriptor >= 0 else { throw StubCatalogServer.StubError.socket("socket: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = LoopbackAddress.with(port: 0) { bind(descriptor, $0, $1) }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            close(descriptor)
            throw StubCatalogServer.StubError.socket("bind or listen: errno \(errno)")
        }
        listener = descriptor
        port = LoopbackSocket.boundPort(of: descriptor)
    }

    func start() {
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting and ends the connections being answered. The port stays taken, refusing
    /// connections, until the listener goes: a test that asks its stopped server again must be
    /// refused, not answered by another test's server that was given the same port.
    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        for connection in open.withLock({ $0 }) { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    deinit {
        stop()
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .sequentiallyConsistent) {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            open.withLock { _ = $0.insert(connection) }
            Thread.detachNewThread { [self] in
                serve(connection)
                open.withLock { _ = $0.remove(connection) }
                close(connection)
            }
        }
    }

    private func serve(_ connection: Int32) {
        guard let (target, userAgent) = readRequest(connection) else { return }
        let reply = routes.reply(to: target, userAgent: userAgent)
        if let delay = reply.delay { Thread.sleep(forTimeInterval: delay.timeInterval) }
        if reply.isRaw {
            _ = send([UInt8](reply.body), to: connection)
            return
        }
        var head = "HTTP/1.1 \(reply.status) Stub\r\nConnection: close\r\n"
        for (name, value) in reply.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        guard let stream = reply.stream else {
            head += "Content-Length: \(reply.body.count)\r\n\r\n"
            _ = send(Array(head.utf8) + reply.body, to: connection)
            return
        }
        // Without a length the body goes out chunked, its size unknown until it ends.
        head +=
            stream.announcesLength ? "Content-Length: \(stream.count)\r\n\r\n" : "Transfer-Encoding: chunked\r\n\r\n"
        guard send(Array(head.utf8), to: connection) else { return }
        var chunks = stream.makeIterator()
        while let chunk = chunks.nextChunk() {
            let framed =
                stream.announcesLength
                ? chunk : Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + [13, 10]
            guard send(framed, to: connection) else { return }
        }
        if !stream.announcesLength { _ = send(Array("0\r\n\r\n".utf8), to: connection) }
    }

    /// The request's target and User-Agent, once its head has arrived; nil when it never does.
    private func readRequest(_ connection: Int32) -> (String, String?)? {
        var wait = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let end: [UInt8] = [13, 10, 13, 10]
        while received.count < 1_048_576 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            received += buffer[..<count]
            guard let headEnd = received.firstRange(of: end) else { continue }
            let lines = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self)
                .components(separatedBy: "\r\n")
            let requestLine = lines.first?.split(separator: " ") ?? []
            guard requestLine.count >= 2 else { return nil }
            let userAgent = lines.dropFirst().first { $0.lowercased().hasPrefix("user-agent:") }
                .map { String($0.dropFirst("user-agent:".count)).trimmingCharacters(in: .whitespaces) }
            return (String(requestLine[1]), userAgent)
        }
        return nil
    }

    /// Sends all of `bytes`; false when the client has gone.
    private func send(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Self.sendBytes(connection, $0) }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    private static let streamSocketType = LoopbackSocket.streamType
    private static func sendBytes(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        LoopbackSocket.send(socket, bytes)
    }
}

extension Duration {
    /// The duration in seconds, for the APIs that take a `TimeInterval`.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
