import BookplateCore
import BookplateLibrary
import BookplateMustache

/// Why a cover image cannot be made into thumbnails, and which file it was, when known. Prints
/// one line that says what to do.
public struct ThumbnailError: Error, Equatable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        /// The bytes do not start like a JPEG, PNG, GIF or WebP image (an SVG, HTML, text…).
        case notAnImage
        /// A file of no bytes at all (it was "not a JPEG, PNG, GIF or WebP image").
        case empty
        /// The header gives a width or a height of 0.
        case noPixels(width: Int, height: Int)
        /// More pixels than a cover may have: refused before anything is decoded.
        case tooLarge(width: Int, height: Int)
        /// An image decoded whole that would take more memory to decode than a cover may
        /// (``CoverThumbnails/maximumDecodedBytes``).
        case tooLargeToDecode(width: Int, height: Int, megabytes: Int)
        /// The image ends early or its data is wrong, in vips' words.
        case damaged(String)
        /// A file larger than a cover's may be (``CoverThumbnails/maximumFileSize``): it is not read.
        case fileTooLarge(megabytes: Int)
        /// The file could not be read.
        case unreadable(String)
        /// The thumbnail cache could not be written.
        case cacheUnwritable(String)
        /// libvips could not be loaded, with the loader's reason (a library missing, or no
        /// memory to map it under a memory limit).
        case vipsNotLoaded(String)
        /// libvips was loaded but did not start.
        case vipsUnavailable(String)

        /// Whether the problem is libvips', not the image's: every cover and photo of the build
        /// is left out, and the thumbnail cache is no less valid for it.
        public var isLibvips: Bool {
            switch self {
            case .vipsNotLoaded, .vipsUnavailable: true
            default: false
            }
        }
    }

    /// The file concerned, as shown to the reader; nil when the bytes came from elsewhere.
    public var path: String?
    public var problem: Problem

    public init(path: String? = nil, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public var description: String {
        let subject = path ?? "the cover image"
        let limit = "\(CoverThumbnails.maximumPixels / 1_000_000) megapixels, \(CoverThumbnails.maximumSide) a side"
        return switch problem {
        case .notAnImage:
            "\(subject) is not a JPEG, PNG, GIF or WebP image: replace it or delete it"
        case .empty:
            "\(subject) is empty (0 bytes): copy the image again or delete it"
        case .noPixels(let width, let height):
            "\(subject) is \(width)×\(height) pixels, an image with nothing in it: replace it or delete it"
        case .tooLarge(let width, let height):
            "\(subject) is \(width)×\(height) pixels, larger than covers may be (\(limit)): use a smaller image"
        case .tooLargeToDecode(let width, let height, let megabytes):
            "\(subject) is \(width)×\(height) pixels, \(megabytes) MB to decode whole, more than a cover may take "
                + "(\(CoverThumbnails.maximumDecodedBytes >> 20) MB): save it smaller, or as a baseline JPEG"
        case .damaged(let reason):
            "\(subject) is truncated or damaged: \(reason): download it again or replace it"
        case .fileTooLarge(let megabytes):
            "\(subject) is \(megabytes) MB, more than a cover may be (\(CoverThumbnails.maximumFileSize >> 20) MB): "
                + "save it smaller"
        case .unreadable(let reason):
            "could not read \(subject) (\(reason)): check that it exists and can be read"
        case .cacheUnwritable(let reason):
            "could not write the thumbnail cache at \(subject) (\(reason)): check the folder's permissions and free space"
        case .vipsNotLoaded(let reason) where reason.hasPrefix("libvips.so.42: cannot open shared object file"):
            "libvips could not be loaded (\(reason)): covers and photos are left out of this build; install "
                + "libvips 8 (Debian's libvips42)"
        case .vipsNotLoaded(let reason):
            // Under a memory limit (`ulimit -v`) the loader cannot map one of its libraries: nothing
            // to reinstall, and the next build that can load it puts the covers back.
            "libvips could not be loaded (\(reason)): covers and photos are left out of this build, and put "
                + "back by the next build that loads it"
        case .vipsUnavailable(let reason):
            "libvips could not start (\(reason)): covers and photos are left out of this build; reinstall libvips 8 "
                + "(Debian's libvips42)"
        }
    }
}
