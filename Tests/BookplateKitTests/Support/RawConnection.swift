import Foundation

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

/// A TCP connection to 127.0.0.1 that sends exactly the bytes a test gives it: a hostile client
/// for the preview server, which URLSession would not be.
final class RawConnection: Sendable {
    private let descriptor: Int32

    /// `receiveBuffer`, in bytes, makes a client that reads slowly: what the server writes waits
    /// on its side.
    init(port: UInt16, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Self.streamSocketType, 0)
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let connected = LoopbackAddress.with(port: port) { connect(descriptor, $0, $1) }
        guard descriptor >= 0, connected == 0 else {
            close(descriptor)
            throw Failure.cannotConnect
        }
        var wait = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    enum Failure: Error { case cannotConnect }

    /// Sends what it can of `bytes` before `limit` passes or the server closes; the count sent.
    @discardableResult
    func send(_ bytes: [UInt8], within limit: Duration = .seconds(5)) -> Int {
        let deadline = ContinuousClock.now + limit
        var offset = 0
        while offset < bytes.count, ContinuousClock.now < deadline {
            let sent = bytes[offset...].withUnsafeBytes { Self.sendBytes(descriptor, $0) }
            if sent < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { break }
                continue
            }
            offset += sent
        }
        return offset
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    /// Everything the server sends until it closes the connection or `limit` passes; nil when it
    /// was still open then.
    func readToEnd(within limit: Duration = .seconds(10)) -> [UInt8]? {
        let deadline = ContinuousClock.now + limit
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return received }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                // A reset after the answer: what came before it is the answer.
                return received
            }
            received += chunk[..<count]
        }
        return nil
    }

    /// The status of the answer read to its end, or nil.
    func status(within limit: Duration = .seconds(10)) -> Int? {
        guard let bytes = readToEnd(within: limit) else { return nil }
        return Self.status(of: bytes)
    }

    static func status(of answer: [UInt8]) -> Int? {
        let line = String(decoding: answer.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1.") else { return nil }
        return Int(parts[1])
    }

    private static let streamSocketType = LoopbackSocket.streamType
    private static func sendBytes(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        LoopbackSocket.send(socket, bytes)
    }
}

/// The socket calls the tests' loopback client and stub server share: a stream socket, and a
/// send that never raises SIGPIPE when the other end has gone.
enum LoopbackSocket {
    #if canImport(Glibc)
        static let streamType = Int32(SOCK_STREAM.rawValue)
        static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
            Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        }
    #else
        static let streamType = SOCK_STREAM
        static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
            Darwin.send(socket, bytes.baseAddress, bytes.count, 0)
        }
    #endif

    /// The port `socket` is bound to.
    static func boundPort(of socket: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}
