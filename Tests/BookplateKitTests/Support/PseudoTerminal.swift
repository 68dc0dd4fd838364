import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `bookplate` on a pseudo-terminal, as a reader at a terminal would: standard
/// input, output and error are the terminal, `columns` wide. `input` is typed at once (the
/// terminal holds it until the program reads); everything shown, echo included, comes back.
enum PseudoTerminal {
    struct Result {
        var status: Int32
        var screen: String
    }

    /// With `controlling`, the terminal is the program's controlling terminal, as a shell's is
    /// (util-linux's `setsid --ctty` makes it a session of its own): what it starts can be in the
    /// terminal's foreground, or not. With `output`, standard output goes to that file instead,
    /// as `bookplate … > file` at a terminal.
    static func run(
        _ arguments: [String], in folder: URL, typing input: String = "", columns: UInt16 = 80,
        environment extra: [String: String] = [:], controlling: Bool = false, output: URL? = nil
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Swift.Result {
                        try runBlocking(
                            arguments, in: folder, typing: input, columns: columns, environment: extra,
                            controlling: controlling, output: output)
                    })
            }
        }
    }

    private static func runBlocking(
        _ arguments: [String], in folder: URL, typing input: String, columns: UInt16,
        environment extra: [String: String], controlling: Bool, output: URL?
    ) throws -> Result {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&primary, &secondary, nil, nil, &size) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
        let process = Process()
        if controlling {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            process.arguments = ["--ctty", "--wait", TestPaths.executable.path] + arguments
        } else {
            process.executableURL = TestPaths.executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        for key in ["VISUAL", "EDITOR", "BOOKPLATE_LIBRARY", "COLUMNS"] { environment[key] = nil }
        environment.merge(extra) { _, given in given }
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: false)
        process.standardInput = terminal
        if let output {
            FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            process.standardOutput = terminal
        }
        process.standardError = terminal
        try process.run()
        close(secondary)
        if !input.isEmpty {
            _ = input.utf8CString.withUnsafeBufferPointer { write(primary, $0.baseAddress, $0.count - 1) }
        }
        var screen = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(primary, &buffer, buffer.count)
            // Linux answers EIO once the program has closed its side.
            if count <= 0 { break }
            screen.append(contentsOf: buffer[0..<count])
        }
        process.waitUntilExit()
        close(primary)
        return Result(
            status: process.terminationStatus,
            screen: String(decoding: screen, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"))
    }
}
