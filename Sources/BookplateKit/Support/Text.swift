/// String helpers that stay in the standard library: on Linux, Foundation's versions bridge
/// through NSString and dominate the time of a ten-thousand-row import.
extension StringProtocol {
    /// The text without white space or line breaks at either end.
    var trimmed: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}

extension String {
    /// Every `<br>`, `<br/>` or `<br />` (any case) and every CRLF made a plain line break, in one
    /// pass over the bytes.
    var withLineBreakTagsAsNewlines: String {
        let bytes = Array(utf8)
        guard bytes.contains(UInt8(ascii: "<")) || bytes.contains(UInt8(ascii: "\r")) else { return self }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + 3 < bytes.count,
                bytes[index + 1] | 0x20 == UInt8(ascii: "b"), bytes[index + 2] | 0x20 == UInt8(ascii: "r")
            {
                var end = index + 3
                while end < bytes.count, bytes[end] == UInt8(ascii: " ") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "/") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: ">") {
                    output.append(UInt8(ascii: "\n"))
                    index = end + 1
                    continue
                }
            }
            if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                index += 1
                continue
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
