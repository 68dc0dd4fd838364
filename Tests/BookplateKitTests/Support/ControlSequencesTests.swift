import Testing

@testable import BookplateCore
@testable import BookplateLibrary

/// What the terminal shows and what the library keeps of a line go through one filter.
@Suite struct ControlSequencesTests {
    @Test(arguments: [
        ("\u{1B}[31mRed\u{1B}[0m", "Red"),  // CSI
        ("\u{1B}]0;title\u{07}Text", "Text"),  // OSC to BEL
        ("\u{1B}]8;;https://x\u{1B}\\link", "link"),  // OSC to ST
        ("A\u{9B}2JB", "AB"),  // C1 CSI
        ("A\u{9D}8;;x\u{9C}B", "AB"),  // C1 OSC
        ("\u{1B}7saved\u{1B}(B", "saved"),  // two-character escapes, with an intermediate
        ("nul\u{0}del\u{7F}bel\u{07}", "nuldelbel"),
        ("plain text, café 本", "plain text, café 本"),
    ])
    func sequencesGoWholeAndTextStays(input: String, kept: String) {
        #expect(ControlSequences.removed(from: input, as: .text) == kept)
    }

    @Test func linesLoseTheirBreaksTextKeepsThemAndJSONEscapesWhatTheEncoderLeft() {
        #expect(ControlSequences.removed(from: "a\tb\nc", as: .line) == "a b c")
        #expect(ControlSequences.removed(from: "a\tb\nc", as: .text) == "a\tb\nc")
        #expect(ControlSequences.removed(from: "\"a\u{85}b\u{7F}\"", as: .json) == "\"a\\u0085b\\u007f\"")
    }

    /// A catalog's title with U+202E showed on the terminal turned around: bidirectional
    /// overrides and isolates go from what the terminal shows, and stay in JSON. Found by an
    /// exploratory session.
    @Test func bidirectionalOverridesNeverReachTheTerminal() {
        let title = "Evil \u{202E}txt.exe\u{202C} and \u{2066}isolated\u{2069} é"
        #expect(ControlSequences.removed(from: title, as: .line) == "Evil txt.exe and isolated é")
        #expect(ControlSequences.removed(from: title, as: .text) == "Evil txt.exe and isolated é")
        #expect(ControlSequences.removed(from: title, as: .json) == title)
        #expect(ControlSequences.removed(from: "plain — text ‘quoted’", as: .line) == "plain — text ‘quoted’")
    }

    /// What the library keeps of a line: sequences begun with ESC go whole, white-space controls
    /// stay white space, and a lone C1 character goes alone (`â€` + U+009D is a curly quote read
    /// in the wrong encoding: the rest of the title must stay).
    @Test func storageDropsEscapeSequencesAndKeepsTheRestOfTheLine() {
        #expect(ControlSequences.cleanedForStorage("\u{1B}[31mRed\u{1B}[0m Title") == "Red Title")
        #expect(ControlSequences.cleanedForStorage("\u{1B}]0;pwned\u{07}Evil") == "Evil")
        #expect(ControlSequences.cleanedForStorage("Caf\u{98}e Society and more") == "Cafe Society and more")
        #expect(ControlSequences.cleanedForStorage("â€\u{9D} and the rest") == "â€ and the rest")
        #expect(
            ControlSequences.cleanedForStorage("Part one\rPart two\u{0C}three\u{0B}four\u{85}five")
                == "Part one Part two three four five")
        #expect(ControlSequences.cleanedForStorage("nul\u{0}del\u{7F}") == "nuldel")
        #expect(ControlSequences.cleanedForStorage("plain, café 本") == "plain, café 本")
        #expect("Part one\rPart two".trimmedForStorage == "Part one Part two")
    }
}
