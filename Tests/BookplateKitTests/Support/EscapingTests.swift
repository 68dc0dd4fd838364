import Testing

@testable import BookplateCore

/// The escapers work on UTF-8 bytes; these compare them, over random text heavy in what they
/// escape or leave out, with the Unicode-scalar versions they replaced.
@Suite struct EscapingTests {
    /// Scalars an escaper treats specially, and a few it must leave alone however they look.
    static let alphabet: [Unicode.Scalar] =
        [
            "a", "Z", " ", "&", "<", ">", "\"", "'", "\\", "\t", "\n", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
            "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "\u{C2}", "\u{301}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}",
            "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{EFBF}", "\u{1F600}", "é", "物",
        ]
        // Noncharacters and their neighbours (Swift's literals cannot hold some of them).
        + ([0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0x1FFFD, 0x1FFFE, 0x2FFFF, 0x10FFFF] as [UInt32]).compactMap {
            Unicode.Scalar($0)
        }

    /// What no published text holds, written out scalar by scalar: controls but tab and line
    /// breaks, and the noncharacters.
    static func isLeftOut(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && !["\t", "\n", "\r"].contains(scalar)) || (0x7F...0x9F).contains(value)
            || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    static func randomTexts(_ count: Int) -> [String] {
        var random = SeededRandom(seed: 7)
        return (0..<count).map { _ in
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                scalars.append(alphabet.randomElement(using: &random) ?? "a")
            }
            return String(scalars)
        }
    }

    @Test func markupEscapingAgreesWithEscapingScalarByScalar() {
        for text in Self.randomTexts(20_000) {
            #expect(MarkupEscaping.html(text) == Self.markup(text, quotes: true), "\(Array(text.unicodeScalars))")
            #expect(MarkupEscaping.text(text) == Self.markup(text, quotes: false), "\(Array(text.unicodeScalars))")
        }
    }

    /// A catalog's death date `2000` with a window-title and a screen-clearing sequence after it
    /// was published as "2000]0;PWNED[2J[31m": the controls went, the rest of each sequence
    /// stayed (found by an exploratory session). The sequences go whole.
    @Test func anEscapeSequenceGoesWhole() {
        #expect(MarkupEscaping.html("2000\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31m") == "2000")
        #expect(MarkupEscaping.xml("<b>\u{1B}[1mbold\u{1B}[0m & \u{1B}x") == "&lt;b&gt;bold &amp; x")
        #expect(MarkupEscaping.text("plain") == "plain")
    }

    @Test func scriptSafeJSONAgreesWithQuotingScalarByScalar() {
        for text in Self.randomTexts(20_000) {
            #expect(ScriptSafeJSON.quoted(text) == Self.json(text), "\(Array(text.unicodeScalars))")
        }
    }

    /// A quote followed by a combining mark is one Character that equals no quote: it is still escaped.
    @Test func aQuoteWithACombiningMarkIsStillEscaped() {
        #expect(MarkupEscaping.html("\"\u{301}<\u{301}") == "&quot;\u{301}&lt;\u{301}")
        #expect(ScriptSafeJSON.quoted("<\u{301}/script>") == "\"\\u003c\u{301}/script\\u003e\"")
    }

    private static func markup(_ text: String, quotes: Bool) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where quotes: escaped += "&quot;"
            case "'" where quotes: escaped += "&#39;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                if Self.isLeftOut(scalar) { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func json(_ text: String) -> String {
        var out = "\""
        // A published text holds no control but tab and line breaks, nor any noncharacter.
        for scalar in text.unicodeScalars where !isLeftOut(scalar) {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
