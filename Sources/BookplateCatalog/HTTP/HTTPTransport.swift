import BookplateCore
import BookplateLibrary
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response as Bookplate needs it.
public struct HTTPReply: Sendable {
    public var status: Int
    /// Header fields with lowercased names.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        self.body = body
    }
}

/// Why a request got no response at all.
public enum TransportFailure: Error, Equatable, Sendable {
    case badURL
    case timedOut
    case unreachable(String)
    /// The body grew past the size the transport accepts (counted after decompression).
    case tooLarge

    /// Why a server whose answer was not HTTP could not be asked.
    static let notHTTP = "the server's answer was not HTTP"
}

/// Sends one GET request. Injected, so tests and benchmarks can count or delay requests.
public protocol HTTPTransport: Sendable {
    func get(_ url: URL, headers: [String: String]) async throws(TransportFailure) -> HTTPReply
}

/// The real transport: URLSession, following redirects, with a connect-and-idle timeout and a
/// total timeout.
public struct URLSessionTransport: HTTPTransport {
    let session: URLSession
    private let downloads: CappedDownloads
    private let totalTimeout: TimeInterval

    /// Bodies are read as they arrive and refused past `maximumBodySize` bytes (after
    /// decompression), so neither a huge answer nor a compressed bomb can fill the memory; a
    /// transfer still going after `totalTimeout` seconds is ended, however slowly it trickles.
    public init(idleTimeout: TimeInterval = 10, totalTimeout: TimeInterval = 30, maximumBodySize: Int = 20 * 1_048_576)
    {
        let configuration = URLSessionTransport.configurationStoringNothing()
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = totalTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 6
        self.totalTimeout = totalTimeout
        downloads = CappedDownloads(limit: maximumBodySize)
        session = URLSession(configuration: configuration, delegate: downloads, delegateQueue: InlineOperationQueue())
    }

    /// A session configuration with no URL cache, no cookie storage and no credential storage:
    /// Bookplate keeps its own cache, and nothing else is written.
    ///
    /// On Linux, Foundation makes every configuration from its shared cache and cookie storage,
    /// which make their folders on first use: `~/.cache/org.swift.foundation.URLCache/bookplate/`
    /// and `~/.local/share/<the binary's folder>/`, and a HOME that did not exist (found by an
    /// exploratory session). The shared cache is set first to one kept nowhere new (the temporary
    /// folder, which is there, with no room on disk); the cookie storage is made in place by
    /// ``makeSharedCookieStorageInPlace()``, which a program calls first thing.
    static func configurationStoringNothing() -> URLSessionConfiguration {
        #if canImport(FoundationNetworking)
            _ = sharedCacheKeptInMemory
        #endif
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.urlCredentialStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return configuration
    }

    /// Makes Foundation's shared cookie storage, which every session configuration takes on Linux,
    /// while `XDG_DATA_HOME` names a place no folder can be made in (`/dev/null`): made otherwise,
    /// it makes `~/.local/share/<the binary's folder>/`, and a HOME that did not exist.
    ///
    /// It changes the process's environment for a moment, which no other thread may read then
    /// (glibc's `setenv` can move what `getenv` is reading): call it first thing in a program's
    /// `main`, before any other thread runs, as the command line does. It was done lazily, by the
    /// first transport made, with other threads maybe running (found by a review).
    public static func makeSharedCookieStorageInPlace() {
        #if canImport(FoundationNetworking)
            // Its bytes as they are, to be put back as they were.
            let dataHome = getenv("XDG_DATA_HOME").flatMap { strdup($0) }
            defer { free(dataHome) }
            setenv("XDG_DATA_HOME", "/dev/null", 1)
            _ = HTTPCookieStorage.shared
            if let dataHome { setenv("XDG_DATA_HOME", dataHome, 1) } else { unsetenv("XDG_DATA_HOME") }
        #endif
    }

    #if canImport(FoundationNetworking)
        private static let sharedCacheKeptInMemory: Void = {
            URLCache.shared = URLCache(
                memoryCapacity: 0, diskCapacity: 0, diskPath: FileManager.default.temporaryDirectory.path)
        }()
    #endif

