import BookplateKit
import Foundation

/// Plain-text tables for the terminal, aligned by display width (wide characters count two).
enum TextTable {
    static func render(header: [String], rows: [[String]], maxWidths: [Int?]) -> String {
        // Each cell is clipped and measured once, and the table written into one buffer: a shelf
        // of ten thousand books is a big table.
        let measured = Parallel.map([header] + rows) { row in
            row.enumerated().map { index, cell in
                let text = maxWidths[index].map { clip(cell, to: $0) } ?? cell
                return (text: text, width: width(of: text))
            }
        }
        var texts: [String] = []
        var cellWidths: [Int] = []
        texts.reserveCapacity((rows.count + 1) * header.count)
        cellWidths.reserveCapacity((rows.count + 1) * header.count)
        var widths = [Int](repeating: 0, count: header.count)
        var bytes = 0
        for row in measured {
            for (index, cell) in row.enumerated() {
                texts.append(cell.text)
                cellWidths.append(cell.width)
                widths[index] = max(widths[index], cell.width)
                bytes += cell.text.utf8.count
            }
        }
        var table: [UInt8] = []
        table.reserveCapacity(bytes + (rows.count + 1) * (widths.reduce(0, +) + 2 * header.count))
        let last = header.count - 1
        var column = 0
        for (text, textWidth) in zip(texts, cellWidths) {
            table.append(contentsOf: text.utf8)
            if column < last {
                table.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[column] - textWidth + 2))
                column += 1
            } else {
                table.append(UInt8(ascii: "\n"))
                column = 0
            }
        }
        if table.last == UInt8(ascii: "\n") { table.removeLast() }
        return String(decoding: table, as: UTF8.self)
    }

    static func width(of text: String) -> Int {
        DisplayWidth.columns(of: text)
    }

    static func clip(_ text: String, to maximum: Int) -> String {
        guard width(of: text) > maximum else { return text }
        var clipped = ""
        var used = 0
        for character in text {
            let columns = DisplayWidth.columns(of: character)
            if used + columns > maximum - 1 { break }
            clipped.append(character)
            used += columns
        }
        return clipped + "…"
    }
}

extension Rating {
    var stars5: String { Rating.starLines[stars] }

    /// "☆☆☆☆☆" to "★★★★★", made once: `list` shows one for each of thousands of books.
    private static let starLines = (0...5).map {
        String(repeating: "★", count: $0) + String(repeating: "☆", count: 5 - $0)
    }
}

/// A one-line progress bar on standard error, drawn only when it is a terminal.
final class ProgressBar: Sendable {
    let label: String
    let isTerminal = isatty(STDERR_FILENO) == 1

    init(label: String) {
        self.label = label
    }

    func update(_ done: Int, of total: Int) {
        guard isTerminal, total > 0 else { return }
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) \(bar) \(done)/\(total)".utf8))
    }

    func finish() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
