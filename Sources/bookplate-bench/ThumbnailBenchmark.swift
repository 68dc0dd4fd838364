import BookplateCore
import BookplateSite
import CVips
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Cover thumbnails at the scale of a real shelf: a thousand covers from 600×900 to 1600×2400,
/// ten of them 4000×3000 photos of about 3 MB, made cold on every core, then again from a warm
/// cache, with the peak memory of the process that did it.
///
/// `bookplate-bench thumbnails [--covers N] [--folder PATH] [--samples-only]` makes the sample covers in PATH
/// (default `.build/bench-covers`; kept, so later runs skip this; `--samples-only` stops there and
/// prints their folder, for `Tests/bench/cover_benchmark.py`) and then measures in a process
/// of its own, so that making the samples does not count in its peak memory. (`Parallel.map`,
/// which spreads the work as a build does, uses one core for fewer than 128 covers.)
enum ThumbnailBenchmark {
    static func run(_ arguments: [String]) throws {
        var count = 1000
        var folder = URL(fileURLWithPath: ".build/bench-covers")
        var measureOnly = false
        var samplesOnly = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--covers": count = Int(remaining.popFirst() ?? "") ?? count
            case "--folder": folder = URL(fileURLWithPath: remaining.popFirst() ?? folder.path)
            case "--measure": measureOnly = true
            case "--samples-only": samplesOnly = true
            default: throw BenchError.unknownArgument(argument)
            }
        }
        let covers = folder.appendingPathComponent("\(count)")
        if measureOnly { return try measure(covers) }
        try makeSamples(count: count, in: covers)
        if samplesOnly { return print(covers.path) }
        let child = Process()
        child.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["thumbnails", "--covers", "\(count)", "--folder", folder.path, "--measure"]
        try child.run()
        child.waitUntilExit()
        if child.terminationStatus != 0 { throw BenchError.measureFailed(child.terminationStatus) }
    }

    /// The sample covers' sizes: mostly book-shaped, from 600 to 1600 pixels wide, one in a
    /// hundred a 4000×3000 camera photo.
    static func size(ofCover index: Int) -> (width: Int, height: Int) {
        if index % 100 == 99 { return (4000, 3000) }
        let width = 600 + (index * 7919) % 1001
        return (width, width * 3 / 2)
    }

    static func makeSamples(count: Int, in folder: URL) throws {
        let done = folder.appendingPathComponent(".complete")
        if FileManager.default.fileExists(atPath: done.path) { return }
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let started = ContinuousClock.now
        let failures = Parallel.map(Array(0..<count)) { index -> String? in
            let size = size(ofCover: index)
            let name = folder.appendingPathComponent(String(format: "cover-%04d.jpg", index))
            do {
                let bytes = try sample(width: size.width, height: size.height, seed: UInt64(index))
                try bytes.write(to: name)
                return nil
            } catch {
                return "\(name.lastPathComponent): \(error)"
            }
        }.compactMap { $0 }
        if let failure = failures.first { throw BenchError.sampleFailed(failure) }
        try Data().write(to: done)
        let total = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .compactMap { try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path) }
            .compactMap { $0[.size] as? Int }.reduce(0, +)
        print(
            "Made \(count) sample covers (\(total / 1_048_576) MiB) in \(seconds(ContinuousClock.now - started))"
        )
    }

    /// A JPEG of soft colour bands with grain, which compresses about as a scanned cover does
    /// (the 4000×3000 ones come to about 3 MB).
    static func sample(width: Int, height: Int, seed: UInt64) throws -> Data {
        var random = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let hue = Int(seed % 6)
        for y in 0..<height {
            let band = (y * 8 / height + hue) % 6
            for x in 0..<width {
                random ^= random << 13
                random ^= random >> 7
                random ^= random << 17
                let grain = Int(random & 15)
                let offset = (y * width + x) * 3
                let base = [x * 200 / width, y * 200 / height, band * 40]
                for channel in 0..<3 {
                    pixels[offset + channel] = UInt8(clamping: base[(channel + hue) % 3] + grain)
                }
            }
        }
        if bp_start() != 0 { throw BenchError.sampleFailed("bp_start") }
        var made: OpaquePointer?
        guard
            pixels.withUnsafeBytes({ buffer in
                bp_from_pixels(buffer.baseAddress, buffer.count, Int32(width), Int32(height), 3, &made)
            }) == 0, let image = made
        else { throw BenchError.sampleFailed("bp_from_pixels") }
        defer { bp_unref(image) }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard bp_save_buffer(image, ".jpg[Q=92]", &buffer, &length) == 0, let buffer else {
            throw BenchError.sampleFailed("jpegsave")
        }
        defer { bp_free(buffer) }
        return Data(bytes: buffer, count: length)
    }

    /// Each step on every core (`Parallel.map`, as a build does), returning per cover only a
    /// digest of what was made, so that the peak memory is that of the work, not of the tally.
    static func measure(_ folder: URL) throws {
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".jpg") }.sorted().map { folder.appendingPathComponent($0) }
        let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bookplate-thumbnails-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cacheFolder) }
        let cache = ThumbnailCache(folder: cacheFolder)
        let read: @Sendable (URL) -> [UInt8] = { url in (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? [] }

        let (hashing, sizes) = timed {
            Parallel.map(sources) { url in
                let bytes = read(url)
                return (bytes.count, ContentHash.sha256Hex(of: bytes).count)
            }
        }
        let megabytes = Double(sizes.map(\.0).reduce(0, +)) / 1_048_576
        let (makeOnly, made) = timed {
            Parallel.map(sources) { url in (try? CoverThumbnails.make(from: read(url))).map(digest) }
        }
        let (cold, coldEntries) = timed {
            Parallel.map(sources) { url in (try? cache.entry(forSourceAt: url)).map(Tally.init) }
        }
        let (warm, warmEntries) = timed {
            Parallel.map(sources) { url in (try? cache.entry(forSourceAt: url)).map(Tally.init) }
        }
        let keys = coldEntries.map { $0?.key ?? "" }
        let (byKey, byKeyEntries) = timed {
            Parallel.map(keys) { key in cache.cachedEntry(forKey: key).map(Tally.init) }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)

        let failures = [made.count(where: { $0 == nil }), coldEntries.count(where: { $0 == nil })].reduce(0, +)
        if failures > 0 { throw BenchError.sampleFailed("\(failures) covers failed") }
        let madeCold = coldEntries.count { $0?.wasMade == true }
        let madeWarm = warmEntries.count { $0?.wasMade != false } + byKeyEntries.count { $0?.wasMade != false }
        let identical =
            made.map { $0?.digest } == coldEntries.map { $0?.digest }
            && made.map { $0?.digest } == warmEntries.map { $0?.digest }
            && made.map { $0?.digest } == byKeyEntries.map { $0?.digest }
        let output = made.compactMap { $0?.bytes }.reduce(0, +)

        print(
            "Cover thumbnails: \(sources.count) covers, \(String(format: "%.0f", megabytes)) MiB of JPEG, ",
            terminator: "")
        print("\(ProcessInfo.processInfo.activeProcessorCount) cores, \(CoverThumbnails.recipe)")
        print("| step (every core) | wall time | notes |")
        print("|---|---|---|")
        print(
            "| read every source, SHA-256 by ContentHash (the cache uses GLib's) | \(seconds(hashing)) | \(String(format: "%.0f", megabytes / secondsValue(hashing))) MiB/s |"
        )
        print("| renditions, no cache | \(seconds(makeOnly)) | \(output / 1_048_576) MiB of JPEG out |")
        print("| cold cache: read, hash, make, write | \(seconds(cold)) | libvips made \(madeCold) |")
        print(
            "| warm cache: read, hash, read entry | \(seconds(warm)) | libvips made \(madeWarm) in this and the next |")
        print(
            "| warm cache by known key: read entry | \(seconds(byKey)) | renditions byte-identical in all four runs: \(identical) |"
        )
        print(
            "| peak memory (max RSS) | \(usage.ru_maxrss / 1024) MiB | the whole measuring process; libvips' own pixel buffers at most \(bp_tracked_memory_highwater() / 1_048_576) MiB |"
        )
    }

    /// What a run made of one cover: enough to compare runs without keeping the images.
    struct Tally: Sendable {
        var key = ""
        var wasMade = true
        var digest: Int
        var bytes: Int

        init(_ entry: ThumbnailCache.Entry) {
            self = ThumbnailBenchmark.digest(entry.renditions)
            key = entry.key
            wasMade = entry.wasMade
        }

        init(digest: Int, bytes: Int) {
            self.digest = digest
            self.bytes = bytes
        }
    }

    static func digest(_ renditions: CoverRenditions) -> Tally {
        var hasher = Hasher()
        for image in renditions.images { image.data.withUnsafeBytes { hasher.combine(bytes: $0) } }
        hasher.combine(renditions.dominantColor)
        return Tally(digest: hasher.finalize(), bytes: renditions.images.map(\.data.count).reduce(0, +))
    }

    static func timed<T>(_ work: () -> T) -> (Duration, T) {
        let started = ContinuousClock.now
        let result = work()
        return (ContinuousClock.now - started, result)
    }

    static func time(_ work: () -> Void) -> Duration { timed(work).0 }
}
