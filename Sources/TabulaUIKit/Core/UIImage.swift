import Foundation

/// An immutable image: decoded pixels with a scale (pixels per point), optionally
/// resizable, or a symbol that Tabula draws from vector paths of its own.
///
/// - Named images: ``init(named:)`` finds PNGs (with `@2x`/`@3x` variants) and Xcode
///   asset catalogs in a bundle's resources (UIImage+Named.swift).
/// - Symbols: ``init(systemName:)`` draws one of Tabula's symbols at the size, weight
///   and scale of a ``SymbolConfiguration`` (UIImage+Symbols.swift).
/// - Tinting: ``renderingMode`` decides whether an image view paints the image in its
///   tint colour; ``withTintColor(_:)`` fixes the colour (UIImage+Rendering.swift).
///
/// Images can be shared between threads, as in UIKit; the drawing methods are
/// main-actor, as Tabula's drawing context is.
public final class UIImage: @unchecked Sendable {
    /// How the middle of a resizable image fills extra space.
    public enum ResizingMode: Sendable {
        /// The middle is repeated at its size (recorded; ``UIImage/draw(in:)`` currently stretches it).
        case tile
        /// The middle is scaled to fill the space.
        case stretch
    }

    /// What an image shows.
    enum Content {
        /// Decoded or drawn pixels.
        case bitmap(Bitmap)
        /// A symbol, drawn when its pixels are needed.
        case symbol(SymbolImage)
    }

    let content: Content
    /// Pixels per point.
    public let scale: CGFloat
    /// The fixed margins of a resizable image, in points; `.zero` for a plain image.
    public let capInsets: UIEdgeInsets
    /// How the middle of a resizable image fills extra space.
    public let resizingMode: ResizingMode
    /// Whether the image is drawn in its own colours or as a template in a tint colour;
    /// `.automatic` unless made with ``withRenderingMode(_:)``.
    public let renderingMode: RenderingMode
    /// The traits the image was made for, and for a symbol its point size, weight and
    /// scale: always a ``SymbolConfiguration`` for a symbol image; nil for an image
    /// made from pixels without one.
    public let configuration: Configuration?

    /// What the image carries besides its pixels: orientation, alignment and baseline,
    /// right-to-left flipping, animation frames. Copies made by `with…` methods keep it.
    let attributes: Attributes

    /// A symbol's pixels at ``scale``, drawn the first time ``cgImage`` is read.
    private let renderedSymbol = RenderedBitmap()
    /// The pixels turned upright by ``imageOrientation``, made the first time they are needed.
    private let orientedPixels = RenderedBitmap()
    /// The asset the image was registered with (``UIImageAsset``).
    let assetReference = AssetReference()

    /// An image of `cgImage` at `scale` pixels per point (at least 0.0001), resizable when `capInsets` is not `.zero`.
    public convenience init(cgImage: CGImage, scale: CGFloat = 1, capInsets: UIEdgeInsets = .zero,
                            resizingMode: ResizingMode = .stretch) {
        self.init(content: .bitmap(cgImage), scale: scale, capInsets: capInsets, resizingMode: resizingMode)
    }

