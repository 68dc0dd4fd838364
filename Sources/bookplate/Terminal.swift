import BookplateKit
import Foundation

/// Plain-text tables for the terminal, aligned by display width (wide characters count two).
enum TextTable {
    static func render(header: [String], rows: [[String]], maxWidths: [Int?]) -> String {
        // Each cell's width is worked out once: a shelf of ten thousand books is a big table.
        let cells = ([header] + rows).map { row in
            row.enumerated().map { index, cell in
                let text = maxWidths[index].map { clip(cell, to: $0) } ?? cell
                return (text: text, width: width(of: text))
            }
        }
        let widths = header.indices.map { column in cells.map { $0[column].width }.max() ?? 0 }
        return cells.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1
                    ? cell.text : cell.text + String(repeating: " ", count: widths[index] - cell.width)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
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
    var stars5: String { String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars) }
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
