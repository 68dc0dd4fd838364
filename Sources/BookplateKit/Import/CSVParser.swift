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
        /// Set when a field is not valid UTF-8; the fields are then not to be trusted.
        var hasBadBytes: Bool
        /// Set when a quoted field never closes (a file cut off part-way): the rest of the file
        /// is in this record, so it is not to be trusted either.
        var isUnterminated = false
    }

    var delimiter: UInt8 = UInt8(ascii: ",")

    func parse(_ bytes: [UInt8]) -> [Record] {
        var records: [Record] = []
        parse(bytes) { records.append($0) }
        return records
    }

    /// Hands each record to `each` as it is read, so that a large file's records are never all in
    /// memory at once; `bytes` is read in place (a file's `Data`, without a copy).
    func parse<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, each: (Record) throws -> Void) rethrows
    where Bytes.Index == Int {
        var index = bytes.startIndex + (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        var line = 1
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let end = bytes.endIndex
        while index < end {
            let startLine = line
            var fields: [String] = []
            var bad = false
            var unterminated = false
            var field: [UInt8] = []
            var endOfRecord = false
            while !endOfRecord {
                field.removeAll(keepingCapacity: true)
                if index < end && bytes[index] == quote {
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
                    bad = true
                    fields.append(String(decoding: field, as: UTF8.self))
                }
                if index >= end {
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
            try each(Record(line: startLine, fields: fields, hasBadBytes: bad, isUnterminated: unterminated))
        }
    }
}
