import BookplateCore
import Foundation

/// The links of the reader's own style sheets (`templates/assets/…/*.css`) to files the site
/// lacks: a font or a background image named in `url(…)` and never put in the theme broke
/// without a word (found by an exploratory session).
enum StyleSheetLinks {
    /// A line for each link of a style sheet below `templates/assets` to a file that neither
    /// `exists` in the output folder nor the build makes (`made` gives those of the paths asked
    /// that it does), saying where to put it. The site is published at `sitePath` (as
    /// ``SiteLinks``); `site` is the output folder as the reader names it.
    static func missing(
        templates: URL, site: String, sitePath: String, exists: (String) -> Bool, made: (Set<String>) -> Set<String>
    ) -> [String] {
        let assets = templates.appendingPathComponent("assets")
        let links = SiteLinks(sitePath: sitePath)
        var missing: [(sheet: URL, link: String, path: String)] = []
        for relative in styleSheets(in: assets) {
            guard let data = FileManager.default.contents(atPath: assets.path + "/" + relative) else { continue }
            let folder = "assets/" + relative.split(separator: "/").dropLast().map { $0 + "/" }.joined()
            let sheet = assets.appendingPathComponent(relative)
            missing += links.missing(
                self.links(in: data), from: folder, exists: exists
            )
            .map { (sheet, $0, $1) }
        }
        guard !missing.isEmpty else { return [] }
        let madeByTheBuild = made(Set(missing.map(\.path)))
        return missing.filter { !madeByTheBuild.contains($0.path) }.map { sheet, link, path in
            // A hidden file is never published, wherever it is put.
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                return "\(sheet.relativePathForDisplay) links \(link), which is not in \(site): a file or folder whose "
                    + "name begins with a dot is never published; rename it, and mend the link"
            }
            let place =
                path.hasPrefix("assets/")
                ? templates.appendingPathComponent(path).relativePathForDisplay
                    + " (the theme's assets are published in \(site)/assets/)"
                : "\(site)/\(path) (what you keep there is published as it is)"
            return "\(sheet.relativePathForDisplay) links \(link), which is not in \(site): put the file at \(place) "
                + "or mend the link"
        }
    }

    /// The style sheets below `folder`, by path there, in order; hidden files and folders left
    /// out, as the theme leaves them.
    static func styleSheets(in folder: URL) -> [String] {
        var sheets: [String] = []
        FolderWalk.walk(folder.path) { relative, _, entry in
            if case .file = entry, relative.lowercased().hasSuffix(".css") { sheets.append(relative) }
            return true
        }
        return sheets.sorted()
    }

    /// The addresses a style sheet links — in `url(…)`, after `@import`, and in `image-set(…)` —
    /// with their escapes read (`\.` is `.`); comments, other strings (`content: "url(x)"`) and
    /// `data:` addresses passed over, and an address that is no UTF-8 (a sheet in another
    /// character set) left out. Read as bytes, once through: a regular expression over a sheet
    /// of 4 MB with its fonts inline took two seconds of every build (found by a review).
    static func links(in css: some Collection<UInt8>) -> [String] {
        var reader = CSSReader(Array(css))
        return reader.links()
    }
}

/// A style sheet read as bytes, for ``StyleSheetLinks/links(in:)``.
private struct CSSReader {
    let bytes: [UInt8]
    var at = 0
    var found: [String] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private static let slash = UInt8(ascii: "/")
    private static let star = UInt8(ascii: "*")
    private static let backslash = UInt8(ascii: "\\")
    private static let open = UInt8(ascii: "(")
    private static let close = UInt8(ascii: ")")