    public func get(_ url: URL, headers: [String: String]) async throws(TransportFailure) -> HTTPReply {
        guard url.isWebAddress else { throw .badURL }
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await downloads.fetch(request, in: session, within: totalTimeout)
        } catch is CappedDownloads.TooLarge {
            throw .tooLarge
        } catch let error as URLError {
            switch error.code {
            case .timedOut: throw .timedOut
            case .badURL: throw .badURL
            // The address was checked above: what was not understood is the server's answer (no
            // status line, or another protocol), which was blamed on the address (found by an
            // exploratory session).
            case .unsupportedURL: throw .unreachable(TransportFailure.notHTTP)
            case .cannotConnectToHost: throw .unreachable("connection refused")
            case .cannotFindHost, .dnsLookupFailed: throw .unreachable("unknown host")
            case .notConnectedToInternet: throw .unreachable("no network")
            case .networkConnectionLost: throw .unreachable("the connection dropped mid-response")
            case .httpTooManyRedirects: throw .unreachable("too many redirects")
            default: throw .unreachable(error.localizedDescription)
            }
        } catch {
            throw .unreachable("\(error)")
        }
        guard let http = response as? HTTPURLResponse else { throw .unreachable("not an HTTP response") }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        let reply = HTTPReply(status: http.statusCode, headers: fields, body: data)
        if let expected = reply.headers["content-length"].flatMap(Int.init), expected > data.count,
            reply.headers["content-encoding"] == nil
        {
            throw .unreachable("the connection dropped mid-response")
        }
        return reply
    }
}

/// Runs each operation at once, on the thread that adds it.
///
/// Foundation on Linux hands each chunk of a body to the delegate through its delegate queue and
/// reads (and unpacks) on without waiting for it: behind an ordinary queue a fast sender, or a
/// 4 MB gzip that unpacks to 4 GiB, piled up gigabytes of chunks before the delegate saw the
/// first past the limit. Run inline, each chunk is counted as it is made and dropped past the
/// limit, and nothing piles up. URLSession adds its operations from its own serial work queue.
/// (`@unchecked Sendable` restates OperationQueue's own conformance; this adds no state.)
private final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}

/// Collects each response body as it arrives and cancels a transfer that grows past `limit`.
///
/// URLSession calls a delegate object; its state (one entry per transfer) sits behind a mutex.
/// The calls come on URLSession's work queue (see ``InlineOperationQueue``), where a task must not
/// be cancelled: Foundation's `cancel()` waits for that queue.
private final class CappedDownloads: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct TooLarge: Error {}

    private struct Transfer {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>
        var data = Data()
        var response: URLResponse?
    }

    let limit: Int
    private let transfers = Mutex<[Int: Transfer]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// The body and response, or `URLError(.timedOut)` once `seconds` have passed. The deadline
    /// is kept here because Foundation on Linux does not end a transfer at the session's resource
    /// timeout: a server sending a byte a second would keep it going for as long as it liked. It
    /// is a dispatch timer, not a task: Swift's few shared threads may all be busy when it falls.
    func fetch(_ request: URLRequest, in session: URLSession, within seconds: TimeInterval) async throws -> (
        Data, URLResponse
    ) {
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        let deadline = DispatchWorkItem { [self] in
            guard let transfer = transfers.withLock({ $0.removeValue(forKey: id) }) else { return }
            // The caller hears first: cancelling waits for URLSession's work queue.
            transfer.continuation.resume(throwing: URLError(.timedOut))
            task.cancel()
        }
        defer { deadline.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            transfers.withLock { $0[id] = Transfer(continuation: continuation) }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: deadline)
            task.resume()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        // A body that says it is too long is refused before any of it is read (unless it is
        // compressed: its length is then not what it unpacks to).
        let announced =
            (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") == nil
            ? response.expectedContentLength : -1
        let refused = transfers.withLock { transfers -> Transfer? in
            transfers[id]?.response = response
            return announced > Int64(limit) ? transfers.removeValue(forKey: id) : nil
        }
        completionHandler(.allow)
        if let refused { refuse(refused, dataTask) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let refused = transfers.withLock { transfers -> Transfer? in
            let id = dataTask.taskIdentifier
            // Appended in place: a copy of the transfer would copy its body too, for each chunk.
            transfers[id]?.data.append(data)
            guard let received = transfers[id]?.data.count, received > limit else { return nil }
            return transfers.removeValue(forKey: id)
        }
        if let refused { refuse(refused, dataTask) }
    }

    /// Ends a transfer past the limit: its caller hears at once; the task is cancelled off the work
    /// queue, and until then what still arrives for it is dropped as it comes.
    private func refuse(_ transfer: Transfer, _ task: URLSessionDataTask) {
        transfer.continuation.resume(throwing: TooLarge())
        DispatchQueue.global().async { task.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            transfer.continuation.resume(throwing: error)
        } else if let response = transfer.response ?? task.response {
            transfer.continuation.resume(returning: (transfer.data, response))
        } else {
            transfer.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}
