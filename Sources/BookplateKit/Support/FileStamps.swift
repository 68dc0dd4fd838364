import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sizes and modification times of the files in a folder tree, read with `stat` directly: a
/// ten-thousand-book shelf asks for them on every build.
enum FileStamps {
    struct Stamp: Hashable, Codable, Sendable {
        var size: Int
        var modified: Double
    }

    /// Every regular file below `folder` (hidden files and folders left out), by relative path.
    static func scan(_ folder: URL, suffix: String? = nil) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        scan(folder.path, prefix: "", suffix: suffix, into: &stamps)
        return stamps
    }

    private static func scan(_ path: String, prefix: String, suffix: String?, into stamps: inout [String: Stamp]) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let full = path + "/" + name
            var info = stat()
            // lstat: a link is not followed, so a link back up the tree cannot loop.
            guard lstat(full, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                scan(full, prefix: prefix + name + "/", suffix: suffix, into: &stamps)
            } else if (info.st_mode & S_IFMT) == S_IFREG, suffix.map({ name.hasSuffix($0) }) ?? true {
                #if canImport(Darwin)
                    let time = info.st_mtimespec
                #else
                    let time = info.st_mtim
                #endif
                let modified = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
                stamps[prefix + name] = Stamp(size: Int(info.st_size), modified: modified)
            }
        }
    }
}

extension Fingerprint {
    mutating func combine(_ stamps: [String: FileStamps.Stamp]) {
        for (path, stamp) in stamps.sorted(by: { $0.key < $1.key }) {
            combine(path)
            combine(stamp.size)
            combine(String(stamp.modified))
        }
    }
}
