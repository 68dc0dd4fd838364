import Foundation

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
}

/// Sends one GET request. Injected, so tests and benchmarks can count or delay requests.
public protocol HTTPTransport: Sendable {
    func get(_ url: URL, headers: [String: String]) async throws(TransportFailure) -> HTTPReply
}

/// The real transport: URLSession, following redirects, with a connect-and-idle timeout and a
/// total timeout.
public struct URLSessionTransport: HTTPTransport {
    let session: URLSession

    public init(idleTimeout: TimeInterval = 10, totalTimeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = totalTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 6
        session = URLSession(configuration: configuration)
    }

    public func get(_ url: URL, headers: [String: String]) async throws(TransportFailure) -> HTTPReply {
        guard url.isWebAddress else { throw .badURL }
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            switch error.code {
            case .timedOut: throw .timedOut
            case .badURL, .unsupportedURL: throw .badURL
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
