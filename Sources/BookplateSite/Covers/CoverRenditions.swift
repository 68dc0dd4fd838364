import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// The places a page shows a cover, each with the width in CSS pixels its image is made for.
public enum CoverSize: Int, CaseIterable, Sendable {
    /// A cover on a shelf's grid.
    case grid = 200
    /// The grid's cover on a screen of two device pixels per CSS pixel.
    case gridDoubleDensity = 400
    /// The cover on a book's own page.
    case page = 600
}

/// The images made from one cover, with what a page needs to show them without layout shift.
public struct CoverRenditions: Equatable, Sendable {
    /// The cover's size as shown, upright (after its EXIF orientation).
    public var sourceWidth: Int
    public var sourceHeight: Int
    /// The most common colour of the cover, as `#rrggbb`, to paint its box while it loads.
    public var dominantColor: String
    /// One image per distinct width, narrowest first: fewer than `CoverSize.allCases` when the
    /// source is narrower than some of them, as no image is ever enlarged.
    public var images: [Rendition]

    public init(sourceWidth: Int, sourceHeight: Int, dominantColor: String, images: [Rendition]) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.dominantColor = dominantColor
        self.images = images
    }

    /// The image to show at `size`: the one made for it, or the widest there is when the source
    /// is narrower than that. Nil only when there are no images.
    public func image(for size: CoverSize) -> Rendition? {
        images.first { $0.width >= size.rawValue } ?? images.last
    }
}

/// One JPEG made from a cover.
public struct Rendition: Equatable, Sendable {
    /// The width as text, "200" say, which names the image's file.
    public var name: String { String(width) }
    public var width: Int
    public var height: Int
    /// The JPEG file's bytes.
    public var data: Data

    public init(width: Int, height: Int, data: Data) {
        self.width = width
        self.height = height
        self.data = data
    }
}
