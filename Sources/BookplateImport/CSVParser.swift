import BookplateCore
import BookplateLibrary

/// Reads delimited text the way spreadsheet exports write it (RFC 4180): a byte-order mark,
/// CRLF or LF line ends, quoted fields holding delimiters, line breaks and doubled quotes.
///
/// Works on bytes, so one record with bytes that are not UTF-8 is reported with its line
/// number instead of spoiling the whole file.
struct CSVParser {
    struct Record {
        /// The line the record starts on, from 1.
        var line: Int
        var fields: [String]
        /// The fields that were not valid UTF-8, by position: their bad bytes were read as U+FFFD.
        var badFields: [Int] = []
        var hasBadBytes: Bool { !badFields.isEmpty }
        /// Set when a quoted field never closes (a file cut off part-way): the rest of the file
        /// is in this record, so it is not to be trusted either.
        var isUnterminated = false
    }

    var delimiter: UInt8 = UInt8(ascii: ",")
    /// Whether a quote opens a quoted field only when the field is quoted whole on its line (its
    /// closing quote ends it, before the line does); any other quote is text. For tab-separated
    /// files, whose fields hold no tabs or line breaks to quote: LibraryThing writes a title such
    /// as `"Surely You're Joking, Mr. Feynman!": Adventures…` as it is, and a review that opens
    /// with a quote took the rest of the file with it.
    var quotesOnlyWholeFieldsOnALine = false

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether the field at `start` (a quote) is quoted whole before its line ends: its closing
    /// quote (doubled ones inside are quotes) is followed by the delimiter, a line end or the end.
    private func isQuotedWholeOnItsLine<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from start: Int) -> Bool
    where Bytes.Index == Int {
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var index = start + 1
        while index < bytes.endIndex {
            switch bytes[index] {
            case quote:
                if index + 1 < bytes.endIndex && bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                let next = index + 1
                return next == bytes.endIndex || [delimiter, cr, lf].contains(bytes[next])
            case cr, lf:
                return false
            default:
                index += 1
            }
        }
        return false
    }

    func parse(_ bytes: [UInt8]) -> [Record] {
        var records: [Record] = []
        parse(bytes.starts(with: Self.byteOrderMark) ? bytes[3...] : bytes[...], from: 1, isEnd: true) {
            records.append($0)
        }
        return records
    }

    /// Hands each record of `bytes` to `each` as it is read, so that a large file's records are
    /// never all in memory at once. `bytes` is the text from line `line` on, read in place (a
    /// file's `Data`, without a copy), after any byte-order mark.
    ///
    /// Unless `isEnd`, more text follows: a record that runs to the end of `bytes` may go on
    /// there, so it is left for the next call. Returns how many bytes the records handed over
    /// took, and the line the rest starts on.
    @discardableResult
    func parse<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, from firstLine: Int, isEnd: Bool, each: (Record) throws -> Void
    ) rethrows -> (consumed: Int, line: Int) where Bytes.Index == Int {
        var index = bytes.startIndex
        var line = firstLine
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let end = bytes.endIndex
        while index < end {
            let recordStart = index
            let startLine = line
            var fields: [String] = []
            var bad: [Int] = []
            var unterminated = false
            var field: [UInt8] = []
            var endOfRecord = false
            while !endOfRecord {
                field.removeAll(keepingCapacity: true)
                if index < end && bytes[index] == quote
                    && (!quotesOnlyWholeFieldsOnALine || isQuotedWholeOnItsLine(bytes, from: index))
                {
                    index += 1
                    unterminated = true
                    while index < end {
                        let byte = bytes[index]
                        if byte == quote {
                            if index + 1 < end && bytes[index + 1] == quote {
                                field.append(quote)
                                index += 2
                                continue
                            }
                            index += 1
                            unterminated = false
                            break
                        }
                        if byte == lf { line += 1 }
                        field.append(byte)
                        index += 1
                    }
                    // Anything between the closing quote and the delimiter is kept, as spreadsheets do.
                    while index < end && bytes[index] != delimiter && bytes[index] != lf && bytes[index] != cr {
                        field.append(bytes[index])
                        index += 1
                    }
                } else {
                    while index < end && bytes[index] != delimiter && bytes[index] != lf && bytes[index] != cr {
                        field.append(bytes[index])
                        index += 1
                    }
                }
                if let text = String(validating: field, as: UTF8.self) {
                    fields.append(text)
                } else {
                    bad.append(fields.count)
                    fields.append(String(decoding: field, as: UTF8.self))
                }
                // A record that reaches the end of the bytes, or a CR there whose LF may follow,
                // is whole only at the end of the text.
                if index >= end || (!isEnd && bytes[index] == cr && index + 1 == end) {
                    guard isEnd else { return (recordStart - bytes.startIndex, startLine) }
                    endOfRecord = true
                } else if bytes[index] == delimiter {
                    index += 1
                } else {
                    if bytes[index] == cr { index += 1 }
                    if index < end && bytes[index] == lf { index += 1 }
                    line += 1
                    endOfRecord = true
                }
            }
            // Blank lines are not records.
            if fields.count == 1 && fields[0].isEmpty { continue }
            try each(Record(line: startLine, fields: fields, badFields: bad, isUnterminated: unterminated))
        }
        return (index - bytes.startIndex, line)
    }
}
