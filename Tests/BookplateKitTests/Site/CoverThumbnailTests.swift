import CVips
import Foundation
import Synchronization
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// One at a time, cache tests included (nested below): the leak check counts every vips object in
/// the process.
@Suite(.serialized) struct CoverThumbnailTests {
    @Test func makesEachSizeKeepingTheAspect() throws {
        let source = try SampleImages.gradient(width: 1200, height: 1800)
        let covers = try CoverThumbnails.make(from: source)
        #expect(covers.sourceWidth == 1200 && covers.sourceHeight == 1800)
        #expect(covers.images.map { [$0.width, $0.height] } == [[200, 300], [400, 600], [600, 900]])
        #expect(covers.images.map(\.name) == ["200", "400", "600"])
        for image in covers.images {
            let info = try #require(ImageInfo(bytes: [UInt8](image.data)))
            #expect(info == ImageInfo(bytes: [UInt8](image.data)))
            #expect(
                [info.format.rawValue, "\(info.width)", "\(info.height)"] == ["jpg", image.name, "\(image.height)"])
        }
        #expect(CoverSize.allCases.map { covers.image(for: $0)?.width } == [200, 400, 600])
    }

    @Test func shrinksWhileDecodingWithoutLosingTheSizeOrTheAspect() throws {
        // JPEG shrinks by 4 and by 2 in its DCT, WebP by 2 in libwebp; odd sizes round.
        let cases = [(2501, 1201, ".jpg[Q=85]"), (1999, 2999, ".jpg[Q=85]"), (1300, 1950, ".webp")]
        for (width, height, suffix) in cases {
            let covers = try CoverThumbnails.make(
                from: SampleImages.solid(width: width, height: height, [90, 60, 30], as: suffix))
            #expect(covers.sourceWidth == width && covers.sourceHeight == height)
            #expect(covers.images.map(\.width) == [200, 400, 600])
            for image in covers.images {
                let exact = Double(height * image.width) / Double(width)
                #expect(abs(Double(image.height) - exact) <= 1, "\(width)×\(height) at \(image.width): \(image.height)")
            }
        }
    }

    @Test func keepsNoMetadata() throws {
        let source = try SampleImages.encoded(width: 700, height: 1000, as: ".jpg[Q=90]", orientation: 1) { x, _ in
            [UInt8(x % 256), 90, 40]
        }
        #expect(source.firstRange(of: Array("Exif".utf8)) != nil)
        for image in try CoverThumbnails.make(from: source).images {
            let bytes = [UInt8](image.data)
            #expect(bytes.firstRange(of: Array("Exif".utf8)) == nil)
            #expect(bytes.firstRange(of: Array("ICC_PROFILE".utf8)) == nil)
        }
    }

    @Test func neverEnlargesNorRepeatsASize() throws {
        let narrow = try CoverThumbnails.make(from: SampleImages.gradient(width: 300, height: 450, as: ".png"))
        #expect(narrow.images.map { [$0.width, $0.height] } == [[200, 300], [300, 450]])
        #expect(CoverSize.allCases.map { narrow.image(for: $0)?.width } == [200, 300, 300])

        let tiny = try CoverThumbnails.make(from: SampleImages.solid(width: 150, height: 100, [0, 128, 0], as: ".gif"))
        #expect(tiny.images.map { [$0.width, $0.height] } == [[150, 100]])
        #expect(CoverSize.allCases.map { tiny.image(for: $0)?.width } == [150, 150, 150])

        let exact = try CoverThumbnails.make(from: SampleImages.gradient(width: 400, height: 600, as: ".webp"))
        #expect(exact.images.map(\.width) == [200, 400])
    }

    @Test func turnsCoversUprightByTheirOrientation() throws {
        // Stored on its side, red on the left and blue on the right; orientation 6 says to turn it
        // a quarter clockwise, which puts the red at the top.
        let source = try SampleImages.encoded(width: 800, height: 400, orientation: 6) { x, _ in
            x < 400 ? [255, 0, 0] : [0, 0, 255]
        }
        let covers = try CoverThumbnails.make(from: source)
        #expect(covers.sourceWidth == 400 && covers.sourceHeight == 800)
        #expect(covers.images.map { [$0.width, $0.height] } == [[200, 400], [400, 800]])
        let picture = try SampleImages.decoded(try #require(covers.images.first).data)
        let top = Array(picture.pixels[(20 * picture.width + 100) * 3..<(20 * picture.width + 100) * 3 + 3])
        let bottom = Array(picture.pixels[(380 * picture.width + 100) * 3..<(380 * picture.width + 100) * 3 + 3])
        #expect(top[0] > 200 && top[2] < 60, "top pixel \(top)")
        #expect(bottom[2] > 200 && bottom[0] < 60, "bottom pixel \(bottom)")
    }

    @Test func laysTransparencyOverWhite() throws {
        let clear = try SampleImages.solid(width: 300, height: 300, [0, 0, 0, 0], as: ".png")
        let covers = try CoverThumbnails.make(from: clear)
        #expect(covers.dominantColor == "#ffffff")
        let picture = try SampleImages.decoded(try #require(covers.images.first).data)
        #expect(picture.bands == 3)
        #expect(picture.pixels.allSatisfy { $0 >= 250 })
    }

    @Test func givesTheSameBytesEveryTime() throws {
        let sources = [
            try SampleImages.gradient(width: 1000, height: 1500, seed: 7),
            try SampleImages.gradient(width: 640, height: 960, seed: 8, as: ".png"),
        ]
        for source in sources {
            let first = try CoverThumbnails.make(from: source)
            let second = try CoverThumbnails.make(from: source)
            #expect(first.images.map(\.data) == second.images.map(\.data))
            #expect(first == second)
        }
    }

    @Test func findsTheDominantColour() throws {
        let red = try CoverThumbnails.make(from: SampleImages.solid(width: 300, height: 450, [255, 0, 0]))
        let channels = try Self.channels(red.dominantColor)
        #expect(channels[0] >= 245 && channels[1] <= 10 && channels[2] <= 10, "\(red.dominantColor)")

        // Mostly navy with a yellow band: navy, not the grey-green average of the two.
        let banded = try SampleImages.encoded(width: 400, height: 600) { _, y in
            y < 150 ? [250, 210, 20] : [20, 30, 110]
        }
        let navy = try Self.channels(try CoverThumbnails.make(from: banded).dominantColor)
        #expect(abs(navy[0] - 20) <= 12 && abs(navy[1] - 30) <= 12 && abs(navy[2] - 110) <= 12, "\(navy)")
    }

    @Test func makesCoversOnSeveralThreadsAtOnce() throws {
        let sources = try (0..<6).map {
            try SampleImages.gradient(width: 700 + 60 * $0, height: 1000, seed: UInt64($0))
        }
        let alone = try sources.map { try CoverThumbnails.make(from: $0) }
        let together = Mutex([Int: CoverRenditions]())
        let failures = Mutex([String]())
        DispatchQueue.concurrentPerform(iterations: sources.count * 2) { index in
            do {
                let covers = try CoverThumbnails.make(from: sources[index % sources.count])
                together.withLock { $0[index] = covers }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let results = together.withLock { $0 }
        for index in 0..<sources.count * 2 {
            #expect(results[index] == alone[index % sources.count])
        }
    }

    @Test func errorsOnSeveralThreadsAtOnceStayErrors() throws {
        let good = try SampleImages.gradient(width: 600, height: 900)
        let truncated = Array(good.prefix(good.count / 2))
        let outcomes = Mutex([Int: String]())
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let outcome: String
            do {
                outcome =
                    "made \(try CoverThumbnails.make(from: index.isMultiple(of: 2) ? good : truncated).images.count)"
            } catch let error as ThumbnailError {
                if case .damaged = error.problem { outcome = "damaged" } else { outcome = "\(error)" }
            } catch {
                outcome = "\(error)"
            }
            outcomes.withLock { $0[index] = outcome }
        }
        let seen = outcomes.withLock { $0 }
        for index in 0..<8 { #expect(seen[index] == (index.isMultiple(of: 2) ? "made 3" : "damaged")) }
    }

    @Test func leaksNoImagesNorMemory() throws {
        let source = try SampleImages.gradient(width: 900, height: 1350, seed: 3)
        _ = try CoverThumbnails.make(from: source)
        let truncated = Array(source.prefix(source.count / 2))
        let objectsBefore = Self.liveVipsObjects()
        let memoryBefore = bp_tracked_memory()
        for _ in 0..<60 {
            _ = try CoverThumbnails.make(from: source)
            #expect(throws: ThumbnailError.self) { try CoverThumbnails.make(from: truncated) }
        }
        // A leak of one image a cover would show as 60 or more; another suite's covers in flight
        // at the same moment would add some for a while, so the count is taken a few times.
        var objectsAfter = Int.max
        var memoryAfter = Int.max
        for _ in 0..<10 where objectsAfter - objectsBefore >= 30 || memoryAfter - Int(memoryBefore) >= 4 << 20 {
            objectsAfter = min(objectsAfter, Self.liveVipsObjects())
            memoryAfter = min(memoryAfter, Int(bp_tracked_memory()))
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(objectsAfter - objectsBefore < 30)
        #expect(memoryAfter - Int(memoryBefore) < 4 << 20)
        // The count sees an image while it is held.
        try source.withUnsafeBytes { buffer in
            let image = try Vips.image { bp_load(buffer.baseAddress, buffer.count, $0) }
            #expect(Self.liveVipsObjects() > objectsBefore)
            #expect(image.width == 900)
        }
    }

    @Test func convertsThroughAnEmbeddedProfile() throws {
        // (200, 100, 50) in Display P3 is (215, 93, 31) in sRGB; the profile is not kept.
        let p3 = try SampleImages.solid(width: 300, height: 400, [200, 100, 50], as: ".jpg[Q=95,profile=p3]")
        #expect(p3.firstRange(of: Array("ICC_PROFILE".utf8)) != nil)
        let covers = try CoverThumbnails.make(from: p3)
        let color = try Self.channels(covers.dominantColor)
        #expect(abs(color[0] - 215) <= 4 && abs(color[1] - 93) <= 4 && abs(color[2] - 31) <= 4, "\(color)")
        #expect(covers.images.allSatisfy { [UInt8]($0.data).firstRange(of: Array("ICC_PROFILE".utf8)) == nil })
    }

    // MARK: - Bad input

    @Test func refusesWhatIsNotAnImage() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#
        let html = "<!doctype html><html><body><img src=x onerror=alert(1)></body></html>"
        var random = SeededRandom(seed: 99)
        var noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        noise[0] = 0x42
        for bytes in [Array(svg.utf8), Array(html.utf8), Array("just some text\n".utf8), noise] {
            #expect(Self.problem(bytes) == .notAnImage)
        }
    }

    @Test func refusesAnImageWithoutPixels() throws {
        #expect(Self.problem(SampleImages.webpHeader(width: 0, height: 0)) == .noPixels(width: 0, height: 0))
        #expect(Self.problem(SampleImages.pngHeader(width: 120, height: 0)) == .noPixels(width: 120, height: 0))
    }

    @Test func refusesADecompressionBombBeforeDecodingIt() throws {
        let bomb = SampleImages.pngHeader(width: 30000, height: 30000)
        #expect(bomb.count < 100)
        let started = ContinuousClock.now
        #expect(Self.problem(bomb) == .tooLarge(width: 30000, height: 30000))
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(Self.problem(SampleImages.pngHeader(width: 20001, height: 10)) == .tooLarge(width: 20001, height: 10))
        #expect(Self.problem(SampleImages.pngHeader(width: 8000, height: 7000)) == .tooLarge(width: 8000, height: 7000))
        let description = ThumbnailError(
            path: "content/covers/big.png", problem: .tooLarge(width: 30000, height: 30000)
        )
        .description
        #expect(
            description
                == "content/covers/big.png is 30000×30000 pixels, larger than covers may be (50 megapixels, 20000 a side): use a smaller image"
        )
    }

    /// A PNG is decoded whole: a 7000×7000 one of 16-bit colour with transparency took a build
    /// to 249 MB, four large ones to 763 MB (found by an exploratory session), and so is a
    /// progressive JPEG (found by a review). One that would take more than 48 MB to decode is
    /// refused before it is; a baseline JPEG or a lossy WebP of the same size, shrunk as they are
    /// decoded, are not.
    @Test func refusesAnImageDecodedWholeThatIsTooLargeButNotOneShrunkAsItIsDecoded() throws {
        let png = try SampleImages.solid(width: 4100, height: 4100, [200, 40, 40], as: ".png")
        let megabytes = (4100 * 4100 * 3 + (1 << 20) - 1) >> 20
        #expect(Self.problem(png) == .tooLargeToDecode(width: 4100, height: 4100, megabytes: megabytes))
        let progressive = try SampleImages.solid(width: 4100, height: 4100, [200, 40, 40], as: ".jpg[interlace]")
        #expect(ImageInfo(bytes: progressive)?.isDecodedWhole == true)
        #expect(Self.problem(progressive) == .tooLargeToDecode(width: 4100, height: 4100, megabytes: megabytes))
        #expect(
            ThumbnailError(
                path: "content/covers/scan.png", problem: .tooLargeToDecode(width: 4100, height: 4100, megabytes: 49)
            ).description
                == "content/covers/scan.png is 4100×4100 pixels, 49 MB to decode whole, more than a cover may take "
                + "(48 MB): save it smaller, or as a baseline JPEG")
        let baseline = try SampleImages.solid(width: 4100, height: 4100, [200, 40, 40])
        #expect(ImageInfo(bytes: baseline)?.isDecodedWhole == false)
        #expect(Self.problem(baseline) == nil)
        let lossy = try SampleImages.solid(width: 4100, height: 4100, [200, 40, 40], as: ".webp")
        #expect(ImageInfo(bytes: lossy)?.isDecodedWhole == false)
        #expect(Self.problem(lossy) == nil)
        let lossless = try SampleImages.solid(width: 64, height: 64, [200, 40, 40], as: ".webp[lossless]")
        #expect(ImageInfo(bytes: lossless)?.isDecodedWhole == true)
        #expect(Self.problem(try SampleImages.solid(width: 4000, height: 4000, [200, 40, 40], as: ".png")) == nil)
    }

    @Test func refusesATruncatedJPEG() throws {
        let whole = try SampleImages.gradient(width: 800, height: 1200)
        let problem = Self.problem(Array(whole.prefix(whole.count / 2)))
        guard case .damaged(let reason) = problem else {
            Issue.record("expected a damaged image, got \(String(describing: problem))")
            return
        }
        #expect(!reason.isEmpty)
        #expect(!reason.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    /// A cover with an ICC profile libvips cannot read is made without it, and what libvips said
    /// of it stayed behind: the next damaged cover was refused for "VipsIcc: not an ICC profile"
    /// (found by an exploratory session).
    @Test func aDamagedCoverIsRefusedForItsOwnReasonNotTheOneBefore() throws {
        let whole = try SampleImages.gradient(width: 400, height: 600)
        let garbage = [UInt8](repeating: 0x41, count: 200)
        let body = Array("ICC_PROFILE".utf8) + [0, 1, 1] + garbage
        let segment: [UInt8] = [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        let badProfile = Array(whole.prefix(2)) + segment + Array(whole.dropFirst(2))
        #expect(Self.problem(badProfile) == nil)
        guard case .damaged(let reason) = Self.problem(Array(whole.prefix(whole.count / 2))) else {
            Issue.record("a truncated JPEG was not refused as damaged")
            return
        }
        #expect(!reason.contains("ICC"), "\(reason)")
    }

    @Test func refusesAJPEGWhoseDataIsGarbage() throws {
        let whole = try SampleImages.gradient(width: 400, height: 600)
        // Keep the markers up to the start of the scan, then fill the scan with noise.
        let scanStart = try #require(whole.firstRange(of: [0xFF, 0xDA])).upperBound + 12
        var random = SeededRandom(seed: 5)
        let garbage = (0..<(whole.count - scanStart)).map { _ in UInt8.random(in: 0...0xFE, using: &random) }
        guard case .damaged = Self.problem(Array(whole.prefix(scanStart)) + garbage) else {
            Issue.record("a JPEG with garbage for data was not refused as damaged")
            return
        }
        // Only the signature, then noise: no frame header to read a size from.
        let signatureOnly: [UInt8] = [0xFF, 0xD8, 0xFF] + garbage.prefix(500)
        #expect(Self.problem(signatureOnly) == .damaged("its header gives no size"))
    }

    @Test func refusesAWebPWhoseDataIsNotAnImage() throws {
        var webp = SampleImages.webpHeader(width: 320, height: 480)
        webp += [UInt8](repeating: 0x55, count: 2000)
        guard case .damaged = Self.problem(webp) else {
            Issue.record("a WebP with nothing after its header was not refused as damaged")
            return
        }
    }

    @Test func printsNoWarningsOfLibvips() throws {
        // A text chunk with a wrong checksum: libpng warns and reads on, and the vips command
        // line prints "VIPS-WARNING **: tEXt: CRC error" for it.
        let png = try SampleImages.solid(width: 40, height: 60, [0, 0, 0], as: ".png")
        let text = Array("tEXt".utf8) + Array("Comment".utf8) + [0] + Array("hello".utf8)
        let chunk = [0, 0, 0, UInt8(text.count - 4)] + text + [0xDE, 0xAD, 0xBE, 0xEF]
        let damagedText = Array(png.prefix(33)) + chunk + Array(png.dropFirst(33))
        var covers: CoverRenditions?
        let printed = try Self.standardError { covers = try CoverThumbnails.make(from: damagedText) }
        #expect(printed == "")
        #expect(covers?.images.map(\.width) == [40])
    }

    @Test func describesEachProblemOnOneLine() {
        let problems: [ThumbnailError.Problem] = [
            .notAnImage, .empty, .noPixels(width: 0, height: 0), .tooLarge(width: 1, height: 2),
            .damaged("VipsJpeg: Premature end of input file"), .unreadable("no such file"),
            .cacheUnwritable("no space left on device"), .vipsUnavailable("version mismatch"),
            .vipsNotLoaded("libicudata.so.72: failed to map segment from shared object"),
        ]
        for problem in problems {
            let line = ThumbnailError(path: "content/covers/kindred.jpg", problem: problem).description
            #expect(!line.contains("\n"))
            #expect(line.contains("content/covers/kindred.jpg") || problem.isLibvips)
        }
        // libvips that cannot be mapped under a memory limit is nothing to reinstall; one that is
        // not there is to install (found by an exploratory session).
        let unmapped = ThumbnailError(
            problem: .vipsNotLoaded("libicudata.so.72: failed to map segment from shared object")
        ).description
        #expect(!unmapped.contains("install") && unmapped.contains("left out of this build"))
        let missing = ThumbnailError(
            problem: .vipsNotLoaded("libvips.so.42: cannot open shared object file: No such file or directory"))
        #expect(missing.description.contains("install libvips 8"))
        #expect(
            ThumbnailError(problem: .notAnImage).description
                == "the cover image is not a JPEG, PNG, GIF or WebP image: replace it or delete it")
        // An empty file was "not a JPEG, PNG, GIF or WebP image" (found by an exploratory session).
        #expect(Self.problem([]) == .empty)
    }

    // MARK: - Helpers

    static func problem(_ bytes: [UInt8]) -> ThumbnailError.Problem? {
        do {
            _ = try CoverThumbnails.make(from: bytes)
            return nil
        } catch let error as ThumbnailError {
            return error.problem
        } catch {
            return .unreadable("\(error)")
        }
    }

    /// What `work` wrote to the standard error (file descriptor 2, where GLib prints warnings).
    static func standardError(during work: () throws -> Void) throws -> String {
        let capture = try TestPaths.temporaryFolder("stderr").appendingPathComponent("stderr.txt")
        let descriptor = open(capture.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let saved = dup(2)
        fflush(nil)
        dup2(descriptor, 2)
        defer {
            fflush(nil)
            dup2(saved, 2)
            close(saved)
            close(descriptor)
        }
        try work()
        fflush(nil)
        return try String(contentsOf: capture, encoding: .utf8)
    }

    static func channels(_ color: String) throws -> [Int] {
        #expect(color.count == 7 && color.hasPrefix("#"))
        let digits = Array(color.dropFirst())
        return try stride(from: 0, to: 6, by: 2).map { index in
            try #require(Int(String(digits[index..<index + 2]), radix: 16))
        }
    }

    /// How many vips objects (images, operations, buffers) exist in the process now.
    static func liveVipsObjects() -> Int {
        Int(bp_live_objects())
    }
}

extension CoverThumbnailTests {
    @Suite struct CacheTests {
        /// How many covers the cache under test asked libvips for.
        final class Calls: Sendable {
            let count = Mutex(0)
            var value: Int { count.withLock { $0 } }
        }

        let folder: URL
        let sources: URL
        let calls = Calls()

        init() throws {
            let scratch = try TestPaths.temporaryFolder("thumbnails")
            folder = scratch.appendingPathComponent("content/.bookplate/thumbnails")
            sources = scratch.appendingPathComponent("covers")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        }

        func cache(recipe: String = CoverThumbnails.recipe) -> ThumbnailCache {
            let calls = calls
            return ThumbnailCache(folder: folder, recipe: recipe) { bytes in
                calls.count.withLock { $0 += 1 }
                return try CoverThumbnails.make(from: bytes)
            }
        }

        func source(_ name: String, _ bytes: [UInt8]) throws -> URL {
            let url = sources.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return url
        }

        func entryNames() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        }

        @Test func aSecondLookUpReadsTheCacheWithoutLibvips() throws {
            let bytes = try SampleImages.gradient(width: 900, height: 1350, seed: 11)
            let url = try source("kindred.jpg", bytes)
            let first = try cache().entry(forSourceAt: url)
            #expect(calls.value == 1)
            #expect(try entryNames() == [first.key])
            let files = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent(first.key).path)
            #expect(files.sorted() == ["200.jpg", "400.jpg", "600.jpg", "renditions.json"])

            // Another build, another cache value on the same folder.
            let second = try cache().entry(forSourceAt: url)
            #expect(calls.value == 1)
            #expect(first.wasMade && !second.wasMade)
            #expect(second.key == first.key && second.renditions == first.renditions)
            #expect(second.renditions == (try CoverThumbnails.make(from: bytes)))
            #expect(second.key.count == 64)
        }

        @Test func aKnownKeyFindsItsEntryWithoutTheSource() throws {
            let made = try cache().entry(for: try SampleImages.gradient(width: 500, height: 750, seed: 21))
            let found = try #require(cache().cachedEntry(forKey: made.key))
            #expect(found.key == made.key && found.renditions == made.renditions && !found.wasMade)
            #expect(calls.value == 1)
            #expect(cache().cachedEntry(forKey: String(repeating: "0", count: 64)) == nil)
            #expect(cache().cachedEntry(forKey: "../../covers") == nil)
            #expect(cache().cachedEntry(forKey: made.key.uppercased()) == nil)
        }

        @Test func aChangedSourceGetsANewEntry() throws {
            let url = try source("kindred.jpg", try SampleImages.gradient(width: 700, height: 1000, seed: 1))
            let before = try cache().entry(forSourceAt: url)
            try Data(try SampleImages.gradient(width: 700, height: 1000, seed: 2)).write(to: url)
            let after = try cache().entry(forSourceAt: url)
            #expect(calls.value == 2)
            #expect(before.key != after.key)
            #expect(before.renditions.images.map(\.data) != after.renditions.images.map(\.data))
            #expect(try entryNames() == [before.key, after.key].sorted())
        }

        @Test func theKeyIsTheSHA256OfRecipeAndSource() throws {
            let bytes = try SampleImages.gradient(width: 300, height: 450, seed: 12)
            let cache = cache(recipe: "recipe 1")
            #expect(cache.key(for: bytes) == ContentHash.sha256Hex(of: Array("recipe 1".utf8) + [0] + bytes))
            #expect(cache.key(for: []) == ContentHash.sha256Hex(of: Array("recipe 1".utf8) + [0]))
        }

        @Test func theRecipeIsPartOfTheKey() throws {
            let bytes = try SampleImages.solid(width: 300, height: 450, [10, 120, 200])
            let current = try cache().entry(for: bytes)
            let next = try cache(recipe: CoverThumbnails.recipe + " sharper").entry(for: bytes)
            #expect(current.key != next.key)
            #expect(calls.value == 2)
        }

        @Test func anEntryThatIsNotWholeIsMadeAgain() throws {
            let url = try source("kindred.jpg", try SampleImages.gradient(width: 800, height: 1200, seed: 4))
            let made = try cache().entry(forSourceAt: url)
            let entry = folder.appendingPathComponent(made.key)

            // A rendition cut short (a crash after the rename, before the data reached the disk).
            let cut = entry.appendingPathComponent("400.jpg")
            let whole = try Data(contentsOf: cut)
            try whole.prefix(whole.count / 2).write(to: cut)
            #expect(try cache().entry(forSourceAt: url).renditions == made.renditions)
            #expect(calls.value == 2)
            #expect(try Data(contentsOf: cut) == whole)

            // A rendition damaged in place, at its length and with a JPEG's first and last bytes
            // (it was published as it was: found by an exploratory session).
            var damaged = whole
            damaged.replaceSubrange(2000..<2007, with: Data("GARBAGE".utf8))
            try damaged.write(to: cut)
            #expect(try cache().entry(forSourceAt: url).renditions == made.renditions)
            #expect(calls.value == 3)
            #expect(try Data(contentsOf: cut) == whole)

            // Images without their description.
            try FileManager.default.removeItem(at: entry.appendingPathComponent("renditions.json"))
            #expect(try cache().entry(forSourceAt: url).renditions == made.renditions)
            #expect(calls.value == 4)

            // A description that is not one.
            try Data("{\"recipe\": ".utf8).write(to: entry.appendingPathComponent("renditions.json"))
            #expect(try cache().entry(forSourceAt: url).renditions == made.renditions)
            #expect(calls.value == 5)

            // What a killed build leaves: a folder under its temporary name, never read however whole
            // it looks.
            try FileManager.default.moveItem(
                at: entry, to: folder.appendingPathComponent(".partial-\(UUID().uuidString)"))
            #expect(try cache().entry(forSourceAt: url).renditions == made.renditions)
            #expect(calls.value == 6)
            #expect(try cache().entry(forSourceAt: url).renditions == made.renditions)
            #expect(calls.value == 6)
        }

        @Test func removesEntriesNoBuildUsed() throws {
            let keys = try (1...3).map { seed in
                try cache().entry(for: try SampleImages.gradient(width: 300, height: 450, seed: UInt64(seed))).key
            }
            let partial = folder.appendingPathComponent(".partial-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: folder.appendingPathComponent("README"))
            #expect(try cache().removeEntries(keeping: [keys[1]]) == 3)
            #expect(try entryNames() == ["README", keys[1]].sorted())
            #expect(try cache().removeEntries(keeping: [keys[1]]) == 0)

            let empty = ThumbnailCache(folder: sources.appendingPathComponent("never-made"))
            #expect(try empty.removeEntries(keeping: []) == 0)
        }

        @Test func twoThreadsMakingTheSameCoverLeaveOneEntry() throws {
            let bytes = try SampleImages.gradient(width: 640, height: 960, seed: 9)
            let cache = cache()
            let entries = Mutex([ThumbnailCache.Entry]())
            let failures = Mutex([String]())
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do {
                    let entry = try cache.entry(for: bytes)
                    entries.withLock { $0.append(entry) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 } == [])
            let made = entries.withLock { $0 }
            #expect(made.count == 4)
            #expect(Set(made.map(\.key)).count == 1)
            #expect(made.allSatisfy { $0.renditions == made[0].renditions })
            #expect(try entryNames() == [made[0].key])
        }

        @Test func sniffsTheFormatWhateverTheFileIsCalled() throws {
            let url = try source("kindred.jpg", try SampleImages.gradient(width: 500, height: 750, as: ".png"))
            let entry = try cache().entry(forSourceAt: url)
            #expect(entry.renditions.images.map(\.width) == [200, 400, 500])
        }

        @Test func badSourcesAreNamedAndNeverCached() throws {
            let script = #"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#
            let svg = try source("kindred.jpg", Array(script.utf8))
            #expect(throws: ThumbnailError(path: svg.relativePathForDisplay, problem: .notAnImage)) {
                try cache().entry(forSourceAt: svg)
            }
            let bomb = try source("bomb.png", SampleImages.pngHeader(width: 30000, height: 30000))
            #expect(
                throws: ThumbnailError(
                    path: bomb.relativePathForDisplay, problem: .tooLarge(width: 30000, height: 30000))
            ) {
                try cache().entry(forSourceAt: bomb)
            }
            let missing = sources.appendingPathComponent("missing.jpg")
            #expect(
                throws: ThumbnailError(
                    path: missing.relativePathForDisplay, problem: .unreadable("No such file or directory"))
            ) {
                try cache().entry(forSourceAt: missing)
            }
            #expect(
                throws: ThumbnailError(path: sources.relativePathForDisplay, problem: .unreadable("Is a directory"))
            ) {
                try cache().entry(forSourceAt: sources)
            }
            #expect(!FileManager.default.fileExists(atPath: folder.path))
        }

        @Test func aCacheThatCannotBeWrittenSaysSo() throws {
            try FileManager.default.createDirectory(
                at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("not a folder".utf8).write(to: folder)
            let error = #expect(throws: ThumbnailError.self) {
                try cache().entry(for: try SampleImages.solid(width: 200, height: 300, [1, 2, 3]))
            }
            guard case .cacheUnwritable = error?.problem else {
                Issue.record("writing into a file gave \(String(describing: error))")
                return
            }
            #expect(error?.description.hasPrefix("could not write the thumbnail cache at ") == true)
        }
    }
}
