import BookplateCore
import BookplateLibrary
import Foundation

/// The one HTTP client every catalog uses: a User-Agent naming Bookplate, retries with
/// exponential backoff and jitter on 429, 5xx and timeouts (honouring `Retry-After`), a rate
/// limit per service, an on-disk cache and typed errors.
public struct HTTPClient: Sendable {
    public var transport: any HTTPTransport
    public var userAgent: String
    public var retryPolicy: RetryPolicy
    public var cache: ResponseCache?
    /// Services with a request budget, such as Open Library's three a second.
    public var rateLimiters: [CatalogName: RateLimiter]
    /// The largest response body accepted.
    public var maximumBodySize: Int

    public init(
        transport: any HTTPTransport, userAgent: String, retryPolicy: RetryPolicy = RetryPolicy(),
        cache: ResponseCache? = nil, rateLimiters: [CatalogName: RateLimiter] = [:],
        maximumBodySize: Int = 20 * 1_048_576
    ) {
        self.transport = transport
        self.userAgent = userAgent
        self.retryPolicy = retryPolicy
        self.cache = cache
        self.rateLimiters = rateLimiters
        self.maximumBodySize = maximumBodySize
    }

    /// The User-Agent Bookplate sends: its name, version and a contact, as Open Library asks.
    public static func userAgent(contact: String) -> String {
        "Bookplate/\(Bookplate.version) (+https://github.com/bookplate/bookplate; \(contact))"
    }

    /// Fetches `url` from `catalog`, returning the body of a 2xx response that opens as JSON does.
    ///
    /// `cacheKey` (the URL without secrets) enables the cache; a 404 throws `.notFound`.
    public func get(_ url: URL, from catalog: CatalogName, cacheKey: String? = nil, what: String = "such record")
        async throws(CatalogError) -> Data
    {
        try await get(url, from: catalog, cacheKey: cacheKey, what: what) { body throws(CatalogError) in
            guard Self.isJSON(body) else { throw .undecodable(catalog, field: "not JSON") }
            return body
        }
    }

    /// Fetches `url` from `catalog` and reads the body of a 2xx response with `decode`.
    ///
    /// Only a body `decode` reads is kept in the cache, and a kept one it cannot read is dropped:
    /// an answer cut short (a Content-Length smaller than the body, a connection dropped
    /// mid-body), or one with a number out of range, was kept for a week, and the catalog was not
    /// asked again while it lasted (found by an exploratory session). A captive portal's page
    /// sent with 200 is no JSON either. Nor is one `isWhole` finds wanting (values left out of
    /// it) kept: the catalog is asked again next time, the kept answer serving only offline.
    public func get<Value>(
        _ url: URL, from catalog: CatalogName, cacheKey: String? = nil, what: String = "such record",
        decode: (Data) throws(CatalogError) -> Value, isWhole: (Value) -> Bool = { _ in true }
    ) async throws(CatalogError) -> Value {
        if let cacheKey, let cached = cache?.entry(for: cacheKey), cached.isFresh {
            if let value = try? decode(cached.body), isWhole(value) { return value }
            cache?.remove(cacheKey)
        }
        let body: Data
        do {
            body = try await fetchWithRetries(url, from: catalog, what: what).body
        } catch {
            // Offline, an old answer is better than none.
            switch error {
            case .unreachable, .timedOut:
                if let cacheKey, let cached = cache?.entry(for: cacheKey), let value = try? decode(cached.body) {
                    return value
                }
            default:
                break
            }
            throw error
        }
        let value = try decode(body)
        // One that lost values is not kept: an older whole answer stays, to serve offline.
        if let cacheKey, isWhole(value) { cache?.store(body, for: cacheKey) }
        return value
    }

