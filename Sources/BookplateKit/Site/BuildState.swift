import Foundation

/// One file a build may write: where, a fingerprint of what it is made from, and how to make it.
struct PlannedOutput: Sendable {
    var path: String
    var fingerprint: String
    var make: @Sendable () throws -> Data
}

/// What the last build wrote, kept in `content/.bookplate/build-state.json` (not in the site:
/// it holds modification times, which differ from machine to machine).
///
/// `inputs` fingerprints everything a build reads, so an unchanged shelf is recognised without
/// loading it; `files` fingerprints each output, so a change rewrites only the files it touches.
struct BuildState: Codable, Sendable, Equatable {
    var format = 1
    var site: String
    var inputs: String
    var files: [String: String]

    static func load(from url: URL) -> BuildState? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try? JSONDecoder().decode(BuildState.self, from: data)
    }

    func save(to url: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A state that cannot be saved only costs the next build its shortcut.
        try? data.write(to: url, options: .atomic)
    }
}

extension Fingerprint {
    /// Names, sizes and modification times of the files below `folder` (hidden ones aside).
    mutating func combineFiles(in folder: URL, suffix: String? = nil) {
        combine(folder.path)
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return }
        var entries: [(String, Int, Double)] = []
        for case let relative as String in enumerator {
            if relative.hasPrefix(".") || relative.contains("/.") { continue }
            if let suffix, !relative.hasSuffix(suffix) { continue }
            let path = folder.appendingPathComponent(relative).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                (attributes[.type] as? FileAttributeType) == .typeRegular
            else { continue }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            entries.append((relative, size, modified))
        }
        for (relative, size, modified) in entries.sorted(by: { $0.0 < $1.0 }) {
            combine(relative)
            combine(size)
            combine(String(modified))
        }
    }
}
