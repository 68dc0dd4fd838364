import Foundation

extension String {
    /// The text in Unicode's composed form (NFC): "é" one scalar, whether it was typed, pasted or
    /// read from a file as "e" and a combining accent (macOS and some exports write that, NFD).
    /// Text is kept so, so that the same name is the same text, key and slug: a decomposed name
    /// was slugged "jose-sarama-go" and was another author than the same name composed (found by
    /// an exploratory session).
    ///
    /// Text made only of scalars that NFC never changes and that never join the one before them
    /// (Unicode's quick check) is returned as it is, unread by Foundation, whose normalisation
    /// bridges through NSString on Linux: nearly every title and name is so.
    package var precomposed: String {
        unicodeScalars.allSatisfy(\.staysComposed) ? self : precomposedStringWithCanonicalMapping
    }

    /// A number, date or place in a series as typed, in the compatibility form (NFKC): the
    /// full-width digits and signs of a Japanese or Chinese keyboard ("＃２", "２０２４－０１－０５",
    /// "３２０") are ASCII. "ノルウェイの森 ＃２" made a series of that name, and "#２" was refused
    /// (found by an exploratory session). Only for text read as a number: a name keeps its
    /// full-width letters. ASCII text is returned as it is.
    package var numeralsInASCII: String {
        utf8.allSatisfy { $0 < 0x80 } ? self : precomposedStringWithCompatibilityMapping
    }
}

extension Unicode.Scalar {
    /// Whether NFC keeps this scalar as it is, whatever comes before it (NFC_Quick_Check=Yes and
    /// combining class 0): everything below the combining marks at U+0300, punctuation from
    /// U+2002 (U+2000 and U+2001 become other spaces), currency signs and CJK ideographs. Other
    /// scripts go the slower, always right way.
    fileprivate var staysComposed: Bool {
        switch value {
        case 0..<0x300, 0x2002...0x206F, 0x20A0...0x20CF, 0x4E00...0x9FFF: true
        default: false
        }
    }
}