    mutating func links() -> [String] {
        // The depth of parentheses, and the depth an `image-set(` opened at: its strings are addresses.
        var depth = 0
        var imageSetDepth: Int?
        var importing = false
        while at < bytes.count {
            let byte = bytes[at]
            if byte == Self.slash, next(is: Self.star) {
                skipComment()
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let text = string()
                if importing || imageSetDepth != nil { keep(text) }
                importing = false
            } else if let word = wordHere() {
                at += word.count
                if word == Self.url {
                    keep(url())
                    importing = false
                } else if word == Self.atImport {
                    importing = true
                } else {
                    depth += 1
                    imageSetDepth = imageSetDepth ?? depth
                }
            } else {
                if byte == Self.open { depth += 1 }
                if byte == Self.close {
                    if imageSetDepth == depth { imageSetDepth = nil }
                    depth = max(0, depth - 1)
                }
                if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "{") { importing = false }
                at += 1
            }
        }
        return found
    }

    private func next(is byte: UInt8) -> Bool { at + 1 < bytes.count && bytes[at + 1] == byte }

    /// Whether the byte read begins a word: `url(` inside `myurl(` is not one.
    private var isWordStart: Bool {
        guard at > 0 else { return true }
        let before = bytes[at - 1]
        return
            !(before == UInt8(ascii: "-") || before == UInt8(ascii: "_") || (before >= 0x30 && before <= 0x39)
            || ((before | 0x20) >= 0x61 && (before | 0x20) <= 0x7A) || before >= 0x80)
    }

    private static let url = Array("url(".utf8)
    private static let atImport = Array("@import".utf8)
    private static let imageSet = Array("image-set(".utf8)
    private static let webkitImageSet = Array("-webkit-image-set(".utf8)

    /// The word that begins here, of those that say an address follows, or nil: looked for only
    /// where one could begin, by its first letter.
    private func wordHere() -> [UInt8]? {
        switch bytes[at] | 0x20 {
        case UInt8(ascii: "u"): isWordStart && starts(with: Self.url) ? Self.url : nil
        case UInt8(ascii: "i"): isWordStart && starts(with: Self.imageSet) ? Self.imageSet : nil
        case UInt8(ascii: "@") | 0x20: starts(with: Self.atImport) ? Self.atImport : nil
        case UInt8(ascii: "-"): isWordStart && starts(with: Self.webkitImageSet) ? Self.webkitImageSet : nil
        default: nil
        }
    }

    /// Whether the bytes from here are `word`, letters compared without case.
    private func starts(with word: [UInt8]) -> Bool {
        guard at + word.count <= bytes.count else { return false }
        for (offset, letter) in word.enumerated() {
            let byte = bytes[at + offset]
            let lower = (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
            if lower != letter { return false }
        }
        return true
    }

    private mutating func skipComment() {
        at += 2
        while at < bytes.count, !(bytes[at] == Self.star && next(is: Self.slash)) { at += 1 }
        at = min(bytes.count, at + 2)
    }

    private mutating func skipSpace() {
        while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
    }

    /// A quoted string from its opening quote, its escapes read; the bytes, then the quote passed.
    private mutating func string() -> [UInt8] {
        let quote = bytes[at]
        at += 1
        var text: [UInt8] = []
        while at < bytes.count, bytes[at] != quote, bytes[at] != 0x0A {
            if bytes[at] == Self.backslash {
                escape(into: &text)
            } else {
                text.append(bytes[at])
                at += 1
            }
        }
        at = min(bytes.count, at + 1)
        return text
    }

    /// The address of a `url(` just read, quoted or not, up to its `)`.
    private mutating func url() -> [UInt8] {
        skipSpace()
        guard at < bytes.count else { return [] }
        if bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") {
            let text = string()
            while at < bytes.count, bytes[at] != Self.close { at += 1 }
            at = min(bytes.count, at + 1)
            return text
        }
        var text: [UInt8] = []
        while at < bytes.count, bytes[at] != Self.close {
            if bytes[at] == Self.backslash {
                escape(into: &text)
            } else {
                if !Self.isSpace(bytes[at]) { text.append(bytes[at]) }
                at += 1
            }
        }
        at = min(bytes.count, at + 1)
        return text
    }

    /// A backslash's escape: up to six hexadecimal digits (and one space after) are the character
    /// they number; any other character is itself.
    private mutating func escape(into text: inout [UInt8]) {
        at += 1
        guard at < bytes.count else { return }
        var digits = 0
        var value: UInt32 = 0
        while digits < 6, at < bytes.count, let digit = Self.hexValue(bytes[at]) {
            value = value * 16 + digit
            digits += 1
            at += 1
        }
        guard digits > 0 else {
            if bytes[at] != 0x0A { text.append(bytes[at]) }
            at += 1
            return
        }
        if at < bytes.count, [0x20, 0x09, 0x0A].contains(bytes[at]) { at += 1 }
        let scalar = Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}"
        text += Array(String(Character(scalar)).utf8)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    /// Keeps an address that is UTF-8, and not a `data:` one (a font inline is no file).
    private mutating func keep(_ text: [UInt8]) {
        guard !text.isEmpty, let link = String(validating: text, as: UTF8.self) else { return }
        if link.prefix(5).lowercased() == "data:" { return }
        found.append(link)
    }
}
