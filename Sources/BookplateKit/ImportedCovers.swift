import BookplateCatalog
import BookplateCore
import BookplateLibrary
import Foundation

/// The covers an import's source keeps with its books (a Calibre library's `cover.jpg`), copied
/// into the shelf's covers folder for the books that have none yet, through the checks a
/// downloaded cover passes: a real JPEG, PNG, GIF or WebP, whole, of a size a build publishes.
/// One that fails them is left out with a warning on its row, and the book still comes in.
struct ImportedCovers {
    /// Each cover file, by the row (line) of its record.
    let files: [Int: URL]

    init(_ file: ImportFile) {
        var files: [Int: URL] = [:]
        for record in file.records {
            if let url = record.coverFile { files[record.line] = url }
        }
        self.files = files
    }

    /// Copies the cover of each row imported (added, updated or unchanged) into `folder` as
    /// `<slug>.<ext>`, unless the book has a cover there already; a dry run only checks them.
    /// Returns how many were (or would be) copied, and the warnings.
    func copy(for rows: [ImportedRow], into folder: URL, dryRun: Bool) -> (copied: Int, warnings: [RowWarning]) {
        guard !files.isEmpty else { return (0, []) }
        var copied = 0
        var warnings: [RowWarning] = []
        for row in rows where [.add, .update, .unchanged].contains(row.action) {
            guard let url = files[row.line], CoverFetcher.existingImage(named: row.slug, in: folder) == nil else {
                continue
            }
            switch Self.image(at: url) {
            case .failure(let problem):
                warnings.append(RowWarning(line: row.line, message: "its cover is left out: \(problem.reason)"))
            case .success(let (data, format)):
                if !dryRun {
                    let target = folder.appendingPathComponent("\(row.slug).\(format)")
                    do {
                        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                        try WorkingFiles.write(data, to: target)
                    } catch {
                        warnings.append(
                            RowWarning(
                                line: row.line,
                                message:
                                    "its cover could not be saved, \(target.relativePathForDisplay): \(FileFailure.reason(error))"
                            ))
                        continue
                    }
                }
                copied += 1
            }
        }
        return (copied, warnings)
    }

    /// The image at `url` and its format's file extension, when it is one a cover may be
    /// (``ImageInfo/cover(_:)``); never through a link, nor read when larger than a build reads.
    static func image(at url: URL) -> Result<(Data, String), RowProblem> {
        let bytes: [UInt8]
        do {
            bytes = try FileInput.bytes(atPath: url.path, followingLinks: false, maximumSize: ImageInfo.maximumFileSize)
        } catch .notARegularFile, .system(EISDIR) {
            return .failure(RowProblem("cover.jpg is not a file"))
        } catch .larger(let limit) {
            return .failure(RowProblem("cover.jpg is larger than \(limit >> 20) MB"))
        } catch {
            return .failure(RowProblem("cover.jpg cannot be read"))
        }
        guard !bytes.isEmpty else { return .failure(RowProblem("cover.jpg is empty")) }
        do {
            let image = try ImageInfo.cover(bytes)
            return .success((Data(bytes), image.format.rawValue))
        } catch {
            switch error {
            case .notAnImage:
                return .failure(RowProblem("cover.jpg is not an image (JPEG, PNG, GIF or WebP)"))
            case .tooLarge(let width, let height):
                return .failure(RowProblem("cover.jpg is \(width)×\(height), larger than a build publishes"))
            case .cutShort:
                return .failure(RowProblem("cover.jpg is cut short"))
            }
        }
    }
}
