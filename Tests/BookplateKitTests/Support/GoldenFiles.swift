import Foundation
import Testing

/// Compares generated files with committed golden copies.
///
/// Set `BOOKPLATE_RECORD_GOLDEN=1` to write the golden files anew; the run that records fails, so
/// a new golden file is always looked at before it is trusted.
enum GoldenFiles {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["BOOKPLATE_RECORD_GOLDEN"] == "1" }

    /// Checks that `actual` (relative path → bytes) matches the golden folder `name` exactly:
    /// the same files, each byte for byte.
    static func verify(
        _ actual: [String: Data], against name: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let folder = TestPaths.golden.appendingPathComponent(name)
        if isRecording {
            try? FileManager.default.removeItem(at: folder)
            for (path, data) in actual {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            Issue.record(
                "Recorded \(actual.count) golden files in \(folder.path); unset BOOKPLATE_RECORD_GOLDEN and run again.",
                sourceLocation: sourceLocation)
            return
        }
        let expected = try TemporaryShelf.snapshot(of: folder)
        #expect(
            !expected.isEmpty, "no golden files in \(folder.path): record them with BOOKPLATE_RECORD_GOLDEN=1",
            sourceLocation: sourceLocation)
        let missing = Set(expected.keys).subtracting(actual.keys).sorted()
        let extra = Set(actual.keys).subtracting(expected.keys).sorted()
        #expect(
            missing.isEmpty, "the build no longer makes: \(missing.joined(separator: ", "))",
            sourceLocation: sourceLocation)
        #expect(
            extra.isEmpty, "the build newly makes: \(extra.joined(separator: ", "))", sourceLocation: sourceLocation)
        for path in Set(expected.keys).intersection(actual.keys).sorted() where expected[path] != actual[path] {
            Issue.record(
                "\(name)/\(path) differs from its golden file:\n\(readableDiff(expected[path] ?? Data(), actual[path] ?? Data()))",
                sourceLocation: sourceLocation)
        }
    }

    /// A short line diff: the first differing lines with a little context.
    static func readableDiff(_ expected: Data, _ actual: Data) -> String {
        let old = String(decoding: expected, as: UTF8.self).components(separatedBy: "\n")
        let new = String(decoding: actual, as: UTF8.self).components(separatedBy: "\n")
        guard
            let first = zip(old, new).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                ?? (old.count != new.count ? min(old.count, new.count) : nil)
        else { return "(same text, different bytes)" }
        var lines: [String] = []
        for index in max(0, first - 2)..<first { lines.append("  \(index + 1)  \(old[index])") }
        for index in first..<min(old.count, first + 6) { lines.append("- \(index + 1)  \(old[index])") }
        for index in first..<min(new.count, first + 6) { lines.append("+ \(index + 1)  \(new[index])") }
        return lines.joined(separator: "\n")
    }
}
