import Foundation

/// The settings of a graphics renderer: the base of ``UIGraphicsImageRendererFormat``.
public class UIGraphicsRendererFormat: @unchecked Sendable {
    /// Creates a format with the default settings.
    public required init() {}

    /// The area drawn, in points, as the renderer that uses the format has it; `.zero`
    /// for a format not yet given to a renderer.
    public internal(set) var bounds: CGRect = .zero
}

/// The settings of a ``UIGraphicsImageRenderer``: pixels per point, and whether the
/// image is opaque.
public final class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat, @unchecked Sendable {
    /// The colour range of the image's pixels. Tabula's are always 8-bit sRGB (`.standard`).
    public enum Range: Int, Sendable {
        /// No range specified.
        case unspecified = -1
        /// The range that fits the content: standard in Tabula.
        case automatic = 0
        /// Wide colour: accepted, drawn as standard.
        case extended = 1
        /// 8 bits per sRGB channel.
        case standard = 2
    }

    /// Pixels per point; the screen's scale by default (0 or less: the screen's).
    public var scale: CGFloat
    /// Whether the image has no transparency: its pixels start black and opaque, and
    /// drawing is cheaper to composite. False by default.
    public var opaque = false
    /// The colour range asked for; Tabula draws `.standard` whatever it is.
    public var preferredRange: Range = .automatic

    /// The default format: the screen's scale, not opaque.
    public required init() {
        scale = DisplayScale.resolve(nil)
        super.init()
    }

    /// A format for `traitCollection`'s display scale.
    public convenience init(for traitCollection: UITraitCollection) {
        self.init()
        scale = DisplayScale.resolve(traitCollection)
    }

    /// The format best for the screen.
    public static func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// The format that suits the device's screen (UIKit's older name for ``preferred()``).
    public static func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context an image renderer's drawing closure gets: the Core Graphics context and
/// a few shortcuts.
@preconcurrency @MainActor
public class UIGraphicsRendererContext {
    /// The drawing context, in points, with the origin at the top left of the bounds.
    public let cgContext: CGContext

    init(cgContext: CGContext) { self.cgContext = cgContext }

    /// Fills `rect` with the context's fill colour (`UIColor.setFill()`).
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Fills `rect` with the fill colour, combined with what is there by `blendMode`.
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    /// Strokes a 1-point outline inside `rect`'s edges with the stroke colour, as UIKit does.
    public func stroke(_ rect: CGRect) { stroke(rect, blendMode: .normal) }

    /// Strokes a 1-point outline inside `rect` combined with what is there by `blendMode`.
    public func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.setLineWidth(1)
        cgContext.stroke(rect.insetBy(dx: 0.5, dy: 0.5))
        cgContext.restoreGState()
    }

    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// The context of a ``UIGraphicsImageRenderer``: adds the image drawn so far.
@preconcurrency @MainActor
public final class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    private let bitmap: Bitmap
    /// The format the image is drawn with.
    public let format: UIGraphicsImageRendererFormat

    init(bitmap: Bitmap, format: UIGraphicsImageRendererFormat, origin: CGPoint) {
        self.bitmap = bitmap
        self.format = format
        let ctx = CGContext(bitmap: bitmap)
        ctx.scaleBy(x: format.scale, y: format.scale)
        ctx.translateBy(x: -origin.x, y: -origin.y)
        super.init(cgContext: ctx)
    }

    /// A copy of what has been drawn so far, as an image.
    public var currentImage: UIImage { UIImage(cgImage: bitmap.copy(), scale: format.scale) }
}

/// Draws images with UIKit's drawing calls, as UIKit's `UIGraphicsImageRenderer`:
///
/// ```swift
/// let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40))
/// let badge = renderer.image { context in
///     UIColor.systemRed.setFill()
///     context.cgContext.fill(Path(ellipseIn: context.format.bounds))
///     UIImage(systemName: "star.fill")?.withTintColor(.white).draw(in: CGRect(x: 10, y: 10, width: 20, height: 19))
/// }
/// ```
///
/// Inside the closure the context is current (``UIGraphicsGetCurrentContext()``), so
/// `UIColor.setFill()`, `UIRectFill(_:)` and `UIImage.draw(in:)` draw into the image.
/// Tabula draws on the main actor.
@preconcurrency @MainActor
public class UIGraphicsImageRenderer {
    /// The settings the images are drawn with (a copy of the one given).
    public let format: UIGraphicsImageRendererFormat
    private let bounds: CGRect

    /// A renderer of images of `size` points, with the default format.
    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: .preferred())
    }

    /// A renderer of images of `size` points, with `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of images of `bounds` (whose origin is the top left of the image), with the default format.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: .preferred())
    }

    /// A renderer of images of `bounds`, with `format`.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        let copy = UIGraphicsImageRendererFormat()
        copy.scale = format.scale.isFinite && format.scale > 0 ? format.scale : DisplayScale.resolve(nil)
        copy.opaque = format.opaque
        copy.preferredRange = format.preferredRange
        let standardized = bounds.standardized
        copy.bounds = standardized.width.isFinite && standardized.height.isFinite ? standardized : .zero
        self.format = copy
        self.bounds = copy.bounds
    }

    /// Whether the renderer makes images: true.
    public var allowsImageOutput: Bool { true }

    /// Runs `actions` to draw an image and returns it.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        UIImage(cgImage: draw(actions), scale: format.scale)
    }

    /// Runs `actions` to draw an image and returns it as PNG data.
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        draw(actions).pngData()
    }

    /// Runs `actions` to draw an image and returns it as JPEG data at `compressionQuality`
    /// (0 to 1, as ``UIImage/jpegData(compressionQuality:)``; transparent parts come out
    /// black). An empty image gives empty data.
    public func jpegData(withCompressionQuality compressionQuality: CGFloat,
                         actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        UIImage(cgImage: draw(actions), scale: format.scale).jpegData(compressionQuality: compressionQuality) ?? Data()
    }

    /// The most pixels a side of a rendered image has.
    static var maximumPixelsPerSide = 16_384

    private func draw(_ actions: (UIGraphicsImageRendererContext) -> Void) -> Bitmap {
        let wanted = (width: max(0, (bounds.width * format.scale).rounded(.up)),
                      height: max(0, (bounds.height * format.scale).rounded(.up)))
        let limit = CGFloat(Self.maximumPixelsPerSide)
        if wanted.width > limit || wanted.height > limit {
            UIViewController.onInvalidUse("UIGraphicsImageRenderer: \(bounds.width) × \(bounds.height) points at scale "
                + "\(format.scale) is \(wanted.width) × \(wanted.height) pixels, more than the \(Self.maximumPixelsPerSide) "
                + "a side Tabula draws; the image is cut off at that size")
        }
        let width = Int(min(limit, wanted.width)), height = Int(min(limit, wanted.height))
        let bitmap = Bitmap(width: width, height: height, opaque: format.opaque)
        let context = UIGraphicsImageRendererContext(bitmap: bitmap, format: format, origin: bounds.origin)
        UIGraphicsPushContext(context.cgContext)
        actions(context)
        UIGraphicsPopContext()
        return bitmap
    }
}
