import BookplateCore
import BookplateLibrary
import BookplateMustache

/// The head of an HTTP/1.x request — request line and header fields — as the preview server reads
/// it. The preview server never reads a body.
struct HTTPRequestHead: Equatable, Sendable {
    struct Field: Equatable, Sendable {
        /// Lowercased: field names are case-insensitive.
        var name: String
        var value: String
    }

    var method: String
    /// The request target up to its query (`?`), still percent-encoded.
    var path: String
    /// `HTTP/1.0` or `HTTP/1.1`.
    var version: String
    var fields: [Field]
    /// The host and port of a target in absolute form (`GET http://127.0.0.1:4000/ HTTP/1.1`),
    /// which a server must take in place of the `Host` field (RFC 9112, section 3.2.2); nil for
    /// a target that is a path.
    var authority: String? = nil

    /// The value of the field named `name` (lowercase), or nil; a field given twice is refused
    /// by the parser when it matters (`Host`, `Content-Length`).
    func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }
}

/// A request answered with an error instead of a page: the status and a one-line reason.
struct HTTPRefusal: Error, Equatable, Sendable {
    var status: Int
    var reason: String
}

/// Collects a request head from the bytes a connection delivers, in time linear in their number
/// and within fixed limits, and parses it once it is whole.
///
/// The limits are those of a preview server on loopback, where no honest request comes near
/// them: a request line of 8 KiB (longer is 414), 8 KiB of header fields (longer is 431) and 100
/// fields. FlyingFox's decoder, which this replaces, took 18.8 s over a 32 KB URL.
struct HTTPHeadReader {
    static let maximumRequestLine = 8_192
    static let maximumFieldBytes = 8_192
    static let maximumFieldCount = 100

    enum Progress: Equatable {
        case needsMore
        case head(HTTPRequestHead)
        case refused(HTTPRefusal)
    }

    private var buffer: [UInt8] = []
    /// Where the search for the end of the head goes on from: bytes before it hold no end.
    private var searched = 0
    /// Where the line being read starts.
    private var lineStart = 0
    /// The end of the request line, once seen.
    private var requestLineEnd: Int?

    /// Takes the next bytes of the connection. Bytes after a whole head (a body, a second
    /// request) are not read: the server answers one request per connection.
    mutating func append(_ bytes: some Sequence<UInt8>) -> Progress {
        buffer.append(contentsOf: bytes)
        while searched < buffer.count {
            let index = searched
            searched += 1
            guard buffer[index] == UInt8(ascii: "\n") else { continue }
            let blank = index == lineStart || (index == lineStart + 1 && buffer[lineStart] == UInt8(ascii: "\r"))
            lineStart = index + 1
            if requestLineEnd == nil {
                // Empty lines before the request line are skipped (RFC 9112, section 2.2); they
                // count towards its limit.
                guard index <= Self.maximumRequestLine else { return .refused(Self.uriTooLong) }
                if !blank { requestLineEnd = index }
            } else if blank {
                // The fields' limit holds however the head arrived: whole in one read, too.
                if let requestLineEnd, index - requestLineEnd > Self.maximumFieldBytes {
                    return .refused(Self.fieldsTooLarge)
                }
                return Self.parse(buffer[...index])
            }
        }
        if let requestLineEnd {
            if buffer.count - requestLineEnd > Self.maximumFieldBytes { return .refused(Self.fieldsTooLarge) }
        } else if buffer.count > Self.maximumRequestLine {
            return .refused(Self.uriTooLong)
        }
        return .needsMore
    }

    static let uriTooLong = HTTPRefusal(status: 414, reason: "the request line is longer than 8 KiB")
    static let fieldsTooLarge = HTTPRefusal(status: 431, reason: "the header fields are longer than 8 KiB")

    /// Parses a whole head: lines ending in CRLF (or a bare LF), the last one blank.
    static func parse(_ head: ArraySlice<UInt8>) -> Progress {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        for index in head.indices where head[index] == UInt8(ascii: "\n") {
            var end = index
            if end > start, head[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            lines.append(head[start..<end])
            start = index + 1
        }
        lines = Array(lines.drop { $0.isEmpty })
        guard let requestLine = lines.first else { return .refused(bad("there is no request line")) }
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, let method = token(parts[0]), let given = visibleASCII(parts[1]),
            let version = visibleASCII(parts[2])
        else { return .refused(bad("the request line is not METHOD TARGET VERSION")) }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .refused(HTTPRefusal(status: 505, reason: "only HTTP/1.0 and HTTP/1.1 are spoken here"))
        }
        var authority: String?
        var target = given
        // The absolute form, as a client speaking to a proxy sends it: its host is the request's.
        if target.lowercased().hasPrefix("http://") {
            let rest = target.dropFirst("http://".count)
            let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            guard !host.isEmpty, !host.contains("@") else { return .refused(bad("the target's host is not a host")) }
            authority = String(host)
            let pathAndQuery = rest.dropFirst(host.count)
            target = pathAndQuery.hasPrefix("/") ? String(pathAndQuery) : "/" + pathAndQuery
        }
        guard target.hasPrefix("/") else { return .refused(bad("the target is not a path")) }
        let path = String(target.prefix { $0 != "?" && $0 != "#" })

        var fields: [HTTPRequestHead.Field] = []
        for line in lines.dropFirst().dropLast() {
            guard fields.count < maximumFieldCount else {
                return .refused(HTTPRefusal(status: 431, reason: "there are more than 100 header fields"))
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), let name = token(line[..<colon]) else {
                // Folded lines (starting with a space) are refused too, as RFC 9112 allows.
                return .refused(bad("a header field is not NAME: VALUE"))
            }
            let rawValue = line[(colon + 1)...]
            guard rawValue.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                return .refused(bad("a header field holds a control character"))
            }
            let value = String(decoding: rawValue, as: UTF8.self).trimmingSpacesAndTabs()
            let lowercased = name.lowercased()
            if lowercased == "host" || lowercased == "content-length",
                fields.contains(where: { $0.name == lowercased })
            {
                return .refused(bad("the \(name) field is given twice"))
            }
            fields.append(HTTPRequestHead.Field(name: lowercased, value: value))
        }
        return .head(
            HTTPRequestHead(method: method, path: path, version: version, fields: fields, authority: authority))
    }

    private static func bad(_ reason: String) -> HTTPRefusal {
        HTTPRefusal(status: 400, reason: reason)
    }

    /// An RFC 9110 token (method or field name), or nil.
    private static let tokenPunctuation = Set("!#$%&'*+-.^_`|~".utf8)

    private static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty,
            bytes.allSatisfy({
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                    || tokenPunctuation.contains($0)
            })
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func visibleASCII(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate func trimmingSpacesAndTabs() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
