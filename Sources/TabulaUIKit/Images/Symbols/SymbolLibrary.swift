import Foundation
import TabulaSymbols

/// Tabula's symbols: the drawings of ``SymbolCatalog/shared``, read from TabulaSymbols'
/// data, and how they are sized and drawn.
enum SymbolLibrary {
    /// The names of every symbol, aliases included, sorted.
    static var names: [String] { SymbolCatalog.shared.names }

    /// The names that draw another symbol exactly, each with the name it stands for.
    static var aliases: [String: String] { SymbolCatalog.shared.aliases }

    /// The artwork for `name`, or nil when Tabula draws no such symbol.
    static func glyph(named name: String) -> SymbolGlyph? { SymbolCatalog.shared.glyph(named: name) }

    /// The configuration of symbols in navigation bars and toolbars, and of the system
    /// buttons' symbols: 17 points, regular, medium.
    static let barConfiguration = UIImage.SymbolConfiguration(pointSize: 17, weight: .regular, scale: .medium)

    /// Draws `name` centred on `center` in `color` at the size of a bar button's symbol;
    /// false when there is no such symbol. `secondaryOpacity` draws it hierarchically
    /// (the disc of `xmark.circle.fill` at that opacity, the cross at full strength).
    @MainActor @discardableResult
    static func draw(_ name: String, center: CGPoint, color: UIColor, in ctx: CGContext,
                     secondaryOpacity: Double? = nil) -> Bool {
        guard let glyph = glyph(named: name) else { return false }
        let metrics = SymbolMetrics(barConfiguration)
        let size = metrics.size(of: glyph)
        let rect = CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        metrics.draw(glyph, in: ctx, rect: rect, color: color.cgColor, secondaryOpacity: secondaryOpacity)
        return true
    }
}

/// A symbol's point size, weight and scale, resolved from a configuration: what
/// decides its size in points and the width of its strokes.
struct SymbolMetrics: Hashable, Sendable {
    /// The point size of the text the symbol goes with; 17 (body text) unless configured.
    var pointSize: CGFloat
    /// The weight; `.regular` unless configured.
    var weight: UIImage.SymbolWeight
    /// `.small`, `.medium` or `.large`; `.medium` unless configured.
    var scale: UIImage.SymbolScale

    /// The metrics `configuration` asks for, with the defaults for what it leaves unspecified.
    init(_ configuration: UIImage.SymbolConfiguration?) {
        let size = configuration?.pointSize ?? 0
        pointSize = size > 0 && size.isFinite ? size : 17
        let weight = configuration?.weight ?? .unspecified
        self.weight = weight == .unspecified ? .regular : weight
        let scale = configuration?.scale ?? .unspecified
        self.scale = scale == .small || scale == .large ? scale : .medium
    }

    /// How the scale sizes a symbol relative to its point size.
    var scaleFactor: CGFloat {
        switch scale {
        case .small: 0.8
        case .large: 1.2
        default: 1
        }
    }

    /// Points per design unit: a full-size symbol (100 units) is 1.18 times the point
    /// size at the medium scale, 20 points at 17.
    var unit: CGFloat { pointSize / 85 * scaleFactor }

    /// The width of strokes, in design units: 8 at regular (1.6 points at 17).
    var lineWidth: CGFloat {
        let factor: CGFloat = switch weight {
        case .ultraLight: 0.3
        case .thin: 0.45
        case .light: 0.7
        case .unspecified, .regular: 1
        case .medium: 1.2
        case .semibold: 1.38
        case .bold: 1.6
        case .heavy: 1.9
        case .black: 2.2
        }
        return 8 * factor
    }

    /// The size of `glyph`'s image in whole points: its box and ink, scaled.
    func size(of glyph: SymbolGlyph) -> CGSize {
        let bounds = glyph.inkBounds(lineWidth: lineWidth)
        return CGSize(width: max(1, (bounds.width * unit).rounded(.up)), height: max(1, (bounds.height * unit).rounded(.up)))
    }

    /// Draws `glyph` as the image of ``size(of:)`` would show it stretched to `rect`.
    func draw(_ glyph: SymbolGlyph, in ctx: CGContext, rect: CGRect, color: Color, secondaryOpacity: Double?,
              secondaryColor: Color? = nil) {
        let size = size(of: glyph)
        let bounds = glyph.inkBounds(lineWidth: lineWidth)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.translateBy(x: rect.minX, y: rect.minY)
        ctx.scaleBy(x: rect.width / size.width, y: rect.height / size.height)
        ctx.translateBy(x: size.width / 2, y: size.height / 2)
        ctx.scaleBy(x: unit, y: unit)
        ctx.translateBy(x: -bounds.midX, y: -bounds.midY)
        glyph.draw(in: ctx, color: color, lineWidth: lineWidth, secondaryOpacity: secondaryOpacity, secondaryColor: secondaryColor)
    }

    /// The most pixels a side of a symbol's bitmap has (a larger symbol is drawn at a lower scale).
    static let maximumPixelsPerSide: CGFloat = 2048

    /// `glyph` drawn in `color` into a bitmap of ``size(of:)`` at `scale` pixels per point.
    func render(_ glyph: SymbolGlyph, scale: CGFloat, color: Color, secondaryOpacity: Double?,
                secondaryColor: Color? = nil) -> Bitmap {
        let size = size(of: glyph)
        // A huge symbol is drawn coarser rather than into gigabytes of pixels.
        let limit = Self.maximumPixelsPerSide
        let scale = min(scale, limit / max(size.width, size.height))
        let bitmap = Bitmap(width: Int(min(limit, (size.width * scale).rounded(.up))),
                            height: Int(min(limit, (size.height * scale).rounded(.up))))
        let ctx = CGContext(bitmap: bitmap)
        ctx.scaleBy(x: scale, y: scale)
        draw(glyph, in: ctx, rect: CGRect(origin: .zero, size: size), color: color, secondaryOpacity: secondaryOpacity,
             secondaryColor: secondaryColor)
        return bitmap
    }
}
