/// An immutable image: a bitmap with a scale (pixels per point), optionally resizable.
public final class UIImage {
    /// How the middle of a resizable image fills extra space.
    public enum ResizingMode: Sendable {
        /// The middle is repeated at its size (recorded; ``UIImage/draw(in:)`` currently stretches it).
        case tile
        /// The middle is scaled to fill the space.
        case stretch
    }

    /// The pixels; never nil for an image made by one of the initializers here.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat
    /// The fixed margins of a resizable image, in points; `.zero` for a plain image.
    public let capInsets: UIEdgeInsets
    /// How the middle of a resizable image fills extra space.
    public let resizingMode: ResizingMode

    /// An image of `cgImage` at `scale` pixels per point (at least 0.0001), resizable when `capInsets` is not `.zero`.
    public init(cgImage: CGImage, scale: CGFloat = 1, capInsets: UIEdgeInsets = .zero,
                resizingMode: ResizingMode = .stretch) {
        self.cgImage = cgImage
        self.scale = max(scale, 0.0001)
        self.capInsets = capInsets
        self.resizingMode = resizingMode
    }

    /// Decodes PNG data; nil when it is not a valid PNG (as UIKit returns nil).
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let bitmap = try? Bitmap(pngData: data) else { return nil }
        self.init(cgImage: bitmap, scale: scale)
    }

    /// Reads a PNG file; a name ending in `@2x` or `@3x` sets the scale, as UIKit does.
    public convenience init?(contentsOfFile path: String) {
        guard let bitmap = try? Bitmap(contentsOfFile: path) else { return nil }
        let stem = (path as NSString).deletingPathExtension
        let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        self.init(cgImage: bitmap, scale: scale)
    }

    /// The size in points.
    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    /// A copy whose corners (the insets, in points) keep their size when drawn larger,
    /// while the edges and centre stretch.
    public func resizableImage(withCapInsets insets: UIEdgeInsets, resizingMode: ResizingMode = .stretch) -> UIImage {
        UIImage(cgImage: cgImage!, scale: scale, capInsets: insets, resizingMode: resizingMode)
    }

    /// PNG data of the pixels.
    public func pngData() -> Data? { cgImage?.pngData() }

    /// Draws the image into the current context filling `rect`, honouring cap insets.
    @MainActor
    public func draw(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), let cgImage else { return }
        if capInsets != .zero {
            ctx.draw(cgImage, in: rect, capInsets: capInsets, scale: scale)
        } else {
            ctx.draw(cgImage, in: rect)
        }
    }

    /// Draws the image at its size with its top-left corner at `point`.
    @MainActor
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
}
