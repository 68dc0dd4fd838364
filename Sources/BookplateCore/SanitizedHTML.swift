/// Markup that may be published as it is.
///
/// Only BookplateCore makes one, in the few places that make markup safe: the description
/// allow-list (``HTMLAllowList/sanitize(_:)``, ``HTMLAllowList/html(fromText:)``), cmark for notes
/// and bios (``NoteRenderer``, ``BioRenderer``) and JSON for a `<script>` element
/// (``scriptJSON(_:)``). Catalogs and imports make their descriptions into one at the border, the
/// library keeps it, and the site's templates write only this type unescaped: any other value in
/// `{{{ }}}` is escaped like `{{ }}`, so no text from outside reaches a page as markup.
public struct SanitizedHTML: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The markup, to write out.
    public let html: String

    /// Markup one of Core's sanitisers made.
    init(sanitized html: String) {
        self.html = html
    }

    /// Markup the library kept in a column that only ever stores a `SanitizedHTML`'s `html` (the
    /// book's description, a note's rendered HTML). For the library's reading of its own columns
    /// alone: anything that comes from outside goes through a sanitiser instead.
    package init(storedByLibrary html: String) {
        self.html = html
    }

    /// Nothing.
    public static let empty = SanitizedHTML(sanitized: "")

    public var isEmpty: Bool { html.isEmpty }
    public var description: String { html }

    /// The markup with white space at either end taken off (still well-formed: only text between
    /// tags is white space).
    public var trimmed: SanitizedHTML {
        SanitizedHTML(sanitized: html.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the markup shows any text at all once its tags are gone.
    public var showsText: Bool { !HTMLText.plainText(fromHTML: html).isEmpty }

    /// JSON for a `<script>` element (JSON-LD): `<`, `>` and `&`, and the two line separators
    /// JavaScript once took for line ends, are written as `\u` escapes wherever they stand, so no
    /// value can end the element. (In valid JSON they stand only inside strings, where the escape
    /// means the same character.)
    public static func scriptJSON(_ json: String) -> SanitizedHTML {
        // A look at the bytes first: U+2028 and U+2029 begin with 0xE2, the rest are ASCII.
        guard json.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0xE2 }) else {
            return SanitizedHTML(sanitized: json)
        }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out.append(contentsOf: "\\u003c".unicodeScalars)
            case ">": out.append(contentsOf: "\\u003e".unicodeScalars)
            case "&": out.append(contentsOf: "\\u0026".unicodeScalars)
            case "\u{2028}": out.append(contentsOf: "\\u2028".unicodeScalars)
            case "\u{2029}": out.append(contentsOf: "\\u2029".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return SanitizedHTML(sanitized: String(out))
    }

    /// Decoding runs the description allow-list (``HTMLAllowList/sanitize(_:)``) over what it
    /// reads, so a decoder is no way around it; what the allow-list made comes back the same.
    public init(from decoder: any Decoder) throws {
        self = HTMLAllowList.sanitize(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(html)
    }
}
