import Foundation

/// The build state as lines of tab-separated fields, read and written by hand: at 50,000 books it
/// holds 116,000 entries, and Foundation's JSON coders took 0.4 s each way of a one-note rebuild
/// that now spends 0.05 s on both.
///
///     bookplate build state 4
///     site	/path/to/site
///     inputs	<fingerprint>
///     note-options	<tag>
///     note	<book slug>	<size>	<modified>
///     file	<path in the site>	<fingerprint>
///     end	<number of notes>	<number of files>
///
/// A tab, line feed, carriage return or backslash inside a field is written `\t`, `\n`, `\r`,
/// `\\`. Anything else — another first line, an unknown or short line, a count that differs, bytes
/// that are not UTF-8 — makes the file unreadable, and the next build starts afresh.
extension BuildState {
    private static let header = "bookplate build state 4"

    func encoded() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(64 * (notes.count + files.count) + 1024)
        func line(_ fields: String...) {
            for (index, field) in fields.enumerated() {
                if index > 0 { out.append(UInt8(ascii: "\t")) }
                BuildState.appendEscaped(field, to: &out)
            }
            out.append(UInt8(ascii: "\n"))
        }
        out.append(contentsOf: BuildState.header.utf8)
        out.append(UInt8(ascii: "\n"))
        line("site", site)
        line("inputs", inputs)
        line("note-options", noteOptions)
        for (slug, stamp) in notes.sorted(by: { $0.key < $1.key }) {
            line("note", slug, String(stamp.size), String(stamp.modified))
        }
        for (path, fingerprint) in files.sorted(by: { $0.key < $1.key }) {
            line("file", path, fingerprint)
        }
        line("end", String(notes.count), String(files.count))
        return Data(out)
    }

    init?(decoding data: Data) {
        var site: String?
        var inputs: String?
        var noteOptions: String?
        var notes: [String: FileStamps.Stamp] = [:]
        var files: [String: String] = [:]
        var ended = false
        let readable = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            var lines = raw.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
            guard lines.last?.isEmpty == true else { return false }
            lines.removeLast()
            guard let first = lines.popFirst(), first.elementsEqual(BuildState.header.utf8) else { return false }
            var fields: [String] = []
            for line in lines {
                guard !ended else { return false }
                fields.removeAll(keepingCapacity: true)
                var start = line.startIndex
                for index in line.indices where line[index] == UInt8(ascii: "\t") {
                    guard let field = BuildState.field(line[start..<index]) else { return false }
                    fields.append(field)
                    start = index + 1
                }
                guard let last = BuildState.field(line[start...]) else { return false }
                fields.append(last)
                switch (fields[0], fields.count) {
                case ("site", 2): site = fields[1]
                case ("inputs", 2): inputs = fields[1]
                case ("note-options", 2): noteOptions = fields[1]
                case ("note", 4):
                    guard let size = Int(fields[2]), let modified = Double(fields[3]) else { return false }
                    notes[fields[1]] = FileStamps.Stamp(size: size, modified: modified)
                case ("file", 3): files[fields[1]] = fields[2]
                case ("end", 3):
                    guard fields[1] == String(notes.count), fields[2] == String(files.count) else { return false }
                    ended = true
                default: return false
                }
            }
            return ended
        }
        guard readable, let site, let inputs, let noteOptions else { return nil }
        self.init(site: site, inputs: inputs, notes: notes, noteOptions: noteOptions, files: files)
    }

    private static func appendEscaped(_ field: String, to out: inout [UInt8]) {
        for byte in field.utf8 {
            switch byte {
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            default: out.append(byte)
            }
        }
    }

    /// A field's text, its escapes undone; nil for bytes that are not UTF-8 or an unknown escape.
    private static func field(_ bytes: Slice<UnsafeRawBufferPointer>) -> String? {
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(validating: bytes, as: UTF8.self) }
        var plain: [UInt8] = []
        var escaped = false
        for byte in bytes {
            if escaped {
                switch byte {
                case UInt8(ascii: "t"): plain.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "n"): plain.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): plain.append(UInt8(ascii: "\r"))
                case UInt8(ascii: "\\"): plain.append(UInt8(ascii: "\\"))
                default: return nil
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                plain.append(byte)
            }
        }
        return escaped ? nil : String(validating: plain, as: UTF8.self)
    }
}
