import Foundation
import Testing

@testable import BookplateCore
@testable import BookplateKit

/// The one rule a cover is held to, whether it was downloaded or came with an import (a Calibre
/// library's `cover.jpg`), and each reason an import's cover is left out.
@Suite struct ImportedCoversTests {
    @Test func aCoverIsAWholeImageOfASizeABuildPublishes() throws {
        let jpeg = try SampleImages.solid(width: 40, height: 60, [200, 30, 30])
        #expect(try ImageInfo.cover(jpeg).format == .jpeg)
        #expect(throws: ImageInfo.CoverRefusal.notAnImage) { try ImageInfo.cover(Array("GIF? no".utf8)) }
        // A single pixel is a catalog's "no cover", not a cover.
        let pixel = try SampleImages.solid(width: 1, height: 1, [0, 0, 0], as: ".png")
        #expect(throws: ImageInfo.CoverRefusal.notAnImage) { try ImageInfo.cover(pixel) }
        #expect(throws: ImageInfo.CoverRefusal.tooLarge(width: 30_000, height: 30_000)) {
            try ImageInfo.cover(SampleImages.pngHeader(width: 30_000, height: 30_000))
        }
        #expect(throws: ImageInfo.CoverRefusal.cutShort) { try ImageInfo.cover(Array(jpeg.dropLast(40))) }
    }

    /// Each way an import's cover file fails is said as what it is, and none is followed or read
    /// whole when it should not be.
    @Test func anImportsCoverFileIsReadOnlyWhenItMayBeACover() throws {
        let folder = try TestPaths.temporaryFolder("imported-covers")
        func reason(_ name: String) -> String? {
            guard case .failure(let problem) = ImportedCovers.image(at: folder.appendingPathComponent(name)) else {
                return nil
            }
            return problem.reason
        }
        let jpeg = try SampleImages.solid(width: 40, height: 60, [200, 30, 30])
        try Data(jpeg).write(to: folder.appendingPathComponent("good.jpg"))
        guard case .success(let (data, format)) = ImportedCovers.image(at: folder.appendingPathComponent("good.jpg"))
        else {
            Issue.record("a whole JPEG is a cover")
            return
        }
        #expect(data == Data(jpeg) && format == "jpg")

        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("linked.jpg"),
            withDestinationURL: folder.appendingPathComponent("good.jpg"))
        #expect(reason("linked.jpg") == "cover.jpg cannot be read")
        #expect(reason("missing.jpg") == "cover.jpg cannot be read")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("folder.jpg"), withIntermediateDirectories: false)
        #expect(reason("folder.jpg") == "cover.jpg is not a file")
        #expect(mkfifo(folder.appendingPathComponent("pipe.jpg").path, 0o644) == 0)
        #expect(reason("pipe.jpg") == "cover.jpg is not a file", "a pipe is not waited on")
        // Larger than a build reads: refused by its size, not read (the file is sparse).
        let huge = folder.appendingPathComponent("huge.jpg")
        FileManager.default.createFile(atPath: huge.path, contents: Data(jpeg))
        #expect(truncate(huge.path, off_t(ImageInfo.maximumFileSize + 1)) == 0)
        #expect(reason("huge.jpg") == "cover.jpg is larger than 32 MB")
        try Data().write(to: folder.appendingPathComponent("empty.jpg"))
        #expect(reason("empty.jpg") == "cover.jpg is empty")
        try Data("<html>".utf8).write(to: folder.appendingPathComponent("page.jpg"))
        #expect(reason("page.jpg") == "cover.jpg is not an image (JPEG, PNG, GIF or WebP)")
        try Data(jpeg.dropLast(40)).write(to: folder.appendingPathComponent("cut.jpg"))
        #expect(reason("cut.jpg") == "cover.jpg is cut short")
        try Data(SampleImages.pngHeader(width: 30_000, height: 30_000)).write(
            to: folder.appendingPathComponent("bomb.jpg"))
        #expect(reason("bomb.jpg") == "cover.jpg is 30000×30000, larger than a build publishes")
    }

    /// A file read with a limit is refused when larger, and read whole at the limit.
    @Test func aFileLargerThanItsLimitIsRefusedUnread() throws {
        let folder = try TestPaths.temporaryFolder("file-input-limit")
        let path = folder.appendingPathComponent("ten").path
        try Data(repeating: 7, count: 10).write(to: URL(fileURLWithPath: path))
        #expect(try FileInput.bytes(atPath: path, maximumSize: 10).count == 10)
        #expect(throws: FileInput.Failure.self) { try FileInput.bytes(atPath: path, maximumSize: 9) }
        do {
            _ = try FileInput.bytes(atPath: path, maximumSize: 9)
        } catch {
            guard case .larger(than: 9) = error else {
                Issue.record("\(error)")
                return
            }
        }
    }
}
