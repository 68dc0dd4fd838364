import ArgumentParser
import BookplateKit
import Foundation

/// Everything Bookplate writes for the reader goes through here. Titles, names, bios and messages
/// come from catalogs and imports, and a control character in them could set the window title,
/// clear the screen or rewrite what was shown: ``safe(_:as:)`` takes them out, in this one place.
enum Terminal {
    /// What a piece of text is, for what may stay in it.
    typealias Kind = ControlSequences.Kind

    /// Writes `text` on standard output.
    static func output(_ text: String, as kind: Kind = .text, terminator: String = "\n") {
        write(safe(text, as: kind) + terminator, to: STDOUT_FILENO)
    }

    /// Writes `text` on standard error, as one line.
    static func error(_ text: String) {
        write(safe(text, as: .text) + "\n", to: STDERR_FILENO)
    }

    /// A warning, on one line whatever its text holds: a line break in a file's name printed a
    /// second line that passed for a warning of its own (found by an exploratory session).
    static func warning(_ text: String) {
        write("warning: " + safe(text, as: .line) + "\n", to: STDERR_FILENO)
    }

    /// Writes `text` whole on `descriptor`, standard output or error. `FileHandle.write` stops
    /// the program with a stack trace when a write fails (a full disk under `export > file`, a
    /// closed output, a broken pipe where SIGPIPE is ignored: found by an exploratory session).
    /// Here a pipe closed by its reader ends the program as SIGPIPE would, quietly; another
    /// failure of standard output is one line and exit 1; standard error's are let be.
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Bytes kept as they are (an export), written as ``write(_:to:)`` writes text.
    static func output(bytes data: Data) {
        data.withUnsafeBytes { write($0, to: STDOUT_FILENO) }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard let start = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, start + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
                continue
            }
            if errno == EINTR { continue }
            guard descriptor == STDOUT_FILENO else { return }
            outputFailed(errno: errno)
        }
    }

    private static func outputFailed(errno code: Int32) -> Never {
        if code == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        let reason = String(cString: strerror(code))
        let message = "Error: could not write the output: \(reason)\n"
        _ = message.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
        Foundation.exit(1)
    }

    /// The width of the terminal standard output is, nil when it is not a terminal; 80 when a
    /// terminal does not say (then $COLUMNS, when set, is believed).
    static var outputColumns: Int? { columns(of: STDOUT_FILENO) }

    /// The width of the terminal `descriptor` is, as ``outputColumns`` tells standard output's.
    static func columns(of descriptor: Int32) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            return columns
        }
        return 80
    }

    /// Asks `question` and reads one line of answer, when standard input and output are a
    /// terminal; nil when they are not (a script must say yes with a flag) or input ends.
    static func ask(_ question: String) -> String? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        output(question, terminator: "")
        return readLine().map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Ends the program as ArgumentParser would for `error`, with its message made safe: an error
    /// can quote a title or a catalog's answer.
    ///
    /// An error of Bookplate's own is one line, as a warning is: a value it quotes with a line
    /// break in it (a file name from a script's loop, a pasted title) made it two, and `--json`
    /// kept the first alone (found by an exploratory session). The JSON has the whole message,
    /// line break and all. ArgumentParser's own messages keep their usage lines.
    static func exit(withError error: any Error) -> Never {
        var message = BookplateCommand.fullMessage(for: error)
        let code = isNoLibraryToWorkWith(error) ? ExitCode(2) : BookplateCommand.exitCode(for: error)
        let described = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
        let ownMessage = message == "Error: " + described ? described : nil
        if let ownMessage { message = "Error: " + safe(ownMessage, as: .line) }
        if !message.isEmpty {
            if code == .success {
                output(message)
            } else {
                self.error(message)
                JSONOutput.failure(
                    ownMessage.map { "Error: " + $0 } ?? message, status: code.rawValue, whole: ownMessage != nil)
            }
        }
        Foundation.exit(code.rawValue)
    }

    /// Whether `error` says there is no library to work with — no shelf here, a library that is
    /// a folder, names no file or is a link to nothing — which exits with status 2, however the
    /// library was to be found: a `--library` naming no file exited 1 and one naming a folder 2,
    /// and a shelf's `content/library.sqlite` that is a folder 1 (found by exploratory sessions).
    private static func isNoLibraryToWorkWith(_ error: any Error) -> Bool {
        if case .libraryInEnvironment(_, let failure)? = error as? ShelfLocationError {
            return isNoLibraryToWorkWith(failure)
        }
        if error is ShelfLocationError { return true }
        switch error as? LibraryError {
        case .missingLibrary?, .libraryIsAFolder?, .brokenLink?: return true
        default: return false
        }
    }

    /// `text` as the terminal may show it: ``ControlSequences/removed(from:as:)``.
    static func safe(_ text: String, as kind: Kind) -> String {
        ControlSequences.removed(from: text, as: kind)
    }
}