    /// An image of `cgImage` at `scale` pixels per point (at least 0.0001), shown turned
    /// as `orientation` says: `cgImage` holds the pixels as stored, and the image's
    /// ``size``, its drawing and the views that show it apply the orientation (a `.left`
    /// or `.right` image is as wide as the pixels are tall).
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(content: .bitmap(cgImage), scale: scale, attributes: Attributes(orientation: orientation))
    }

    init(content: Content, scale: CGFloat, capInsets: UIEdgeInsets = .zero, resizingMode: ResizingMode = .stretch,
         renderingMode: RenderingMode = .automatic, configuration: Configuration? = nil,
         attributes: Attributes = Attributes()) {
        self.content = content
        self.scale = scale.isFinite ? max(scale, 0.0001) : 1
        self.capInsets = capInsets
        self.resizingMode = resizingMode
        self.renderingMode = renderingMode
        self.configuration = configuration
        self.attributes = attributes
    }

    /// An empty image, 0 × 0 points: what apps give a bar's `shadowImage` or background
    /// image to take the line or the background away.
    public convenience init() { self.init(content: .bitmap(Bitmap(width: 0, height: 0)), scale: 1) }

    // Declared here, not with the other named images: a required initializer must be
    // in the class itself.

    /// The image named `name` in the main bundle: what an image literal
    /// (`#imageLiteral(resourceName:)`) makes. UIKit stops the app when there is no such
    /// image; Tabula reports it to ``onInvalidAsset`` and gives an empty (0 × 0) image.
    public required convenience init(imageLiteralResourceName name: String) {
        if let found = ImageAssets.shared.image(named: name, in: nil, scale: DisplayScale.resolve(nil)) {
            self.init(content: .bitmap(found.bitmap), scale: found.scale,
                      renderingMode: found.isTemplate ? .alwaysTemplate : .automatic)
        } else {
            UIImage.onInvalidAsset(AssetError(name: name, path: Bundle.main.bundlePath,
                                              reason: "has no image of that name (image literal)"))
            self.init(content: .bitmap(Bitmap(width: 0, height: 0)), scale: 1)
        }
    }

    /// A copy with other attributes and the same pixels, insets and modes.
    func copy(attributes: Attributes) -> UIImage {
        UIImage(content: content, scale: scale, capInsets: capInsets, resizingMode: resizingMode,
                renderingMode: renderingMode, configuration: configuration, attributes: attributes)
    }

    /// Decodes PNG or JPEG data (nil when it is neither, or is damaged, as UIKit returns
    /// nil). A JPEG's EXIF orientation becomes ``imageOrientation``, as in UIKit. Tabula
    /// reads no other formats (HEIC, GIF, WebP give nil).
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let decoded = Self.decode(data) else { return nil }
        self.init(cgImage: decoded.bitmap, scale: scale, orientation: decoded.orientation)
    }

    /// Reads a PNG or JPEG file; a name ending in `@2x` or `@3x` sets the scale, as UIKit does.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path), let decoded = Self.decode(data) else { return nil }
        let stem = (path as NSString).deletingPathExtension
        let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        self.init(cgImage: decoded.bitmap, scale: scale, orientation: decoded.orientation)
    }

    /// PNG or JPEG data decoded, with the orientation a JPEG's EXIF metadata gives.
    static func decode(_ data: Data) -> (bitmap: Bitmap, orientation: Orientation)? {
        if let bitmap = try? Bitmap(pngData: data) { return (bitmap, .up) }
        guard let jpeg = try? Bitmap.decodeJPEG(data) else { return nil }
        return (jpeg.bitmap, Orientation(exifOrientation: jpeg.exifOrientation))
    }

    /// The pixels: a symbol's are drawn (in black, or its tint colour) at ``scale`` the
    /// first time they are asked for.
    public var cgImage: CGImage? {
        switch content {
        case .bitmap(let bitmap):
            return bitmap
        case .symbol(let symbol):
            return renderedSymbol.value { symbol.render(scale: scale, color: (symbol.tintColor ?? .black).cgColor) }
        }
    }

    /// The size in points, as the image is shown: for a `.left`, `.right`,
    /// `.leftMirrored` or `.rightMirrored` image, as wide as its pixels are tall.
    public var size: CGSize {
        let stored = storedSize
        return imageOrientation.swapsWidthAndHeight ? CGSize(width: stored.height, height: stored.width) : stored
    }

    /// The size in points of the pixels as stored, before the orientation turns them.
    var storedSize: CGSize {
        switch content {
        case .bitmap(let bitmap):
            return CGSize(width: CGFloat(bitmap.width) / scale, height: CGFloat(bitmap.height) / scale)
        case .symbol(let symbol):
            return symbol.size
        }
    }

    /// The pixels as shown: ``cgImage`` turned upright by ``imageOrientation`` (the same
    /// bitmap for `.up`), at ``scale``.
    var uprightPixels: Bitmap? {
        guard let cgImage else { return nil }
        if imageOrientation == .up { return cgImage }
        return orientedPixels.value { imageOrientation.apply(to: cgImage) }
    }

    /// Whether the image is one of Tabula's symbols (made by ``init(systemName:)``).
    public var isSymbolImage: Bool {
        if case .symbol = content { return true }
        return false
    }

    /// The symbol, for a symbol image.
    package var symbol: SymbolImage? {
        if case .symbol(let symbol) = content { return symbol }
        return nil
    }

    /// A copy whose corners (the insets, in points) keep their size when drawn larger,
    /// while the edges and centre stretch.
    public func resizableImage(withCapInsets insets: UIEdgeInsets, resizingMode: ResizingMode = .stretch) -> UIImage {
        UIImage(content: content, scale: scale, capInsets: insets, resizingMode: resizingMode,
                renderingMode: renderingMode, configuration: configuration, attributes: attributes)
    }

    /// PNG data of the pixels as shown: the orientation is applied to them, so the data
    /// decodes to an `.up` image that looks the same (PNG carries no orientation).
    public func pngData() -> Data? { uprightPixels?.pngData() }

    /// Draws the image into the current context filling `rect`, honouring cap insets and
    /// ``imageOrientation``. A symbol is drawn from its paths, sharp at any size, in
    /// black or its tint colour.
    @MainActor
    public func draw(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        if let symbol {
            drawOriented(in: ctx, rect: rect) { symbol.draw(in: ctx, rect: $0, color: (symbol.tintColor ?? .black).cgColor) }
            return
        }
        guard let pixels = uprightPixels else { return }
        if capInsets != .zero {
            ctx.draw(pixels, in: rect, capInsets: capInsets, scale: scale)
        } else {
            ctx.draw(pixels, in: rect)
        }
    }

    /// Runs `draw` (which fills the rectangle it is given with the image as stored)
    /// under the transform that shows it in `rect` turned by ``imageOrientation``.
    @MainActor
    func drawOriented(in ctx: CGContext, rect: CGRect, _ draw: (CGRect) -> Void) {
        guard imageOrientation != .up else { return draw(rect) }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.concatenate(imageOrientation.transform(into: rect))
        let swapped = imageOrientation.swapsWidthAndHeight
        draw(CGRect(x: 0, y: 0, width: swapped ? rect.height : rect.width, height: swapped ? rect.width : rect.height))
    }

    /// Draws the image at its size with its top-left corner at `point`.
    @MainActor
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// Draws the image filling `rect`, combined with what is there by `blendMode`, at `alpha`.
    @MainActor
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        draw(in: rect)
    }

    /// Draws the image at its size at `point`, combined by `blendMode`, at `alpha`.
    @MainActor
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }
}

