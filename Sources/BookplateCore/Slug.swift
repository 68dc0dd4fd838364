import Foundation

/// URL- and file-safe names for books, authors and shelves: `[a-z0-9-]`, never empty.
///
/// Accents are folded and other scripts transliterated to Latin ("三体" → "san-ti"); text that
/// leaves nothing usable gets a stable fallback derived from its content.
public enum Slug {
    /// The longest slug made from text, in characters; longer ones are cut at a hyphen.
    static let maximumLength = 80

    /// Makes the slug for `text`, using `fallbackPrefix` when transliteration leaves nothing.
    ///
    /// Takes time linear in the length of `text`, and bounded: it is read a piece at a time, only
    /// until the slug is long enough to cut, and no further than ``readLimit`` characters.
    public static func make(from text: String, fallbackPrefix: String = "item") -> String {
        var slug: [UInt8] = []
        var pendingHyphen = false
        pieces: for piece in pieces(of: text).map(String.init) {
            // Composed first: a decomposed accent ("e" and U+0301) is otherwise a separator.
            let latin = TextFolding.fold(piece.precomposed, to: .ascii)
            for scalar in latin.unicodeScalars {
                if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                    if pendingHyphen && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                    slug.append(UInt8(scalar.value))
                    pendingHyphen = false
                    // One character past the longest is all the cut below needs to see.
                    if slug.count > maximumLength { break pieces }
                } else if scalar != "'" && scalar != "\u{2019}" {
                    // Apostrophes join ("L'Étranger" → "letranger"); everything else separates.
                    pendingHyphen = true
                }
            }
        }
        if slug.count > maximumLength {
            let cut = slug.prefix(maximumLength)
            slug = Array(cut.lastIndex(of: UInt8(ascii: "-")).map { cut[..<$0] } ?? cut)
        }
        if slug.isEmpty {
            let read = text.utf8.count <= readLimit ? text : String(text.prefix(readLimit))
            return "\(fallbackPrefix)-\(ContentHash.sha256Hex(of: read).prefix(8))"
        }
        let made = String(decoding: slug, as: UTF8.self)
        // A folder named `con` or `lpt1` cannot be made on Windows, on a FAT or exFAT stick, nor
        // by git checking the site out there: its pages were lost when the site was copied (found
        // by an exploratory session). Such a name takes what it names (`con-book`).
        return isWindowsDeviceName(made) ? made + "-" + fallbackPrefix : made
    }

    /// Whether Windows keeps `name` for a device (`con`, `prn`, `aux`, `nul`, `com0`–`com9`,
    /// `lpt0`–`lpt9`, in any case), as it reads names: also with anything after a dot
    /// (`con.md`, `nul.tar.gz`) and with spaces or dots at the end.
    public static func isWindowsDeviceName(_ name: String) -> Bool {
        let stem = name.prefix { $0 != "." }.lowercased().trimmingCharacters(in: .whitespaces)
        if ["con", "prn", "aux", "nul"].contains(stem) { return true }
        guard stem.count == 4, stem.hasPrefix("com") || stem.hasPrefix("lpt"), let last = stem.unicodeScalars.last
        else { return false }
        // Windows counts the superscript digits ¹ ² ³ too.
        return ("0"..."9").contains(last) || ["\u{B9}", "\u{B2}", "\u{B3}"].contains(last)
    }

    /// How much of a text a slug is made from: more than enough for any title, and a bound on the
    /// work for a hostile one that transliterates to nothing.
    static let readLimit = 10_000

    /// The longest piece handed to the transliterator, in characters: ICU takes time that grows
    /// with the square of the length. Every real title is one piece, transliterated whole.
    static let pieceLength = 1_000

    /// The first ``readLimit`` characters of `text`, in pieces of at most ``pieceLength``,
    /// each ending after white space where the piece has some in its second half.
    static func pieces(of text: String) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var read = 0
        while start < text.endIndex && read < readLimit {
            guard var end = text.index(start, offsetBy: pieceLength, limitedBy: text.endIndex), end < text.endIndex
            else {
                pieces.append(text[start...])
                break
            }
            let half = text.index(start, offsetBy: pieceLength / 2)
            if let space = text[half..<end].lastIndex(where: \.isWhitespace) { end = text.index(after: space) }
            pieces.append(text[start..<end])
            read += text.distance(from: start, to: end)
            start = end
        }
        return pieces
    }

    /// Returns `base`, or `base-2`, `base-3`… — the first that `isTaken` does not claim.
    public static func unique(_ base: String, isTaken: (String) throws -> Bool) rethrows -> String {
        if try !isTaken(base) { return base }
        var counter = 2
        while try isTaken("\(base)-\(counter)") { counter += 1 }
        return "\(base)-\(counter)"
    }

    /// The longest slug Bookplate makes: one of ``maximumLength``, and the counter ``unique(_:isTaken:)``
    /// may add.
    static let longestValid = maximumLength + 16

    /// Whether `text` is a well-formed slug, of a length Bookplate makes: an export's slug of
    /// 300 letters was taken as it was, and the book's page, whose folder is named by it, could
    /// never be written — nor, from about 235, its note (found by an exploratory session).
    public static func isValid(_ text: String) -> Bool {
        text.utf8.count <= longestValid && isWellFormed(text)
    }

    /// Whether `text` is made of what a slug is made of, whatever its length: a page of the
    /// reader's is named by its file, which may be longer than a slug Bookplate makes.
    public static func isWellFormed(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix("-") && !text.hasSuffix("-")
            && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