/// Plain-text tables for the terminal, aligned by display width (wide characters count two).
enum TextTable {
    static func render(header: [String], rows: [[String]], maxWidths: [Int?]) -> String {
        // Each cell is clipped and measured once, and the table written into one buffer: a shelf
        // of ten thousand books is a big table.
        let measured = Parallel.map([header] + rows) { row in
            row.enumerated().map { index, cell in
                let line = Terminal.safe(cell, as: .line)
                let text = maxWidths[index].map { clip(line, to: $0) } ?? line
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

    /// A table no wider than `width` columns: the `flexible` columns (by index) give up width,
    /// widest first, down to 8 columns each; then, if the table is still too wide, the
    /// `lastResort` columns, down to the width each is given (a slug to 24); then, on a terminal
    /// too narrow for them all (a phone's, 40 columns), the `droppable` columns go, in their
    /// order, until it fits: every row wrapped onto two lines before (found by an exploratory
    /// session). The others are never cut.
    static func render(
        header: [String], rows: [[String]], fittingWidth width: Int, flexible: [Int], lastResort: [Int: Int] = [:],
        droppable: [Int] = []
    ) -> String {
        var natural = [Int](repeating: 0, count: header.count)
        for row in [header] + rows {
            for (index, cell) in row.enumerated() {
                natural[index] = max(natural[index], self.width(of: Terminal.safe(cell, as: .line)))
            }
        }
        var widths = natural
        let gaps = 2 * (header.count - 1)
        var excess = widths.reduce(0, +) + gaps - width
        for phase in [Dictionary(uniqueKeysWithValues: flexible.map { ($0, 8) }), lastResort] {
            while excess > 0 {
                guard
                    let widest = phase.keys.filter({ widths[$0] > phase[$0, default: 8] })
                        .max(by: { (widths[$0], $1) < (widths[$1], $0) })
                else { break }
                widths[widest] -= 1
                excess -= 1
            }
        }
        var dropped = Set<Int>()
        for column in droppable where excess > 0 && dropped.count < header.count - 1 {
            dropped.insert(column)
            excess -= widths[column] + 2
        }
        // What a dropped column leaves goes back to the columns cut before, the narrowest first,
        // the flexible ones before the last resort.
        let cut = (flexible + lastResort.keys.sorted()).filter { !dropped.contains($0) }
        while excess < 0,
            let narrowest = cut.filter({ widths[$0] < natural[$0] }).min(by: { widths[$0] < widths[$1] })
        {
            widths[narrowest] += 1
            excess += 1
        }
        let kept = header.indices.filter { !dropped.contains($0) }
        return render(
            header: kept.map { header[$0] }, rows: rows.map { row in kept.map { row[$0] } },
            maxWidths: kept.map { widths[$0] < natural[$0] ? widths[$0] : nil })
    }

    /// The table as standard output takes it: on a terminal, no wider than the terminal (the
    /// `flexible` columns give up width); piped, each column cut at most to `piped` (nil: whole),
    /// for the next program to read.
    static func forOutput(
        header: [String], rows: [[String]], flexible: [Int], lastResort: [Int: Int] = [:], droppable: [Int] = [],
        piped: [Int?]? = nil
    ) -> String {
        guard let columns = Terminal.outputColumns else {
            return render(header: header, rows: rows, maxWidths: piped ?? header.map { _ in nil })
        }
        return render(
            header: header, rows: rows, fittingWidth: columns, flexible: flexible, lastResort: lastResort,
            droppable: droppable)
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
    /// Five characters: "★★★★☆", or "★★★★½" for 4.5 ("¼" and "¾" for the other quarters).
    var stars5: String { Rating.starLines[quarters] }

    /// Made once for each of the twenty ratings: `list` shows one for each of thousands of books.
    private static let starLines = (0...20).map { quarters in
        let whole = quarters / 4
        let part = ["", "¼", "½", "¾"][quarters % 4]
        return String(repeating: "★", count: whole) + part
            + String(repeating: "☆", count: 5 - whole - (part.isEmpty ? 0 : 1))
    }
}

/// A one-line progress bar on standard error, drawn only when it is a terminal.
final class ProgressBar: Sendable {
    let label: String
    /// Drawn on a terminal that can take it back off its line: not on `TERM=dumb` (an editor's
    /// shell), which showed the escape that clears it as text (found by an exploratory session).
    let isTerminal = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    /// The terminal's width: a bar wider than it wrapped, and clearing it left the first half.
    let columns = Terminal.columns(of: STDERR_FILENO) ?? 80

    init(label: String) {
        self.label = label
    }

    func update(_ done: Int, of total: Int) {
        guard isTerminal, total > 0 else { return }
        // The label, a space, the bar, a space and "done/total", within the line.
        let counts = "\(total)/\(total)".count
        let width = max(0, min(30, columns - 1 - DisplayWidth.columns(of: label) - 2 - counts))
        let filled = width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        Terminal.write("\r\(label) \(bar) \(done)/\(total)", to: STDERR_FILENO)
    }

    /// Takes the bar off its line, for a message; the next update draws it again.
    func clear() {
        guard isTerminal else { return }
        Terminal.write("\r\u{1B}[2K", to: STDERR_FILENO)
    }

    func finish() {
        guard isTerminal else { return }
        Terminal.write("\r\u{1B}[2K", to: STDERR_FILENO)
    }
}
