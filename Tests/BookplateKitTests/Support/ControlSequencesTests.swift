import Testing

@testable import BookplateCore

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
}
