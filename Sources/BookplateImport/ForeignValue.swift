import BookplateCore
import Foundation
import GRDB

/// A value of a database another program keeps (a Kobo's `KoboReader.sqlite`, Apple Books'
/// stores), read whatever SQLite stored: a damaged or hostile file may hold text where the
/// program writes a number, or bytes where it writes text, and GRDB's typed reads stop the
/// program on those.
struct ForeignValue {
    /// The value as text: a number as Swift writes it, bytes that are no UTF-8 with U+FFFD for
    /// them; nil for NULL.
    var text: String?
    /// The value as a number, where it is one or text that reads as one.
    var number: Double?
    /// Whether it was bytes that are no UTF-8.
    var hadBadBytes = false

    var isNull: Bool { text == nil }
    /// Whether it says yes: a number other than 0, or `true`, `yes` or `1` as text.
    var isTrue: Bool { number.map { $0 != 0 } ?? ["true", "yes", "1"].contains(text?.trimmed.lowercased() ?? "") }
    /// The value as a whole number, where it is one within ±10¹⁵.
    var wholeNumber: Int? { number.flatMap { $0.isFinite && $0.rounded() == $0 && abs($0) < 1e15 ? Int($0) : nil } }

    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: break
        case .int64(let integer):
            text = String(integer)
            number = Double(integer)
        case .double(let double):
            text = String(double)
            number = double
        case .string(let string):
            text = string
            number = Double(string.trimmed)
        case .blob(let data):
            if let string = String(validating: data, as: UTF8.self) {
                text = string
            } else {
                text = String(decoding: data, as: UTF8.self)
                hadBadBytes = true
            }
        }
    }
}
