import Foundation

extension UIImage {
    // MARK: JPEG

    /// The image as JPEG data (encoded by libjpeg), or nil when it has no pixels.
    ///
    /// `compressionQuality` runs from 0 (smallest file, most loss) to 1 (least loss);
    /// values outside are clamped and NaN counts as 1. The pixels are written as shown,
    /// with ``imageOrientation`` applied (Tabula writes no EXIF orientation). JPEG has no
    /// transparency: transparent parts come out black, as in UIKit. A symbol is encoded
    /// as drawn in black at ``scale``.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        let quality = compressionQuality.isNaN ? 1 : min(1, max(0, compressionQuality))
        // libjpeg's scale runs from 1 to 100.
        return uprightPixels?.jpegData(quality: 1 + Int((quality * 99).rounded()))
    }

    // MARK: Preparing images

    /// A copy of the image scaled to fill `size` (in points) keeping its aspect ratio, as
    /// a thumbnail for a view of that size; nil for a symbol image (not backed by pixels),
    /// or when `size` is not finite and positive.
    ///
    /// The thumbnail is as small as it can be while covering `size`: one side equals
    /// `size`'s and the other is at least as long (a 400 × 200 image asked for 100 × 100
    /// gives 200 × 100), so a `.scaleAspectFill` image view of that size shows it without
    /// gaps. It has the image's scale, is upright (`.up`, the orientation applied) and is
    /// resampled with Cairo's good filter. Apple's documentation says only "at the
    /// specified size"; the aspect ratio is kept as iOS keeps it.
    public func preparingThumbnail(of size: CGSize) -> UIImage? {
        guard symbol == nil, let pixels = uprightPixels,
              size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return nil }
        let shown = self.size
        guard shown.width > 0, shown.height > 0 else { return nil }
        let factor = max(size.width / shown.width, size.height / shown.height)
        let limit: CGFloat = 16_384  // as UIGraphicsImageRenderer
        let width = Int(min(limit, max(1, (shown.width * factor * scale).rounded())))
        let height = Int(min(limit, max(1, (shown.height * factor * scale).rounded())))
        let thumbnail = Bitmap(width: width, height: height, opaque: pixels.isOpaque)
        CGContext(bitmap: thumbnail).draw(pixels, in: CGRect(x: 0, y: 0, width: width, height: height), interpolation: .high)
        return UIImage(content: .bitmap(thumbnail), scale: scale, renderingMode: renderingMode, configuration: configuration)
    }

    /// Makes ``preparingThumbnail(of:)`` on a background thread and passes it to
    /// `completionHandler` there, as UIKit does.
    ///
    /// On Linux the work runs on a global dispatch queue as soon as a thread is free; it
    /// does not wait for the screen's clock (a headless screen's frames do not run it).
    /// Hop to the main actor in the handler to show the thumbnail.
    public func prepareThumbnail(of size: CGSize, completionHandler: @escaping @Sendable (UIImage?) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { completionHandler(self.preparingThumbnail(of: size)) }
    }

    /// The image ready to be shown: a new image with the same pixels and attributes; nil
    /// for a symbol image (not backed by pixels).
    ///
    /// UIKit decodes compressed image data here. Tabula decodes PNG and JPEG data when
    /// the image is made, so there is nothing left to do but hand back the copy.
    public func preparingForDisplay() -> UIImage? {
        guard symbol == nil, cgImage != nil else { return nil }
        return copy(attributes: attributes)
    }

    /// Makes ``preparingForDisplay()`` on a background thread and passes it to
    /// `completionHandler` there, as UIKit does (on a global dispatch queue, without
    /// waiting for the screen's clock, as ``prepareThumbnail(of:completionHandler:)``).
    public func prepareForDisplay(completionHandler: @escaping @Sendable (UIImage?) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { completionHandler(self.preparingForDisplay()) }
    }

    // MARK: Dynamic range

    /// The range of brightness an image may be shown in: UIKit's `UIImage.DynamicRange`.
    /// Tabula draws 8-bit sRGB only, so every image is shown in the standard range.
    public enum DynamicRange: Int, Sendable {
        /// No preference.
        case unspecified = -1
        /// The standard range (what Tabula shows).
        case standard = 0
        /// Some extended range, for HDR next to standard content.
        case constrainedHigh = 1
        /// The full extended range.
        case high = 2
    }

    /// Whether the image holds high-dynamic-range content: always false, as Tabula
    /// decodes images to 8-bit sRGB.
    public var isHighDynamicRange: Bool { false }

    /// A copy limited to the standard dynamic range: a new image with the same pixels,
    /// which are standard already in Tabula.
    public func imageRestrictedToStandardDynamicRange() -> UIImage { copy(attributes: attributes) }

    // MARK: Drawing

    /// A renderer format that matches the image: its scale, opaque when its pixels are,
    /// in the standard range.
    public var imageRendererFormat: UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = symbol == nil && (cgImage?.isOpaque ?? false)
        format.preferredRange = .standard
        return format
    }

    /// Fills `rect` in the current context with copies of the image at its size, side by
    /// side, as a pattern: the tiles line up with the context's origin (not `rect`'s), so
    /// neighbouring rectangles continue one pattern.
    ///
    /// An image smaller than 1/100 point a side, or a rectangle that would take more than
    /// 100,000 tiles, draws nothing.
    @MainActor
    public func drawAsPattern(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let tile = size, area = rect.standardized
        guard tile.width >= 0.01, tile.height >= 0.01, area.width.isFinite, area.height.isFinite,
              area.width > 0, area.height > 0 else { return }
        let first = (x: (area.minX / tile.width).rounded(.down), y: (area.minY / tile.height).rounded(.down))
        let last = (x: (area.maxX / tile.width).rounded(.up), y: (area.maxY / tile.height).rounded(.up))
        guard (last.x - first.x) * (last.y - first.y) <= 100_000 else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.clip(to: area)
        var row = first.y
        while row < last.y {
            var column = first.x
            while column < last.x {
                draw(in: CGRect(x: column * tile.width, y: row * tile.height, width: tile.width, height: tile.height))
                column += 1
            }
            row += 1
        }
    }
}
