import Foundation

@testable import BookplateSite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that refuses every connection for as long as this value lives: bound, never
/// listening, and bound without `SO_REUSEADDR`, so that no other socket of the test run is given
/// it. A stopped stub server's port was given again to another test's server, which answered
/// what was to be refused (a CI run found a "closed" covers server serving a cover).
final class RefusingPort: Sendable {
    let port: UInt16
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, LoopbackSocket.streamType, 0)
        guard descriptor >= 0 else { throw StubCatalogServer.StubError.socket("socket: errno \(errno)") }
        guard LoopbackAddress.with(port: 0, { bind(descriptor, $0, $1) }) == 0 else {
            close(descriptor)
            throw StubCatalogServer.StubError.socket("bind: errno \(errno)")
        }
        self.descriptor = descriptor
        port = LoopbackSocket.boundPort(of: descriptor)
    }

    /// Its address, as a server's base.
    var base: String { "http://127.0.0.1:\(port)" }

    deinit {
        close(descriptor)
    }
}
