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

    /// A symbol's pixels at ``scale``, drawn the first time ``cgImage`` is read.
    private let renderedSymbol = RenderedBitmap()

    /// An image of `cgImage` at `scale` pixels per point (at least 0.0001), resizable when `capInsets` is not `.zero`.
    public convenience init(cgImage: CGImage, scale: CGFloat = 1, capInsets: UIEdgeInsets = .zero,
                            resizingMode: ResizingMode = .stretch) {
        self.init(content: .bitmap(cgImage), scale: scale, capInsets: capInsets, resizingMode: resizingMode)
    }

    init(content: Content, scale: CGFloat, capInsets: UIEdgeInsets = .zero, resizingMode: ResizingMode = .stretch,
         renderingMode: RenderingMode = .automatic, configuration: Configuration? = nil) {
        self.content = content
        self.scale = scale.isFinite ? max(scale, 0.0001) : 1
        self.capInsets = capInsets
        self.resizingMode = resizingMode
        self.renderingMode = renderingMode
        self.configuration = configuration
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

    /// The size in points.
    public var size: CGSize {
        switch content {
        case .bitmap(let bitmap):
            return CGSize(width: CGFloat(bitmap.width) / scale, height: CGFloat(bitmap.height) / scale)
        case .symbol(let symbol):
            return symbol.size
        }
    }

    /// Whether the image is one of Tabula's symbols (made by ``init(systemName:)``).
    public var isSymbolImage: Bool {
        if case .symbol = content { return true }
        return false
    }

    /// The symbol, for a symbol image.
    var symbol: SymbolImage? {
        if case .symbol(let symbol) = content { return symbol }
        return nil
    }

    /// A copy whose corners (the insets, in points) keep their size when drawn larger,
    /// while the edges and centre stretch.
    public func resizableImage(withCapInsets insets: UIEdgeInsets, resizingMode: ResizingMode = .stretch) -> UIImage {
        UIImage(content: content, scale: scale, capInsets: insets, resizingMode: resizingMode,
                renderingMode: renderingMode, configuration: configuration)
    }

    /// PNG data of the pixels.
    public func pngData() -> Data? { cgImage?.pngData() }

    /// Draws the image into the current context filling `rect`, honouring cap insets.
    /// A symbol is drawn from its paths, sharp at any size, in black or its tint colour.
    @MainActor
    public func draw(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        if let symbol {
            symbol.draw(in: ctx, rect: rect, color: (symbol.tintColor ?? .black).cgColor)
            return
        }
        guard let cgImage else { return }
        if capInsets != .zero {
            ctx.draw(cgImage, in: rect, capInsets: capInsets, scale: scale)
        } else {
            ctx.draw(cgImage, in: rect)
        }
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
