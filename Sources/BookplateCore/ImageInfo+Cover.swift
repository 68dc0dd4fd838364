/// What makes an image a cover or a photo Bookplate keeps, the one rule a download and an
/// import's cover (a Calibre library's `cover.jpg`) are both held to.
extension ImageInfo {
    /// Why an image is no cover.
    package enum CoverRefusal: Error, Equatable {
        /// Not a JPEG, PNG, GIF or WebP whose size can be read, or one of a single pixel's width or
        /// height (a tracking pixel, a catalog's "no cover").
        case notAnImage
        /// Larger than a build publishes (``isWithinCoverLimits``): it would be refused by every
        /// build, for ever.
        case tooLarge(width: Int, height: Int)
        /// Its header reads well and its end is missing (``isWhole(_:as:)``).
        case cutShort
    }

    /// The image `bytes` hold when it may be a cover: an image of at least 2×2 pixels, of a size a
    /// build publishes, whole.
    package static func cover(_ bytes: [UInt8]) throws(CoverRefusal) -> ImageInfo {
        guard let info = ImageInfo(bytes: bytes), info.width > 1, info.height > 1 else { throw .notAnImage }
        guard info.isWithinCoverLimits else { throw .tooLarge(width: info.width, height: info.height) }
        guard isWhole(bytes, as: info.format) else { throw .cutShort }
        return info
    }
}