/// A bitmap made once, on first use, from any thread.
final class RenderedBitmap: @unchecked Sendable {
    private let lock = NSLock()
    private var bitmap: Bitmap?

    func value(_ make: () -> Bitmap) -> Bitmap {
        lock.lock()
        defer { lock.unlock() }
        if let bitmap { return bitmap }
        let made = make()
        bitmap = made
        return made
    }
}

/// `#imageLiteral(resourceName:)`, as Xcode's image picker writes it, makes a `UIImage`
/// through ``UIImage/init(imageLiteralResourceName:)``, as with UIKit.
extension UIImage: _ExpressibleByImageLiteral {}

/// Images compare as UIKit's `isEqual(_:)` does: two images are equal when they show the
/// same image data the same way. That is the same image, two images sharing decoded pixels
/// (every `UIImage(named:)` of one file shares them), or the same symbol with the same
/// configuration and colour, at the same scale, orientation, rendering mode, cap insets
/// and resizing mode. Images decoded twice from the same bytes are not equal (UIKit would
/// compare their data; Tabula compares the pixels' identity, which is cheap and stable
/// for hashing). So a `UIImage` can be part of a `Hashable` item of a diffable data
/// source, as on iOS, where UIImage is an `NSObject`.
extension UIImage: Hashable {
    /// Whether the two images show the same image data the same way (see above).
    public static func == (lhs: UIImage, rhs: UIImage) -> Bool {
        if lhs === rhs { return true }
        guard lhs.scale == rhs.scale, lhs.imageOrientation == rhs.imageOrientation,
              lhs.renderingMode == rhs.renderingMode, lhs.capInsets == rhs.capInsets,
              lhs.resizingMode == rhs.resizingMode else { return false }
        switch (lhs.content, rhs.content) {
        case (.bitmap(let a), .bitmap(let b)):
            return a === b
        case (.symbol(let a), .symbol(let b)):
            return a.name == b.name && a.tintColor == b.tintColor && lhs.configuration == rhs.configuration
        default:
            return false
        }
    }

    /// Hashes the image's pixels' (or symbol's) identity and its scale.
    public func hash(into hasher: inout Hasher) {
        switch content {
        case .bitmap(let bitmap): hasher.combine(ObjectIdentifier(bitmap))
        case .symbol(let symbol): hasher.combine(symbol.name)
        }
        hasher.combine(scale)
    }

    /// Whether `object` is an image equal to this one (see `==`), as NSObject's `isEqual(_:)`.
    public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIImage else { return false }
        return self == other
    }
}