    /// Whether `body` opens as the catalogs' JSON does, with an object or an array. (Only its
    /// first bytes are looked at: the clients parse it.)
    static func isJSON(_ body: Data) -> Bool {
        let first = body.first { !" \t\r\n".utf8.contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// Fetches `url` without the cache, returning the whole 2xx response (for images, whose
    /// content type matters).
    public func reply(_ url: URL, from catalog: CatalogName, what: String = "such record") async throws(CatalogError)
        -> HTTPReply
    {
        try await fetchWithRetries(url, from: catalog, what: what)
    }

    private func fetchWithRetries(_ url: URL, from catalog: CatalogName, what: String) async throws(CatalogError)
        -> HTTPReply
    {
        var attempt = 0
        let started = retryPolicy.now()
        while true {
            await rateLimiters[catalog]?.waitForTurn()
            let outcome: Result<HTTPReply, TransportFailure>
            do {
                outcome = .success(try await transport.get(url, headers: ["User-Agent": userAgent, "Accept": "*/*"]))
            } catch {
                outcome = .failure(error)
            }
            var retryAfter: Duration?
            let failure: CatalogError
            switch outcome {
            case .success(let reply) where (200..<300).contains(reply.status):
                guard reply.body.count <= maximumBodySize else {
                    throw .tooLarge(catalog, bytes: maximumBodySize)
                }
                return reply
            case .success(let reply) where reply.status == 404 || reply.status == 410:
                throw .notFound(catalog, what: what)
            case .success(let reply) where reply.status == 429 || reply.status >= 500:
                retryAfter = reply.headers["retry-after"].flatMap(RetryPolicy.parseRetryAfter)
                failure = .httpStatus(catalog, status: reply.status)
            case .success(let reply):
                throw .httpStatus(catalog, status: reply.status)
            case .failure(.badURL):
                throw .badURL(catalog, url.absoluteString)
            case .failure(.tooLarge):
                throw .tooLarge(catalog, bytes: maximumBodySize)
            case .failure(.timedOut):
                failure = .timedOut(catalog)
            case .failure(.unreachable(let reason)):
                // A refused connection will not be accepted a second later, nor will a server that
                // does not speak HTTP; other drops may recover.
                if reason == "connection refused" || reason == "unknown host" || reason == TransportFailure.notHTTP {
                    throw .unreachable(catalog, reason: reason)
                }
                failure = .unreachable(catalog, reason: reason)
            }
            // Retries stop at the policy's deadline: a server that trickles a byte a second used
            // up the transport's time limit once per attempt (four times 30 s).
            // A wait asked for that is longer than Bookplate makes is said as asked: "even after
            // retrying: wait a minute" was said at once of a server that asked for an hour
            // (found by an exploratory session).
            if let retryAfter, retryPolicy.delay(forRetry: attempt, retryAfter: retryAfter) == nil,
                case .httpStatus(_, let status) = failure
            {
                let seconds = retryAfter.components.seconds + (retryAfter.components.attoseconds > 0 ? 1 : 0)
                throw .waitAsked(catalog, status: status, seconds: Int(seconds))
            }
            guard attempt < retryPolicy.maximumRetries,
                let delay = retryPolicy.delay(forRetry: attempt, retryAfter: retryAfter),
                retryPolicy.now() - started + delay < retryPolicy.giveUpAfter
            else { throw failure }
            attempt += 1
            do {
                try await retryPolicy.sleep(delay)
            } catch {
                throw failure
            }
        }
    }
}

/// How often and how patiently to retry.
public struct RetryPolicy: Sendable {
    public var maximumRetries: Int
    public var baseDelay: Duration
    /// The longest wait Bookplate accepts, whether computed or asked for by `Retry-After`.
    public var maximumDelay: Duration
    /// No retry starts once this long has passed since the first attempt began.
    public var giveUpAfter: Duration
    public var sleep: @Sendable (Duration) async throws -> Void
    /// The clock the deadline is measured on; tests pass one they move themselves.
    public var now: @Sendable () -> ContinuousClock.Instant

    public init(
        maximumRetries: Int = 3, baseDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(20),
        giveUpAfter: Duration = .seconds(30),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.maximumRetries = maximumRetries
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.giveUpAfter = giveUpAfter
        self.sleep = sleep
        self.now = now
    }

    /// The wait before retry number `attempt` (from 0): the server's `Retry-After` when given,
    /// else exponential backoff with full jitter. Nil when the server asks for longer than
    /// `maximumDelay`: then it is better to fail now with a clear message.
    func delay(forRetry attempt: Int, retryAfter: Duration?) -> Duration? {
        if let retryAfter { return retryAfter <= maximumDelay ? retryAfter : nil }
        let ceiling = min(baseDelay * (1 << min(attempt, 16)), maximumDelay)
        return ceiling / 2 + (ceiling / 2) * Double.random(in: 0...1)
    }

    /// Reads `Retry-After` as seconds or as an HTTP date.
    static func parseRetryAfter(_ value: String) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds.isFinite, seconds >= 0 {
            // Anything beyond a day is as good as "too long"; keep the arithmetic finite.
            return .milliseconds(Int(min(seconds, 86_400) * 1000))
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return .milliseconds(Int(max(0, date.timeIntervalSinceNow) * 1000))
    }
}
