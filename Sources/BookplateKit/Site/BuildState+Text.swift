import Foundation

/// The build state as lines of fields separated by a tab (␉ below), read and written by hand:
/// a shelf of 50,000 books has 116,000 entries, too many for Foundation's JSON coders to read and
/// write in a rebuild that takes a fraction of a second.
///
///     bookplate build state 4
///     site␉/path/to/site
///     inputs␉<fingerprint>
///     note-options␉<tag>
///     note␉<book slug>␉<size>␉<modified>      (one a note, by slug)
///     file␉<path in the site>␉<fingerprint>   (one a file, by path)
///     end␉<number of notes>␉<number of files>
///
/// A tab, line feed, carriage return or backslash inside a field is written `\t`, `\n`, `\r`,
/// `\\`. A file that is not exactly this — lines out of order or repeated, a count that differs,
/// a line after the end or not ended, an unknown escape, bytes that are not UTF-8 — is not read,
/// and the next build starts afresh.
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
        guard let state = data.withUnsafeBytes({ BuildState.read(StateLines(bytes: $0)) }) else { return nil }
        self = state
    }

    private static func read(_ lines: StateLines) -> BuildState? {
        var lines = lines
        guard lines.next() == [header], let site = lines.next(named: "site"), let inputs = lines.next(named: "inputs"),
            let noteOptions = lines.next(named: "note-options")
        else { return nil }
        var line = lines.next()
        var notes: [String: FileStamps.Stamp] = [:]
        while let fields = line, fields.count == 4, fields[0] == "note" {
            guard let size = Int(fields[2]), let modified = Double(fields[3]) else { return nil }
            notes[fields[1]] = FileStamps.Stamp(size: size, modified: modified)
            line = lines.next()
        }
        var files: [String: String] = [:]
        while let fields = line, fields.count == 3, fields[0] == "file" {
            files[fields[1]] = fields[2]
            line = lines.next()
        }
        // The counts also catch an entry written twice.
        guard line == ["end", String(notes.count), String(files.count)], lines.isAtEnd else { return nil }
        return BuildState(site: site, inputs: inputs, notes: notes, noteOptions: noteOptions, files: files)
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
}

/// The lines of a build state, each as its fields with their escapes undone.
private struct StateLines {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    /// The next line's fields; nil past the last line, for a line no line feed ends, or for one
    /// with a field that cannot be read.
    mutating func next() -> [String]? {
        guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        defer { position = end + 1 }
        var fields: [String] = []
        var start = position
        for index in position..<end where bytes[index] == UInt8(ascii: "\t") {
            guard let field = StateLines.field(bytes[start..<index]) else { return nil }
            fields.append(field)
            start = index + 1
        }
        guard let last = StateLines.field(bytes[start..<end]) else { return nil }
        fields.append(last)
        return fields
    }

    /// The value of the next line when it is `name␉value`.
    mutating func next(named name: String) -> String? {
        guard let fields = next(), fields.count == 2, fields[0] == name else { return nil }
        return fields[1]
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
