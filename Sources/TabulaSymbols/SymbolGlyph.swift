import Foundation
import TabulaCore
import TabulaGraphics

/// One symbol's artwork: strokes and fills in design units, drawn by Tabula. None of it
/// is Apple's: each symbol is a few simple shapes that read as the same idea, written as
/// data in `Symbols.txt` (see ``SymbolCatalog``).
///
/// Design units: 100 units are the height of a full-size symbol (a circle) at 85 % of
/// the point size, so that a circle at 17 points, medium scale, is 20 points across.
/// The origin is the symbol's centre; y grows downwards.
///
/// Invariant: every element's ink lies inside ``inkBounds(lineWidth:)``, which the
/// image's size covers, so nothing drawn is clipped.
package struct SymbolGlyph: Sendable {
    /// What an element contributes.
    enum Role: Sendable {
        /// Ink in the symbol's colour.
        case primary
        /// Ink that hierarchical rendering draws lighter (the disc of `xmark.circle.fill`).
        case secondary
        /// A cut: monochrome rendering clears it out of the ink drawn before it;
        /// hierarchical rendering draws it as primary ink on top.
        case knockout
        /// A gap: every rendering clears it out of the ink drawn before it (the ring
        /// that keeps a badge apart from the bell under it).
        case clear
    }

    /// How an element is painted.
    enum Paint: Sendable {
        /// Stroked with round caps and joins, `width` times the weight's line width.
        case stroke(Path, width: CGFloat)
        /// Filled (nonzero winding), its outline stroked at ``fillOutline`` of the line
        /// width so that fills round their corners and grow with the weight.
        case fill(Path)
    }

    struct Element: Sendable {
        var paint: Paint
        var role: Role
    }

    /// The elements, drawn in order.
    var elements: [Element] = []
    /// The least area the image covers: a symbol's box, so that narrow symbols keep
    /// their side bearings.
    package var box: CGRect

    /// The share of the line width that outlines a fill.
    static let fillOutline: CGFloat = 0.45

    init(box: CGRect) { self.box = box }

    /// A box `width` × `height` design units centred on the origin.
    init(width: CGFloat, height: CGFloat) {
        self.init(box: CGRect(x: -width / 2, y: -height / 2, width: width, height: height))
    }

    mutating func stroke(_ path: Path, width: CGFloat = 1, role: Role = .primary) {
        elements.append(Element(paint: .stroke(path, width: width), role: role))
    }

    mutating func fill(_ path: Path, role: Role = .primary) {
        elements.append(Element(paint: .fill(path), role: role))
    }

    /// The box joined with every element's ink, strokes widened by `lineWidth`.
    package func inkBounds(lineWidth: CGFloat) -> CGRect {
        var bounds = box
        for element in elements where element.role != .knockout && element.role != .clear {
            switch element.paint {
            case .stroke(let path, let width):
                bounds = bounds.union(path.boundingBox.insetBy(dx: -lineWidth * width / 2, dy: -lineWidth * width / 2))
            case .fill(let path):
                let outset = lineWidth * Self.fillOutline / 2
                bounds = bounds.union(path.boundingBox.insetBy(dx: -outset, dy: -outset))
            }
        }
        return bounds
    }

    /// Draws the glyph into `ctx`, whose user space is design units.
    ///
    /// The glyph is drawn opaque into an offscreen group that is then blended with the
    /// colour's alpha, so that strokes crossing each other (the middle of a plus) do not
    /// show darker where they overlap in a translucent colour.
    ///
    /// - Parameters:
    ///   - lineWidth: the weight's line width, in design units.
    ///   - secondaryOpacity: nil for monochrome; for hierarchical rendering, the
    ///     opacity of secondary elements.
    ///   - secondaryColor: for palette rendering, the colour of secondary elements (the
    ///     primary ones are in `color`); nil otherwise.
    package func draw(in ctx: GraphicsContext, color: Color, lineWidth: CGFloat, secondaryOpacity: Double?,
                      secondaryColor: Color? = nil) {
        ctx.saveGState()
        defer { ctx.restoreGState() }
        // The group is as large as the clip: keep it to the glyph.
        let margin = lineWidth + 2
        ctx.clip(to: inkBounds(lineWidth: lineWidth).insetBy(dx: -margin, dy: -margin))
        ctx.setLineCap(.round)
        ctx.setLineJoin(.round)
        let opaque = color.withAlpha(1)
        let alpha = color.alpha * ctx.globalAlpha
        ctx.setAlpha(1)
        ctx.setFillColor(opaque)
        ctx.setStrokeColor(opaque)
        ctx.beginTransparencyLayer()
        for element in elements {
            switch element.role {
            case .primary:
                paint(element.paint, in: ctx, lineWidth: lineWidth)
            case .secondary:
                if let secondaryColor {
                    ctx.setFillColor(secondaryColor.withAlpha(1))
                    ctx.setStrokeColor(secondaryColor.withAlpha(1))
                    paint(element.paint, in: ctx, lineWidth: lineWidth)
                    ctx.setFillColor(opaque)
                    ctx.setStrokeColor(opaque)
                } else if let secondaryOpacity {
                    ctx.beginTransparencyLayer()
                    paint(element.paint, in: ctx, lineWidth: lineWidth)
                    ctx.endTransparencyLayer(alpha: secondaryOpacity)
                } else {
                    paint(element.paint, in: ctx, lineWidth: lineWidth)
                }
            case .knockout:
                if secondaryOpacity == nil && secondaryColor == nil { ctx.setBlendMode(.clear) }
                paint(element.paint, in: ctx, lineWidth: lineWidth)
                ctx.setBlendMode(.normal)
            case .clear:
                ctx.setBlendMode(.clear)
                paint(element.paint, in: ctx, lineWidth: lineWidth)
                ctx.setBlendMode(.normal)
            }
        }
        ctx.endTransparencyLayer(alpha: alpha)
    }

    private func paint(_ paint: Paint, in ctx: GraphicsContext, lineWidth: CGFloat) {
        switch paint {
        case .stroke(let path, let width):
            ctx.setLineWidth(lineWidth * width)
            ctx.stroke(path)
        case .fill(let path):
            ctx.fill(path)
            ctx.setLineWidth(lineWidth * Self.fillOutline)
            ctx.stroke(path)
        }
    }
}
